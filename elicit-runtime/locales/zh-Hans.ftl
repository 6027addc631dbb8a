# elicit：工具包为用户写出的文字，简体中文。
# 每条消息与 en.ftl 一一对应，变量相同。表单模式中显示的文字不得包含 URL。反引号中的名称是线上名称，保持原样。
# 标点用全角（，：；（）“”），其后不加空格；中文与数字、拉丁字母之间加一个空格。

## 术语表：每个概念只用一个词，在此写一次，消息以 { -field } 引用。改一个词只需改这里。

# 表单中的一个问题，带标题，由用户填写。
-field = 字段
# 用户以一段文字输入的列表中的一项。
-item = 项
# 单选或多选提供的一个选项。
-option = 选项
# 用户在选项中做出的选择。
-choice = 选择
-form = 表单
-page = 页面
# 客户端发送的内容中的一个名称。
-key = 键
-answer = 回答

## 某个字段的值的问题，写在该字段的名称之后。

problem-missing = 为必填{ -field }，但未填写
problem-wrong-type = 应为{ $expected }，收到的是{ $found }
json-type-string = 文本
json-type-number = 数字
json-type-integer = 整数
json-type-boolean = 布尔值
json-type-array = 列表
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
problem-invalid-format = { $format ->
        [email] 必须是有效的电子邮件地址
        [uri] 必须是有效的 URI
        [date] 必须是有效的日期
        [date-time] 必须是有效的日期时间
       *[other] 必须是有效的 { $format }
    }
problem-not-an-option = `{ $value }` 不是{ -option }之一
problem-duplicate-item = `{ $value }` 被{ -choice }了多次
problem-too-few-items = 至少{ -choice } { $min_items } 项，实际{ -choice }了 { $count } 项
problem-too-many-items = 最多{ -choice } { $max_items } 项，实际{ -choice }了 { $count } 项
problem-not-asked = 不是此{ -form }的{ -field }
problem-more-not-asked = 不是此{ -form }的{ -field }，其后的另外 { $others } 个{ -key }也不是
problem-rule-unsaid = { -answer }不符合此{ -form }的某条规则
problem-list-item = 第 { $index } { -item }：{ $problem }
violation = { $field }：{ $problem }
field-wire = `{ $name }`

## `validator` crate 的规则（功能 `validator`），写在字段名称之后。

validator-length-exact = 长度必须恰好为 { $n } 个字符
validator-length-between = 长度必须介于 { $min } 到 { $max } 个字符之间
validator-length-min = 长度至少为 { $min } 个字符
validator-length-max = 长度最多为 { $max } 个字符
validator-length = 长度不正确
validator-range-between = 必须介于 { $min } 和 { $max } 之间
validator-range-min = 不得小于 { $min }
validator-range-max = 不得大于 { $max }
validator-range-greater = 必须大于 { $min }
validator-range-less = 必须小于 { $max }
validator-range-greater-less = 必须大于 { $min } 且小于 { $max }
validator-range-min-less = 不得小于 { $min }，且必须小于 { $max }
validator-range-greater-max = 必须大于 { $min }，且不得大于 { $max }
validator-range = 超出允许范围
validator-email = 必须是有效的电子邮件地址
validator-url = 必须是有效的 URL
validator-regex = 格式不正确
validator-required = 为必填{ -field }
validator-must-match = 必须与其所确认的{ -field }一致
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

reask-heading = 请更正您的{ -answer }：
value-title = { -answer }
reask-not-valid = { $field }：不是有效的{ -answer }
reask-an-answer-not-valid = 有一个{ -answer }无效
reask-too-few-ticked = 请在“{ $label }”的{ -option }中至少{ -choice } { $min_items } 项（已勾选 { $count } 项）
reask-too-many-ticked = 请在“{ $label }”的{ -option }中最多{ -choice } { $max_items } 项（已勾选 { $count } 项）

## 以复选框呈现的多选（2025-06-18），以及工具包添加的说明。

checkbox-title = { $field }：{ $option }
checkbox-description = { $description }（{ $rule }）
title-description = { $title }：{ $description }
list-hint = 各{ -item }用“{ $separator }”分隔
tick-exactly = 请恰好勾选 { $count } 项
tick-between = 请勾选 { $min } 到 { $max } 项
tick-at-least = 请至少勾选 { $min } 项
tick-at-most = 请最多勾选 { $max } 项

## 分两步的选择：第二步的消息是原问题，然后是第一步所选的内容。

choice-chosen = 您的{ -choice }：{ $choice }

## 用户作答期间的进度通知，以及撤回问题的原因。

progress-waiting-form = 正在等待用户填写{ -form }
progress-waiting-page = 正在等待用户在{ -page }上完成操作
cancelled-call = 提出此问题的请求已被取消
cancelled-abandoned = 已不再需要此问题的{ -answer }
cancelled-timeout = 此问题的作答时间已到

## 要求客户端打开页面后重试的 JSON-RPC 错误（-32042）。

error-more-information = 此请求需要更多信息。

## 经由模型转达：请客户端的模型向用户提问的工具结果。

relay-intro = 此工具需要用户提供信息才能继续，但用户的客户端无法显示该问题。请你用自己的话向用户提问，并如实转达用户的回复：绝不要替用户回复，也绝不要猜测。
relay-question = 问题 `{ $key }`：{ $message }
relay-link-question = 问题 `{ $key }`（一个链接）：{ $message }
relay-link-show = 请向用户展示此链接，让其在浏览器中打开：{ $url }
relay-link-action = 用户同意打开后，在 "actions" 中给出动作 "accept"；如果用户拒绝，则给出 "decline"。
relay-required = 必填
relay-optional = 选填
relay-minimum = 不小于 { $bound }
relay-maximum = 不大于 { $bound }
relay-min-length = 至少 { $bound } 个字符
relay-max-length = 最多 { $bound } 个字符
relay-min-items = 至少{ -choice } { $bound } 项
relay-max-items = 最多{ -choice } { $bound } 项
relay-pattern = 必须匹配正则表达式 { $pattern }
relay-options = { -option }为以下之一：{ $options }
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
relay-kind-array = { -option }列表
relay-kind-value = 一个值
relay-shape-as-given = 原样填写
relay-shape-key = 问题的{ -key }
relay-call-back = 然后再次调用工具 `{ $tool }`，使用相同的参数 { $arguments }，并加上参数 { $callback }（其中的值只是格式示例：请使用用户的回复）。如果用户不愿回复某个问题，请不要把它放进 "answers"，而是给出 { $decline }；如果用户想停止，则给出 "cancel"。
relay-waiting-on-page = 工具 `{ $tool }` 正在等待用户在其链接的{ -page }上完成操作。当用户表示已完成时，请再次调用 `{ $tool }`，使用参数 { $arguments }，并加上 { $callback }。
relay-error = 参数 `{ $argument }` 有误：{ $problem }。它必须是如下形式：{ $shape }
relay-error-not-object = 不是对象
relay-error-no-continuation = 缺少字符串 `continuation`
relay-error-answers = 其 `answers` 不是对象
relay-error-actions = 其 `actions` 不是对象
relay-error-twice = 在 `answers` 和 `actions` 中都给出了 `{ $key }`
relay-error-answer = 对 `{ $key }` 给出的值既不是{ -field }值对象，也不是 "accept"、"decline" 或 "cancel"

## 在服务器自己的页面上询问的表单（`page` 模块）：HTML，写出时会转义。

page-title = 需要您的{ -answer }
page-intro = 您在此输入的内容只会发送到此服务器，不会经过您的 MCP 客户端或其 AI 模型。
page-signed-in-as = 当前登录用户：{ $user }
page-required = （必填）
page-optional = （选填）
page-label = { $label }{ $hint }
page-no-choice = （未{ -choice }）
page-yes = 是
page-no = 否
page-submit = 提交
page-correct = 请更正下面标出的{ -field }。
page-secret-not-kept = 为了您的安全，此{ -field }已被清空：请重新输入。
page-not-a-number = 必须是数字
page-done-title = 完成
page-done = 已收到您的{ -answer }。您可以关闭此{ -page }，返回您的 MCP 客户端。
page-refused-title = 此链接无法使用
page-nothing-stored = 没有保存任何内容。
page-wrong-user = 此链接由另一位用户发起。只有在自己的 MCP 客户端中发起它的用户才能使用。如果有人把此链接发给您，请不要使用。
page-unknown = 此链接无效。
page-expired = 此链接已过期。请从您的 MCP 客户端重新开始。
page-used = 此链接已被使用。
page-unavailable = 服务器暂时无法显示此{ -form }。请稍后再试。
page-sign-in = 请先登录此网站，然后重新打开链接。
page-foreign = { -form }是从其他网站发送的，或发送到了其他地址。
page-stale = 此{ -form }已不是最新版本，或并非由此{ -page }发送。请重新打开链接。
page-unreadable = 无法读取{ -form }。

## 以文本询问的数字，用于无法显示数字字段的客户端：写在字段说明之后（括号中），所以这里不再用括号。

as-text-integer = 整数，用阿拉伯数字填写
as-text-integer-between = { $min } 到 { $max } 之间的整数，用阿拉伯数字填写
as-text-integer-at-least = 不小于 { $min } 的整数，用阿拉伯数字填写
as-text-integer-at-most = 不大于 { $max } 的整数，用阿拉伯数字填写
as-text-number = 数字，用阿拉伯数字填写，小数点为“.”
as-text-number-between = { $min } 到 { $max } 之间的数字，用阿拉伯数字填写，小数点为“.”
as-text-number-at-least = 不小于 { $min } 的数字，用阿拉伯数字填写，小数点为“.”
as-text-number-at-most = 不大于 { $max } 的数字，用阿拉伯数字填写，小数点为“.”
