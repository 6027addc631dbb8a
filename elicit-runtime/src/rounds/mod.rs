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

mod kept;
mod state;

pub(crate) mod harness;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use serde_json::{Map, Value};

pub use self::kept::{EffectError, Kept};
pub use self::state::{MAX_STATE_LEN, MIN_KEY_LEN, PRODUCTION_VAR, StateError, StateSealer};
pub(crate) use self::state::{Binding, Pending, Pinned, RoundState, question_digest};
use self::state::{as_rendered, form_digest};
use crate::exchange::ElicitError;
use crate::exchange::{AfterCompletion, Outgoing, params_of};
use crate::form::RequestedSchema;
use crate::observe;

/// A question asked without an answer: its input key, method and params, and whether it
/// goes to the client's model (the client cannot ask it) rather than to the client.
#[derive(Debug)]
pub(crate) struct Asked {
    pub(crate) key: String,
    pub(crate) method: &'static str,
    pub(crate) question: Question,
    pub(crate) digest: String,
    pub(crate) via_model: bool,
}

/// What a question asks: a form exactly as rendered under a message (its params are
/// built only if they are needed), or any other params.
#[derive(Debug)]
pub(crate) enum Question {
    /// `elicitation/create` of a cached form, as rendered, with this message.
    Form { form: &'static RequestedSchema, message: String },
    /// Any other request's params (a re-ask, a sampling request, URL mode...).
    Params(Map<String, Value>),
}

impl Question {
    /// The request's params.
    pub(crate) fn params(&self) -> Cow<'_, Map<String, Value>> {
        match self {
            Question::Form { form, message } => Cow::Owned(params_of(form, message, form.revision())),
            Question::Params(params) => Cow::Borrowed(params),
        }
    }
}

/// One round of a replayed body: the answers known so far, and the questions the body
/// asked that have none yet.
#[derive(Debug)]
pub(crate) struct Round {
    answers: Mutex<BTreeMap<String, Pinned>>,
    /// The input keys of the answers given with this retry (or sent by the client in
    /// this run), as opposed to those carried from earlier rounds in the state.
    fresh: Mutex<BTreeSet<String>>,
    /// Whether the client's model took part: it answered, or is asked.
    model: AtomicBool,
    notes: Mutex<BTreeMap<String, String>>,
    asked: Mutex<Vec<Asked>>,
    questions: AtomicU32,
    retry: AtomicBool,
    /// The input keys of this replay's questions and their digests: a key names one
    /// question only.
    keys: Mutex<BTreeMap<String, String>>,
    /// A key two different questions used, which fails the whole call whatever the body
    /// did with the error (a `join!` may end on another question's `InputRequired` first).
    duplicate: Mutex<Option<String>>,
    /// What to run once the operation completes (`Hooks::after_completion`).
    after: Mutex<Deferred>,
}

/// The work kept for when the operation completes.
#[derive(Default)]
struct Deferred(Vec<AfterCompletion>);

impl std::fmt::Debug for Deferred {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Deferred({})", self.0.len())
    }
}

impl Round {
    /// Resumes a request: the answers sealed in its `requestState` (if any), plus the
    /// retry's `inputResponses` to the questions the last round asked of the client, and
    /// the model's `relayed` answers to those it asked of the model. Responses to
    /// questions that were not asked (of that party) are ignored; without a state none
    /// was asked.
    pub(crate) fn resume(
        sealer: &StateSealer,
        binding: &Binding,
        request_state: Option<&str>,
        mut responses: BTreeMap<String, Value>,
        mut relayed: BTreeMap<String, Value>,
    ) -> Result<Self, StateError> {
        let mut model = false;
        let mut answers = BTreeMap::new();
        let mut notes = BTreeMap::new();
        let mut fresh = BTreeSet::new();
        if let Some(sealed) = request_state {
            let state = sealer.open(sealed, binding).inspect_err(|err| {
                // The reason by name: `Display` may quote what the state held.
                let reason = err.reason();
                tracing::warn!(target: "elicit_runtime::rounds", reason, "requestState refused");
                observe::state_refused(reason);
            })?;
            answers = state.answers;
            notes = state.notes;
            for Pending { key, digest, via_model } in state.pending {
                let answer = if via_model { relayed.remove(&key) } else { responses.remove(&key) };
                if let Some(answer) = answer {
                    model |= via_model;
                    fresh.insert(key.clone());
                    answers.insert(key, Pinned { digest, answer });
                }
            }
            model |= state.answers_from_model;
        }
        Ok(Self { answers: Mutex::new(answers), fresh: Mutex::new(fresh), model: AtomicBool::new(model), notes: Mutex::new(notes), asked: Mutex::new(Vec::new()), questions: AtomicU32::new(0), retry: AtomicBool::new(false), keys: Mutex::default(), duplicate: Mutex::default(), after: Mutex::default() })
    }

    /// Numbers the body's next question (1, 2, ...), in the order the body asks them,
    /// which is the same on every replay.
    pub(crate) fn next_question(&self) -> u32 {
        self.questions.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// The answer to `outgoing` given in an earlier round (or this retry), if any. An
    /// answer counts only for the exact question it answered: a form that changed since
    /// (a redeployed server) is asked again.
    pub(crate) fn answered(&self, outgoing: &Outgoing) -> Option<Value> {
        let key = input_key(outgoing.key.as_deref(), outgoing.question, outgoing.attempt);
        self.answer_to(&key, &digest_of(outgoing).0, asked_properties(outgoing))
    }

    /// The answer to the form `form` asked for the first time as question `question`
    /// (or under the author's `key`) with `message`, without building its params: the
    /// same answer [`answered`](Self::answered) finds for the request built from them.
    pub(crate) fn replayed_form(&self, key: Option<&str>, question: u32, form: &'static RequestedSchema, message: &str) -> Option<Value> {
        let key = input_key(key, question, 0);
        let mut answers = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        // No answer under the key: nothing to digest.
        let pinned = answers.get_mut(&key).filter(|pinned| pinned.digest == form_digest(form, message))?;
        Some(read_answer(pinned, form_properties(form)))
    }

    /// [`answer_or_ask`](Self::answer_or_ask) for the client, of the form `form` asked for
    /// the first time as question `question` (or under the author's `key`) with
    /// `message`, without building its params.
    pub(crate) fn play_form(&self, key: Option<&str>, question: u32, form: &'static RequestedSchema, message: &str) -> Result<Value, ElicitError> {
        let key = input_key(key, question, 0);
        let digest = form_digest(form, message);
        self.claim(&key, &digest)?;
        if let Some(answer) = self.answer_to(&key, &digest, form_properties(form)) {
            return Ok(answer);
        }
        let asked = Asked { key, method: ELICITATION, question: Question::Form { form, message: message.to_owned() }, digest, via_model: false };
        self.asked.lock().unwrap_or_else(|e| e.into_inner()).push(asked);
        Err(ElicitError::INPUT_REQUIRED)
    }

    /// Files the question with `digest` under `key` for this replay; the same question may
    /// be asked again under it (it gets the same answer), another may not.
    fn claim(&self, key: &str, digest: &str) -> Result<(), ElicitError> {
        let mut keys = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        match keys.get(key) {
            Some(known) if known != digest => {
                self.duplicate.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(|| key.to_owned());
                Err(ElicitError::DuplicateKey(key.to_owned()))
            }
            Some(_) => Ok(()),
            None => {
                keys.insert(key.to_owned(), digest.to_owned());
                Ok(())
            }
        }
    }

    /// The answer held under `key` for the question with `digest`, which asks for
    /// `properties` (if it is an elicitation).
    fn answer_to(&self, key: &str, digest: &str, properties: Option<&Map<String, Value>>) -> Option<Value> {
        let mut answers = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        answers.get_mut(key).filter(|p| p.digest == digest).map(|pinned| read_answer(pinned, properties))
    }

    /// Keeps an answer the client gave directly, for the replays of a call that also
    /// asks the model.
    pub(crate) fn record(&self, outgoing: &Outgoing, answer: Value) {
        let key = input_key(outgoing.key.as_deref(), outgoing.question, outgoing.attempt);
        let (digest, _) = digest_of(outgoing);
        let mut pinned = Pinned { digest, answer };
        read_answer(&mut pinned, asked_properties(outgoing));
        self.fresh.lock().unwrap_or_else(|e| e.into_inner()).insert(key.clone());
        self.answers.lock().unwrap_or_else(|e| e.into_inner()).insert(key, pinned);
    }

    /// The answer to `outgoing` if one was given, else records the question for this
    /// round: for the client (`InputRequiredResult`), or for the client's model.
    pub(crate) fn answer_or_ask(&self, outgoing: Outgoing, via_model: bool) -> Result<Value, ElicitError> {
        let key = input_key(outgoing.key.as_deref(), outgoing.question, outgoing.attempt);
        let (digest, form) = digest_of(&outgoing);
        self.claim(&key, &digest)?;
        if let Some(answer) = self.answer_to(&key, &digest, asked_properties(&outgoing)) {
            return Ok(answer);
        }
        if via_model {
            self.model.store(true, Ordering::Relaxed);
        }
        let question = match form {
            Some(form) => match outgoing.params.get("message") {
                Some(Value::String(message)) => Question::Form { form, message: message.clone() },
                _ => Question::Params(outgoing.params),
            },
            None => Question::Params(outgoing.params),
        };
        let asked = Asked { key, method: outgoing.method, question, digest, via_model };
        self.asked.lock().unwrap_or_else(|e| e.into_inner()).push(asked);
        Err(ElicitError::INPUT_REQUIRED)
    }

    /// Whether the answer to this question is held from an earlier round (rather than
    /// given with this retry): it was counted when it was given.
    pub(crate) fn answered_before(&self, key: Option<&str>, question: u32, attempt: u32) -> bool {
        let key = input_key(key, question, attempt);
        self.answers.lock().unwrap_or_else(|e| e.into_inner()).contains_key(&key)
            && !self.fresh.lock().unwrap_or_else(|e| e.into_inner()).contains(&key)
    }

    /// How many answers this round holds, and how many of them came with this retry.
    pub(crate) fn answer_counts(&self) -> (usize, usize) {
        let held = self.answers.lock().unwrap_or_else(|e| e.into_inner()).len();
        (held, self.fresh.lock().unwrap_or_else(|e| e.into_inner()).len())
    }

    /// The input key two different questions of this replay used, if any: the call fails
    /// with [`ElicitError::DuplicateKey`] instead of ending the round.
    pub(crate) fn duplicate_key(&self) -> Option<String> {
        self.duplicate.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Whether the client's model took part in this call (answered, or is asked).
    pub(crate) fn involves_model(&self) -> bool {
        self.model.load(Ordering::Relaxed)
    }

    /// Ends this round even without a new question: something the body waits for
    /// happens out of band (a URL-mode interaction), and the client's retry looks again.
    pub(crate) fn retry_later(&self) {
        self.retry.store(true, Ordering::Relaxed);
    }

    /// The note an earlier round kept under `key`.
    pub(crate) fn note(&self, key: &str) -> Option<String> {
        self.notes.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
    }

    /// Keeps a note for the next rounds.
    pub(crate) fn set_note(&self, key: &str, value: String) {
        self.notes.lock().unwrap_or_else(|e| e.into_inner()).insert(key.to_owned(), value);
    }

    /// The questions asked without an answer, in the order they were asked, and whether
    /// the round ends for a retry anyway. The questions for the client come first: while
    /// there are any, those for the model wait for a later round.
    /// Keeps `done` for when the operation completes.
    pub(crate) fn after_completion(&self, done: AfterCompletion) {
        self.after.lock().unwrap_or_else(|e| e.into_inner()).0.push(done);
    }

    /// What to run now that the operation completed.
    pub(crate) fn completed(&self) -> Vec<AfterCompletion> {
        std::mem::take(&mut self.after.lock().unwrap_or_else(|e| e.into_inner()).0)
    }

    pub(crate) fn finish(&self) -> (Vec<Asked>, bool) {
        let mut asked = std::mem::take(&mut *self.asked.lock().unwrap_or_else(|e| e.into_inner()));
        if asked.iter().any(|a| !a.via_model) {
            asked.retain(|a| !a.via_model);
        }
        (asked, self.retry.load(Ordering::Relaxed))
    }

    /// The state to seal for the next round, whose questions are `asked`.
    pub(crate) fn state(&self, asked: &[Asked]) -> RoundState {
        let pending = asked.iter().map(|a| Pending { key: a.key.clone(), digest: a.digest.clone(), via_model: a.via_model }).collect();
        let notes = self.notes.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let answers = self.answers.lock().unwrap_or_else(|e| e.into_inner()).clone();
        RoundState { answers, pending, notes, answers_from_model: self.involves_model() }
    }
}

/// The digest of a question, and its form when the params are exactly the form's as
/// rendered (then the digest is the form's, from its kept canonical schema).
fn digest_of(outgoing: &Outgoing) -> (String, Option<&'static RequestedSchema>) {
    if outgoing.method == ELICITATION
        && let Some(form) = outgoing.form
        && let Some(message) = as_rendered(form, &outgoing.params)
    {
        return (form_digest(form, message), Some(form));
    }
    (question_digest(outgoing.method, &outgoing.params), None)
}

/// The method of an elicitation.
const ELICITATION: &str = "elicitation/create";

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

/// The properties of a rendered form.
fn form_properties(form: &RequestedSchema) -> Option<&Map<String, Value>> {
    form.as_map().get("properties").and_then(Value::as_object)
}

/// The properties an elicitation asks for: its form's, or those of the schema in its
/// params (a re-ask); none for a URL-mode one, whose answer has no content. `None` for a
/// request that is not an elicitation.
fn asked_properties(outgoing: &Outgoing) -> Option<&Map<String, Value>> {
    static NONE: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    if outgoing.method != ELICITATION {
        return None;
    }
    if let Some(form) = outgoing.form {
        return form_properties(form);
    }
    match outgoing.params.get("requestedSchema") {
        Some(schema) => schema.get("properties").and_then(Value::as_object),
        None if outgoing.params.get("mode").and_then(Value::as_str) == Some("url") => Some(NONE.get_or_init(Map::new)),
        None => None,
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
