//! What a transport author implements: [`ElicitPeer`], the connection to the client of
//! the current request.
//!
//! Everything that crosses the boundary is in its types: the transport receives an
//! [`Outgoing`] request (its [`Question`]: a form as rendered, a URL, or params, written
//! when the transport asks for them) and returns an [`Answer`] (the client's result, and
//! whether it was held from an earlier round, and who gave it). A transport that asks for
//! an operation says which ([`Operation`]: its name, its user, and for one that replays
//! it, the notes, deferred work and retries its replays keep).
//! [`Elicit::elicit`](crate::Elicit::elicit) does the rest:
//! checks before sending, the cached schema, validation, decoding, re-asking.
//!
//! Behaviour over a transport is a layer that wraps it and is a transport itself: the
//! rounds of 2026-07-28 and the relay through the model (`rounds::Replay::rounds` and
//! `Replay::relay`, feature `rmcp`),
//! the draft dialects ([`UserInteraction`](crate::dialect::UserInteraction)).
//!
//! The implementation for rmcp's `Peer<RoleServer>` is behind the `rmcp` feature.

use std::borrow::Cow;
use std::future::Future;
use std::time::Duration;

use serde_json::{Map, Value};

use super::error::ElicitError;
use super::operation::Operation;
use super::support::{ClientInfo, ElicitationSupport};
use crate::form::RequestedSchema;
use crate::locale::Locale;
use crate::revision::{Dialect, ProtocolRevision};

/// What a request asks, as the exchange hands it to the transport: a form exactly as
/// rendered (its params are written only if the transport asks for them), a URL-mode
/// request, or any other params (a re-ask, whose schema carries the defaults kept from the
/// previous answer; a sampling or roots request inside rounds).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Question {
    /// `elicitation/create` of a cached form, as rendered for its revision, with this
    /// message.
    Form {
        /// The cached `requestedSchema` ([`Elicit::requested_schema_with`](crate::Elicit::requested_schema_with)).
        schema: &'static RequestedSchema,
        /// The message, in the user's language.
        message: String,
    },
    /// `elicitation/create` in URL mode.
    Url {
        /// The message, in the user's language.
        message: String,
        /// The URL to open, checked.
        url: String,
        /// The interaction's `elicitationId` (2025-11-25 only).
        elicitation_id: Option<String>,
    },
    /// Any other params.
    Params(Map<String, Value>),
}

impl Question {
    /// The request's `params`, written now for a form or a URL.
    ///
    /// ```
    /// use elicit_runtime::exchange::Question;
    ///
    /// let url = Question::Url { message: "Sign in".into(), url: "https://example.com/in".into(), elicitation_id: None };
    /// assert_eq!(serde_json::Value::Object(url.params().into_owned()).to_string(), r#"{"mode":"url","message":"Sign in","url":"https://example.com/in"}"#);
    /// ```
    pub fn params(&self) -> Cow<'_, Map<String, Value>> {
        match self {
            Question::Form { schema, message } => Cow::Owned(params_of(schema, message.as_str(), schema.revision())),
            Question::Url { message, url, elicitation_id } => {
                let mut params = Map::with_capacity(4);
                params.insert("mode".into(), "url".into());
                params.insert("message".into(), message.as_str().into());
                params.insert("url".into(), url.as_str().into());
                if let Some(id) = elicitation_id {
                    params.insert("elicitationId".into(), id.as_str().into());
                }
                Cow::Owned(params)
            }
            Question::Params(params) => Cow::Borrowed(params),
        }
    }

    /// The request's params, taken.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, ProtocolRevision, exchange::Question};
    ///
    /// #[derive(Elicit)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// // A form's `elicitation/create` params, as the runtime sends them.
    /// let form = Question::Form { schema: Name::requested_schema(ProtocolRevision::V2025_11_25)?, message: "Who are you?".into() };
    /// assert_eq!(
    ///     serde_json::Value::Object(form.into_params()).to_string(),
    ///     r#"{"mode":"form","message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}"#
    /// );
    /// # Ok::<(), elicit_runtime::SchemaError>(())
    /// ```
    pub fn into_params(self) -> Map<String, Value> {
        match self {
            Question::Params(params) => params,
            Question::Form { schema, message } => params_of(schema, message, schema.revision()),
            question => question.params().into_owned(),
        }
    }

    /// Whether this is a URL-mode request (a [`Url`](Self::Url), or params with
    /// `mode: "url"`).
    pub fn is_url(&self) -> bool {
        match self {
            Question::Url { .. } => true,
            Question::Form { .. } => false,
            Question::Params(params) => params.get("mode").and_then(Value::as_str) == Some("url"),
        }
    }

    /// The properties an elicitation asks for: its form's, or those of the schema in its
    /// params (a re-ask); none for a URL-mode one, whose answer has no content. `None`
    /// for params without a schema.
    #[cfg(feature = "rmcp")]
    pub(crate) fn properties(&self) -> Option<&Map<String, Value>> {
        static NONE: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
        match self {
            Question::Form { schema, .. } => schema.as_map().get("properties").and_then(Value::as_object),
            Question::Url { .. } => Some(NONE.get_or_init(Map::new)),
            Question::Params(params) => match params.get("requestedSchema") {
                Some(schema) => schema.get("properties").and_then(Value::as_object),
                None if self.is_url() => Some(NONE.get_or_init(Map::new)),
                None => None,
            },
        }
    }
}

/// One request to the client to send: `elicitation/create` (or, inside rounds,
/// `sampling/createMessage` and `roots/list`), and everything the transport needs to know
/// about it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Outgoing {
    /// The request's method.
    pub method: &'static str,
    /// What it asks: its params are [`Question::params`].
    pub question: Question,
    /// The input key the author chose for it (2026-07-28), if any.
    pub key: Option<String>,
    /// Give up after this long, telling the client the request is cancelled.
    pub timeout: Option<Duration>,
    /// While waiting for the answer, send `notifications/progress` this often for the
    /// request that asked, if it carried a `progressToken` (`None`: never).
    pub progress_every: Option<Duration>,
    /// Which question of the operation this is ([`Operation::next_question`]; 0 for a
    /// transport without an operation).
    pub number: u32,
    /// 0 for the first time the question is asked, then 1, 2... for each re-ask after
    /// invalid content.
    pub attempt: u32,
    /// Whether the answer may come from the client's model when the client cannot ask
    /// (the fallback of [`ToolCall::relay_through_model`](crate::rmcp::ToolCall)); `false`
    /// for questions only the user may answer ([`FormRequest::user_only`](crate::exchange::FormRequest::user_only)).
    pub relayable: bool,
    /// The client answered this question with a form it could not show
    /// ([`ErrorKind::FormNotShown`](crate::exchange::ErrorKind::FormNotShown)), and it is asked again: a transport that relays to
    /// the client's model asks the model instead.
    pub not_shown: bool,
}

impl Outgoing {
    /// A request with no timeout and no progress, asked for the first time.
    pub fn new(method: &'static str, question: Question, number: u32) -> Self {
        Outgoing { method, question, key: None, timeout: None, progress_every: None, number, attempt: 0, relayable: true, not_shown: false }
    }

    /// With the input key the author chose.
    pub fn with_key(mut self, key: Option<String>) -> Self {
        self.key = key;
        self
    }

    /// The request's params ([`Question::params`]).
    pub fn params(&self) -> Cow<'_, Map<String, Value>> {
        self.question.params()
    }
}

/// The client's answer to an [`Outgoing`] request, and what the transport knows about it.
///
/// ```
/// use elicit_runtime::exchange::{Answer, Provenance};
/// use serde_json::json;
///
/// let answer = Answer::new(json!({"action": "decline"}));
/// assert!(!answer.held && answer.provenance == Provenance::User);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Answer {
    /// The client's result object (`{"action": "accept", "content": {...}}`).
    pub result: Value,
    /// The answer was given in an earlier round of a replayed operation and is only read
    /// again: it was counted (metrics, time to answer) when it was given.
    pub held: bool,
    /// Who answered: the user through the client, or the client's model relaying them.
    pub provenance: Provenance,
}

impl Answer {
    /// The answer the client just gave.
    pub fn new(result: Value) -> Self {
        let provenance = Provenance::of(&result);
        Answer { result, held: false, provenance }
    }

    /// An answer given in an earlier round, read again.
    pub fn held(result: Value) -> Self {
        Answer { held: true, ..Answer::new(result) }
    }
}

impl From<Value> for Answer {
    fn from(result: Value) -> Self {
        Answer::new(result)
    }
}

/// A connection to the client that asked for the current operation, able to carry an
/// `elicitation/create` request: what a transport author writes.
///
/// Three methods are required: the negotiated revision, what the client declared, and
/// sending one request (with its timeout, after which the client is told the request is
/// cancelled). Six more have defaults: the notifications of URL mode and of a long wait,
/// the user's language, who the client is, the operation asked for and the dialect
/// spoken. [`Elicit::elicit`](crate::Elicit::elicit) does the rest: the checks before
/// sending, the cached schema, validation, decoding, re-asking.
///
/// Implemented for rmcp's `Peer<RoleServer>` and `RequestContext<RoleServer>`, for
/// the tool body's [`Ask`](crate::rmcp::Ask) (feature `rmcp`), and by the layers that
/// wrap any transport: those of `rounds::Replay` (2026-07-28 and the relay, feature `rmcp`) and
/// [`UserInteraction`](crate::dialect::UserInteraction) (a draft dialect).
///
/// ```
/// use elicit_runtime::exchange::{Answer, ElicitationSupport, Outgoing};
/// use elicit_runtime::{Elicit, ElicitError, ElicitPeer, Elicitation};
/// use serde_json::{Value, json};
///
/// /// A client that accepts every form with the same content.
/// struct Agreeable(Value);
///
/// impl ElicitPeer for Agreeable {
///     fn protocol_version(&self) -> Option<String> {
///         Some("2025-11-25".into())
///     }
///     fn elicitation_support(&self) -> ElicitationSupport {
///         ElicitationSupport::FORM
///     }
///     async fn send_elicitation(&self, _outgoing: Outgoing) -> Result<Answer, ElicitError> {
///         Ok(Answer::new(json!({"action": "accept", "content": self.0})))
///     }
/// }
///
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Name {
///     name: String,
/// }
///
/// # tokio_test_block(async {
/// let peer = Agreeable(json!({"name": "Ada"}));
/// assert_eq!(Name::elicit(&peer, "Who are you?").await?, Elicitation::Accept(Name { name: "Ada".into() }));
/// # Ok::<(), ElicitError>(())
/// # });
/// # fn tokio_test_block<F: std::future::Future>(f: F) -> F::Output {
/// #     let waker = std::task::Waker::noop();
/// #     let mut cx = std::task::Context::from_waker(&waker);
/// #     let mut f = std::pin::pin!(f);
/// #     loop { if let std::task::Poll::Ready(out) = f.as_mut().poll(&mut cx) { return out; } }
/// # }
/// ```
pub trait ElicitPeer: Sync {
    /// The protocol revision negotiated for this request, as its date string
    /// (`"2025-11-25"`), or `None` if the session is not initialized.
    fn protocol_version(&self) -> Option<String>;

    /// What the client declared in its `elicitation` capability.
    fn elicitation_support(&self) -> ElicitationSupport;

    /// Sends the request (`elicitation/create`) and returns the client's result object.
    /// When [`Outgoing::timeout`] passes first, the implementation tells the client the
    /// request is cancelled (`notifications/cancelled`) and returns
    /// [`ErrorKind::Timeout`](crate::exchange::ErrorKind::Timeout). Failures of the connection are
    /// [`ErrorKind::Transport`](crate::exchange::ErrorKind::Transport), a JSON-RPC error from the client
    /// [`ErrorKind::Client`](crate::exchange::ErrorKind::Client).
    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Answer, ElicitError>> + Send;

    /// URL mode, 2025-11-25: tells the client that the URL-mode interaction with this
    /// `elicitationId` completed (`notifications/elicitation/complete`). The default
    /// sends nothing (a transport without notifications; clients must not rely on it).
    fn notify_elicitation_complete(&self, elicitation_id: &str) -> impl Future<Output = Result<(), ElicitError>> + Send {
        let _ = elicitation_id;
        async { Ok(()) }
    }

    /// While the operation waits for the user outside a request (a URL-mode page), tells
    /// the client it is still waiting: `notifications/progress` for the request that
    /// asked, if it carried a `progressToken` (clients restart their own timeout on it).
    /// `progress` grows with each call. The default sends nothing.
    fn report_waiting(&self, progress: u32, message: &str) -> impl Future<Output = ()> + Send {
        let _ = (progress, message);
        async {}
    }

    /// The language of the user of the current request, when the transport knows it:
    /// what the client said it prefers (SEP-2792's `_meta`
    /// `io.modelcontextprotocol/acceptLanguage`, read with
    /// [`Locale::from_accept_language`]), else the server's default for the request.
    /// `None` (the default) leaves the choice to the call and the catalog's default
    /// language ([`locale`](crate::locale)).
    fn locale(&self) -> Option<Locale> {
        None
    }

    /// Who the client says it is (`clientInfo`), when the transport knows: the form is
    /// then written for what that client can show
    /// ([`ClientProfile`](crate::form::ClientProfile)). `None` (the default): the
    /// specification as written, unless the call chose a profile.
    fn client_info(&self) -> Option<ClientInfo> {
        None
    }

    /// The operation (a tool call, a prompt) this transport asks for, when it knows one:
    /// its name and user, and, for a transport that answers it by replaying it (the
    /// rounds of 2026-07-28, the relay through the model), what its replays keep
    /// ([`Operation`]). `None` (the default): a plain request to the client.
    fn operation(&self) -> Option<&Operation> {
        None
    }

    /// The draft dialect this transport speaks whatever the server's default
    /// ([`UserInteraction`](crate::dialect::UserInteraction) for a client that selected
    /// it); `None` (the default): the server's choice.
    fn dialect(&self) -> Option<Dialect> {
        None
    }
}

impl<P: ElicitPeer + ?Sized> ElicitPeer for &P {
    fn protocol_version(&self) -> Option<String> {
        (**self).protocol_version()
    }
    fn elicitation_support(&self) -> ElicitationSupport {
        (**self).elicitation_support()
    }
    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Answer, ElicitError>> + Send {
        (**self).send_elicitation(outgoing)
    }
    fn notify_elicitation_complete(&self, elicitation_id: &str) -> impl Future<Output = Result<(), ElicitError>> + Send {
        (**self).notify_elicitation_complete(elicitation_id)
    }
    fn report_waiting(&self, progress: u32, message: &str) -> impl Future<Output = ()> + Send {
        (**self).report_waiting(progress, message)
    }
    fn locale(&self) -> Option<Locale> {
        (**self).locale()
    }
    fn client_info(&self) -> Option<ClientInfo> {
        (**self).client_info()
    }
    fn operation(&self) -> Option<&Operation> {
        (**self).operation()
    }
    fn dialect(&self) -> Option<Dialect> {
        (**self).dialect()
    }
}

/// Who gave an answer: the user in the client's form, or the client's model relaying
/// what the user said in the conversation (the fallback of
/// [`ToolCall::relay_through_model`](crate::rmcp::ToolCall), for clients that cannot ask).
/// Read it with [`FormRequest::with_provenance`](crate::exchange::FormRequest::with_provenance).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Provenance {
    /// The user, in the client's own form (or page).
    User,
    /// The client's model, relaying the user's words: as trustworthy as the model.
    Model,
}

/// The `_meta` key the runtime puts on a result it built from the model's relayed
/// answer. A client that sends it itself only lowers its answer's standing.
pub(crate) const RELAYED_META: &str = "elicit/relayedByModel";

impl Provenance {
    /// Its name in spans (`user`, `model`).
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Provenance::User => "user",
            Provenance::Model => "model",
        }
    }

    /// Who gave this result.
    pub(crate) fn of(result: &Value) -> Self {
        if result.get("_meta").and_then(|m| m.get(RELAYED_META)) == Some(&Value::Bool(true)) { Provenance::Model } else { Provenance::User }
    }
}

/// The `elicitation/create` params around a rendered schema.
pub(crate) fn params_of(schema: &RequestedSchema, message: impl Into<Value>, revision: ProtocolRevision) -> Map<String, Value> {
    let mut params = Map::with_capacity(3);
    if revision.has_modes() {
        params.insert("mode".into(), "form".into());
    }
    params.insert("message".into(), message.into());
    params.insert("requestedSchema".into(), schema.as_json().clone());
    params
}
