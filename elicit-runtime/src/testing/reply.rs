//! The script: [`Reply`], one answer to an `elicitation/create` (accept, decline, fill in
//! as a real client would, open or fill a page...), and how a [`Reply::Pick`] finds the
//! options it names in the form it answers.

use serde_json::{Map, Value, json};

use crate::exchange::Elicit;

/// One scripted answer to an `elicitation/create`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Reply {
    /// `{"action": "accept", "content": ...}`.
    Accept(Value),
    /// `{"action": "decline"}`.
    Decline,
    /// `{"action": "cancel"}`.
    Cancel,
    /// This JSON as the result, whatever it is (to test malformed answers).
    Raw(Value),
    /// A JSON-RPC error.
    Error {
        /// The error code.
        code: i64,
        /// The message.
        message: String,
    },
    /// Accept, picking options as a person does, by what they read: each string of this
    /// content (or of a list in it) that is the value or the title of an option of the
    /// select of that name in the request is sent as that option's value; where a
    /// multi-select is shown as checkboxes (2025-06-18, or a client without arrays) a
    /// list ticks the checkboxes of the options it names, found by value or title as the
    /// server names and titles them (in any language), and unticks the others. An option
    /// no checkbox shows, or a field the form does not show, is a line in the
    /// transcript's `violations`. Any other value is sent as it is (a select's value
    /// that is not an option included, to test a wrong answer). For selects whose options
    /// the tool gives at run time, where the test knows the titles it offered.
    Pick(Value),
    /// No answer at all (to test timeouts).
    Silence,
    /// URL mode: the user consents, opens the page and completes it there as `user`, who
    /// is logged in on the page. The client answers `accept` (consent) and completes the
    /// interaction in the [`Interactions`](crate::url::Interactions) given to [`ScriptedClient::pages`](super::ScriptedClient::pages), as the
    /// server's page would once its login identified `user`: pass the principal that
    /// started the interaction to see the tool go on, another one to play the
    /// specification's phishing case (the completion is refused, nothing is stored). The
    /// interaction is found the same way on every revision: by the request's
    /// `elicitationId` where it has one (2025-11-25), else by an interaction id in the
    /// request's `url` (a query value or a path segment), which is where a page finds it.
    OpenPage {
        /// Who is logged in on the page.
        user: String,
    },
    /// The user fills in the form meaning to answer `content` (a value's
    /// [`to_content`](crate::Elicit::to_content); an option may be written as its title
    /// in any language, as the user reads it), in the client the [`ScriptedClient`](super::ScriptedClient) plays
    /// ([`plays`](super::ScriptedClient::plays)): what that client then sends. Options and
    /// checkboxes are found as for [`Reply::Pick`]; what the user means and the form does
    /// not show (a field, an option) is a line in the transcript's `violations`, never
    /// dropped silently. Build it with [`Reply::fill`].
    Fill {
        /// What the user means to answer, as the form's content.
        content: Map<String, Value>,
        /// The form, to find an option's title and a multi-select's checkboxes.
        schema: Option<&'static crate::form::FormSchema>,
    },
    /// A page form's page (`#[elicit(page)]`, feature `page`): the user consents, and fills
    /// in the form on the page as `user` with `content` (the form's content JSON, secrets
    /// included), which the page checks, seals and keeps as it completes the interaction,
    /// as it does for a browser. Give the client the server's
    /// [`Pages`](crate::page::Pages) with [`ScriptedClient::pages`](super::ScriptedClient::pages). Content the form
    /// refuses, or a page that refuses `user` (another user: the phishing case), completes
    /// nothing, and is said in the transcript's `violations`.
    FillPage {
        /// Who is logged in on the page.
        user: String,
        /// What they submit.
        content: Value,
    },
    /// This reply, sent after a while (a person taking their time).
    Delayed {
        /// How long the client waits before answering.
        after: std::time::Duration,
        /// The answer it then sends.
        reply: Box<Reply>,
    },
}

impl Reply {
    /// Accept with this content.
    pub fn accept(content: Value) -> Self {
        Reply::Accept(content)
    }

    /// Accept, picking options by value or title ([`Reply::Pick`]).
    ///
    /// ```
    /// use elicit_runtime::testing::Reply;
    /// use serde_json::json;
    ///
    /// let reply = Reply::pick(json!({"repo": "Web site", "notify": ["ops"]}));
    /// assert!(matches!(reply, Reply::Pick(_)));
    /// ```
    pub fn pick(content: Value) -> Self {
        Reply::Pick(content)
    }

    /// URL mode: consent to open the page, and nothing more (the page is never completed).
    pub fn consent() -> Self {
        Reply::Raw(json!({ "action": "accept" }))
    }

    /// URL mode: consent, then complete the page as `user`. See [`Reply::OpenPage`]. A
    /// page form (`#[elicit(page)]`) is answered with [`fill_page`](Self::fill_page).
    pub fn open_page(user: impl Into<String>) -> Self {
        Reply::OpenPage { user: user.into() }
    }

    /// A page form: consent, then fill in the form on the page as `user` with `content`.
    /// See [`Reply::FillPage`].
    ///
    /// ```
    /// use elicit_runtime::testing::Reply;
    /// use serde_json::json;
    ///
    /// let reply = Reply::fill_page("ada", json!({"key": "sk_live_0123456789abcdef"}));
    /// assert!(matches!(reply, Reply::FillPage { ref user, .. } if user == "ada"));
    /// ```
    pub fn fill_page(user: impl Into<String>, content: Value) -> Self {
        Reply::FillPage { user: user.into(), content }
    }

    /// This reply, sent after `after`.
    pub fn after(self, after: std::time::Duration) -> Self {
        Reply::Delayed { after, reply: Box::new(self) }
    }

    /// Accept with the content a client would send for `value`.
    pub fn accept_value<T: Elicit>(value: &T) -> Self {
        Reply::Accept(Value::Object(value.to_content()))
    }

    /// The user fills in the form meaning `value`, in the client played
    /// ([`Reply::Fill`]).
    pub fn fill<T: Elicit>(value: &T) -> Self {
        Reply::Fill { content: value.to_content(), schema: Some(T::SCHEMA) }
    }

    /// The user fills in a form meaning `content` (an object; options by value or by
    /// title), in the client played: for a form whose type the test cannot name (a step
    /// of an `ElicitChoice`).
    pub fn fill_json(content: Value) -> Self {
        Reply::Fill { content: content.as_object().cloned().unwrap_or_default(), schema: None }
    }
}

/// [`Reply::Pick`] as the content it sends for the request with `params` (and any other
/// reply as it is). A multi-select's options go to its checkboxes where the form shows
/// them so (found as [`Reply::Fill`] finds them); a field the form does not show, or an
/// option no checkbox of the field shows, is said in `missing`.
pub(super) fn picked(reply: Reply, params: &Value, missing: &mut Vec<String>) -> Reply {
    let (Reply::Pick(Value::Object(content)), Some(properties)) = (&reply, params.pointer("/requestedSchema/properties").and_then(Value::as_object)) else {
        return match reply {
            Reply::Pick(content) => Reply::Accept(content),
            Reply::Delayed { after, reply } => Reply::Delayed { after, reply: Box::new(picked(*reply, params, missing)) },
            other => other,
        };
    };
    let mut out = Map::new();
    for (name, wanted) in content {
        match properties.get(name) {
            Some(property) => {
                let options = options_of(property);
                let value = match wanted {
                    Value::String(s) => value_of(&options, s),
                    Value::Array(items) => Value::Array(items.iter().map(|i| i.as_str().map_or_else(|| i.clone(), |s| value_of(&options, s))).collect()),
                    other => other.clone(),
                };
                out.insert(name.clone(), value);
            }
            // A multi-select shown as checkboxes (2025-06-18, or a client without arrays).
            None => {
                let wanted: Vec<&str> = match wanted {
                    Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
                    Value::String(s) => vec![s.as_str()],
                    _ => Vec::new(),
                };
                let own: Vec<&String> = crate::form::checkboxes_of(properties, name).collect();
                if own.is_empty() {
                    missing.push(format!("Reply::pick: the form has neither a property `{name}` nor its checkboxes"));
                    continue;
                }
                for property in own {
                    out.insert(property.clone(), false.into());
                }
                for w in wanted {
                    match crate::form::checkbox_in(properties, name, None, w) {
                        Some(property) => {
                            out.insert(property, true.into());
                        }
                        None => missing.push(format!("Reply::pick: no checkbox of `{name}` shows the option `{w}`")),
                    }
                }
            }
        }
    }
    Reply::Accept(Value::Object(out))
}

/// The options of a select property, `(value, title)`: `enum` (with `enumNames`),
/// `oneOf`, and a multi-select's `items`.
fn options_of(property: &Value) -> Vec<(String, String)> {
    let items = property.get("items").unwrap_or(property);
    if let Some(values) = items.get("enum").and_then(Value::as_array) {
        let names = property.get("enumNames").and_then(Value::as_array);
        return values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let v = v.as_str()?;
                Some((v.to_owned(), names.and_then(|n| n.get(i)).and_then(Value::as_str).unwrap_or(v).to_owned()))
            })
            .collect();
    }
    let titled = items.get("oneOf").or_else(|| items.get("anyOf")).and_then(Value::as_array);
    titled
        .into_iter()
        .flatten()
        .filter_map(|o| Some((o.get("const")?.as_str()?.to_owned(), o.get("title").and_then(Value::as_str).unwrap_or_default().to_owned())))
        .collect()
}

/// The value of the option whose value or title is `wanted`, else `wanted` itself.
fn value_of(options: &[(String, String)], wanted: &str) -> Value {
    let found = options.iter().find(|(v, _)| v == wanted).or_else(|| options.iter().find(|(_, t)| t == wanted));
    Value::from(found.map_or(wanted, |(v, _)| v.as_str()))
}
