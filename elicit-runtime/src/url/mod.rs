#![doc = include_str!("../../docs/url-mode.md")]

mod check;
mod error;
mod memory;
#[cfg(feature = "redis")]
mod redis;
mod store;

use std::any::type_name;
use std::future::Future as _;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};
#[cfg(feature = "dialects")]
use serde_json::json;

use self::check::checked_message;
#[doc(hidden)]
pub use self::check::checked_url;
#[cfg(feature = "page")]
pub(crate) use self::check::{checked_link, is_loopback};
pub use self::memory::MemoryStore;
#[cfg(feature = "redis")]
#[cfg_attr(docsrs, doc(cfg(feature = "redis")))]
pub use self::redis::RedisStore;
pub use self::error::{CompleteError, StoreError, UrlError};
use self::store::MAX_TTL;
pub use self::store::{Interaction, InteractionId, InteractionStore};
use tracing::Instrument as _;

use crate::locale::Words;
use crate::exchange::error::Repr;
use crate::exchange::{Continuation, ElicitError, Elicitation, ElicitPeer, Outgoing, Question, Watch, send_watched};
use crate::observe::{self, Mode};
use crate::revision::{Dialect, ProtocolRevision};

/// The server's URL-mode interactions: their store, how long they live, and which URLs
/// may be sent. Clone it freely (it is shared).
#[derive(Clone)]
pub struct Interactions {
    store: Arc<dyn InteractionStore>,
    ttl: Duration,
    allow_loopback_http: bool,
    dialect: Dialect,
}

impl std::fmt::Debug for Interactions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interactions")
            .field("ttl", &self.ttl)
            .field("allow_loopback_http", &self.allow_loopback_http)
            .field("dialect", &self.dialect)
            .finish_non_exhaustive()
    }
}

impl Default for Interactions {
    fn default() -> Self {
        Self::new(MemoryStore::default())
    }
}

impl Interactions {
    /// How long an interaction lives unless [`ttl`](Self::ttl) says otherwise.
    pub const DEFAULT_TTL: Duration = Duration::from_secs(10 * 60);

    /// The longest an interaction lives, whatever `ttl` a store is given: ten years. A
    /// longer one (`Duration::MAX`) is cut to it rather than overflow a clock or a Redis
    /// integer.
    pub const MAX_TTL: Duration = MAX_TTL;

    /// Interactions in this store.
    pub fn new(store: impl InteractionStore) -> Self {
        Self { store: Arc::new(store), ttl: Self::DEFAULT_TTL, allow_loopback_http: false, dialect: Dialect::Released }
    }

    /// How long an interaction stays valid (default 10 minutes): clients may never learn
    /// of completion, so the server decides how long one is worth waiting for.
    /// Longer than [`MAX_TTL`](Self::MAX_TTL) is cut to it.
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl.min(MAX_TTL);
        self
    }

    /// Allow `http` URLs to loopback hosts (`127.0.0.1`, `[::1]`, `localhost`), for
    /// development. Off by default: URL mode needs `https`.
    pub fn allow_loopback_http(mut self, allow: bool) -> Self {
        self.allow_loopback_http = allow;
        self
    }

    /// Speak a draft's messages where they differ from the released revisions
    /// ([`Dialect`]): with [`Dialect::ElicitationTrack`], `require` ends a call with
    /// `-32604` instead of `-32042`, and completion is told through `elicitation/track`
    /// instead of `notifications/elicitation/complete`.
    pub fn dialect(mut self, dialect: Dialect) -> Self {
        self.dialect = dialect;
        self
    }

    /// Whether `http` URLs to loopback hosts are allowed ([`allow_loopback_http`](Self::allow_loopback_http)).
    pub fn allows_loopback_http(&self) -> bool {
        self.allow_loopback_http
    }

    /// The dialect these interactions speak.
    pub fn dialect_in_use(&self) -> Dialect {
        self.dialect
    }

    /// The store.
    pub fn store(&self) -> &dyn InteractionStore {
        &*self.store
    }

    /// Starts (or finds again) the interaction of `principal` for `purpose`, and builds
    /// the URL-mode request for the client behind `peer`: `url` gets the interaction's id
    /// to put into the page's address. Checked here, before anything is sent (and with
    /// nothing left stored when refused): the revision has URL mode
    /// ([`ErrorKind::UnsupportedRevision`](crate::exchange::ErrorKind::UnsupportedRevision)), the client declared it
    /// ([`ErrorKind::NotSupported`](crate::exchange::ErrorKind::NotSupported)), the principal is not empty, the URL and the
    /// message ([`ErrorKind::Rule`](crate::exchange::ErrorKind::Rule), [`ElicitError::url_rule`]).
    ///
    /// `principal` is the authenticated user of the MCP request (a token subject, a
    /// user id): only that user may complete the interaction on the page. While one is
    /// pending, calls of the same principal for the same purpose share it (a call retried
    /// after `-32042` finds the one it started). On 2026-07-28 the sealed state remembers
    /// which interaction the call started for `principal`, so every round asks that user
    /// about the same page; a state carried to another principal remembers none of theirs.
    ///
    /// The message is a text, or [`Words`] with its translations or from the author's
    /// catalog, written in the call's language ([`ElicitPeer::locale`]) like a form's.
    pub async fn url_request<P: ElicitPeer + ?Sized>(
        &self,
        peer: &P,
        principal: &str,
        purpose: &str,
        message: impl Into<Words>,
        url: impl FnOnce(&InteractionId) -> String,
    ) -> Result<UrlRequest<'_>, ElicitError> {
        let message = &message.into().text(peer.locale().unwrap_or_default());
        let revision = usable(peer)?;
        // What can be checked without the interaction's id, before anything is stored.
        if principal.trim().is_empty() {
            return Err(UrlError::NoPrincipal.into());
        }
        checked_message(message)?;
        let note = note_key(principal, purpose);
        let (interaction, started) = match peer.operation().and_then(|operation| operation.note(&note)) {
            Some(noted) => (self.resumed(&noted, principal, purpose).await?, false),
            None => (self.store.start(principal, purpose, self.ttl).await?, true),
        };
        // A store that answers with another user's interaction (tampered, or keys that
        // collide) must not hand that user's page, or its completion, to this one.
        if interaction.principal != principal || interaction.purpose != purpose {
            return Err(ElicitError::from(StoreError::Unavailable(
                "the store answered with an interaction of another principal or purpose; nothing was sent".to_owned(),
            )));
        }
        let url = match checked_url(&url(&interaction.id), message, self.allow_loopback_http) {
            Ok(url) => url,
            Err(refused) => {
                // Nothing is sent: nothing may stay pending either.
                if started && !interaction.completed {
                    self.store.forget(&interaction.id).await?;
                }
                return Err(refused.into());
            }
        };
        if started {
            if let Some(operation) = peer.operation() {
                operation.set_note(&note, interaction.id.as_str().to_owned());
            }
            observe::url_page("started");
            tracing::debug!(target: "elicit_runtime::url", "URL-mode interaction started");
        }
        Ok(UrlRequest {
            interactions: self,
            interaction,
            url,
            message: message.to_owned(),
            revision,
            note,
            progress_every: Some(crate::exchange::DEFAULT_PROGRESS_EVERY),
        })
    }

    /// The interaction an earlier round of this call started (2026-07-28), from the
    /// round's note: completed if the note says so, else as the store has it (gone from
    /// the store: expired).
    async fn resumed(&self, noted: &str, principal: &str, purpose: &str) -> Result<Interaction, ElicitError> {
        let (id, done) = match noted.strip_suffix(DONE) {
            Some(id) => (id, true),
            None => (noted, false),
        };
        let id = InteractionId::parse(id).ok_or_else(|| ElicitError::from(Repr::Expired))?;
        let stored = self.store.get(&id).await?.filter(|i| i.principal == principal);
        Ok(match stored {
            Some(interaction) if !done => interaction,
            _ => Interaction {
                id,
                principal: principal.to_owned(),
                purpose: purpose.to_owned(),
                expires_at: std::time::SystemTime::UNIX_EPOCH,
                completed: done,
            },
        })
    }

    /// Completes an interaction from the page, as `principal`, the user the page
    /// identified. Refused (and nothing changed) when the id is unknown or expired, the
    /// interaction was completed already, or `principal` is not the user who started it.
    /// An empty `principal` (a page that identified nobody) is never the user.
    pub async fn complete(&self, id: &str, principal: &str) -> Result<Interaction, CompleteError> {
        let Some(id) = InteractionId::parse(id) else { return page_event(Err(CompleteError::Unknown)) };
        if principal.trim().is_empty() {
            return page_event(Err(CompleteError::WrongUser));
        }
        page_event(self.store.complete(&id, principal).await)
    }

    /// The pending interaction with this id, for a page deciding what to show: refused as
    /// [`complete`](Self::complete) would be, without completing it.
    pub async fn pending(&self, id: &str, principal: &str) -> Result<Interaction, CompleteError> {
        let id = InteractionId::parse(id).ok_or(CompleteError::Unknown)?;
        if principal.trim().is_empty() {
            return Err(CompleteError::WrongUser);
        }
        self.store.check(&id, principal).await
    }
}

/// Counts and logs what a page's completion came to (by the error's kind: never the id
/// the page sent, nor the principal), and passes it on.
fn page_event<T>(completed: Result<T, CompleteError>) -> Result<T, CompleteError> {
    match &completed {
        Ok(_) => {
            observe::url_page("completed");
            tracing::debug!(target: "elicit_runtime::url", "URL-mode interaction completed by its page");
        }
        Err(err) => {
            let reason = match err {
                CompleteError::Unknown => "unknown",
                CompleteError::Expired => "expired",
                CompleteError::AlreadyCompleted => "already_completed",
                CompleteError::WrongUser => "wrong_user",
                CompleteError::Store(_) => "store",
            };
            observe::url_page("refused");
            tracing::info!(target: "elicit_runtime::url", reason, "URL-mode completion refused");
        }
    }
    completed
}

/// The catalog's message of the progress notifications sent while the user is on the page.
const WAITING_FOR_PAGE: &str = "progress-waiting-page";

/// The suffix of a round's note once the interaction completed.
const DONE: &str = " done";

/// The round note that holds the interaction a call started for `principal` and
/// `purpose`. Keyed by the principal as well: a state that reaches another user (a call
/// whose states are not bound to their principal with `ToolCall::principal`) holds no
/// note of theirs, so that user is asked about a page of their own instead of inheriting
/// the interaction, or the completion, of the user who started it. The length first, so
/// that no two principal and purpose pairs share a key.
fn note_key(principal: &str, purpose: &str) -> String {
    format!("url:{}:{principal}:{purpose}", principal.len())
}

/// Checks that URL mode can be used with the client behind `peer`, and returns the
/// revision.
fn usable<P: ElicitPeer + ?Sized>(peer: &P) -> Result<ProtocolRevision, ElicitError> {
    let version = peer.protocol_version();
    let revision = version
        .as_deref()
        .and_then(|v| v.parse::<ProtocolRevision>().ok())
        .ok_or_else(|| ElicitError::from(Repr::UnsupportedRevision(version.clone())))?;
    // The model can show a link on any revision, to any client.
    if relays_to_model(peer) {
        return Ok(revision);
    }
    if !revision.has_url_mode() {
        return Err(Repr::UrlUnavailable(revision).into());
    }
    if !shows_link(peer) {
        return Err(Repr::UrlNotSupported(peer.elicitation_support()).into());
    }
    Ok(revision)
}

/// Whether the operation `peer` asks for lets the client's model show what the client
/// cannot.
fn relays_to_model<P: ElicitPeer + ?Sized>(peer: &P) -> bool {
    peer.operation().is_some_and(|operation| operation.relays_to_model())
}

/// Whether the client behind `peer` shows a URL request's link to the user: it declared
/// URL mode, and its client profile does not say otherwise (Goose desktop declares it and
/// shows an Accept button without the URL: `ClientProfile::shows_url_mode`).
fn shows_link<P: ElicitPeer + ?Sized>(peer: &P) -> bool {
    peer.elicitation_support().url && peer.client_info().is_none_or(|client| client.profile().shows_url_mode())
}

/// A URL-mode request, ready to send: built by [`Interactions::url_request`].
#[derive(Debug, Clone)]
pub struct UrlRequest<'a> {
    interactions: &'a Interactions,
    interaction: Interaction,
    url: String,
    message: String,
    revision: ProtocolRevision,
    note: String,
    progress_every: Option<Duration>,
}

impl UrlRequest<'_> {
    /// When the interaction stops being valid.
    #[cfg(feature = "page")]
    pub(crate) fn expires_at(&self) -> std::time::SystemTime {
        self.interaction.expires_at
    }

    /// The interaction's id.
    pub fn id(&self) -> &InteractionId {
        &self.interaction.id
    }

    /// While [`completion`](Self::completion) waits for the page, tell the client every
    /// `every` that the call is still waiting (`notifications/progress` for the request
    /// that asked, if it carried a `progressToken`): clients give up on a request after a
    /// timeout of their own (60 s in the TypeScript SDK) unless progress arrives. `None`
    /// sends none. The default is every 15 seconds.
    pub fn progress_every(mut self, every: Option<Duration>) -> Self {
        self.progress_every = every.filter(|d| !d.is_zero());
        self
    }

    /// The URL as it is sent (checked, host in ASCII).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Whether the page had completed the interaction when this request was built.
    pub fn is_completed(&self) -> bool {
        self.interaction.completed
    }

    /// The `elicitation/create` params of a revision: `mode`, `message`, `url`, and on
    /// 2025-11-25 `elicitationId`.
    pub fn params(&self, revision: ProtocolRevision) -> Map<String, Value> {
        self.question(revision).into_params()
    }

    /// The request as it goes to the transport.
    fn question(&self, revision: ProtocolRevision) -> Question {
        Question::Url {
            message: self.message.clone(),
            url: self.url.clone(),
            elicitation_id: revision.has_elicitation_ids().then(|| self.interaction.id.as_str().to_owned()),
        }
    }

    /// Asks the user to open the page. `Accept` is consent to open it, not completion:
    /// follow it with [`completion`](Self::completion). Already completed (a retried
    /// call), it is `Accept` at once and nothing is sent. A declined or cancelled
    /// interaction is given up: its link stops working, and the next call starts a new
    /// one (on 2025-11-25 with a new `elicitationId`).
    pub async fn ask<P: ElicitPeer + ?Sized>(&self, peer: &P) -> Result<Elicitation<()>, ElicitError> {
        if self.interaction.completed {
            return Ok(Elicitation::Accept(()));
        }
        // Neither the interaction's id nor the URL (which carries it) goes into the span.
        let span = tracing::info_span!(
            target: "elicit_runtime::url",
            "elicit",
            tool = peer.operation().and_then(|operation| operation.name()),
            form = type_name::<()>(),
            revision = self.revision.as_str(),
            mode = Mode::Url.as_str(),
            attempt = 0u32,
            outcome = tracing::field::Empty,
            provenance = tracing::field::Empty,
            time_to_answer_ms = tracing::field::Empty,
        );
        let mut watch = Watch::default();
        let answer = async {
            let number = peer.operation().map_or(0, |operation| operation.next_question());
            let outgoing = Outgoing::new("elicitation/create", self.question(self.revision), number);
            let answer = send_watched(peer, outgoing, Mode::Url, &mut watch).await?;
            let answer = Elicitation::<()>::from_url_result(&answer.result)?;
            if !matches!(answer, Elicitation::Accept(())) {
                self.forget().await?;
            }
            Ok::<_, ElicitError>(answer)
        }
        .instrument(span.clone())
        .await;
        let outcome = match &answer {
            Ok(Elicitation::Accept(())) => "accept",
            Ok(Elicitation::Decline) => "decline",
            Ok(Elicitation::Cancel) => "cancel",
            Err(err) => err.outcome(),
        };
        span.record("outcome", outcome);
        if let Some(waited) = watch.waited {
            span.record("time_to_answer_ms", u64::try_from(waited.as_millis()).unwrap_or(u64::MAX));
        }
        let _entered = span.enter();
        tracing::debug!(target: "elicit_runtime::url", outcome, "URL-mode elicitation ended");
        if !watch.held {
            observe::outcome(type_name::<()>(), Mode::Url, outcome);
            if let (true, Some(waited)) = (answer.is_ok(), watch.waited) {
                observe::time_to_answer(type_name::<()>(), Mode::Url, waited);
            }
        }
        answer
    }

    /// Waits for the page to complete the interaction, at most `timeout` (and no longer
    /// than the interaction lives); then the interaction is consumed (the next call starts
    /// a new one).
    ///
    /// On 2025-11-25 the client is then sent `notifications/elicitation/complete`; if the
    /// time runs out first the error is [`Continuation::StillPending`] (a tool call ends
    /// with `-32042`, so the client can retry once the page is done). On 2026-07-28 there
    /// is no waiting inside a round: if the interaction is not complete yet, the round
    /// ends and the client's retry looks again (propagate the error with `?`).
    pub async fn completion<P: ElicitPeer + ?Sized>(&self, peer: &P, timeout: Duration) -> Result<(), ElicitError> {
        let store = self.interactions.store();
        if let Some(operation) = peer.operation().filter(|operation| operation.replays()) {
            // Completed (perhaps consumed already by a concurrent call of the same user)?
            let completed = self.interaction.completed
                || match store.check(&self.interaction.id, &self.interaction.principal).await {
                    Ok(_pending) => false,
                    Err(CompleteError::AlreadyCompleted) => true,
                    Err(CompleteError::Store(err)) => return Err(err.into()),
                    Err(_) => return Err(Repr::Expired.into()),
                };
            if !completed {
                operation.retry_later();
                return Err(ElicitError::input_required());
            }
            // Later rounds of this call know it completed; later calls start anew.
            operation.set_note(&self.note, format!("{}{DONE}", self.interaction.id));
            self.forget().await?;
            return Ok(());
        }
        match tokio::time::timeout(timeout, self.wait_reporting(peer)).await {
            Ok(Ok(true)) => {
                self.forget().await?;
                match peer.dialect().unwrap_or(self.interactions.dialect) {
                    Dialect::Released => peer.notify_elicitation_complete(self.interaction.id.as_str()).await,
                    // The drafts tell the client through its `elicitation/track` or
                    // `interaction/notify` request.
                    #[cfg(feature = "dialects")]
                    Dialect::ElicitationTrack | Dialect::UserInteraction => Ok(()),
                }
            }
            Ok(Ok(false)) => {
                observe::url_page("expired");
                Err(Repr::Expired.into())
            }
            Ok(Err(err)) => Err(err.into()),
            Err(_) => {
                observe::url_page("still_pending");
                Err(match peer.dialect().unwrap_or(self.interactions.dialect) {
                    Dialect::Released => Continuation::StillPending { waited: timeout, elicitation: self.params(self.revision) }.into(),
                    // The drafts' way to say "retry when the page is done".
                    #[cfg(feature = "dialects")]
                    dialect => self.required(dialect)?,
                })
            }
        }
    }

    /// For a request that cannot go on until the interaction is complete. Completed: `Ok`.
    /// Otherwise, on 2025-11-25 nothing is sent and the call ends with
    /// [`Continuation::UrlRequired`] (error `-32042` with this request, so the client
    /// opens the page and retries the call); on 2026-07-28 the user is asked in a round
    /// and the client's retry finds the interaction complete or gets another round.
    /// `Decline` and `Cancel` (2026-07-28) are the user's answers to that question.
    pub async fn require<P: ElicitPeer + ?Sized>(&self, peer: &P) -> Result<Elicitation<()>, ElicitError> {
        if peer.operation().is_some_and(|operation| operation.replays()) || (relays_to_model(peer) && !shows_link(peer)) {
            return match self.ask(peer).await? {
                Elicitation::Accept(()) => self.completion(peer, Duration::ZERO).await.map(Elicitation::Accept),
                other => Ok(other),
            };
        }
        let completed = self.interaction.completed
            || self.interactions.store().get(&self.interaction.id).await?.is_some_and(|i| i.completed);
        if completed {
            self.forget().await?;
            return Ok(Elicitation::Accept(()));
        }
        Err(self.required(peer.dialect().unwrap_or(self.interactions.dialect))?)
    }

    /// Waits for the page, reporting progress to the client meanwhile.
    async fn wait_reporting<P: ElicitPeer + ?Sized>(&self, peer: &P) -> Result<bool, StoreError> {
        let waiting = self.interactions.store().wait_completed(&self.interaction.id);
        let Some(every) = self.progress_every else { return waiting.await };
        let mut waiting = std::pin::pin!(waiting);
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        let mut sent = 0u32;
        loop {
            let mut tick = std::pin::pin!(ticks.tick());
            let done = std::future::poll_fn(|cx| match waiting.as_mut().poll(cx) {
                std::task::Poll::Ready(done) => std::task::Poll::Ready(Some(done)),
                std::task::Poll::Pending => tick.as_mut().poll(cx).map(|_| None),
            })
            .await;
            if let Some(done) = done {
                return done;
            }
            sent += 1;
            // In the user's language, as the client said it (SEP-2792), else the default.
            let message = peer.locale().unwrap_or_default().message(WAITING_FOR_PAGE, &[]);
            peer.report_waiting(sent, &message).await;
        }
    }

    /// The error that ends a request which cannot go on before the page, in the dialect
    /// spoken.
    fn required(&self, dialect: Dialect) -> Result<ElicitError, ElicitError> {
        Ok(ElicitError::from(match dialect {
            Dialect::Released => Continuation::UrlRequired(vec![self.params(self.revision)]),
            // The drafts build on the 2025-11-25 request.
            #[cfg(feature = "dialects")]
            Dialect::ElicitationTrack => Continuation::ElicitationRequired(vec![self.params(ProtocolRevision::V2025_11_25)]),
            #[cfg(feature = "dialects")]
            Dialect::UserInteraction => {
                let (mut created, _) = interaction_params(&self.params(ProtocolRevision::V2025_11_25))?;
                let mut data = Map::with_capacity(4);
                for key in ["id", "type"] {
                    data.insert(key.into(), created.remove(key).unwrap_or(Value::Null));
                }
                if let Some(Value::Object(interaction)) = created.remove("interaction") {
                    data.extend(interaction);
                }
                Continuation::InteractionRequired(data)
            }
        }))
    }

    /// Gives the interaction up in the store.
    async fn forget(&self) -> Result<(), ElicitError> {
        Ok(self.interactions.store().forget(&self.interaction.id).await?)
    }
}

/// A `TextContent` of the proposal.
#[cfg(feature = "dialects")]
fn text(message: &Value) -> Value {
    json!({ "type": "text", "text": message.as_str().unwrap_or_default() })
}

/// The `interaction/create` params of an `elicitation/create` request, in the draft "User
/// Interaction" dialect ([`UserInteraction`](crate::dialect::UserInteraction)): a URL-mode
/// request is a `ua` interaction, a form a `prompt`; the flag says which.
#[cfg(feature = "dialects")]
pub(crate) fn interaction_params(params: &Map<String, Value>) -> Result<(Map<String, Value>, bool), ElicitError> {
    let message = params.get("message").cloned().unwrap_or(Value::Null);
    let (id, kind, interaction) = match params.get("url") {
        Some(url) => {
            let id = params.get("elicitationId").and_then(Value::as_str).map(str::to_owned);
            let id = match id {
                Some(id) => id,
                None => InteractionId::random()?.to_string(),
            };
            (id, "ua", json!({ "url": url, "message": text(&message) }))
        }
        None => {
            let id = InteractionId::random()?.to_string();
            let schema = params.get("requestedSchema").cloned().unwrap_or(Value::Null);
            (id, "prompt", json!({ "message": text(&message), "schema": schema }))
        }
    };
    let mut out = Map::with_capacity(3);
    out.insert("id".into(), id.into());
    out.insert("type".into(), kind.into());
    out.insert("interaction".into(), interaction);
    Ok((out, kind == "prompt"))
}
