//! A secret asked on the server's own page, and typed back in the tool: `#[elicit(page)]`.
//!
//! ```sh
//! cargo run -p elicit-examples --example secure_page
//! ```
//!
//! The MCP specification forbids asking for an API key in form mode. `ApiKey` is a page
//! form: the tool asks for it with `elicit_via_page`, the client sees only a link (URL
//! mode), and the page the toolkit serves (`Pages::serve`, beside the MCP server) shows
//! the form to the signed-in user, checks it with the form's rules and hands the typed
//! value to the tool. The same tool body serves 2025-11-25 (it waits for the page, then
//! `notifications/elicitation/complete`) and 2026-07-28 (rounds).
//!
//! Here a scripted client consents and a test browser (`PageBrowser`) opens the link:
//! first as mallory, who got it forwarded (refused), then as ada. What stays yours is
//! marked `Yours`: who is signed in on the page, and where the key goes.

use std::time::Duration;

use elicit_runtime::page::{PageForm, Pages, Parts, Secret};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{PageBrowser, Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

/// Connect your billing account
///
/// Only ever shown on the server's page; its key a [`Secret`] (redacted `Debug`, zeroized).
/// This paragraph is for rustdoc: the page's heading is the first one.
#[derive(Elicit, Debug)]
#[elicit(page)]
struct ApiKey {
    /// The key from your dashboard
    #[elicit(min_length = 12, pattern = "^sk_[A-Za-z0-9_]+$")]
    key: Secret,
    /// A name for the key
    label: Option<String>,
}

#[derive(Clone)]
struct Billing {
    sealer: StateSealer,
    pages: Pages,
}

#[tool_router]
impl Billing {
    #[tool(description = "Connect your billing account")]
    async fn connect(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let pages = self.pages.clone();
        // The authenticated principal of the MCP request (a token's `sub`), given once:
        // only ada may answer on the page.
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                let text = match ApiKey::elicit_via_page(&ask, &pages, "Connect your billing account").wait(Duration::from_secs(30)).await? {
                    // Yours: store the key (encrypted, bound to the user); say what was done, never the key.
                    Elicitation::Accept(k) => format!("connected {:?}: a key of {} characters, {:?}", k.label, k.key.expose().len(), k.key),
                    Elicitation::Decline | Elicitation::Cancel => "not connected".to_owned(),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Billing {}

/// Yours: who is signed in on the page. Here a `user` cookie; yours verifies a session.
fn login(request: &Parts) -> Option<String> {
    let cookies = request.headers.get("cookie")?.to_str().ok()?;
    cookies.split(';').find_map(|c| c.trim().strip_prefix("user=")).map(str::to_owned)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let sealer = StateSealer::new(*b"an example key of 32 bytes, 1234")?;
    // `http` on loopback for this example only: a deployed page is `https`.
    let pages = Pages::new(Interactions::default().allow_loopback_http(true), sealer.clone(), &format!("http://127.0.0.1:{port}/elicit"))?;
    tokio::spawn(pages.serve(("127.0.0.1", port), login));

    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        println!("{revision}:");
        let session = ScriptedClient::new(revision)
            .respond_with(|request: &Value| {
                let url = request["url"].as_str().unwrap_or_default().to_owned();
                tokio::spawn(async move {
                    for (user, key) in [("mallory", "sk_phished_000000"), ("ada", "sk_live_0123456789abcdef")] {
                        let browser = PageBrowser::new().header("Cookie", format!("user={user}"));
                        match browser.fill(&url, json!({ "key": key, "label": "main" })).await {
                            Ok(page) => println!("  the page, as {user}: {}", page.outcome()),
                            Err(err) => println!("  the page, as {user}: {err}"),
                        }
                    }
                });
                Reply::consent().after(Duration::from_millis(300)) // the user consents in the client
            })
            .connect(Billing { sealer: sealer.clone(), pages: pages.clone() })
            .await?;
        println!("  the tool: {}", session.call_tool_text("connect", json!({})).await?);
    }
    Ok(())
}
