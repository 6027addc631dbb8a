//! What the client can do, before asking (`ToolCall::reach`, `Ask::reach`): a form and a
//! URL-mode request reach the user through the client, through its model (the relay),
//! or not at all, on every revision, for a client without elicitation, one with forms
//! but no URL mode, and one with both; and a tool that declines before its first
//! question when a `user_only` question could not be answered.

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::{Reach, Route, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// Which table?
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Table {
    Window,
    Terrace,
}

#[derive(Elicit)]
struct Pick {
    table: Table,
}

#[derive(Elicit)]
struct Approve {}

#[derive(Clone)]
struct Waiter {
    sealer: StateSealer,
    interactions: Interactions,
}

fn said(reach: Reach) -> String {
    format!("form {:?}, url {:?}, user_only {}", reach.form(), reach.url(), reach.user_only())
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[tool_router]
impl Waiter {
    #[tool(description = "what the client can do, without the relay")]
    async fn plain(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let before = said(call.reach());
        call.run(&self.sealer, |ask| async move { Ok(text(format!("{before} | {}", said(ask.reach())))) }).await
    }

    #[tool(description = "what the client can do, with the relay")]
    async fn relayed(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let call = call.relay_through_model(true);
        let before = said(call.reach());
        call.run(&self.sealer, |ask| async move { Ok(text(format!("{before} | {}", said(ask.reach())))) }).await
    }

    #[tool(description = "a page of the waiter's own, relayed where the client cannot show it")]
    async fn page(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.relay_through_model(true)
            .principal("ada")
            .run(&self.sealer, |ask| async move {
                let route = format!("{:?}", ask.reach().url());
                let page = interactions.url_request(&ask, "ada", "tip", "Open the page to leave a tip", |id| format!("https://tips.example/{id}")).await?;
                Ok(text(format!("{route} {:?}", page.ask(&ask).await?)))
            })
            .await
    }

    #[tool(description = "a choice, then an approval only the user may give")]
    async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                if !ask.reach().user_only() {
                    return Ok(text("declined before asking: approve the booking in the web app"));
                }
                let Elicitation::Accept(pick) = Pick::elicit(&ask, "Which table?").await? else {
                    return Ok(text("no table"));
                };
                let approved = Approve::elicit(&ask, "Book it?").user_only().await?;
                Ok(text(format!("{:?} {}", pick.table, approved.accepted().is_some())))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Waiter {}

fn waiter() -> Waiter {
    Waiter { sealer: StateSealer::new(*b"the reach test key of 32 bytes..").expect("a key"), interactions: Interactions::default() }
}

#[tokio::test]
async fn each_client_and_revision_says_what_reaches_the_user() {
    use ElicitationSupport as S;
    use Route::{Client, Model, Unavailable};
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let url_mode = revision.has_url_mode();
        // (what the client declares, with the relay?, the form's route, the page's)
        let cases = [
            (S::NONE, false, Unavailable, Unavailable),
            (S::NONE, true, Model, Model),
            (S::FORM, false, Client, Unavailable),
            (S::FORM, true, Client, Model),
            // 2025-06-18 has no URL mode, whatever the client declares.
            (S::FORM_AND_URL, false, Client, if url_mode { Client } else { Unavailable }),
            (S::FORM_AND_URL, true, Client, if url_mode { Client } else { Model }),
        ];
        for (support, relay, form, url) in cases {
            let session = ScriptedClient::new(revision).support(support).connect(waiter()).await.expect("connect");
            let tool = if relay { "relayed" } else { "plain" };
            let got = session.call_tool_text(tool, json!({})).await.expect("the call");
            let expected = format!("form {form:?}, url {url:?}, user_only {}", form == Client);
            assert_eq!(got, format!("{expected} | {expected}"), "{revision}, {support:?}, relay {relay}");
        }
    }
}

#[tokio::test]
async fn a_client_without_elicitation_is_told_before_the_first_question() {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let session = ScriptedClient::new(revision).support(ElicitationSupport::NONE).connect(waiter()).await.expect("connect");
        let result = session.call_tool("book", json!({})).await.expect("the call");
        assert!(result.structured_content.is_none(), "{revision}: nothing was relayed to the model");
        let got = result.content.first().and_then(|c| c.as_text()).map(|t| t.text.clone());
        assert_eq!(got.as_deref(), Some("declined before asking: approve the booking in the web app"), "{revision}");
        assert!(session.transcript().requests.is_empty(), "{revision}: nothing was asked");
    }
}

#[tokio::test]
async fn a_client_with_forms_but_no_url_mode_is_asked_both_questions() {
    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let session = ScriptedClient::new(revision)
            .support(ElicitationSupport::FORM)
            .reply(Reply::accept(json!({"table": "terrace"})))
            .reply(Reply::accept(json!({})))
            .connect(waiter())
            .await
            .expect("connect");
        assert_eq!(session.call_tool_text("book", json!({})).await.expect("the call"), "Terrace true", "{revision}");
    }
}

#[tokio::test]
async fn on_2025_06_18_a_page_goes_to_the_model_even_when_the_client_declares_url() {
    // 2025-06-18 has no URL mode: a client that declares `url` anyway is not sent one.
    let session = ScriptedClient::new(ProtocolRevision::V2025_06_18).support(ElicitationSupport::FORM_AND_URL).connect(waiter()).await.expect("connect");
    let result = session.call_tool("page", json!({})).await.expect("the call");
    let relay = result.structured_content.as_ref().and_then(|s| s.get("elicitRelay")).expect("the link, for the model");
    assert!(relay.to_string().contains("https://tips.example/"), "{relay}");
    assert!(session.transcript().requests.is_empty(), "nothing was sent to the client");
}
