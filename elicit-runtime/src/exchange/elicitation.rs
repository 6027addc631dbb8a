//! The outcome of an elicitation, and reading it from the client's `ElicitResult`.

use std::fmt;

use serde_json::{Map, Value};

use super::error::{ElicitError, MalformedResult};
use crate::form::{Report, collect_checkboxes, echo};
use crate::{Elicit, ProtocolRevision};

/// What the user did with the form: accepted it (with a typed, validated value),
/// declined it, or dismissed it. Decline and cancel are answers, not errors.
///
/// ```
/// use elicit_runtime::Elicitation;
///
/// let answer: Elicitation<u32> = Elicitation::Accept(4);
/// assert_eq!(answer.map(|n| n * 2).accepted(), Some(8));
/// assert!(Elicitation::<u32>::Decline.is_decline());
/// assert_eq!(Elicitation::<u32>::Cancel.accepted(), None);
/// assert_eq!(Elicitation::<u32>::Cancel.accepted_or(7), 7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[must_use = "the user may have declined or cancelled"]
pub enum Elicitation<T> {
    /// The user submitted the form; the content passed validation.
    Accept(T),
    /// The user explicitly declined to answer.
    Decline,
    /// The user dismissed the form without choosing.
    Cancel,
}

impl<T> Elicitation<T> {
    /// The accepted value, if any.
    pub fn accepted(self) -> Option<T> {
        match self {
            Elicitation::Accept(value) => Some(value),
            _ => None,
        }
    }

    /// The accepted value, or `default` on decline / cancel.
    pub fn accepted_or(self, default: T) -> T {
        self.accepted().unwrap_or(default)
    }

    /// The accepted value, or an error built from the action on decline / cancel.
    ///
    /// ```
    /// use elicit_runtime::{Elicitation, exchange::Action};
    ///
    /// let r: Result<u8, String> = Elicitation::<u8>::Decline.ok_or_else(|a| format!("user chose {a}"));
    /// assert_eq!(r, Err("user chose decline".to_owned()));
    /// ```
    pub fn ok_or_else<E>(self, err: impl FnOnce(Action) -> E) -> Result<T, E> {
        match self {
            Elicitation::Accept(value) => Ok(value),
            other => Err(err(other.action())),
        }
    }

    /// Transforms the accepted value.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Elicitation<U> {
        match self {
            Elicitation::Accept(value) => Elicitation::Accept(f(value)),
            Elicitation::Decline => Elicitation::Decline,
            Elicitation::Cancel => Elicitation::Cancel,
        }
    }

    /// Borrows the accepted value.
    pub fn as_ref(&self) -> Elicitation<&T> {
        match self {
            Elicitation::Accept(value) => Elicitation::Accept(value),
            Elicitation::Decline => Elicitation::Decline,
            Elicitation::Cancel => Elicitation::Cancel,
        }
    }

    /// Whether the user accepted.
    pub fn is_accept(&self) -> bool {
        matches!(self, Elicitation::Accept(_))
    }

    /// Whether the user declined.
    pub fn is_decline(&self) -> bool {
        matches!(self, Elicitation::Decline)
    }

    /// Whether the user cancelled.
    pub fn is_cancel(&self) -> bool {
        matches!(self, Elicitation::Cancel)
    }

    /// The action, without the value.
    pub fn action(&self) -> Action {
        match self {
            Elicitation::Accept(_) => Action::Accept,
            Elicitation::Decline => Action::Decline,
            Elicitation::Cancel => Action::Cancel,
        }
    }
}

/// The `action` of an `ElicitResult`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// `"accept"`.
    Accept,
    /// `"decline"`.
    Decline,
    /// `"cancel"`.
    Cancel,
}

impl Action {
    /// The wire value.
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Decline => "decline",
            Action::Cancel => "cancel",
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<T: Elicit> Elicitation<T> {
    /// Reads a client's `ElicitResult` (`{"action": ..., "content": {...}}`) as the
    /// latest revision writes it: validates accepted content against `T`'s schema and
    /// decodes it.
    ///
    /// `content` is ignored on decline and cancel (some clients send `null`), and so is
    /// `_meta`. An `accept` without `content` is
    /// [`AcceptWithoutContent`](ElicitError::AcceptWithoutContent), except for a form
    /// whose fields are all optional, where it is read as empty content: the user
    /// submitted the form without filling anything in.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, ElicitError, Elicitation};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug, PartialEq)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let accepted = Elicitation::<Name>::from_result(&json!({"action": "accept", "content": {"name": "Ada"}}));
    /// assert_eq!(accepted.unwrap(), Elicitation::Accept(Name { name: "Ada".into() }));
    /// let declined = Elicitation::<Name>::from_result(&json!({"action": "decline", "content": null}));
    /// assert_eq!(declined.unwrap(), Elicitation::Decline);
    /// assert!(matches!(
    ///     Elicitation::<Name>::from_result(&json!({"action": "accept"})),
    ///     Err(ElicitError::AcceptWithoutContent)
    /// ));
    /// ```
    pub fn from_result(result: &Value) -> Result<Self, ElicitError> {
        Self::from_result_on(result, ProtocolRevision::LATEST)
    }

    /// [`from_result`](Self::from_result) for the revision the request was sent on. On
    /// 2025-06-18, which has no arrays, a multi-select travels as one checkbox per option
    /// (`field_option`, see [`FieldSchema::checkbox_name`](crate::form::FieldSchema::checkbox_name));
    /// the ticked options are read back into the field.
    pub fn from_result_on(result: &Value, revision: ProtocolRevision) -> Result<Self, ElicitError> {
        let result = result.as_object().ok_or(MalformedResult::NotAnObject)?;
        let action = result.get("action").and_then(Value::as_str).ok_or(MalformedResult::MissingAction)?;
        match action {
            "accept" => {}
            "decline" => return Ok(Elicitation::Decline),
            "cancel" => return Ok(Elicitation::Cancel),
            other => return Err(MalformedResult::UnknownAction(echo(other)).into()),
        }
        let empty = Map::new();
        let content = match result.get("content") {
            Some(Value::Object(content)) => content,
            None | Some(Value::Null) if T::SCHEMA.fields().iter().all(|f| !f.is_required()) => &empty,
            None | Some(Value::Null) => return Err(ElicitError::AcceptWithoutContent),
            Some(_) => return Err(MalformedResult::ContentNotAnObject.into()),
        };
        if revision.has_multi_select() {
            return Ok(Elicitation::Accept(T::from_content(content)?));
        }
        let mut report = Report::default();
        let content = collect_checkboxes(T::SCHEMA, content, &mut report);
        let decoded = T::from_content(&content);
        match (decoded, report.finish()) {
            (Ok(value), Ok(())) => Ok(Elicitation::Accept(value)),
            (Ok(_), Err(invalid)) => Err(invalid.into()),
            (Err(invalid), Ok(())) => Err(invalid.into()),
            (Err(invalid), Err(checkboxes)) => Err(checkboxes.merged(invalid).into()),
        }
    }
}

impl Elicitation<()> {
    /// Reads the result of a URL-mode request: `accept` (consent to open the page, no
    /// content), `decline` or `cancel`. Whatever `content` it carries is ignored.
    pub(crate) fn from_url_result(result: &Value) -> Result<Elicitation<()>, ElicitError> {
        let result = result.as_object().ok_or(MalformedResult::NotAnObject)?;
        match result.get("action").and_then(Value::as_str).ok_or(MalformedResult::MissingAction)? {
            "accept" => Ok(Elicitation::Accept(())),
            "decline" => Ok(Elicitation::Decline),
            "cancel" => Ok(Elicitation::Cancel),
            other => Err(MalformedResult::UnknownAction(echo(other)).into()),
        }
    }
}
