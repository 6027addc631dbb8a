//! URL mode's errors: why a request was not sent ([`UrlError`]), why a store failed
//! ([`StoreError`]), why the page could not complete an interaction ([`CompleteError`]).
//! A tool sees the first two as the [`source`](std::error::Error::source) of an
//! [`ElicitError`] ([`ErrorKind::Rule`](crate::exchange::ErrorKind::Rule),
//! [`ErrorKind::Store`](crate::exchange::ErrorKind::Store)).

use std::fmt;
use std::sync::Arc;

use crate::exchange::ElicitError;
use crate::exchange::error::Repr;

/// Why a URL-mode request was not sent. Each says what to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlError {
    /// The URL does not parse as an absolute URL.
    Invalid {
        /// The URL as given.
        url: String,
        /// What the parser said.
        reason: String,
    },
    /// The scheme is neither `https` nor, for a loopback host with
    /// [`Interactions::allow_loopback_http`](crate::url::Interactions::allow_loopback_http),
    /// `http`.
    NotHttps {
        /// The scheme found.
        scheme: String,
    },
    /// `http` to a loopback host, which needs an explicit opt-in (development only).
    LoopbackHttpNotAllowed,
    /// The URL carries a user name or password (`https://user:pass@host/`).
    UserInfo,
    /// The URL has no host.
    NoHost,
    /// The message is empty: the user must be told why the page matters.
    EmptyMessage,
    /// The message contains a URL: the specification allows URLs only in `url`.
    UrlInMessage,
    /// The principal is empty: an interaction must be bound to an authenticated user,
    /// or any visitor of the page whose identity is empty could complete it.
    NoPrincipal,
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::Invalid { url, reason } => write!(f, "`{url}` is not a valid absolute URL ({reason}); nothing was sent"),
            UrlError::NotHttps { scheme } => {
                write!(f, "URL-mode elicitation needs an `https` URL, not `{scheme}`; nothing was sent")
            }
            UrlError::LoopbackHttpNotAllowed => f.write_str(
                "an `http` URL to a loopback host is for development only: enable it with `Interactions::allow_loopback_http(true)`, or use `https`; nothing was sent",
            ),
            UrlError::UserInfo => f.write_str("the URL carries a user name or password; remove them (identify the user on the page instead); nothing was sent"),
            UrlError::NoHost => f.write_str("the URL has no host; nothing was sent"),
            UrlError::EmptyMessage => f.write_str("the message is empty: tell the user why they should open the page; nothing was sent"),
            UrlError::UrlInMessage => f.write_str(
                "the message contains a URL, which the specification allows only in `url`; say what the page is for instead; nothing was sent",
            ),
            UrlError::NoPrincipal => f.write_str(
                "the principal is empty: bind the interaction to the authenticated user of the request (a token subject, a user id); nothing was stored or sent",
            ),
        }
    }
}

impl std::error::Error for UrlError {}

/// The store failed (or is unreachable); nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StoreError {
    /// The store holds as many pending interactions as it may; try again later.
    Full {
        /// Its capacity.
        capacity: usize,
    },
    /// The store (or the random source) could not be reached.
    Unavailable(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Full { capacity } => write!(f, "the interaction store holds its maximum of {capacity} pending interactions"),
            StoreError::Unavailable(why) => write!(f, "the interaction store is unavailable: {why}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// Why completing an interaction was refused. The web page turns these into its own
/// answer to the browser; none of them changed anything.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompleteError {
    /// No interaction has this id (never started, or already forgotten).
    Unknown,
    /// The interaction's time ran out.
    Expired,
    /// It was completed already.
    AlreadyCompleted,
    /// The user on the page is not the user who started the interaction (the phishing
    /// case of the specification): nothing of theirs may be bound to it.
    WrongUser,
    /// The store failed.
    Store(StoreError),
}

impl fmt::Display for CompleteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompleteError::Unknown => f.write_str("no such interaction"),
            CompleteError::Expired => f.write_str("the interaction has expired; start again from the MCP client"),
            CompleteError::AlreadyCompleted => f.write_str("the interaction was completed already"),
            CompleteError::WrongUser => f.write_str("this interaction was started by another user"),
            CompleteError::Store(_) => f.write_str("the interaction store failed"),
        }
    }
}

impl std::error::Error for CompleteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CompleteError::Store(err) => Some(err),
            _ => None,
        }
    }
}

/// The request breaks a rule ([`ErrorKind::Rule`](crate::exchange::ErrorKind::Rule)).
impl From<UrlError> for ElicitError {
    fn from(err: UrlError) -> Self {
        Repr::UrlRule(Arc::new(err)).into()
    }
}

/// The store failed ([`ErrorKind::Store`](crate::exchange::ErrorKind::Store)).
impl From<StoreError> for ElicitError {
    fn from(err: StoreError) -> Self {
        Repr::Store(Arc::new(err)).into()
    }
}

impl ElicitError {
    /// The rule of the specification a URL-mode request breaks (the URL, its message or
    /// its principal), when that is why nothing was sent
    /// ([`ErrorKind::Rule`](crate::exchange::ErrorKind::Rule)).
    ///
    /// ```
    /// use elicit_runtime::ElicitError;
    /// use elicit_runtime::url::UrlError;
    ///
    /// let err = ElicitError::from(UrlError::NoHost);
    /// assert_eq!(err.url_rule(), Some(&UrlError::NoHost));
    /// assert_eq!(err.to_string(), "the URL-mode request breaks a rule of the specification; nothing was sent");
    /// ```
    pub fn url_rule(&self) -> Option<&UrlError> {
        match self.repr() {
            Repr::UrlRule(err) => err.downcast_ref(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::error::Error as _;

    use super::{StoreError, UrlError};
    use crate::exchange::{ElicitError, ErrorKind};

    #[test]
    fn a_rule_and_a_store_failure_reach_the_tool_as_kind_and_source() {
        let rule = ElicitError::from(UrlError::NotHttps { scheme: "ftp".into() });
        assert_eq!((rule.kind(), rule.nothing_sent()), (ErrorKind::Rule, true));
        assert_eq!(rule.url_rule(), Some(&UrlError::NotHttps { scheme: "ftp".into() }));
        assert_eq!(rule.source().map(ToString::to_string).as_deref(), Some("URL-mode elicitation needs an `https` URL, not `ftp`; nothing was sent"));
        let full = ElicitError::from(StoreError::Full { capacity: 10 });
        assert_eq!((full.kind(), full.nothing_sent(), full.url_rule()), (ErrorKind::Store, false, None));
        let source = full.source().and_then(|source| source.downcast_ref::<StoreError>());
        assert_eq!(source, Some(&StoreError::Full { capacity: 10 }));
    }

    #[test]
    fn two_rules_are_equal_when_they_are_the_same_rule_with_the_same_data() {
        let not_https = |scheme: &str| ElicitError::from(UrlError::NotHttps { scheme: scheme.into() });
        assert_eq!(not_https("ftp"), not_https("ftp"));
        assert_ne!(not_https("ftp"), not_https("ws"));
        assert_ne!(ElicitError::from(UrlError::NoHost), ElicitError::from(StoreError::Unavailable("the URL has no host; nothing was sent".into())));
    }
}
