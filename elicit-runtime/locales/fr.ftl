# elicit : les textes que la boîte à outils écrit pour une personne, en français.
# Chaque message de en.ftl, avec les mêmes variables. Les textes du mode formulaire ne portent aucune URL. Les noms entre accents graves sont des noms du protocole : les garder.
# Typographie : espace fine insécable (U+202F) avant « : », « ; », « ! », « ? » et à l’intérieur des guillemets « », apostrophe ’. La page vouvoie ; les consignes au modèle tutoient.

## Le glossaire : un seul mot pour chaque chose que les textes nomment, écrit ici une fois et repris
## par les messages sous la forme { -field } ou { -field(number: "other") }. Changer un mot, c’est le changer ici.

# Une question du formulaire, avec son titre : ce que l’utilisateur remplit.
-field = { $number ->
       *[one] champ
        [other] champs
    }
# Un élément d’une liste que l’utilisateur écrit en un seul texte.
-item = { $number ->
       *[one] élément
        [other] éléments
    }
# Ce que propose une liste de choix.
-option = { $number ->
       *[one] option
        [other] options
    }
# Ce que l’utilisateur a choisi parmi les options.
-choice = choix
-form = formulaire
-page = page
# Un nom dans le contenu envoyé par le client.
-key = { $number ->
       *[one] clé
        [other] clés
    }
-answer = réponse

## Un problème de la valeur d’un champ, écrit après le nom du champ.

problem-missing = est obligatoire mais manquant
problem-wrong-type = doit être { $expected }, et non { $found }
json-type-string = du texte
json-type-number = un nombre
json-type-integer = un nombre entier
json-type-boolean = vrai ou faux
json-type-array = une liste
json-type-object = un objet
json-type-null = une valeur vide
problem-not-an-integer = doit être un nombre entier
problem-not-a-number = doit être un nombre
problem-inexact-integer = doit être écrit sans partie décimale ni exposant : au-delà de ±9007199254740991, un tel nombre n’est pas lu exactement
problem-integer-out-of-range = doit être compris entre { $min } et { $max }
problem-number-out-of-range = doit être au plus { $max } en valeur absolue
problem-below-minimum = doit valoir au moins { $minimum } (valeur donnée : { $found })
problem-above-maximum = doit valoir au plus { $maximum } (valeur donnée : { $found })
problem-too-short = doit comporter au moins { $min_length ->
        [one] { $min_length } caractère
       *[other] { $min_length } caractères
    } (actuellement { $length })
problem-too-long = doit comporter au plus { $max_length ->
        [one] { $max_length } caractère
       *[other] { $max_length } caractères
    } (actuellement { $length })
problem-pattern-hint = doit être de la forme { $hint }
problem-pattern = n’est pas au format attendu
problem-invalid-format = doit être { $format ->
        [email] une adresse e-mail valide
        [uri] une URI valide
        [date] une date valide
        [date-time] une date et heure valides
       *[other] un { $format } valide
    }
problem-not-an-option = `{ $value }` ne fait pas partie des { -option(number: "other") }
problem-duplicate-item = `{ $value }` est choisi plus d’une fois
problem-too-few-items = doit avoir au moins { $min_items } { -choice } (actuellement { $count })
problem-too-many-items = doit avoir au plus { $max_items } { -choice } (actuellement { $count })
problem-not-asked = n’est pas un { -field } de ce { -form }
problem-more-not-asked = n’est pas un { -field } de ce { -form }, pas plus { $others ->
        [one] que l’autre { -key } qui suit
       *[other] que les { $others } autres { -key(number: "other") } qui suivent
    }
problem-rule-unsaid = la { -answer } enfreint une règle de ce { -form }
problem-list-item = { -item } { $index } : { $problem }
violation = { $field } : { $problem }
field-wire = `{ $name }`

## Les règles de la crate `validator` (fonctionnalité `validator`), écrites après le nom du champ.

validator-length-exact = doit comporter exactement { $n ->
        [one] { $n } caractère
       *[other] { $n } caractères
    }
validator-length-between = doit comporter entre { $min } et { $max } caractères
validator-length-min = doit comporter au moins { $min ->
        [one] { $min } caractère
       *[other] { $min } caractères
    }
validator-length-max = doit comporter au plus { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    }
validator-length = n’a pas la bonne longueur
validator-range-between = doit être compris entre { $min } et { $max }
validator-range-min = doit valoir au moins { $min }
validator-range-max = doit valoir au plus { $max }
validator-range-greater = doit être strictement supérieur à { $min }
validator-range-less = doit être strictement inférieur à { $max }
validator-range-greater-less = doit être strictement supérieur à { $min } et strictement inférieur à { $max }
validator-range-min-less = doit valoir au moins { $min } et être strictement inférieur à { $max }
validator-range-greater-max = doit être strictement supérieur à { $min } et valoir au plus { $max }
validator-range = est hors des limites
validator-email = doit être une adresse e-mail valide
validator-url = doit être une URL valide
validator-regex = n’est pas au format attendu
validator-required = est obligatoire
validator-must-match = doit être identique au { -field } qu’il répète
validator-contains = doit contenir `{ $needle }`
validator-contains-unsaid = il manque une partie obligatoire
validator-does-not-contain = ne doit pas contenir `{ $needle }`
validator-does-not-contain-unsaid = contient une partie interdite
validator-credit-card = doit être un numéro de carte valide
validator-non-control-character = ne doit pas contenir de caractères de contrôle
validator-ip = doit être une adresse IP valide
validator-rule = enfreint la règle `{ $code }`
validator-not-valid = n’est pas valide

## Le message d’un formulaire reposé : la question, puis ce qu’il faut corriger.

reask-heading = Veuillez corriger votre { -answer } :
value-title = Réponse
reask-not-valid = { $field } : n’est pas une { -answer } valide
reask-an-answer-not-valid = une { -answer } n’est pas valide
reask-too-few-ticked = choisissez au moins { $min_items } des { -option(number: "other") } de « { $label } » ({ $count ->
        [one] { $count } cochée
       *[other] { $count } cochées
    })
reask-too-many-ticked = choisissez au plus { $max_items } des { -option(number: "other") } de « { $label } » ({ $count ->
        [one] { $count } cochée
       *[other] { $count } cochées
    })

## Un choix multiple écrit en cases à cocher (2025-06-18), et les descriptions qu’ajoute la boîte à outils.

checkbox-title = { $field } : { $option }
checkbox-description = { $description } ({ $rule })
title-description = { $title } : { $description }
list-hint = { -item(number: "other") } séparés par « { $separator } »
tick-exactly = cochez exactement { $count }
tick-between = cochez au moins { $min } et au plus { $max }
tick-at-least = cochez au moins { $min }
tick-at-most = cochez au plus { $max }

## Un choix posé en deux étapes : le message de la seconde est la question, puis ce qui a été choisi dans la première.

choice-chosen = Votre { -choice } : { $choice }

## Les notifications de progression pendant que l’utilisateur répond, et les raisons d’une question retirée.

progress-waiting-form = en attente de la { -answer } de l’utilisateur à un { -form }
progress-waiting-page = en attente que l’utilisateur termine sur la { -page }
cancelled-call = la requête qui a posé cette question a été annulée
cancelled-abandoned = cette question n’est plus nécessaire
cancelled-timeout = le temps pour répondre à cette question est écoulé

## L’erreur JSON-RPC qui demande au client d’ouvrir une page puis de réessayer (-32042).

error-more-information = Cette requête a besoin d’informations supplémentaires.

## Le relais par le modèle : un résultat d’outil qui demande au modèle du client d’interroger l’utilisateur.

relay-intro = Cet outil a besoin d’informations de l’utilisateur pour continuer, et le client de l’utilisateur ne peut pas afficher la question. Pose-la toi-même à l’utilisateur, avec tes propres mots, et transmets exactement ce qu’il répond : ne réponds jamais à sa place, ne devine jamais.
relay-question = Question `{ $key }` : { $message }
relay-link-question = Question `{ $key }` (un lien) : { $message }
relay-link-show = Montre à l’utilisateur ce lien à ouvrir dans son navigateur : { $url }
relay-link-action = Donne-lui l’action "accept" (dans "actions") une fois que l’utilisateur a accepté de l’ouvrir, "decline" s’il refuse.
relay-required = obligatoire
relay-optional = facultatif
relay-minimum = au moins { $bound }
relay-maximum = au plus { $bound }
relay-min-length = au moins { $bound ->
        [one] { $bound } caractère
       *[other] { $bound } caractères
    }
relay-max-length = au plus { $bound ->
        [one] { $bound } caractère
       *[other] { $bound } caractères
    }
relay-min-items = au moins { $bound } { -choice }
relay-max-items = au plus { $bound } { -choice }
relay-pattern = doit correspondre à l’expression régulière { $pattern }
relay-options = l’une des valeurs : { $options }
relay-default = par défaut { $default }
relay-field = - `{ $name }` ({ $kind }, { $needed })
relay-field-title = { $field } : { $title }
relay-field-description = { $field } — { $description }
relay-field-rule = { $field } ; { $rule }
relay-option-titled = { $value } ({ $title })
relay-options-more = { $list }, { $option }
relay-kind-email = une adresse e-mail
relay-kind-uri = une URI
relay-kind-date = une date, YYYY-MM-DD
relay-kind-date-time = une date et heure, RFC 3339
relay-kind-text = du texte
relay-kind-integer = un nombre entier
relay-kind-number = un nombre
relay-kind-boolean = true ou false
relay-kind-array = une liste de { -choice }
relay-kind-value = une valeur
relay-shape-as-given = tel que reçu
relay-shape-key = { -key } de la question
relay-call-back = Appelle ensuite à nouveau l’outil `{ $tool }` avec les mêmes arguments { $arguments } plus l’argument { $callback } (les valeurs sont des exemples de la forme : utilise celles de l’utilisateur). Si l’utilisateur ne veut pas répondre à une question, laisse-la hors de "answers" et donne { $decline } ; s’il veut arrêter, "cancel".
relay-waiting-on-page = L’outil `{ $tool }` attend que l’utilisateur termine sur la { -page } vers laquelle il a renvoyé. Quand l’utilisateur dit avoir terminé, appelle à nouveau `{ $tool }` avec les arguments { $arguments } plus { $callback }.
relay-error = L’argument `{ $argument }` { $problem } : il doit être de la forme { $shape }
relay-error-not-object = n’est pas un objet
relay-error-no-continuation = n’a pas de chaîne `continuation`
relay-error-answers = a un `answers` qui n’est pas un objet
relay-error-actions = a un `actions` qui n’est pas un objet
relay-error-twice = donne `{ $key }` à la fois dans `answers` et dans `actions`
relay-error-answer = a pour `{ $key }` une valeur qui n’est ni un objet de valeurs de { -field(number: "other") } ni "accept", "decline" ou "cancel"

## La page d’un formulaire posé sur la page du serveur lui-même (module `page`) : HTML, échappé à l’écriture.

page-title = Votre { -answer } est nécessaire
page-intro = Ce que vous saisissez ici est envoyé uniquement à ce serveur : cela ne passe ni par votre client MCP ni par son modèle d’IA.
page-signed-in-as = Connecté en tant que { $user }
page-required = (obligatoire)
page-optional = (facultatif)
page-label = { $label } { $hint }
page-no-choice = (aucun)
page-yes = Oui
page-no = Non
page-submit = Envoyer
page-correct = Veuillez corriger les { -field(number: "other") } signalés ci-dessous.
page-secret-not-kept = Pour votre sécurité, ce { -field } a été vidé : saisissez-le de nouveau.
page-not-a-number = doit être un nombre
page-done-title = Terminé
page-done = Votre { -answer } a bien été reçue. Vous pouvez fermer cette { -page } et revenir à votre client MCP.
page-refused-title = Ce lien ne peut pas être utilisé
page-nothing-stored = Rien n’a été enregistré.
page-wrong-user = Ce lien a été lancé par un autre utilisateur. Seul l’utilisateur qui l’a lancé dans son client MCP peut l’utiliser. Si quelqu’un vous a envoyé ce lien, ne l’utilisez pas.
page-unknown = Ce lien n’est pas valide.
page-expired = Ce lien a expiré. Recommencez depuis votre client MCP.
page-used = Ce lien a déjà été utilisé.
page-unavailable = Le serveur ne peut pas afficher ce { -form } pour le moment. Réessayez plus tard.
page-sign-in = Connectez-vous d’abord à ce site, puis ouvrez de nouveau le lien.
page-foreign = Le { -form } a été envoyé depuis un autre site, ou à une autre adresse.
page-stale = Ce { -form } est périmé ou n’a pas été envoyé par cette { -page }. Ouvrez de nouveau le lien.
page-unreadable = Le { -form } n’a pas pu être lu.

## Un nombre demandé en texte, pour un client qui n’affiche pas de champs numériques : écrit après la
## description du champ (entre parenthèses) ou comme sa description, d’où l’absence de parenthèses ici.

as-text-integer = un nombre entier, en chiffres
as-text-integer-between = un nombre entier de { $min } à { $max }, en chiffres
as-text-integer-at-least = un nombre entier d’au moins { $min }, en chiffres
as-text-integer-at-most = un nombre entier d’au plus { $max }, en chiffres
as-text-number = un nombre en chiffres, avec un point avant les décimales
as-text-number-between = un nombre de { $min } à { $max } en chiffres, avec un point avant les décimales
as-text-number-at-least = un nombre d’au moins { $min } en chiffres, avec un point avant les décimales
as-text-number-at-most = un nombre d’au plus { $max } en chiffres, avec un point avant les décimales
