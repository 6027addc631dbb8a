# elicit: ツールキットがユーザーに向けて書く文言、日本語。
# en.ftl のすべてのメッセージを同じ変数で持ちます。フォームモードで表示される文言に URL を入れないこと。バッククォート内の名前はワイヤ上の名前なので、そのままにします。
# 約物は全角（、。：；（）「」）で、後ろに空白を入れません。数字は語に詰めて書き（2文字以上）、英字の語やコードの前後には半角空白を入れます（有効な URI である）。
# 問題（problem-*、validator-*）は「～である必要があります」、指示（tick-*、reask-*-ticked）は「～してください」で書きます。

## 用語集：ひとつの概念にひとつの語。ここに一度だけ書き、メッセージは { -field } で参照します。語を変えるときはここだけを直します。

# フォームの問い（タイトル付き）。ユーザーが入力するところ。
-field = 項目
# 1 つのテキストとして入力するリストの 1 つ分。
-item = 要素
# 選択式で示される候補。
-option = 選択肢
# ユーザーが選択肢から選んだもの。
-choice = 選択
-form = フォーム
-page = ページ
# クライアントが送った内容の中の名前。
-key = キー
-answer = 回答

## 1 つの項目の値の問題。項目名の後に書かれます。

problem-missing = 入力が必要です
problem-wrong-type = { $expected }である必要がありますが、{ $found }が送られました
json-type-string = 文字列
json-type-number = 数値
json-type-integer = 整数
json-type-boolean = 真偽値
json-type-array = リスト
json-type-object = オブジェクト
json-type-null = 空の値
problem-not-an-integer = 整数である必要があります
problem-not-a-number = 数値である必要があります
problem-inexact-integer = 小数部や指数を使わずに書く必要があります：±9007199254740991を超えるそのような数値は正確に読み取れません
problem-integer-out-of-range = { $min }から{ $max }の間である必要があります
problem-number-out-of-range = 絶対値が{ $max }以下である必要があります
problem-below-minimum = { $minimum }以上である必要があります（入力値：{ $found }）
problem-above-maximum = { $maximum }以下である必要があります（入力値：{ $found }）
problem-too-short = { $min_length }文字以上である必要があります（入力：{ $length }文字）
problem-too-long = { $max_length }文字以下である必要があります（入力：{ $length }文字）
problem-pattern-hint = { $hint } の形式である必要があります
problem-pattern = 形式が正しくありません
problem-invalid-format = { $format ->
        [email] 有効なメールアドレスである必要があります
        [uri] 有効な URI である必要があります
        [date] 有効な日付である必要があります
        [date-time] 有効な日時である必要があります
       *[other] 有効な { $format } である必要があります
    }
problem-not-an-option = `{ $value }` は{ -option }にありません
problem-duplicate-item = `{ $value }` が複数回選ばれています
problem-too-few-items = { $min_items }個以上選ぶ必要があります（{ -choice }数：{ $count }）
problem-too-many-items = { $max_items }個以下で選ぶ必要があります（{ -choice }数：{ $count }）
problem-not-asked = この{ -form }の{ -field }ではありません
problem-more-not-asked = この{ -form }の{ -field }ではありません。その後の他の{ $others }個の{ -key }も同様です
problem-rule-unsaid = { -answer }がこの{ -form }の規則に反しています
problem-list-item = { $index }番目の{ -item }：{ $problem }
violation = { $field }：{ $problem }
field-wire = `{ $name }`

## `validator` クレートの規則（機能 `validator`）。項目名の後に書かれます。

validator-length-exact = ちょうど{ $n }文字である必要があります
validator-length-between = { $min }文字以上{ $max }文字以下である必要があります
validator-length-min = { $min }文字以上である必要があります
validator-length-max = { $max }文字以下である必要があります
validator-length = 長さが正しくありません
validator-range-between = { $min }から{ $max }の間である必要があります
validator-range-min = { $min }以上である必要があります
validator-range-max = { $max }以下である必要があります
validator-range-greater = { $min }より大きい必要があります
validator-range-less = { $max }未満である必要があります
validator-range-greater-less = { $min }より大きく{ $max }未満である必要があります
validator-range-min-less = { $min }以上{ $max }未満である必要があります
validator-range-greater-max = { $min }より大きく{ $max }以下である必要があります
validator-range = 許容範囲外です
validator-email = 有効なメールアドレスである必要があります
validator-url = 有効な URL である必要があります
validator-regex = 形式が正しくありません
validator-required = 入力が必要です
validator-must-match = 確認元の{ -field }と一致する必要があります
validator-contains = `{ $needle }` を含む必要があります
validator-contains-unsaid = 必要な部分が欠けています
validator-does-not-contain = `{ $needle }` を含まない必要があります
validator-does-not-contain-unsaid = 使用できない部分が含まれています
validator-credit-card = 有効なカード番号である必要があります
validator-non-control-character = 制御文字を含まない必要があります
validator-ip = 有効な IP アドレスである必要があります
validator-rule = 規則 `{ $code }` に反しています
validator-not-valid = 有効ではありません

## 再質問するフォームのメッセージ：元の質問と、直すべき点。

reask-heading = { -answer }を修正してください：
value-title = { -answer }
reask-not-valid = { $field }：有効な{ -answer }ではありません
reask-an-answer-not-valid = 無効な{ -answer }があります
reask-too-few-ticked = 「{ $label }」の{ -option }から{ $min_items }個以上選んでください（{ $count }個{ -choice }中）
reask-too-many-ticked = 「{ $label }」の{ -option }から{ $max_items }個以下で選んでください（{ $count }個{ -choice }中）

## チェックボックスとして書かれる複数選択（2025-06-18）と、ツールキットが加える説明。

checkbox-title = { $field }：{ $option }
checkbox-description = { $description }（{ $rule }）
title-description = { $title }：{ $description }
list-hint = 「{ $separator }」で{ -item }を区切って入力
tick-exactly = ちょうど{ $count }個選んでください
tick-between = { $min }個以上{ $max }個以下で選んでください
tick-at-least = { $min }個以上選んでください
tick-at-most = { $max }個以下で選んでください

## 2 段階の選択：2 段階目のメッセージは元の質問と、1 段階目で選んだもの。

choice-chosen = { -choice }：{ $choice }

## ユーザーの回答を待つ間の進捗通知と、取り下げた質問の理由。

progress-waiting-form = ユーザーが{ -form }に{ -answer }するのを待っています
progress-waiting-page = ユーザーが{ -page }での操作を終えるのを待っています
cancelled-call = この質問をしたリクエストは取り消されました
cancelled-abandoned = この質問への{ -answer }はもう必要ありません
cancelled-timeout = この質問に{ -answer }する時間が過ぎました

## クライアントにページを開いてから再試行するよう求める JSON-RPC エラー（-32042）。

error-more-information = このリクエストには追加の情報が必要です。

## モデル経由の中継：クライアントのモデルにユーザーへの質問を頼むツールの結果。

relay-intro = このツールは先に進むためにユーザーからの情報を必要としていますが、ユーザーのクライアントは質問を表示できません。あなた自身の言葉でユーザーに尋ね、ユーザーの返答をそのまま伝えてください。ユーザーの代わりに返答したり、推測したりしてはいけません。
relay-question = 質問 `{ $key }`：{ $message }
relay-link-question = 質問 `{ $key }`（リンク）：{ $message }
relay-link-show = ユーザーにこのリンクを示し、ブラウザで開いてもらってください：{ $url }
relay-link-action = ユーザーが開くことに同意したら（"actions" に）アクション "accept" を、断ったら "decline" を指定してください。
relay-required = 必須
relay-optional = 任意
relay-minimum = { $bound }以上
relay-maximum = { $bound }以下
relay-min-length = { $bound }文字以上
relay-max-length = { $bound }文字以下
relay-min-items = { $bound }個以上{ -choice }
relay-max-items = { $bound }個以下で{ -choice }
relay-pattern = 正規表現 { $pattern } に一致すること
relay-options = 次のいずれか：{ $options }
relay-default = 既定値 { $default }
relay-field = - `{ $name }`（{ $kind }、{ $needed }）
relay-field-title = { $field }：{ $title }
relay-field-description = { $field } ― { $description }
# 規則の区切りは「；」：選択肢の並びの「、」と区別できるように。
relay-field-rule = { $field }；{ $rule }
relay-option-titled = { $value }（{ $title }）
relay-options-more = { $list }、{ $option }
relay-kind-email = メールアドレス
relay-kind-uri = URI
relay-kind-date = YYYY-MM-DD 形式の日付
relay-kind-date-time = RFC 3339 形式の日時
relay-kind-text = テキスト
relay-kind-integer = 整数
relay-kind-number = 数値
relay-kind-boolean = true または false
relay-kind-array = { -option }のリスト
relay-kind-value = 値
relay-shape-as-given = 受け取ったまま
relay-shape-key = 質問の{ -key }
relay-call-back = その後、同じ引数 { $arguments } に引数 { $callback } を加えて、ツール `{ $tool }` をもう一度呼び出してください（値は形を示す例です。ユーザーの返答を使ってください）。ユーザーがある質問に答えたくない場合は、その質問を "answers" から外して { $decline } を指定してください。やめたい場合は "cancel" です。
relay-waiting-on-page = ツール `{ $tool }` は、リンク先の{ -page }でユーザーが操作を終えるのを待っています。ユーザーが終わったと言ったら、引数 { $arguments } に { $callback } を加えて `{ $tool }` をもう一度呼び出してください。
relay-error = 引数 `{ $argument }` が正しくありません。{ $problem }。次の形にしてください：{ $shape }
relay-error-not-object = オブジェクトではありません
relay-error-no-continuation = 文字列 `continuation` がありません
relay-error-answers = `answers` がオブジェクトではありません
relay-error-actions = `actions` がオブジェクトではありません
relay-error-twice = `{ $key }` の値が `answers` と `actions` の両方にあります
relay-error-answer = `{ $key }` の値が、{ -field }の値のオブジェクトでも "accept"、"decline"、"cancel" のいずれでもありません

## サーバー自身のページで尋ねるフォーム（`page` モジュール）：HTML。書き出すときにエスケープされます。

page-title = ご{ -answer }が必要です
page-intro = ここに入力した内容はこのサーバーにだけ送られ、MCP クライアントやその AI モデルを経由しません。
page-signed-in-as = ログイン中のユーザー：{ $user }
page-required = （必須）
page-optional = （任意）
page-label = { $label }{ $hint }
page-no-choice = （未{ -choice }）
page-yes = はい
page-no = いいえ
page-submit = 送信
page-correct = 以下の印の付いた{ -field }を修正してください。
page-secret-not-kept = 安全のため、この{ -field }は空にしました。もう一度入力してください。
page-not-a-number = 数値で入力してください
page-done-title = 完了
page-done = { -answer }を受け付けました。この{ -page }を閉じて、MCP クライアントに戻ってください。
page-refused-title = このリンクは使用できません
page-nothing-stored = 何も保存されていません。
page-wrong-user = このリンクは別のユーザーが開始したものです。MCP クライアントで開始したユーザー本人しか使用できません。誰かからこのリンクを送られた場合は使用しないでください。
page-unknown = このリンクは無効です。
page-expired = このリンクの有効期限が切れました。MCP クライアントからやり直してください。
page-used = このリンクはすでに使用されています。
page-unavailable = サーバーは現在この{ -form }を表示できません。しばらくしてからもう一度お試しください。
page-sign-in = まずこのサイトにログインしてから、もう一度リンクを開いてください。
page-foreign = { -form }が別のサイトから、または別のアドレスに送信されました。
page-stale = この{ -form }は古いか、この{ -page }から送信されたものではありません。もう一度リンクを開いてください。
page-unreadable = { -form }を読み取れませんでした。

## 数値の項目を表示できないクライアント向けに、数値をテキストで尋ねるときの説明。項目の説明の後（括弧の中）に書かれるので、ここには括弧を入れません。

as-text-integer = 整数を半角数字で
as-text-integer-between = { $min }～{ $max }の整数を半角数字で
as-text-integer-at-least = { $min }以上の整数を半角数字で
as-text-integer-at-most = { $max }以下の整数を半角数字で
as-text-number = 数値を半角数字で、小数点は「.」
as-text-number-between = { $min }～{ $max }の数値を半角数字で、小数点は「.」
as-text-number-at-least = { $min }以上の数値を半角数字で、小数点は「.」
as-text-number-at-most = { $max }以下の数値を半角数字で、小数点は「.」
