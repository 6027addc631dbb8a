//! `elicitation/track` of the draft chapter ([`Dialect::ElicitationTrack`]): the client
//! asks to follow a URL-mode elicitation; the server sends progress while the user is on
//! the page and answers `{"status": "complete"}` when the page is done.
//!
//! [`Dialect::ElicitationTrack`]: crate::dialect::Dialect::ElicitationTrack

use std::time::Duration;

use rmcp::ErrorData;
use rmcp::RoleServer;
use rmcp::model::{CustomRequest, CustomResult, ProgressNotificationParam, ProgressToken};
use rmcp::service::RequestContext;
use serde_json::{Value, json};

use crate::locale::Locale;
use crate::url::{CompleteError, InteractionId, Interactions};

/// Answers an `elicitation/track` request, from the server's `on_custom_request`.
///
/// ```no_run
/// use elicit_runtime::rmcp::Track;
/// use elicit_runtime::url::Interactions;
/// use rmcp::model::{CustomRequest, CustomResult};
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer};
///
/// async fn on_custom_request(interactions: &Interactions, request: CustomRequest, context: RequestContext<RoleServer>)
///     -> Result<CustomResult, ErrorData> {
///     match request.method.as_str() {
///         // The principal: the authenticated user of this session, as for `url_request`.
///         Track::METHOD => Track::new(interactions, "alice").message("Consent pending...").answer(request, context).await,
///         other => Err(ErrorData::new(rmcp::model::ErrorCode::METHOD_NOT_FOUND, format!("no method {other}"), None)),
///     }
/// }
/// ```
///
/// An id that is unknown, or that another principal started, gets one error (`-32602`
/// "unknown elicitationId": no oracle); an expired one `-32602` "the elicitation
/// expired". While the interaction is pending and the request carried a `progressToken`,
/// `notifications/progress` with the [`message`](Self::message) is sent every
/// [`every`](Self::every); when it completes (or had completed already) the answer is
/// `{"status": "complete"}`. The wait ends at the interaction's expiry, or when the
/// client cancels the request.
#[derive(Debug, Clone)]
pub struct Track<'a> {
    interactions: &'a Interactions,
    principal: &'a str,
    every: Duration,
    /// The author's progress message; the catalog's `progress-waiting-page`, in the
    /// client's language, when `None`.
    message: Option<String>,
}

impl<'a> Track<'a> {
    /// The method of the draft's tracking request, `elicitation/track`: the one to route here.
    pub const METHOD: &'static str = "elicitation/track";

    /// The method of the User Interaction proposal's tracking request,
    /// `interaction/notify`: the one to route to [`answer_notify`](Self::answer_notify).
    pub const NOTIFY_METHOD: &'static str = "interaction/notify";

    /// How often progress is sent unless [`every`](Self::every) says otherwise.
    pub const DEFAULT_EVERY: Duration = Duration::from_secs(5);

    /// Tracking for `principal`, the authenticated user of the request: only the
    /// interactions this user started can be tracked.
    pub fn new(interactions: &'a Interactions, principal: &'a str) -> Self {
        Self { interactions, principal, every: Self::DEFAULT_EVERY, message: None }
    }

    /// How often to send progress while the page is not done (default 5 s).
    pub fn every(mut self, every: Duration) -> Self {
        self.every = every.max(Duration::from_millis(10));
        self
    }

    /// The progress message (`"Consent pending..."`, say). Without one, progress says the
    /// catalog's `progress-waiting-page` in the language the client asked for
    /// (`_meta["io.modelcontextprotocol/acceptLanguage"]`), else the catalog's default.
    pub fn message(mut self, message: impl Into<String>) -> Self {
        self.message = Some(message.into());
        self
    }

    /// Answers the request: once the interaction is complete, or with an error.
    pub async fn answer(self, request: CustomRequest, context: RequestContext<RoleServer>) -> Result<CustomResult, ErrorData> {
        let params = request.params.unwrap_or(Value::Null);
        let Some(id) = params.get("elicitationId").and_then(Value::as_str) else {
            return Err(ErrorData::invalid_params("`elicitationId` (a string) is required", None));
        };
        if self.completed(id).await? {
            return Ok(complete());
        }
        let parsed = InteractionId::parse(id).ok_or_else(unknown)?;
        match self.follow(&parsed, token(&params, &context), &context).await? {
            true => Ok(complete()),
            // Gone without completing, or completed and consumed by the tool first.
            false if self.completed(id).await? => Ok(complete()),
            false => Err(expired()),
        }
    }

    /// Answers `interaction/notify` of the User Interaction proposal
    /// ([`Dialect::UserInteraction`](crate::dialect::Dialect::UserInteraction)) the way
    /// it asks: `{}` once the interaction is complete, progress meanwhile, and no answer
    /// at all for an id this client did not get from this server (the future then waits
    /// until the client cancels the request or the session ends).
    pub async fn answer_notify(self, request: CustomRequest, context: RequestContext<RoleServer>) -> Result<CustomResult, ErrorData> {
        let params = request.params.unwrap_or(Value::Null);
        let id = params.get("id").and_then(Value::as_str).and_then(InteractionId::parse);
        let trackable = match &id {
            Some(id) => match self.interactions.pending(id.as_str(), self.principal).await {
                Ok(_) => Some(false),
                Err(CompleteError::AlreadyCompleted) => Some(true),
                Err(_) => None,
            },
            None => None,
        };
        let done = match (id, trackable) {
            (_, Some(true)) => true,
            (Some(id), Some(false)) => self.follow(&id, token(&params, &context), &context).await? || self.completed(id.as_str()).await.unwrap_or(false),
            _ => false,
        };
        if done {
            return Ok(CustomResult::new(json!({})));
        }
        // Not ours to answer: the proposal says the server must not respond.
        context.ct.cancelled().await;
        Err(ErrorData::internal_error("the request was cancelled", None))
    }

    /// Waits for the interaction, sending progress for `token` meanwhile: `true` when it
    /// completed, `false` when it is gone first.
    async fn follow(&self, id: &InteractionId, token: Option<ProgressToken>, context: &RequestContext<RoleServer>) -> Result<bool, ErrorData> {
        let waiting = self.interactions.store().wait_completed(id);
        tokio::pin!(waiting);
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + self.every, self.every);
        let mut sent = 0u32;
        let message = match &self.message {
            Some(message) => message.clone(),
            None => {
                let locale = crate::locale::of_meta(&context.meta).and_then(Locale::from_accept_language).unwrap_or_default();
                locale.message("progress-waiting-page", &[])
            }
        };
        loop {
            tokio::select! {
                done = &mut waiting => {
                    return done.map_err(|e| ErrorData::internal_error(format!("the interaction store failed: {e}"), None));
                }
                () = context.ct.cancelled() => return Err(ErrorData::internal_error("the tracking request was cancelled", None)),
                _ = ticks.tick() => {
                    if let Some(token) = &token {
                        sent += 1;
                        let mut note = ProgressNotificationParam::new(token.clone(), f64::from(sent));
                        note.message = Some(message.clone());
                        let _ = context.peer.notify_progress(note).await;
                    }
                }
            }
        }
    }

    /// Whether the interaction is complete; an error when it cannot be tracked by this
    /// principal.
    async fn completed(&self, id: &str) -> Result<bool, ErrorData> {
        match self.interactions.pending(id, self.principal).await {
            Ok(_) => Ok(false),
            Err(CompleteError::AlreadyCompleted) => Ok(true),
            Err(CompleteError::Expired) => Err(expired()),
            Err(CompleteError::Store(e)) => Err(ErrorData::internal_error(format!("the interaction store failed: {e}"), None)),
            // Unknown, or started by another user: the same answer.
            Err(_) => Err(unknown()),
        }
    }
}

/// The progress token of a tracking request: rmcp's request metadata, or the params'
/// `_meta`.
fn token(params: &Value, context: &RequestContext<RoleServer>) -> Option<ProgressToken> {
    context
        .meta
        .get_progress_token()
        .or_else(|| params.pointer("/_meta/progressToken").and_then(|t| serde_json::from_value::<ProgressToken>(t.clone()).ok()))
}

fn complete() -> CustomResult {
    CustomResult::new(json!({ "status": "complete" }))
}

fn unknown() -> ErrorData {
    ErrorData::invalid_params("unknown elicitationId", None)
}

fn expired() -> ErrorData {
    ErrorData::invalid_params("the elicitation expired", None)
}
