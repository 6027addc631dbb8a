//! The outcome of an elicitation: [`Elicitation`] and its [`Action`]. Reading a form's
//! typed answer from the client's `ElicitResult` is [`Elicitation::from_result`], beside
//! the [`Elicit`](super::Elicit) trait it needs.

use std::fmt;

use serde_json::Value;

use super::error::{ElicitError, MalformedResult};
use crate::form::echo;

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
