# elicit：工具包为用户写出的文字，简体中文。
# 每条消息与 en.ftl 一一对应，变量相同。表单模式中显示的文字不得包含 URL。反引号中的名称是线上名称，保持原样。

## 某个字段的值的问题，写在 "`字段`: " 之后。

problem-missing = 为必填项，但未填写
problem-wrong-type = 应为{ $expected }，收到的是{ $found }
json-type-string = 字符串
json-type-number = 数字
json-type-integer = 整数
json-type-boolean = 布尔值
json-type-array = 数组
json-type-object = 对象
json-type-null = 空值
problem-not-an-integer = 必须是整数
problem-not-a-number = 必须是数字
problem-inexact-integer = 请不要使用小数部分或指数：超过 ±9007199254740991 的此类数字无法被准确读取
problem-integer-out-of-range = 必须介于 { $min } 和 { $max } 之间
problem-number-out-of-range = 绝对值不得超过 { $max }
problem-below-minimum = 不得小于 { $minimum }，收到的是 { $found }
problem-above-maximum = 不得大于 { $maximum }，收到的是 { $found }
problem-too-short = 长度至少为 { $min_length } 个字符，实际为 { $length } 个
problem-too-long = 长度最多为 { $max_length } 个字符，实际为 { $length } 个
problem-pattern-hint = 格式必须为 { $hint }
problem-pattern = 格式不正确
problem-invalid-format = 必须是有效的{ $format ->
        [email] 电子邮件地址
        [uri] URI
        [date] 日期
        [date-time] 日期时间
       *[other] { $format }
    }
problem-not-an-option = `{ $value }` 不是可选项之一
problem-duplicate-item = `{ $value }` 被选择了多次
problem-too-few-items = 至少选择 { $min_items } 项，实际选择了 { $count } 项
problem-too-many-items = 最多选择 { $max_items } 项，实际选择了 { $count } 项
problem-not-asked = 不是此表单的字段
problem-more-not-asked = 不是此表单的字段，其后的 { $others } 个其他键也不是
problem-rule-unsaid = 回答不符合此表单的某条规则
problem-list-item = 第 { $index } 项：{ $problem }
violation = `{ $field }`：{ $problem }

## `validator` crate 的规则（功能 `validator`），写在 "`字段`：" 之后。

validator-length-exact = 长度必须恰好为 { $n } 个字符
validator-length-between = 长度必须介于 { $min } 到 { $max } 个字符之间
validator-length-min = 长度至少为 { $min } 个字符
validator-length-max = 长度最多为 { $max } 个字符
validator-length = 长度不正确
validator-range-between = 必须介于 { $min } 和 { $max } 之间
validator-range-min = 不得小于 { $min }
validator-range-max = 不得大于 { $max }
validator-range = 超出允许范围
validator-email = 必须是有效的电子邮件地址
validator-url = 必须是有效的 URL
validator-regex = 格式不正确
validator-required = 为必填项
validator-must-match = 必须与其所确认的字段一致
validator-contains = 必须包含 `{ $needle }`
validator-contains-unsaid = 缺少必需的部分
validator-does-not-contain = 不得包含 `{ $needle }`
validator-does-not-contain-unsaid = 包含不允许的部分
validator-credit-card = 必须是有效的卡号
validator-non-control-character = 不得包含控制字符
validator-ip = 必须是有效的 IP 地址
validator-rule = 不符合规则 `{ $code }`
validator-not-valid = 无效

## 重新询问的表单消息：原问题，然后是需要更正的内容。

reask-heading = 请更正您的回答：
reask-not-valid = `{ $field }`：不是有效的回答
reask-an-answer-not-valid = 有一个回答无效
reask-checkbox = `{ $field }`（{ $title }）：{ $problem }
reask-too-few-ticked = 请在“{ $label }”的选项中至少选择 { $min_items } 项（已勾选 { $count } 项）
reask-too-many-ticked = 请在“{ $label }”的选项中最多选择 { $max_items } 项（已勾选 { $count } 项）

## 以复选框形式写出的多选字段（2025-06-18）。

checkbox-title = { $field }：{ $option }
checkbox-description = { $description }（{ $rule }）
list-hint = 各项用“{ $separator }”分隔
tick-exactly = 请恰好勾选 { $count } 项
tick-between = 请勾选 { $min } 到 { $max } 项
tick-at-least = 请至少勾选 { $min } 项
tick-at-most = 请最多勾选 { $max } 项

## 用户作答期间的进度通知。

progress-waiting-form = 正在等待用户填写表单
progress-waiting-page = 正在等待用户在页面上完成操作

## 通过模型转达：请客户端的模型向用户提问的工具结果。

relay-intro = 此工具需要用户提供信息才能继续，但用户的客户端无法显示该问题。请你用自己的话向用户提问，并如实转达用户的回答：绝不要替用户回答，也绝不要猜测。
relay-question = 问题 `{ $key }`：{ $message }
relay-link-question = 问题 `{ $key }`（一个链接）：{ $message }
relay-link-show = 请向用户展示此链接，让其在浏览器中打开：{ $url }
relay-link-action = 用户同意打开后，在 "actions" 中给出动作 "accept"；如果用户拒绝，则给出 "decline"。
relay-required = 必填
relay-optional = 选填
relay-minimum = 至少 { $bound }
relay-maximum = 至多 { $bound }
relay-min-length = 至少这么多个字符：{ $bound }
relay-max-length = 至多这么多个字符：{ $bound }
relay-min-items = 至少选择这么多项：{ $bound }
relay-max-items = 至多选择这么多项：{ $bound }
relay-pattern = 必须匹配正则表达式 { $pattern }
relay-options = 可选值之一：{ $options }
relay-default = 默认值 { $default }
relay-field = - `{ $name }`（{ $kind }，{ $needed }）
relay-field-title = { $field }：{ $title }
relay-field-description = { $field }——{ $description }
relay-field-rule = { $field }；{ $rule }
relay-option-titled = { $value }（{ $title }）
relay-options-more = { $list }、{ $option }
relay-kind-email = 电子邮件地址
relay-kind-uri = URI
relay-kind-date = YYYY-MM-DD 格式的日期
relay-kind-date-time = RFC 3339 格式的日期时间
relay-kind-text = 文本
relay-kind-integer = 整数
relay-kind-number = 数字
relay-kind-boolean = true 或 false
relay-kind-array = 选项列表
relay-kind-value = 一个值
relay-call-back = 然后再次调用工具 `{ $tool }`，使用相同的参数 { $arguments }，并加上参数 { $callback }（其中的回答只是格式示例：请使用用户的回答）。如果用户不愿回答某个问题，请不要把它放进 "answers"，而是给出 { $decline }；如果用户想停止，则给出 "cancel"。
relay-waiting-on-page = 工具 `{ $tool }` 正在等待用户在其链接的页面上完成操作。当用户表示已完成时，请再次调用 `{ $tool }`，使用参数 { $arguments }，并加上 { $callback }。
relay-error = 参数 `{ $argument }` 有误：{ $problem }。它必须是如下形式：{ $shape }
relay-error-not-object = 不是对象
relay-error-no-continuation = 缺少字符串 `continuation`
relay-error-answers = 其 `answers` 不是对象
relay-error-actions = 其 `actions` 不是对象
relay-error-twice = 在 `answers` 和 `actions` 中都回答了 `{ $key }`
relay-error-answer = 对 `{ $key }` 的回答既不是字段值对象，也不是 "accept"、"decline" 或 "cancel"

## The page (`page` module).

page-title = 需要您的回答
page-intro = 您在此输入的内容只会发送到此服务器，不会经过您的 MCP 客户端或其 AI 模型。
page-signed-in-as = 当前登录用户：{ $user }
page-required = （必填）
page-optional = （选填）
page-label = { $label }{ $hint }
page-no-choice = （未选择）
page-yes = 是
page-no = 否
page-submit = 提交
page-correct = 请更正下面标出的字段。
page-secret-not-kept = 为了您的安全，此字段已被清空：请重新输入。
page-not-a-number = 必须是数字
page-done-title = 完成
page-done = 已收到您的回答。您可以关闭此页面，返回您的 MCP 客户端。
page-refused-title = 此链接无法使用
page-nothing-stored = 没有保存任何内容。
page-wrong-user = 此链接由另一位用户发起。只有在自己的 MCP 客户端中发起它的用户才能使用。如果有人把此链接发给您，请不要使用。
page-unknown = 此链接无效。
page-expired = 此链接已过期。请从您的 MCP 客户端重新开始。
page-used = 此链接已被使用。
page-unavailable = 服务器暂时无法显示此表单。请稍后再试。
page-sign-in = 请先登录此网站，然后重新打开链接。
page-foreign = 表单是从其他网站发送的，或发送到了其他地址。
page-stale = 此表单已过期，或并非由此页面发送。请重新打开链接。
page-unreadable = 无法读取表单。

## 为无法显示数字字段的客户端，以文本询问数字。

as-text-integer = 整数（用数字填写）
as-text-integer-between = { $min } 到 { $max } 之间的整数（用数字填写）
as-text-integer-at-least = 不小于 { $min } 的整数（用数字填写）
as-text-integer-at-most = 不大于 { $max } 的整数（用数字填写）
as-text-number = 数字（用数字填写，小数点为 .）
as-text-number-between = { $min } 到 { $max } 之间的数字（用数字填写，小数点为 .）
as-text-number-at-least = 不小于 { $min } 的数字（用数字填写，小数点为 .）
as-text-number-at-most = 不大于 { $max } 的数字（用数字填写，小数点为 .）
