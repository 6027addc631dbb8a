# elicit: die Texte, die das Toolkit für einen Menschen schreibt, auf Deutsch.
# Jede Nachricht aus en.ftl, mit denselben Variablen. Texte im Formularmodus enthalten keine URL. Namen in Backticks sind Namen auf der Leitung: beibehalten.
# Anführungszeichen „…“; die Seite siezt, die Anweisungen an das Modell duzen.

## Das Glossar: ein Wort für jedes Ding, das die Texte nennen, hier einmal geschrieben und in den
## Nachrichten als { -field } oder { -field(number: "other") } verwendet. Wer ein Wort ändert, ändert es hier.

# Eine Frage des Formulars, mit ihrem Titel: was der Benutzer ausfüllt.
-field = { $number ->
       *[one] Feld
        [other] Felder
    }
# Ein Eintrag einer Liste, die der Benutzer als einen Text schreibt.
-item = { $number ->
       *[one] Eintrag
        [other] Einträge
    }
# Was eine Auswahlliste anbietet.
-option = { $number ->
       *[one] Option
        [other] Optionen
    }
# Was der Benutzer unter den Optionen gewählt hat.
-choice = Auswahl
-form = { $case ->
       *[nom] Formular
        [gen] Formulars
    }
-page = Seite
# Ein Name im Inhalt, den der Client gesendet hat.
-key = Schlüssel
-answer = Antwort

## Ein Problem mit dem Wert eines Feldes, nach dem Namen des Feldes geschrieben.

problem-missing = ist erforderlich, fehlt aber
problem-wrong-type = muss { $expected } sein, nicht { $found }
json-type-string = Text
json-type-number = eine Zahl
json-type-integer = eine ganze Zahl
json-type-boolean = wahr oder falsch
json-type-array = eine Liste
json-type-object = ein Objekt
json-type-null = ein leerer Wert
problem-not-an-integer = muss eine ganze Zahl sein
problem-not-a-number = muss eine Zahl sein
problem-inexact-integer = muss ohne Nachkommastellen und Exponent geschrieben werden: jenseits von ±9007199254740991 wird eine solche Zahl nicht exakt gelesen
problem-integer-out-of-range = muss zwischen { $min } und { $max } liegen
problem-number-out-of-range = darf betragsmäßig höchstens { $max } sein
problem-below-minimum = muss mindestens { $minimum } sein (angegeben: { $found })
problem-above-maximum = darf höchstens { $maximum } sein (angegeben: { $found })
problem-too-short = muss mindestens { $min_length } Zeichen lang sein (aktuell { $length })
problem-too-long = darf höchstens { $max_length } Zeichen lang sein (aktuell { $length })
problem-pattern-hint = muss die Form { $hint } haben
problem-pattern = hat nicht das erwartete Format
problem-invalid-format = muss { $format ->
        [email] eine gültige E-Mail-Adresse
        [uri] eine gültige URI
        [date] ein gültiges Datum
        [date-time] ein gültiger Zeitpunkt (Datum und Uhrzeit)
       *[other] ein gültiges { $format }
    } sein
problem-not-an-option = `{ $value }` ist keine der { -option(number: "other") }
problem-duplicate-item = `{ $value }` ist mehrfach gewählt
problem-too-few-items = muss mindestens { $min_items ->
        [one] { $min_items } gewählte { -option }
       *[other] { $min_items } gewählte { -option(number: "other") }
    } haben (aktuell { $count })
problem-too-many-items = darf höchstens { $max_items ->
        [one] { $max_items } gewählte { -option }
       *[other] { $max_items } gewählte { -option(number: "other") }
    } haben (aktuell { $count })
problem-not-asked = ist kein { -field } dieses { -form(case: "gen") }
problem-more-not-asked = ist kein { -field } dieses { -form(case: "gen") }, ebenso wenig { $others ->
        [one] der weitere { -key }
       *[other] die { $others } weiteren { -key }
    } danach
problem-rule-unsaid = die { -answer } verletzt eine Regel dieses { -form(case: "gen") }
problem-list-item = { -item } { $index }: { $problem }
violation = { $field }: { $problem }
field-wire = `{ $name }`

## Die Regeln der Crate `validator` (Feature `validator`), nach dem Namen des Feldes geschrieben.

validator-length-exact = muss genau { $n } Zeichen lang sein
validator-length-between = muss zwischen { $min } und { $max } Zeichen lang sein
validator-length-min = muss mindestens { $min } Zeichen lang sein
validator-length-max = darf höchstens { $max } Zeichen lang sein
validator-length = hat nicht die richtige Länge
validator-range-between = muss zwischen { $min } und { $max } liegen
validator-range-min = muss mindestens { $min } sein
validator-range-max = darf höchstens { $max } sein
validator-range-greater = muss größer als { $min } sein
validator-range-less = muss kleiner als { $max } sein
validator-range-greater-less = muss größer als { $min } und kleiner als { $max } sein
validator-range-min-less = muss mindestens { $min } und kleiner als { $max } sein
validator-range-greater-max = muss größer als { $min } und höchstens { $max } sein
validator-range = liegt außerhalb des erlaubten Bereichs
validator-email = muss eine gültige E-Mail-Adresse sein
validator-url = muss eine gültige URL sein
validator-regex = hat nicht das erwartete Format
validator-required = ist erforderlich
validator-must-match = muss mit dem { -field } übereinstimmen, das es wiederholt
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

reask-heading = Bitte korrigieren Sie Ihre { -answer }:
value-title = { -answer }
reask-not-valid = { $field }: ist keine gültige { -answer }
reask-an-answer-not-valid = eine { -answer } ist ungültig
reask-too-few-ticked = wählen Sie mindestens { $min_items } der { -option(number: "other") } von „{ $label }“ ({ $count } angekreuzt)
reask-too-many-ticked = wählen Sie höchstens { $max_items } der { -option(number: "other") } von „{ $label }“ ({ $count } angekreuzt)

## Eine Mehrfachauswahl als Kontrollkästchen (2025-06-18), und die Beschreibungen, die das Toolkit anfügt.

checkbox-title = { $field }: { $option }
checkbox-description = { $description } ({ $rule })
title-description = { $title }: { $description }
list-hint = { -item(number: "other") } getrennt durch „{ $separator }“
tick-exactly = genau { $count } ankreuzen
tick-between = mindestens { $min } und höchstens { $max } ankreuzen
tick-at-least = mindestens { $min } ankreuzen
tick-at-most = höchstens { $max } ankreuzen

## Eine Auswahl in zwei Schritten: die Nachricht des zweiten Schritts ist die Frage, dann was im ersten gewählt wurde.

choice-chosen = Ihre { -choice }: { $choice }

## Fortschrittsmeldungen, während der Benutzer antwortet, und die Gründe einer zurückgezogenen Frage.

progress-waiting-form = Es wird gewartet, bis der Benutzer das { -form } ausgefüllt hat
progress-waiting-page = Es wird gewartet, bis der Benutzer auf der { -page } fertig ist
cancelled-call = die Anfrage, die diese Frage gestellt hat, wurde abgebrochen
cancelled-abandoned = diese Frage wird nicht mehr benötigt
cancelled-timeout = die Zeit für die { -answer } auf diese Frage ist abgelaufen

## Der JSON-RPC-Fehler, der den Client bittet, eine Seite zu öffnen und es erneut zu versuchen (-32042).

error-more-information = Für diese Anfrage werden weitere Angaben benötigt.

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
relay-min-length = mindestens { $bound } Zeichen
relay-max-length = höchstens { $bound } Zeichen
relay-min-items = mindestens { $bound ->
        [one] { $bound } gewählte { -option }
       *[other] { $bound } gewählte { -option(number: "other") }
    }
relay-max-items = höchstens { $bound ->
        [one] { $bound } gewählte { -option }
       *[other] { $bound } gewählte { -option(number: "other") }
    }
relay-pattern = muss auf den regulären Ausdruck { $pattern } passen
relay-options = einer der Werte: { $options }
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
relay-kind-array = eine Liste von { -option(number: "other") }
relay-kind-value = ein Wert
relay-shape-as-given = wie erhalten
relay-shape-key = { -key } der Frage
relay-call-back = Ruf dann das Tool `{ $tool }` erneut auf, mit denselben Argumenten { $arguments } und zusätzlich dem Argument { $callback } (die Werte sind Beispiele für die Form: nimm die des Benutzers). Will der Benutzer eine Frage nicht beantworten, lass sie in "answers" weg und gib { $decline } an; will er aufhören, "cancel".
relay-waiting-on-page = Das Tool `{ $tool }` wartet darauf, dass der Benutzer auf der verlinkten { -page } fertig wird. Sagt der Benutzer, dass er fertig ist, ruf `{ $tool }` erneut auf, mit den Argumenten { $arguments } und zusätzlich { $callback }.
relay-error = Das Argument `{ $argument }` { $problem }: Es muss die Form { $shape } haben
relay-error-not-object = ist kein Objekt
relay-error-no-continuation = hat keine Zeichenkette `continuation`
relay-error-answers = hat `answers`, das kein Objekt ist
relay-error-actions = hat `actions`, das kein Objekt ist
relay-error-twice = nennt `{ $key }` sowohl in `answers` als auch in `actions`
relay-error-answer = hat für `{ $key }` einen Wert, der weder ein Objekt mit Werten der { -field(number: "other") } noch "accept", "decline" oder "cancel" ist

## Die Seite eines Formulars, das auf der eigenen Seite des Servers gestellt wird (Modul `page`): HTML, beim Schreiben maskiert.

page-title = Ihre { -answer } wird benötigt
page-intro = Was Sie hier eingeben, geht nur an diesen Server: Es läuft weder über Ihren MCP-Client noch über dessen KI-Modell.
page-signed-in-as = Angemeldet als { $user }
page-required = (erforderlich)
page-optional = (optional)
page-label = { $label } { $hint }
page-no-choice = (keine { -choice })
page-yes = Ja
page-no = Nein
page-submit = Absenden
page-correct = Bitte korrigieren Sie die unten markierten { -field(number: "other") }.
page-secret-not-kept = Zu Ihrer Sicherheit wurde dieses { -field } geleert: Bitte geben Sie es erneut ein.
page-not-a-number = muss eine Zahl sein
page-done-title = Fertig
page-done = Ihre { -answer } ist eingegangen. Sie können diese { -page } schließen und zu Ihrem MCP-Client zurückkehren.
page-refused-title = Dieser Link kann nicht verwendet werden
page-nothing-stored = Es wurde nichts gespeichert.
page-wrong-user = Dieser Link wurde von einem anderen Benutzer gestartet. Nur wer ihn in seinem MCP-Client gestartet hat, kann ihn verwenden. Wenn Ihnen jemand diesen Link geschickt hat, verwenden Sie ihn nicht.
page-unknown = Dieser Link ist ungültig.
page-expired = Dieser Link ist abgelaufen. Beginnen Sie erneut in Ihrem MCP-Client.
page-used = Dieser Link wurde bereits verwendet.
page-unavailable = Der Server kann dieses { -form } gerade nicht anzeigen. Versuchen Sie es später erneut.
page-sign-in = Melden Sie sich zuerst auf dieser Website an und öffnen Sie den Link dann erneut.
page-foreign = Das { -form } wurde von einer anderen Website oder an eine andere Adresse gesendet.
page-stale = Dieses { -form } ist veraltet oder wurde nicht von dieser { -page } gesendet. Öffnen Sie den Link erneut.
page-unreadable = Das { -form } konnte nicht gelesen werden.

## Eine Zahl, als Text erfragt, für einen Client, der keine Zahlenfelder zeigt: nach der Beschreibung des Feldes
## geschrieben (in Klammern) oder als seine Beschreibung, daher hier keine eigenen Klammern.

as-text-integer = eine ganze Zahl, in Ziffern
as-text-integer-between = eine ganze Zahl von { $min } bis { $max }, in Ziffern
as-text-integer-at-least = eine ganze Zahl, mindestens { $min }, in Ziffern
as-text-integer-at-most = eine ganze Zahl, höchstens { $max }, in Ziffern
as-text-number = eine Zahl in Ziffern, mit Punkt vor den Dezimalstellen
as-text-number-between = eine Zahl von { $min } bis { $max } in Ziffern, mit Punkt vor den Dezimalstellen
as-text-number-at-least = eine Zahl, mindestens { $min }, in Ziffern, mit Punkt vor den Dezimalstellen
as-text-number-at-most = eine Zahl, höchstens { $max }, in Ziffern, mit Punkt vor den Dezimalstellen
