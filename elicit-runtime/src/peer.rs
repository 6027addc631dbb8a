//! Sending an elicitation to the client of the current request, and awaiting the answer.
//!
//! [`ElicitPeer`] is the one thing a transport has to provide: the negotiated revision,
//! what the client declared it supports, and "send these `elicitation/create` params,
//! give me the result JSON". [`Elicit::elicit`] does the rest:
//! checks before sending, the cached schema, validation, decoding, re-asking.
//!
//! The implementation for rmcp's `Peer<RoleServer>` is behind the `rmcp` feature.

use std::fmt;
use std::future::Future;
use std::time::Duration;

use serde_json::{Map, Value};

use crate::elicitation::{Elicitation, ResponseError};
use crate::render::{SchemaError, SchemaOptions};
use crate::validate::InvalidContent;
use crate::{Elicit, ProtocolRevision};

/// The modes of elicitation a client declared in its `elicitation` capability.
///
/// ```
/// use elicit_runtime::peer::ElicitationSupport;
/// use serde_json::json;
///
/// // 2025-06-18 clients, and 2025-11-25 clients that send `{}`, support form mode.
/// assert_eq!(ElicitationSupport::from_capability(Some(&json!({}))), ElicitationSupport::FORM);
/// assert_eq!(ElicitationSupport::from_capability(Some(&json!({"url": {}}))), ElicitationSupport::URL);
/// assert_eq!(ElicitationSupport::from_capability(None), ElicitationSupport::NONE);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ElicitationSupport {
    /// Form mode (`requestedSchema`).
    pub form: bool,
    /// URL mode.
    pub url: bool,
}

impl ElicitationSupport {
    /// No `elicitation` capability at all.
    pub const NONE: Self = Self { form: false, url: false };
    /// Form mode only.
    pub const FORM: Self = Self { form: true, url: false };
    /// URL mode only.
    pub const URL: Self = Self { form: false, url: true };
    /// Both modes.
    pub const FORM_AND_URL: Self = Self { form: true, url: true };

    /// Reads `capabilities.elicitation` as the client sent it: absent means no support;
    /// an object with neither `form` nor `url` means form mode (the 2025-06-18 shape,
    /// kept for backward compatibility in 2025-11-25).
    pub fn from_capability(elicitation: Option<&Value>) -> Self {
        match elicitation {
            None | Some(Value::Null) => Self::NONE,
            Some(Value::Object(modes)) => {
                let form = modes.get("form").is_some_and(|v| !v.is_null());
                let url = modes.get("url").is_some_and(|v| !v.is_null());
                if !form && !url { Self::FORM } else { Self { form, url } }
            }
            // Not an object: not a declaration we can read; treat it as absent.
            Some(_) => Self::NONE,
        }
    }
}

/// One `elicitation/create` to send.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Outgoing {
    /// The request's `params`: `mode` (2025-11-25 on), `message`, `requestedSchema`.
    pub params: Map<String, Value>,
    /// Give up after this long, telling the client the request is cancelled.
    pub timeout: Option<Duration>,
    /// Which question of the operation this is, as numbered by
    /// [`ElicitPeer::next_question`].
    pub question: u32,
    /// 0 for the first time the question is asked, then 1, 2... for each re-ask after
    /// invalid content.
    pub attempt: u32,
}

/// A connection to the client that asked for the current operation, able to carry an
/// `elicitation/create` request.
///
/// Implemented for rmcp's `Peer<RoleServer>` and `RequestContext<RoleServer>`, and for
/// the round of a 2026-07-28 input-required flow (feature `rmcp`); implement it for
/// another transport, or for a test double.
pub trait ElicitPeer: Sync {
    /// The protocol revision negotiated for this request, as its date string
    /// (`"2025-11-25"`), or `None` if the session is not initialized.
    fn protocol_version(&self) -> Option<String>;

    /// What the client declared in its `elicitation` capability.
    fn elicitation_support(&self) -> ElicitationSupport;

    /// Numbers a new question of the current operation (called once per
    /// [`Elicit::elicit`], before its first send). A transport
    /// that answers from earlier rounds uses the number to find the answer again when the
    /// operation is replayed; others can keep the default.
    fn next_question(&self) -> u32 {
        0
    }

    /// Sends `elicitation/create` and returns the client's result object. When the
    /// timeout passes first, the implementation tells the client the request is cancelled
    /// (`notifications/cancelled`) and returns [`PeerError::Timeout`].
    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Value, PeerError>> + Send;
}

impl<P: ElicitPeer + ?Sized> ElicitPeer for &P {
    fn protocol_version(&self) -> Option<String> {
        (**self).protocol_version()
    }
    fn elicitation_support(&self) -> ElicitationSupport {
        (**self).elicitation_support()
    }
    fn next_question(&self) -> u32 {
        (**self).next_question()
    }
    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Value, PeerError>> + Send {
        (**self).send_elicitation(outgoing)
    }
}

/// A failure of the transport or of the client, below the level of the form.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum PeerError {
    /// No answer before the timeout; the client was told the request is cancelled.
    Timeout(Duration),
    /// The client answered with a JSON-RPC error.
    Client {
        /// The JSON-RPC error code.
        code: i64,
        /// The error message.
        message: String,
    },
    /// The request was withdrawn before an answer came (the operation that asked for the
    /// input was cancelled); the client was told.
    Cancelled(Option<String>),
    /// The connection failed or closed before an answer came.
    Transport(String),
    /// The negotiated revision (2026-07-28) has no server-to-client requests: the form
    /// has to travel in an `InputRequiredResult`.
    NoServerRequests,
    /// The answer comes in the next round of a 2026-07-28 input-required flow; the
    /// question was recorded for the `InputRequiredResult`.
    InputRequired,
}

impl fmt::Display for PeerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeerError::Timeout(after) => write!(f, "the client did not answer within {after:?}"),
            PeerError::Client { code, message } => write!(f, "the client answered with error {code}: {message}"),
            PeerError::Cancelled(Some(reason)) => write!(f, "the elicitation was cancelled: {reason}"),
            PeerError::Cancelled(None) => f.write_str("the elicitation was cancelled"),
            PeerError::Transport(message) => write!(f, "the connection to the client failed: {message}"),
            PeerError::NoServerRequests => f.write_str(
                "protocol revision 2026-07-28 has no server-to-client requests: run the tool body with `ToolCall::run` so the form travels in an InputRequiredResult",
            ),
            PeerError::InputRequired => f.write_str("the answer comes with the client's retry (input required)"),
        }
    }
}

impl std::error::Error for PeerError {}

/// How one elicitation is sent: schema options, a timeout, re-asking on invalid content.
///
/// ```
/// use std::time::Duration;
/// use elicit_runtime::peer::ElicitOptions;
///
/// let options = ElicitOptions::new().timeout(Duration::from_secs(120)).reask(2);
/// assert_eq!(options.timeout_after(), Some(Duration::from_secs(120)));
/// assert_eq!(options.reasks(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ElicitOptions {
    schema: SchemaOptions,
    timeout: Option<Duration>,
    reask: u32,
}

impl ElicitOptions {
    /// No timeout, no re-asking, default schema options.
    pub const fn new() -> Self {
        Self { schema: SchemaOptions::new(), timeout: None, reask: 0 }
    }

    /// Give up after `timeout` (per request sent), telling the client with
    /// `notifications/cancelled`.
    pub const fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// When accepted content fails validation, ask again up to `times` more times, with
    /// the problems listed under the message. The last failure is returned as
    /// [`ElicitError::InvalidContent`].
    pub const fn reask(mut self, times: u32) -> Self {
        self.reask = times;
        self
    }

    /// How the schema is written ([`SchemaOptions`]).
    pub const fn schema(mut self, schema: SchemaOptions) -> Self {
        self.schema = schema;
        self
    }

    /// The timeout, if any.
    pub const fn timeout_after(&self) -> Option<Duration> {
        self.timeout
    }

    /// How many times invalid content is asked again.
    pub const fn reasks(&self) -> u32 {
        self.reask
    }

    /// The schema options.
    pub const fn schema_options(&self) -> &SchemaOptions {
        &self.schema
    }
}

/// Why an elicitation did not produce an answer. Decline and cancel are answers
/// ([`Elicitation`]), never errors.
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

/// The `elicitation/create` params of a form for a revision: `mode` (2025-11-25 on),
/// `message`, and the cached `requestedSchema`.
///
/// ```
/// use elicit_runtime::{Elicit, ProtocolRevision, peer::form_params};
/// use elicit_runtime::SchemaOptions;
///
/// #[derive(Elicit)]
/// struct Name {
///     name: String,
/// }
///
/// let params = form_params::<Name>("Who are you?", ProtocolRevision::V2025_11_25, &SchemaOptions::new())?;
/// assert_eq!(
///     serde_json::Value::Object(params).to_string(),
///     r#"{"mode":"form","message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}"#
/// );
/// # Ok::<(), elicit_runtime::SchemaError>(())
/// ```
pub fn form_params<T: Elicit>(message: &str, revision: ProtocolRevision, options: &SchemaOptions) -> Result<Map<String, Value>, SchemaError> {
    let schema = T::requested_schema_with(revision, options)?;
    let mut params = Map::with_capacity(3);
    if revision.has_modes() {
        params.insert("mode".into(), "form".into());
    }
    params.insert("message".into(), message.into());
    params.insert("requestedSchema".into(), schema.as_json().clone());
    Ok(params)
}

/// Whether text carries a URL (`http://` or `https://`, any case).
pub(crate) fn contains_url(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains("http://") || lower.contains("https://")
}

/// The whole exchange behind [`Elicit::elicit_with`](crate::Elicit::elicit_with).
pub(crate) async fn elicit<T: Elicit, P: ElicitPeer + ?Sized>(peer: &P, message: &str, options: &ElicitOptions) -> Result<Elicitation<T>, ElicitError> {
    let support = peer.elicitation_support();
    if !support.form {
        return Err(ElicitError::NotSupported(support));
    }
    let version = peer.protocol_version();
    let revision = version
        .as_deref()
        .and_then(|v| v.parse::<ProtocolRevision>().ok())
        .ok_or_else(|| ElicitError::UnknownRevision(version.clone()))?;
    if contains_url(message) {
        return Err(ElicitError::UrlInMessage);
    }
    // Fails before anything is sent when the revision cannot express the form.
    let params = form_params::<T>(message, revision, options.schema_options())?;
    let mut outgoing = Outgoing { params, timeout: options.timeout_after(), question: peer.next_question(), attempt: 0 };
    loop {
        let result = peer.send_elicitation(outgoing.clone()).await?;
        match Elicitation::<T>::from_result(&result) {
            Ok(answer) => return Ok(answer),
            Err(ResponseError::Invalid(invalid)) if outgoing.attempt < options.reasks() => {
                outgoing.attempt += 1;
                outgoing.params.insert("message".into(), reask_message(message, &invalid).into());
            }
            Err(err) => return Err(err.into()),
        }
    }
}

/// The message of a re-ask: the original message, then what was wrong.
pub fn reask_message(message: &str, invalid: &InvalidContent) -> String {
    let mut text = String::from(message);
    text.push_str("\n\nPlease correct your answer:");
    for violation in invalid.violations() {
        let line = violation.to_string();
        text.push_str("\n- ");
        // Problems quote what the client sent; a URL from there must not end up in a
        // form-mode message.
        if contains_url(&line) {
            text.push('`');
            text.push_str(violation.field);
            text.push_str("`: is not a valid answer");
        } else {
            text.push_str(&line);
        }
    }
    text
}
