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
//! use elicit_runtime::rmcp::ToolCall;
//! use elicit_runtime::rounds::StateSealer;
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
//! it is attacker-controlled, and it holds the user's answers. [`StateSealer`] encrypts
//! and authenticates it (XChaCha20-Poly1305 under a key derived with HKDF-SHA-256 from
//! the server's secret, a key ring for rotation), bound to the principal
//! ([`ToolCall::principal`]), the method, the tool's name and its exact arguments, with
//! a short expiry; each answer is pinned to the exact question it answers. A state that
//! fails any of these is refused with one frozen error (`-32602 "invalid requestState"`,
//! the reason in the server's logs) and never reaches the tool.

// Sampling and roots are deprecated by SEP-2577 in rmcp 3.9, but 2026-07-28 (the
// revision this crate speaks) still has them as input requests, and its conformance
// scenarios use them.
#![allow(deprecated)]

use std::future::Future;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rmcp::ErrorData;
use rmcp::RoleServer;
use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolResponse, CallToolResult, CreateMessageRequest,
    ElicitRequest, ElicitRequestParams, ElicitationSchema, GetPromptRequestParams, GetPromptResponse, GetPromptResult, InputRequest, InputRequests,
    InputRequiredResult, InputResponses, JsonObject, ListRootsRequest, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult,
};
use rmcp::service::RequestContext;
use serde_json::Value;

use super::ask::{Ask, AskInner, Capabilities, ROOTS, SAMPLING};
use super::reach::Reach;
use tracing::Instrument as _;

use crate::exchange::{ClientInfo, Operation, Question};
use crate::locale::{Locale, of_meta};
use crate::observe;
use crate::revision::ProtocolRevision;
use crate::form::RequestedSchema;
use super::relay::{Relay, model_result, take_relay};
use crate::rounds::{Asked, Binding, Played, Replay, Retry, StateSealer};

/// The method of an elicitation.
const ELICITATION: &str = "elicitation/create";

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
    /// Whether questions the client cannot ask go to its model (tools only).
    relay: bool,
    /// The model's call-back, taken out of the arguments.
    relayed: Option<Relay>,
    /// The server's language for this call, when the client names none it has.
    locale: Option<Locale>,
}

/// What running a body in rounds gave: the body's result, the round's questions for the
/// client, or the questions for the model.
enum Outcome<R> {
    Complete(R),
    InputRequired(InputRequiredResult),
    ForModel(CallToolResult),
}

impl Replayable {
    fn revision(&self) -> Option<ProtocolRevision> {
        self.context.protocol_version().and_then(|v| v.as_str().parse().ok())
    }

    fn reach(&self) -> Reach {
        Reach::of(self.revision(), Capabilities::shown(&self.context).elicitation, self.relay)
    }

    /// What the sealed state is bound to: principal, method, name (or URI) and the exact
    /// arguments.
    fn binding(&self) -> Binding {
        Binding::new(self.principal.as_deref(), self.method, &self.name, self.arguments.as_ref())
    }

    /// The language of this call's texts: the client's preference (SEP-2792), else the
    /// server's default for the call, else none (the catalog's default then).
    fn language(&self) -> Option<Locale> {
        of_meta(&self.context.meta).and_then(Locale::from_accept_language).or(self.locale)
    }

    /// The name of the tool or prompt, for spans: not a resource's URI, which may name
    /// what the user reads.
    fn name_for_spans(&self) -> Option<&str> {
        (self.method != "resources/read").then_some(self.name.as_str())
    }

    /// The operation the body asks for: its name (for spans) and its user.
    fn operation(&self) -> Operation {
        let operation = Operation::new();
        let operation = match self.name_for_spans() {
            Some(name) => operation.called(name),
            None => operation,
        };
        match &self.principal {
            Some(principal) => operation.for_user(principal.as_str()),
            None => operation,
        }
    }

    /// Runs the body and gives its outcome to `finish`. The future is held for as long as
    /// the body waits for its answers: a direct request keeps nothing of the call but its
    /// context (the body moves it into its `Ask`); a call that may be replayed runs boxed.
    fn run<R, O, F, Fut>(
        self,
        sealer: &StateSealer,
        body: F,
        finish: fn(Outcome<R>) -> Result<O, ErrorData>,
    ) -> impl Future<Output = Result<O, ErrorData>>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<R, ErrorData>>,
    {
        let rounds = self.revision().is_some_and(ProtocolRevision::has_input_rounds);
        let locale = self.language();
        let start = if !rounds && !self.relay { Ok((self.operation(), self.context)) } else { Err(Box::new(self)) };
        async move {
            let outcome = match start {
                Ok((operation, context)) => {
                    let client = context.client_info().map(|info| ClientInfo::new(info.name, info.version));
                    let inner = AskInner::Direct { context, operation: Arc::new(operation) };
                    body(Ask { inner, locale, client }).await.map(Outcome::Complete)
                }
                Err(replayable) => Box::pin(replayable.run_replayed(sealer, body, rounds)).await,
            };
            // The one error a person may read (a client shows it while the page is open).
            finish(outcome.map_err(|e| super::error::in_language(e, locale.unwrap_or_default()))?)
        }
    }

    /// [`run`](Self::run) for a call answered in rounds (2026-07-28) or relayed through the model.
    async fn run_replayed<R, F, Fut>(self: Box<Self>, sealer: &StateSealer, body: F, rounds: bool) -> Result<Outcome<R>, ErrorData>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<R, ErrorData>>,
    {
        let span = tracing::info_span!(
            target: "elicit_runtime::rounds",
            "elicit_round",
            tool = self.name_for_spans(),
            method = self.method,
            revision = self.revision().map(ProtocolRevision::as_str),
            via = if rounds { "rounds" } else { "relay" },
            answers = tracing::field::Empty,
            answered_now = tracing::field::Empty,
            asked = tracing::field::Empty,
            outcome = tracing::field::Empty,
        );
        let mut refused = false;
        let played = self.play_round(sealer, body, rounds, &span, &mut refused).instrument(span.clone()).await;
        let outcome = match &played {
            Ok(Outcome::Complete(_)) => "complete",
            Ok(Outcome::InputRequired(_)) => "input_required",
            Ok(Outcome::ForModel(_)) => "for_model",
            Err(_) if refused => "refused",
            Err(_) => "error",
        };
        span.record("outcome", outcome);
        let _entered = span.enter();
        tracing::debug!(target: "elicit_runtime::rounds", outcome, "round ended");
        observe::round(outcome);
        played
    }

    /// One replay of the body: the round resumed from the state, the body run, and what
    /// it asked sealed for the next one.
    async fn play_round<R, F, Fut>(
        mut self: Box<Self>,
        sealer: &StateSealer,
        body: F,
        rounds: bool,
        span: &tracing::Span,
        refused: &mut bool,
    ) -> Result<Outcome<R>, ErrorData>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<R, ErrorData>>,
    {
        let binding = self.binding();
        let responses = if rounds { self.input_responses.take().unwrap_or_default() } else { InputResponses::new() };
        let relayed = self.relayed.as_ref().map(Relay::results).unwrap_or_default();
        // On older revisions the state is the model's continuation; on 2026-07-28 the
        // client's `requestState`, or the continuation when the model calls back.
        let state = match (&self.relayed, rounds) {
            (Some(relay), _) => Some(relay.continuation.as_str()),
            (None, true) => self.request_state.as_deref(),
            (None, false) => None,
        };
        let retry = Retry { request_state: state, responses, relayed };
        let replay = Replay::resume_retry(sealer, binding, retry, self.operation(), rounds, self.relay).inspect_err(|_| *refused = true)?;
        let capabilities = Capabilities::shown(&self.context);
        let context = self.context.clone();
        let inner = match rounds {
            true => AskInner::Round { rounds: replay.rounds_layer(context).showing(capabilities.elicitation), capabilities },
            false => AskInner::Relay { relay: replay.relay_layer(context).showing(capabilities.elicitation) },
        };
        let (held, fresh) = replay.answer_counts();
        span.record("answers", held).record("answered_now", fresh);
        let locale = self.language();
        let client = self.context.client_info().map(|info| ClientInfo::new(info.name, info.version));
        let outcome = body(Ask { inner, locale, client }).await;
        match replay.finish(outcome).await? {
            Played::Failed(err) => Err(err.into()),
            Played::Complete(outcome) => {
                span.record("asked", 0);
                outcome.map(Outcome::Complete)
            }
            Played::ForModel { questions, state } => {
                span.record("asked", questions.len());
                observe::relay("asked", questions.iter().filter(|a| a.via_model).count() as u64);
                let locale = locale.unwrap_or_default();
                Ok(Outcome::ForModel(model_result(&self.name, self.arguments.as_ref(), &questions, &state, locale)))
            }
            Played::InputRequired { questions, state } => {
                span.record("asked", questions.len());
                let mut requests = InputRequests::new();
                for Asked { key, method, question, .. } in questions {
                    requests.insert(key.clone(), input_request(&key, method, question)?);
                }
                // Waiting for something out of band (a URL-mode interaction): the state
                // alone, and the client retries with it.
                let requests = (!requests.is_empty()).then_some(requests);
                Ok(Outcome::InputRequired(InputRequiredResult::new(requests, Some(state))))
            }
        }
    }
}

/// One question of a round as rmcp's typed input request.
fn input_request(key: &str, method: &str, question: Question) -> Result<InputRequest, ErrorData> {
    let cannot = |e: serde_json::Error| internal(&format!("the input request `{key}` cannot be carried: {e}"));
    let params = match question {
        Question::Form { schema: form, message } if method == ELICITATION => {
            // rmcp's typed schema, parsed once per form: reading the params back through
            // serde costs more than the rest of the round (rmcp's schema types are untagged
            // enums, which serde buffers and tries one by one).
            if let Some(schema) = typed_schema(form) {
                let params = ElicitRequestParams::FormElicitationParams { meta: None, message, requested_schema: (*schema).clone() };
                return Ok(InputRequest::Elicitation(ElicitRequest::new(params)));
            }
            Question::Form { schema: form, message }.into_params()
        }
        question => question.into_params(),
    };
    Ok(match method {
        SAMPLING => InputRequest::CreateMessage(CreateMessageRequest::new(serde_json::from_value(Value::Object(params)).map_err(cannot)?)),
        ROOTS => InputRequest::ListRoots(ListRootsRequest { method: Default::default(), extensions: Default::default() }),
        _ => InputRequest::Elicitation(ElicitRequest::new(serde_json::from_value(Value::Object(params)).map_err(cannot)?)),
    })
}

/// rmcp's typed copy of a cached form's `requestedSchema`, parsed once per form,
/// revision and options (each has its own `&'static` schema). `None` when rmcp's types
/// cannot hold it, and the params are read the slow way, with its error.
fn typed_schema(form: &'static RequestedSchema) -> Option<Arc<ElicitationSchema>> {
    static TYPED: OnceLock<Mutex<HashMap<usize, Arc<ElicitationSchema>>>> = OnceLock::new();
    let typed = TYPED.get_or_init(Default::default);
    let id = std::ptr::from_ref(form) as usize;
    if let Some(schema) = typed.lock().unwrap_or_else(|e| e.into_inner()).get(&id) {
        return Some(schema.clone());
    }
    let schema = Arc::new(serde_json::from_value::<ElicitationSchema>(form.as_json().clone()).ok()?);
    typed.lock().unwrap_or_else(|e| e.into_inner()).insert(id, schema.clone());
    Some(schema)
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

        /// Binds the call to this authenticated principal (a user id, a token subject),
        /// the one place it is given: a round state sealed for one principal is refused
        /// for any other, and a page form asked in the body
        /// (`PageForm::elicit_via_page`, feature `page`) is
        /// answered on the page by this user alone. Without it, states are bound to the
        /// request's method, name and arguments only.
        pub fn principal(mut self, principal: impl Into<String>) -> Self {
            self.0.principal = Some(principal.into());
            self
        }

        /// The server's language for this call's texts (the problems of a re-ask, checkbox
        /// titles on 2025-06-18, the form's translated titles, the relay's instructions to the
        /// model), used when the client's request names no language the catalog has
        /// (SEP-2792's `_meta["io.modelcontextprotocol/acceptLanguage"]`, see
        /// [`locale`](crate::locale)). A question's own
        /// [`locale`](crate::exchange::FormRequest::locale) comes first.
        pub fn locale(mut self, locale: Locale) -> Self {
            self.0.locale = Some(locale);
            self
        }

        /// The negotiated revision of this request, if it is one this crate speaks.
        pub fn revision(&self) -> Option<ProtocolRevision> {
            self.0.revision()
        }

        /// What the client of this call can show, before anything is asked: whether a
        /// form and a URL-mode request reach the user through the client, only through
        /// its model (the relay, when it is on: set it first), or not at all, and whether
        /// a `user_only` form can be answered. A tool can decline early, or take another
        /// flow, before the user has answered a first question. The body's
        /// [`Ask::reach`] says the same.
        pub fn reach(&self) -> Reach {
            self.0.reach()
        }
    };
}

/// A tool call, as a tool receives it: extracted by rmcp from the call
/// (`async fn my_tool(&self, call: ToolCall)`), then [run](Self::run) with the body that
/// asks.
///
/// Like rmcp's own `InputResponses` and `RequestState` extractors, it takes the call's
/// 2026-07-28 answers and state out of the context (they are the round's, and it plays
/// the round): an extractor after it sees none. The arguments stay for `Parameters`.
#[derive(Debug, Clone)]
pub struct ToolCall(Replayable);

impl<S> FromContextPart<ToolCallContext<'_, S>> for ToolCall {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
        let mut arguments = context.arguments.clone();
        // A mistake in the call-back is said in the user's language when the client says it.
        let locale = of_meta(&context.request_context.meta).and_then(Locale::from_accept_language).unwrap_or_default();
        let relayed = take_relay(&mut arguments, locale)?;
        Ok(ToolCall(Replayable {
            context: context.request_context.clone(),
            method: "tools/call",
            name: context.name.to_string(),
            arguments,
            input_responses: context.input_responses.take(),
            request_state: context.request_state.take(),
            principal: None,
            relay: false,
            relayed,
            locale: None,
        }))
    }
}

impl ToolCall {
    replayable_accessors!();

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// When the client cannot show a question (it declared no `elicitation`; a URL-mode
    /// question to a form-only client; on 2026-07-28, a request whose capabilities lack
    /// the mode), hand it to the client's model instead of failing: the call ends with a
    /// result that tells the model what to ask the user and how to call the tool back
    /// with the answers (the argument [`RelayArg::NAME`](super::RelayArg::NAME), sealed
    /// like a 2026-07-28 state). Off by default: without it, such a question is the
    /// typed error it always was.
    ///
    /// Answers relayed by the model are [`Provenance::Model`](crate::exchange::Provenance);
    /// a question asked with [`user_only`](crate::exchange::FormRequest::user_only) is
    /// never relayed, and fails closed. Add a [`RelayArg`](super::RelayArg) field to the tool's arguments
    /// so that `tools/list` shows the argument, and take `ToolCall` before `Parameters`
    /// (rmcp's `Parameters` takes the arguments away from the extractors after it). See
    /// the [module docs](super::relay).
    pub fn relay_through_model(mut self, relay: bool) -> Self {
        self.0.relay = relay;
        self
    }

    /// Runs the tool body. On 2025-06-18 and 2025-11-25 `ask` sends each question to
    /// the client directly and the body runs once. On 2026-07-28 the body runs once per
    /// round: answered questions return their answers, and the round's unanswered
    /// questions end it with an `InputRequiredResult` (with the sealed state).
    ///
    /// A `requestState` that does not verify is refused with one frozen JSON-RPC error
    /// before the body runs. On the retry, answers to questions that were not asked are
    /// ignored, and a question whose answer is missing is asked again.
    pub fn run<F, Fut>(self, sealer: &StateSealer, body: F) -> impl Future<Output = Result<CallToolResponse, ErrorData>>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<CallToolResult, ErrorData>>,
    {
        self.0.run(sealer, body, |outcome| {
            Ok(match outcome {
                Outcome::Complete(result) => CallToolResponse::Complete(result),
                Outcome::InputRequired(result) => CallToolResponse::InputRequired(result),
                Outcome::ForModel(result) => CallToolResponse::Complete(result),
            })
        })
    }
}

/// A `prompts/get` request that may ask the user (or the model) before the prompt is
/// returned: built in the server's `get_prompt`, then [run](Self::run) like a tool body.
///
/// ```no_run
/// use elicit_runtime::rmcp::PromptCall;
/// use elicit_runtime::rounds::StateSealer;
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
            relay: false,
            relayed: None,
            locale: None,
        })
    }

    /// The prompt's name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Runs the body that builds the prompt, as [`ToolCall::run`] does for a tool.
    pub fn run<F, Fut>(self, sealer: &StateSealer, body: F) -> impl Future<Output = Result<GetPromptResponse, ErrorData>>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<GetPromptResult, ErrorData>>,
    {
        self.0.run(sealer, body, |outcome| {
            Ok(match outcome {
                Outcome::Complete(result) => GetPromptResponse::Complete(result),
                Outcome::InputRequired(result) => GetPromptResponse::InputRequired(result),
                Outcome::ForModel(_) => return Err(internal("a prompt cannot hand its questions to the model")),
            })
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
            relay: false,
            relayed: None,
            locale: None,
        })
    }

    /// The resource's URI.
    pub fn uri(&self) -> &str {
        &self.0.name
    }

    /// Runs the body that reads the resource, as [`ToolCall::run`] does for a tool.
    pub fn run<F, Fut>(self, sealer: &StateSealer, body: F) -> impl Future<Output = Result<ReadResourceResponse, ErrorData>>
    where
        F: FnOnce(Ask) -> Fut,
        Fut: Future<Output = Result<ReadResourceResult, ErrorData>>,
    {
        self.0.run(sealer, body, |outcome| {
            Ok(match outcome {
                Outcome::Complete(result) => ReadResourceResponse::Complete(result),
                Outcome::InputRequired(result) => ReadResourceResponse::InputRequired(result),
                Outcome::ForModel(_) => return Err(internal("a resource cannot hand its questions to the model")),
            })
        })
    }
}
