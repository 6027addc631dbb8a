//! The clients people type into, played as they really are: what each shows of a form
//! and what it sends back ([`RealClient`], with [`Reply::Fill`]).

use serde_json::{Map, Value};

use super::Reply;
use crate::form::{self, ClientProfile, FormSchema, Kind};

/// A client the [`ScriptedClient`](super::ScriptedClient) can play
/// ([`plays`](super::ScriptedClient::plays)): it introduces itself with that client's
/// `clientInfo`, and answers a [`Reply::Fill`] the way that client's form would, from
/// what its sources say (the repository's `docs/clients.md`):
///
/// - [`Spec`](Self::Spec), [`ClaudeCode`](Self::ClaudeCode), [`FastAgent`](Self::FastAgent):
///   every property shown as the specification describes it, defaults preselected;
/// - [`Codex`](Self::Codex): a form with a `number`, `integer` or `array` property cannot
///   be parsed, and its "Yes, provide the requested info" answers `accept` with `{}`;
///   otherwise strings, booleans and single-selects are shown (titles, defaults
///   preselected), and a string's `default` is not;
/// - [`Goose`](Self::Goose) (the desktop form): a titled `oneOf` is a free text box (the
///   user types the option's title), a multi-select is a text box sent as one string
///   (`"a, b"`), an optional number left alone is sent as its minimum or 0;
/// - [`VsCode`](Self::VsCode): everything shown, but a `false` default is lost (the field
///   is left out), and "None" on an optional boolean without a default sends `false`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RealClient {
    /// A client that follows the specification.
    Spec,
    /// Codex CLI.
    Codex,
    /// Goose desktop.
    Goose,
    /// Visual Studio Code.
    VsCode,
    /// Claude Code.
    ClaudeCode,
    /// fast-agent.
    FastAgent,
}

impl RealClient {
    /// Every client, the specification first.
    pub const ALL: [RealClient; 6] = [RealClient::Spec, RealClient::Codex, RealClient::Goose, RealClient::VsCode, RealClient::ClaudeCode, RealClient::FastAgent];

    /// The profile the toolkit recognises for it.
    pub fn profile(self) -> &'static ClientProfile {
        let (name, version) = self.client_info();
        ClientProfile::recognise(name, version)
    }

    /// The `clientInfo` it sends: name and version.
    pub const fn client_info(self) -> (&'static str, &'static str) {
        match self {
            RealClient::Spec => ("elicit-scripted-client", env!("CARGO_PKG_VERSION")),
            RealClient::Codex => ("codex-mcp-client", "0.63.0"),
            RealClient::Goose => ("goose", "1.14.0"),
            RealClient::VsCode => ("Visual Studio Code", "1.106.0"),
            RealClient::ClaudeCode => ("claude-code", "2.0.50"),
            RealClient::FastAgent => ("fast-agent-mcp", "0.4.0"),
        }
    }

    /// What this client sends for an elicitation with these `params` when the user
    /// means to answer `content` (a value's [`to_content`](crate::Elicit::to_content), or
    /// an option's title where the user picks by it) of the form `schema`. What the user
    /// means and cannot find in the form (a field the form does not show, an option it
    /// does not offer) is said in `missing`, never left out silently.
    pub(crate) fn fill(self, params: &Value, content: &Map<String, Value>, schema: Option<&'static FormSchema>, missing: &mut Vec<String>) -> Reply {
        let empty = Map::new();
        let properties = params.pointer("/requestedSchema/properties").and_then(Value::as_object).unwrap_or(&empty);
        let required: Vec<&str> =
            params.pointer("/requestedSchema/required").and_then(Value::as_array).map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        if self == RealClient::Codex && properties.values().any(|p| matches!(p.get("type").and_then(Value::as_str), Some("number" | "integer" | "array"))) {
            // "Yes, provide the requested info" on a form it could not parse.
            return Reply::Accept(Value::Object(Map::new()));
        }
        // Multi-selects shown as checkboxes: each option meant ticks its own, found as
        // the user finds it (by value or by what the checkbox shows); every other
        // checkbox of the field is left unticked, whatever its default.
        let mut boxes: Map<String, Value> = Map::new();
        for (field, meant) in content {
            if properties.contains_key(field) {
                continue;
            }
            let field_schema = schema.and_then(|s| s.field(field));
            let is_multi = field_schema.map_or(meant.is_array(), |f| matches!(f.kind(), Kind::MultiSelect(_)));
            let Some(items) = meant.as_array().filter(|_| is_multi) else {
                if !meant.is_null() {
                    missing.push(format!("Reply::fill: the form has no property `{field}` to answer {meant}"));
                }
                continue;
            };
            let own: Vec<String> = form::checkboxes_of(properties, field).filter(|name| schema.is_none_or(|s| s.field(name).is_none())).cloned().collect();
            if own.is_empty() {
                missing.push(format!("Reply::fill: the form has neither a property `{field}` nor its checkboxes, to answer {meant}"));
                continue;
            }
            for name in own {
                boxes.insert(name, Value::Bool(false));
            }
            for item in items {
                let wanted = item.as_str().map_or_else(|| item.to_string(), str::to_owned);
                match form::checkbox_in(properties, field, field_schema, &wanted) {
                    Some(name) => {
                        boxes.insert(name, Value::Bool(true));
                    }
                    None => missing.push(format!("Reply::fill: no checkbox of `{field}` shows the option `{wanted}`")),
                }
            }
        }
        let mut sent = Map::new();
        for (name, property) in properties {
            if let Some(ticked) = boxes.get(name) {
                sent.insert(name.clone(), ticked.clone());
                continue;
            }
            let kind = property.get("type").and_then(Value::as_str).unwrap_or_default();
            let meant = content.get(name.as_str()).filter(|v| !v.is_null());
            let value = match meant {
                Some(meant) => self.enter(property, kind, meant, name, schema, missing),
                None => self.left_alone(property, kind, required.contains(&name.as_str())),
            };
            if let Some(value) = value {
                sent.insert(name.clone(), value);
            }
        }
        Reply::Accept(Value::Object(sent))
    }

    /// What the user enters for a field they answer; an option the form does not show is
    /// said in `missing`.
    fn enter(self, property: &Value, kind: &str, meant: &Value, name: &str, schema: Option<&'static FormSchema>, missing: &mut Vec<String>) -> Option<Value> {
        let options = schema.and_then(|s| s.field(name)).and_then(|f| f.kind().options()).unwrap_or(&[]);
        let title_of = |value: &str| -> Option<&'static str> { options.iter().find(|o| o.value() == value).and_then(|o| o.title()) };
        // What names the option the user means: its value and its titles in every
        // language (a form the derive knows), else what the user said.
        let aliases = |meant: &str| -> Vec<String> {
            let option = options.iter().find(|o| o.value() == meant || o.title() == Some(meant) || languages().any(|l| o.title_in(l) == Some(meant)));
            match option {
                Some(o) => std::iter::once(o.value()).chain(o.title()).chain(languages().filter_map(|l| o.title_in(l))).map(str::to_owned).collect(),
                None => vec![meant.to_owned()],
            }
        };
        // An option, picked by what the user reads: its value or its title.
        let mut pick = |choices: &[(Value, Option<&str>)], meant: &str| -> Option<Value> {
            let names = aliases(meant);
            let named = |text: Option<&str>| text.is_some_and(|t| names.iter().any(|n| n == t));
            let found = choices.iter().find(|(value, shown)| named(value.as_str()) || named(*shown)).map(|(value, _)| value.clone());
            if found.is_none() {
                missing.push(format!("Reply::fill: `{name}` does not offer the option `{meant}`"));
            }
            found
        };
        match kind {
            "string" => {
                if let Some(one_of) = property.get("oneOf").and_then(Value::as_array) {
                    let text = meant.as_str()?;
                    if self == RealClient::Goose {
                        // Free text: the user types the option as they know it.
                        return Some(Value::from(title_of(text).unwrap_or(text)));
                    }
                    let choices: Vec<(Value, Option<&str>)> =
                        one_of.iter().map(|o| (o.get("const").cloned().unwrap_or(Value::Null), o.get("title").and_then(Value::as_str))).collect();
                    return pick(&choices, text);
                }
                if let Some(values) = property.get("enum").and_then(Value::as_array) {
                    let names = property.get("enumNames").and_then(Value::as_array);
                    let choices: Vec<(Value, Option<&str>)> =
                        values.iter().enumerate().map(|(i, v)| (v.clone(), names.and_then(|n| n.get(i)).and_then(Value::as_str))).collect();
                    return pick(&choices, meant.as_str()?);
                }
                // A text box: numbers are typed as text.
                match meant {
                    Value::String(text) => Some(Value::from(text.clone())),
                    Value::Number(n) => Some(Value::from(n.to_string())),
                    other => Some(other.clone()),
                }
            }
            "array" => {
                let items = meant.as_array()?;
                let one_of = property.pointer("/items/anyOf").and_then(Value::as_array);
                let choices: Vec<(Value, Option<&str>)> = match one_of {
                    Some(one_of) => one_of.iter().map(|o| (o.get("const").cloned().unwrap_or(Value::Null), o.get("title").and_then(Value::as_str))).collect(),
                    None => property.pointer("/items/enum").and_then(Value::as_array).into_iter().flatten().map(|v| (v.clone(), None)).collect(),
                };
                let picked: Vec<Value> = items.iter().filter_map(|i| pick(&choices, i.as_str()?)).collect();
                if self == RealClient::Goose {
                    // A text box, sent as one string.
                    let text: Vec<String> = picked.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect();
                    return Some(Value::from(text.join(", ")));
                }
                Some(Value::Array(picked))
            }
            _ => Some(meant.clone()),
        }
    }

    /// What the client sends for a field the user leaves alone.
    fn left_alone(self, property: &Value, kind: &str, required: bool) -> Option<Value> {
        let default = property.get("default").cloned();
        match (self, kind) {
            // Goose starts an optional number at its minimum, or 0, and sends it.
            (RealClient::Goose, "number" | "integer") if !required => Some(property.get("minimum").cloned().unwrap_or(Value::from(0))),
            // VS Code loses a `false` default; "None" on an optional boolean sends `false`.
            (RealClient::VsCode, "boolean") if default == Some(Value::Bool(false)) => None,
            (RealClient::VsCode, "boolean") if default.is_none() && !required => Some(Value::Bool(false)),
            // Codex preselects the defaults of booleans and selects, and shows no string default.
            (RealClient::Codex, "string") if property.get("enum").is_none() && property.get("oneOf").is_none() => None,
            _ => default,
        }
    }
}

/// Every language of the installed catalog.
fn languages() -> impl Iterator<Item = crate::locale::Locale> {
    crate::locale::Catalog::installed().languages().map(|id| crate::locale::Locale::for_tag(&id.to_string()))
}
