//! The draft "User Interaction" proposal as a dialect: `interaction/create` with
//! the types `prompt` (a form) and `ua` (a page in the user agent), the error `-32003
//! interaction_required`, and `interaction/notify` progress tracking.

use std::future::Future;

use serde_json::{Value, json};

use crate::exchange::{Answer, ElicitError, ElicitPeer, ElicitationSupport, Operation, Outgoing, Question};
use crate::revision::{Dialect, ProtocolRevision};
use crate::exchange::error::Repr;
use crate::url::interaction_params;

/// The method of the proposal's request.
const CREATE_METHOD: &str = "interaction/create";

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
/// object is [`ErrorKind::Malformed`](crate::exchange::ErrorKind::Malformed), and one that carries an `action`, the shape of an
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

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
        let Some(types) = self.types.filter(|_| outgoing.method == "elicitation/create") else {
            return self.inner.send_elicitation(outgoing).await;
        };
        // Forms sent as interactions are other questions: the inner transport gets their params.
        let (params, prompt) = interaction_params(&outgoing.params())?;
        let kind_listed = if prompt { types.prompt } else { types.ua };
        if !kind_listed {
            let support = self.elicitation_support();
            return Err(if prompt { Repr::NotSupported(support) } else { Repr::UrlNotSupported(support) }.into());
        }
        let mut outgoing = Outgoing { method: CREATE_METHOD, question: Question::Params(params), ..outgoing };
        outgoing.relayable = false;
        let (answered, held) = match self.inner.send_elicitation(outgoing).await {
            Ok(answer) => (Ok(answer.result), answer.held),
            Err(err) => (Err(err), false),
        };
        let result = match answered {
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
            Err(err) if matches!(err.repr(), Repr::Client { code: -1, .. }) => Ok(json!({ "action": "decline" })),
            Err(err) => Err(err),
        }?;
        Ok(if held { Answer::held(result) } else { Answer::new(result) })
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

    /// The call's operation, whatever the dialect: its user, its name, what its replays keep.
    fn operation(&self) -> Option<&Operation> {
        self.inner.operation()
    }

    fn dialect(&self) -> Option<Dialect> {
        match self.types {
            Some(_) => Some(Dialect::UserInteraction),
            None => self.inner.dialect(),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The wrapper is a transport around the call's own: whatever the dialect, the call's
    //! operation (whose user, which tool, what its replays keep) and what the call's
    //! transport knows of each answer (held from an earlier round) pass through. A hook
    //! left to its default here once lost the principal of a page form.

    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;

    struct Call {
        operation: Operation,
    }

    impl ElicitPeer for Call {
        fn protocol_version(&self) -> Option<String> {
            Some("2025-11-25".into())
        }
        fn elicitation_support(&self) -> ElicitationSupport {
            ElicitationSupport::FORM
        }
        async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
            // Held from an earlier round: the first question's first attempt.
            let result = json!({"action": "decline"});
            Ok(if outgoing.number == 1 && outgoing.attempt == 0 { Answer::held(result) } else { Answer::new(result) })
        }
        fn operation(&self) -> Option<&Operation> {
            Some(&self.operation)
        }
    }

    #[test]
    fn the_call_s_operation_and_answers_pass_through_whatever_the_dialect() {
        let types = InteractionTypes { prompt: true, ua: true, progress: false };
        for declared in [None, Some(types)] {
            let operation = Operation::new().called("connect_api_key").for_user("ada").replayed(true, true, Default::default());
            let wrapped = UserInteraction::if_declared(Call { operation }, declared);
            let operation = wrapped.operation().expect("the call's operation");
            assert_eq!(operation.principal(), Some("ada"), "{declared:?}");
            assert_eq!(operation.name(), Some("connect_api_key"), "{declared:?}");
            assert!(operation.relays_to_model() && operation.replays(), "{declared:?}");
            operation.set_note("page", "started".into());
            assert_eq!(wrapped.inner().operation.note("page").as_deref(), Some("started"), "{declared:?}");
            let ran = std::sync::Arc::new(AtomicBool::new(false));
            let flag = ran.clone();
            operation.after_completion(Box::pin(async move { flag.store(true, Ordering::SeqCst) }));
            for done in wrapped.inner().operation.completed() {
                let mut done = std::pin::pin!(done);
                assert!(done.as_mut().poll(&mut std::task::Context::from_waker(std::task::Waker::noop())).is_ready());
            }
            assert!(ran.load(Ordering::SeqCst), "{declared:?}: what runs when the call ends was dropped");
            // What the call's transport knows of an answer reaches the exchange.
            let url = Question::Url { message: "Open".into(), url: "https://example.com/".into(), elicitation_id: None };
            let send = |number| {
                let outgoing = Outgoing::new("elicitation/create", url.clone(), number);
                let mut sent = std::pin::pin!(wrapped.send_elicitation(outgoing));
                match sent.as_mut().poll(&mut std::task::Context::from_waker(std::task::Waker::noop())) {
                    std::task::Poll::Ready(answer) => answer.expect("an answer"),
                    std::task::Poll::Pending => panic!("the call answers at once"),
                }
            };
            assert!(send(1).held && !send(2).held, "{declared:?}");
            // The dialect is the wrapper's own answer: the proposal's when declared.
            assert_eq!(wrapped.dialect(), declared.map(|_| Dialect::UserInteraction), "{declared:?}");
        }
    }
}
