//! A form's run-time selects for one request: the options checked before anything is
//! sent ([`check_given`]), the selects' properties rendered in their place in the cached
//! schema ([`with_options`]), and the answer read back by value ([`read_back_runtime`],
//! [`collect_runtime_checkboxes`]). The types are in `options.rs`.

use serde_json::{Map, Value, json};

use super::multi_select::{checkbox_names, runtime_checkboxes};
use super::options::{FormOptions, OptionList, OptionsError};
use super::problem::{Problem, Report};
use super::profile::{ClientProfile, adapt_property, carry_titles};
use super::render::render_field;
use super::render::{RequestedSchema, SchemaOptions};
use super::schema::{FieldSchema, FormSchema, Kind};
use crate::revision::ProtocolRevision;

/// An error on the run-time select `field` (its wire name), before anything is sent.
fn on(field: &'static FieldSchema, error: OptionsError) -> (&'static str, OptionsError) {
    (field.name(), error)
}

#[cfg(feature = "page")]
/// The checks of the options given for a form's run-time selects that do not depend on
/// the protocol revision: every run-time select has its options, a single-select at most
/// one default, a multi-select at least `min_items` options. An error names the field.
pub(crate) fn check_given(form: &FormSchema, given: Option<&dyn FormOptions>) -> Result<(), (&'static str, OptionsError)> {
    for field in form.fields().iter().filter(|f| f.is_runtime_select()) {
        let list = given.and_then(|g| g.list(field.name())).ok_or_else(|| on(field, OptionsError::NotGiven))?;
        match field.kind() {
            Kind::MultiSelect(rules) => {
                if let Some(min_items) = rules.min_items.filter(|&m| m > list.values.len() as u64) {
                    return Err(on(field, OptionsError::TooFewForMinItems { min_items, count: list.values.len() }));
                }
            }
            _ if list.defaults.len() > 1 => return Err(on(field, OptionsError::SeveralDefaults)),
            _ => {}
        }
    }
    Ok(())
}

/// The `requestedSchema` of a form with run-time selects for one request: the cached
/// schema of its static part, with each run-time select's property (on 2025-06-18, a
/// multi-select's checkboxes) written from its options where the cached schema holds its
/// place. Every check of the options against the field comes first; an error names the
/// field.
pub(crate) fn with_options(
    form: &FormSchema,
    cached: &RequestedSchema,
    given: Option<&dyn FormOptions>,
    revision: ProtocolRevision,
    schema_options: &SchemaOptions,
) -> Result<RequestedSchema, (&'static str, OptionsError)> {
    let locale = schema_options.language();
    let profile = schema_options.profile();
    let mut runtime: Vec<(&'static FieldSchema, Vec<(String, Value)>)> = Vec::new();
    for field in form.fields().iter().filter(|f| f.is_runtime_select()) {
        // A field whose rules come with the request: written as `render` writes any field.
        if let Some(asked) = given.and_then(|g| g.field(field.name())) {
            let mut written = Map::new();
            if let Ok(Value::Object(mut property)) = render_field(asked, revision, schema_options) {
                adapt_property(asked, &mut property, profile, locale);
                written.insert(field.name().to_owned(), Value::Object(property));
            }
            carry_titles(&mut written, profile, locale);
            runtime.push((field, written.into_iter().collect()));
            continue;
        }
        let list = given.and_then(|g| g.list(field.name())).ok_or_else(|| on(field, OptionsError::NotGiven))?;
        let mut properties = match field.kind() {
            Kind::MultiSelect(rules) => {
                if let Some(min_items) = rules.min_items.filter(|&m| m > list.values.len() as u64) {
                    return Err(on(field, OptionsError::TooFewForMinItems { min_items, count: list.values.len() }));
                }
                // The rule `render` followed for the place it left: the client's, not the revision's.
                if profile.checkboxes_for(field, revision) {
                    let names = checkbox_names(field.name(), &list.values);
                    let labels: Vec<&str> = (0..list.values.len()).map(|i| list.label(i)).collect();
                    runtime_checkboxes(field, rules, &names, &labels, &list.defaults, locale)
                } else {
                    vec![(field.name().to_owned(), multi_property(field, rules, list, profile, locale))]
                }
            }
            _ => {
                if list.defaults.len() > 1 {
                    return Err(on(field, OptionsError::SeveralDefaults));
                }
                vec![(field.name().to_owned(), single_property(field, list, revision, schema_options))]
            }
        };
        // A client that shows property keys rather than titles reads each title in the
        // description, as it does for the form's other properties.
        let mut written: Map<String, Value> = properties.drain(..).collect();
        carry_titles(&mut written, profile, locale);
        runtime.push((field, written.into_iter().collect()));
    }
    let top = cached.as_map();
    let cached_properties = top.get("properties").and_then(Value::as_object);
    let mut properties = Map::new();
    for (name, value) in cached_properties.into_iter().flatten() {
        match runtime.iter_mut().find(|(f, _)| f.name() == name) {
            Some((field, written)) => {
                for (property, value) in std::mem::take(written) {
                    let taken = properties.contains_key(&property) || (property != field.name() && cached_properties.is_some_and(|p| p.contains_key(&property)));
                    if taken {
                        return Err(on(field, OptionsError::CheckboxTaken(property)));
                    }
                    properties.insert(property, value);
                }
            }
            None => {
                if properties.contains_key(name) {
                    let field = runtime.iter().map(|(f, _)| *f).find(|f| matches!(f.kind(), Kind::MultiSelect(_)));
                    if let Some(field) = field {
                        return Err(on(field, OptionsError::CheckboxTaken(name.clone())));
                    }
                }
                properties.insert(name.clone(), value.clone());
            }
        }
    }
    let mut out = Map::with_capacity(3);
    out.insert("type".into(), "object".into());
    out.insert("properties".into(), Value::Object(properties));
    let required: Vec<Value> = match top.get("required").and_then(Value::as_array) {
        Some(required) => required
            .iter()
            .filter(|name| {
                // A run-time select with a default need not be answered.
                !runtime.iter().any(|(f, _)| Some(f.name()) == name.as_str() && given.and_then(|g| g.list(f.name())).is_some_and(|l| !l.defaults.is_empty()))
            })
            .cloned()
            .collect(),
        None => Vec::new(),
    };
    if !required.is_empty() {
        out.insert("required".into(), Value::Array(required));
    }
    Ok(RequestedSchema::of(Value::Object(out), revision))
}

/// The labels every property starts with: type, title, description.
fn labels(field: &FieldSchema, json_type: &str, locale: crate::locale::Locale) -> Map<String, Value> {
    let mut p = Map::new();
    p.insert("type".into(), json_type.into());
    if let Some(title) = field.title_in(locale) {
        p.insert("title".into(), title.into());
    }
    if let Some(description) = field.description_in(locale) {
        p.insert("description".into(), description.into());
    }
    p
}

fn values(list: &OptionList) -> Value {
    list.values.iter().map(|v| Value::from(v.as_str())).collect()
}

fn const_titles(list: &OptionList) -> Value {
    (0..list.values.len()).map(|i| json!({ "const": list.values[i], "title": list.label(i) })).collect()
}

/// The values a client without titled options is sent for `list`: the labels (titles,
/// else values) where they tell the options apart (none the value of another option),
/// else the values. The same rule as for the options the derive knows.
fn plain_values(list: &OptionList) -> Vec<&str> {
    let labels: Vec<&str> = (0..list.values.len()).map(|i| list.label(i)).collect();
    let distinct = labels.iter().enumerate().all(|(i, label)| {
        !label.is_empty()
            && labels.iter().enumerate().all(|(j, other)| i == j || label != other)
            && list.values.iter().enumerate().all(|(j, v)| i == j || v != label)
    });
    if distinct { labels } else { list.values.iter().map(String::as_str).collect() }
}

/// `plain_values(list)` as JSON.
fn plain(list: &OptionList) -> Value {
    plain_values(list).into_iter().map(Value::from).collect()
}

/// A single-select: `enum` (untitled), `oneOf` of `const` + `title` (2025-11-25 on), or
/// `enum` + `enumNames`; for a client without titled options, a plain `enum`
/// ([`plain_values`]); the default where the revision takes one.
fn single_property(field: &FieldSchema, list: &OptionList, revision: ProtocolRevision, options: &SchemaOptions) -> Value {
    let mut p = labels(field, "string", options.language());
    if !list.has_titles() {
        p.insert("enum".into(), values(list));
    } else if !options.profile().shows_titled_one_of() {
        p.insert("enum".into(), plain(list));
        if let (true, Some(&i)) = (revision.has_defaults_on_every_type(), list.defaults.first()) {
            p.insert("default".into(), plain_values(list)[i].into());
        }
        return Value::Object(p);
    } else if revision.has_titled_one_of() && !options.uses_legacy_enum_names() {
        p.insert("oneOf".into(), const_titles(list));
    } else {
        p.insert("enum".into(), values(list));
        p.insert("enumNames".into(), (0..list.values.len()).map(|i| Value::from(list.label(i))).collect());
    }
    if let (true, Some(&i)) = (revision.has_defaults_on_every_type(), list.defaults.first()) {
        p.insert("default".into(), list.values[i].as_str().into());
    }
    Value::Object(p)
}

/// A multi-select on a revision with arrays: `items` of `enum` or `anyOf` (a plain
/// `enum` for a client without titled options).
fn multi_property(field: &FieldSchema, rules: &super::MultiSelectRules, list: &OptionList, profile: &ClientProfile, locale: crate::locale::Locale) -> Value {
    let mut p = labels(field, "array", locale);
    if let Some(n) = rules.min_items {
        p.insert("minItems".into(), n.into());
    }
    if let Some(n) = rules.max_items {
        p.insert("maxItems".into(), n.into());
    }
    let shown: Vec<&str> = if list.has_titles() && !profile.shows_titled_one_of() { plain_values(list) } else { list.values.iter().map(String::as_str).collect() };
    let items = if list.has_titles() && profile.shows_titled_one_of() {
        json!({ "anyOf": const_titles(list) })
    } else {
        json!({ "type": "string", "enum": shown })
    };
    p.insert("items".into(), items);
    if !list.defaults.is_empty() {
        p.insert("default".into(), list.defaults.iter().map(|&i| Value::from(shown[i])).collect());
    }
    Value::Object(p)
}

/// A run-time select's answer from a client without titled options, sent as the plain
/// values it was shown ([`plain_values`]), read back as the options' values: what
/// [`read_back`](super::read_back) does for the selects the derive knows.
pub(crate) fn read_back_runtime(form: &FormSchema, given: &dyn FormOptions, profile: &ClientProfile, content: &mut Map<String, Value>) {
    if profile.shows_titled_one_of() {
        return;
    }
    for field in form.fields().iter().filter(|f| f.is_runtime_select()) {
        let Some(list) = given.list(field.name()).filter(|l| l.has_titles()) else { continue };
        let shown = plain_values(list);
        let value_of = |item: &mut Value| {
            if let Some(i) = item.as_str().and_then(|s| shown.iter().position(|l| *l == s)) {
                *item = Value::from(list.values[i].as_str());
            }
        };
        match content.get_mut(field.name()) {
            Some(Value::Array(items)) => items.iter_mut().for_each(value_of),
            Some(item) => value_of(item),
            None => {}
        }
    }
}

/// On 2025-06-18, the ticked checkboxes of each run-time multi-select back into its list
/// (as [`collect_checkboxes`](super::collect_checkboxes) does for the others).
pub(crate) fn collect_runtime_checkboxes(form: &FormSchema, given: &dyn FormOptions, content: &mut Map<String, Value>, report: &mut Report) {
    for field in form.fields().iter().filter(|f| f.is_runtime_select() && matches!(f.kind(), Kind::MultiSelect(_))) {
        let Some(list) = given.list(field.name()) else { continue };
        if content.contains_key(field.name()) {
            continue;
        }
        let mut seen = field.is_required() && list.defaults.is_empty();
        let mut ticked = Vec::new();
        for (i, name) in checkbox_names(field.name(), &list.values).into_iter().enumerate() {
            let Some(value) = content.remove(&name) else { continue };
            seen = true;
            match value {
                Value::Bool(true) => ticked.push(Value::from(list.values[i].as_str())),
                Value::Bool(false) | Value::Null => {}
                other => report.push(name, Problem::wrong_type("boolean", &other)),
            }
        }
        if seen {
            content.insert(field.name().to_owned(), Value::Array(ticked));
        }
    }
}
