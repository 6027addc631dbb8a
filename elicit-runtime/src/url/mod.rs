//! URL mode: sending the user to a page for what must not pass through the MCP client
//! (an API key, an OAuth consent, a payment).
//!
//! A URL-mode elicitation asks the user to open a page; `accept` is the user's consent
//! to open it, not the end of the interaction. The page (the server's own web handler)
//! finishes the interaction **with the identity of the user who is on it**, and the
//! tool learns of it:
//!
//! | revision | how the tool asks | how it learns of completion |
//! |---|---|---|
//! | 2025-06-18 | no URL mode: [`ElicitError::UrlModeUnavailable`], nothing sent | — |
//! | 2025-11-25 | `elicitation/create` with `mode: "url"`, `url`, `elicitationId` | waits, then sends `notifications/elicitation/complete`; or ends the call with `-32042` and the client retries |
//! | 2026-07-28 | inside an `InputRequiredResult` (`mode`, `message`, `url`) | on the client's retry: a retry before completion gets another round |
//!
//! ```no_run
//! use std::time::Duration;
//! use elicit_runtime::url::Interactions;
//! use elicit_runtime::{ElicitError, ElicitPeer, Elicitation};
//!
//! async fn connect_key(ask: &impl ElicitPeer, interactions: &Interactions, user: &str) -> Result<String, ElicitError> {
//!     let page = interactions
//!         .url_request(user, "api-key", "Open the page to enter your API key", |id| format!("https://keys.example.com/connect?id={id}"))
//!         .await?;
//!     Ok(match page.ask(ask).await? {
//!         Elicitation::Accept(()) => {
//!             page.completion(ask, Duration::from_secs(300)).await?;
//!             "connected".to_owned()
//!         }
//!         Elicitation::Decline | Elicitation::Cancel => "not connected".to_owned(),
//!     })
//! }
//!
//! // In the page's handler, once the page knows who its user is (its own login):
//! async fn on_submit(interactions: &Interactions, id: &str, logged_in_user: &str) {
//!     match interactions.complete(id, logged_in_user).await {
//!         Ok(_) => { /* store what the user typed, bound to `logged_in_user` */ }
//!         Err(refused) => { /* show the refusal; store nothing */ }
//!     }
//! }
//! ```
//!
//! Interactions live in an [`InteractionStore`]: [`MemoryStore`] by default (bounded,
//! forgotten at expiry); a shared store lets several server instances serve one
//! interaction.

mod check;
mod memory;
mod store;

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};

pub use self::check::{UrlError, checked_url};
pub use self::memory::MemoryStore;
pub use self::store::{CompleteError, Interaction, InteractionId, InteractionStore, StoreError, StoreFuture};
use crate::exchange::{Elicitation, ElicitPeer, Outgoing};
use crate::{ElicitError, ProtocolRevision};

/// The server's URL-mode interactions: their store, how long they live, and which URLs
/// may be sent. Clone it freely (it is shared).
#[derive(Clone)]
pub struct Interactions {
    store: Arc<dyn InteractionStore>,
    ttl: Duration,
    allow_loopback_http: bool,
}

impl std::fmt::Debug for Interactions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interactions").field("ttl", &self.ttl).field("allow_loopback_http", &self.allow_loopback_http).finish_non_exhaustive()
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

    /// Interactions in this store.
    pub fn new(store: impl InteractionStore) -> Self {
        Self { store: Arc::new(store), ttl: Self::DEFAULT_TTL, allow_loopback_http: false }
    }

    /// How long an interaction stays valid (default 10 minutes): clients may never learn
    /// of completion, so the server decides how long one is worth waiting for.
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// Allow `http` URLs to loopback hosts (`127.0.0.1`, `[::1]`, `localhost`), for
    /// development. Off by default: URL mode needs `https`.
    pub fn allow_loopback_http(mut self, allow: bool) -> Self {
        self.allow_loopback_http = allow;
        self
    }

    /// The store.
    pub fn store(&self) -> &dyn InteractionStore {
        &*self.store
    }

    /// Starts (or finds again) the interaction of `principal` for `purpose`, and builds
    /// the URL-mode request: `url` gets the interaction's id to put into the page's
    /// address. The URL and the message are checked here; a failure is
    /// [`ElicitError::Url`] and nothing is sent.
    ///
    /// `principal` is the authenticated user of the MCP request (a token subject, a
    /// user id): only that user may complete the interaction on the page.
    pub async fn url_request(
        &self,
        principal: &str,
        purpose: &str,
        message: &str,
        url: impl FnOnce(&InteractionId) -> String,
    ) -> Result<UrlRequest<'_>, ElicitError> {
        let interaction = self.store.start(principal, purpose, self.ttl).await.map_err(ElicitError::Store)?;
        let url = checked_url(&url(&interaction.id), message, self.allow_loopback_http).map_err(ElicitError::Url)?;
        Ok(UrlRequest { interactions: self, interaction, url, message: message.to_owned() })
    }

    /// Completes an interaction from the page, as `principal`, the user the page
    /// identified. Refused (and nothing changed) when the id is unknown or expired, the
    /// interaction was completed already, or `principal` is not the user who started it.
    pub async fn complete(&self, id: &str, principal: &str) -> Result<Interaction, CompleteError> {
        let id = InteractionId::parse(id).ok_or(CompleteError::Unknown)?;
        self.store.complete(&id, principal).await
    }

    /// The pending interaction with this id, for a page deciding what to show: refused as
    /// [`complete`](Self::complete) would be, without completing it.
    pub async fn pending(&self, id: &str, principal: &str) -> Result<Interaction, CompleteError> {
        let id = InteractionId::parse(id).ok_or(CompleteError::Unknown)?;
        let interaction = self.store.get(&id).await.map_err(CompleteError::Store)?.ok_or(CompleteError::Unknown)?;
        if interaction.principal != principal {
            Err(CompleteError::WrongUser)
        } else if interaction.completed {
            Err(CompleteError::AlreadyCompleted)
        } else {
            Ok(interaction)
        }
    }
}

/// A URL-mode request, ready to send: built by [`Interactions::url_request`].
#[derive(Debug, Clone)]
pub struct UrlRequest<'a> {
    interactions: &'a Interactions,
    interaction: Interaction,
    url: String,
    message: String,
}

impl UrlRequest<'_> {
    /// The interaction's id.
    pub fn id(&self) -> &InteractionId {
        &self.interaction.id
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
        let mut params = Map::with_capacity(4);
        params.insert("mode".into(), "url".into());
        params.insert("message".into(), self.message.as_str().into());
        params.insert("url".into(), self.url.as_str().into());
        if revision.has_elicitation_ids() {
            params.insert("elicitationId".into(), self.interaction.id.as_str().into());
        }
        params
    }

    /// Checks that URL mode can be used with this client, and returns the revision.
    fn usable<P: ElicitPeer + ?Sized>(&self, peer: &P) -> Result<ProtocolRevision, ElicitError> {
        let version = peer.protocol_version();
        let revision = version
            .as_deref()
            .and_then(|v| v.parse::<ProtocolRevision>().ok())
            .ok_or_else(|| ElicitError::UnsupportedRevision(version.clone()))?;
        if !revision.has_url_mode() {
            return Err(ElicitError::UrlModeUnavailable(revision));
        }
        let support = peer.elicitation_support();
        if !support.url {
            return Err(ElicitError::UrlNotSupported(support));
        }
        Ok(revision)
    }

    /// Asks the user to open the page. `Accept` is consent to open it, not completion:
    /// follow it with [`completion`](Self::completion). Already completed (a retried
    /// call), it is `Accept` at once and nothing is sent.
    pub async fn ask<P: ElicitPeer + ?Sized>(&self, peer: &P) -> Result<Elicitation<()>, ElicitError> {
        let revision = self.usable(peer)?;
        if self.interaction.completed {
            return Ok(Elicitation::Accept(()));
        }
        let outgoing = Outgoing::new("elicitation/create", self.params(revision), peer.next_question());
        let result = peer.send_elicitation(outgoing).await?;
        Elicitation::<()>::from_url_result(&result)
    }

    /// Waits for the page to complete the interaction, at most `timeout` (and no longer
    /// than the interaction lives). On 2025-11-25 the client is then sent
    /// `notifications/elicitation/complete`. On 2026-07-28 there is no waiting inside a
    /// round: if the interaction is not complete yet, the round ends and the client's
    /// retry looks again (propagate the error with `?`).
    pub async fn completion<P: ElicitPeer + ?Sized>(&self, peer: &P, timeout: Duration) -> Result<(), ElicitError> {
        let revision = self.usable(peer)?;
        let store = self.interactions.store();
        if revision.has_input_rounds() {
            let completed = store.get(&self.interaction.id).await.map_err(ElicitError::Store)?.is_some_and(|i| i.completed);
            if completed {
                return Ok(());
            }
            peer.retry_later();
            return Err(ElicitError::InputRequired);
        }
        match tokio::time::timeout(timeout, store.wait_completed(&self.interaction.id)).await {
            Ok(Ok(true)) => {
                peer.notify_elicitation_complete(self.interaction.id.as_str()).await?;
                store.forget(&self.interaction.id).await.map_err(ElicitError::Store)?;
                Ok(())
            }
            Ok(Ok(false)) => Err(ElicitError::InteractionExpired),
            Ok(Err(err)) => Err(ElicitError::Store(err)),
            Err(_) => Err(ElicitError::Timeout(timeout)),
        }
    }

    /// For a request that cannot go on until the interaction is complete. Completed: `Ok`.
    /// Otherwise, on 2025-11-25 nothing is sent and the call ends with
    /// [`ElicitError::UrlRequired`] (error `-32042` with this request, so the client
    /// opens the page and retries the call); on 2026-07-28 the user is asked in a round
    /// and the client's retry finds the interaction complete or gets another round.
    /// `Decline` and `Cancel` (2026-07-28) are the user's answers to that question.
    pub async fn require<P: ElicitPeer + ?Sized>(&self, peer: &P) -> Result<Elicitation<()>, ElicitError> {
        let revision = self.usable(peer)?;
        let completed = self.interaction.completed
            || self.interactions.store().get(&self.interaction.id).await.map_err(ElicitError::Store)?.is_some_and(|i| i.completed);
        if revision.has_input_rounds() {
            return match self.ask(peer).await? {
                Elicitation::Accept(()) if completed => Ok(Elicitation::Accept(())),
                Elicitation::Accept(()) => self.completion(peer, Duration::ZERO).await.map(Elicitation::Accept),
                other => Ok(other),
            };
        }
        if completed {
            self.interactions.store().forget(&self.interaction.id).await.map_err(ElicitError::Store)?;
            return Ok(Elicitation::Accept(()));
        }
        Err(ElicitError::UrlRequired(vec![self.params(revision)]))
    }
}
