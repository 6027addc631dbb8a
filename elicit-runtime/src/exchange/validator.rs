//! The `validator` crate's rules as the author's rules of a form (feature `validator`).

use super::elicit::Elicit;
use crate::form::{FormSchema, Violation};
use crate::locale::Words;

/// The rules of the [`validator`](https://docs.rs/validator) crate as the author's rules
/// of a form (feature `validator`): for a form that also derives `validator::Validate`,
/// `#[elicit(validate = elicit_runtime::exchange::validator_rules)]`. Each failed rule is
/// a [`Problem::Rule`](crate::form::Problem::Rule) under the field's wire name (the Rust name matched across the
/// `rename_all` casings; a field renamed to another word keeps its Rust name), in the
/// rule's own `message` when it has one, or in words for validator's built-in rules
/// ("must be at least 3 characters long", in the user's language: the catalog's
/// `validator-*` messages); a rule of the whole struct (`__all__`) is
/// [`Violation::form_rule`].
///
/// validator's `length`, `range`, `email` and `url` are also the form's own constraints
/// (`min_length`, `minimum`, `format`...), sent to the client and checked before the rules
/// run; its other rules (`custom`, `must_match`, `contains`, a rule of the struct...) run
/// here.
///
/// ```
/// use elicit_runtime::{Elicit, ProtocolRevision};
/// use elicit_runtime::form::Violation;
/// use elicit_runtime::locale::Locale;
/// use serde_json::json;
/// use validator::{Validate, ValidationError};
///
/// fn adult(age: u8) -> Result<(), ValidationError> {
///     if age >= 18 { Ok(()) } else { Err(ValidationError::new("adult")) }
/// }
///
/// #[derive(Elicit, Validate, Debug)]
/// #[elicit(rename_all = "camelCase", validate = elicit_runtime::exchange::validator_rules)]
/// struct Signup {
///     #[validate(length(min = 3))]
///     user_name: String,
///     #[validate(must_match(other = "user_name"))]
///     repeat_name: String,
///     #[validate(custom(function = "adult", message = "you must be an adult"))]
///     age: u8,
/// }
///
/// let schema = Signup::requested_schema(ProtocolRevision::V2025_11_25)?;
/// assert_eq!(schema.as_json()["properties"]["userName"]["minLength"], 3);
/// let err = Signup::from_content(json!({"userName": "ada", "repeatName": "bob", "age": 9}).as_object().unwrap()).unwrap_err();
/// let violations = err.into_violations();
/// assert_eq!(violations[1], Violation::rule("age", "you must be an adult"));
/// assert_eq!(violations[0].to_string(), "`repeatName`: must match the field it repeats");
/// assert_eq!(violations[0].text(Locale::for_tag("ko")), "`repeatName`: 확인 대상 항목과 같아야 합니다");
/// # Ok::<(), elicit_runtime::SchemaError>(())
/// ```
#[cfg(feature = "validator")]
#[cfg_attr(docsrs, doc(cfg(feature = "validator")))]
pub fn validator_rules<T: Elicit + validator::Validate>(value: &T) -> Result<(), Vec<Violation>> {
    let Err(errors) = value.validate() else { return Ok(()) };
    let mut violations = Vec::new();
    for (name, kind) in errors.into_errors() {
        let field = wire_name_of(T::SCHEMA, &name);
        match kind {
            validator::ValidationErrorsKind::Field(errors) => {
                for error in errors {
                    let words = validator_words(&error);
                    violations.push(if name == "__all__" { Violation::form_rule(words) } else { Violation::rule(field.clone(), words) });
                }
            }
            // A flat form has no nested structs or lists; if a rule reports one, say so of the field.
            validator::ValidationErrorsKind::Struct(_) | validator::ValidationErrorsKind::List(_) => {
                violations.push(Violation::rule(field, Words::message("validator-not-valid")));
            }
        }
    }
    // In field order, as the schema's own problems are.
    let position = |v: &Violation| T::SCHEMA.fields().iter().position(|f| f.name() == v.field).unwrap_or(usize::MAX);
    violations.sort_by_key(position);
    Err(violations)
}

/// The wire name of the field validator calls `rust_name`: the same name, or the one that
/// spells the same words in another casing (`user_name` and `userName`).
#[cfg(feature = "validator")]
fn wire_name_of(schema: &FormSchema, rust_name: &str) -> std::borrow::Cow<'static, str> {
    let words = |name: &str| name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    let fields = schema.fields();
    let found = fields.iter().find(|f| f.name() == rust_name).or_else(|| fields.iter().find(|f| words(f.name()) == words(rust_name)));
    match found {
        Some(field) => field.name().into(),
        None => rust_name.to_owned().into(),
    }
}

/// A failed validator rule in words: its own message, or the built-in rule said plainly
/// in the catalog's `validator-*` messages (in the user's language).
#[cfg(feature = "validator")]
fn validator_words(error: &validator::ValidationError) -> Words {
    if let Some(message) = &error.message {
        return Words::new(message.to_string());
    }
    let param = |name: &str| error.params.get(name).map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned));
    // A bound that is a count chooses the plural form; any other is written as it is.
    let bound = |words: Words, name: &'static str, value: String| match value.parse::<u64>() {
        Ok(count) => words.count(name, count),
        Err(_) => words.arg(name, value),
    };
    let message = Words::message;
    match error.code.as_ref() {
        "length" => match (param("equal"), param("min"), param("max")) {
            (Some(n), _, _) => bound(message("validator-length-exact"), "n", n),
            (None, Some(min), Some(max)) => bound(bound(message("validator-length-between"), "min", min), "max", max),
            (None, Some(min), None) => bound(message("validator-length-min"), "min", min),
            (None, None, Some(max)) => bound(message("validator-length-max"), "max", max),
            (None, None, None) => message("validator-length"),
        },
        // An exclusive bound refuses the bound itself: "greater than 0", never "at least 0".
        "range" => {
            let low = param("min").map(|b| (b, "validator-range-min")).or_else(|| param("exclusive_min").map(|b| (b, "validator-range-greater")));
            let high = param("max").map(|b| (b, "validator-range-max")).or_else(|| param("exclusive_max").map(|b| (b, "validator-range-less")));
            match (low, high) {
                (Some((min, low)), Some((max, high))) => {
                    let id = match (low, high) {
                        ("validator-range-min", "validator-range-max") => "validator-range-between",
                        ("validator-range-min", _) => "validator-range-min-less",
                        (_, "validator-range-max") => "validator-range-greater-max",
                        _ => "validator-range-greater-less",
                    };
                    message(id).arg("min", min).arg("max", max)
                }
                (Some((min, id)), None) => message(id).arg("min", min),
                (None, Some((max, id))) => message(id).arg("max", max),
                (None, None) => message("validator-range"),
            }
        }
        "email" => message("validator-email"),
        "url" => message("validator-url"),
        "regex" => message("validator-regex"),
        "required" => message("validator-required"),
        // Its `other` parameter is the other field's value (a password, say): never repeated.
        "must_match" => message("validator-must-match"),
        "contains" => param("needle").map_or_else(|| message("validator-contains-unsaid"), |n| message("validator-contains").arg("needle", n)),
        "does_not_contain" => {
            param("needle").map_or_else(|| message("validator-does-not-contain-unsaid"), |n| message("validator-does-not-contain").arg("needle", n))
        }
        "credit_card" => message("validator-credit-card"),
        "non_control_character" => message("validator-non-control-character"),
        "ip" | "ipv4" | "ipv6" => message("validator-ip"),
        code => message("validator-rule").arg("code", code),
    }
}
