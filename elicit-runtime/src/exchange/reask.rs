//! The re-ask after invalid content: the fields answered right kept as defaults, and the
//! message that lists what was wrong, in the user's language, about what they were shown;
//! and the rule that keeps URLs out of form-mode texts (`contains_url`).

use serde_json::{Map, Value};

use crate::form::{self, ClientProfile, FormSchema, InvalidContent, Kind, Problem, RequestedSchema, Violation, echo};
use crate::locale::{Arg, Locale};
use crate::revision::ProtocolRevision;

/// On a re-ask, the fields the user got right come back as their `default`, so the user
/// corrects only what was wrong. Only where the revision allows a `default` on the
/// field's kind (2025-06-18: booleans, including the checkboxes of a multi-select).
/// Kept in `defaults` by property name, over those of earlier re-asks.
pub(super) fn keep_valid_answers(
    form: &FormSchema,
    defaults: &mut Map<String, Value>,
    schema: &RequestedSchema,
    result: &Value,
    invalid: &InvalidContent,
    revision: ProtocolRevision,
    profile: &ClientProfile,
) {
    let Some(content) = result.get("content").and_then(Value::as_object) else { return };
    let Some(properties) = schema.as_json().get("properties").and_then(Value::as_object) else { return };
    let mut keep = |name: &str, value: &Value| {
        if properties.get(name).is_some_and(Value::is_object) {
            defaults.insert(name.to_owned(), value.clone());
        }
    };
    for field in form.fields() {
        if invalid.violations().iter().any(|v| v.field == field.name()) {
            continue;
        }
        match field.kind() {
            Kind::MultiSelect(rules) if profile.checkboxes_for(field, revision) => {
                // A run-time select's checkboxes are those this request wrote.
                let names: Vec<String> = match field.is_runtime_select() {
                    true => form::checkboxes_of(properties, field.name()).cloned().collect(),
                    false => (0..rules.options.len()).map(|i| form::checkbox_name(field.name(), rules.options, i)).collect(),
                };
                for name in names {
                    if let Some(Value::Bool(ticked)) = content.get(&name) {
                        keep(&name, &Value::Bool(*ticked));
                    }
                }
            }
            kind => {
                let allowed = revision.has_defaults_on_every_type() || matches!(kind, Kind::Boolean);
                // An integer past ±2^53 is not offered back: JavaScript clients would show
                // it rounded (and the user could send the rounding back), and typed SDKs
                // (rmcp's, which carries 2026-07-28 rounds) refuse it past `i64`.
                let exact = |v: &&Value| !v.is_null() && v.as_i64().or_else(|| v.as_u64().map(|_| i64::MAX)).is_none_or(|n| n.unsigned_abs() <= 1 << 53);
                if let (true, Some(value)) = (allowed, content.get(field.name()).filter(exact)) {
                    keep(field.name(), value);
                }
            }
        }
    }
}

/// The defaults kept from earlier answers, written into the params' `requestedSchema`.
pub(super) fn with_defaults(params: &mut Map<String, Value>, defaults: &Map<String, Value>) {
    let Some(properties) = params.get_mut("requestedSchema").and_then(|s| s.get_mut("properties")).and_then(Value::as_object_mut) else {
        return;
    };
    for (name, value) in defaults {
        if let Some(Value::Object(property)) = properties.get_mut(name) {
            property.insert("default".into(), value.clone());
        }
    }
}

impl InvalidContent {
    /// The message of a re-ask in `locale`'s language: the original message, then what
    /// was wrong. Knowing no form, it names each field by its wire name; the re-ask an
    /// elicitation sends names it by the title the user was shown
    /// ([`Violation::text_in`](crate::form::Violation::text_in)).
    ///
    /// ```
    /// use elicit_runtime::Elicit;
    /// use elicit_runtime::locale::Locale;
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug)]
    /// struct Rating {
    ///     #[elicit(minimum = 1, maximum = 5)]
    ///     rating: u8,
    /// }
    ///
    /// let invalid = Rating::from_content(json!({"rating": 9}).as_object().unwrap()).unwrap_err();
    /// assert_eq!(invalid.reask_message_in("Your rating?", Locale::default()), "Your rating?\n\nPlease correct your answer:\n- `rating`: must be at most 5, got 9");
    /// assert_eq!(invalid.reask_message_in("평점을 알려 주세요", Locale::for_tag("ko")), "평점을 알려 주세요\n\n답변을 고쳐 주세요:\n- `rating`: 5 이하여야 합니다. 입력값: 9");
    /// ```
    pub fn reask_message_in(&self, message: &str, locale: Locale) -> String {
        reask_text(message, self, None, locale)
    }
}

/// [`InvalidContent::reask_message_in`], knowing the form and whether its multi-selects were sent as
/// checkboxes (on 2025-06-18, or to a client without arrays): then a problem with a
/// multi-select's checkbox names the checkbox with the title the client
/// showed beside it, and a count that is not kept is said once of the group of boxes.
/// No line is written twice.
pub(crate) fn reask_text(message: &str, invalid: &InvalidContent, form: Option<(&FormSchema, bool)>, locale: Locale) -> String {
    let mut text = String::from(message);
    text.push_str("\n\n");
    text.push_str(&locale.message("reask-heading", &[]));
    let mut written: Vec<String> = Vec::with_capacity(invalid.violations().len());
    for violation in invalid.violations() {
        let mut line = user_line(violation, form, locale);
        // Problems quote what the client sent; a URL from there must not end up in a
        // form-mode message.
        if contains_url(&line) {
            let title = form.and_then(|(schema, _)| schema.field(&violation.field)).and_then(|f| f.title_in(locale));
            line = locale.message("reask-not-valid", &[("field", Arg::Text(&form::field_name(&echo(&violation.field), title, locale)))]);
            if contains_url(&line) {
                line = locale.message("reask-an-answer-not-valid", &[]);
            }
        }
        if written.contains(&line) {
            continue;
        }
        text.push_str("\n- ");
        text.push_str(&line);
        written.push(line);
    }
    text
}

/// One violation as the person who answered reads it: about what their client showed,
/// each field named by the title they saw (in their language).
fn user_line(violation: &Violation, form: Option<(&FormSchema, bool)>, locale: Locale) -> String {
    let Some((schema, checkboxes)) = form else {
        return violation.text(locale);
    };
    if checkboxes {
        if let Some(field) = schema.field(&violation.field)
            && let Kind::MultiSelect(_) = field.kind()
        {
            let label = field.title_in(locale).unwrap_or(field.name());
            let ticked = |id: &str, bound: &str, n: u64, count: u64| {
                locale.message(id, &[(bound, Arg::Count(n)), ("label", Arg::Text(label)), ("count", Arg::Count(count))])
            };
            match violation.problem {
                Problem::TooFewItems { min_items, count } => return ticked("reask-too-few-ticked", "min_items", min_items, count),
                Problem::TooManyItems { max_items, count } => return ticked("reask-too-many-ticked", "max_items", max_items, count),
                _ => {}
            }
        }
        if let Some((_, title)) = form::find_checkbox(schema, &violation.field, locale) {
            return violation.text_named(Some(&title), locale);
        }
    }
    violation.text_in(schema, locale)
}

/// Whether text carries a URL: the rule of `rules::url_in_text`, the same
/// `#[derive(Elicit)]` applies to titles and descriptions.
pub(crate) fn contains_url(text: &str) -> bool {
    crate::rules::url_in_text::find_url(text).is_some()
}

#[cfg(test)]
mod url_tests {
    use super::contains_url;

    #[test]
    fn urls_of_any_scheme_are_found() {
        for text in [
            "see https://example.com",
            "HTTP://EXAMPLE.COM",
            "files at ftp://files.example/x",
            "file:///etc/passwd",
            "write to mailto:help@example.com",
            "click javascript:alert(1)",
            "call tel:+15550100",
            "open myapp://settings",
            "see www.example.com",
            "(data:text/html,hi)",
            // What a browser opens as `https://evil.example/`.
            "open https:evil.example",
            "open https:/evil.example",
            "open HTTPS:\\\\evil.example",
            "ws:evil.example",
            "https:[::1]",
            // Invisible characters and full-width letters hide nothing from the user.
            "see https\u{200b}://evil.example",
            "see h\u{ad}ttps\u{2060}://evil.example",
            "see www\u{200b}.evil.example",
            "see \u{ff48}\u{ff54}\u{ff54}\u{ff50}\u{ff53}\u{ff1a}//evil.example",
            "see \u{202e}elpmaxe.live//:sptth\u{202c} now",
        ] {
            assert!(contains_url(text), "{text}");
        }
        for text in ["Time: 10:30", "Note: read this", "ratio 1:2", "a www word", "mailto: nobody", "Step 1: open the app", "key:value", "", "HTTPS: always", "ftp: no", "zero\u{200b}width: fine", "\u{ff21}\u{ff22}: fine"] {
            assert!(!contains_url(text), "{text}");
        }
    }
}
