//! A tool that elicits, served over rmcp's streamable HTTP, on 2025-11-25 and 2026-07-28:
//! `cargo run -p elicit-examples --example http_server`.
//!
//! The server is rmcp's `StreamableHttpService` in an axum router on a free loopback port,
//! the tool written as for stdio (`ToolCall::run`). An rmcp client in the same process
//! calls it over HTTP, answers the form as its user would, prints the result and exits. On
//! 2025-11-25 the form is an `elicitation/create` request on the call's event stream; on
//! 2026-07-28 the call ends with an `InputRequiredResult` and rmcp's client asks its
//! handler and calls again (each request with the `MCP-Protocol-Version` header and the
//! revision's `_meta`, which rmcp adds). Deployed: bind your address, list your host names
//! in `with_allowed_hosts`, and keep the state key in a secret (`StateSealer::new`).
//!
//! The user's identity comes from the HTTP request: rmcp puts its `http::request::Parts`
//! (headers, URI, and what your middleware added to its extensions) into the request's
//! context, the tool reads the bearer token there, finds whose it is, and binds the call
//! to that user with `call.principal(..)` (see `principal_of`). The client sends the token
//! with rmcp's `StreamableHttpClientTransportConfig::auth_header`.

use std::sync::Arc;

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::{Elicit, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig, ContentBlock, ElicitRequestParams, ElicitResult,
    ElicitationAction, Implementation, ProtocolVersion,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::{StreamableHttpClientTransport, StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ClientHandler, ErrorData, RoleClient, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde_json::json;
use tokio_util::sync::CancellationToken;

#[derive(Elicit)]
struct Booking {
    /// Your name
    #[elicit(min_length = 1)]
    name: String,
    /// How many people
    #[elicit(minimum = 1, maximum = 8)]
    guests: u8,
}

#[derive(Clone)]
struct Restaurant {
    sealer: StateSealer,
}

#[tool_router]
impl Restaurant {
    #[tool(description = "Book a table")]
    async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        // Who asks: refused before anything is asked when no known token came with it.
        let Some(user) = principal_of(&call) else {
            return Err(ErrorData::invalid_request("sign in first: the request carries no valid bearer token", None));
        };
        call.principal(user.clone()).run(&self.sealer, |ask| async move {
            let text = match Booking::elicit(&ask, "Book a table").await? {
                Elicitation::Accept(b) => format!("booked by {user} for {} ({} people)", b.name, b.guests),
                Elicitation::Decline | Elicitation::Cancel => "no booking".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Restaurant {}

/// The authenticated user of the HTTP request behind a tool call, from its bearer token.
/// rmcp's streamable HTTP server puts the request's `http::request::Parts` into the
/// context's extensions. Here a fixed table stands in for your identity provider: verify
/// the token (a JWT's signature and expiry, an introspection endpoint) and take its
/// subject. A session cookie is read the same way (`parts.headers.get(COOKIE)`), and a
/// client certificate from what your TLS layer put into `parts.extensions`.
fn principal_of(call: &ToolCall) -> Option<String> {
    const TOKENS: [(&str, &str); 1] = [("token-of-ada", "user-42")];
    let parts = call.context().extensions.get::<axum::http::request::Parts>()?;
    let header = parts.headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let token = header.strip_prefix("Bearer ")?;
    TOKENS.iter().find(|(known, _)| *known == token).map(|(_, user)| (*user).to_owned())
}

/// The client's user: fills in whatever form comes with a name and a party of two.
#[derive(Clone)]
struct User(ClientConfig);

impl ClientHandler for User {
    fn get_info(&self) -> ClientConfig {
        self.0.clone()
    }

    async fn create_elicitation(&self, request: ElicitRequestParams, _: RequestContext<RoleClient>) -> Result<ElicitResult, ErrorData> {
        println!("  the server asks: {}", serde_json::to_value(&request).map(|r| r["message"].clone()).unwrap_or_default());
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(json!({"name": "Ada", "guests": 2})))
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stop = CancellationToken::new();
    let sealer = StateSealer::ephemeral()?;
    let config = StreamableHttpServerConfig::default().with_cancellation_token(stop.child_token());
    let service = StreamableHttpService::new(move || Ok(Restaurant { sealer: sealer.clone() }), Arc::new(LocalSessionManager::default()), config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}/mcp", listener.local_addr()?);
    let router = axum::Router::new().nest_service("/mcp", service);
    let shutdown = stop.clone();
    let server = tokio::spawn(async move { axum::serve(listener, router).with_graceful_shutdown(async move { shutdown.cancelled().await }).await });
    println!("serving {url}");

    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let capabilities = ClientCapabilities::builder().enable_elicitation().build();
        let user = User(ClientConfig::new(capabilities, Implementation::new("http-example", "1.0")).with_protocol_version(version.clone()));
        // The client's credential, sent as `Authorization: Bearer ...` on every request.
        let transport = StreamableHttpClientTransport::from_config(StreamableHttpClientTransportConfig::with_uri(url.as_str()).auth_header("token-of-ada"));
        let client = if version == ProtocolVersion::V_2026_07_28 {
            // 2026-07-28 has no `initialize`: the client discovers the server.
            user.serve_with_lifecycle(transport, ClientLifecycleMode::Discover { preferred_versions: vec![version.clone()] }).await?
        } else {
            user.serve(transport).await?
        };
        let result = client.call_tool(CallToolRequestParams::new("book")).await?;
        let text: String = result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
        println!("{version}: {text}");
        assert_eq!(text, "booked by user-42 for Ada (2 people)");
        client.cancel().await?;
    }
    // Without a token the tool refuses before it asks anything.
    let anonymous = User(ClientConfig::new(ClientCapabilities::builder().enable_elicitation().build(), Implementation::new("http-example", "1.0")));
    let client = anonymous.serve(StreamableHttpClientTransport::from_uri(url.as_str())).await?;
    let refused = client.call_tool(CallToolRequestParams::new("book")).await;
    println!("without a token: {refused:?}");
    assert!(refused.is_err());
    client.cancel().await?;
    stop.cancel();
    server.await??;
    Ok(())
}
