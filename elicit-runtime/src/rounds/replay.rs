//! The round driver, transport-neutral: [`Replay`] resumes an operation from its retry,
//! hands out the layers the body asks through ([`Replay::rounds`], [`Replay::relay`]), and once the body
//! has run says what the call answers ([`Played`]): its result, the next round's
//! questions with the sealed state, or the questions for the client's model.
//! [`ToolCall::run`](crate::rmcp::ToolCall::run) drives it for rmcp; any other transport
//! drives it the same way.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::{Asked, Binding, ModelRelay, Retry, Round, Rounds, StateError, StateSealer};
use crate::exchange::error::Repr;
use crate::exchange::{ElicitError, ElicitPeer, Operation, RELAYED_META};

/// One run of an operation's body answered by replaying it: on 2026-07-28 over rounds of
/// input requests ([`rounds`](Self::rounds)), on older revisions with the relay through
/// the model ([`relay`](Self::relay)).
///
/// ```
/// use elicit_runtime::exchange::{Answer, ElicitationSupport, Operation, Outgoing};
/// use elicit_runtime::rounds::{Binding, Played, Replay, StateSealer};
/// use elicit_runtime::{Elicit, ElicitError, ElicitPeer, Elicitation};
/// use serde_json::json;
///
/// /// A transport of its own, to a client that shows forms.
/// struct Mine;
/// impl ElicitPeer for Mine {
///     fn protocol_version(&self) -> Option<String> { Some("2026-07-28".into()) }
///     fn elicitation_support(&self) -> ElicitationSupport { ElicitationSupport::FORM }
///     async fn send_elicitation(&self, _: Outgoing) -> Result<Answer, ElicitError> { unreachable!("rounds send nothing") }
/// }
///
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Guests { guests: u8 }
///
/// # fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     let mut f = std::pin::pin!(f);
/// #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
/// #     loop { if let std::task::Poll::Ready(out) = f.as_mut().poll(&mut cx) { return out; } }
/// # }
/// # block_on(async {
/// let sealer = StateSealer::new(b"a key of at least thirty-two bytes!!")?;
/// let binding = Binding::new(Some("ada"), "tools/call", "book", None);
/// let body = |peer| async move { Guests::elicit(&peer, "How many?").await };
///
/// // The first call: the round ends on the question, with the sealed state.
/// let replay = Replay::resume(&sealer, binding.clone(), None, Default::default(), Operation::new(), false)?;
/// let outcome = body(replay.rounds(&Mine)).await;
/// let Played::InputRequired { questions, state } = replay.finish(outcome).await? else { panic!("a round") };
/// assert_eq!(questions[0].key, "elicit-1");
///
/// // The client's retry carries the answer and the state: the body completes.
/// let answers = [("elicit-1".to_owned(), json!({"action": "accept", "content": {"guests": 4}}))].into();
/// let replay = Replay::resume(&sealer, binding, Some(&state), answers, Operation::new(), false)?;
/// let outcome = body(replay.rounds(&Mine)).await;
/// assert!(matches!(replay.finish(outcome).await?, Played::Complete(Ok(Elicitation::Accept(Guests { guests: 4 })))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # }).unwrap();
/// ```
#[derive(Debug)]
pub struct Replay<'s> {
    sealer: &'s StateSealer,
    binding: Binding,
    round: Arc<Round>,
    /// 2026-07-28 rounds, rather than the relay on an older revision.
    rounds: bool,
}

/// What a run of the body gave ([`Replay::finish`]).
#[derive(Debug)]
#[non_exhaustive]
pub enum Played<R> {
    /// Every question was answered: the body's outcome, and the work the operation
    /// deferred to its end ([`Operation::after_completion`]) has run.
    Complete(R),
    /// The round ended with these questions for the client (none while the operation
    /// waits for something out of band, [`Operation::retry_later`]), and the sealed
    /// `requestState` its retry carries back (2026-07-28: an `InputRequiredResult`).
    InputRequired {
        /// The round's questions.
        questions: Vec<Asked>,
        /// The sealed state.
        state: String,
    },
    /// Questions for the client's model (the client cannot show them), or a page it
    /// linked to that is not done yet, and the sealed continuation it calls back with.
    ForModel {
        /// The questions for the model.
        questions: Vec<Asked>,
        /// The sealed continuation.
        state: String,
    },
    /// The body asked two different questions under one input key: the call fails,
    /// whatever the body did with the error.
    Failed(ElicitError),
}

impl<'s> Replay<'s> {
    /// Resumes the operation `operation` (its name and user) bound to `binding` from the
    /// client's retry: the sealed `request_state` (none on the first call) and the
    /// client's `responses` to the questions of the last round, keyed by input key. A
    /// state that does not open for `binding` is refused ([`StateError`]), before the
    /// body runs. With `relay`, the questions the client cannot show go to its model.
    pub fn resume(
        sealer: &'s StateSealer,
        binding: Binding,
        request_state: Option<&str>,
        responses: BTreeMap<String, Value>,
        operation: Operation,
        relay: bool,
    ) -> Result<Self, StateError> {
        let retry = Retry { request_state, responses, relayed: BTreeMap::new() };
        Self::resume_retry(sealer, binding, retry, operation, true, relay)
    }

    /// The model's call-back of an operation relayed on an older revision: the sealed
    /// `continuation` and the model's `relayed` answers (none on the first call), as
    /// elicitation results keyed by input key. They are read as the model's
    /// ([`Provenance::Model`](crate::exchange::Provenance)).
    pub fn relayed(
        sealer: &'s StateSealer,
        binding: Binding,
        continuation: Option<&str>,
        mut relayed: BTreeMap<String, Value>,
        operation: Operation,
    ) -> Result<Self, StateError> {
        for result in relayed.values_mut().filter_map(Value::as_object_mut) {
            let meta = result.entry("_meta").or_insert_with(|| Value::Object(Map::new()));
            if !meta.is_object() {
                *meta = Value::Object(Map::new());
            }
            if let Value::Object(meta) = meta {
                meta.insert(RELAYED_META.to_owned(), Value::Bool(true));
            }
        }
        let retry = Retry { request_state: continuation, responses: BTreeMap::new(), relayed };
        Self::resume_retry(sealer, binding, retry, operation, false, true)
    }

    /// [`resume`](Self::resume) from the parts of any retry.
    pub(crate) fn resume_retry(sealer: &'s StateSealer, binding: Binding, retry: Retry<'_>, operation: Operation, rounds: bool, relay: bool) -> Result<Self, StateError> {
        let round = Round::resume(sealer, &binding, retry, operation, rounds, relay)?;
        Ok(Replay { sealer, binding, round: Arc::new(round), rounds })
    }

    /// The transport the body asks through on 2026-07-28: `inner` wrapped in the round.
    /// No request goes to the client: each question is answered from the round (given
    /// with this retry, or in an earlier round and carried in the sealed state) or
    /// recorded, and the round ends on it (an [`ElicitError::is_input_required`] error);
    /// [`finish`](Self::finish) turns the recorded questions into the next round's
    /// requests. With the relay on, a question the client cannot show goes to its model
    /// instead. `inner` says what the client can show, its language and who it is.
    pub fn rounds<P: ElicitPeer>(&self, inner: P) -> impl ElicitPeer + use<P> {
        self.rounds_layer(inner)
    }

    /// [`rounds`](Self::rounds), by its type.
    pub(crate) fn rounds_layer<P: ElicitPeer>(&self, inner: P) -> Rounds<P> {
        Rounds::new(inner, self.round.clone())
    }

    /// The transport the body asks through on an older revision with the relay through
    /// the model: `inner` wrapped so that what it cannot show goes to the model. A
    /// question answered earlier in the call (before the model was asked) is answered
    /// from the round; one the client can show goes through `inner`, and its answer is
    /// kept for the replay that follows the model's call-back; one it cannot show (and
    /// that is not the user's alone) is recorded for the client's model, and the call
    /// ends with the questions for the model ([`Played::ForModel`]).
    pub fn relay<P: ElicitPeer>(&self, inner: P) -> impl ElicitPeer + use<P> {
        self.relay_layer(inner)
    }

    /// [`relay`](Self::relay), by its type.
    pub(crate) fn relay_layer<P: ElicitPeer>(&self, inner: P) -> ModelRelay<P> {
        ModelRelay::new(inner, self.round.clone())
    }

    /// The replayed operation.
    pub fn operation(&self) -> &Operation {
        self.round.operation()
    }

    /// How many answers the round holds, and how many of them came with this retry.
    pub(crate) fn answer_counts(&self) -> (usize, usize) {
        self.round.answer_counts()
    }

    /// What the call answers, now that the body gave `outcome`: the outcome once every
    /// question was answered, else the round's questions and the sealed state.
    pub async fn finish<R>(self, outcome: R) -> Result<Played<R>, StateError> {
        let round = &self.round;
        if let Some(key) = round.duplicate_key() {
            return Ok(Played::Failed(Repr::DuplicateKey(key).into()));
        }
        let (questions, retry) = round.finish();
        if questions.is_empty() && !retry {
            for done in round.operation().completed() {
                done.await;
            }
            return Ok(Played::Complete(outcome));
        }
        let state = self.sealer.seal(&round.state(&questions), &self.binding)?;
        // Questions for the client's model (it cannot ask them), or a page it linked to
        // that is not done yet: for the model, with the continuation.
        if questions.iter().any(|a| a.via_model) || (!self.rounds || round.involves_model()) && questions.is_empty() {
            return Ok(Played::ForModel { questions, state });
        }
        Ok(Played::InputRequired { questions, state })
    }
}
