//! The outcome of an elicitation: [`Elicitation`]. Reading a form's
//! typed answer from the client's `ElicitResult` is [`Elicitation::from_result`], beside
//! the [`Elicit`](super::Elicit) trait it needs.

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

    /// The accepted value, or an error built from the [`action`](Self::action) on decline
    /// / cancel.
    ///
    /// ```
    /// use elicit_runtime::Elicitation;
    ///
    /// let r: Result<u8, String> = Elicitation::<u8>::Decline.ok_or_else(|action| format!("user chose {action}"));
    /// assert_eq!(r, Err("user chose decline".to_owned()));
    /// ```
    pub fn ok_or_else<E>(self, err: impl FnOnce(&'static str) -> E) -> Result<T, E> {
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

    /// The action, without the value, as the result's `action` writes it: `"accept"`,
    /// `"decline"` or `"cancel"`.
    ///
    /// ```
    /// use elicit_runtime::Elicitation;
    ///
    /// assert_eq!(Elicitation::Accept(4).action(), "accept");
    /// assert_eq!(Elicitation::<u8>::Cancel.action(), "cancel");
    /// ```
    pub const fn action(&self) -> &'static str {
        match self {
            Elicitation::Accept(_) => "accept",
            Elicitation::Decline => "decline",
            Elicitation::Cancel => "cancel",
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
