# elicit: 툴킷이 사용자에게 보여 주는 문구, 한국어.
# en.ftl의 모든 메시지를 같은 변수로 갖습니다. 양식 모드에 표시되는 문구에는 URL을 넣지 마세요. 백틱 안의 이름은 전송 이름이므로 그대로 둡니다.
# 변수 바로 뒤에는 조사를 붙이지 않습니다(받침에 따라 달라지므로): "형식: { $x }"처럼 쓰거나, 받침이 정해진 낱말(이상, 형식)을 사이에 둡니다.

## 용어집: 한 개념에 한 낱말. 여기에 한 번만 쓰고 메시지는 { -field }로 참조합니다. 낱말을 바꿀 때는 여기만 고칩니다.

# 조사가 받침에 따라 달라지므로, 조사가 붙는 낱말은 조사와 함께 씁니다: { -field(case: "object") }는 "항목을".
# 낱말을 바꿀 때는 각 형태를 함께 고칩니다.

# 양식의 질문 하나(제목이 있음). 사용자가 입력하는 곳.
-field = { $case ->
       *[bare] 항목
        [subject] 항목이
        [object] 항목을
        [with] 항목과
    }
# 하나의 텍스트로 입력하는 목록의 한 부분.
-item = 요소
# 선택형이 제시하는 후보.
-option = 선택지
# 사용자가 선택지 중에서 고른 것.
-choice = 선택
-form = { $case ->
       *[bare] 양식
        [subject] 양식이
        [object] 양식을
        [topic] 양식은
    }
-page = { $case ->
       *[bare] 페이지
        [object] 페이지를
    }
# 클라이언트가 보낸 내용 속의 이름.
-key = 키
-answer = { $case ->
       *[bare] 답변
        [subject] 답변이
        [object] 답변을
    }

## 한 항목의 값에 대한 문제. 항목 이름 뒤에 씁니다.

problem-missing = 필수 { -field }인데 입력되지 않았습니다
problem-wrong-type = 형식이 맞지 않습니다. 필요한 형식: { $expected }, 입력된 형식: { $found }
json-type-string = 문자열
json-type-number = 숫자
json-type-integer = 정수
json-type-boolean = 참/거짓 값
json-type-array = 목록
json-type-object = 객체
json-type-null = 빈 값
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
problem-not-an-option = `{ $value }`은(는) { -option }에 없습니다
problem-duplicate-item = `{ $value }`이(가) 두 번 이상 선택되었습니다
problem-too-few-items = { $min_items }개 이상 선택해야 합니다. { -choice }한 개수: { $count }개
problem-too-many-items = { $max_items }개 이하로 선택해야 합니다. { -choice }한 개수: { $count }개
problem-not-asked = 이 { -form }의 { -field(case: "subject") } 아닙니다
problem-more-not-asked = 이 { -form }의 { -field(case: "subject") } 아니며, 그 뒤의 다른 { -key } { $others }개도 마찬가지입니다
problem-rule-unsaid = { -answer(case: "subject") } 이 { -form }의 규칙에 맞지 않습니다
problem-list-item = { $index }번째 { -item }: { $problem }
violation = { $field }: { $problem }
field-wire = `{ $name }`

## `validator` 크레이트의 규칙(기능 `validator`). 항목 이름 뒤에 씁니다.

validator-length-exact = 정확히 { $n }자여야 합니다
validator-length-between = { $min }자 이상 { $max }자 이하여야 합니다
validator-length-min = { $min }자 이상이어야 합니다
validator-length-max = { $max }자 이하여야 합니다
validator-length = 길이가 올바르지 않습니다
validator-range-between = { $min }에서 { $max } 사이여야 합니다
validator-range-min = { $min } 이상이어야 합니다
validator-range-max = { $max } 이하여야 합니다
validator-range-greater = { $min } 초과여야 합니다
validator-range-less = { $max } 미만이어야 합니다
validator-range-greater-less = { $min } 초과 { $max } 미만이어야 합니다
validator-range-min-less = { $min } 이상 { $max } 미만이어야 합니다
validator-range-greater-max = { $min } 초과 { $max } 이하여야 합니다
validator-range = 허용 범위를 벗어났습니다
validator-email = 올바른 이메일 주소여야 합니다
validator-url = 올바른 URL 형식이어야 합니다
validator-regex = 형식이 올바르지 않습니다
validator-required = 필수 { -field }입니다
validator-must-match = 확인 대상 { -field(case: "with") } 같아야 합니다
validator-contains = `{ $needle }`을(를) 포함해야 합니다
validator-contains-unsaid = 필요한 부분이 빠져 있습니다
validator-does-not-contain = `{ $needle }`을(를) 포함하면 안 됩니다
validator-does-not-contain-unsaid = 허용되지 않는 부분이 있습니다
validator-credit-card = 올바른 카드 번호여야 합니다
validator-non-control-character = 제어 문자를 포함하면 안 됩니다
validator-ip = 올바른 IP 주소여야 합니다
validator-rule = `{ $code }` 규칙에 맞지 않습니다
validator-not-valid = 올바르지 않습니다

## 다시 묻는 양식의 메시지: 원래 질문, 그리고 고칠 점.

reask-heading = { -answer(case: "object") } 고쳐 주세요:
value-title = { -answer }
reask-not-valid = { $field }: 올바른 { -answer(case: "subject") } 아닙니다
reask-an-answer-not-valid = 올바르지 않은 { -answer(case: "subject") } 있습니다
reask-too-few-ticked = ‘{ $label }’ { -option } 중 { $min_items }개 이상 선택하세요({ $count }개 선택됨)
reask-too-many-ticked = ‘{ $label }’ { -option } 중 { $max_items }개 이하로 선택하세요({ $count }개 선택됨)

## 체크박스로 쓴 다중 선택(2025-06-18)과 툴킷이 덧붙이는 설명.

checkbox-title = { $field }: { $option }
checkbox-description = { $description } ({ $rule })
title-description = { $title }: { $description }
list-hint = { -item } 사이를 “{ $separator }” 기호로 구분
tick-exactly = 정확히 { $count }개 선택하세요
tick-between = { $min }개 이상 { $max }개 이하로 선택하세요
tick-at-least = { $min }개 이상 선택하세요
tick-at-most = { $max }개 이하로 선택하세요

## 두 단계로 묻는 선택: 두 번째 단계의 메시지는 원래 질문, 그리고 첫 단계에서 고른 것.

choice-chosen = { -choice }: { $choice }

## 사용자가 답하는 동안의 진행 알림, 그리고 거둬들인 질문의 사유.

progress-waiting-form = 사용자가 { -form }에 답하기를 기다리는 중
progress-waiting-page = 사용자가 { -page }에서 작업을 마치기를 기다리는 중
cancelled-call = 이 질문을 보낸 요청이 취소되었습니다
cancelled-abandoned = 이 질문에 대한 { -answer(case: "subject") } 더 이상 필요하지 않습니다
cancelled-timeout = 이 질문에 답할 시간이 지났습니다

## 클라이언트에 페이지를 연 뒤 다시 시도하라고 하는 JSON-RPC 오류(-32042).

error-more-information = 이 요청에는 추가 정보가 필요합니다.

## 모델을 통한 전달: 클라이언트의 모델에게 사용자에게 물어봐 달라고 하는 도구 결과.

relay-intro = 이 도구는 계속하려면 사용자의 정보가 필요하지만, 사용자의 클라이언트는 질문을 표시할 수 없습니다. 직접 당신의 말로 사용자에게 묻고, 사용자가 답한 그대로 전달하세요. 절대 사용자 대신 답하거나 추측하지 마세요.
relay-question = 질문 `{ $key }`: { $message }
relay-link-question = 질문 `{ $key }`(링크): { $message }
relay-link-show = 사용자가 브라우저에서 열 수 있도록 이 링크를 보여 주세요: { $url }
relay-link-action = 사용자가 링크를 열기로 동의하면 "actions"에 동작 "accept"를, 거절하면 "decline"을 주세요.
relay-required = 필수
relay-optional = 선택 입력
relay-minimum = { $bound } 이상
relay-maximum = { $bound } 이하
relay-min-length = { $bound }자 이상
relay-max-length = { $bound }자 이하
relay-min-items = { $bound }개 이상 { -choice }
relay-max-items = { $bound }개 이하 { -choice }
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
relay-kind-array = { -option } 목록
relay-kind-value = 값
relay-shape-as-given = 받은 그대로
relay-shape-key = 질문의 { -key }
relay-call-back = 그런 다음 같은 인수 { $arguments }에 인수 { $callback }을(를) 더해 도구 `{ $tool }`을(를) 다시 호출하세요(값은 형태를 보여 주는 예시일 뿐이니 사용자의 답을 쓰세요). 사용자가 어떤 질문에 답하지 않으려 하면 그 질문을 "answers"에서 빼고 { $decline }을(를) 주세요. 사용자가 그만두려 하면 "cancel"을 주세요.
relay-waiting-on-page = 도구 `{ $tool }`은(는) 사용자가 링크된 { -page }에서 작업을 마치기를 기다리고 있습니다. 사용자가 마쳤다고 하면 인수 { $arguments }에 { $callback }을(를) 더해 `{ $tool }`을(를) 다시 호출하세요.
relay-error = 인수 `{ $argument }`이(가) 잘못되었습니다. { $problem }. 다음 형태여야 합니다: { $shape }
relay-error-not-object = 객체가 아닙니다
relay-error-no-continuation = `continuation` 문자열이 없습니다
relay-error-answers = `answers`가 객체가 아닙니다
relay-error-actions = `actions`가 객체가 아닙니다
relay-error-twice = `{ $key }`의 값이 `answers`와 `actions` 양쪽에 있습니다
relay-error-answer = `{ $key }`의 값이 { -field } 값의 객체도 아니고 "accept", "decline", "cancel"도 아닙니다

## 서버의 자체 페이지에서 묻는 양식(`page` 모듈): HTML, 쓸 때 이스케이프됩니다.

page-title = { -answer(case: "subject") } 필요합니다
page-intro = 여기에 입력한 내용은 이 서버로만 전송되며, MCP 클라이언트나 그 AI 모델을 거치지 않습니다.
page-signed-in-as = 로그인한 사용자: { $user }
page-required = (필수)
page-optional = (선택 입력)
page-label = { $label } { $hint }
page-no-choice = ({ -choice } 안 함)
page-yes = 예
page-no = 아니요
page-submit = 제출
page-correct = 아래 표시된 { -field(case: "object") } 고쳐 주세요.
page-secret-not-kept = 안전을 위해 이 { -field(case: "object") } 비웠습니다. 다시 입력해 주세요.
page-not-a-number = 숫자여야 합니다
page-done-title = 완료
page-done = { -answer(case: "object") } 받았습니다. 이 { -page(case: "object") } 닫고 MCP 클라이언트로 돌아가세요.
page-refused-title = 이 링크는 사용할 수 없습니다
page-nothing-stored = 아무것도 저장되지 않았습니다.
page-wrong-user = 이 링크는 다른 사용자가 시작한 것입니다. MCP 클라이언트에서 시작한 사용자만 사용할 수 있습니다. 누군가 이 링크를 보냈다면 사용하지 마세요.
page-unknown = 유효하지 않은 링크입니다.
page-expired = 이 링크는 만료되었습니다. MCP 클라이언트에서 다시 시작하세요.
page-used = 이 링크는 이미 사용되었습니다.
page-unavailable = 서버가 지금은 이 { -form(case: "object") } 표시할 수 없습니다. 나중에 다시 시도하세요.
page-sign-in = 먼저 이 사이트에 로그인한 다음 링크를 다시 여세요.
page-foreign = { -form(case: "subject") } 다른 사이트에서, 또는 다른 주소로 전송되었습니다.
page-stale = 이 { -form(case: "topic") } 오래되었거나 이 { -page }에서 보낸 것이 아닙니다. 링크를 다시 여세요.
page-unreadable = { -form(case: "object") } 읽을 수 없습니다.

## 숫자 항목을 표시하지 못하는 클라이언트에 숫자를 텍스트로 물을 때의 설명. 항목 설명 뒤(괄호 안)에 쓰이므로 여기에는 괄호를 넣지 않습니다.

as-text-integer = 정수, 숫자로 입력
as-text-integer-between = { $min }부터 { $max }까지의 정수, 숫자로 입력
as-text-integer-at-least = { $min } 이상의 정수, 숫자로 입력
as-text-integer-at-most = { $max } 이하의 정수, 숫자로 입력
as-text-number = 숫자로 입력, 소수점은 “.”
as-text-number-between = { $min }부터 { $max }까지의 수, 숫자로 입력, 소수점은 “.”
as-text-number-at-least = { $min } 이상의 수, 숫자로 입력, 소수점은 “.”
as-text-number-at-most = { $max } 이하의 수, 숫자로 입력, 소수점은 “.”
