//! What a transport author implements: [`ElicitPeer`], the connection to the client of
//! the current request.
//!
//! A transport provides the negotiated revision, what the client declared it supports,
//! and "send these `elicitation/create` params, give me the result JSON".
//! [`Elicit::elicit`](crate::Elicit::elicit) does the rest:
//! checks before sending, the cached schema, validation, decoding, re-asking.
//!
//! The implementation for rmcp's `Peer<RoleServer>` is behind the `rmcp` feature.

use std::future::Future;
use std::time::Duration;

use serde_json::{Map, Value};

use super::error::ElicitError;
use super::support::{ClientInfo, ElicitationSupport};
use crate::form::RequestedSchema;
use crate::locale::Locale;
use crate::revision::Dialect;

/// One request to the client to send: `elicitation/create` (or, inside rounds,
/// `sampling/createMessage` and `roots/list`).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Outgoing {
    /// The request's method.
    pub method: &'static str,
    /// The request's `params`: for a form `mode` (2025-11-25 on), `message`,
    /// `requestedSchema`.
    pub params: Map<String, Value>,
    /// The input key the author chose for it (2026-07-28), if any.
    pub key: Option<String>,
    /// Give up after this long, telling the client the request is cancelled.
    pub timeout: Option<Duration>,
    /// While waiting for the answer, send `notifications/progress` this often for the
    /// request that asked, if it carried a `progressToken` (`None`: never).
    pub progress_every: Option<Duration>,
    /// Which question of the operation this is (0 unless the transport replays the
    /// operation and numbers its questions).
    pub question: u32,
    /// 0 for the first time the question is asked, then 1, 2... for each re-ask after
    /// invalid content.
    pub attempt: u32,
    /// Whether the answer may come from the client's model when the client cannot ask
    /// (the fallback of [`ToolCall::relay_through_model`](crate::rmcp::ToolCall)); `false`
    /// for questions only the user may answer ([`ElicitRequest::user_only`](crate::exchange::ElicitRequest::user_only)).
    pub relayable: bool,
    /// The cached `requestedSchema` of a form asked exactly as rendered (not on a re-ask,
    /// whose params carry the defaults kept from the previous answer): the rmcp adapter
    /// reuses a typed copy of it instead of parsing the params back.
    pub(crate) form: Option<&'static RequestedSchema>,
    /// The client answered this question with a form it could not show
    /// ([`ElicitError::FormNotShown`]): a transport that relays to the client's model
    /// asks the model instead.
    pub(crate) not_shown: bool,
}

impl Outgoing {
    /// A request with no timeout and no progress, asked for the first time.
    pub fn new(method: &'static str, params: Map<String, Value>, question: u32) -> Self {
        Outgoing { method, params, key: None, timeout: None, progress_every: None, question, attempt: 0, relayable: true, form: None, not_shown: false }
    }

    /// With the input key the author chose.
    pub fn with_key(mut self, key: Option<String>) -> Self {
        self.key = key;
        self
    }
}

/// A connection to the client that asked for the current operation, able to carry an
/// `elicitation/create` request: what a transport author writes.
///
/// Three methods are required: the negotiated revision, what the client declared, and
/// sending one request (with its timeout, after which the client is told the request is
/// cancelled). Four more have defaults: the notifications of URL mode and of a long wait, the user's language, who the client is.
/// [`Elicit::elicit`](crate::Elicit::elicit) does the rest: the checks before sending,
/// the cached schema, validation, decoding, re-asking.
///
/// Implemented for rmcp's `Peer<RoleServer>` and `RequestContext<RoleServer>`, and for
/// the tool body's [`Ask`](crate::rmcp::Ask) (feature `rmcp`). What the rounds of
/// 2026-07-28, the relay through the model and the draft dialects need from the transport
/// is the crate's own business: those transports are in the crate.
///
/// ```
/// use elicit_runtime::exchange::{ElicitationSupport, Outgoing};
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
///     async fn send_elicitation(&self, _outgoing: Outgoing) -> Result<Value, ElicitError> {
///         Ok(json!({"action": "accept", "content": self.0}))
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
    /// [`ElicitError::Timeout`]. Failures of the connection are
    /// [`ElicitError::Transport`], a JSON-RPC error from the client
    /// [`ElicitError::Client`].
    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Value, ElicitError>> + Send;

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
    /// [`acceptLanguage`](crate::locale::ACCEPT_LANGUAGE_META), read with
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

    #[doc(hidden)]
    fn hooks(&self) -> &dyn Hooks {
        &NoHooks
    }
}

/// Work to do once a replayed operation has completed ([`Hooks::after_completion`]).
pub type AfterCompletion = std::pin::Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// What a transport that replays the operation (the rounds of 2026-07-28, the model's
/// call-backs) or speaks a draft dialect adds to [`ElicitPeer`]. Every method has the
/// default of a plain transport. The trait is not exported: only the crate's own
/// transports implement it, so these hooks can change without breaking anyone's
/// transport.
pub trait Hooks: Sync {
    /// Numbers a new question of the current operation (called once per
    /// [`Elicit::elicit`](crate::Elicit::elicit), before its first send). A transport
    /// that answers from earlier rounds uses the number to find the answer again when the
    /// operation is replayed.
    fn next_question(&self) -> u32 {
        0
    }

    /// Rounds: plays the form `form`, asked for the first time as question `question`
    /// (or under the author's `key`) with `message`, in the round of a replayed operation
    /// without building its `elicitation/create` params: `Some(Ok(result))` when the
    /// round holds its answer, `Some(Err(ElicitError::Continues(Continuation::InputRequired)))` when the round took
    /// it as one of its questions. `None` builds the request and sends it, which must come
    /// to the same. A transport that changes the questions it forwards answers `None`.
    fn play_form(&self, key: Option<&str>, question: u32, form: &'static RequestedSchema, message: &str) -> Option<Result<Value, ElicitError>> {
        let _ = (key, question, form, message);
        None
    }

    /// Rounds: ends the current round without a new question, so the client retries with
    /// the state later (an `InputRequiredResult` with `requestState` only). Used while a
    /// URL-mode interaction is not complete.
    fn retry_later(&self) {}

    /// Rounds: the note kept under `key` by an earlier round of this operation.
    fn note(&self, key: &str) -> Option<String> {
        let _ = key;
        None
    }

    /// Rounds: runs `done` once the operation has completed (its last replay returned a
    /// result, not another round): a page form's value, read again on every replay, is
    /// deleted then. Without rounds nothing is replayed, and `done` is dropped unrun.
    fn after_completion(&self, done: AfterCompletion) {
        drop(done);
    }

    /// Rounds: keeps a short note for the replays of this operation, sealed in the
    /// `requestState` with the answers (URL mode notes which interaction the operation
    /// started, and that it completed).
    fn set_note(&self, key: &str, value: String) {
        let _ = (key, value);
    }

    /// The dialect this transport speaks whatever the server's default
    /// ([`UserInteraction`](crate::dialect::UserInteraction) for a client that selected
    /// it); `None`: the server's choice.
    fn dialect(&self) -> Option<Dialect> {
        None
    }

    /// Whether this operation is answered by replaying it: then nothing waits inside it,
    /// and a URL-mode interaction's completion is looked up on the next replay.
    fn replays(&self) -> bool {
        false
    }

    /// The name of the tool (or prompt) whose call asks, for the spans of its
    /// elicitations; `None` where it is not known.
    fn operation(&self) -> Option<&str> {
        None
    }

    /// The authenticated user the operation was started for (`ToolCall::principal`),
    /// whom a page form's page answers; `None` where the transport knows of none.
    fn principal(&self) -> Option<&str> {
        None
    }

    /// Rounds: whether the answer to this question (`key` or numbered `question`, and
    /// its `attempt`) was given in an earlier round and is only read again on this
    /// replay: it was counted when it was given.
    fn answered_before(&self, key: Option<&str>, question: u32, attempt: u32) -> bool {
        let _ = (key, question, attempt);
        false
    }

    /// Whether questions the client cannot show may go to the client's model instead
    /// (the caller opted in): then URL mode is offered even where the client or the
    /// revision has none.
    fn relays_to_model(&self) -> bool {
        false
    }
}

/// The hooks of a plain transport: every default.
struct NoHooks;

impl Hooks for NoHooks {}

impl<P: ElicitPeer + ?Sized> ElicitPeer for &P {
    fn protocol_version(&self) -> Option<String> {
        (**self).protocol_version()
    }
    fn elicitation_support(&self) -> ElicitationSupport {
        (**self).elicitation_support()
    }
    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Value, ElicitError>> + Send {
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
    fn hooks(&self) -> &dyn Hooks {
        (**self).hooks()
    }
}
