# elicit: die Texte, die das Toolkit für Menschen schreibt, auf Deutsch.
# Jede Nachricht aus en.ftl, mit denselben Variablen. Texte im Formularmodus enthalten keine URL. Namen in Backticks sind Namen auf der Leitung: nicht übersetzen.

## Ein Problem mit dem Wert eines Feldes, nach "`Feld`: ".

problem-missing = ist erforderlich, fehlt aber
problem-wrong-type = muss { $expected } sein, erhalten: { $found }
json-type-string = eine Zeichenkette
json-type-number = eine Zahl
json-type-integer = eine ganze Zahl
json-type-boolean = ein Wahrheitswert
json-type-array = eine Liste
json-type-object = ein Objekt
json-type-null = null
problem-not-an-integer = muss eine ganze Zahl sein
problem-not-a-number = muss eine Zahl sein
problem-inexact-integer = muss ohne Nachkommastellen und Exponent geschrieben werden: jenseits von ±9007199254740991 wird eine solche Zahl nicht exakt gelesen
problem-integer-out-of-range = muss zwischen { $min } und { $max } liegen
problem-number-out-of-range = darf betragsmäßig höchstens { $max } sein
problem-below-minimum = muss mindestens { $minimum } sein, erhalten: { $found }
problem-above-maximum = darf höchstens { $maximum } sein, erhalten: { $found }
problem-too-short = muss mindestens { $min_length ->
        [one] { $min_length } Zeichen
       *[other] { $min_length } Zeichen
    } lang sein, erhalten: { $length }
problem-too-long = darf höchstens { $max_length ->
        [one] { $max_length } Zeichen
       *[other] { $max_length } Zeichen
    } lang sein, erhalten: { $length }
problem-pattern-hint = muss die Form { $hint } haben
problem-pattern = hat nicht das erwartete Format
problem-invalid-format = muss { $format ->
        [email] eine gültige E-Mail-Adresse
        [uri] eine gültige URI
        [date] ein gültiges Datum
        [date-time] ein gültiger Zeitpunkt (Datum und Uhrzeit)
       *[other] ein gültiges { $format }
    } sein
problem-not-an-option = `{ $value }` ist keine der Optionen
problem-duplicate-item = `{ $value }` ist mehrfach gewählt
problem-too-few-items = muss mindestens { $min_items ->
        [one] { $min_items } gewählte Option
       *[other] { $min_items } gewählte Optionen
    } haben, erhalten: { $count }
problem-too-many-items = darf höchstens { $max_items ->
        [one] { $max_items } gewählte Option
       *[other] { $max_items } gewählte Optionen
    } haben, erhalten: { $count }
problem-not-asked = ist kein Feld dieses Formulars
problem-more-not-asked = ist kein Feld dieses Formulars, ebenso wenig { $others ->
        [one] der { $others } weitere Schlüssel
       *[other] die { $others } weiteren Schlüssel
    } danach
problem-rule-unsaid = die Antwort verletzt eine Regel dieses Formulars
problem-list-item = Eintrag { $index }: { $problem }
violation = `{ $field }`: { $problem }

## Die Regeln des Crates `validator` (Feature `validator`), nach "`Feld`: ".

validator-length-exact = muss genau { $n } Zeichen lang sein
validator-length-between = muss zwischen { $min } und { $max } Zeichen lang sein
validator-length-min = muss mindestens { $min } Zeichen lang sein
validator-length-max = darf höchstens { $max } Zeichen lang sein
validator-length = hat nicht die richtige Länge
validator-range-between = muss zwischen { $min } und { $max } liegen
validator-range-min = muss mindestens { $min } sein
validator-range-max = darf höchstens { $max } sein
validator-range = liegt außerhalb des erlaubten Bereichs
validator-email = muss eine gültige E-Mail-Adresse sein
validator-url = muss eine gültige URL sein
validator-regex = hat nicht das erwartete Format
validator-required = ist erforderlich
validator-must-match = muss mit dem Feld übereinstimmen, das es wiederholt
validator-contains = muss `{ $needle }` enthalten
validator-contains-unsaid = es fehlt ein erforderlicher Teil
validator-does-not-contain = darf `{ $needle }` nicht enthalten
validator-does-not-contain-unsaid = enthält einen unzulässigen Teil
validator-credit-card = muss eine gültige Kartennummer sein
validator-non-control-character = darf keine Steuerzeichen enthalten
validator-ip = muss eine gültige IP-Adresse sein
validator-rule = verletzt die Regel `{ $code }`
validator-not-valid = ist ungültig

## Die Nachricht eines erneut gestellten Formulars: die Frage, dann was zu korrigieren ist.

reask-heading = Bitte korrigieren Sie Ihre Antwort:
reask-not-valid = `{ $field }`: ist keine gültige Antwort
reask-an-answer-not-valid = eine Antwort ist ungültig
reask-checkbox = `{ $field }` ({ $title }): { $problem }
reask-too-few-ticked = wählen Sie mindestens { $min_items } der Optionen von { $label } ({ $count } angekreuzt)
reask-too-many-ticked = wählen Sie höchstens { $max_items } der Optionen von { $label } ({ $count } angekreuzt)

## Eine Mehrfachauswahl als Kontrollkästchen (2025-06-18).

checkbox-title = { $field }: { $option }
checkbox-description = { $description } ({ $rule })
list-hint = Einträge getrennt durch „{ $separator }“
tick-exactly = genau { $count } ankreuzen
tick-between = mindestens { $min } und höchstens { $max } ankreuzen
tick-at-least = mindestens { $min } ankreuzen
tick-at-most = höchstens { $max } ankreuzen

## Fortschrittsmeldungen, während der Mensch antwortet.

progress-waiting-form = warte darauf, dass der Benutzer ein Formular ausfüllt
progress-waiting-page = warte darauf, dass der Benutzer auf der Seite fertig wird

## Die Weitergabe über das Modell: ein Tool-Ergebnis, das das Modell des Clients bittet, den Benutzer zu fragen.

relay-intro = Dieses Tool braucht Angaben des Benutzers, bevor es weitermachen kann, und der Client des Benutzers kann die Frage nicht anzeigen. Frag den Benutzer selbst, in deinen eigenen Worten, und gib genau weiter, was er antwortet: antworte nie an seiner Stelle, rate nie.
relay-question = Frage `{ $key }`: { $message }
relay-link-question = Frage `{ $key }` (ein Link): { $message }
relay-link-show = Zeig dem Benutzer diesen Link, den er in seinem Browser öffnen soll: { $url }
relay-link-action = Gib ihr die Aktion "accept" (in "actions"), sobald der Benutzer zugestimmt hat, ihn zu öffnen, "decline", wenn er ablehnt.
relay-required = erforderlich
relay-optional = optional
relay-minimum = mindestens { $bound }
relay-maximum = höchstens { $bound }
relay-min-length = mindestens so viele Zeichen: { $bound }
relay-max-length = höchstens so viele Zeichen: { $bound }
relay-min-items = mindestens so viele Optionen: { $bound }
relay-max-items = höchstens so viele Optionen: { $bound }
relay-pattern = muss auf den regulären Ausdruck { $pattern } passen
relay-options = eines von: { $options }
relay-default = Vorgabe { $default }
relay-field = - `{ $name }` ({ $kind }, { $needed })
relay-field-title = { $field }: { $title }
relay-field-description = { $field } – { $description }
relay-field-rule = { $field }; { $rule }
relay-option-titled = { $value } ({ $title })
relay-options-more = { $list }, { $option }
relay-kind-email = eine E-Mail-Adresse
relay-kind-uri = eine URI
relay-kind-date = ein Datum, YYYY-MM-DD
relay-kind-date-time = Datum und Uhrzeit, RFC 3339
relay-kind-text = Text
relay-kind-integer = eine ganze Zahl
relay-kind-number = eine Zahl
relay-kind-boolean = true oder false
relay-kind-array = eine Liste von Optionen
relay-kind-value = ein Wert
relay-call-back = Ruf dann das Tool `{ $tool }` erneut auf, mit denselben Argumenten { $arguments } und zusätzlich dem Argument { $callback } (die Antworten sind Beispiele für die Form: nimm die des Benutzers). Will der Benutzer eine Frage nicht beantworten, lass sie in "answers" weg und gib { $decline } an; will er aufhören, "cancel".
relay-waiting-on-page = Das Tool `{ $tool }` wartet darauf, dass der Benutzer auf der verlinkten Seite fertig wird. Sagt der Benutzer, dass er fertig ist, ruf `{ $tool }` erneut auf, mit den Argumenten { $arguments } und zusätzlich { $callback }.
relay-error = Das Argument `{ $argument }` { $problem }: Es muss die Form { $shape } haben
relay-error-not-object = ist kein Objekt
relay-error-no-continuation = hat keine Zeichenkette `continuation`
relay-error-answers = hat `answers`, das kein Objekt ist
relay-error-actions = hat `actions`, das kein Objekt ist
relay-error-twice = beantwortet `{ $key }` sowohl in `answers` als auch in `actions`
relay-error-answer = hat eine Antwort auf `{ $key }`, die weder ein Objekt mit Feldwerten noch "accept", "decline" oder "cancel" ist

## The page (`page` module).

page-title = Ihre Antwort wird benötigt
page-intro = Was Sie hier eingeben, geht nur an diesen Server: Es läuft weder über Ihren MCP-Client noch über dessen KI-Modell.
page-signed-in-as = Angemeldet als { $user }
page-required = (erforderlich)
page-optional = (optional)
page-label = { $label } { $hint }
page-no-choice = (keine Auswahl)
page-yes = Ja
page-no = Nein
page-submit = Absenden
page-correct = Bitte korrigieren Sie die unten markierten Felder.
page-secret-not-kept = Zu Ihrer Sicherheit wurde dieses Feld geleert: Bitte geben Sie es erneut ein.
page-not-a-number = muss eine Zahl sein
page-done-title = Fertig
page-done = Ihre Antwort ist eingegangen. Sie können diese Seite schließen und zu Ihrem MCP-Client zurückkehren.
page-refused-title = Dieser Link kann nicht verwendet werden
page-nothing-stored = Es wurde nichts gespeichert.
page-wrong-user = Dieser Link wurde von einem anderen Benutzer gestartet. Nur wer ihn in seinem MCP-Client gestartet hat, kann ihn verwenden. Wenn Ihnen jemand diesen Link geschickt hat, verwenden Sie ihn nicht.
page-unknown = Dieser Link ist ungültig.
page-expired = Dieser Link ist abgelaufen. Beginnen Sie erneut in Ihrem MCP-Client.
page-used = Dieser Link wurde bereits verwendet.
page-unavailable = Der Server kann dieses Formular gerade nicht anzeigen. Versuchen Sie es später erneut.
page-sign-in = Melden Sie sich zuerst auf dieser Website an und öffnen Sie den Link dann erneut.
page-foreign = Das Formular wurde von einer anderen Website oder an eine andere Adresse gesendet.
page-stale = Dieses Formular ist veraltet oder wurde nicht von dieser Seite gesendet. Öffnen Sie den Link erneut.
page-unreadable = Das Formular konnte nicht gelesen werden.

## Eine Zahl als Text, für einen Client ohne Zahlenfelder.

as-text-integer = eine ganze Zahl, in Ziffern
as-text-integer-between = eine ganze Zahl von { $min } bis { $max }, in Ziffern
as-text-integer-at-least = eine ganze Zahl, mindestens { $min }, in Ziffern
as-text-integer-at-most = eine ganze Zahl, höchstens { $max }, in Ziffern
as-text-number = eine Zahl, in Ziffern (Punkt vor den Dezimalstellen)
as-text-number-between = eine Zahl von { $min } bis { $max }, in Ziffern (Punkt vor den Dezimalstellen)
as-text-number-at-least = eine Zahl, mindestens { $min }, in Ziffern (Punkt vor den Dezimalstellen)
as-text-number-at-most = eine Zahl, höchstens { $max }, in Ziffern (Punkt vor den Dezimalstellen)
