//! 2026-07-28: one body replayed over rounds of input requests.
//!
//! On 2026-07-28 a server may not send `elicitation/create` to the client. The request
//! (a `tools/call`, say) is answered with an `InputRequiredResult` listing the round's
//! questions; the client asks the user and retries with `inputResponses` and the echoed
//! `requestState`. The body that asks is run again on every retry: a round answers
//! the questions already answered (in this retry, or in earlier rounds carried in the
//! sealed state), and records the first unanswered ones, which end the round.
//!
//! Transport-neutral: the rmcp adapter ([`ToolCall`](crate::rmcp::ToolCall)) builds a
//! round from the request, runs the body, and turns what the round recorded into an
//! `InputRequiredResult`.

mod state;

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use serde_json::{Map, Value};

pub use self::state::{MAX_STATE_LEN, MIN_KEY_LEN, StateError, StateSealer};
pub(crate) use self::state::{Binding, Pinned, RoundState, question_digest};
use crate::ElicitError;
use crate::exchange::Outgoing;

/// A question asked without an answer: its input key, method and params.
#[derive(Debug)]
pub(crate) struct Asked {
    pub(crate) key: String,
    pub(crate) method: &'static str,
    pub(crate) params: Map<String, Value>,
    pub(crate) digest: String,
}

/// One round of a replayed body: the answers known so far, and the questions the body
/// asked that have none yet.
#[derive(Debug)]
pub(crate) struct Round {
    answers: BTreeMap<String, Pinned>,
    asked: Mutex<Vec<Asked>>,
    questions: AtomicU32,
    retry: AtomicBool,
}

impl Round {
    /// Resumes a request: the answers sealed in its `requestState` (if any), plus the
    /// retry's `inputResponses` to the questions the last round asked. Responses to
    /// questions that were not asked are ignored; without a state none was asked.
    pub(crate) fn resume(
        sealer: &StateSealer,
        binding: &Binding,
        request_state: Option<&str>,
        mut responses: BTreeMap<String, Value>,
    ) -> Result<Self, StateError> {
        let mut answers = BTreeMap::new();
        if let Some(sealed) = request_state {
            let state = sealer.open(sealed, binding).inspect_err(|err| {
                tracing::warn!(target: "elicit_runtime::rounds", reason = %err, "requestState refused");
            })?;
            answers = state.answers;
            for (key, digest) in state.pending {
                if let Some(answer) = responses.remove(&key) {
                    answers.insert(key, Pinned { digest, answer });
                }
            }
        }
        Ok(Self { answers, asked: Mutex::new(Vec::new()), questions: AtomicU32::new(0), retry: AtomicBool::new(false) })
    }

    /// Numbers the body's next question (1, 2, ...), in the order the body asks them,
    /// which is the same on every replay.
    pub(crate) fn next_question(&self) -> u32 {
        self.questions.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// The answer to `outgoing` if the client gave one, else records the question for
    /// this round's `InputRequiredResult`.
    pub(crate) fn answer_or_ask(&self, outgoing: Outgoing) -> Result<Value, ElicitError> {
        let key = input_key(outgoing.key.as_deref(), outgoing.question, outgoing.attempt);
        let digest = question_digest(outgoing.method, &outgoing.params);
        // An answer counts only for the exact question it answered: a form that changed
        // since (a redeployed server) is asked again.
        if let Some(pinned) = self.answers.get(&key).filter(|p| p.digest == digest) {
            return Ok(pinned.answer.clone());
        }
        self.asked.lock().unwrap_or_else(|e| e.into_inner()).push(Asked { key, method: outgoing.method, params: outgoing.params, digest });
        Err(ElicitError::InputRequired)
    }

    /// Ends this round even without a new question: something the body waits for
    /// happens out of band (a URL-mode interaction), and the client's retry looks again.
    pub(crate) fn retry_later(&self) {
        self.retry.store(true, Ordering::Relaxed);
    }

    /// The questions asked without an answer, in the order they were asked, the state to
    /// seal for the next round, and whether the round ends for a retry anyway.
    pub(crate) fn finish(&self) -> (Vec<Asked>, RoundState, bool) {
        let asked = std::mem::take(&mut *self.asked.lock().unwrap_or_else(|e| e.into_inner()));
        let pending = asked.iter().map(|asked| (asked.key.clone(), asked.digest.clone())).collect();
        (asked, RoundState { answers: self.answers.clone(), pending }, self.retry.load(Ordering::Relaxed))
    }
}

/// The input key of a question: the author's (`user_name`) or numbered (`elicit-1`), and
/// `…-retry-1` for its first re-ask.
fn input_key(named: Option<&str>, question: u32, attempt: u32) -> String {
    let base = match named {
        Some(name) => name.to_owned(),
        None => format!("elicit-{question}"),
    };
    if attempt == 0 { base } else { format!("{base}-retry-{attempt}") }
}
