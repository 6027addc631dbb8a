//! `Ask::once`: a side effect runs once per call on every revision, although on
//! 2026-07-28 (and when relayed through the model) the body runs once per round.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, ElicitError, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

#[derive(Elicit)]
struct First {
    a: u8,
}

#[derive(Elicit)]
struct Second {
    b: u8,
}

#[derive(Clone)]
struct Counter {
    sealer: StateSealer,
    runs: Arc<AtomicUsize>,
    effects: Arc<AtomicUsize>,
}

#[tool_router]
impl Counter {
    #[tool(description = "an effect between two questions")]
    async fn count(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let (runs, effects) = (self.runs.clone(), self.effects.clone());
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                runs.fetch_add(1, Ordering::SeqCst);
                let Elicitation::Accept(First { a }) = First::elicit(&ask, "a?").await? else { return Ok(text("no a")) };
                let ticket: usize = ask.once("ticket", || async { effects.fetch_add(1, Ordering::SeqCst) + 100 }).await?;
                let Elicitation::Accept(Second { b }) = Second::elicit(&ask, "b?").await? else { return Ok(text("no b")) };
                Ok(text(format!("{a} {b} ticket {ticket}")))
            })
            .await
    }

    #[tool(description = "one key, two types")]
    async fn mismatch(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let runs = self.runs.clone();
        call.run(&self.sealer, |ask| async move {
            let first_run = runs.fetch_add(1, Ordering::SeqCst) == 0;
            let kept = if first_run { ask.once("k", || async { 7u32 }).await.map(|n| n.to_string()) } else { ask.once("k", || async { "seven".to_owned() }).await };
            let result = match kept {
                Err(ElicitError::Once(key)) => format!("refused {key}"),
                other => format!("{other:?}"),
            };
            let _ = First::elicit(&ask, "a?").await?;
            Ok(text(result))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Counter {}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn counter() -> Counter {
    Counter { sealer: StateSealer::new(*b"the once test key of 32 bytes...").expect("a key"), runs: Arc::default(), effects: Arc::default() }
}

#[tokio::test]
async fn the_effect_runs_once_per_call_on_every_revision() {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let server = counter();
        let session = ScriptedClient::new(revision).reply(Reply::accept(json!({"a": 1}))).reply(Reply::accept(json!({"b": 2}))).connect(server.clone()).await.expect("connect");
        assert_eq!(session.call_tool_text("count", json!({})).await.expect("the call"), "1 2 ticket 100", "{revision}");
        assert_eq!(server.effects.load(Ordering::SeqCst), 1, "{revision}: the effect ran more than once");
        if revision == ProtocolRevision::V2026_07_28 {
            assert_eq!(server.runs.load(Ordering::SeqCst), 3, "three rounds: the body did run again");
        }
    }
}

#[tokio::test]
async fn the_effect_runs_once_when_the_model_relays_the_answers() {
    let server = counter();
    let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).connect(server.clone()).await.expect("connect");
    let mut arguments = json!({});
    for answer in [json!({"a": 1}), json!({"b": 2})] {
        let result = session.call_tool("count", arguments.clone()).await.expect("the call");
        let relay = result.structured_content.as_ref().and_then(|s| s.get("elicitRelay")).expect("a question for the model").clone();
        let key = relay["questions"].as_object().and_then(|q| q.keys().next().cloned()).expect("a question key");
        arguments = json!({"elicitRelay": {"continuation": relay["continuation"], "answers": {key: answer}}});
    }
    assert_eq!(session.call_tool_text("count", arguments).await.expect("the call"), "1 2 ticket 100");
    assert_eq!(server.effects.load(Ordering::SeqCst), 1, "the effect ran more than once");
}

#[tokio::test]
async fn a_kept_value_read_as_another_type_is_an_error() {
    let server = counter();
    let session = ScriptedClient::new(ProtocolRevision::V2026_07_28).reply(Reply::accept(json!({"a": 1}))).connect(server).await.expect("connect");
    assert_eq!(session.call_tool_text("mismatch", json!({})).await.expect("the call"), "refused k");
}
