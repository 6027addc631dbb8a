//! The outcome of an elicitation, and reading it from the client's `ElicitResult`.

use std::fmt;

use serde_json::Value;

use crate::Elicit;
use crate::form::InvalidContent;

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

/// An `ElicitResult` from the client that cannot be read as an answer to the form.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ResponseError {
    /// The result is not a JSON object.
    NotAnObject,
    /// The result has no `action`, or it is not a string.
    MissingAction,
    /// `action` is not `accept`, `decline` or `cancel`.
    UnknownAction(String),
    /// `action` is `accept` but there is no `content` (form mode requires it).
    AcceptWithoutContent,
    /// `content` is present but not a JSON object.
    ContentNotAnObject,
    /// `content` does not satisfy the schema; every violation is listed.
    Invalid(InvalidContent),
}

impl fmt::Display for ResponseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResponseError::NotAnObject => f.write_str("the client's elicitation result is not a JSON object"),
            ResponseError::MissingAction => f.write_str("the client's elicitation result has no `action`"),
            ResponseError::UnknownAction(a) => {
                write!(f, "the client's elicitation result has unknown action `{a}` (expected `accept`, `decline` or `cancel`)")
            }
            ResponseError::AcceptWithoutContent => f.write_str("the client accepted the form but sent no `content`"),
            ResponseError::ContentNotAnObject => f.write_str("the client's `content` is not a JSON object"),
            ResponseError::Invalid(invalid) => invalid.fmt(f),
        }
    }
}

impl std::error::Error for ResponseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResponseError::Invalid(invalid) => Some(invalid),
            _ => None,
        }
    }
}

impl From<InvalidContent> for ResponseError {
    fn from(invalid: InvalidContent) -> Self {
        ResponseError::Invalid(invalid)
    }
}

impl<T: Elicit> Elicitation<T> {
    /// Reads a client's `ElicitResult` (`{"action": ..., "content": {...}}`): validates
    /// accepted content against `T`'s schema and decodes it.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, Elicitation, exchange::ResponseError};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug, PartialEq)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let accepted = Elicitation::<Name>::from_result(&json!({"action": "accept", "content": {"name": "Ada"}}));
    /// assert_eq!(accepted, Ok(Elicitation::Accept(Name { name: "Ada".into() })));
    /// assert_eq!(Elicitation::<Name>::from_result(&json!({"action": "decline"})), Ok(Elicitation::Decline));
    /// assert_eq!(
    ///     Elicitation::<Name>::from_result(&json!({"action": "accept"})),
    ///     Err(ResponseError::AcceptWithoutContent)
    /// );
    /// ```
    pub fn from_result(result: &Value) -> Result<Self, ResponseError> {
        let result = result.as_object().ok_or(ResponseError::NotAnObject)?;
        let action = result.get("action").and_then(Value::as_str).ok_or(ResponseError::MissingAction)?;
        let content = result.get("content");
        match action {
            "accept" => match content {
                None | Some(Value::Null) => Err(ResponseError::AcceptWithoutContent),
                Some(Value::Object(content)) => Ok(Elicitation::Accept(T::from_content(content)?)),
                Some(_) => Err(ResponseError::ContentNotAnObject),
            },
            "decline" => Ok(Elicitation::Decline),
            "cancel" => Ok(Elicitation::Cancel),
            other => Err(ResponseError::UnknownAction(other.to_owned())),
        }
    }
}
