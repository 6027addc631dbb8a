//! The draft "User Interaction" proposal as a dialect: `interaction/create` with
//! the types `prompt` (a form) and `ua` (a page in the user agent), the error `-32003
//! interaction_required`, and `interaction/notify` progress tracking.

use std::future::Future;

use serde_json::{Value, json};

use crate::exchange::{ElicitError, ElicitPeer, ElicitationSupport, Hooks, Outgoing};
use crate::form::RequestedSchema;
use crate::revision::{Dialect, ProtocolRevision};
use crate::url::{UrlModeError, interaction_params};

/// The method of the proposal's request.
pub const CREATE_METHOD: &str = "interaction/create";

/// The method of the proposal's progress tracking request.
pub const NOTIFY_METHOD: &str = "interaction/notify";

/// The interaction types a client listed in its `userInteraction` capability.
///
/// ```
/// use elicit_runtime::dialect::InteractionTypes;
/// use serde_json::json;
///
/// let types = InteractionTypes::from_capability(Some(&json!({"types": ["ua", "prompt"], "progress": true}))).unwrap();
/// assert!(types.prompt && types.ua && types.progress);
/// // No type listed: not a declaration a server may act on.
/// assert_eq!(InteractionTypes::from_capability(Some(&json!({"types": []}))), None);
/// assert_eq!(InteractionTypes::from_capability(None), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct InteractionTypes {
    /// `prompt`: the client renders a form.
    pub prompt: bool,
    /// `ua`: the client opens a URL in the user agent.
    pub ua: bool,
    /// The client tracks progress (`interaction/notify`).
    pub progress: bool,
}

impl InteractionTypes {
    /// Reads `capabilities.userInteraction` as the client sent it; `None` when it is
    /// absent or lists no type this crate speaks.
    pub fn from_capability(capability: Option<&Value>) -> Option<Self> {
        let capability = capability?.as_object()?;
        let types = capability.get("types")?.as_array()?;
        let listed = |name: &str| types.iter().any(|t| t.as_str() == Some(name));
        let found = InteractionTypes {
            prompt: listed("prompt"),
            ua: listed("ua"),
            progress: capability.get("progress").and_then(Value::as_bool).unwrap_or(false),
        };
        (found.prompt || found.ua).then_some(found)
    }
}

/// A transport that speaks the User Interaction dialect: wrap the peer of a client that
/// declared `userInteraction`, and ask through the wrapper as through any
/// [`ElicitPeer`]. Forms go as `prompt` interactions (`{message, schema}`), URL-mode
/// requests as `ua` interactions (`{url, message}`), only of the types the client listed.
/// The client's `{content}` (prompt) or `{}` (ua) is `Accept` (a result that is not an
/// object is [`ElicitError::Malformed`], and one that carries an `action`, the shape of an
/// elicitation result, is read as that result: `{"action": "decline"}` is `Decline`,
/// never consent); its error response (the
/// proposal shows code `-1`, "User did not consent") is `Decline`: the proposal does not
/// tell a decline from a dismissal, so both read as `Decline`.
///
/// Forms are rendered as 2025-11-25 renders them (the proposal's `schema` is a JSON
/// Schema object; the revision's is the richest flat one). Pair it with
/// [`Interactions::dialect`](crate::url::Interactions::dialect)`(Dialect::UserInteraction)`
/// so that a request that needs a page ends with `-32003 interaction_required`.
#[derive(Debug, Clone)]
pub struct UserInteraction<P> {
    inner: P,
    /// `None`: the client did not select the dialect; everything passes through.
    types: Option<InteractionTypes>,
}

impl<P: ElicitPeer> UserInteraction<P> {
    /// The client behind `inner`, which listed `types`.
    pub fn new(inner: P, types: InteractionTypes) -> Self {
        Self { inner, types: Some(types) }
    }

    /// The dialect if the client declared it (`Some` types), else `inner` unchanged: one
    /// tool body serves clients of both.
    pub fn if_declared(inner: P, types: Option<InteractionTypes>) -> Self {
        Self { inner, types }
    }

    /// The wrapped peer.
    pub fn inner(&self) -> &P {
        &self.inner
    }
}

impl<P: ElicitPeer> ElicitPeer for UserInteraction<P> {
    fn protocol_version(&self) -> Option<String> {
        if self.types.is_none() {
            return self.inner.protocol_version();
        }
        match self.inner.protocol_version() {
            // 2026-07-28 sends no requests: say so, and `send` refuses as it must.
            Some(v) if v.parse::<ProtocolRevision>().is_ok_and(ProtocolRevision::has_input_rounds) => Some(v),
            _ => Some(ProtocolRevision::V2025_11_25.as_str().to_owned()),
        }
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        match self.types {
            Some(types) => ElicitationSupport { form: types.prompt, url: types.ua },
            None => self.inner.elicitation_support(),
        }
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Value, ElicitError> {
        let Some(types) = self.types.filter(|_| outgoing.method == "elicitation/create") else {
            return self.inner.send_elicitation(outgoing).await;
        };
        let (params, prompt) = interaction_params(&outgoing.params)?;
        let kind_listed = if prompt { types.prompt } else { types.ua };
        if !kind_listed {
            let support = self.elicitation_support();
            return Err(if prompt { ElicitError::NotSupported(support) } else { ElicitError::Url(UrlModeError::NotSupported(support)) });
        }
        let mut outgoing = Outgoing { method: CREATE_METHOD, params, form: None, ..outgoing };
        outgoing.relayable = false;
        match self.inner.send_elicitation(outgoing).await {
            // The proposal's results carry no `action`: a client that answers in the shape
            // of an elicitation result (`{"action": "decline"}`) is read in that shape,
            // never as consent to what it declined.
            Ok(Value::Object(result)) if result.contains_key("action") => Ok(Value::Object(result)),
            Ok(Value::Object(result)) if prompt => Ok(match result.get("content") {
                Some(content) => json!({ "action": "accept", "content": content }),
                None => json!({ "action": "accept" }),
            }),
            Ok(Value::Object(_)) => Ok(json!({ "action": "accept" })),
            // The proposal's results are objects (`{content}`, `{}`): anything else is no
            // answer, and is passed on as it came to be read as malformed, not as consent.
            Ok(other) => Ok(other),
            // The user did not consent (the proposal's code -1): an answer, not a failure.
            Err(ElicitError::Client { code: -1, .. }) => Ok(json!({ "action": "decline" })),
            Err(err) => Err(err),
        }
    }

    async fn notify_elicitation_complete(&self, elicitation_id: &str) -> Result<(), ElicitError> {
        match self.types {
            // The proposal has no such notification: `interaction/notify` is answered.
            Some(_) => Ok(()),
            None => self.inner.notify_elicitation_complete(elicitation_id).await,
        }
    }

    fn report_waiting(&self, progress: u32, message: &str) -> impl Future<Output = ()> + Send {
        self.inner.report_waiting(progress, message)
    }

    fn locale(&self) -> Option<crate::locale::Locale> {
        self.inner.locale()
    }

    fn client_info(&self) -> Option<crate::exchange::ClientInfo> {
        self.inner.client_info()
    }

    fn hooks(&self) -> &dyn Hooks {
        self
    }
}

impl<P: ElicitPeer> Hooks for UserInteraction<P> {
    fn next_question(&self) -> u32 {
        self.inner.hooks().next_question()
    }

    fn principal(&self) -> Option<&str> {
        // The page form's page answers the user the call was started for, whatever the
        // dialect it is asked in.
        self.inner.hooks().principal()
    }

    fn play_form(&self, key: Option<&str>, question: u32, form: &'static RequestedSchema, message: &str) -> Option<Result<Value, ElicitError>> {
        // Forms sent as interactions are other questions: only forms passed through as they are.
        match self.types {
            Some(_) => None,
            None => self.inner.hooks().play_form(key, question, form, message),
        }
    }

    fn retry_later(&self) {
        self.inner.hooks().retry_later();
    }

    fn note(&self, key: &str) -> Option<String> {
        self.inner.hooks().note(key)
    }

    fn set_note(&self, key: &str, value: String) {
        self.inner.hooks().set_note(key, value);
    }

    fn dialect(&self) -> Option<Dialect> {
        match self.types {
            Some(_) => Some(Dialect::UserInteraction),
            None => self.inner.hooks().dialect(),
        }
    }

    fn replays(&self) -> bool {
        self.inner.hooks().replays()
    }

    fn relays_to_model(&self) -> bool {
        self.inner.hooks().relays_to_model()
    }

    fn after_completion(&self, done: crate::exchange::AfterCompletion) {
        // A page form's value, read again on each replay, is deleted when the call ends.
        self.inner.hooks().after_completion(done);
    }

    fn operation(&self) -> Option<&str> {
        self.inner.hooks().operation()
    }

    fn answered_before(&self, key: Option<&str>, question: u32, attempt: u32) -> bool {
        self.inner.hooks().answered_before(key, question, attempt)
    }
}

#[cfg(test)]
mod tests {
    //! The wrapper is a transport around the call's own: whatever the dialect, every hook
    //! of the call (whose user, which tool, what a replay already counted, what runs when
    //! the call ends) is the call's. A hook left to its default here once lost the
    //! principal of a page form.

    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;

    #[derive(Default)]
    struct Call {
        completed: AtomicBool,
        notes: Mutex<Vec<(String, String)>>,
    }

    impl ElicitPeer for Call {
        fn protocol_version(&self) -> Option<String> {
            Some("2025-11-25".into())
        }
        fn elicitation_support(&self) -> ElicitationSupport {
            ElicitationSupport::FORM
        }
        async fn send_elicitation(&self, _: Outgoing) -> Result<Value, ElicitError> {
            Ok(json!({"action": "decline"}))
        }
        fn hooks(&self) -> &dyn Hooks {
            self
        }
    }

    impl Hooks for Call {
        fn next_question(&self) -> u32 {
            7
        }
        fn principal(&self) -> Option<&str> {
            Some("ada")
        }
        fn operation(&self) -> Option<&str> {
            Some("connect_api_key")
        }
        fn answered_before(&self, key: Option<&str>, question: u32, attempt: u32) -> bool {
            key == Some("elicit-1") && question == 1 && attempt == 0
        }
        fn relays_to_model(&self) -> bool {
            true
        }
        fn replays(&self) -> bool {
            true
        }
        fn note(&self, key: &str) -> Option<String> {
            self.notes.lock().ok()?.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
        }
        fn set_note(&self, key: &str, value: String) {
            if let Ok(mut notes) = self.notes.lock() {
                notes.push((key.to_owned(), value));
            }
        }
        fn after_completion(&self, done: crate::exchange::AfterCompletion) {
            let mut done = std::pin::pin!(done);
            let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
            if done.as_mut().poll(&mut cx).is_ready() {
                self.completed.store(true, Ordering::SeqCst);
            }
        }
    }

    #[test]
    fn every_hook_of_the_call_passes_through_whatever_the_dialect() {
        let types = InteractionTypes { prompt: true, ua: true, progress: false };
        for declared in [None, Some(types)] {
            let wrapped = UserInteraction::if_declared(Call::default(), declared);
            let hooks = wrapped.hooks();
            assert_eq!(hooks.principal(), Some("ada"), "{declared:?}");
            assert_eq!(hooks.operation(), Some("connect_api_key"), "{declared:?}");
            assert_eq!(hooks.next_question(), 7, "{declared:?}");
            assert!(hooks.answered_before(Some("elicit-1"), 1, 0) && !hooks.answered_before(Some("elicit-1"), 1, 1), "{declared:?}");
            assert!(hooks.relays_to_model() && hooks.replays(), "{declared:?}");
            hooks.set_note("page", "started".into());
            assert_eq!(hooks.note("page").as_deref(), Some("started"), "{declared:?}");
            hooks.after_completion(Box::pin(async {}));
            assert!(wrapped.inner().completed.load(Ordering::SeqCst), "{declared:?}: what runs when the call ends was dropped");
            // The dialect is the wrapper's own answer: the proposal's when declared.
            let dialect = hooks.dialect();
            assert_eq!(dialect, declared.map(|_| Dialect::UserInteraction), "{declared:?}");
        }
    }
}
