//! A tool that elicits, served over rmcp's streamable HTTP (axum, a loopback port) on
//! 2025-11-25 and 2026-07-28; an rmcp client in the same process calls it and answers:
//! `cargo run -p elicit-examples --example http_server`. The user's identity comes from the
//! HTTP request: `principal_of` reads the bearer token in the `http::request::Parts` rmcp puts
//! into the call's context, and `call.principal(..)` binds the call to that user. Deployed:
//! bind your address, list your hosts in `with_allowed_hosts`, keep the state key secret.

use std::sync::Arc;

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::{Elicit, Elicitation};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig, ContentBlock, ElicitRequestParams};
use rmcp::model::{ElicitResult, ElicitationAction, Implementation, ProtocolVersion};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RunningService};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpClientTransport, StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ClientHandler, ErrorData, RoleClient, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde_json::json;

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
struct Restaurant(StateSealer);

#[tool_router]
impl Restaurant {
    #[tool(description = "Book a table")]
    async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        // Refused before anything is asked when no known token came with the request.
        let user = principal_of(&call).ok_or_else(|| ErrorData::invalid_request("sign in first: no valid bearer token", None))?;
        call.principal(user.clone())
            .run(&self.0, |ask| async move {
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

/// The user of the HTTP request behind a tool call, from its bearer token. One known token
/// stands in for your identity provider (verify a JWT's signature and expiry, or ask an
/// introspection endpoint). A session cookie is read the same way (`parts.headers`), a
/// client certificate from what your TLS layer put into `parts.extensions`.
fn principal_of(call: &ToolCall) -> Option<String> {
    let parts = call.context().extensions.get::<axum::http::request::Parts>()?;
    let token = parts.headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ")?;
    (token == "token-of-ada").then(|| "user-42".to_owned())
}

/// The client's user: answers any form with a name and a party of two.
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
    let (sealer, sessions) = (StateSealer::ephemeral()?, Arc::new(LocalSessionManager::default()));
    let service = StreamableHttpService::new(move || Ok(Restaurant(sealer.clone())), sessions, StreamableHttpServerConfig::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}/mcp", listener.local_addr()?);
    tokio::spawn(async move { axum::serve(listener, axum::Router::new().nest_service("/mcp", service)).await });
    println!("serving {url}");
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let client = connect(&url, version.clone(), Some("token-of-ada")).await?;
        let result = client.call_tool(CallToolRequestParams::new("book")).await?;
        let text: String = result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
        println!("{version}: {text}");
        assert_eq!(text, "booked by user-42 for Ada (2 people)");
        client.cancel().await?;
    }
    // Without a token the tool refuses before it asks anything.
    let client = connect(&url, ProtocolVersion::V_2025_11_25, None).await?;
    println!("without a token: {}", client.call_tool(CallToolRequestParams::new("book")).await.expect_err("refused"));
    client.cancel().await?;
    Ok(())
}

/// An rmcp client of `url` on `version`, sending `token` as `Authorization: Bearer ...`.
async fn connect(url: &str, version: ProtocolVersion, token: Option<&str>) -> Result<RunningService<RoleClient, User>, Box<dyn std::error::Error>> {
    let capabilities = ClientCapabilities::builder().enable_elicitation().build();
    let user = User(ClientConfig::new(capabilities, Implementation::new("http-example", "1.0")).with_protocol_version(version.clone()));
    let config = StreamableHttpClientTransportConfig::with_uri(url);
    let transport = StreamableHttpClientTransport::from_config(if let Some(token) = token { config.auth_header(token) } else { config });
    // 2026-07-28 has no `initialize`: the client discovers the server.
    Ok(if version == ProtocolVersion::V_2026_07_28 {
        user.serve_with_lifecycle(transport, ClientLifecycleMode::Discover { preferred_versions: vec![version] }).await?
    } else {
        user.serve(transport).await?
    })
}
