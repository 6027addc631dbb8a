# elicit: the texts the toolkit writes for a person, in English (the default language).
# Every language has every message of this file, with the same variables (a test checks).
# Texts shown in form mode must carry no URL. Names in backquotes are wire names: keep them.

## The glossary: the one word for each thing the texts name, written once here and used
## by the messages as { -field } or { -field(number: "other") }. Change a word here and
## every message says the new one (docs/locale.md lists the words of every language).

# A question of the form, with its title: what the user fills in.
-field = { $number ->
       *[one] field
        [other] fields
    }
# One entry of a list the user types as one text (`separated`).
-item = { $number ->
       *[one] item
        [other] items
    }
# What a select offers.
-option = { $number ->
       *[one] option
        [other] options
    }
# What the user picked among the options of a multi-select.
-choice = { $number ->
       *[one] choice
        [other] choices
    }
-form = form
-page = page
# A name in the content the client sent.
-key = { $number ->
       *[one] key
        [other] keys
    }
-answer = answer

## A problem with the value of one field, written after the field's name.

problem-missing = is required but missing
# $expected, $found: the JSON types, as the json-type-* messages write them.
problem-wrong-type = must be { $expected }, got { $found }
json-type-string = text
json-type-number = a number
json-type-integer = a whole number
json-type-boolean = true or false
json-type-array = a list
json-type-object = a set of named values
json-type-null = an empty value
problem-not-an-integer = must be a whole number
problem-not-a-number = must be a number
problem-inexact-integer = must be written without a fraction part or exponent: beyond ±9007199254740991 such a number is not read exactly
problem-integer-out-of-range = must be between { $min } and { $max }
problem-number-out-of-range = must be at most { $max } in magnitude
problem-below-minimum = must be at least { $minimum }, got { $found }
problem-above-maximum = must be at most { $maximum }, got { $found }
# Lengths count characters (Unicode scalar values).
problem-too-short = must be at least { $min_length ->
        [one] { $min_length } character
       *[other] { $min_length } characters
    } long, got { $length }
problem-too-long = must be at most { $max_length ->
        [one] { $max_length } character
       *[other] { $max_length } characters
    } long, got { $length }
# $hint: the author's words for the pattern, such as "MM/YY".
problem-pattern-hint = must be written as { $hint }
problem-pattern = is not in the expected format
# $format: email, uri, date or date-time.
problem-invalid-format = must be a valid { $format ->
        [email] email address
        [uri] URI
        [date] date
        [date-time] date and time
       *[other] { $format }
    }
problem-not-an-option = `{ $value }` is not one of the { -option(number: "other") }
problem-duplicate-item = `{ $value }` is chosen more than once
problem-too-few-items = must have at least { $min_items ->
        [one] { $min_items } { -choice }
       *[other] { $min_items } { -choice(number: "other") }
    }, got { $count }
problem-too-many-items = must have at most { $max_items ->
        [one] { $max_items } { -choice }
       *[other] { $max_items } { -choice(number: "other") }
    }, got { $count }
problem-not-asked = is not a { -field } of this { -form }
problem-more-not-asked = is not a { -field } of this { -form }, and neither { $others ->
        [one] is the other { -key } after it
       *[other] are the { $others } other { -key(number: "other") } after it
    }
# A rule of the author's that failed without saying why.
problem-rule-unsaid = the { -answer } breaks a rule of this { -form }
# A problem with one item of a list asked as one string: $index its position (from 1), $problem one of the problem-* texts.
problem-list-item = { -item } { $index }: { $problem }
# A problem with a field: $field the field as the user was shown it (its title, or its
# wire name as field-wire writes it), $problem one of the problem-* texts.
violation = { $field }: { $problem }
# A field that has no title, named by its wire name: $name.
field-wire = `{ $name }`

## The rules of the `validator` crate (feature `validator`), written after the field's name.
## $n, $min, $max: the rule's bounds; $needle: the text a value must (not) contain; $code: a rule of the author's.

validator-length-exact = must be exactly { $n ->
        [one] { $n } character
       *[other] { $n } characters
    } long
validator-length-between = must be between { $min } and { $max } characters long
validator-length-min = must be at least { $min ->
        [one] { $min } character
       *[other] { $min } characters
    } long
validator-length-max = must be at most { $max ->
        [one] { $max } character
       *[other] { $max } characters
    } long
validator-length = has the wrong length
# Inclusive bounds: the bound itself is allowed.
validator-range-between = must be between { $min } and { $max }
validator-range-min = must be at least { $min }
validator-range-max = must be at most { $max }
# Exclusive bounds (`exclusive_min`, `exclusive_max`): the bound itself is refused.
validator-range-greater = must be greater than { $min }
validator-range-less = must be less than { $max }
validator-range-greater-less = must be greater than { $min } and less than { $max }
validator-range-min-less = must be at least { $min } and less than { $max }
validator-range-greater-max = must be greater than { $min } and at most { $max }
validator-range = is out of range
validator-email = must be a valid email address
validator-url = must be a valid URL
validator-regex = is not in the expected format
validator-required = is required
validator-must-match = must match the { -field } it repeats
validator-contains = must contain `{ $needle }`
validator-contains-unsaid = is missing a required part
validator-does-not-contain = must not contain `{ $needle }`
validator-does-not-contain-unsaid = contains a forbidden part
validator-credit-card = must be a valid card number
validator-non-control-character = must not contain control characters
validator-ip = must be a valid IP address
validator-rule = breaks the rule `{ $code }`
validator-not-valid = is not valid

## The message of a re-asked form: the question, then what to correct.

reask-heading = Please correct your { -answer }:
# The title of the one field of a single value (ask_text, ask_number...), and its name in a
# re-ask. Fixed when the program is built, like a derived form's titles: the shipped text
# of each language is used, an override added at run time is not.
value-title = Answer
# $field: the field as the user was shown it (see violation).
reask-not-valid = { $field }: is not a valid { -answer }
reask-an-answer-not-valid = an { -answer } is not valid
# On 2025-06-18 a multi-select is one checkbox per option: $label is the field's title.
reask-too-few-ticked = choose at least { $min_items } of the { $label } { -option(number: "other") } ({ $count } ticked)
reask-too-many-ticked = choose at most { $max_items } of the { $label } { -option(number: "other") } ({ $count } ticked)

## A multi-select written as checkboxes (2025-06-18), and the descriptions the toolkit adds.

# $field: the field's title (or name); $option: the option's title (or value).
checkbox-title = { $field }: { $option }
# A description, then a rule the toolkit adds to it ($rule: a tick-* or as-text-* text).
checkbox-description = { $description } ({ $rule })
# For a client that shows no titles: the title, then the description.
title-description = { $title }: { $description }
# How to write a list asked as one string, after the field's description: $separator as the author wrote it.
list-hint = { -item(number: "other") } separated by “{ $separator }”
tick-exactly = tick exactly { $count }
tick-between = tick at least { $min } and at most { $max }
tick-at-least = tick at least { $min }
tick-at-most = tick at most { $max }

## A choice asked in two steps: the second step's message is the question, then what
## was chosen in the first ($choice: the option's title).

choice-chosen = You chose: { $choice }

## Progress notifications while the user answers, and the reasons of a question withdrawn.

progress-waiting-form = waiting for the user to fill in a { -form }
progress-waiting-page = waiting for the user to finish on the { -page }
cancelled-call = the request that asked this question was cancelled
cancelled-abandoned = this question is no longer needed
cancelled-timeout = this question was not answered in time

## The JSON-RPC error that asks the client to open a page and try again (-32042).

error-more-information = This request requires more information.

## The relay through the model: a tool result that asks the client's model to ask the
## user. $tool is the tool's name, $arguments its arguments as JSON, $callback the
## argument to add as JSON, $key a question's key.

relay-intro = This tool needs information from the user before it can go on, and the user's client cannot show the question. Ask the user yourself, in your own words, and relay exactly what they reply: never reply for them, never guess.
relay-question = Question `{ $key }`: { $message }
relay-link-question = Question `{ $key }` (a link): { $message }
relay-link-show = Show the user this link to open in their browser: { $url }
relay-link-action = Give it the action "accept" (in "actions") once the user agreed to open it, "decline" if they refuse.
relay-required = required
relay-optional = optional
relay-minimum = at least { $bound }
relay-maximum = at most { $bound }
relay-min-length = at least { $bound ->
        [one] { $bound } character
       *[other] { $bound } characters
    }
relay-max-length = at most { $bound ->
        [one] { $bound } character
       *[other] { $bound } characters
    }
relay-min-items = at least { $bound ->
        [one] { $bound } { -choice }
       *[other] { $bound } { -choice(number: "other") }
    }
relay-max-items = at most { $bound ->
        [one] { $bound } { -choice }
       *[other] { $bound } { -choice(number: "other") }
    }
relay-pattern = must match the regular expression { $pattern }
relay-options = one of: { $options }
relay-default = default { $default }
# One field of a question: $name its wire name, $kind and $needed the words above.
relay-field = - `{ $name }` ({ $kind }, { $needed })
# What follows a field's line: its title, description, each rule; $field is the line so far.
relay-field-title = { $field }: { $title }
relay-field-description = { $field } — { $description }
relay-field-rule = { $field }; { $rule }
# An option with its title, and the list of options one more at a time.
relay-option-titled = { $value } ({ $title })
relay-options-more = { $list }, { $option }
relay-kind-email = an email address
relay-kind-uri = a URI
relay-kind-date = a date, YYYY-MM-DD
relay-kind-date-time = a date and time, RFC 3339
relay-kind-text = text
relay-kind-integer = a whole number
relay-kind-number = a number
relay-kind-boolean = true or false
relay-kind-array = a list of { -choice(number: "other") }
relay-kind-value = a value
# The placeholders of the JSON the model is shown (between < and >).
relay-shape-as-given = as given
relay-shape-key = question { -key }
# $decline: the JSON that declines a question.
relay-call-back = Then call the tool `{ $tool }` again with the same arguments { $arguments } plus the argument { $callback } (the values are examples of the shape: use the user's). If the user will not reply to a question, leave it out of "answers" and give { $decline }; if they want to stop, "cancel".
relay-waiting-on-page = The tool `{ $tool }` is waiting for the user to finish on the { -page } it linked to. When the user says they are done, call `{ $tool }` again with the arguments { $arguments } plus { $callback }.
# A call-back argument the model wrote wrong: $argument the argument's name, $problem one of
# the relay-error-* texts, $shape the JSON it must be; $key a question's key.
relay-error = `{ $argument }` { $problem }: it must be { $shape }
relay-error-not-object = is not an object
relay-error-no-continuation = has no `continuation` string
relay-error-answers = has `answers` that is not an object
relay-error-actions = has `actions` that is not an object
relay-error-twice = gives `{ $key }` in both `answers` and `actions`
relay-error-answer = has a value for `{ $key }` that is neither an object of { -field } values nor "accept", "decline" or "cancel"

## The page of a form asked on the server's own page (`page` module): HTML, escaped when written.

page-title = Your { -answer } is needed
page-intro = What you type here goes to this server only: it does not pass through your MCP client or its AI model.
# $user: who is signed in (shown in bold).
page-signed-in-as = Signed in as { $user }
page-required = (required)
page-optional = (optional)
# A field's label: $label its title, $hint page-required or page-optional.
page-label = { $label } { $hint }
page-no-choice = (none)
page-yes = Yes
page-no = No
page-submit = Submit
page-correct = Please correct the { -field(number: "other") } marked below.
page-secret-not-kept = For your safety this { -field } was emptied: type it again.
page-not-a-number = must be a number
page-done-title = Done
page-done = Your { -answer } was received. You can close this { -page } and go back to your MCP client.
page-refused-title = This link cannot be used
page-nothing-stored = Nothing was stored.
page-wrong-user = This link was started by another user. Only the user who started it in their MCP client can use it. If someone sent you this link, do not use it.
page-unknown = This link is not valid.
page-expired = This link has expired. Start again from your MCP client.
page-used = This link was used already.
page-unavailable = The server cannot show this { -form } right now. Try again later.
page-sign-in = Sign in to this site first, then open the link again.
page-foreign = The { -form } was sent from another site, or to another address.
page-stale = This { -form } is out of date or was not sent by this { -page }. Open the link again.
page-unreadable = The { -form } could not be read.

## A number asked as text, for a client that cannot show number fields: written after
## the field's description, or as its description (in parentheses after its title), so
## these texts hold no parentheses of their own.

# $min, $max: the bounds, written as the form's author wrote them.
as-text-integer = a whole number, in digits
as-text-integer-between = a whole number from { $min } to { $max }, in digits
as-text-integer-at-least = a whole number of at least { $min }, in digits
as-text-integer-at-most = a whole number of at most { $max }, in digits
as-text-number = a number in digits, with a point before any decimals
as-text-number-between = a number from { $min } to { $max } in digits, with a point before any decimals
as-text-number-at-least = a number of at least { $min } in digits, with a point before any decimals
as-text-number-at-most = a number of at most { $max } in digits, with a point before any decimals
