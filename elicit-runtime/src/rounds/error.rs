//! [`StateError`]: why a sealer could not be built, or a `requestState` or a page's value
//! did not open; and the limits it names.

use std::fmt;


/// The smallest key [`StateSealer`](super::StateSealer) accepts, in bytes.
pub const MIN_KEY_LEN: usize = 32;

/// The longest `requestState` sealed or opened. A round whose state would be longer ends
/// with [`StateError::TooLarge`] instead of a state the server would then refuse;
/// anything longer that comes back is refused unread.
pub const MAX_STATE_LEN: usize = 256 * 1024;

/// A configuration or `requestState` problem of a 2026-07-28 flow.
///
/// Every way a state from a client can fail reaches the client as one frozen JSON-RPC
/// error (`-32602`, "invalid requestState"), so that nobody learns from the answer which
/// check failed; the variant is for the server's logs (the `reason` of the `tracing` event "requestState
/// refused", target `elicit_runtime::rounds`, and of the metric
/// [`Metric::StateRefused`](crate::observe::Metric::StateRefused)).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// The configured key is shorter than 32 bytes.
    KeyTooShort {
        /// Its length.
        len: usize,
    },
    /// No key is configured (the environment variable is unset or empty): the server
    /// refuses to run input-required rounds rather than use a default key.
    MissingKey {
        /// The variable that was read.
        var: String,
    },
    /// The state this round would seal is longer than 256 KiB: its answers
    /// are too large to carry (ask for less in one flow, or keep large data on the
    /// server).
    TooLarge {
        /// Its length, sealed.
        len: usize,
    },
    /// The random source failed while sealing.
    Unavailable(String),
    /// The `requestState` is not in the sealed format (empty, truncated, re-encoded).
    Malformed,
    /// The `requestState` is longer than 256 KiB.
    TooLong {
        /// Its length.
        len: usize,
    },
    /// The state was sealed with a key that is not (or no longer) in the ring.
    UnknownKey,
    /// The seal does not verify: the state was altered, forged, or is presented by
    /// another principal, for another tool, or with other arguments.
    Forged,
    /// The state's time to live has passed.
    Expired,
    /// The state verified but its content cannot be read (a state of another version).
    Unreadable(String),
    /// [`StateSealer::ephemeral`](super::StateSealer::ephemeral) was called where the environment marks the deployment
    /// as production (`ELICIT_PRODUCTION`): configure a key ([`StateSealer::from_env`](super::StateSealer::from_env)).
    EphemeralInProduction {
        /// The variable that marks production.
        var: &'static str,
    },
}

impl StateError {
    /// The stable name of the variant, in snake case: the `reason` of a refused state in
    /// logs and metrics ([`observe`](crate::observe)), without the detail `Display` gives.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            StateError::KeyTooShort { .. } => "key_too_short",
            StateError::MissingKey { .. } => "missing_key",
            StateError::TooLarge { .. } => "too_large",
            StateError::Unavailable(_) => "unavailable",
            StateError::Malformed => "malformed",
            StateError::TooLong { .. } => "too_long",
            StateError::UnknownKey => "unknown_key",
            StateError::Forged => "forged",
            StateError::Expired => "expired",
            StateError::Unreadable(_) => "unreadable",
            StateError::EphemeralInProduction { .. } => "ephemeral_in_production",
        }
    }

    /// Whether the error is about a state that came from a client (as opposed to the
    /// server's configuration or its own sealing).
    pub fn is_from_client(&self) -> bool {
        matches!(
            self,
            StateError::Malformed | StateError::TooLong { .. } | StateError::UnknownKey | StateError::Forged | StateError::Expired | StateError::Unreadable(_)
        )
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::KeyTooShort { len } => {
                write!(f, "the requestState key has {len} bytes; use a random secret of at least {MIN_KEY_LEN} bytes")
            }
            StateError::MissingKey { var } => write!(
                f,
                "no requestState key is configured (set `{var}` to a random secret of at least {MIN_KEY_LEN} bytes); refusing to run input-required rounds with a default key"
            ),
            StateError::TooLarge { len } => write!(
                f,
                "this round's requestState would be {len} bytes, more than the {MAX_STATE_LEN} accepted: the answers held between rounds are too large (ask for less in one flow, or keep large data on the server)"
            ),
            StateError::Unavailable(why) => write!(f, "the requestState could not be sealed: {why}"),
            StateError::Malformed => f.write_str("the requestState is not a sealed state of this server"),
            StateError::TooLong { len } => write!(f, "the requestState is {len} bytes long, more than the {MAX_STATE_LEN} accepted"),
            StateError::UnknownKey => f.write_str("the requestState was sealed with a key that is not in the ring"),
            StateError::Forged => f.write_str(
                "the requestState does not verify: it was altered, or it belongs to another user, request or set of arguments",
            ),
            StateError::Expired => f.write_str("the requestState has expired"),
            StateError::Unreadable(e) => write!(f, "the requestState cannot be read: {e}"),
            StateError::EphemeralInProduction { var } => write!(
                f,
                "an ephemeral requestState key was asked for, but `{var}` marks this deployment as production: configure a random secret of at least {MIN_KEY_LEN} bytes (`StateSealer::from_env`) instead"
            ),
        }
    }
}

impl std::error::Error for StateError {}
