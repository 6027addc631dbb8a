//! The tools of the official MCP conformance suite's elicitation scenarios, served over
//! Streamable HTTP at `http://127.0.0.1:PORT/mcp`, each form a derived struct (no
//! hand-written JSON schema anywhere).
//!
//! ```text
//! cargo run -p elicit-examples --bin conformance_server -- 8765
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

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

use elicit_runtime::{Elicit, ElicitError, Elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use serde_json::Value;
use tokio_util::sync::CancellationToken;

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

/// An untitled single-select: a plain `enum` on the wire.
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

/// Untitled options: `enum` for a single-select, `items.enum` for a multi-select.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Choice {
    Option1,
    Option2,
    Option3,
}

/// Titled options of a single-select: `oneOf: [{const, title}]`.
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

/// Titled options written the pre-2025-11-25 way on every revision: `enum` +
/// `enumNames`.
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

/// Titled options of a multi-select: `items.anyOf: [{const, title}]`.
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

// ---- the server ------------------------------------------------------------------------

#[derive(Deserialize, schemars::JsonSchema)]
struct MessageArgs {
    /// The message shown to the user above the form.
    message: String,
}

#[derive(Clone)]
struct Conformance;

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
}

#[tool_handler]
impl ServerHandler for Conformance {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("elicit-conformance", env!("CARGO_PKG_VERSION")))
            .with_instructions("The tools of the MCP conformance suite's elicitation scenarios, built with elicit's derived forms.")
    }
}

const USAGE: &str = "usage: conformance_server [PORT]   (default 8765; serves http://127.0.0.1:PORT/mcp)";

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = match std::env::args().nth(1) {
        None => 8765,
        Some(arg) if arg == "-h" || arg == "--help" => {
            eprintln!("{USAGE}");
            return Ok(());
        }
        Some(arg) => match arg.parse() {
            Ok(port) => port,
            Err(_) => {
                eprintln!("not a port number: `{arg}`\n{USAGE}");
                std::process::exit(2);
            }
        },
    };
    // Sessions (the default) let the server send `elicitation/create` on the SSE stream of
    // the tool call; the default allowed hosts (localhost, 127.0.0.1, ::1) guard against
    // DNS rebinding. The token closes the open SSE streams on Ctrl-C.
    let stop = CancellationToken::new();
    let config = StreamableHttpServerConfig::default().with_cancellation_token(stop.child_token());
    let service = StreamableHttpService::new(|| Ok(Conformance), Arc::new(LocalSessionManager::default()), config);
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
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

#[cfg(test)]
mod tests {
    use elicit_runtime::ProtocolRevision;
    use serde_json::json;

    use super::*;

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
