//! What a transport author implements: [`ElicitPeer`], the connection to the client of
//! the current request.
//!
//! A transport provides the negotiated revision, what the client declared it supports,
//! and "send these `elicitation/create` params, give me the result JSON".
//! [`Elicit::elicit`](crate::Elicit::elicit) does the rest :
//! checks before sending, the cached schema, validation, decoding, re-asking.
//!
//! The implementation for rmcp's `Peer<RoleServer>` is behind the `rmcp` feature.

use std::future::Future;
use std::time::Duration;

use serde_json::{Map, Value};

use super::error::ElicitError;
use crate::form::RequestedSchema;

/// The modes of elicitation a client declared in its `elicitation` capability.
///
/// ```
/// use elicit_runtime::exchange::ElicitationSupport;
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
    /// Which question of the operation this is, as numbered by
    /// [`ElicitPeer::next_question`].
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
}

impl Outgoing {
    /// A request with no timeout and no progress, asked for the first time.
    pub fn new(method: &'static str, params: Map<String, Value>, question: u32) -> Self {
        Outgoing { method, params, key: None, timeout: None, progress_every: None, question, attempt: 0, relayable: true, form: None }
    }

    /// With the input key the author chose.
    pub fn with_key(mut self, key: Option<String>) -> Self {
        self.key = key;
        self
    }
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
    /// [`Elicit::elicit`](crate::Elicit::elicit), before its first send). A transport
    /// that answers from earlier rounds uses the number to find the answer again when the
    /// operation is replayed; others can keep the default.
    fn next_question(&self) -> u32 {
        0
    }

    /// Sends `elicitation/create` and returns the client's result object. When the
    /// timeout passes first, the implementation tells the client the request is cancelled
    /// (`notifications/cancelled`) and returns [`ElicitError::Timeout`]. Failures of the
    /// connection are [`ElicitError::Transport`], a JSON-RPC error from the client
    /// [`ElicitError::Client`].
    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Value, ElicitError>> + Send;

    /// Rounds (2026-07-28): plays the form `form`, asked for the first time as question
    /// `question` (or under the author's `key`) with `message`, in the round of a replayed
    /// operation without building its `elicitation/create` params: `Some(Ok(result))` when
    /// the round holds its answer, `Some(Err(ElicitError::InputRequired))` when the round
    /// took it as one of its questions. `None` builds the request and
    /// [sends](Self::send_elicitation) it, which must come to the same. A transport that
    /// changes the questions it forwards must answer `None`. The default is `None`.
    fn play_form(&self, key: Option<&str>, question: u32, form: &'static RequestedSchema, message: &str) -> Option<Result<Value, ElicitError>> {
        let _ = (key, question, form, message);
        None
    }

    /// URL mode, 2025-11-25: tells the client that the URL-mode interaction with this
    /// `elicitationId` completed (`notifications/elicitation/complete`). The default
    /// sends nothing (a transport without notifications; clients must not rely on it).
    fn notify_elicitation_complete(&self, elicitation_id: &str) -> impl Future<Output = Result<(), ElicitError>> + Send {
        let _ = elicitation_id;
        async { Ok(()) }
    }

    /// Rounds (2026-07-28): ends the current round without a new question, so the client
    /// retries with the state later (an `InputRequiredResult` with `requestState` only).
    /// Used while a URL-mode interaction is not complete. The default does nothing.
    fn retry_later(&self) {}

    /// Rounds (2026-07-28): the note kept under `key` by an earlier round of this
    /// operation (see [`set_note`](Self::set_note)). Transports that do not replay the
    /// operation keep no notes: the default is `None`.
    fn note(&self, key: &str) -> Option<String> {
        let _ = key;
        None
    }

    /// Rounds (2026-07-28): keeps a short note for the replays of this operation, sealed
    /// in the `requestState` with the answers (URL mode notes which interaction the
    /// operation started, and that it completed). The default keeps nothing.
    fn set_note(&self, key: &str, value: String) {
        let _ = (key, value);
    }

    /// While the operation waits for the user outside a request (a URL-mode page), tells
    /// the client it is still waiting: `notifications/progress` for the request that
    /// asked, if it carried a `progressToken` (clients restart their own timeout on it).
    /// `progress` grows with each call. The default sends nothing.
    fn report_waiting(&self, progress: u32, message: &str) -> impl Future<Output = ()> + Send {
        let _ = (progress, message);
        async {}
    }

    /// The dialect this transport speaks, if it speaks one whatever the server's default
    /// ([`UserInteraction`](crate::dialect::UserInteraction) for a client that selected
    /// it). The default is `None`: the server's choice
    /// ([`Interactions::dialect`](crate::url::Interactions::dialect)).
    fn dialect(&self) -> Option<crate::dialect::Dialect> {
        None
    }

    /// Whether this operation is answered by replaying it (rounds of 2026-07-28, or the
    /// model's call-backs when the client cannot ask): then nothing waits inside it, and a
    /// URL-mode interaction's completion is looked up on the next replay. The default is
    /// `false`.
    fn replays(&self) -> bool {
        false
    }

    /// Whether questions the client cannot show may go to the client's model instead
    /// (the caller opted in): then URL mode is offered even where the client or the
    /// revision has none. The default is `false`.
    fn relays_to_model(&self) -> bool {
        false
    }
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
    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Value, ElicitError>> + Send {
        (**self).send_elicitation(outgoing)
    }
    fn play_form(&self, key: Option<&str>, question: u32, form: &'static RequestedSchema, message: &str) -> Option<Result<Value, ElicitError>> {
        (**self).play_form(key, question, form, message)
    }
    fn notify_elicitation_complete(&self, elicitation_id: &str) -> impl Future<Output = Result<(), ElicitError>> + Send {
        (**self).notify_elicitation_complete(elicitation_id)
    }
    fn retry_later(&self) {
        (**self).retry_later()
    }
    fn note(&self, key: &str) -> Option<String> {
        (**self).note(key)
    }
    fn set_note(&self, key: &str, value: String) {
        (**self).set_note(key, value)
    }
    fn report_waiting(&self, progress: u32, message: &str) -> impl Future<Output = ()> + Send {
        (**self).report_waiting(progress, message)
    }
    fn dialect(&self) -> Option<crate::dialect::Dialect> {
        (**self).dialect()
    }
    fn replays(&self) -> bool {
        (**self).replays()
    }
    fn relays_to_model(&self) -> bool {
        (**self).relays_to_model()
    }
}
