//! One tool body for every protocol revision: direct requests up to 2025-11-25, rounds of
//! `InputRequiredResult` on 2026-07-28.
//!
//! On 2026-07-28 a server may not send `elicitation/create` to the client. A tool
//! answers the `tools/call` with an `InputRequiredResult` listing its questions; the
//! client asks the user and calls the tool again with `inputResponses` and the echoed
//! `requestState`. [`ToolCall::run`] makes this invisible to the tool body: the body asks
//! with `T::elicit(&ask, ...)` as on older revisions, and is run again on every retry.
//! Questions already answered (in this retry, or in earlier rounds, carried in the
//! sealed `requestState`) return their answers at once; the first question without one
//! ends the round, and `run` returns the `InputRequiredResult`.
//!
//! ```no_run
//! use elicit_runtime::rmcp::{StateSealer, ToolCall};
//! use elicit_runtime::{Elicit, Elicitation};
//! use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
//! use rmcp::{ErrorData, tool, tool_router};
//!
//! #[derive(Elicit, Debug)]
//! struct Booking {
//!     #[elicit(minimum = 1, maximum = 12)]
//!     guests: u8,
//! }
//!
//! #[derive(Clone)]
//! struct Restaurant {
//!     sealer: StateSealer,
//! }
//!
//! #[tool_router]
//! impl Restaurant {
//!     #[tool(description = "Book a table")]
//!     async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
//!         call.run(&self.sealer, |ask| async move {
//!             let text = match Booking::elicit(&ask, "How many guests?").await? {
//!                 Elicitation::Accept(booking) => format!("booked for {}", booking.guests),
//!                 Elicitation::Decline | Elicitation::Cancel => "no booking".to_owned(),
//!             };
//!             Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
//!         })
//!         .await
//!     }
//! }
//! ```
//!
//! # The body runs again on each retry
//!
//! Keep the body deterministic up to its questions, and do side effects (writing the
//! booking) after the last one: a round ends at the first unanswered question, and the
//! next round replays everything before it. To ask several forms in one round, start
//! them together (`tokio::join!`) and propagate the results afterwards.
//!
//! # `requestState` is sealed
//!
//! The state that carries earlier answers between rounds comes back from the client, so
//! it is attacker-controlled. [`StateSealer`] protects it with HMAC-SHA256 (rmcp's
//! `RequestStateCodec`), bound to the principal ([`ToolCall::principal`]), the tool's name
//! and its exact arguments, with a short expiry. A state that fails any of these is
//! rejected with [`StateError`](crate::rounds::StateError) and never reaches the tool. It is signed, not encrypted:
//! the client can read it, so it must never hold secrets (form mode never asks for
//! them).

use std::fmt;
use std::future::Future;
use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::RoleServer;
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolResponse, CallToolResult, ElicitRequest, ElicitRequestParams, InputRequest, InputRequests, InputRequiredResult, InputResponses,
    JsonObject,
};
use rmcp::service::RequestContext;
use serde_json::Value;

use super::support_of;
use crate::ProtocolRevision;
use crate::ElicitError;
use crate::exchange::{ElicitPeer, ElicitationSupport, Outgoing};
use crate::rounds::{Binding, Round, StateSealer};

/// A tool call, as a tool receives it: extracted by rmcp from the call
/// (`async fn my_tool(&self, call: ToolCall)`), then [run](Self::run) with the body that
/// asks.
#[derive(Debug, Clone)]
pub struct ToolCall {
    context: RequestContext<RoleServer>,
    name: String,
    arguments: Option<JsonObject>,
    input_responses: Option<InputResponses>,
    request_state: Option<String>,
    principal: Option<String>,
}

impl<S> FromContextPart<ToolCallContext<'_, S>> for ToolCall {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        Ok(ToolCall {
            context: context.request_context.clone(),
            name: context.name.to_string(),
            arguments: context.arguments.clone(),
            input_responses: context.input_responses.clone(),
            request_state: context.request_state.clone(),
            principal: None,
        })
    }
}

impl ToolCall {
    /// The call's request context.
    pub fn context(&self) -> &RequestContext<RoleServer> {
        &self.context
    }

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The call's arguments.
    pub fn arguments(&self) -> Option<&JsonObject> {
        self.arguments.as_ref()
    }

    /// Binds the round state to this authenticated principal (a user id, a token
    /// subject): a state sealed for one principal is refused for any other. Without it,
    /// states are bound to the tool and its arguments only.
    pub fn principal(mut self, principal: impl Into<String>) -> Self {
        self.principal = Some(principal.into());
        self
    }

    /// The negotiated revision of this call, if it is one this crate speaks.
    pub fn revision(&self) -> Option<ProtocolRevision> {
        self.context.protocol_version().and_then(|v| v.as_str().parse().ok())
    }

    /// What the sealed state is bound to: principal, method, tool and the exact
    /// arguments.
    fn binding(&self) -> Binding {
        Binding::new(self.principal.as_deref(), "tools/call", &self.name, self.arguments.as_ref())
    }

    /// Runs the tool body. On 2025-06-18 and 2025-11-25 `ask` sends each form to the
    /// client directly and the body runs once. On 2026-07-28 the body runs once per
    /// round: answered questions return their answers, and the round's unanswered
    /// questions end it with an `InputRequiredResult` (with the sealed state).
    ///
    /// A `requestState` that does not verify is refused with [`StateError`](crate::rounds::StateError) (JSON-RPC
    /// `invalid params`) before the body runs. On the retry, answers to questions that
    /// were not asked are ignored, and a question whose answer is missing is asked again.
    pub async fn run<F, Fut>(self, sealer: &StateSealer, body: F) -> Result<CallToolResponse, ErrorData>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<CallToolResult, ErrorData>>,
    {
        if !self.revision().is_some_and(ProtocolRevision::has_input_rounds) {
            let ask = Ask { inner: AskInner::Direct(self.context.clone()) };
            return body(ask).await.map(CallToolResponse::Complete);
        }
        let binding = self.binding();
        let responses = self.input_responses.clone().unwrap_or_default();
        let round = Arc::new(Round::resume(sealer, &binding, self.request_state.as_deref(), responses)?);
        let support = support_of(self.context.client_capabilities().as_ref());
        let ask = Ask { inner: AskInner::Round { round: round.clone(), support } };
        let outcome = body(ask).await;

        let (asked, state, retry) = round.finish();
        if asked.is_empty() && !retry {
            return outcome.map(CallToolResponse::Complete);
        }
        let mut requests = InputRequests::new();
        for (key, params) in asked {
            let params: ElicitRequestParams = serde_json::from_value(Value::Object(params))
                .map_err(|e| internal(&format!("the form of `{key}` cannot be carried: {e}")))?;
            requests.insert(key.clone(), InputRequest::Elicitation(ElicitRequest::new(params)));
        }
        let sealed = sealer.seal(&state, &binding)?;
        // Waiting for something out of band (a URL-mode interaction): the state alone,
        // and the client retries with it.
        let requests = (!requests.is_empty()).then_some(requests);
        Ok(CallToolResponse::InputRequired(InputRequiredResult::new(requests, Some(sealed))))
    }
}

fn internal(message: &str) -> ErrorData {
    ErrorData::internal_error(message.to_owned(), None)
}

/// What a tool body asks with inside [`ToolCall::run`]: pass `&ask` to
/// [`Elicit::elicit`](crate::Elicit::elicit). It sends directly on older revisions and
/// plays a round on 2026-07-28.
#[derive(Clone)]
pub struct Ask {
    inner: AskInner,
}

#[derive(Clone)]
enum AskInner {
    Direct(RequestContext<RoleServer>),
    Round { round: Arc<Round>, support: ElicitationSupport },
}

impl fmt::Debug for Ask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.inner {
            AskInner::Direct(_) => f.write_str("Ask::Direct"),
            AskInner::Round { support, .. } => f.debug_struct("Ask::Round").field("support", support).finish_non_exhaustive(),
        }
    }
}

impl ElicitPeer for Ask {
    fn protocol_version(&self) -> Option<String> {
        match &self.inner {
            AskInner::Direct(context) => ElicitPeer::protocol_version(context),
            AskInner::Round { .. } => Some(ProtocolRevision::V2026_07_28.as_str().to_owned()),
        }
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        match &self.inner {
            AskInner::Direct(context) => context.elicitation_support(),
            AskInner::Round { support, .. } => *support,
        }
    }

    fn next_question(&self) -> u32 {
        match &self.inner {
            AskInner::Direct(_) => 0,
            AskInner::Round { round, .. } => round.next_question(),
        }
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Value, ElicitError> {
        match &self.inner {
            AskInner::Direct(context) => context.send_elicitation(outgoing).await,
            AskInner::Round { round, .. } => round.answer_or_ask(outgoing),
        }
    }

    async fn notify_elicitation_complete(&self, elicitation_id: &str) -> Result<(), ElicitError> {
        match &self.inner {
            AskInner::Direct(context) => context.notify_elicitation_complete(elicitation_id).await,
            // 2026-07-28 has no completion notification: the retry learns of it.
            AskInner::Round { .. } => Ok(()),
        }
    }

    fn retry_later(&self) {
        if let AskInner::Round { round, .. } = &self.inner {
            round.retry_later();
        }
    }
}
