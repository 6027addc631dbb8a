# elicit: los textos que el kit de herramientas escribe para una persona, en español.
# Cada mensaje de en.ftl, con las mismas variables. Los textos del modo formulario no llevan ninguna URL. Los nombres entre acentos graves son nombres del protocolo: se mantienen.
# Comillas «» sin espacios; la página trata de usted, las instrucciones al modelo tutean.

## El glosario: una sola palabra para cada cosa que nombran los textos, escrita aquí una vez y usada
## por los mensajes como { -field } o { -field(number: "other") }. Cambiar una palabra es cambiarla aquí.

# Una pregunta del formulario, con su título: lo que el usuario rellena.
-field = { $number ->
       *[one] campo
        [other] campos
    }
# Un elemento de una lista que el usuario escribe como un solo texto.
-item = { $number ->
       *[one] elemento
        [other] elementos
    }
# Lo que ofrece una lista de selección.
-option = { $number ->
       *[one] opción
        [other] opciones
    }
# Lo que el usuario eligió entre las opciones.
-choice = { $number ->
       *[one] opción elegida
        [other] opciones elegidas
    }
-form = formulario
-page = página
# Un nombre en el contenido que envió el cliente.
-key = { $number ->
       *[one] clave
        [other] claves
    }
-answer = respuesta

## Un problema con el valor de un campo, escrito tras el nombre del campo.

problem-missing = es obligatorio pero falta
problem-wrong-type = debe ser { $expected }, no { $found }
json-type-string = texto
json-type-number = un número
json-type-integer = un número entero
json-type-boolean = verdadero o falso
json-type-array = una lista
json-type-object = un objeto
json-type-null = un valor vacío
problem-not-an-integer = debe ser un número entero
problem-not-a-number = debe ser un número
problem-inexact-integer = debe escribirse sin parte decimal ni exponente: más allá de ±9007199254740991 un número así no se lee con exactitud
problem-integer-out-of-range = debe estar entre { $min } y { $max }
problem-number-out-of-range = debe ser como máximo { $max } en valor absoluto
problem-below-minimum = debe ser al menos { $minimum } (valor indicado: { $found })
problem-above-maximum = debe ser como máximo { $maximum } (valor indicado: { $found })
problem-too-short = debe tener al menos { $min_length ->
        [one] { $min_length } carácter
       *[other] { $min_length } caracteres
    } (tiene { $length })
problem-too-long = debe tener como máximo { $max_length ->
        [one] { $max_length } carácter
       *[other] { $max_length } caracteres
    } (tiene { $length })
problem-pattern-hint = debe tener la forma { $hint }
problem-pattern = no tiene el formato esperado
problem-invalid-format = debe ser { $format ->
        [email] una dirección de correo electrónico válida
        [uri] una URI válida
        [date] una fecha válida
        [date-time] una fecha y hora válidas
       *[other] un { $format } válido
    }
problem-not-an-option = `{ $value }` no es una de las { -option(number: "other") }
problem-duplicate-item = `{ $value }` está elegido más de una vez
problem-too-few-items = debe tener al menos { $min_items ->
        [one] { $min_items } { -choice }
       *[other] { $min_items } { -choice(number: "other") }
    } (tiene { $count })
problem-too-many-items = debe tener como máximo { $max_items ->
        [one] { $max_items } { -choice }
       *[other] { $max_items } { -choice(number: "other") }
    } (tiene { $count })
problem-not-asked = no es un { -field } de este { -form }
problem-more-not-asked = no es un { -field } de este { -form }, ni { $others ->
        [one] la otra { -key } que le sigue
       *[other] las { $others } otras { -key(number: "other") } que le siguen
    }
problem-rule-unsaid = la { -answer } incumple una regla de este { -form }
problem-list-item = { -item } { $index }: { $problem }
violation = { $field }: { $problem }
field-wire = `{ $name }`

## Las reglas del crate `validator` (función `validator`), escritas tras el nombre del campo.

validator-length-exact = debe tener exactamente { $n ->
        [one] { $n } carácter
       *[other] { $n } caracteres
    }
validator-length-between = debe tener entre { $min } y { $max } caracteres
validator-length-min = debe tener al menos { $min ->
        [one] { $min } carácter
       *[other] { $min } caracteres
    }
validator-length-max = debe tener como máximo { $max ->
        [one] { $max } carácter
       *[other] { $max } caracteres
    }
validator-length = no tiene la longitud correcta
validator-range-between = debe estar entre { $min } y { $max }
validator-range-min = debe ser al menos { $min }
validator-range-max = debe ser como máximo { $max }
validator-range-greater = debe ser mayor que { $min }
validator-range-less = debe ser menor que { $max }
validator-range-greater-less = debe ser mayor que { $min } y menor que { $max }
validator-range-min-less = debe ser al menos { $min } y menor que { $max }
validator-range-greater-max = debe ser mayor que { $min } y como máximo { $max }
validator-range = está fuera del rango permitido
validator-email = debe ser una dirección de correo electrónico válida
validator-url = debe ser una URL válida
validator-regex = no tiene el formato esperado
validator-required = es obligatorio
validator-must-match = debe coincidir con el { -field } que repite
validator-contains = debe contener `{ $needle }`
validator-contains-unsaid = le falta una parte obligatoria
validator-does-not-contain = no debe contener `{ $needle }`
validator-does-not-contain-unsaid = contiene una parte no permitida
validator-credit-card = debe ser un número de tarjeta válido
validator-non-control-character = no debe contener caracteres de control
validator-ip = debe ser una dirección IP válida
validator-rule = incumple la regla `{ $code }`
validator-not-valid = no es válido

## El mensaje de un formulario que se vuelve a preguntar: la pregunta y luego lo que hay que corregir.

reask-heading = Por favor, corrija su { -answer }:
value-title = Respuesta
reask-not-valid = { $field }: no es una { -answer } válida
reask-an-answer-not-valid = una { -answer } no es válida
reask-too-few-ticked = elija al menos { $min_items } de las { -option(number: "other") } de «{ $label }» ({ $count ->
        [one] { $count } marcada
       *[other] { $count } marcadas
    })
reask-too-many-ticked = elija como máximo { $max_items } de las { -option(number: "other") } de «{ $label }» ({ $count ->
        [one] { $count } marcada
       *[other] { $count } marcadas
    })

## Una selección múltiple escrita como casillas (2025-06-18), y las descripciones que añade el kit.

checkbox-title = { $field }: { $option }
checkbox-description = { $description } ({ $rule })
title-description = { $title }: { $description }
list-hint = { -item(number: "other") } separados por «{ $separator }»
tick-exactly = marque exactamente { $count }
tick-between = marque al menos { $min } y como máximo { $max }
tick-at-least = marque al menos { $min }
tick-at-most = marque como máximo { $max }

## Una elección en dos pasos: el mensaje del segundo es la pregunta y luego lo elegido en el primero.

choice-chosen = Ha elegido: { $choice }

## Las notificaciones de progreso mientras el usuario responde, y los motivos de una pregunta retirada.

progress-waiting-form = esperando a que el usuario responda un { -form }
progress-waiting-page = esperando a que el usuario termine en la { -page }
cancelled-call = se canceló la solicitud que hizo esta pregunta
cancelled-abandoned = esta pregunta ya no es necesaria
cancelled-timeout = se acabó el tiempo para responder esta pregunta

## El error JSON-RPC que pide al cliente abrir una página y volver a intentarlo (-32042).

error-more-information = Esta solicitud necesita más información.

## El relevo a través del modelo: un resultado de herramienta que pide al modelo del cliente que pregunte al usuario.

relay-intro = Esta herramienta necesita información del usuario para continuar, y el cliente del usuario no puede mostrar la pregunta. Pregúntale tú mismo al usuario, con tus propias palabras, y transmite exactamente lo que responda: nunca respondas por él, nunca adivines.
relay-question = Pregunta `{ $key }`: { $message }
relay-link-question = Pregunta `{ $key }` (un enlace): { $message }
relay-link-show = Muestra al usuario este enlace para que lo abra en su navegador: { $url }
relay-link-action = Dale la acción "accept" (en "actions") cuando el usuario haya aceptado abrirlo, "decline" si se niega.
relay-required = obligatorio
relay-optional = opcional
relay-minimum = al menos { $bound }
relay-maximum = como máximo { $bound }
relay-min-length = al menos { $bound ->
        [one] { $bound } carácter
       *[other] { $bound } caracteres
    }
relay-max-length = como máximo { $bound ->
        [one] { $bound } carácter
       *[other] { $bound } caracteres
    }
relay-min-items = al menos { $bound ->
        [one] { $bound } { -choice }
       *[other] { $bound } { -choice(number: "other") }
    }
relay-max-items = como máximo { $bound ->
        [one] { $bound } { -choice }
       *[other] { $bound } { -choice(number: "other") }
    }
relay-pattern = debe coincidir con la expresión regular { $pattern }
relay-options = uno de estos valores: { $options }
relay-default = predeterminado { $default }
relay-field = - `{ $name }` ({ $kind }, { $needed })
relay-field-title = { $field }: { $title }
relay-field-description = { $field } — { $description }
relay-field-rule = { $field }; { $rule }
relay-option-titled = { $value } ({ $title })
relay-options-more = { $list }, { $option }
relay-kind-email = una dirección de correo electrónico
relay-kind-uri = una URI
relay-kind-date = una fecha, YYYY-MM-DD
relay-kind-date-time = una fecha y hora, RFC 3339
relay-kind-text = texto
relay-kind-integer = un número entero
relay-kind-number = un número
relay-kind-boolean = true o false
relay-kind-array = una lista de { -option(number: "other") }
relay-kind-value = un valor
relay-shape-as-given = tal como se recibió
relay-shape-key = { -key } de la pregunta
relay-call-back = Luego vuelve a llamar a la herramienta `{ $tool }` con los mismos argumentos { $arguments } más el argumento { $callback } (los valores son ejemplos de la forma: usa los del usuario). Si el usuario no quiere responder una pregunta, déjala fuera de "answers" y da { $decline }; si quiere parar, "cancel".
relay-waiting-on-page = La herramienta `{ $tool }` está esperando a que el usuario termine en la { -page } que enlazó. Cuando el usuario diga que ha terminado, vuelve a llamar a `{ $tool }` con los argumentos { $arguments } más { $callback }.
relay-error = El argumento `{ $argument }` { $problem }: debe tener la forma { $shape }
relay-error-not-object = no es un objeto
relay-error-no-continuation = no tiene la cadena `continuation`
relay-error-answers = tiene un `answers` que no es un objeto
relay-error-actions = tiene un `actions` que no es un objeto
relay-error-twice = da `{ $key }` tanto en `answers` como en `actions`
relay-error-answer = tiene para `{ $key }` un valor que no es ni un objeto de valores de { -field(number: "other") } ni "accept", "decline" o "cancel"

## La página de un formulario preguntado en la página del propio servidor (módulo `page`): HTML, escapado al escribirlo.

page-title = Se necesita su { -answer }
page-intro = Lo que escriba aquí va solo a este servidor: no pasa por su cliente MCP ni por su modelo de IA.
page-signed-in-as = Sesión iniciada como { $user }
page-required = (obligatorio)
page-optional = (opcional)
page-label = { $label } { $hint }
page-no-choice = (ninguna)
page-yes = Sí
page-no = No
page-submit = Enviar
page-correct = Por favor, corrija los { -field(number: "other") } señalados abajo.
page-secret-not-kept = Por su seguridad, este { -field } se ha vaciado: escríbalo de nuevo.
page-not-a-number = debe ser un número
page-done-title = Listo
page-done = Hemos recibido su { -answer }. Puede cerrar esta { -page } y volver a su cliente MCP.
page-refused-title = Este enlace no se puede usar
page-nothing-stored = No se ha guardado nada.
page-wrong-user = Este enlace lo inició otro usuario. Solo quien lo inició en su cliente MCP puede usarlo. Si alguien le envió este enlace, no lo use.
page-unknown = Este enlace no es válido.
page-expired = Este enlace ha caducado. Empiece de nuevo desde su cliente MCP.
page-used = Este enlace ya se ha usado.
page-unavailable = El servidor no puede mostrar este { -form } ahora. Inténtelo más tarde.
page-sign-in = Inicie sesión en este sitio primero y luego vuelva a abrir el enlace.
page-foreign = El { -form } se envió desde otro sitio, o a otra dirección.
page-stale = Este { -form } está desactualizado o no lo envió esta { -page }. Vuelva a abrir el enlace.
page-unreadable = No se pudo leer el { -form }.

## Un número pedido como texto, para un cliente que no muestra campos numéricos: escrito tras la
## descripción del campo (entre paréntesis) o como su descripción, por eso aquí no lleva paréntesis propios.

as-text-integer = un número entero, en cifras
as-text-integer-between = un número entero de { $min } a { $max }, en cifras
as-text-integer-at-least = un número entero no menor que { $min }, en cifras
as-text-integer-at-most = un número entero no mayor que { $max }, en cifras
as-text-number = un número en cifras, con punto antes de los decimales
as-text-number-between = un número de { $min } a { $max } en cifras, con punto antes de los decimales
as-text-number-at-least = un número no menor que { $min } en cifras, con punto antes de los decimales
as-text-number-at-most = un número no mayor que { $max } en cifras, con punto antes de los decimales
