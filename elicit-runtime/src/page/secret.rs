//! [`Secret`]: a field type only a page form may have.

use std::fmt;

use serde_json::Value;
use zeroize::Zeroize;

use crate::form::field::{ElicitField, NotOption, StringField, read_checked};
use crate::form::problem::{Problem, Report};
use crate::form::{FieldSchema, Kind, StringRules};
use crate::form::validate::read_string;

/// Text the user typed that must stay secret: a password, an API key, a card number.
///
/// Only a `#[elicit(page)]` form may have a `Secret` field (or an `Option<Secret>`): it is
/// typed on the server's own page, in a password-style input, and never crosses the MCP
/// client. In any other form it does not compile: the MCP specification forbids
/// requesting sensitive information in form mode.
///
/// It never shows itself: `Debug` prints `Secret(***)`, there is no `Display` and no
/// `Serialize`, and its memory is zeroed when it is dropped. Read it with
/// [`expose`](Self::expose) where you use it, and keep it in a store of your own.
///
/// ```
/// use elicit_runtime::page::Secret;
///
/// let key = Secret::new("sk_live_0123456789abcdef".to_owned());
/// assert_eq!(format!("{key:?}"), "Secret(***)");
/// assert!(key.expose().starts_with("sk_live_"));
/// ```
///
/// The string rules of a field apply to it (`min_length`, `max_length`, `pattern`): the
/// page shows them as HTML attributes and checks them again on the server.
///
/// No `PartialEq`: comparing a secret with `==` takes longer the more of it matches;
/// compare in constant time if you must (or better, compare digests).
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    /// Wraps text as a secret.
    pub fn new(text: String) -> Self {
        Self(text)
    }

    /// The text. Keep what you read from it out of logs and errors.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl Drop for Secret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

impl From<String> for Secret {
    fn from(text: String) -> Self {
        Self(text)
    }
}

// Written out, as the field types of `form::field` are (see there why).
#[diagnostic::do_not_recommend]
impl ElicitField for Secret {
    const KIND: Kind = Kind::String(StringRules::PLAIN);
    const SENSITIVE: bool = true;
    type Literal = Secret;
    type IntLiteral = Secret;
    fn from_json(value: &Value) -> Result<Self, Problem> {
        match value {
            Value::String(text) => Ok(Self(text.clone())),
            other => Err(Problem::wrong_type("string", other)),
        }
    }
    fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
        match field.kind() {
            Kind::String(rules) => read_string(field.name(), rules, value, report).map(|text| Self(text.to_owned())),
            _ => read_checked(value, field, report, Self::from_json),
        }
    }
    /// Never written: a secret goes into no content, no message and no state.
    fn to_json(&self) -> Option<Value> {
        None
    }
}
#[diagnostic::do_not_recommend]
impl NotOption for Secret {}
#[diagnostic::do_not_recommend]
impl StringField for Secret {}
