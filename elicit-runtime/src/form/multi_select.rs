//! Multi-selects on a revision without arrays (2025-06-18): one boolean per option on
//! the wire, and the ticked options read back into the list.
//!
//! 2025-06-18 has no `type: "array"` property, so a form with a multi-select would need
//! a second struct for those clients. Instead the field is written as one checkbox per
//! option, named `field.option`; the ticked ones are collected back into the field
//! before validation, so `min_items`, `max_items` and the option list are enforced on
//! the server exactly as on later revisions.

use serde_json::{Map, Value};

use super::schema::{EnumOption, FieldSchema, FormSchema, Kind, MultiSelectRules};
use super::validate::{Problem, Report};

/// The property name of one option's checkbox: `field.option`.
pub(crate) fn option_property(field: &str, option: &str) -> String {
    let mut name = String::with_capacity(field.len() + 1 + option.len());
    name.push_str(field);
    name.push('.');
    name.push_str(option);
    name
}

/// The checkbox properties of a multi-select field: one boolean per option, titled
/// `Field title: Option title`; the field's description (and how many to tick) on the
/// first; `default: true` on the options of the field's default.
pub(crate) fn checkboxes(field: &FieldSchema, rules: &MultiSelectRules) -> Vec<(String, Value)> {
    let label = field.title().unwrap_or(field.name());
    let defaults: &[&str] = match field.default() {
        Some(super::schema::Literal::List(values)) => values,
        _ => &[],
    };
    let mut description = field.description().map(str::to_owned);
    if let Some(bounds) = count_hint(rules) {
        description = Some(match description {
            Some(text) => format!("{text} ({bounds})"),
            None => bounds,
        });
    }
    rules
        .options
        .iter()
        .enumerate()
        .map(|(i, option)| {
            let mut p = Map::with_capacity(4);
            p.insert("type".into(), "boolean".into());
            p.insert("title".into(), format!("{label}: {}", option_label(option)).into());
            if i == 0
                && let Some(text) = &description
            {
                p.insert("description".into(), text.clone().into());
            }
            if defaults.contains(&option.value()) {
                p.insert("default".into(), true.into());
            }
            (option_property(field.name(), option.value()), Value::Object(p))
        })
        .collect()
}

fn option_label(option: &EnumOption) -> &str {
    option.title().unwrap_or(option.value())
}

fn count_hint(rules: &MultiSelectRules) -> Option<String> {
    match (rules.min_items, rules.max_items) {
        (Some(min), Some(max)) if min == max => Some(format!("tick exactly {min}")),
        (Some(min), Some(max)) => Some(format!("tick at least {min} and at most {max}")),
        (Some(min), None) => Some(format!("tick at least {min}")),
        (None, Some(max)) => Some(format!("tick at most {max}")),
        (None, None) => None,
    }
}

/// Reads checkbox content back: for each multi-select field of `schema`, the options
/// whose checkbox is `true` become the field's list (in option order), and the
/// checkboxes are removed. Clients often leave unticked boxes out, so for a required
/// field no box ticked is an empty list (which `min_items` may refuse); an optional field
/// none of whose boxes is present stays absent (its default or `None` applies). A
/// checkbox that is neither a boolean nor `null` is a violation of its field. A field
/// sent as a list (as later revisions write it) is left as it is.
///
/// Content without multi-select fields is returned unchanged (borrowed).
pub(crate) fn collect_checkboxes<'c>(
    schema: &FormSchema,
    content: &'c Map<String, Value>,
    report: &mut Report,
) -> std::borrow::Cow<'c, Map<String, Value>> {
    let multi: Vec<(&FieldSchema, &MultiSelectRules)> = schema
        .fields()
        .iter()
        .filter_map(|field| match field.kind() {
            Kind::MultiSelect(rules) => Some((field, rules)),
            _ => None,
        })
        .collect();
    if multi.is_empty() {
        return std::borrow::Cow::Borrowed(content);
    }
    let mut out = content.clone();
    for (field, rules) in multi {
        if out.contains_key(field.name()) {
            continue;
        }
        let mut seen = field.is_required();
        let mut ticked = Vec::new();
        for option in rules.options {
            let Some(value) = out.remove(&option_property(field.name(), option.value())) else { continue };
            seen = true;
            match value {
                Value::Bool(true) => ticked.push(Value::from(option.value())),
                Value::Bool(false) | Value::Null => {}
                other => report.push(field.name(), Problem::wrong_type("boolean", &other)),
            }
        }
        if seen {
            out.insert(field.name().to_owned(), Value::Array(ticked));
        }
    }
    std::borrow::Cow::Owned(out)
}
