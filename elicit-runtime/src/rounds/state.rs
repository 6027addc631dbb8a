//! The sealed `requestState` of 2026-07-28 rounds: what it holds, what it is bound to,
//! and the key it is sealed with.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{RequestStateCodec, SealOptions};
use serde_json::{Map, Value, json};

/// The smallest key [`StateSealer`] accepts, in bytes.
pub const MIN_KEY_LEN: usize = 32;

/// The longest `requestState` opened; anything longer is rejected unread.
pub const MAX_STATE_LEN: usize = 256 * 1024;

/// Seals and opens the `requestState` of 2026-07-28 rounds. Built from a key in the
/// server's configuration; there is no default key.
///
/// ```
/// use elicit_runtime::rmcp::{StateSealer, StateError};
/// use std::time::Duration;
///
/// let sealer = StateSealer::new(b"an example key of at least 32 bytes!".to_vec())?.ttl(Duration::from_secs(300));
/// assert!(matches!(StateSealer::new(b"short".to_vec()), Err(StateError::KeyTooShort { .. })));
/// assert!(matches!(StateSealer::from_env("ELICIT_TEST_UNSET_VARIABLE"), Err(StateError::MissingKey { .. })));
/// # Ok::<(), StateError>(())
/// ```
#[derive(Clone)]
pub struct StateSealer {
    codec: Arc<RequestStateCodec>,
    ttl: Duration,
}

impl fmt::Debug for StateSealer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateSealer").field("ttl", &self.ttl).finish_non_exhaustive()
    }
}

impl StateSealer {
    /// How long a sealed state stays valid unless [`ttl`](Self::ttl) says otherwise.
    pub const DEFAULT_TTL: Duration = Duration::from_secs(10 * 60);

    /// A sealer with this secret key (at least [`MIN_KEY_LEN`] bytes, random, kept out of
    /// clients' reach; every server instance that may receive a retry needs the same key).
    pub fn new(key: impl Into<Vec<u8>>) -> Result<Self, StateError> {
        let key = key.into();
        if key.len() < MIN_KEY_LEN {
            return Err(StateError::KeyTooShort { len: key.len() });
        }
        let len = key.len();
        let codec = RequestStateCodec::try_new(key).map_err(|_| StateError::KeyTooShort { len })?;
        Ok(Self { codec: Arc::new(codec), ttl: Self::DEFAULT_TTL })
    }

    /// A sealer whose key is the value of the environment variable `var`.
    pub fn from_env(var: &str) -> Result<Self, StateError> {
        match std::env::var_os(var) {
            Some(value) if !value.is_empty() => Self::new(value.into_encoded_bytes()),
            _ => Err(StateError::MissingKey { var: var.to_owned() }),
        }
    }

    /// How long a round's state stays valid (default 10 minutes): the time a user has to
    /// answer.
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    pub(crate) fn seal(&self, state: &RoundState, binding: &Binding) -> Result<String, StateError> {
        self.codec
            .seal_json_with(&state.to_json(), &SealOptions::new().associated_data(&binding.0).ttl(self.ttl))
            .map_err(|e| StateError::Unreadable(e.to_string()))
    }

    pub(crate) fn open(&self, sealed: &str, binding: &Binding) -> Result<RoundState, StateError> {
        if sealed.is_empty() {
            return Err(StateError::Malformed);
        }
        if sealed.len() > MAX_STATE_LEN {
            return Err(StateError::TooLong { len: sealed.len() });
        }
        use rmcp::model::RequestStateError as E;
        let json = self.codec.open_json_with::<Value>(sealed, &binding.0).map_err(|e| match e {
            E::Expired => StateError::Expired,
            E::IntegrityCheckFailed => StateError::Forged,
            E::Deserialization(_) => StateError::Unreadable(e.to_string()),
            _ => StateError::Malformed,
        })?;
        RoundState::from_json(json).ok_or_else(|| StateError::Unreadable("not a round state".to_owned()))
    }
}

/// A configuration or `requestState` problem of a 2026-07-28 flow.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// The configured key is shorter than [`MIN_KEY_LEN`] bytes.
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
    /// The `requestState` is not in the sealed format (empty, truncated, re-encoded).
    Malformed,
    /// The `requestState` is longer than [`MAX_STATE_LEN`].
    TooLong {
        /// Its length.
        len: usize,
    },
    /// The seal does not verify: the state was altered, forged, or is presented by
    /// another principal, for another tool, or with other arguments.
    Forged,
    /// The state's time to live has passed.
    Expired,
    /// The state verified but its content cannot be read (a state of another version).
    Unreadable(String),
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
            StateError::Malformed => f.write_str("the requestState is not a sealed state of this server"),
            StateError::TooLong { len } => write!(f, "the requestState is {len} bytes long, more than the {MAX_STATE_LEN} accepted"),
            StateError::Forged => f.write_str(
                "the requestState does not verify: it was altered, or it belongs to another user, tool or set of arguments",
            ),
            StateError::Expired => f.write_str("the requestState has expired; call the tool again"),
            StateError::Unreadable(e) => write!(f, "the requestState cannot be read: {e}"),
        }
    }
}

impl std::error::Error for StateError {}

/// What travels in `requestState` between rounds: the client's answers so far, and the
/// questions of the last round.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct RoundState {
    pub(crate) answers: BTreeMap<String, Value>,
    pub(crate) pending: Vec<String>,
}

impl RoundState {
    fn to_json(&self) -> Value {
        json!({ "answers": self.answers, "pending": self.pending })
    }

    fn from_json(json: Value) -> Option<Self> {
        let Value::Object(mut map) = json else { return None };
        let Value::Object(answers) = map.remove("answers")? else { return None };
        let Value::Array(pending) = map.remove("pending")? else { return None };
        Some(RoundState {
            answers: answers.into_iter().collect(),
            pending: pending.into_iter().map(|k| k.as_str().map(str::to_owned)).collect::<Option<_>>()?,
        })
    }
}

/// What a sealed state is bound to: the principal, the method, the name of the tool or
/// prompt (or the resource's URI) and the exact arguments (canonical JSON, keys sorted).
/// Not stored in the state, only in its seal: a state presented with any other binding
/// does not open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Binding(Vec<u8>);

impl Binding {
    pub(crate) fn new(principal: Option<&str>, method: &str, name: &str, arguments: Option<&Map<String, Value>>) -> Self {
        let mut binding = String::from("elicit/round/v1\0");
        binding.push_str(principal.unwrap_or(""));
        binding.push('\0');
        binding.push_str(method);
        binding.push('\0');
        binding.push_str(name);
        binding.push('\0');
        match arguments {
            Some(arguments) => write_canonical_object(arguments, &mut binding),
            None => binding.push_str("null"),
        }
        Self(binding.into_bytes())
    }
}

fn write_canonical_object(map: &Map<String, Value>, out: &mut String) {
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    out.push('{');
    for (i, key) in keys.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&Value::from(key.as_str()).to_string());
        out.push(':');
        write_canonical(&map[key], out);
    }
    out.push('}');
}

/// JSON with object keys sorted at every level, so the same arguments always bind the
/// same way whatever order the client wrote them in.
fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => write_canonical_object(map, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}
