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
//!
#![doc = include_str!("../../docs/rounds.md")]

mod digest;
mod format;
mod error;
pub(crate) mod keys;
mod kept;
mod layers;
mod replay;
mod state;

pub(crate) mod harness;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use serde_json::{Map, Value};

pub use self::kept::{EffectError, Kept};
pub use self::error::StateError;
#[doc(hidden)]
pub use self::error::{MAX_STATE_LEN, MIN_KEY_LEN};
pub use self::state::StateSealer;
#[doc(hidden)]
pub use self::state::PRODUCTION_VAR;
pub(crate) use self::layers::{ModelRelay, Rounds};
pub use self::replay::{Played, Replay};
pub use self::digest::Binding;
pub(crate) use self::digest::question_digest;
use self::digest::digest;
pub(crate) use self::format::{Pending, Pinned, RoundState};
use crate::exchange::error::Repr;
use crate::exchange::{Answer, ElicitError, Operation, Outgoing, Question};
use crate::observe;

/// A question a round asked without an answer ([`Played`]): its input key, method and
/// question, and whether it goes to the client's model (the client cannot show it)
/// rather than to the client.
#[derive(Debug)]
#[non_exhaustive]
pub struct Asked {
    /// The input key its answer comes back under (`inputResponses`).
    pub key: String,
    /// The request's method (`elicitation/create`, `sampling/createMessage`...).
    pub method: &'static str,
    /// What it asks; its params are [`Question::params`].
    pub question: Question,
    /// It goes to the client's model.
    pub via_model: bool,
    /// The digest its answer is pinned to.
    pub(crate) digest: String,
}

/// What a retry carries: the sealed state, the client's `inputResponses` and the model's
/// relayed answers.
#[derive(Debug, Default)]
pub(crate) struct Retry<'a> {
    pub(crate) request_state: Option<&'a str>,
    pub(crate) responses: BTreeMap<String, Value>,
    pub(crate) relayed: BTreeMap<String, Value>,
}

/// One round of a replayed body: the answers known so far, and the questions the body
/// asked that have none yet; and the operation it replays, whose notes, deferred work
/// and retries the round seals or runs.
#[derive(Debug)]
pub(crate) struct Round {
    operation: Operation,
    progress: Mutex<Progress>,
}

/// What a round learns while the body runs, behind one lock.
#[derive(Debug, Default)]
struct Progress {
    answers: BTreeMap<String, Pinned>,
    /// The input keys of the answers given with this retry (or sent by the client in
    /// this run), as opposed to those carried from earlier rounds in the state.
    fresh: BTreeSet<String>,
    /// Whether the client's model took part: it answered, or is asked.
    model: bool,
    asked: Vec<Asked>,
    /// The input keys of this replay's questions and their digests: a key names one
    /// question only.
    keys: BTreeMap<String, String>,
    /// A key two different questions used, which fails the whole call whatever the body
    /// did with the error (a `join!` may end on another question's `InputRequired` first).
    duplicate: Option<String>,
}

impl Round {
    /// Resumes a request: the answers sealed in its `requestState` (if any), plus the
    /// retry's `inputResponses` to the questions the last round asked of the client, and
    /// the model's `relayed` answers to those it asked of the model. Responses to
    /// questions that were not asked (of that party) are ignored; without a state none
    /// was asked. `operation` (its name and user) becomes the replayed operation: on
    /// 2026-07-28 (`rounds`) it replays from the start, otherwise once the model takes
    /// part; with `relay`, questions the client cannot show go to its model.
    pub(crate) fn resume(sealer: &StateSealer, binding: &Binding, retry: Retry<'_>, operation: Operation, rounds: bool, relay: bool) -> Result<Self, StateError> {
        let Retry { request_state, mut responses, mut relayed } = retry;
        let mut progress = Progress::default();
        let mut notes = BTreeMap::new();
        if let Some(sealed) = request_state {
            let state = sealer.open(sealed, binding).inspect_err(|err| {
                // The reason by name: `Display` may quote what the state held.
                let reason = err.reason();
                tracing::warn!(target: "elicit_runtime::rounds", reason, "requestState refused");
                observe::state_refused(reason);
            })?;
            progress.answers = state.answers;
            notes = state.notes;
            for Pending { key, digest, via_model } in state.pending {
                let answer = if via_model { relayed.remove(&key) } else { responses.remove(&key) };
                if let Some(answer) = answer {
                    progress.model |= via_model;
                    progress.fresh.insert(key.clone());
                    progress.answers.insert(key, Pinned { digest, answer });
                }
            }
            progress.model |= state.answers_from_model;
        }
        let operation = operation.replayed(rounds || progress.model, relay, notes);
        Ok(Self { operation, progress: Mutex::new(progress) })
    }

    /// The operation the round replays.
    pub(crate) fn operation(&self) -> &Operation {
        &self.operation
    }

    fn progress(&self) -> std::sync::MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer to `outgoing` given in an earlier round (or this retry), if any, the
    /// question filed under its input key for this replay. An answer counts only for the
    /// exact question it answered: a form that changed since (a redeployed server) is
    /// asked again. The same question may be asked again under a key (it gets the same
    /// answer), another may not ([`ErrorKind::DuplicateKey`](crate::exchange::ErrorKind::DuplicateKey)).
    pub(crate) fn answered(&self, outgoing: &Outgoing) -> Result<(String, String, Option<Answer>), ElicitError> {
        let key = input_key(outgoing.key.as_deref(), outgoing.number, outgoing.attempt);
        let digest = digest(outgoing.method, &outgoing.question);
        let mut progress = self.progress();
        match progress.keys.get(&key) {
            Some(known) if *known != digest => {
                progress.duplicate.get_or_insert_with(|| key.clone());
                return Err(Repr::DuplicateKey(key).into());
            }
            Some(_) => {}
            None => {
                progress.keys.insert(key.clone(), digest.clone());
            }
        }
        let held = !progress.fresh.contains(&key);
        let answer = progress.answers.get_mut(&key).filter(|p| p.digest == digest).map(|pinned| {
            let result = read_answer(pinned, properties(outgoing));
            if held { Answer::held(result) } else { Answer::new(result) }
        });
        Ok((key, digest, answer))
    }

    /// The answer to `outgoing` if one was given, else records the question for this
    /// round: for the client (`InputRequiredResult`), or for the client's model.
    pub(crate) fn answer_or_ask(&self, outgoing: Outgoing, via_model: bool) -> Result<Answer, ElicitError> {
        match self.answered(&outgoing)? {
            (_, _, Some(answer)) => Ok(answer),
            (key, digest, None) => Err(self.ask(key, digest, outgoing, via_model)),
        }
    }

    /// Records the question, unanswered, under `key`: the round ends on it.
    pub(crate) fn ask(&self, key: String, digest: String, outgoing: Outgoing, via_model: bool) -> ElicitError {
        if via_model {
            self.operation.set_replays();
        }
        let mut progress = self.progress();
        progress.model |= via_model;
        progress.asked.push(Asked { key, method: outgoing.method, question: outgoing.question, digest, via_model });
        ElicitError::input_required()
    }

    /// Keeps an answer the client gave directly, for the replays of a call that also
    /// asks the model.
    pub(crate) fn record(&self, outgoing: &Outgoing, answer: Value) {
        let key = input_key(outgoing.key.as_deref(), outgoing.number, outgoing.attempt);
        let mut pinned = Pinned { digest: digest(outgoing.method, &outgoing.question), answer };
        read_answer(&mut pinned, properties(outgoing));
        let mut progress = self.progress();
        progress.fresh.insert(key.clone());
        progress.answers.insert(key, pinned);
    }

    /// How many answers this round holds, and how many of them came with this retry.
    pub(crate) fn answer_counts(&self) -> (usize, usize) {
        let progress = self.progress();
        (progress.answers.len(), progress.fresh.len())
    }

    /// The input key two different questions of this replay used, if any: the call fails
    /// with [`ErrorKind::DuplicateKey`](crate::exchange::ErrorKind::DuplicateKey) instead of ending the round.
    pub(crate) fn duplicate_key(&self) -> Option<String> {
        self.progress().duplicate.clone()
    }

    /// Whether the client's model took part in this call (answered, or is asked).
    pub(crate) fn involves_model(&self) -> bool {
        self.progress().model
    }

    /// The questions asked without an answer, in the order they were asked, and whether
    /// the round ends for a retry anyway. The questions for the client come first: while
    /// there are any, those for the model wait for a later round.
    pub(crate) fn finish(&self) -> (Vec<Asked>, bool) {
        let mut asked = std::mem::take(&mut self.progress().asked);
        if asked.iter().any(|a| !a.via_model) {
            asked.retain(|a| !a.via_model);
        }
        (asked, self.operation.retries())
    }

    /// The state to seal for the next round, whose questions are `asked`.
    pub(crate) fn state(&self, asked: &[Asked]) -> RoundState {
        let pending = asked.iter().map(|a| Pending { key: a.key.clone(), digest: a.digest.clone(), via_model: a.via_model }).collect();
        let notes = self.operation.notes();
        let progress = self.progress();
        RoundState { answers: progress.answers.clone(), pending, notes, answers_from_model: progress.model }
    }
}

/// A held answer as the body reads it. An accepted elicitation's content keeps the
/// properties the question asked for (`properties`) whole. The others are not carried
/// whole into the state sealed for the next round (a client padding its answer would make
/// that state too large to seal), nor dropped: each stays under its name cut as a
/// violation repeats it, without its value, so that reading the answer reports it
/// ([`Problem::NotAsked`](crate::form::Problem::NotAsked)); past the number of keys a
/// violation names one by one, one more stands for the rest.
fn read_answer(pinned: &mut Pinned, properties: Option<&Map<String, Value>>) -> Value {
    // A multi-select asked as checkboxes may be answered as its list (a model relaying
    // the user's choice does): asked too, as on the direct path.
    // (Found by hash, not by a walk over the properties for each key: a client may pad.)
    let fields = properties.map(crate::form::checkbox_fields).unwrap_or_default();
    let asked = |properties: &Map<String, Value>, name: &str| properties.contains_key(name) || fields.contains(crate::form::words(name).as_str());
    if let (Some(properties), Some(Value::Object(content))) = (properties, pinned.answer.get_mut("content"))
        && content.keys().any(|name| !asked(properties, name))
    {
        let mut kept = 0;
        let old = std::mem::take(content);
        for (name, value) in old {
            if asked(properties, &name) {
                content.insert(name, value);
            } else if kept <= crate::form::NOT_ASKED_NAMED {
                kept += 1;
                content.insert(crate::form::echo(&name), Value::Null);
            }
        }
    }
    pinned.answer.clone()
}

/// The properties an elicitation asks for ([`Question`]'s); `None` for a request that
/// is not an elicitation.
fn properties(outgoing: &Outgoing) -> Option<&Map<String, Value>> {
    (outgoing.method == "elicitation/create").then(|| outgoing.question.properties()).flatten()
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
