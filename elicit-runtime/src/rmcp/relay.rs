//! When the client cannot ask: the questions go to the client's model, which asks the
//! user in the conversation and calls the tool back with the answers.
//!
//! Opt in with [`ToolCall::relay_through_model`](super::ToolCall::relay_through_model).
//! A question the client cannot show (no `elicitation` capability; a URL-mode question
//! to a form-only client; on 2026-07-28, per-request capabilities without the mode) then
//! ends the call with a tool result meant for the model: what to ask, field by field,
//! and how to call back. The call-back is the same tool with the same arguments plus the
//! reserved argument [`RelayArg::NAME`] (`elicitRelay`): the sealed continuation (the
//! same sealing as 2026-07-28 rounds, bound to the principal, the tool and its
//! arguments, with an expiry, each answer pinned to the exact question) and the answers
//! by question key. The answers are validated like any content; invalid ones come back
//! to the model with every violation named. An answer relayed by the model is marked
//! [`Provenance::Model`](crate::exchange::Provenance), and a question asked with
//! [`user_only`](crate::exchange::FormRequest::user_only) is never relayed.
//!
#![doc = include_str!("../../docs/relay.md")]

use std::borrow::Cow;
use std::collections::BTreeMap;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use rmcp::schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value, json};

use crate::exchange::RELAYED_META;
use crate::locale::{Arg, CONTENT_LANGUAGE_META, Locale};
use crate::rounds::Asked;

/// The reserved tool argument that carries the model's call-back.
pub(crate) const RELAY_ARGUMENT: &str = "elicitRelay";

/// The model's call-back, as the tool argument [`RelayArg::NAME`] carries it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Relay {
    /// The continuation, as the tool's result gave it.
    pub(crate) continuation: String,
    /// The answers, by question key: an object of field values, or `"accept"` (a link the
    /// user opened), `"decline"` or `"cancel"`.
    pub(crate) answers: Map<String, Value>,
}

impl Relay {
    /// Reads the argument; a clear error naming what is wrong otherwise, in English.
    pub(crate) fn from_argument(value: &Value) -> Result<Self, ErrorData> {
        Relay::from_argument_in(value, Locale::ENGLISH)
    }

    /// Reads the argument; a clear error naming what is wrong otherwise, for the model,
    /// in `locale`'s language (the user's, when the client says).
    pub(crate) fn from_argument_in(value: &Value, locale: Locale) -> Result<Self, ErrorData> {
        let wrong = |id: &str, key: Option<&str>| {
            let key: Option<String> = key.map(|k| k.chars().take(64).collect());
            let args: Vec<(&str, Arg<'_>)> = key.as_deref().map(|k| ("key", Arg::Text(k))).into_iter().collect();
            let problem = locale.message(id, &args);
            let (given, key) = (placeholder(locale, "relay-shape-as-given"), placeholder(locale, "relay-shape-key"));
            let shape = format!(r#"{{"continuation": {given}, "answers": {{{key}: {{...}}}}}}"#);
            let message = locale.message("relay-error", &[("argument", Arg::Text(RELAY_ARGUMENT)), ("problem", Arg::Text(&problem)), ("shape", Arg::Text(&shape))]);
            ErrorData::invalid_params(message, None)
        };
        let Value::Object(relay) = value else { return Err(wrong("relay-error-not-object", None)) };
        let continuation = relay.get("continuation").and_then(Value::as_str).ok_or_else(|| wrong("relay-error-no-continuation", None))?;
        let mut answers = match relay.get("answers") {
            Some(Value::Object(answers)) => answers.clone(),
            None | Some(Value::Null) => Map::new(),
            Some(_) => return Err(wrong("relay-error-answers", None)),
        };
        // `actions` says accept (a link), decline or cancel apart from the answers, so
        // that each map has one type of value (a schema every client reads); a string in
        // `answers` is read the same way.
        match relay.get("actions") {
            Some(Value::Object(actions)) => {
                for (key, action) in actions {
                    if answers.contains_key(key) {
                        return Err(wrong("relay-error-twice", Some(key)));
                    }
                    answers.insert(key.clone(), action.clone());
                }
            }
            None | Some(Value::Null) => {}
            Some(_) => return Err(wrong("relay-error-actions", None)),
        }
        // Each answer is the model's: a shape no question takes is its mistake to correct
        // (invalid params), not an unreadable client result that ends the call.
        for (key, answer) in &answers {
            let readable = match answer {
                Value::Object(_) => true,
                Value::String(action) => matches!(action.as_str(), "accept" | "decline" | "cancel"),
                _ => false,
            };
            if !readable {
                return Err(wrong("relay-error-answer", Some(key)));
            }
        }
        Ok(Relay { continuation: continuation.to_owned(), answers })
    }

    /// The answers as results the exchange reads, marked as relayed by the model.
    pub(crate) fn results(&self) -> BTreeMap<String, Value> {
        self.answers
            .iter()
            .map(|(key, answer)| {
                let meta = json!({ RELAYED_META: true });
                let result = match answer {
                    // "accept" of a form is an empty answer: its required fields are
                    // named back to the model, like any invalid answer (a link's question
                    // reads no content).
                    Value::String(action) if action == "accept" => json!({ "action": action, "content": {}, "_meta": meta }),
                    Value::String(action) if matches!(action.as_str(), "decline" | "cancel") => json!({ "action": action, "_meta": meta }),
                    content => json!({ "action": "accept", "content": content, "_meta": meta }),
                };
                (key.clone(), result)
            })
            .collect()
    }
}

/// The tool argument [`RelayArg::NAME`] (`elicitRelay`) as a field of a tool's arguments,
/// so that `tools/list` shows the model how to call back. Absent, it is the default
/// (`RelayArg::default()`); its schema is a plain object, written inline, with no `null` (the
/// field is optional because it has `#[serde(default)]`, so schemars leaves it out of
/// `required`):
///
/// ```
/// use elicit_runtime::rmcp::RelayArg;
/// use serde_json::json;
///
/// #[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
/// struct DeleteArgs {
///     /// The item to delete.
///     item: String,
///     #[serde(default, rename = "elicitRelay")]
///     relay: RelayArg,
/// }
///
/// // The schema rmcp's `#[tool]` gives the tool (schemars, JSON Schema 2020-12).
/// let schema = rmcp::schemars::generate::SchemaSettings::draft2020_12().into_generator().into_root_schema_for::<DeleteArgs>();
/// let mut schema = serde_json::to_value(schema)?;
/// schema.as_object_mut().unwrap().remove("$schema");
/// assert_eq!(schema, json!({
///     "title": "DeleteArgs",
///     "type": "object",
///     "properties": {
///         "item": { "type": "string", "description": "The item to delete." },
///         "elicitRelay": {
///             "type": "object",
///             "description": "Only when this tool's result asked for it: the user's answers to its questions, relayed by you.",
///             "properties": {
///                 "continuation": { "type": "string", "description": "The continuation, exactly as the tool's result gave it." },
///                 "answers": {
///                     "type": "object",
///                     "description": "By question key: the user's value for each field of the question, by field name.",
///                     "additionalProperties": { "type": "object" }
///                 },
///                 "actions": {
///                     "type": "object",
///                     "description": "By question key, for a question not in `answers`: \"accept\" once the user opened a link; \"decline\" or \"cancel\" if they would not answer.",
///                     "additionalProperties": { "type": "string", "enum": ["accept", "decline", "cancel"] }
///                 }
///             },
///             "required": ["continuation"]
///         }
///     },
///     "required": ["item"]
/// }));
///
/// // Absent or `null`: no call-back; present: read like the raw argument.
/// let args: DeleteArgs = serde_json::from_value(json!({ "item": "x" }))?;
/// assert_eq!(args.relay, RelayArg::default());
/// let args: DeleteArgs = serde_json::from_value(json!({ "item": "x", "elicitRelay": { "continuation": "c", "actions": { "q": "decline" } } }))?;
/// assert_eq!(args.relay.continuation(), Some("c"));
/// # Ok::<(), serde_json::Error>(())
/// ```
///
/// The runtime reads the argument from the call's raw arguments (and leaves it out of
/// what the continuation is bound to), so the field only documents it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RelayArg(Option<Relay>);

impl RelayArg {
    /// The name of the reserved tool argument, `elicitRelay`: what a client that does not
    /// take the tool's schema from this field must send the call-back under.
    pub const NAME: &'static str = RELAY_ARGUMENT;

    /// The continuation of a call-back, as the tool's result gave it; `None` when the
    /// call is not one.
    pub fn continuation(&self) -> Option<&str> {
        self.0.as_ref().map(|relay| relay.continuation.as_str())
    }
}

impl<'de> Deserialize<'de> for RelayArg {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Null => Ok(RelayArg(None)),
            value => Relay::from_argument(&value).map(|relay| RelayArg(Some(relay))).map_err(|e| serde::de::Error::custom(e.message)),
        }
    }
}

impl JsonSchema for RelayArg {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("ElicitRelay")
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "object",
            "description": "Only when this tool's result asked for it: the user's answers to its questions, relayed by you.",
            "properties": {
                "continuation": { "type": "string", "description": "The continuation, exactly as the tool's result gave it." },
                "answers": {
                    "type": "object",
                    "description": "By question key: the user's value for each field of the question, by field name.",
                    "additionalProperties": { "type": "object" }
                },
                "actions": {
                    "type": "object",
                    "description": "By question key, for a question not in `answers`: \"accept\" once the user opened a link; \"decline\" or \"cancel\" if they would not answer.",
                    "additionalProperties": { "type": "string", "enum": ["accept", "decline", "cancel"] }
                }
            },
            "required": ["continuation"]
        })
    }
}

/// Takes the reserved argument out of a call's arguments (the continuation is bound to
/// the others); a mistake is said in `locale`'s language.
pub(crate) fn take_relay(arguments: &mut Option<JsonObject>, locale: Locale) -> Result<Option<Relay>, ErrorData> {
    let Some(value) = arguments.as_mut().and_then(|a| a.remove(RELAY_ARGUMENT)) else { return Ok(None) };
    if value.is_null() {
        return Ok(None);
    }
    Relay::from_argument_in(&value, locale).map(Some)
}

/// The tool result that hands the questions to the model, in `locale`'s language (the
/// model then asks the user in it).
pub(crate) fn model_result(tool: &str, arguments: Option<&JsonObject>, asked: &[Asked], continuation: &str, locale: Locale) -> CallToolResult {
    let mut text = String::new();
    let arguments = Value::Object(arguments.cloned().unwrap_or_default()).to_string();
    if asked.is_empty() {
        let callback = format!("\"{RELAY_ARGUMENT}\": {}", json!({ "continuation": continuation, "answers": {} }));
        text.push_str(&locale.message(
            "relay-waiting-on-page",
            &[("tool", Arg::Text(tool)), ("arguments", Arg::Text(&arguments)), ("callback", Arg::Text(&callback))],
        ));
    } else {
        text.push_str(&locale.message("relay-intro", &[]));
        text.push('\n');
        for question in asked {
            describe(&mut text, question, locale);
        }
        let (mut answers, mut actions) = (Map::new(), Map::new());
        for question in asked {
            match example_answer(question) {
                action @ Value::String(_) => actions.insert(question.key.clone(), action),
                answer => answers.insert(question.key.clone(), answer),
            };
        }
        let mut example = Map::new();
        example.insert("continuation".into(), continuation.into());
        if !answers.is_empty() {
            example.insert("answers".into(), Value::Object(answers));
        }
        if !actions.is_empty() {
            example.insert("actions".into(), Value::Object(actions));
        }
        let callback = format!("\"{RELAY_ARGUMENT}\": {}", Value::Object(example));
        let decline = format!(r#""actions": {{{}: "decline"}}"#, placeholder(locale, "relay-shape-key"));
        text.push('\n');
        text.push_str(&locale.message(
            "relay-call-back",
            &[("tool", Arg::Text(tool)), ("arguments", Arg::Text(&arguments)), ("callback", Arg::Text(&callback)), ("decline", Arg::Text(&decline))],
        ));
    }
    let questions: Map<String, Value> =
        asked.iter().map(|q| (q.key.clone(), json!({ "method": q.method, "params": q.question.params() }))).collect();
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(json!({ RELAY_ARGUMENT: { "continuation": continuation, "questions": questions } }));
    // SEP-2792: the language the texts were written in.
    let mut meta = JsonObject::new();
    meta.insert(CONTENT_LANGUAGE_META.to_owned(), Value::from(locale.to_string()));
    result.meta = Some(rmcp::model::MetaObject(meta));
    result
}

/// A placeholder of an example's JSON, in `locale`'s words: a JSON string, `"<question key>"`.
fn placeholder(locale: Locale, id: &str) -> Value {
    Value::from(format!("<{}>", locale.message(id, &[])))
}

/// One question in plain words.
fn describe(text: &mut String, question: &Asked, locale: Locale) {
    let params = question.question.params();
    let message = params.get("message").and_then(Value::as_str).unwrap_or_default();
    let key = Arg::Text(&question.key);
    if let Some(url) = params.get("url").and_then(Value::as_str) {
        text.push('\n');
        text.push_str(&locale.message("relay-link-question", &[("key", key), ("message", Arg::Text(message))]));
        text.push('\n');
        text.push_str(&locale.message("relay-link-show", &[("url", Arg::Text(url))]));
        text.push('\n');
        text.push_str(&locale.message("relay-link-action", &[]));
        text.push('\n');
        return;
    }
    text.push('\n');
    text.push_str(&locale.message("relay-question", &[("key", key), ("message", Arg::Text(message))]));
    text.push('\n');
    let Some(schema) = params.get("requestedSchema") else { return };
    let required: Vec<&str> = schema.get("required").and_then(Value::as_array).map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else { return };
    for (name, property) in properties {
        let kind = kind_of(property, locale);
        let needed = locale.message(if required.contains(&name.as_str()) { "relay-required" } else { "relay-optional" }, &[]);
        // Every separator is the catalog's: each piece is put after the line so far.
        let mut line = locale.message("relay-field", &[("name", Arg::Text(name)), ("kind", Arg::Text(&kind)), ("needed", Arg::Text(&needed))]);
        let mut then = |id: &str, name: &str, value: &str| {
            line = locale.message(id, &[("field", Arg::Text(&line)), (name, Arg::Text(value))]);
        };
        if let Some(title) = property.get("title").and_then(Value::as_str) {
            then("relay-field-title", "title", title);
        }
        if let Some(description) = property.get("description").and_then(Value::as_str) {
            then("relay-field-description", "description", description);
        }
        for (rule, id) in [
            ("minimum", "relay-minimum"),
            ("maximum", "relay-maximum"),
            ("minLength", "relay-min-length"),
            ("maxLength", "relay-max-length"),
            ("minItems", "relay-min-items"),
            ("maxItems", "relay-max-items"),
        ] {
            if let Some(bound) = property.get(rule) {
                // A count chooses its plural form ("1 character", "2 characters").
                let written = bound.to_string();
                let bound = bound.as_u64().map_or(Arg::Text(&written), Arg::Count);
                then("relay-field-rule", "rule", &locale.message(id, &[("bound", bound)]));
            }
        }
        if let Some(pattern) = property.get("pattern").and_then(Value::as_str) {
            then("relay-field-rule", "rule", &locale.message("relay-pattern", &[("pattern", Arg::Text(pattern))]));
        }
        if let Some(options) = options(property, locale) {
            then("relay-field-rule", "rule", &locale.message("relay-options", &[("options", Arg::Text(&options))]));
        }
        if let Some(default) = property.get("default") {
            then("relay-field-rule", "rule", &locale.message("relay-default", &[("default", Arg::Text(&default.to_string()))]));
        }
        text.push_str(&line);
        text.push('\n');
    }
}

/// The kind of a property, in words.
fn kind_of(property: &Value, locale: Locale) -> String {
    let format = property.get("format").and_then(Value::as_str);
    let id = match (property.get("type").and_then(Value::as_str), format) {
        (Some("string"), Some("email")) => "relay-kind-email",
        (Some("string"), Some("uri")) => "relay-kind-uri",
        (Some("string"), Some("date")) => "relay-kind-date",
        (Some("string"), Some("date-time")) => "relay-kind-date-time",
        (Some("string"), _) => "relay-kind-text",
        (Some("integer"), _) => "relay-kind-integer",
        (Some("number"), _) => "relay-kind-number",
        (Some("boolean"), _) => "relay-kind-boolean",
        (Some("array"), _) => "relay-kind-array",
        // A type no form of the toolkit's writes: said as a value, never by its JSON name.
        (Some(_) | None, _) => "relay-kind-value",
    };
    locale.message(id, &[])
}

/// The allowed values of a single- or multi-select, with their titles, as one list in
/// `locale`'s words.
fn options(property: &Value, locale: Locale) -> Option<String> {
    let items = property.get("items").unwrap_or(property);
    let titled = |value: &Value, title: Option<&str>| match title {
        Some(title) => locale.message("relay-option-titled", &[("value", Arg::Text(&value.to_string())), ("title", Arg::Text(title))]),
        None => value.to_string(),
    };
    let listed: Vec<String> = if let Some(values) = items.get("enum").and_then(Value::as_array) {
        let names = property.get("enumNames").and_then(Value::as_array);
        values.iter().enumerate().map(|(i, v)| titled(v, names.and_then(|n| n.get(i)).and_then(Value::as_str))).collect()
    } else {
        let options = items.get("oneOf").or_else(|| items.get("anyOf")).and_then(Value::as_array)?;
        options
            .iter()
            .map(|o| match o.get("const") {
                Some(v) => titled(v, o.get("title").and_then(Value::as_str)),
                None => o.to_string(),
            })
            .collect()
    };
    let mut listed = listed.into_iter();
    let first = listed.next()?;
    Some(listed.fold(first, |list, option| locale.message("relay-options-more", &[("list", Arg::Text(&list)), ("option", Arg::Text(&option))])))
}

/// The shape of an answer, for the call-back's example.
fn example_answer(question: &Asked) -> Value {
    let params = question.question.params();
    if params.contains_key("url") {
        return Value::from("accept");
    }
    let fields = params.get("requestedSchema").and_then(|s| s.get("properties")).and_then(Value::as_object);
    let example: Map<String, Value> = fields
        .into_iter()
        .flatten()
        .map(|(name, property)| {
            let value = match property.get("type").and_then(Value::as_str) {
                Some("integer" | "number") => json!(0),
                Some("boolean") => json!(true),
                Some("array") => json!([]),
                _ => json!("..."),
            };
            (name.clone(), value)
        })
        .collect();
    Value::Object(example)
}
