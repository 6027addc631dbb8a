//! The clients people type into, played as they really are: what each shows of a form
//! and what it sends back ([`RealClient`], with [`Reply::Fill`]).

use serde_json::{Map, Value};

use super::Reply;
use crate::form::{ClientProfile, FormSchema, Kind};

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
    /// an option's title where the user picks by it) of the form `schema`.
    pub(crate) fn fill(self, params: &Value, content: &Map<String, Value>, schema: Option<&'static FormSchema>) -> Reply {
        let empty = Map::new();
        let properties = params.pointer("/requestedSchema/properties").and_then(Value::as_object).unwrap_or(&empty);
        let required: Vec<&str> =
            params.pointer("/requestedSchema/required").and_then(Value::as_array).map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        if self == RealClient::Codex && properties.values().any(|p| matches!(p.get("type").and_then(Value::as_str), Some("number" | "integer" | "array"))) {
            // "Yes, provide the requested info" on a form it could not parse.
            return Reply::Accept(Value::Object(Map::new()));
        }
        let mut sent = Map::new();
        for (name, property) in properties {
            let kind = property.get("type").and_then(Value::as_str).unwrap_or_default();
            if let Some((field, option)) = checkbox_of(schema, name) {
                let ticked = content.get(field).and_then(Value::as_array).is_some_and(|items| items.iter().any(|i| i.as_str() == Some(option)));
                sent.insert(name.clone(), Value::Bool(ticked));
                continue;
            }
            let meant = content.get(name.as_str()).filter(|v| !v.is_null());
            let value = match meant {
                Some(meant) => self.enter(property, kind, meant, name, schema),
                None => self.left_alone(property, kind, required.contains(&name.as_str())),
            };
            if let Some(value) = value {
                sent.insert(name.clone(), value);
            }
        }
        Reply::Accept(Value::Object(sent))
    }

    /// What the user enters for a field they answer.
    fn enter(self, property: &Value, kind: &str, meant: &Value, name: &str, schema: Option<&'static FormSchema>) -> Option<Value> {
        let title_of = |value: &str| -> Option<&'static str> {
            let options = schema?.field(name)?.kind().options()?;
            options.iter().find(|o| o.value() == value).and_then(|o| o.title())
        };
        // An option, picked by what the user reads: its value or its title.
        let pick = |choices: &[(Value, Option<&str>)], meant: &str| -> Option<Value> {
            let title = title_of(meant);
            choices
                .iter()
                .find(|(value, shown)| value.as_str() == Some(meant) || *shown == Some(meant) || (title.is_some() && (value.as_str() == title || *shown == title)))
                .map(|(value, _)| value.clone())
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
                    let choices: Vec<(Value, Option<&str>)> = values.iter().map(|v| (v.clone(), None)).collect();
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

/// The multi-select field and option value of the checkbox property `name`, if it is one.
fn checkbox_of(schema: Option<&'static FormSchema>, name: &str) -> Option<(&'static str, &'static str)> {
    schema?.fields().iter().find_map(|field| {
        let Kind::MultiSelect(rules) = field.kind() else { return None };
        (0..rules.options.len()).find(|&i| field.checkbox_name(i).as_deref() == Some(name)).map(|i| (field.name(), rules.options[i].value()))
    })
}
