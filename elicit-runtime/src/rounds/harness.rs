//! Not public API: the rounds of 2026-07-28 without rmcp's request context, for the
//! benchmarks (`tests/benches`) and the fuzz targets (`fuzz/`). It changes without notice.
//!
//! It drives [`Replay`], as [`ToolCall::run`](crate::rmcp::ToolCall::run) does, with a
//! body that asks one form after another.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use serde_json::{Map, Value};

use super::replay::{self, Replay};
use super::{Binding, Pending, Pinned, RoundState, StateError, StateSealer, question_digest};
use crate::exchange::error::Repr;
use crate::exchange::{Answer, Elicit, ElicitError, ElicitPeer, Elicitation, ElicitationSupport, Operation, Outgoing};
use crate::revision::ProtocolRevision;

/// A sealer and what its states are bound to (a principal, `tools/call`, a tool name and
/// its arguments).
#[derive(Debug, Clone)]
pub struct Harness {
    sealer: StateSealer,
    binding: Binding,
}

/// What one round of [`Harness::play`] gave.
#[derive(Debug)]
pub enum Played<T> {
    /// Every question was answered: the body's answers, in the order it asked.
    Complete(Vec<Result<Elicitation<T>, ElicitError>>),
    /// The round ended with questions (their input keys) and the sealed state for the
    /// client's retry.
    InputRequired {
        /// The input keys of the questions asked without an answer.
        keys: Vec<String>,
        /// The sealed `requestState`.
        state: String,
    },
}

impl Harness {
    /// States sealed by `sealer`, bound to `principal` calling the tool `tool` with
    /// `arguments`.
    pub fn new(sealer: StateSealer, principal: Option<&str>, tool: &str, arguments: Option<&Map<String, Value>>) -> Self {
        Harness { sealer, binding: Binding::new(principal, "tools/call", tool, arguments) }
    }

    /// Seals a state that holds these answers (each pinned to a question digest, as a
    /// round pins them) and one pending question.
    pub fn seal_answers(&self, answers: &[(String, Value)]) -> Result<String, StateError> {
        let answers = answers
            .iter()
            .map(|(key, answer)| {
                let digest = question_digest("elicitation/create", &Map::from_iter([("key".to_owned(), Value::from(key.as_str()))]));
                (key.clone(), Pinned { digest, answer: answer.clone() })
            })
            .collect();
        let pending = vec![Pending { key: "pending".to_owned(), digest: "digest".to_owned(), via_model: false }];
        let state = RoundState { answers, pending, notes: BTreeMap::new(), answers_from_model: false };
        self.sealer.seal(&state, &self.binding)
    }

    /// Opens a state as a retry does; the number of answers it holds.
    pub fn open(&self, sealed: &str) -> Result<usize, StateError> {
        self.sealer.open(sealed, &self.binding).map(|state| state.answers.len())
    }

    /// Plays one round of a body that asks the form `T` `forms` times, one after the
    /// other (each with one re-ask on invalid content), as a retry carrying
    /// `request_state` and `responses` resumes it. A state that does not open is the
    /// error, as [`ToolCall::run`](crate::rmcp::ToolCall::run) refuses it.
    pub fn play<T: Elicit>(
        &self,
        forms: u32,
        request_state: Option<&str>,
        responses: BTreeMap<String, Value>,
    ) -> Result<Played<T>, StateError> {
        let replay = Replay::resume(&self.sealer, self.binding.clone(), request_state, responses, Operation::new(), false)?;
        let peer = replay.rounds(Client);
        let body = async {
            let mut answers = Vec::new();
            for _ in 0..forms {
                let answer = T::elicit(&peer, "A question of the harness").reask(1).await;
                let stop = answer.as_ref().is_err_and(ElicitError::is_input_required);
                answers.push(answer);
                if stop {
                    break;
                }
            }
            answers
        };
        // Nothing in a round waits (and the harness defers no work): each completes on
        // its first poll.
        let answers = at_once(body)?;
        match at_once(replay.finish(answers))?? {
            replay::Played::Complete(answers) => Ok(Played::Complete(answers)),
            replay::Played::InputRequired { questions, state } => {
                Ok(Played::InputRequired { keys: questions.into_iter().map(|asked| asked.key).collect(), state })
            }
            replay::Played::Failed(error) => Err(StateError::Unavailable(format!("the harness's round failed: {error}"))),
            _ => Err(StateError::Unavailable("the harness's body asks only the client, never its model".to_owned())),
        }
    }
}

/// The output of a future that completes on its first poll.
fn at_once<F: Future>(future: F) -> Result<F::Output, StateError> {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(output) => Ok(output),
        Poll::Pending => Err(StateError::Unavailable("a round of the harness waited".to_owned())),
    }
}

/// The client under the rounds: it shows forms, and is sent nothing (the rounds answer
/// each question from the retry or end the round on it).
struct Client;

impl ElicitPeer for Client {
    fn protocol_version(&self) -> Option<String> {
        Some(ProtocolRevision::V2026_07_28.as_str().to_owned())
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        ElicitationSupport::FORM
    }

    async fn send_elicitation(&self, _outgoing: Outgoing) -> Result<Answer, ElicitError> {
        Err(Repr::NeedsInputRound.into())
    }
}
