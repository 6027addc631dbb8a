//! URL mode: what must not pass through the MCP client is typed into the server's own page.
//!
//! ```sh
//! cargo run -p elicit-examples --example url_mode
//! ```
//!
//! The tool sends the user to a page (`mode: "url"`); the user consents in the client, opens
//! the page and finishes there; the page completes the interaction **as the user who is
//! logged in on it**, and only the user who started the interaction can complete it (a
//! forwarded link is the specification's phishing case). `accept` is consent, not
//! completion: the tool waits for the page with `completion`. The same body serves
//! 2025-11-25 (`elicitation/create`, then `notifications/elicitation/complete`) and
//! 2026-07-28 (inside an `InputRequiredResult`, completion seen on the retry).
//!
//! Here the scripted client plays the user: `Reply::open_page(user)` consents and completes
//! the page as `user`, the way the page would once its login identified them. Mallory,
//! who got the link forwarded, is refused; Ada, who asked, gets through.

use std::time::Duration;

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

const PAGE: &str = "https://keys.example.com/connect?id=";

#[derive(Clone)]
struct Keys {
    sealer: StateSealer,
    interactions: Interactions,
}

#[tool_router]
impl Keys {
    #[tool(description = "Connect your API key")]
    async fn connect_key(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        // The authenticated principal of the MCP request (an access token's `sub`).
        let user = "ada";
        let interactions = self.interactions.clone();
        call.principal(user).run(&self.sealer, |ask| async move {
            let page = interactions.url_request(&ask, user, "api-key", "Open the page to enter your API key", |id| format!("{PAGE}{id}")).await?;
            let text = match page.ask(&ask).await? {
                Elicitation::Accept(()) => {
                    page.completion(&ask, Duration::from_secs(30)).await?;
                    "connected: the key is stored for ada".to_owned() // what was done, never the key
                }
                Elicitation::Decline | Elicitation::Cancel => "not connected".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Keys {}

/// The page's form handler, once its own login has identified `logged_in_user`.
async fn submit(interactions: &Interactions, url: &str, logged_in_user: &str) -> String {
    let id = url.strip_prefix(PAGE).unwrap_or_default();
    match interactions.complete(id, logged_in_user).await {
        Ok(_) => format!("page: stored the key for {logged_in_user}"),
        Err(refused) => format!("page: refused {logged_in_user}: {refused}"),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sealer = StateSealer::new(*b"an example key of 32 bytes, 1234")?;
    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let interactions = Interactions::default();
        let keys = Keys { sealer: sealer.clone(), interactions: interactions.clone() };
        let session = ScriptedClient::new(revision).pages(interactions.clone()).reply(Reply::open_page("ada")).connect(keys).await?;
        println!("{revision}: {}", session.call_tool_text("connect_key", json!({})).await?);
        // What the page does with a forwarded link: the interaction belongs to ada.
        let id = interactions.store().start("ada", "api-key", Duration::from_secs(60)).await?.id;
        println!("  {}", submit(&interactions, &format!("{PAGE}{id}"), "mallory").await);
    }
    Ok(())
}
