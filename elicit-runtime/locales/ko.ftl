# elicit: 툴킷이 사용자에게 보여 주는 문구, 한국어.
# en.ftl의 모든 메시지를 같은 변수로 담습니다. 폼 모드에 보이는 문구에는 URL을 넣지 않습니다. 백틱 안의 이름은 와이어 이름이니 그대로 둡니다.

## 한 필드의 값에 대한 문제. "`필드`: " 뒤에 붙습니다.

problem-missing = 필수 항목이지만 입력되지 않았습니다
problem-wrong-type = { $expected }이어야 하지만 { $found }이(가) 입력되었습니다
json-type-string = 문자열
json-type-number = 숫자
json-type-integer = 정수
json-type-boolean = 불리언 값
json-type-array = 배열
json-type-object = 객체
json-type-null = null 값
problem-not-an-integer = 정수여야 합니다
problem-not-a-number = 숫자여야 합니다
problem-inexact-integer = 소수부나 지수 없이 입력해야 합니다: ±9007199254740991을 넘는 이런 숫자는 정확히 읽히지 않습니다
problem-integer-out-of-range = { $min }에서 { $max } 사이여야 합니다
problem-number-out-of-range = 절댓값이 { $max } 이하여야 합니다
problem-below-minimum = { $minimum } 이상이어야 합니다. 입력값: { $found }
problem-above-maximum = { $maximum } 이하여야 합니다. 입력값: { $found }
problem-too-short = { $min_length }자 이상이어야 합니다. 입력된 길이: { $length }자
problem-too-long = { $max_length }자 이하여야 합니다. 입력된 길이: { $length }자
problem-pattern-hint = { $hint } 형식이어야 합니다
problem-pattern = 형식이 올바르지 않습니다
problem-invalid-format = 올바른 { $format ->
        [email] 이메일 주소
        [uri] URI
        [date] 날짜
        [date-time] 날짜와 시간
       *[other] { $format }
    } 형식이어야 합니다
problem-not-an-option = `{ $value }`은(는) 선택지에 없습니다
problem-duplicate-item = `{ $value }`이(가) 두 번 이상 선택되었습니다
problem-too-few-items = { $min_items }개 이상 선택해야 합니다. 선택한 개수: { $count }개
problem-too-many-items = { $max_items }개 이하로 선택해야 합니다. 선택한 개수: { $count }개
problem-not-asked = 이 양식의 항목이 아닙니다
problem-more-not-asked = 이 양식의 항목이 아니며, 그 뒤의 다른 키 { $others }개도 마찬가지입니다
problem-rule-unsaid = 답변이 이 양식의 규칙에 맞지 않습니다
problem-list-item = 항목 { $index }: { $problem }
violation = `{ $field }`: { $problem }

## `validator` 크레이트의 규칙 (기능 `validator`). "`필드`: " 뒤에 붙습니다.

validator-length-exact = 정확히 { $n }자여야 합니다
validator-length-between = { $min }자 이상 { $max }자 이하여야 합니다
validator-length-min = { $min }자 이상이어야 합니다
validator-length-max = { $max }자 이하여야 합니다
validator-length = 길이가 올바르지 않습니다
validator-range-between = { $min }에서 { $max } 사이여야 합니다
validator-range-min = { $min } 이상이어야 합니다
validator-range-max = { $max } 이하여야 합니다
validator-range = 허용 범위를 벗어났습니다
validator-email = 올바른 이메일 주소여야 합니다
validator-url = 올바른 URL이어야 합니다
validator-regex = 형식이 올바르지 않습니다
validator-required = 필수 항목입니다
validator-must-match = 확인 대상 항목과 같아야 합니다
validator-contains = `{ $needle }`을(를) 포함해야 합니다
validator-contains-unsaid = 필요한 부분이 빠져 있습니다
validator-does-not-contain = `{ $needle }`을(를) 포함하면 안 됩니다
validator-does-not-contain-unsaid = 허용되지 않는 부분이 있습니다
validator-credit-card = 올바른 카드 번호여야 합니다
validator-non-control-character = 제어 문자를 포함하면 안 됩니다
validator-ip = 올바른 IP 주소여야 합니다
validator-rule = `{ $code }` 규칙에 맞지 않습니다
validator-not-valid = 올바르지 않습니다

## 다시 묻는 폼의 메시지: 원래 질문, 그리고 고칠 점.

reask-heading = 답변을 고쳐 주세요:
reask-not-valid = `{ $field }`: 올바른 답변이 아닙니다
reask-an-answer-not-valid = 올바르지 않은 답변이 있습니다
reask-checkbox = `{ $field }` ({ $title }): { $problem }
reask-too-few-ticked = { $label } 선택지 중 { $min_items }개 이상 선택하세요 ({ $count }개 선택됨)
reask-too-many-ticked = { $label } 선택지 중 { $max_items }개 이하로 선택하세요 ({ $count }개 선택됨)

## 체크박스로 쓰인 다중 선택 (2025-06-18).

checkbox-title = { $field }: { $option }
checkbox-description = { $description } ({ $rule })
list-hint = 항목을 “{ $separator }”(으)로 구분
tick-exactly = 정확히 { $count }개 선택하세요
tick-between = { $min }개 이상 { $max }개 이하로 선택하세요
tick-at-least = { $min }개 이상 선택하세요
tick-at-most = { $max }개 이하로 선택하세요

## 사용자가 답하는 동안의 진행 알림.

progress-waiting-form = 사용자가 양식에 답하기를 기다리는 중
progress-waiting-page = 사용자가 페이지에서 작업을 마치기를 기다리는 중

## 모델을 통한 전달: 클라이언트의 모델에게 사용자에게 물어 달라고 하는 도구 결과.

relay-intro = 이 도구는 계속하려면 사용자의 정보가 필요하지만, 사용자의 클라이언트는 질문을 표시할 수 없습니다. 직접 당신의 말로 사용자에게 묻고, 사용자가 답한 그대로 전달하세요. 절대 사용자 대신 답하거나 추측하지 마세요.
relay-question = 질문 `{ $key }`: { $message }
relay-link-question = 질문 `{ $key }` (링크): { $message }
relay-link-show = 사용자가 브라우저에서 열 수 있도록 이 링크를 보여 주세요: { $url }
relay-link-action = 사용자가 링크를 열기로 동의하면 ("actions"에) 동작 "accept"를, 거절하면 "decline"을 주세요.
relay-required = 필수
relay-optional = 선택
relay-minimum = 최소 { $bound }
relay-maximum = 최대 { $bound }
relay-min-length = 최소 글자 수: { $bound }
relay-max-length = 최대 글자 수: { $bound }
relay-min-items = 최소 선택 개수: { $bound }
relay-max-items = 최대 선택 개수: { $bound }
relay-pattern = 정규 표현식 { $pattern }과(와) 일치해야 함
relay-options = 다음 중 하나: { $options }
relay-default = 기본값 { $default }
relay-field = - `{ $name }` ({ $kind }, { $needed })
relay-field-title = { $field }: { $title }
relay-field-description = { $field } — { $description }
relay-field-rule = { $field }; { $rule }
relay-option-titled = { $value } ({ $title })
relay-options-more = { $list }, { $option }
relay-kind-email = 이메일 주소
relay-kind-uri = URI
relay-kind-date = 날짜, YYYY-MM-DD
relay-kind-date-time = 날짜와 시간, RFC 3339
relay-kind-text = 텍스트
relay-kind-integer = 정수
relay-kind-number = 숫자
relay-kind-boolean = true 또는 false
relay-kind-array = 선택지 목록
relay-kind-value = 값
relay-call-back = 그런 다음 같은 인수 { $arguments }에 인수 { $callback }을(를) 더해 도구 `{ $tool }`을(를) 다시 호출하세요 (답변은 형태를 보여 주는 예시일 뿐이니 사용자의 답변을 쓰세요). 사용자가 어떤 질문에 답하지 않으려 하면 그 질문을 "answers"에서 빼고 { $decline }을(를) 주세요. 사용자가 그만두려 하면 "cancel"을 주세요.
relay-waiting-on-page = 도구 `{ $tool }`은(는) 사용자가 링크된 페이지에서 작업을 마치기를 기다리고 있습니다. 사용자가 마쳤다고 하면 인수 { $arguments }에 { $callback }을(를) 더해 `{ $tool }`을(를) 다시 호출하세요.
relay-error = 인수 `{ $argument }`이(가) 잘못되었습니다. { $problem }. 다음 형태여야 합니다: { $shape }
relay-error-not-object = 객체가 아닙니다
relay-error-no-continuation = `continuation` 문자열이 없습니다
relay-error-answers = `answers`가 객체가 아닙니다
relay-error-actions = `actions`가 객체가 아닙니다
relay-error-twice = `{ $key }`에 대한 답이 `answers`와 `actions` 양쪽에 있습니다
relay-error-answer = `{ $key }`에 대한 답이 항목 값의 객체도 아니고 "accept", "decline", "cancel"도 아닙니다

## The page (`page` module).

page-title = 답변이 필요합니다
page-intro = 여기에 입력한 내용은 이 서버로만 전송되며, MCP 클라이언트나 그 AI 모델을 거치지 않습니다.
page-signed-in-as = 로그인한 사용자: { $user }
page-required = (필수)
page-optional = (선택)
page-label = { $label } { $hint }
page-no-choice = (선택 안 함)
page-yes = 예
page-no = 아니요
page-submit = 제출
page-correct = 아래 표시된 항목을 고쳐 주세요.
page-secret-not-kept = 안전을 위해 이 항목을 비웠습니다. 다시 입력해 주세요.
page-not-a-number = 숫자여야 합니다
page-done-title = 완료
page-done = 답변을 받았습니다. 이 페이지를 닫고 MCP 클라이언트로 돌아가세요.
page-refused-title = 이 링크는 사용할 수 없습니다
page-nothing-stored = 아무것도 저장되지 않았습니다.
page-wrong-user = 이 링크는 다른 사용자가 시작한 것입니다. MCP 클라이언트에서 시작한 사용자만 사용할 수 있습니다. 누군가 이 링크를 보냈다면 사용하지 마세요.
page-unknown = 유효하지 않은 링크입니다.
page-expired = 이 링크는 만료되었습니다. MCP 클라이언트에서 다시 시작하세요.
page-used = 이 링크는 이미 사용되었습니다.
page-unavailable = 서버가 지금은 이 양식을 표시할 수 없습니다. 나중에 다시 시도하세요.
page-sign-in = 먼저 이 사이트에 로그인한 다음 링크를 다시 여세요.
page-foreign = 양식이 다른 사이트에서, 또는 다른 주소로 전송되었습니다.
page-stale = 이 양식은 오래되었거나 이 페이지에서 보낸 것이 아닙니다. 링크를 다시 여세요.
page-unreadable = 양식을 읽을 수 없습니다.

## 숫자 입력란을 보여 줄 수 없는 클라이언트를 위해 숫자를 텍스트로 묻기.

as-text-integer = 정수 (숫자로)
as-text-integer-between = { $min }부터 { $max }까지의 정수 (숫자로)
as-text-integer-at-least = { $min } 이상의 정수 (숫자로)
as-text-integer-at-most = { $max } 이하의 정수 (숫자로)
as-text-number = 숫자 (소수점은 .)
as-text-number-between = { $min }부터 { $max }까지의 숫자 (소수점은 .)
as-text-number-at-least = { $min } 이상의 숫자 (소수점은 .)
as-text-number-at-most = { $max } 이하의 숫자 (소수점은 .)
