//! One message type for every way to ask: a form (`elicit`), a form with run-time selects
//! (`elicit_with`, written by the derive), a choice, a page form (`elicit_via_page`, and
//! `elicit_via_page_with` with run-time selects) and a URL-mode page of the author's own
//! (`Interactions::url_request`) each take a text (`&str`, `String`) or `Words`, and a
//! `Words` message reaches the client in the user's language (SEP-2792), on 2025-11-25
//! and 2026-07-28.

use std::time::Duration;

use elicit_runtime::form::Options;
use elicit_runtime::locale::Words;
use elicit_runtime::page::{PageForm, Pages, Secret};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, ElicitError, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

const REVISIONS: [ProtocolRevision; 2] = [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

fn words() -> Words {
    Words::new("Which room?").with("ko", "어느 방인가요?")
}

#[derive(Elicit)]
#[allow(dead_code)] // the answers are read, their values are not the point here
struct Name {
    name: String,
}

#[derive(Elicit)]
#[allow(dead_code)]
struct Room {
    #[elicit(options)]
    room: String,
}

#[derive(Elicit)]
#[elicit(rename_all = "snake_case")]
#[allow(dead_code)]
enum Stay {
    Day,
    Night(Name),
}

#[derive(Elicit)]
#[elicit(page)]
#[allow(dead_code)]
struct Key {
    key: Secret,
}

#[derive(Elicit)]
#[elicit(page)]
#[allow(dead_code)]
struct PageRoom {
    #[elicit(options)]
    room: String,
}

fn rooms() -> Options<String> {
    Options::new(["101", "102"].map(|r| (r.to_owned(), format!("Room {r}"), r.to_owned()))).expect("two rooms")
}

#[derive(Clone)]
struct Hotel {
    sealer: StateSealer,
    pages: Pages,
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn said<T>(answer: Result<Elicitation<T>, ElicitError>) -> Result<CallToolResult, ErrorData> {
    Ok(text(if answer?.accepted().is_some() { "accepted" } else { "not accepted" }))
}

#[tool_router]
impl Hotel {
    #[tool(description = "a form")]
    async fn form(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { said(Name::elicit(&ask, words()).await) }).await
    }

    #[tool(description = "a form with run-time selects")]
    async fn selects(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { said(Room::elicit_with(&ask, words(), RoomOptions { room: rooms() }).await) }).await
    }

    #[tool(description = "a choice")]
    async fn choice(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { said(Stay::elicit(&ask, words()).await) }).await
    }

    #[tool(description = "a page form")]
    async fn page(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let pages = self.pages.clone();
        call.principal("ada").run(&self.sealer, |ask| async move { said(Key::elicit_via_page(&ask, &pages, words()).wait(Duration::from_secs(2)).await) }).await
    }

    #[tool(description = "a page form with run-time selects")]
    async fn page_selects(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let pages = self.pages.clone();
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                said(PageRoom::elicit_via_page_with(&ask, &pages, words(), PageRoomOptions { room: rooms() }).wait(Duration::from_secs(2)).await)
            })
            .await
    }

    #[tool(description = "a URL-mode page of the author's own")]
    async fn url(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.pages.interactions().clone();
        call.run(&self.sealer, |ask| async move {
            let page = interactions.url_request(&ask, "ada", "room", words(), |id| format!("https://hotel.example/rooms/{id}")).await?;
            said(page.ask(&ask).await)
        })
        .await
    }

    #[tool(description = "a text and a String, as before")]
    async fn texts(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.pages.interactions().clone();
        call.run(&self.sealer, |ask| async move {
            let floor = 3;
            let _ = Room::elicit_with(&ask, "Which room?", RoomOptions { room: rooms() }).await?;
            let page = interactions.url_request(&ask, "ada", "room", format!("Open the map of floor {floor}"), |id| format!("https://hotel.example/rooms/{id}")).await?;
            said(page.ask(&ask).await)
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Hotel {}

fn hotel() -> Hotel {
    let sealer = StateSealer::new(*b"the messages test key of 32 b...").expect("a key");
    Hotel { pages: Pages::new(Interactions::default(), sealer.clone(), "https://hotel.example/elicit").expect("pages"), sealer }
}

#[tokio::test]
async fn every_way_to_ask_sends_words_in_the_users_language() {
    let replies = [
        ("form", Reply::accept(json!({"name": "Ada"}))),
        ("selects", Reply::accept(json!({"room": "101"}))),
        ("choice", Reply::accept(json!({"choice": "day"}))),
        ("page", Reply::fill_page("ada", json!({"key": "k-0123456789"}))),
        ("page_selects", Reply::fill_page("ada", json!({"room": "102"}))),
        ("url", Reply::consent()),
    ];
    for revision in REVISIONS {
        for (tool, reply) in replies.clone() {
            let hotel = hotel();
            let session =
                ScriptedClient::new(revision).accept_language("ko-KR").pages(&hotel.pages).reply(reply).connect(hotel).await.expect("connect");
            assert_eq!(session.call_tool_text(tool, json!({})).await.expect("the call"), "accepted", "{revision} {tool}");
            let transcript = session.transcript();
            assert!(transcript.violations.is_empty(), "{revision} {tool}: {:?}", transcript.violations);
            assert_eq!(transcript.requests[0]["message"], "어느 방인가요?", "{revision} {tool}");
        }
    }
}

#[tokio::test]
async fn a_text_and_a_string_are_sent_as_written() {
    for revision in REVISIONS {
        let hotel = hotel();
        let session = ScriptedClient::new(revision)
            .accept_language("ko-KR")
            .reply(Reply::accept(json!({"room": "101"})))
            .reply(Reply::consent())
            .connect(hotel)
            .await
            .expect("connect");
        assert_eq!(session.call_tool_text("texts", json!({})).await.expect("the call"), "accepted", "{revision}");
        let messages: Vec<_> = session.transcript().requests.iter().map(|r| r["message"].clone()).collect();
        assert_eq!(messages, [json!("Which room?"), json!("Open the map of floor 3")], "{revision}");
    }
}
