//! The operation a question is asked for ([`Operation`]): what a transport hands out
//! about the tool call (or prompt, or resource read) that asks, and what a transport that
//! answers it by replaying it keeps between its replays.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Work to do once a replayed operation has completed ([`Operation::after_completion`]).
type AfterCompletion = Pin<Box<dyn Future<Output = ()> + Send + 'static>>;

/// The operation (a tool call, a prompt, a resource read) a transport asks for, as
/// [`ElicitPeer::operation`](crate::ElicitPeer::operation) hands it out.
///
/// Every operation has a name (for the spans of its elicitations) and may have the
/// authenticated user it was started for (whom a page form's page answers). An operation
/// answered by replaying it (the rounds of 2026-07-28, the relay through the model)
/// [`replays`](Self::replays): its body runs again on each retry, nothing inside it waits
/// for the user, and what URL mode and page forms need to find again on the next replay
/// is kept here: notes sealed with the answers, work to run once the operation completes,
/// and "end this round, the client retries later". A plain operation keeps no notes and
/// drops deferred work unrun: its body runs once.
///
/// ```
/// use elicit_runtime::exchange::Operation;
///
/// let call = Operation::new().called("book_table").for_user("ada");
/// assert_eq!((call.name(), call.principal()), (Some("book_table"), Some("ada")));
/// // Asked once, not replayed: nothing is kept for a next replay.
/// assert!(!call.replays());
/// call.set_note("page", "started".into());
/// assert_eq!(call.note("page"), None);
/// assert_eq!((call.next_question(), call.next_question()), (0, 0));
/// ```
#[derive(Default)]
pub struct Operation {
    name: Option<String>,
    principal: Option<String>,
    /// The questions the client cannot show may go to its model.
    relays_to_model: bool,
    /// The operation is answered by replaying it (set once its replays keep answers).
    replays: AtomicBool,
    /// Whether replays are possible at all: notes and deferred work are kept.
    keeps: bool,
    questions: AtomicU32,
    retry: AtomicBool,
    kept: Mutex<Kept>,
}

/// What the replays of an operation keep.
#[derive(Default)]
struct Kept {
    notes: BTreeMap<String, String>,
    after: Vec<AfterCompletion>,
}

impl std::fmt::Debug for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Operation")
            .field("name", &self.name)
            .field("replays", &self.replays())
            .field("relays_to_model", &self.relays_to_model)
            .finish_non_exhaustive()
    }
}

impl Operation {
    /// An operation without a name or a user, asked once.
    pub fn new() -> Self {
        Self::default()
    }

    /// Named `name` (a tool's or a prompt's name: not a resource's URI, which may name
    /// what the user reads).
    pub fn called(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Started for the authenticated user `principal`.
    pub fn for_user(mut self, principal: impl Into<String>) -> Self {
        self.principal = Some(principal.into());
        self
    }

    /// An operation whose replays keep notes and deferred work: what a replaying layer
    /// builds; `replays` says whether it is replayed from the start (rounds) or only once
    /// the model takes part (the relay on older revisions).
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))] // for the replaying layers of `rounds`
    pub(crate) fn replayed(mut self, replays: bool, relays_to_model: bool, notes: BTreeMap<String, String>) -> Self {
        self.keeps = true;
        self.replays = AtomicBool::new(replays);
        self.relays_to_model = relays_to_model;
        self.kept = Mutex::new(Kept { notes, after: Vec::new() });
        self
    }

    /// The name of the tool or prompt, for the spans of its elicitations.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The authenticated user the operation was started for, whom a page form's page
    /// answers.
    pub fn principal(&self) -> Option<&str> {
        self.principal.as_deref()
    }

    /// Whether the operation is answered by replaying it: then nothing waits inside it,
    /// and a URL-mode interaction's completion is looked up on the next replay.
    pub fn replays(&self) -> bool {
        self.replays.load(Ordering::Relaxed)
    }

    /// From now on the operation is replayed (the client's model took part).
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))] // for the replaying layers of `rounds`
    pub(crate) fn set_replays(&self) {
        self.replays.store(true, Ordering::Relaxed);
    }

    /// Whether questions the client cannot show may go to the client's model instead (the
    /// caller opted in): then URL mode is offered even where the client or the revision
    /// has none.
    pub fn relays_to_model(&self) -> bool {
        self.relays_to_model
    }

    /// Numbers a new question of the operation (1, 2... in the order the body asks them,
    /// the same on every replay), by which a replay finds its answer again; 0 for an
    /// operation that is not replayed.
    pub fn next_question(&self) -> u32 {
        match self.keeps {
            true => self.questions.fetch_add(1, Ordering::Relaxed) + 1,
            false => 0,
        }
    }

    /// The note kept under `key` by an earlier replay.
    pub fn note(&self, key: &str) -> Option<String> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).notes.get(key).cloned()
    }

    /// Keeps a short note for the next replays, sealed with the answers (URL mode notes
    /// which interaction the operation started, and that it completed). Dropped by an
    /// operation that is not replayed.
    pub fn set_note(&self, key: &str, value: String) {
        if self.keeps {
            self.kept.lock().unwrap_or_else(|e| e.into_inner()).notes.insert(key.to_owned(), value);
        }
    }

    /// The notes to seal for the next replay.
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))] // for the replaying layers of `rounds`
    pub(crate) fn notes(&self) -> BTreeMap<String, String> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).notes.clone()
    }

    /// Runs `done` once the operation has completed (its last replay returned a result,
    /// not another round): a page form's value, read again on every replay, is deleted
    /// then. An operation that is not replayed drops `done` unrun.
    pub fn after_completion(&self, done: impl Future<Output = ()> + Send + 'static) {
        if self.keeps {
            self.kept.lock().unwrap_or_else(|e| e.into_inner()).after.push(Box::pin(done));
        }
    }

    /// What to run now that the operation completed.
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))] // for the replaying layers of `rounds`
    pub(crate) fn completed(&self) -> Vec<AfterCompletion> {
        std::mem::take(&mut self.kept.lock().unwrap_or_else(|e| e.into_inner()).after)
    }

    /// Ends the current round without a new question, so that the client retries with
    /// the state later (used while a URL-mode interaction is not complete).
    pub fn retry_later(&self) {
        self.retry.store(true, Ordering::Relaxed);
    }

    /// Whether the round ends for a retry anyway.
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))] // for the replaying layers of `rounds`
    pub(crate) fn retries(&self) -> bool {
        self.retry.load(Ordering::Relaxed)
    }
}
