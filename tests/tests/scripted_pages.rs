//! The scripted client's URL-mode replies (`Reply::consent`, `Reply::open_page`), the same
//! on 2025-11-25 (`elicitationId`, `notifications/elicitation/complete`) and 2026-07-28
//! (the id found in the page's URL, completion seen on the retry).

use std::time::Duration;

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

const REVISIONS: [ProtocolRevision; 2] = [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

#[derive(Clone)]
struct Keys {
    sealer: StateSealer,
    interactions: Interactions,
}

#[tool_router]
impl Keys {
    #[tool(description = "connect a key on a page, as ada")]
    async fn connect(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                // The id sits in a path segment here, in a query value in the examples.
                let page = interactions.url_request(&ask, "ada", "key", "Open the page", |id| format!("https://keys.example.com/p/{id}/form")).await?;
                let text = match page.ask(&ask).await? {
                    Elicitation::Accept(()) => {
                        page.completion(&ask, Duration::from_millis(300)).await?;
                        "connected".to_owned()
                    }
                    other => format!("{other:?}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Keys {}

fn keys() -> Keys {
    Keys { sealer: StateSealer::new(*b"the pages test key of 32 bytes..").expect("a 32-byte key"), interactions: Interactions::default() }
}

#[tokio::test]
async fn open_page_as_the_user_who_asked_completes_on_every_revision() {
    for revision in REVISIONS {
        let server = keys();
        let session = ScriptedClient::new(revision).pages(server.interactions.clone()).reply(Reply::open_page("ada")).connect(server).await.expect("connect");
        assert_eq!(session.call_tool_text("connect", json!({})).await.expect("the call"), "connected", "{revision}");
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
        assert_eq!(transcript.requests[0]["mode"], "url", "{revision}");
    }
}

#[tokio::test]
async fn a_page_opened_by_another_user_completes_nothing() {
    for revision in REVISIONS {
        let server = keys();
        let interactions = server.interactions.clone();
        let session = ScriptedClient::new(revision).pages(interactions.clone()).respond_with(|_| Reply::open_page("mallory")).connect(server).await.expect("connect");
        let outcome = session.call_tool_text("connect", json!({})).await;
        assert!(!matches!(&outcome, Ok(text) if text == "connected"), "{revision}: mallory completed ada's page: {outcome:?}");
        // Ada's interaction is still hers, still pending.
        let url = session.transcript().requests[0]["url"].as_str().expect("a url").to_owned();
        let id = url.trim_start_matches("https://keys.example.com/p/").trim_end_matches("/form");
        assert!(interactions.pending(id, "ada").await.is_ok(), "{revision}: the interaction was used up");
    }
}

#[tokio::test]
async fn consent_alone_and_decline_leave_the_page_undone() {
    for revision in REVISIONS {
        let server = keys();
        let session = ScriptedClient::new(revision).reply(Reply::Decline).connect(server.clone()).await.expect("connect");
        assert_eq!(session.call_tool_text("connect", json!({})).await.expect("the call"), "Decline", "{revision}");

        let session = ScriptedClient::new(revision).respond_with(|_| Reply::consent()).connect(server).await.expect("connect");
        let outcome = session.call_tool_text("connect", json!({})).await;
        assert!(!matches!(&outcome, Ok(text) if text == "connected"), "{revision}: consent alone completed the page: {outcome:?}");
    }
}

#[tokio::test]
async fn open_page_without_the_pages_is_reported() {
    let server = keys();
    let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).reply(Reply::open_page("ada")).connect(server).await.expect("connect");
    let _ = session.call_tool_text("connect", json!({})).await;
    let violations = session.transcript().violations;
    assert!(violations.iter().any(|v| v.contains("ScriptedClient::pages")), "{violations:?}");
}
