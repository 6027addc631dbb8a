//! The scripted client's URL-mode replies (`Reply::consent`, `Reply::open_page`), the same
//! on 2025-11-25 (`elicitationId`, `notifications/elicitation/complete`) and 2026-07-28
//! (the id found in the page's URL, completion seen on the retry); and a page form
//! (`#[elicit(page)]`) tested with the scripted client alone (`Reply::fill_page`, and
//! `ScriptedSession::fill_page` through the relay), or against the real page over loopback
//! (`PageBrowser`).

use std::time::Duration;

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::page::{PageForm, Pages, Parts, Secret};
use elicit_runtime::rmcp::RelayArg;
use elicit_runtime::testing::{PageBrowser, Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

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

// ---- a page form, with the scripted client alone: the whole test in under 40 lines ----

#[derive(Elicit, Debug)]
#[elicit(page)]
struct ApiKey {
    #[elicit(min_length = 12, pattern = "^sk_")]
    key: Secret,
}
#[derive(Clone)]
struct Vault { sealer: StateSealer, pages: Pages }
#[tool_router]
impl Vault {
    #[tool(description = "connect an API key")]
    async fn connect_key(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let pages = self.pages.clone();
        call.principal("ada").run(&self.sealer, |ask| async move {
            let text = match ApiKey::elicit_via_page(&ask, &pages, "Connect your API key").wait(Duration::from_secs(2)).await? {
                Elicitation::Accept(k) => format!("a key of {} characters", k.key.expose().len()),
                other => format!("{other:?}"),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        }).await
    }
}
#[tool_handler]
impl ServerHandler for Vault {}
fn vault(base: &str) -> Vault {
    let sealer = StateSealer::new(*b"the pages test key of 32 bytes..").expect("a key");
    Vault { pages: Pages::new(Interactions::default().allow_loopback_http(true), sealer.clone(), base).expect("pages"), sealer }
}

#[tokio::test]
async fn a_page_form_is_filled_in_by_the_scripted_client_on_every_revision() {
    for revision in REVISIONS {
        let vault = vault("https://app.example/elicit");
        let session = ScriptedClient::new(revision).pages(&vault.pages).reply(Reply::fill_page("ada", json!({"key": "sk_live_0123456789"}))).connect(vault).await.unwrap();
        assert_eq!(session.call_tool_text("connect_key", json!({})).await.unwrap(), "a key of 18 characters", "{revision}");
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty() && !format!("{transcript:?}").contains("sk_live"), "{revision}: {transcript:?}");
    }
}
// ---- (end of the under-40-lines test) -------------------------------------------------

#[tokio::test]
async fn what_the_form_refuses_or_another_user_completes_nothing_and_is_said() {
    for revision in REVISIONS {
        for (user, key, said) in [("ada", "sk_short", "`key`"), ("mallory", "sk_live_0123456789", "another user")] {
            let vault = vault("https://app.example/elicit");
            let session = ScriptedClient::new(revision).pages(&vault.pages).reply(Reply::fill_page(user, json!({ "key": key }))).connect(vault).await.expect("connect");
            let outcome = session.call_tool_text("connect_key", json!({})).await;
            assert!(!matches!(&outcome, Ok(text) if text.starts_with("a key")), "{revision}: {outcome:?}");
            let violations = session.transcript().violations;
            assert!(violations.iter().any(|v| v.contains("Reply::fill_page") && v.contains(said)), "{revision} {user}: {violations:?}");
            assert!(!format!("{violations:?}").contains(key), "{revision}: a problem quoted the key");
        }
    }
}

#[tokio::test]
async fn the_url_mode_reply_on_a_page_form_names_the_reply_to_use() {
    for revision in REVISIONS {
        let vault = vault("https://app.example/elicit");
        let session = ScriptedClient::new(revision).pages(&vault.pages).reply(Reply::open_page("ada")).connect(vault).await.expect("connect");
        let error = session.call_tool_text("connect_key", json!({})).await.expect_err("no value to read").to_string();
        assert!(error.contains("Reply::fill_page") && error.contains("completed the interaction with no value"), "{revision}: {error}");
        let violations = session.transcript().violations;
        assert!(violations.iter().any(|v| v.contains("Reply::open_page answered the page form") && v.contains("Reply::fill_page")), "{revision}: {violations:?}");
    }
}

#[derive(Clone)]
struct Relayed {
    vault: Vault,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct RelayArgs {
    /// The model's call-back.
    #[serde(default, rename = "elicitRelay")]
    #[expect(dead_code, reason = "read by the runtime from the raw arguments; here it puts the argument into tools/list")]
    relay: RelayArg,
}

#[tool_router]
impl Relayed {
    #[tool(description = "connect an API key, through the model if the client cannot open pages")]
    async fn connect_key(&self, call: ToolCall, Parameters(_): Parameters<RelayArgs>) -> Result<CallToolResponse, ErrorData> {
        let pages = self.vault.pages.clone();
        call.principal("ada")
            .relay_through_model(true)
            .run(&self.vault.sealer, |ask| async move {
                let text = match ApiKey::elicit_via_page(&ask, &pages, "Connect your API key").wait(Duration::from_millis(100)).await? {
                    Elicitation::Accept(k) => format!("a key of {} characters", k.key.expose().len()),
                    other => format!("{other:?}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Relayed {}

#[tokio::test]
async fn through_the_relay_the_session_fills_in_the_link_the_model_was_given() {
    for revision in REVISIONS {
        let server = Relayed { vault: vault("https://app.example/elicit") };
        let session = ScriptedClient::new(revision).support(ElicitationSupport::FORM).pages(&server.vault.pages).connect(server).await.expect("connect");
        let first = session.call_tool("connect_key", json!({})).await.expect("the call");
        let relay = first.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).cloned().expect("for the model");
        let text: String = first.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
        let link = text.split_whitespace().find(|w| w.starts_with("https://app.example/elicit/")).expect("the page's link").trim_end_matches(['.', ')', ',']);
        let key = relay["questions"].as_object().and_then(|q| q.keys().next().cloned()).expect("a question");
        let call_back = |relay: &Value, answers: Value| json!({ RelayArg::NAME: { "continuation": relay["continuation"].clone(), "answers": answers } });
        let waiting = session.call_tool("connect_key", call_back(&relay, json!({ key: "accept" }))).await.expect("the call back");
        session.fill_page(link, "ada", json!({"key": "sk_live_relayed_42"})).await.expect("the page keeps it");
        let relay = waiting.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).cloned().expect("still for the model");
        let done = session.call_tool("connect_key", call_back(&relay, json!({}))).await.expect("the last call back");
        let said: String = done.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
        assert_eq!(said, "a key of 18 characters", "{revision}");
        assert!(!format!("{:?}", session.transcript()).contains("sk_live"), "{revision}: the secret crossed the MCP client");
    }
}

/// The page's login in these tests: a `user` cookie (yours verifies a session).
fn login(request: &Parts) -> Option<String> {
    let cookies = request.headers.get("cookie")?.to_str().ok()?;
    cookies.split(';').find_map(|c| c.trim().strip_prefix("user=")).map(str::to_owned)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_helper_fills_in_the_real_page_over_loopback() {
    for revision in REVISIONS {
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let server = vault(&format!("http://127.0.0.1:{port}/elicit"));
        tokio::spawn(server.pages.serve(("127.0.0.1", port), login));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let session = ScriptedClient::new(revision)
            .respond_with({
                let seen = seen.clone();
                move |request: &Value| {
                    let (url, seen) = (request["url"].as_str().unwrap_or_default().to_owned(), seen.clone());
                    tokio::spawn(async move {
                        for (user, key) in [("mallory", "sk_phished_0000"), ("ada", "sk_live_0123456789")] {
                            let answer = PageBrowser::new().header("Cookie", format!("user={user}")).fill(&url, json!({ "key": key })).await.expect("the page answers");
                            seen.lock().unwrap().push(format!("{user}: {} {}", answer.status, answer.outcome()));
                        }
                    });
                    Reply::consent().after(Duration::from_millis(300))
                }
            })
            .connect(server)
            .await
            .expect("connect");
        assert_eq!(session.call_tool_text("connect_key", json!({})).await.expect("the call"), "a key of 18 characters", "{revision}");
        assert_eq!(*seen.lock().unwrap(), ["mallory: 403 wrong-user", "ada: 200 done"], "{revision}");
        let form = PageBrowser::new().header("Cookie", "user=ada").open(&format!("http://127.0.0.1:{port}/elicit/nothing")).await.expect("the page");
        assert_eq!((form.status, form.outcome(), form.header("x-frame-options")), (404, "unknown", Some("DENY")), "{revision}");
    }
}
