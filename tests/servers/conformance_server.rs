//! The tools of the official MCP conformance suite's elicitation scenarios, served over
//! Streamable HTTP at `http://127.0.0.1:PORT/mcp`, each form a derived struct (no
//! hand-written JSON schema anywhere).
//!
//! ```text
//! cargo run -p elicit-servers --bin conformance_server -- 8765
//! ```
//!
//! Then, with the conformance suite (`@modelcontextprotocol/conformance`, which needs Node 22):
//!
//! ```text
//! conformance server --url http://localhost:8765/mcp --scenario tools-call-elicitation
//! conformance server --url http://localhost:8765/mcp --scenario elicitation-sep1034-defaults
//! conformance server --url http://localhost:8765/mcp --scenario elicitation-sep1330-enums
//! ```
//!
//! | scenario | tool | form |
//! |---|---|---|
//! | `tools-call-elicitation` | `test_elicitation` `{message}` | [`UserInfo`]: `username`, `email` |
//! | `elicitation-sep1034-defaults` | `test_elicitation_sep1034_defaults` | [`Defaults`]: a default on every primitive type |
//! | `elicitation-sep1330-enums` | `test_elicitation_sep1330_enums` | [`Enums`]: the five enum shapes, the legacy one through `#[elicit(legacy_enum_names)]` |
//!
//! Each tool answers with the action and the content the tool decoded (re-serialized from
//! the typed value), or with a tool error carrying the [`ElicitError`]'s text.

// Sampling and roots are deprecated in rmcp 3.9 (SEP-2577), but 2026-07-28 and its conformance
// scenarios still have them as input requests.
#![allow(deprecated)]

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

use std::future::IntoFuture;

use axum::serve::ListenerExt;
use elicit_runtime::rmcp::{PromptCall, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::{Elicit, ElicitError, Elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, CreateMessageRequestParams, CreateMessageResult, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, Implementation, ListPromptsResult, PaginatedRequestParams, Prompt, PromptMessage, Role, SamplingMessage,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

mod cli;

// ---- tools-call-elicitation ------------------------------------------------------------

/// What `test_elicitation` asks for.
#[derive(Elicit, Debug)]
struct UserInfo {
    /// User's response
    username: String,
    /// User's email address
    email: String,
}

// ---- elicitation-sep1034-defaults ------------------------------------------------------

// An untitled single-select: a plain `enum` on the wire.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Status {
    Active,
    Inactive,
    Pending,
}

/// SEP-1034: a default on every primitive type (2025-11-25 and later).
#[derive(Elicit, Debug)]
struct Defaults {
    /// User name
    #[elicit(default = "John Doe")]
    name: String,
    /// User age
    #[elicit(default = 30, minimum = 0, maximum = 150)]
    age: u8,
    /// User score
    #[elicit(default = 95.5, minimum = 0, maximum = 100)]
    score: f64,
    /// User status
    #[elicit(default = "active")]
    status: Status,
    /// Verification status
    #[elicit(default = true)]
    verified: bool,
}

// ---- elicitation-sep1330-enums ---------------------------------------------------------

// Untitled options: `enum` for a single-select, `items.enum` for a multi-select.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Choice {
    Option1,
    Option2,
    Option3,
}

// Titled options of a single-select: `oneOf: [{const, title}]`.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum TitledOption {
    #[elicit(title = "First Option")]
    Value1,
    #[elicit(title = "Second Option")]
    Value2,
    #[elicit(title = "Third Option")]
    Value3,
}

// Titled options written the pre-2025-11-25 way on every revision: `enum` +
// `enumNames`.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase", legacy_enum_names)]
enum LegacyOption {
    #[elicit(title = "Option One")]
    Opt1,
    #[elicit(title = "Option Two")]
    Opt2,
    #[elicit(title = "Option Three")]
    Opt3,
}

// Titled options of a multi-select: `items.anyOf: [{const, title}]`.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum TitledChoice {
    #[elicit(title = "First Choice")]
    Value1,
    #[elicit(title = "Second Choice")]
    Value2,
    #[elicit(title = "Third Choice")]
    Value3,
}

/// SEP-1330: the five shapes of an enum field.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "camelCase")]
struct Enums {
    /// Untitled single-select
    untitled_single: Choice,
    /// Titled single-select
    titled_single: TitledOption,
    /// Legacy titled enum
    legacy_enum: LegacyOption,
    /// Untitled multi-select
    untitled_multi: BTreeSet<Choice>,
    /// Titled multi-select
    #[elicit(min_items = 1, max_items = 2)]
    titled_multi: BTreeSet<TitledChoice>,
}

// ---- 2026-07-28: the input-required scenarios ------------------------------------------

/// `user_name`, `step1`: a name.
#[derive(Elicit, Debug)]
struct Name {
    name: String,
}

/// `confirm`: a yes or no.
#[derive(Elicit, Debug)]
struct Confirm {
    ok: bool,
}

/// `step2`: a colour.
#[derive(Elicit, Debug)]
struct Color {
    color: String,
}

/// `user_context`: the prompt's context.
#[derive(Elicit, Debug)]
struct PromptContext {
    context: String,
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// The text of a sampling answer.
fn sampled(result: &CreateMessageResult) -> String {
    result.message.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect::<Vec<_>>().join(" ")
}

/// An answer of the scenarios: the accepted value, or what the user did instead.
fn accepted<T>(answer: Elicitation<T>, what: impl FnOnce(T) -> String) -> String {
    match answer {
        Elicitation::Accept(value) => what(value),
        Elicitation::Decline => "declined".to_owned(),
        Elicitation::Cancel => "cancelled".to_owned(),
    }
}

/// A question the client's capabilities rule out is left out of the round; anything else
/// (the round ending, a real error) is passed on.
fn unless_unsupported<T>(answer: Result<T, ElicitError>) -> Result<Option<T>, ElicitError> {
    match answer {
        Ok(value) => Ok(Some(value)),
        Err(err) if err.is_not_supported() => Ok(None),
        Err(err) => Err(err),
    }
}

// ---- the server ------------------------------------------------------------------------

#[derive(Deserialize, schemars::JsonSchema)]
struct MessageArgs {
    /// The message shown to the user above the form.
    message: String,
}

#[derive(Clone)]
struct Conformance {
    /// Seals the `requestState` of 2026-07-28 rounds (a random key per run).
    sealer: StateSealer,
}

/// Asks for `T` and turns the answer into the tool's result: `"{prefix}: action=...,
/// content=..."`, or a tool error with the reason nothing usable came back.
async fn ask<T: Elicit + Debug>(context: &RequestContext<RoleServer>, message: &str, prefix: &str) -> CallToolResult {
    let answer = T::elicit(context, message).await;
    eprintln!("[{prefix}] {answer:?}");
    match answer {
        Ok(answer) => {
            let (action, content) = match &answer {
                Elicitation::Accept(value) => ("accept", Value::Object(value.to_content())),
                Elicitation::Decline => ("decline", Value::Null),
                Elicitation::Cancel => ("cancel", Value::Null),
            };
            CallToolResult::success(vec![ContentBlock::text(format!("{prefix}: action={action}, content={content}"))])
        }
        Err(err) => tool_error(&err),
    }
}

fn tool_error(err: &ElicitError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(format!("elicitation failed: {err}"))])
}

#[tool_router]
impl Conformance {
    #[tool(description = "Asks the user for a username and an email address (conformance scenario tools-call-elicitation)")]
    async fn test_elicitation(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<MessageArgs>) -> CallToolResult {
        ask::<UserInfo>(&context, &args.message, "User response").await
    }

    #[tool(description = "Asks for a form with a default on every primitive type (conformance scenario elicitation-sep1034-defaults)")]
    async fn test_elicitation_sep1034_defaults(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        ask::<Defaults>(&context, "Please review and update the form fields with defaults", "Elicitation completed").await
    }

    #[tool(description = "Asks for a form with every shape of enum field (conformance scenario elicitation-sep1330-enums)")]
    async fn test_elicitation_sep1330_enums(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        ask::<Enums>(&context, "Please select options from the enum fields", "Elicitation completed").await
    }

    #[tool(description = "Asks for the user's name (input key user_name)")]
    async fn test_input_required_result_elicitation(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let answer = Name::elicit(&ask, "What is your name?").key("user_name").await?;
            Ok(text(accepted(answer, |n| format!("Hello, {}!", n.name))))
        })
        .await
    }

    #[tool(description = "Asks the client's model for the capital of France (input key capital_question)")]
    async fn test_input_required_result_sampling(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let question = CreateMessageRequestParams::new(vec![SamplingMessage::user_text("What is the capital of France?")], 100);
            let answer = ask.create_message(question).key("capital_question").await?;
            Ok(text(sampled(&answer)))
        })
        .await
    }

    #[tool(description = "Asks the client for its roots (input key client_roots)")]
    async fn test_input_required_result_list_roots(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let roots = ask.list_roots().key("client_roots").await?;
            let uris: Vec<&str> = roots.roots.iter().map(|r| r.uri.as_str()).collect();
            Ok(text(format!("roots: {}", uris.join(", "))))
        })
        .await
    }

    #[tool(description = "Asks for a confirmation; the answer is read back through the sealed requestState")]
    async fn test_input_required_result_request_state(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let answer = Confirm::elicit(&ask, "Please confirm").key("confirm").await?;
            // Reaching here on the retry means the requestState verified.
            Ok(text(accepted(answer, |c| format!("state-ok: confirmed={}", c.ok))))
        })
        .await
    }

    #[tool(description = "Asks a form, the model and the roots in one round")]
    async fn test_input_required_result_multiple_inputs(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let greeting = CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Generate a greeting")], 50);
            let (name, greeting, roots) = tokio::join!(
                Name::elicit(&ask, "What is your name?").key("user_name").into_future(),
                ask.create_message(greeting).key("greeting").into_future(),
                ask.list_roots().key("client_roots").into_future(),
            );
            let (name, greeting, roots) = (name?, greeting?, roots?);
            Ok(text(format!("{} / {} / {} roots", accepted(name, |n| n.name), sampled(&greeting), roots.roots.len())))
        })
        .await
    }

    #[tool(description = "Asks two forms in two rounds")]
    async fn test_input_required_result_multi_round(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let name = Name::elicit(&ask, "Step 1: What is your name?").key("step1").await?;
            let color = Color::elicit(&ask, "Step 2: What is your favorite color?").key("step2").await?;
            Ok(text(format!("{} likes {}", accepted(name, |n| n.name), accepted(color, |c| c.color))))
        })
        .await
    }

    #[tool(description = "Asks for a confirmation with an integrity-protected requestState")]
    async fn test_input_required_result_tampered_state(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let answer = Confirm::elicit(&ask, "Please confirm").key("confirm").await?;
            Ok(text(accepted(answer, |c| format!("state-ok: confirmed={}", c.ok))))
        })
        .await
    }

    #[tool(description = "Asks only what the client's per-request capabilities allow")]
    async fn test_input_required_result_capabilities(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let greeting = CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Generate a greeting")], 50);
            let (name, greeting) = tokio::join!(
                Name::elicit(&ask, "What is your name?").key("user_name").into_future(),
                ask.create_message(greeting).key("greeting").into_future(),
            );
            let (name, greeting) = (unless_unsupported(name)?, unless_unsupported(greeting)?);
            let name = name.map_or("(not asked)".to_owned(), |n| accepted(n, |n| n.name));
            let greeting = greeting.map_or("(not asked)".to_owned(), |g| sampled(&g));
            Ok(text(format!("{name} / {greeting}")))
        })
        .await
    }
}

/// The prompt of the `input-required-result-non-tool-request` scenario.
const PROMPT: &str = "test_input_required_result_prompt";

#[tool_handler]
impl ServerHandler for Conformance {
    async fn list_prompts(&self, _: Option<PaginatedRequestParams>, _: RequestContext<RoleServer>) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(vec![Prompt::new(PROMPT, Some("A prompt that asks for its context first"), None)]))
    }

    async fn get_prompt(&self, request: GetPromptRequestParams, context: RequestContext<RoleServer>) -> Result<GetPromptResponse, ErrorData> {
        if request.name != PROMPT {
            return Err(ErrorData::invalid_params(format!("no prompt named `{}`", request.name), None));
        }
        PromptCall::new(request, context)
            .run(&self.sealer, |ask| async move {
                let answer = PromptContext::elicit(&ask, "What context should the prompt use?").key("user_context").await?;
                let context = accepted(answer, |c| c.context);
                Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, format!("Use this context: {context}"))]))
            })
            .await
    }

    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_prompts().build())
            .with_server_info(Implementation::new("elicit-conformance", env!("CARGO_PKG_VERSION")))
            .with_instructions("The tools of the MCP conformance suite's elicitation scenarios, built with elicit's derived forms.")
    }
}

/// The server's routes: MCP at `/mcp`, over Streamable HTTP. `stop` closes the open SSE
/// streams.
pub fn router(sealer: StateSealer, stop: &CancellationToken) -> axum::Router {
    // Sessions (the default) let the server send `elicitation/create` on the SSE stream of
    // the tool call. Against DNS rebinding and pages of other sites, which the transport
    // says a server must refuse: the default allowed hosts (localhost, 127.0.0.1, ::1),
    // and no `Origin` at all. rmcp checks an `Origin` only against a list it is given,
    // and its default list is empty (every site is let in); no browser page is a client
    // of this server (it serves no CORS), so any request that carries an `Origin` is a
    // page of another site, and is refused with 403.
    let config = StreamableHttpServerConfig::default().with_cancellation_token(stop.child_token()).enforce_origin_validation();
    let service = StreamableHttpService::new(move || Ok(Conformance { sealer: sealer.clone() }), Arc::new(LocalSessionManager::default()), config);
    axum::Router::new().nest_service("/mcp", service)
}

// ---- the command line ------------------------------------------------------------------

/// How the server is set up: its command line (`--help` lists it), parsed in one place.
#[derive(Debug, PartialEq, Eq)]
struct Options {
    /// `PORT`: it serves `http://127.0.0.1:PORT/mcp`.
    port: u16,
}

impl Default for Options {
    fn default() -> Self {
        Self { port: 8765 }
    }
}

/// What `--help` prints, and the options the parser takes (none but `PORT`).
fn command() -> cli::Command {
    cli::Command {
        name: "conformance_server",
        usage: "[PORT]",
        about: "The tools of the MCP conformance suite's elicitation scenarios, over Streamable HTTP at http://127.0.0.1:PORT/mcp \
                (default PORT: 8765). The requestState key is random for each run.",
        options: Vec::new(),
        environment: Vec::new(),
    }
}

impl Options {
    /// The options in `args` (without the program's name).
    fn parse(command: &cli::Command, args: impl IntoIterator<Item = String>) -> Result<Self, cli::Stop> {
        let mut options = Self::default();
        let mut port = None;
        let mut args = command.args(args);
        while let Some(arg) = args.next()? {
            match arg {
                cli::Arg::Positional(arg) => cli::port(&mut port, &arg)?,
                cli::Arg::Named(name, _) => return Err(cli::Stop::Bad(format!("`{name}` is not handled (a bug of this server)"))),
            }
        }
        options.port = port.unwrap_or(options.port);
        Ok(options)
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let command = command();
    let Options { port } = Options::parse(&command, std::env::args().skip(1)).unwrap_or_else(|stop| command.exit(stop));
    // The token closes the open SSE streams on Ctrl-C.
    let stop = CancellationToken::new();
    // The scenarios' retries need no restart-proof key: a random one per run.
    let mut key = [0u8; 32];
    getrandom::fill(&mut key)?;
    let router = router(StateSealer::new(key.to_vec())?, &stop);
    // TCP_NODELAY: a streamed response is written in parts (head, event, last chunk), and
    // without it each waits on the client's delayed ACK (about 40 ms on Linux loopback).
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?.tap_io(|tcp| {
        if let Err(err) = tcp.set_nodelay(true) {
            eprintln!("set_nodelay: {err}");
        }
    });
    eprintln!("conformance server on http://127.0.0.1:{port}/mcp (Ctrl-C to stop)");
    let graceful = stop.clone();
    let serve = axum::serve(listener, router).with_graceful_shutdown(async move { graceful.cancelled().await });
    tokio::select! {
        served = serve => served?,
        () = async {
            let _ = tokio::signal::ctrl_c().await;
            stop.cancel();
            // A client that keeps its connection open does not hold the process.
            tokio::time::sleep(Duration::from_secs(3)).await;
        } => eprintln!("connections still open after 3 s; stopping anyway"),
    }
    Ok(())
}

/// The tools this server lists, for tests/tests/tool_schemas.rs (which includes this file
/// with `#[path]`).
#[cfg(test)]
#[allow(dead_code, reason = "used where tool_schemas.rs includes this file, not by this binary's own tests")]
pub(crate) fn tools() -> Vec<rmcp::model::Tool> {
    Conformance::tool_router().list_all()
}

#[cfg(test)]
mod tests {
    use elicit_runtime::ProtocolRevision;
    use serde_json::json;

    use super::*;

    #[test]
    fn the_port_is_the_one_argument() {
        let parse = |args: &[&str]| Options::parse(&command(), args.iter().map(|a| (*a).to_owned()));
        assert_eq!(parse(&[]), Ok(Options { port: 8765 }));
        assert_eq!(parse(&["0"]), Ok(Options { port: 0 }));
        assert_eq!(parse(&["1", "2"]), Err(cli::Stop::Bad("unexpected argument `2`: one PORT at most".into())));
        assert_eq!(parse(&["--port"]), Err(cli::Stop::Bad("unknown option `--port`; conformance_server takes no options".into())));
        assert_eq!(parse(&["--help"]), Err(cli::Stop::Help));
    }

    /// What the conformance suite checks on each property (0.1.16), without Node.
    #[test]
    fn the_schemas_have_the_shapes_the_suite_checks() -> Result<(), elicit_runtime::SchemaError> {
        let defaults = Defaults::requested_schema(ProtocolRevision::V2025_11_25)?.as_json()["properties"].clone();
        assert_eq!(defaults["name"]["default"], json!("John Doe"));
        assert_eq!((&defaults["age"]["type"], &defaults["age"]["default"]), (&json!("integer"), &json!(30)));
        assert_eq!((&defaults["score"]["type"], &defaults["score"]["default"]), (&json!("number"), &json!(95.5)));
        assert_eq!(defaults["status"]["enum"], json!(["active", "inactive", "pending"]));
        assert_eq!(defaults["status"]["default"], json!("active"));
        assert_eq!(defaults["verified"]["default"], json!(true));

        let enums = Enums::requested_schema(ProtocolRevision::V2025_11_25)?.as_json()["properties"].clone();
        assert_eq!(enums["untitledSingle"], json!({"type": "string", "description": "Untitled single-select", "enum": ["option1", "option2", "option3"]}));
        assert!(enums["titledSingle"]["oneOf"].is_array() && enums["titledSingle"].get("enum").is_none());
        assert_eq!(enums["titledSingle"]["oneOf"][0], json!({"const": "value1", "title": "First Option"}));
        assert_eq!(enums["legacyEnum"]["enum"], json!(["opt1", "opt2", "opt3"]));
        assert_eq!(enums["legacyEnum"]["enumNames"], json!(["Option One", "Option Two", "Option Three"]));
        assert!(enums["legacyEnum"].get("oneOf").is_none());
        assert_eq!(enums["untitledMulti"]["items"], json!({"type": "string", "enum": ["option1", "option2", "option3"]}));
        assert!(enums["titledMulti"]["items"]["anyOf"].is_array() && enums["titledMulti"]["items"].get("enum").is_none());
        Ok(())
    }

    /// The answers the suite sends decode.
    #[test]
    fn the_suite_answers_decode() -> Result<(), elicit_runtime::InvalidContent> {
        let content = |v: serde_json::Value| v.as_object().cloned().unwrap_or_default();
        UserInfo::from_content(&content(json!({"username": "testuser", "email": "test@example.com"})))?;
        Defaults::from_content(&content(json!({"name": "Jane Smith", "age": 25, "score": 88, "status": "inactive", "verified": false})))?;
        Enums::from_content(&content(json!({
            "untitledSingle": "option1", "titledSingle": "value1", "legacyEnum": "opt1",
            "untitledMulti": ["option1", "option2"], "titledMulti": ["value1", "value2"]
        })))?;
        Ok(())
    }
}
