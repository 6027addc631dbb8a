//! A secret asked on the server's own page, and typed back in the tool: `#[elicit(page)]`.
//!
//! ```sh
//! cargo run -p elicit-examples --example secure_page
//! ```
//!
//! The MCP specification forbids asking for an API key in form mode. `ApiKey` is a page
//! form: the tool asks for it with `elicit_on_page`, the client sees only a link (URL
//! mode), and the page the toolkit serves (`Pages::router`, an axum router mounted at
//! `/elicit`) shows the form to the signed-in user, checks it with the form's rules and
//! hands the typed value to the tool. The same tool body serves 2025-11-25 (it waits for
//! the page, then `notifications/elicitation/complete`) and 2026-07-28 (rounds).
//!
//! Here a scripted client consents and a "browser" (plain HTTP from this process) opens
//! the link: first as mallory, who got it forwarded (refused), then as ada. What stays
//! yours is marked `Yours`: who is signed in on the page, and where the key goes.

use std::time::Duration;

use axum::http::request::Parts;
use elicit_runtime::page::{PageForm, Pages, Secret};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Only ever shown on the server's page; its key a `Secret` (redacted `Debug`, zeroized).
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
        let user = "ada"; // the authenticated principal of the MCP request (a token's `sub`)
        let pages = self.pages.clone();
        call.principal(user)
            .run(&self.sealer, |ask| async move {
                let text = match ApiKey::elicit_on_page(&ask, &pages, user, "Connect your billing account").wait(Duration::from_secs(30)).await? {
                    // Yours: store the key (encrypted, bound to `user`); say what was done, never the key.
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
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}/elicit", listener.local_addr()?);
    let sealer = StateSealer::new(*b"an example key of 32 bytes, 1234")?;
    // `http` on loopback for this example only: a deployed page is `https`.
    let pages = Pages::new(Interactions::default().allow_loopback_http(true), sealer.clone(), &base)?;
    let app = axum::Router::new().nest("/elicit", pages.router(login));
    tokio::spawn(async move { axum::serve(listener, app).await });

    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        println!("{revision}:");
        let session = ScriptedClient::new(revision)
            .respond_with(|request: &Value| {
                let url = request["url"].as_str().unwrap_or_default().to_owned();
                tokio::spawn(async move {
                    for (user, key) in [("mallory", "sk_phished_000000"), ("ada", "sk_live_0123456789abcdef")] {
                        match browser(&url, user, key).await {
                            Ok(outcome) => println!("  the page, as {user}: {outcome}"),
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

/// A browser, in short: opens the page as `user`, fills in the form and sends it; what
/// the page said (`data-outcome`: `done`, `wrong-user`, `invalid`...).
async fn browser(url: &str, user: &str, key: &str) -> std::io::Result<String> {
    let form = http("GET", url, user, "").await?;
    let Some(token) = form.split("name=\"__elicit_csrf\" value=\"").nth(1).and_then(|t| t.split('"').next()) else {
        return Ok(format!("no form ({})", outcome(&form)));
    };
    Ok(outcome(&http("POST", url, user, &format!("__elicit_csrf={token}&key={key}&label=main")).await?).to_owned())
}

async fn http(method: &str, url: &str, user: &str, body: &str) -> std::io::Result<String> {
    let (host, path) = url.strip_prefix("http://").and_then(|u| u.split_once('/')).unwrap_or_default();
    let mut tcp = TcpStream::connect(host).await?;
    let head = format!("{method} /{path} HTTP/1.1\r\nHost: {host}\r\nCookie: user={user}\r\nConnection: close\r\n");
    let form = "Content-Type: application/x-www-form-urlencoded\r\n";
    tcp.write_all(format!("{head}{form}Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes()).await?;
    let mut page = String::new();
    tcp.read_to_string(&mut page).await?;
    Ok(page)
}

fn outcome(page: &str) -> &str {
    page.split("data-outcome=\"").nth(1).and_then(|o| o.split('"').next()).unwrap_or("no page")
}
