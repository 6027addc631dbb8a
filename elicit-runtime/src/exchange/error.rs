//! [`ElicitError`]: why an elicitation did not produce an answer.

use std::fmt;
use std::time::Duration;

use super::elicitation::ResponseError;
use super::transport::{ElicitationSupport, PeerError};
use crate::form::{InvalidContent, SchemaError};

/// Why an elicitation did not produce an answer. Decline and cancel are answers
/// ([`Elicitation`](super::Elicitation)), never errors.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ElicitError {
    /// The client declared no `elicitation` capability, or not form mode. Nothing was sent.
    NotSupported(ElicitationSupport),
    /// The session has no negotiated protocol revision we know. Nothing was sent.
    UnknownRevision(Option<String>),
    /// The negotiated revision cannot express this form. Nothing was sent.
    Schema(SchemaError),
    /// The message contains a URL, which the specification forbids in form mode. Nothing
    /// was sent.
    UrlInMessage,
    /// The client did not answer in time; it was told the request is cancelled.
    Timeout(Duration),
    /// The transport failed, or the client answered with a JSON-RPC error.
    Peer(PeerError),
    /// The user accepted, but the content does not satisfy the form (every violation).
    InvalidContent(InvalidContent),
    /// The user accepted, but the client sent no `content`.
    AcceptWithoutContent,
    /// The client's result is not a valid `ElicitResult`.
    MalformedResult(ResponseError),
    /// Protocol revision 2026-07-28 has no server-to-client requests; the elicitation
    /// must travel in an `InputRequiredResult` (run the tool body with
    /// `ToolCall::run`). Nothing was sent.
    NeedsInputRound,
    /// The answer comes with the client's retry: this round of a 2026-07-28 flow ends
    /// with an `InputRequiredResult`. Propagate it (`?`): the flow turns it into that
    /// result.
    InputRequired,
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::NotSupported(support) if support.url => {
                f.write_str("the client supports only URL-mode elicitation, not forms; nothing was sent")
            }
            ElicitError::NotSupported(_) => f.write_str("the client did not declare the elicitation capability; nothing was sent"),
            ElicitError::UnknownRevision(Some(v)) => {
                write!(f, "the session negotiated protocol version `{v}`, which has no elicitation this crate speaks; nothing was sent")
            }
            ElicitError::UnknownRevision(None) => f.write_str("the session has not negotiated a protocol version yet; nothing was sent"),
            ElicitError::Schema(err) => write!(f, "{err}; nothing was sent"),
            ElicitError::UrlInMessage => {
                f.write_str("the message contains a URL, which form-mode elicitation must not carry (use URL mode); nothing was sent")
            }
            ElicitError::Timeout(after) => write!(f, "the user did not answer within {after:?}; the request was cancelled"),
            ElicitError::Peer(err) => err.fmt(f),
            ElicitError::InvalidContent(err) => err.fmt(f),
            ElicitError::AcceptWithoutContent => f.write_str("the client accepted the form but sent no `content`"),
            ElicitError::MalformedResult(err) => err.fmt(f),
            ElicitError::NeedsInputRound => PeerError::NoServerRequests.fmt(f),
            ElicitError::InputRequired => PeerError::InputRequired.fmt(f),
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::Schema(err) => Some(err),
            ElicitError::Peer(err) => Some(err),
            ElicitError::InvalidContent(err) => Some(err),
            ElicitError::MalformedResult(err) => Some(err),
            _ => None,
        }
    }
}

impl From<ResponseError> for ElicitError {
    fn from(err: ResponseError) -> Self {
        match err {
            ResponseError::Invalid(invalid) => ElicitError::InvalidContent(invalid),
            ResponseError::AcceptWithoutContent => ElicitError::AcceptWithoutContent,
            other => ElicitError::MalformedResult(other),
        }
    }
}

impl From<PeerError> for ElicitError {
    fn from(err: PeerError) -> Self {
        match err {
            PeerError::Timeout(after) => ElicitError::Timeout(after),
            PeerError::NoServerRequests => ElicitError::NeedsInputRound,
            PeerError::InputRequired => ElicitError::InputRequired,
            other => ElicitError::Peer(other),
        }
    }
}

impl From<SchemaError> for ElicitError {
    fn from(err: SchemaError) -> Self {
        ElicitError::Schema(err)
    }
}
