//! One tool body for every protocol revision: direct requests up to 2025-11-25, rounds of
//! `InputRequiredResult` on 2026-07-28.
//!
//! On 2026-07-28 a server may not send `elicitation/create` to the client. A tool
//! answers the `tools/call` with an `InputRequiredResult` listing its questions; the
//! client asks the user and calls the tool again with `inputResponses` and the echoed
//! `requestState`. [`ToolCall::run`] makes this invisible to the tool body: the body asks
//! with `T::elicit(&ask, ...)` as on older revisions, and is run again on every retry.
//! Questions already answered (in this retry, or in earlier rounds, carried in the
//! sealed `requestState`) return their answers at once; the first question without one
//! ends the round, and `run` returns the `InputRequiredResult`.
//!
//! ```no_run
//! use elicit_runtime::rmcp::{StateSealer, ToolCall};
//! use elicit_runtime::{Elicit, Elicitation};
//! use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
//! use rmcp::{ErrorData, tool, tool_router};
//!
//! #[derive(Elicit, Debug)]
//! struct Booking {
//!     #[elicit(minimum = 1, maximum = 12)]
//!     guests: u8,
//! }
//!
//! #[derive(Clone)]
//! struct Restaurant {
//!     sealer: StateSealer,
//! }
//!
//! #[tool_router]
//! impl Restaurant {
//!     #[tool(description = "Book a table")]
//!     async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
//!         call.run(&self.sealer, |ask| async move {
//!             let text = match Booking::elicit(&ask, "How many guests?").await? {
//!                 Elicitation::Accept(booking) => format!("booked for {}", booking.guests),
//!                 Elicitation::Decline | Elicitation::Cancel => "no booking".to_owned(),
//!             };
//!             Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
//!         })
//!         .await
//!     }
//! }
//! ```
//!
//! # The body runs again on each retry
//!
//! Keep the body deterministic up to its questions, and do side effects (writing the
//! booking) after the last one: a round ends at the first unanswered question, and the
//! next round replays everything before it. To ask several forms in one round, start
//! them together (`tokio::join!`) and propagate the results afterwards.
//!
//! # `requestState` is sealed
//!
//! The state that carries earlier answers between rounds comes back from the client, so
//! it is attacker-controlled. [`StateSealer`] protects it with HMAC-SHA256 (rmcp's
//! `RequestStateCodec`), bound to the principal ([`ToolCall::principal`]), the tool's name
//! and its exact arguments, with a short expiry. A state that fails any of these is
//! rejected with [`StateError`] and never reaches the tool. It is signed, not encrypted:
//! the client can read it, so it must never hold secrets (form mode never asks for
//! them).

use std::collections::BTreeMap;
use std::fmt;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::ErrorData;
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolResponse, CallToolResult, ElicitRequest, ElicitRequestParams, InputRequest, InputRequests, InputRequiredResult, InputResponses,
    JsonObject, RequestStateCodec, SealOptions,
};
use rmcp::service::RequestContext;
use rmcp::RoleServer;
use serde_json::{Map, Value, json};

use super::support_of;
use crate::peer::{ElicitPeer, ElicitationSupport, Outgoing, PeerError};
use crate::{ElicitError, ProtocolRevision};

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

    fn seal(&self, state: &RoundState, binding: &[u8]) -> Result<String, StateError> {
        self.codec
            .seal_json_with(&state.to_json(), &SealOptions::new().associated_data(binding).ttl(self.ttl))
            .map_err(|e| StateError::Unreadable(e.to_string()))
    }

    fn open(&self, sealed: &str, binding: &[u8]) -> Result<RoundState, StateError> {
        if sealed.is_empty() {
            return Err(StateError::Malformed);
        }
        if sealed.len() > MAX_STATE_LEN {
            return Err(StateError::TooLong { len: sealed.len() });
        }
        use rmcp::model::RequestStateError as E;
        let json = self.codec.open_json_with::<Value>(sealed, binding).map_err(|e| match e {
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

impl From<StateError> for ErrorData {
    fn from(err: StateError) -> Self {
        match err {
            StateError::KeyTooShort { .. } | StateError::MissingKey { .. } => ErrorData::internal_error(err.to_string(), None),
            _ => ErrorData::invalid_params(err.to_string(), None),
        }
    }
}

/// What travels in `requestState` between rounds: the client's answers so far, and the
/// questions of the last round.
#[derive(Debug, Default, PartialEq)]
struct RoundState {
    answers: BTreeMap<String, Value>,
    pending: Vec<String>,
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

/// A tool call, as a tool receives it: extracted by rmcp from the call
/// (`async fn my_tool(&self, call: ToolCall)`), then [run](Self::run) with the body that
/// asks.
#[derive(Debug, Clone)]
pub struct ToolCall {
    context: RequestContext<RoleServer>,
    name: String,
    arguments: Option<JsonObject>,
    input_responses: Option<InputResponses>,
    request_state: Option<String>,
    principal: Option<String>,
}

impl<S> FromContextPart<ToolCallContext<'_, S>> for ToolCall {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        Ok(ToolCall {
            context: context.request_context.clone(),
            name: context.name.to_string(),
            arguments: context.arguments.clone(),
            input_responses: context.input_responses.clone(),
            request_state: context.request_state.clone(),
            principal: None,
        })
    }
}

impl ToolCall {
    /// The call's request context.
    pub fn context(&self) -> &RequestContext<RoleServer> {
        &self.context
    }

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The call's arguments.
    pub fn arguments(&self) -> Option<&JsonObject> {
        self.arguments.as_ref()
    }

    /// Binds the round state to this authenticated principal (a user id, a token
    /// subject): a state sealed for one principal is refused for any other. Without it,
    /// states are bound to the tool and its arguments only.
    pub fn principal(mut self, principal: impl Into<String>) -> Self {
        self.principal = Some(principal.into());
        self
    }

    /// The negotiated revision of this call, if it is one this crate speaks.
    pub fn revision(&self) -> Option<ProtocolRevision> {
        self.context.protocol_version().and_then(|v| v.as_str().parse().ok())
    }

    /// What the sealed state is bound to: principal, method, tool and the exact
    /// arguments (canonical JSON, keys sorted). Not stored in the state, only in its seal.
    fn binding(&self) -> Vec<u8> {
        let arguments = self.arguments.clone().map(Value::Object).unwrap_or(Value::Null);
        let mut binding = String::from("elicit/round/v1\0");
        binding.push_str(self.principal.as_deref().unwrap_or(""));
        binding.push_str("\0tools/call\0");
        binding.push_str(&self.name);
        binding.push('\0');
        write_canonical(&arguments, &mut binding);
        binding.into_bytes()
    }

    /// Runs the tool body. On 2025-06-18 and 2025-11-25 `ask` sends each form to the
    /// client directly and the body runs once. On 2026-07-28 the body runs once per
    /// round: answered questions return their answers, and the round's unanswered
    /// questions end it with an `InputRequiredResult` (with the sealed state).
    ///
    /// A `requestState` that does not verify is refused with [`StateError`] (JSON-RPC
    /// `invalid params`) before the body runs. On the retry, answers to questions that
    /// were not asked are ignored, and a question whose answer is missing is asked again.
    pub async fn run<F, Fut>(self, sealer: &StateSealer, body: F) -> Result<CallToolResponse, ErrorData>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<CallToolResult, ErrorData>>,
    {
        if self.revision() != Some(ProtocolRevision::V2026_07_28) {
            let ask = Ask { inner: AskInner::Direct(self.context.clone()) };
            return body(ask).await.map(CallToolResponse::Complete);
        }
        let binding = self.binding();
        let mut answers = BTreeMap::new();
        if let Some(sealed) = &self.request_state {
            let state = sealer.open(sealed, &binding)?;
            answers = state.answers;
            let mut responses = self.input_responses.clone().unwrap_or_default();
            for key in state.pending {
                if let Some(answer) = responses.remove(&key) {
                    answers.insert(key, answer);
                }
            }
        }
        // Without a state, `inputResponses` answer no question this server asked: ignored.
        let round = Arc::new(Round { answers, asked: Mutex::new(Vec::new()), questions: Mutex::new(0) });
        let support = support_of(self.context.client_capabilities().as_ref());
        let ask = Ask { inner: AskInner::Round { round: round.clone(), support } };
        let outcome = body(ask).await;

        let asked = std::mem::take(&mut *round.asked.lock().map_err(|_| internal("a question panicked"))?);
        if asked.is_empty() {
            return outcome.map(CallToolResponse::Complete);
        }
        let mut requests = InputRequests::new();
        let mut pending = Vec::with_capacity(asked.len());
        for (key, params) in asked {
            let params: ElicitRequestParams = serde_json::from_value(Value::Object(params))
                .map_err(|e| internal(&format!("the form of `{key}` cannot be carried: {e}")))?;
            requests.insert(key.clone(), InputRequest::Elicitation(ElicitRequest::new(params)));
            pending.push(key);
        }
        let answers = Arc::try_unwrap(round).map(|r| r.answers).unwrap_or_else(|r| r.answers.clone());
        let sealed = sealer.seal(&RoundState { answers, pending }, &binding)?;
        Ok(CallToolResponse::InputRequired(InputRequiredResult::new(Some(requests), Some(sealed))))
    }
}

fn internal(message: &str) -> ErrorData {
    ErrorData::internal_error(message.to_owned(), None)
}

/// JSON with object keys sorted at every level, so the same arguments always bind the
/// same way whatever order the client wrote them in.
fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
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

struct Round {
    answers: BTreeMap<String, Value>,
    asked: Mutex<Vec<(String, Map<String, Value>)>>,
    questions: Mutex<u32>,
}

/// What a tool body asks with inside [`ToolCall::run`]: pass `&ask` to
/// [`Elicit::elicit`](crate::Elicit::elicit). It sends directly on older revisions and
/// plays a round on 2026-07-28.
#[derive(Clone)]
pub struct Ask {
    inner: AskInner,
}

#[derive(Clone)]
enum AskInner {
    Direct(RequestContext<RoleServer>),
    Round { round: Arc<Round>, support: ElicitationSupport },
}

impl fmt::Debug for Ask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.inner {
            AskInner::Direct(_) => f.write_str("Ask::Direct"),
            AskInner::Round { support, .. } => f.debug_struct("Ask::Round").field("support", support).finish_non_exhaustive(),
        }
    }
}

/// The input key of a question: `elicit-1`, and `elicit-1-retry-1` for its first re-ask.
fn input_key(question: u32, attempt: u32) -> String {
    if attempt == 0 { format!("elicit-{question}") } else { format!("elicit-{question}-retry-{attempt}") }
}

impl ElicitPeer for Ask {
    fn protocol_version(&self) -> Option<String> {
        match &self.inner {
            AskInner::Direct(context) => ElicitPeer::protocol_version(context),
            AskInner::Round { .. } => Some(ProtocolRevision::V2026_07_28.as_str().to_owned()),
        }
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        match &self.inner {
            AskInner::Direct(context) => context.elicitation_support(),
            AskInner::Round { support, .. } => *support,
        }
    }

    fn next_question(&self) -> u32 {
        match &self.inner {
            AskInner::Direct(_) => 0,
            AskInner::Round { round, .. } => {
                let mut questions = round.questions.lock().unwrap_or_else(|e| e.into_inner());
                *questions += 1;
                *questions
            }
        }
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Value, PeerError> {
        match &self.inner {
            AskInner::Direct(context) => context.send_elicitation(outgoing).await,
            AskInner::Round { round, .. } => {
                let key = input_key(outgoing.question, outgoing.attempt);
                if let Some(answer) = round.answers.get(&key) {
                    return Ok(answer.clone());
                }
                round.asked.lock().unwrap_or_else(|e| e.into_inner()).push((key, outgoing.params));
                Err(PeerError::InputRequired)
            }
        }
    }
}

impl From<ElicitError> for ErrorData {
    /// A tool body can propagate [`ElicitError`] with `?`. A client without the
    /// elicitation capability gets `-32021` (missing required client capability) with
    /// the capability it lacks; other errors are internal errors with the error's text.
    fn from(err: ElicitError) -> Self {
        match err {
            ElicitError::NotSupported(_) => ErrorData::new(
                rmcp::model::ErrorCode(-32021),
                err.to_string(),
                Some(json!({ "requiredCapabilities": { "elicitation": { "form": {} } } })),
            ),
            other => ErrorData::internal_error(other.to_string(), None),
        }
    }
}
