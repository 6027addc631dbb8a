//! How a call that cannot answer yet goes on: [`Continuation`], what the client needs to
//! come back with the answer ([`ErrorKind::Continues`](super::ErrorKind::Continues)).

use std::fmt;
use std::time::Duration;

use serde_json::{Map, Value};

/// How a call that cannot answer yet goes on: what the client needs to come back with
/// the answer. Propagate the error ([`ErrorKind::Continues`](super::ErrorKind::Continues)) with `?`; the tool call ends with it;
/// [`ElicitError::continuation`](super::ElicitError::continuation) reads it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Continuation {
    /// 2026-07-28: this round ends with an `InputRequiredResult` carrying the questions;
    /// the client retries the call with the answers.
    InputRequired,
    /// URL mode, 2025-11-25: the request cannot go on until the user completes these
    /// URL-mode interactions (their `elicitation/create` params). The tool call ends with
    /// error `-32042` (URLElicitationRequiredError), and the client retries after the user
    /// opened the page.
    UrlRequired(Vec<Map<String, Value>>),
    /// URL mode, 2025-11-25: the user consented but did not complete the interaction
    /// within the time the tool waited. It stays pending until it expires; the tool call
    /// ends with `-32042` carrying the request again, so the client can retry once the
    /// page is done.
    StillPending {
        /// How long the tool waited.
        waited: Duration,
        /// The interaction's `elicitation/create` params, for the `-32042` error.
        elicitation: Map<String, Value>,
    },
    /// URL mode in the [`ElicitationTrack`](crate::dialect::Dialect::ElicitationTrack)
    /// dialect: as [`UrlRequired`](Self::UrlRequired), with that draft's error `-32604`
    /// (ElicitationRequired).
    #[cfg(feature = "dialects")]
    #[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
    ElicitationRequired(Vec<Map<String, Value>>),
    /// URL mode in the [`UserInteraction`](crate::dialect::Dialect::UserInteraction)
    /// dialect: the request cannot go on before this `ua` interaction (its `data`:
    /// `id`, `type`, `url`, `message`); error `-32003` `interaction_required`.
    #[cfg(feature = "dialects")]
    #[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
    InteractionRequired(Map<String, Value>),
}

impl Continuation {
    /// Whether anything was sent before the call ended: only an `InputRequiredResult`'s
    /// questions are; a URL-mode error carries its request to the client instead.
    pub(super) fn nothing_sent(&self) -> bool {
        !matches!(self, Continuation::InputRequired | Continuation::StillPending { .. })
    }
}

impl fmt::Display for Continuation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Continuation::InputRequired => f.write_str("the answer comes with the client's retry (input required)"),
            Continuation::UrlRequired(_) => f.write_str("the user must complete a URL-mode interaction first (error -32042)"),
            Continuation::StillPending { waited, .. } => {
                write!(f, "the user did not complete the URL-mode interaction within {waited:?}; it is still pending")
            }
            #[cfg(feature = "dialects")]
            Continuation::ElicitationRequired(_) => f.write_str("the user must complete a URL-mode interaction first (error -32604)"),
            #[cfg(feature = "dialects")]
            Continuation::InteractionRequired(_) => f.write_str("the user must complete a user-agent interaction first (error -32003)"),
        }
    }
}
