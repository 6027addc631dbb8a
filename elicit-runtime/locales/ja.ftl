# elicit: ツールキットがユーザーに向けて書く文言、日本語。
# en.ftl のすべてのメッセージを同じ変数で持ちます。フォームモードで表示される文言に URL を入れないこと。バッククォート内の名前はワイヤ上の名前なので、そのままにします。

## 1 つのフィールドの値の問題。"`フィールド`: " の後に書かれます。

problem-missing = 入力が必要です
problem-wrong-type = { $expected }である必要がありますが、{ $found }が送られました
json-type-string = 文字列
json-type-number = 数値
json-type-integer = 整数
json-type-boolean = 真偽値
json-type-array = 配列
json-type-object = オブジェクト
json-type-null = null
problem-not-an-integer = 整数である必要があります
problem-not-a-number = 数値である必要があります
problem-inexact-integer = 小数部や指数を使わずに書いてください：±9007199254740991 を超えるそのような数値は正確に読み取れません
problem-integer-out-of-range = { $min }から{ $max }の間である必要があります
problem-number-out-of-range = 絶対値は{ $max }以下である必要があります
problem-below-minimum = { $minimum }以上である必要があります（入力値：{ $found }）
problem-above-maximum = { $maximum }以下である必要があります（入力値：{ $found }）
problem-too-short = { $min_length }文字以上である必要があります（入力値：{ $length }文字）
problem-too-long = { $max_length }文字以下である必要があります（入力値：{ $length }文字）
problem-pattern-hint = { $hint } の形式で入力してください
problem-pattern = 形式が正しくありません
problem-invalid-format = 有効な{ $format ->
        [email] メールアドレス
        [uri] URI
        [date] 日付
        [date-time] 日時
       *[other] { $format }
    }である必要があります
problem-not-an-option = `{ $value }` は選択肢にありません
problem-duplicate-item = `{ $value }` が複数回選ばれています
problem-too-few-items = { $min_items }個以上選ぶ必要があります（選択数：{ $count }）
problem-too-many-items = { $max_items }個以下で選ぶ必要があります（選択数：{ $count }）
problem-not-asked = このフォームのフィールドではありません
problem-more-not-asked = このフォームのフィールドではありません。その後の他の{ $others }個のキーも同様です
problem-rule-unsaid = 回答がこのフォームの規則に反しています
problem-list-item = 項目 { $index }：{ $problem }
violation = `{ $field }`：{ $problem }

## `validator` クレートの規則（機能 `validator`）。"`フィールド`：" の後に書かれます。

validator-length-exact = ちょうど{ $n }文字である必要があります
validator-length-between = { $min }文字以上{ $max }文字以下である必要があります
validator-length-min = { $min }文字以上である必要があります
validator-length-max = { $max }文字以下である必要があります
validator-length = 長さが正しくありません
validator-range-between = { $min }から{ $max }の間である必要があります
validator-range-min = { $min }以上である必要があります
validator-range-max = { $max }以下である必要があります
validator-range = 許容範囲外です
validator-email = 有効なメールアドレスである必要があります
validator-url = 有効な URL である必要があります
validator-regex = 形式が正しくありません
validator-required = 入力が必要です
validator-must-match = 確認元のフィールドと一致する必要があります
validator-contains = `{ $needle }` を含む必要があります
validator-contains-unsaid = 必要な部分が欠けています
validator-does-not-contain = `{ $needle }` を含んではいけません
validator-does-not-contain-unsaid = 使用できない部分が含まれています
validator-credit-card = 有効なカード番号である必要があります
validator-non-control-character = 制御文字を含んではいけません
validator-ip = 有効な IP アドレスである必要があります
validator-rule = 規則 `{ $code }` に反しています
validator-not-valid = 有効ではありません

## 再質問するフォームのメッセージ：元の質問と、直すべき点。

reask-heading = 回答を修正してください：
reask-not-valid = `{ $field }`：有効な回答ではありません
reask-an-answer-not-valid = 無効な回答があります
reask-checkbox = `{ $field }`（{ $title }）：{ $problem }
reask-too-few-ticked = 「{ $label }」の選択肢から{ $min_items }個以上選んでください（{ $count }個選択中）
reask-too-many-ticked = 「{ $label }」の選択肢から{ $max_items }個以下で選んでください（{ $count }個選択中）

## チェックボックスとして書かれた複数選択（2025-06-18）。

checkbox-title = { $field }：{ $option }
checkbox-description = { $description }（{ $rule }）
list-hint = 項目は「{ $separator }」で区切る
tick-exactly = ちょうど{ $count }個選んでください
tick-between = { $min }個以上{ $max }個以下で選んでください
tick-at-least = { $min }個以上選んでください
tick-at-most = { $max }個以下で選んでください

## ユーザーの回答を待つ間の進捗通知。

progress-waiting-form = ユーザーがフォームに回答するのを待っています
progress-waiting-page = ユーザーがページでの操作を終えるのを待っています

## モデルを介した中継：クライアントのモデルにユーザーへの質問を頼むツール結果。

relay-intro = このツールは先に進むためにユーザーからの情報を必要としていますが、ユーザーのクライアントは質問を表示できません。あなた自身の言葉でユーザーに尋ね、ユーザーの答えをそのまま伝えてください。ユーザーの代わりに答えたり、推測したりしてはいけません。
relay-question = 質問 `{ $key }`：{ $message }
relay-link-question = 質問 `{ $key }`（リンク）：{ $message }
relay-link-show = ユーザーにこのリンクを示し、ブラウザで開いてもらってください：{ $url }
relay-link-action = ユーザーが開くことに同意したら（"actions" に）アクション "accept" を、断ったら "decline" を指定してください。
relay-required = 必須
relay-optional = 任意
relay-minimum = { $bound }以上
relay-maximum = { $bound }以下
relay-min-length = 最小文字数：{ $bound }
relay-max-length = 最大文字数：{ $bound }
relay-min-items = 最小選択数：{ $bound }
relay-max-items = 最大選択数：{ $bound }
relay-pattern = 正規表現 { $pattern } に一致すること
relay-options = 次のいずれか：{ $options }
relay-default = 既定値 { $default }
relay-field = - `{ $name }`（{ $kind }、{ $needed }）
relay-field-title = { $field }：{ $title }
relay-field-description = { $field } ― { $description }
relay-field-rule = { $field }、{ $rule }
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
relay-kind-array = 選択肢のリスト
relay-kind-value = 値
relay-call-back = その後、同じ引数 { $arguments } に引数 { $callback } を加えて、ツール `{ $tool }` をもう一度呼び出してください（回答は形を示す例です。ユーザーの回答を使ってください）。ユーザーがある質問に答えたくない場合は、その質問を "answers" から外して { $decline } を指定してください。やめたい場合は "cancel" です。
relay-waiting-on-page = ツール `{ $tool }` は、リンク先のページでユーザーが操作を終えるのを待っています。ユーザーが終わったと言ったら、引数 { $arguments } に { $callback } を加えて `{ $tool }` をもう一度呼び出してください。
relay-error = 引数 `{ $argument }` が正しくありません。{ $problem }。次の形にしてください：{ $shape }
relay-error-not-object = オブジェクトではありません
relay-error-no-continuation = 文字列 `continuation` がありません
relay-error-answers = `answers` がオブジェクトではありません
relay-error-actions = `actions` がオブジェクトではありません
relay-error-twice = `{ $key }` への回答が `answers` と `actions` の両方にあります
relay-error-answer = `{ $key }` への回答が、フィールド値のオブジェクトでも "accept"、"decline"、"cancel" のいずれでもありません

## The page (`page` module).

page-title = ご回答が必要です
page-intro = ここに入力した内容はこのサーバーにだけ送られ、MCP クライアントやその AI モデルを経由しません。
page-signed-in-as = ログイン中のユーザー：{ $user }
page-required = （必須）
page-optional = （任意）
page-label = { $label }{ $hint }
page-no-choice = （未選択）
page-yes = はい
page-no = いいえ
page-submit = 送信
page-correct = 以下の印の付いた項目を修正してください。
page-secret-not-kept = 安全のため、この項目は空にしました。もう一度入力してください。
page-not-a-number = 数値で入力してください
page-done-title = 完了
page-done = 回答を受け付けました。このページを閉じて、MCP クライアントに戻ってください。
page-refused-title = このリンクは使用できません
page-nothing-stored = 何も保存されていません。
page-wrong-user = このリンクは別のユーザーが開始したものです。MCP クライアントで開始したユーザー本人しか使用できません。誰かからこのリンクを送られた場合は使用しないでください。
page-unknown = このリンクは無効です。
page-expired = このリンクの有効期限が切れました。MCP クライアントからやり直してください。
page-used = このリンクはすでに使用されています。
page-unavailable = サーバーは現在このフォームを表示できません。しばらくしてからもう一度お試しください。
page-sign-in = まずこのサイトにログインしてから、もう一度リンクを開いてください。
page-foreign = フォームが別のサイトから、または別のアドレスに送信されました。
page-stale = このフォームは古いか、このページから送信されたものではありません。もう一度リンクを開いてください。
page-unreadable = フォームを読み取れませんでした。

## 数値欄を表示できないクライアント向けに、数値をテキストで尋ねる。

as-text-integer = 整数（半角数字）
as-text-integer-between = { $min } から { $max } までの整数（半角数字）
as-text-integer-at-least = { $min } 以上の整数（半角数字）
as-text-integer-at-most = { $max } 以下の整数（半角数字）
as-text-number = 数値（半角数字、小数点は「.」）
as-text-number-between = { $min } から { $max } までの数値（半角数字、小数点は「.」）
as-text-number-at-least = { $min } 以上の数値（半角数字、小数点は「.」）
as-text-number-at-most = { $max } 以下の数値（半角数字、小数点は「.」）
