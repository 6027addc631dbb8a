//! One body for every protocol revision: direct requests up to 2025-11-25, rounds of
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

// Sampling and roots are deprecated by SEP-2577 in rmcp 3.9, but 2026-07-28 (the
// revision this crate speaks) still has them as input requests, and its conformance
// scenarios use them.
#![allow(deprecated)]

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::RoleServer;
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolResponse, CallToolResult, ClientCapabilities, CreateMessageRequest, CreateMessageRequestParams, CreateMessageResult,
    ElicitRequest, ElicitRequestParams, GetPromptRequestParams, GetPromptResponse, GetPromptResult, InputRequest, InputRequests,
    InputRequiredResult, InputResponses, JsonObject, ListRootsRequest, ListRootsResult, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult,
};
use rmcp::service::RequestContext;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::support_of;
use crate::ElicitError;
use crate::ProtocolRevision;
use crate::exchange::{ElicitPeer, ElicitationSupport, MalformedResult, Outgoing};
use crate::rounds::{Asked, Binding, Round, StateSealer};

/// The method of a `sampling/createMessage` input request.
const SAMPLING: &str = "sampling/createMessage";
/// The method of a `roots/list` input request.
const ROOTS: &str = "roots/list";

/// A request that may be answered in rounds: what its state is bound to, and what the
/// client's retry carries.
#[derive(Debug, Clone)]
struct Replayable {
    context: RequestContext<RoleServer>,
    method: &'static str,
    name: String,
    arguments: Option<JsonObject>,
    input_responses: Option<InputResponses>,
    request_state: Option<String>,
    principal: Option<String>,
}

/// What running a body in rounds gave: the body's result, or the round's questions.
enum Outcome<R> {
    Complete(R),
    InputRequired(InputRequiredResult),
}

impl Replayable {
    fn revision(&self) -> Option<ProtocolRevision> {
        self.context.protocol_version().and_then(|v| v.as_str().parse().ok())
    }

    /// What the sealed state is bound to: principal, method, name (or URI) and the exact
    /// arguments.
    fn binding(&self) -> Binding {
        Binding::new(self.principal.as_deref(), self.method, &self.name, self.arguments.as_ref())
    }

    async fn run<R, F, Fut>(self, sealer: &StateSealer, body: F) -> Result<Outcome<R>, ErrorData>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<R, ErrorData>>,
    {
        if !self.revision().is_some_and(ProtocolRevision::has_input_rounds) {
            let ask = Ask { inner: AskInner::Direct(self.context.clone()) };
            return body(ask).await.map(Outcome::Complete);
        }
        let binding = self.binding();
        let responses = self.input_responses.clone().unwrap_or_default();
        let round = Arc::new(Round::resume(sealer, &binding, self.request_state.as_deref(), responses)?);
        let capabilities = Capabilities::of(self.context.client_capabilities().as_ref());
        let ask = Ask { inner: AskInner::Round { round: round.clone(), capabilities } };
        let outcome = body(ask).await;

        let (asked, state, retry) = round.finish();
        if asked.is_empty() && !retry {
            return outcome.map(Outcome::Complete);
        }
        let mut requests = InputRequests::new();
        for Asked { key, method, params, .. } in asked {
            requests.insert(key.clone(), input_request(&key, method, params)?);
        }
        let sealed = sealer.seal(&state, &binding)?;
        // Waiting for something out of band (a URL-mode interaction): the state alone,
        // and the client retries with it.
        let requests = (!requests.is_empty()).then_some(requests);
        Ok(Outcome::InputRequired(InputRequiredResult::new(requests, Some(sealed))))
    }
}

/// One question of a round as rmcp's typed input request.
fn input_request(key: &str, method: &str, params: Map<String, Value>) -> Result<InputRequest, ErrorData> {
    let cannot = |e: serde_json::Error| internal(&format!("the input request `{key}` cannot be carried: {e}"));
    Ok(match method {
        SAMPLING => InputRequest::CreateMessage(CreateMessageRequest::new(serde_json::from_value(Value::Object(params)).map_err(cannot)?)),
        ROOTS => InputRequest::ListRoots(ListRootsRequest { method: Default::default(), extensions: Default::default() }),
        _ => {
            let params: ElicitRequestParams = serde_json::from_value(Value::Object(params)).map_err(cannot)?;
            InputRequest::Elicitation(ElicitRequest::new(params))
        }
    })
}

fn internal(message: &str) -> ErrorData {
    ErrorData::internal_error(message.to_owned(), None)
}

/// Shared by [`ToolCall`], [`PromptCall`] and [`ResourceCall`].
macro_rules! replayable_accessors {
    () => {
        /// The request's context.
        pub fn context(&self) -> &RequestContext<RoleServer> {
            &self.0.context
        }

        /// The request's arguments.
        pub fn arguments(&self) -> Option<&JsonObject> {
            self.0.arguments.as_ref()
        }

        /// Binds the round state to this authenticated principal (a user id, a token
        /// subject): a state sealed for one principal is refused for any other. Without
        /// it, states are bound to the request's method, name and arguments only.
        pub fn principal(mut self, principal: impl Into<String>) -> Self {
            self.0.principal = Some(principal.into());
            self
        }

        /// The negotiated revision of this request, if it is one this crate speaks.
        pub fn revision(&self) -> Option<ProtocolRevision> {
            self.0.revision()
        }
    };
}

/// A tool call, as a tool receives it: extracted by rmcp from the call
/// (`async fn my_tool(&self, call: ToolCall)`), then [run](Self::run) with the body that
/// asks.
#[derive(Debug, Clone)]
pub struct ToolCall(Replayable);

impl<S> FromContextPart<ToolCallContext<'_, S>> for ToolCall {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        Ok(ToolCall(Replayable {
            context: context.request_context.clone(),
            method: "tools/call",
            name: context.name.to_string(),
            arguments: context.arguments.clone(),
            input_responses: context.input_responses.clone(),
            request_state: context.request_state.clone(),
            principal: None,
        }))
    }
}

impl ToolCall {
    replayable_accessors!();

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Runs the tool body. On 2025-06-18 and 2025-11-25 `ask` sends each question to
    /// the client directly and the body runs once. On 2026-07-28 the body runs once per
    /// round: answered questions return their answers, and the round's unanswered
    /// questions end it with an `InputRequiredResult` (with the sealed state).
    ///
    /// A `requestState` that does not verify is refused with one frozen JSON-RPC error
    /// before the body runs. On the retry, answers to questions that were not asked are
    /// ignored, and a question whose answer is missing is asked again.
    pub async fn run<F, Fut>(self, sealer: &StateSealer, body: F) -> Result<CallToolResponse, ErrorData>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<CallToolResult, ErrorData>>,
    {
        Ok(match self.0.run(sealer, body).await? {
            Outcome::Complete(result) => CallToolResponse::Complete(result),
            Outcome::InputRequired(result) => CallToolResponse::InputRequired(result),
        })
    }
}

/// A `prompts/get` request that may ask the user (or the model) before the prompt is
/// returned: built in the server's `get_prompt`, then [run](Self::run) like a tool body.
///
/// ```no_run
/// use elicit_runtime::rmcp::{PromptCall, StateSealer};
/// use elicit_runtime::{Elicit, Elicitation};
/// use rmcp::model::{GetPromptRequestParams, GetPromptResponse, GetPromptResult, PromptMessage, Role};
/// use rmcp::service::RequestContext;
/// use rmcp::{ErrorData, RoleServer};
///
/// #[derive(Elicit)]
/// struct Topic {
///     topic: String,
/// }
///
/// async fn get_prompt(sealer: &StateSealer, request: GetPromptRequestParams, context: RequestContext<RoleServer>)
///     -> Result<GetPromptResponse, ErrorData> {
///     PromptCall::new(request, context).run(sealer, |ask| async move {
///         let topic = Topic::elicit(&ask, "What should the prompt be about?").await?.accepted_or(Topic { topic: "anything".into() });
///         Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, format!("Tell me about {}", topic.topic))]))
///     })
///     .await
/// }
/// ```
#[derive(Debug, Clone)]
pub struct PromptCall(Replayable);

impl PromptCall {
    replayable_accessors!();

    /// The request, as the server's `get_prompt` receives it.
    pub fn new(request: GetPromptRequestParams, context: RequestContext<RoleServer>) -> Self {
        PromptCall(Replayable {
            context,
            method: "prompts/get",
            name: request.name,
            arguments: request.arguments,
            input_responses: request.input_responses,
            request_state: request.request_state,
            principal: None,
        })
    }

    /// The prompt's name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Runs the body that builds the prompt, as [`ToolCall::run`] does for a tool.
    pub async fn run<F, Fut>(self, sealer: &StateSealer, body: F) -> Result<GetPromptResponse, ErrorData>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<GetPromptResult, ErrorData>>,
    {
        Ok(match self.0.run(sealer, body).await? {
            Outcome::Complete(result) => GetPromptResponse::Complete(result),
            Outcome::InputRequired(result) => GetPromptResponse::InputRequired(result),
        })
    }
}

/// A `resources/read` request that may ask before the resource is returned: built in the
/// server's `read_resource`, then [run](Self::run) like a tool body. The state is bound to
/// the resource's URI.
#[derive(Debug, Clone)]
pub struct ResourceCall(Replayable);

impl ResourceCall {
    replayable_accessors!();

    /// The request, as the server's `read_resource` receives it.
    pub fn new(request: ReadResourceRequestParams, context: RequestContext<RoleServer>) -> Self {
        ResourceCall(Replayable {
            context,
            method: "resources/read",
            name: request.uri,
            arguments: None,
            input_responses: request.input_responses,
            request_state: request.request_state,
            principal: None,
        })
    }

    /// The resource's URI.
    pub fn uri(&self) -> &str {
        &self.0.name
    }

    /// Runs the body that reads the resource, as [`ToolCall::run`] does for a tool.
    pub async fn run<F, Fut>(self, sealer: &StateSealer, body: F) -> Result<ReadResourceResponse, ErrorData>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<ReadResourceResult, ErrorData>>,
    {
        Ok(match self.0.run(sealer, body).await? {
            Outcome::Complete(result) => ReadResourceResponse::Complete(result),
            Outcome::InputRequired(result) => ReadResourceResponse::InputRequired(result),
        })
    }
}

/// What the client declared it can do, for the request being answered.
#[derive(Debug, Clone, Copy, Default)]
struct Capabilities {
    elicitation: ElicitationSupport,
    sampling: bool,
    roots: bool,
}

impl Capabilities {
    fn of(capabilities: Option<&ClientCapabilities>) -> Self {
        Capabilities {
            elicitation: support_of(capabilities),
            sampling: capabilities.is_some_and(|c| c.sampling.is_some()),
            roots: capabilities.is_some_and(|c| c.roots.is_some()),
        }
    }
}

/// What a body asks with inside [`ToolCall::run`] (and [`PromptCall::run`],
/// [`ResourceCall::run`]): pass `&ask` to [`Elicit::elicit`](crate::Elicit::elicit), or
/// ask the client's model ([`create_message`](Self::create_message)) or its roots
/// ([`list_roots`](Self::list_roots)). It sends directly on older revisions and plays a
/// round on 2026-07-28, where one round may hold a form, a sampling request and a roots
/// request together (start them together with `tokio::join!`).
#[derive(Clone)]
pub struct Ask {
    inner: AskInner,
}

#[derive(Clone)]
enum AskInner {
    Direct(RequestContext<RoleServer>),
    Round { round: Arc<Round>, capabilities: Capabilities },
}

impl fmt::Debug for Ask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.inner {
            AskInner::Direct(_) => f.write_str("Ask::Direct"),
            AskInner::Round { capabilities, .. } => f.debug_struct("Ask::Round").field("capabilities", capabilities).finish_non_exhaustive(),
        }
    }
}

impl Ask {
    fn capabilities(&self) -> Capabilities {
        match &self.inner {
            AskInner::Direct(context) => Capabilities::of(context.client_capabilities().as_ref()),
            AskInner::Round { capabilities, .. } => *capabilities,
        }
    }

    /// Asks the client's model (`sampling/createMessage`). The client must have declared
    /// `sampling` ([`ElicitError::ClientLacks`] otherwise, nothing sent).
    pub fn create_message(&self, params: CreateMessageRequestParams) -> InputAsk<'_, CreateMessageResult> {
        InputAsk { ask: self, method: SAMPLING, params: serde_json::to_value(params).ok(), key: None, result: PhantomData }
    }

    /// Asks the client for its roots (`roots/list`). The client must have declared `roots`
    /// ([`ElicitError::ClientLacks`] otherwise, nothing sent).
    pub fn list_roots(&self) -> InputAsk<'_, ListRootsResult> {
        InputAsk { ask: self, method: ROOTS, params: Some(Value::Object(Map::new())), key: None, result: PhantomData }
    }

    async fn send<R: DeserializeOwned>(&self, method: &'static str, params: Option<Value>, key: Option<String>) -> Result<R, ElicitError> {
        let capabilities = self.capabilities();
        match method {
            SAMPLING if !capabilities.sampling => return Err(ElicitError::ClientLacks("sampling")),
            ROOTS if !capabilities.roots => return Err(ElicitError::ClientLacks("roots")),
            _ => {}
        }
        let Some(Value::Object(params)) = params else {
            return Err(ElicitError::transport(std::io::Error::other("the request's params are not a JSON object")));
        };
        let question = self.next_question();
        let outgoing = Outgoing::new(method, params, question).with_key(key);
        let result = self.send_elicitation(outgoing).await?;
        serde_json::from_value(result).map_err(|e| ElicitError::Malformed(MalformedResult::NotTheResult(e.to_string())))
    }
}

/// A sampling or roots request about to be asked; `.await` sends it (or plays it in the
/// round). [`key`](Self::key) names its input key on 2026-07-28.
#[must_use = "a request is sent when it is awaited"]
pub struct InputAsk<'a, R> {
    ask: &'a Ask,
    method: &'static str,
    params: Option<Value>,
    key: Option<String>,
    result: PhantomData<fn() -> R>,
}

impl<R> fmt::Debug for InputAsk<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InputAsk").field("method", &self.method).field("key", &self.key).finish_non_exhaustive()
    }
}

impl<R> InputAsk<'_, R> {
    /// The input key of this request in an `InputRequiredResult` (2026-07-28), instead of
    /// the numbered one. Keys must be unique within the body and the same on every replay.
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }
}

impl<'a, R: DeserializeOwned + Send + 'a> IntoFuture for InputAsk<'a, R> {
    type Output = Result<R, ElicitError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.ask.send(self.method, self.params, self.key))
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
        self.capabilities().elicitation
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
