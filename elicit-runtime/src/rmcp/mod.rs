//! [`ElicitPeer`] for [rmcp](https://docs.rs/rmcp), the official Rust MCP SDK (feature
//! `rmcp`).
//!
//! Inside an rmcp tool, either the request context or its peer carries the call:
//!
//! ```no_run
//! # use elicit_runtime::{Elicit, Elicitation};
//! # use rmcp::{RoleServer, service::RequestContext};
//! #[derive(Elicit)]
//! struct Contact {
//!     name: String,
//! }
//!
//! async fn tool(context: RequestContext<RoleServer>) -> Result<String, elicit_runtime::ElicitError> {
//!     Ok(match Contact::elicit(&context, "Where should we send the invoice?").await? {
//!         Elicitation::Accept(contact) => format!("sending to {}", contact.name),
//!         Elicitation::Decline | Elicitation::Cancel => "no invoice then".to_owned(),
//!     })
//! }
//! ```
//!
//! Prefer the context: it also knows per-request capabilities, and when the client
//! cancels the tool call the pending elicitation is cancelled too.
//!
//! The request is sent as raw JSON (rmcp's `CustomRequest`), so the client receives
//! exactly the cached schema of the negotiated revision: rmcp's typed schema model would
//! drop `pattern` and always add `mode`, which 2025-06-18 does not have. With
//! `serde_json`'s `preserve_order` (which this crate enables) properties keep field order.
//!
//! # Supported rmcp versions
//!
//! rmcp 3.11.0 and every later 3.x: the manifest asks for `rmcp = "3.11"`, the release a
//! new project gets today, which validates elicitation enum defaults and refuses
//! unadvertised capability methods. CI (`.ci/rmcp-versions`) builds and tests against the
//! oldest release the manifest allows and the newest compatible one, whatever the
//! repository's `Cargo.lock` pins, so the next minor release cannot break users silently.
//!
//! One thing rmcp decides for us: on 2026-07-28 a URL-mode question travels in rmcp's
//! typed `InputRequiredResult`, whose `ElicitRequestParams::UrlElicitationParams` always
//! writes `elicitationId`, empty on that revision (which has none). Up to 3.11 rmcp has
//! no way for a tool to return a raw `InputRequiredResult` (`CallToolResponse`,
//! `GetPromptResponse` and `ReadResourceResponse` hold only the typed one), so the
//! empty member stays; clients ignore it, and the official schema allows it.
//!
//! # What goes on the wire
//!
//! The JSON-RPC errors and methods this adapter writes, as the specification (or the
//! draft dialect) names them:
//!
//! | what | code or name |
//! |---|---|
//! | URL mode required (2025-11-25) | error `-32042` |
//! | a refused `requestState` (any reason) | error `-32602`, message `invalid requestState` |
//! | interaction required (dialect `UserInteraction`, feature `dialects`) | error `-32003` |
//! | elicitation required (dialect `ElicitationTrack`, feature `dialects`) | error `-32604` |
//! | a URL-mode interaction completed | notification `notifications/elicitation/complete` |
//! | the client's poll (dialect `ElicitationTrack`) | request `elicitation/track` (`Track::METHOD`) |
//! | the client's poll (dialect `UserInteraction`) | request `interaction/notify` (`Track::NOTIFY_METHOD`) |

mod ask;
mod calls;
mod reach;
mod error;
pub mod relay;

/// From rmcp's own typed elicitation (`Peer::elicit::<T>()`) to elicit: a tool before and
/// after, the mapping of every rmcp type and attribute, and what changes for the tool's
/// callers. Its examples compile and run as doctests (with the `testing` feature).
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod migrating_from_rmcp {
    #![doc = include_str!("../../docs/migrating-from-rmcp.md")]
}
#[cfg(feature = "dialects")]
mod track;

#[doc(hidden)]
pub use self::error::{INVALID_STATE, URL_ELICITATION_REQUIRED};
#[cfg(feature = "dialects")]
#[doc(hidden)]
pub use self::error::{ELICITATION_REQUIRED, INTERACTION_REQUIRED};

use std::future::Future;
use std::time::Duration;

use rmcp::model::{
    ClientCapabilities, ClientResult, CustomNotification, CustomRequest, ProgressNotificationParam, ProgressToken, ServerNotification,
    ServerRequest,
};
use rmcp::service::{PeerRequestOptions, RequestContext, ServiceError};
use rmcp::{Peer, RoleServer};
use serde_json::Value;

pub use self::ask::{Ask, InputAsk};
pub use self::calls::{PromptCall, ResourceCall, ToolCall};
pub use self::reach::{Reach, Route};
pub use self::relay::RelayArg;
#[cfg(feature = "dialects")]
#[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
pub use self::track::Track;
use crate::exchange::error::Repr;
use crate::exchange::{Answer, ClientInfo, ElicitError, ElicitPeer, ElicitationSupport, Outgoing};
use crate::revision::ProtocolRevision;
use crate::form::echo_up_to;
use crate::locale::Locale;

fn support_of(capabilities: Option<&ClientCapabilities>) -> ElicitationSupport {
    let elicitation = capabilities.and_then(|c| c.elicitation.as_ref()).and_then(|e| serde_json::to_value(e).ok());
    ElicitationSupport::from_capability(elicitation.as_ref())
}

/// How much of a client's JSON-RPC error message [`ErrorKind::Client`](crate::exchange::ErrorKind::Client) keeps.
const CLIENT_MESSAGE_CHARS: usize = 256;

fn peer_error(err: ServiceError, timeout: Option<Duration>) -> ElicitError {
    match err {
        ServiceError::Timeout { timeout: after } => ElicitError::timeout(timeout.unwrap_or(after)),
        // The client's own words, repeated in part: errors are logged and sent on.
        ServiceError::McpError(data) => ElicitError::client(i64::from(data.code.0), echo_up_to(&data.message, CLIENT_MESSAGE_CHARS)),
        ServiceError::Cancelled { reason } => ElicitError::cancelled(reason),
        other => ElicitError::transport(other),
    }
}

/// The client's result as JSON. rmcp parses it into its own union first: an
/// `ElicitResult` keeps `content` verbatim, and anything it cannot read as a known result
/// (an unknown action, say) arrives raw.
fn result_json(result: ClientResult) -> Result<Answer, ElicitError> {
    serde_json::to_value(&result).map(Answer::new).map_err(ElicitError::transport)
}

/// The request that asked for the input, when the elicitation is sent from inside one:
/// its cancellation, and the progress token it carried.
struct Origin<'a> {
    cancelled: &'a tokio_util::sync::CancellationToken,
    progress_token: Option<ProgressToken>,
    /// The language of the progress messages: the client's preference, if it said one.
    locale: Option<crate::locale::Locale>,
}

/// Sends the request and waits for its response.
///
/// The future is held, boxed, for as long as the person answers, once per pending form:
/// it keeps only what the wait needs. The request is built before the future starts;
/// sending it (rmcp's future, with the whole message in it) and the rare notifications
/// (progress, cancellation) each live in a box of their own while they run, instead of
/// widening the waiting future for its whole life.
fn send<'a>(
    peer: &'a Peer<RoleServer>,
    version: Option<String>,
    outgoing: Outgoing,
    origin: Option<Origin<'a>>,
) -> impl Future<Output = Result<Answer, ElicitError>> + Send + 'a {
    let revision = version.as_deref().and_then(|v| v.parse::<ProtocolRevision>().ok());
    let Outgoing { method, question, timeout, progress_every, .. } = outgoing;
    let sending = (!revision.is_some_and(ProtocolRevision::has_input_rounds)).then(|| {
        let request = ServerRequest::CustomRequest(CustomRequest::new(method, Some(Value::Object(question.into_params()))));
        // The timeout is kept here, not by rmcp: on expiry the client is told with
        // `notifications/cancelled` in the question's language (rmcp's own says "request
        // timeout" in English).
        Box::pin(peer.send_request_with_option(request, PeerRequestOptions::no_options()))
    });
    async move {
        let Some(sending) = sending else { return Err(Repr::NeedsInputRound.into()) };
        // Scoped, so that the handle's slot is not kept beside the response's future.
        let (mut waiting, response) = {
            let handle = sending.await.map_err(|e| peer_error(e, timeout))?;
            let locale = origin.as_ref().and_then(|o| o.locale).unwrap_or_default();
            (Waiting { peer, id: Some(handle.id.clone()), locale }, handle.await_response())
        };
        // Pinned where it is: awaiting it by value would give it a second slot in the future.
        tokio::pin!(response);
        let deadline = timeout.map(|t| tokio::time::Instant::now() + t);
        let expired = async move {
            match deadline {
                Some(deadline) => tokio::time::sleep_until(deadline).await,
                None => std::future::pending().await,
            }
        };
        tokio::pin!(expired);
        let Some(origin) = origin else {
            tokio::select! {
                response = &mut response => {
                    waiting.answered();
                    return response.map_err(|e| peer_error(e, timeout)).and_then(result_json);
                }
                () = &mut expired => return Err(timed_out(peer, &mut waiting, timeout).await),
            }
        };
        // While the person answers, the request that asked waits too, and clients give up on
        // a request after a timeout of their own (60 s by default in the TypeScript SDK and
        // the Inspector) unless progress arrives for it.
        let progress = origin.progress_token.zip(progress_every.filter(|d| !d.is_zero()));
        let mut ticks = progress.as_ref().map(|(_, every)| tokio::time::interval_at(tokio::time::Instant::now() + *every, *every));
        let mut sent = 0u32;
        loop {
            tokio::select! {
                response = &mut response => {
                    waiting.answered();
                    return response.map_err(|e| peer_error(e, timeout)).and_then(result_json);
                }
                () = &mut expired => return Err(timed_out(peer, &mut waiting, timeout).await),
                () = origin.cancelled.cancelled() => {
                    // The client cancelled the tool call: withdraw the form from its screen.
                    let reason = Some(waiting.locale.message(CANCELLED, &[]));
                    let id = waiting.answered();
                    let _ = Box::pin(peer.notify_cancelled(rmcp::model::CancelledNotificationParam::new(id, reason.clone()))).await;
                    return Err(ElicitError::cancelled(reason));
                }
                _ = async {
                    match ticks.as_mut() {
                        Some(ticks) => ticks.tick().await,
                        None => std::future::pending().await,
                    }
                } => {
                    sent += 1;
                    if let Some((token, _)) = &progress {
                        let mut note = ProgressNotificationParam::new(token.clone(), f64::from(sent));
                        note.message = Some(origin.locale.unwrap_or_default().message(WAITING, &[]));
                        // Progress is a courtesy: a failure to send it is not the form's failure.
                        let _ = Box::pin(peer.notify_progress(note)).await;
                    }
                }
            }
        }
    }
}

/// The question was not answered in time: the client is told to withdraw it, with the
/// reason in the question's language.
async fn timed_out(peer: &Peer<RoleServer>, waiting: &mut Waiting<'_>, timeout: Option<Duration>) -> ElicitError {
    let reason = Some(waiting.locale.message(TIMED_OUT, &[]));
    let id = waiting.answered();
    let _ = Box::pin(peer.notify_cancelled(rmcp::model::CancelledNotificationParam::new(id, reason))).await;
    ElicitError::timeout(timeout.unwrap_or_default())
}

/// A request sent to the client and not answered yet. Dropped while it waits (the body
/// stopped waiting: its own timeout, a `select!`, a `try_join!` that failed on another
/// question, an aborted task), it tells the client with `notifications/cancelled`, as
/// [`FormRequest::timeout`](crate::exchange::FormRequest::timeout) and a cancelled tool call do:
/// the form leaves the user's screen, and rmcp stops waiting for its response instead of
/// keeping it pending until the client answers (or forever).
struct Waiting<'a> {
    peer: &'a Peer<RoleServer>,
    /// The request's id, until it is answered or its cancellation is sent.
    id: Option<rmcp::model::RequestId>,
    /// The language of the question: the reason of a cancellation is said in it.
    locale: Locale,
}

impl Waiting<'_> {
    /// The request ended (answered, timed out and cancelled by rmcp, or cancelled here):
    /// nothing to do on drop. Its id, if it was still waiting.
    fn answered(&mut self) -> Option<rmcp::model::RequestId> {
        self.id.take()
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        let Some(id) = self.id.take() else { return };
        // Outside a runtime (the runtime itself is going away) there is no one to tell.
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let peer = self.peer.clone();
        let reason = Some(self.locale.message(ABANDONED, &[]));
        runtime.spawn(async move {
            let _ = peer.notify_cancelled(rmcp::model::CancelledNotificationParam::new(Some(id), reason)).await;
        });
    }
}

/// The catalog's message of the progress notifications sent while a person answers.
const WAITING: &str = "progress-waiting-form";

/// The catalog's reason of the `notifications/cancelled` sent when the tool call that
/// asked was cancelled.
const CANCELLED: &str = "cancelled-call";

/// The catalog's reason of the `notifications/cancelled` sent when the question is no
/// longer waited for (a dropped future).
const ABANDONED: &str = "cancelled-abandoned";

/// The catalog's reason of the `notifications/cancelled` sent when the question's time
/// ran out ([`FormRequest::timeout`](crate::exchange::FormRequest::timeout)).
const TIMED_OUT: &str = "cancelled-timeout";

impl ElicitPeer for Peer<RoleServer> {
    fn protocol_version(&self) -> Option<String> {
        self.peer_info().map(|info| info.protocol_version.to_string())
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        support_of(self.peer_info().as_ref().map(|info| &info.capabilities))
    }

    fn client_info(&self) -> Option<ClientInfo> {
        self.peer_info().map(|info| ClientInfo::new(info.client_info.name.clone(), info.client_info.version.clone()))
    }

    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Answer, ElicitError>> + Send {
        send(self, ElicitPeer::protocol_version(self), outgoing, None)
    }

    async fn notify_elicitation_complete(&self, elicitation_id: &str) -> Result<(), ElicitError> {
        notify_complete(self, elicitation_id).await
    }
}

impl ElicitPeer for RequestContext<RoleServer> {
    fn protocol_version(&self) -> Option<String> {
        RequestContext::protocol_version(self).map(|v| v.to_string())
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        support_of(self.client_capabilities().as_ref())
    }

    /// The `initialize` request's `clientInfo`, or (2026-07-28) the request's own.
    fn client_info(&self) -> Option<ClientInfo> {
        RequestContext::client_info(self).map(|info| ClientInfo::new(info.name, info.version))
    }

    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Answer, ElicitError>> + Send {
        let origin = Origin { cancelled: &self.ct, progress_token: self.meta.get_progress_token(), locale: ElicitPeer::locale(self) };
        send(&self.peer, ElicitPeer::protocol_version(self), outgoing, Some(origin))
    }

    async fn notify_elicitation_complete(&self, elicitation_id: &str) -> Result<(), ElicitError> {
        notify_complete(&self.peer, elicitation_id).await
    }

    /// What the client said the user prefers on this request (SEP-2792), if the catalog
    /// has one of its languages.
    fn locale(&self) -> Option<crate::locale::Locale> {
        crate::locale::of_meta(&self.meta).and_then(crate::locale::Locale::from_accept_language)
    }

    async fn report_waiting(&self, progress: u32, message: &str) {
        if let Some(token) = self.meta.get_progress_token() {
            let mut note = ProgressNotificationParam::new(token, f64::from(progress));
            note.message = Some(message.to_owned());
            // Progress is a courtesy: a failure to send it is not the wait's failure.
            let _ = self.peer.notify_progress(note).await;
        }
    }
}

/// `notifications/elicitation/complete`, with the specification's name: rmcp 3.9 has no
/// type for it (its constant `notifications/elicitation/response` is not the name the
/// specification gives), so it goes as a custom notification.
async fn notify_complete(peer: &Peer<RoleServer>, elicitation_id: &str) -> Result<(), ElicitError> {
    let params = serde_json::json!({ "elicitationId": elicitation_id });
    let notification = ServerNotification::CustomNotification(CustomNotification::new(ELICITATION_COMPLETE, Some(params)));
    peer.send_notification(notification).await.map_err(ElicitError::transport)
}

/// The method of the notification that a URL-mode interaction completed (2025-11-25).
const ELICITATION_COMPLETE: &str = "notifications/elicitation/complete";
