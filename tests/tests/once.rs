//! `Ask::once`: a side effect runs once per call on every revision, although on
//! 2026-07-28 (and when relayed through the model) the body runs once per round.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, Elicitation, ErrorKind, ProtocolRevision};
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
    /// How many of the first runs of the fallible effect fail.
    failures: usize,
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

    #[tool(description = "an effect that can fail between two questions")]
    async fn charge(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let (effects, failures) = (self.effects.clone(), self.failures);
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let Elicitation::Accept(First { a }) = First::elicit(&ask, "a?").await? else {
                    return Ok(text("no a"));
                };
                let receipt: String = ask
                    .try_once("charge", || async {
                        let attempt = effects.fetch_add(1, Ordering::SeqCst) + 1;
                        if attempt <= failures {
                            return Err(ErrorData::internal_error(format!("card declined on attempt {attempt}"), None));
                        }
                        Ok(format!("receipt {attempt}"))
                    })
                    .await?;
                let Elicitation::Accept(Second { b }) = Second::elicit(&ask, "b?").await? else {
                    return Ok(text("no b"));
                };
                Ok(text(format!("{a} {b} {receipt}")))
            })
            .await
    }

    #[tool(description = "one key, two types")]
    async fn mismatch(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let runs = self.runs.clone();
        call.run(&self.sealer, |ask| async move {
            let first_run = runs.fetch_add(1, Ordering::SeqCst) == 0;
            let kept =
                if first_run { ask.once("k", || async { 7u32 }).await.map(|n| n.to_string()) } else { ask.once("k", || async { "seven".to_owned() }).await };
            let result = match kept {
                Err(err) if err.kind() == ErrorKind::Once => format!("refused: {err}"),
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
    Counter { sealer: StateSealer::new(*b"the once test key of 32 bytes...").expect("a key"), runs: Arc::default(), effects: Arc::default(), failures: 0 }
}

#[tokio::test]
async fn the_effect_runs_once_per_call_on_every_revision() {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let server = counter();
        let session = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"a": 1})))
            .reply(Reply::accept(json!({"b": 2})))
            .connect(server.clone())
            .await
            .expect("connect");
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
    assert_eq!(session.call_tool_text("mismatch", json!({})).await.expect("the call"), "refused: the value of the effect run once under the key `k` cannot be kept in, or read back from, the requestState as its type: give each effect its own key and a type serde can write");
}

/// The error a call ended with, as the client reads it.
fn error_message(result: Result<rmcp::model::CallToolResult, rmcp::ServiceError>) -> String {
    match result {
        Err(rmcp::ServiceError::McpError(error)) => error.message.into_owned(),
        other => panic!("expected the call to end with an error, got {other:?}"),
    }
}

#[tokio::test]
async fn a_failed_effect_ends_the_call_and_the_next_call_runs_it_again_on_every_revision() {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let server = Counter { failures: 1, ..counter() };
        // The first call is answered `a` and fails in the effect; the second is answered
        // `a` again, then `b`.
        let session = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"a": 1})))
            .reply(Reply::accept(json!({"a": 1})))
            .reply(Reply::accept(json!({"b": 2})))
            .connect(server.clone())
            .await
            .expect("connect");
        assert_eq!(error_message(session.call_tool("charge", json!({})).await), "card declined on attempt 1", "{revision}");
        assert_eq!(session.call_tool_text("charge", json!({})).await.expect("the second call"), "1 2 receipt 2", "{revision}");
        // Once per call that got that far, however many rounds the second one took.
        assert_eq!(server.effects.load(Ordering::SeqCst), 2, "{revision}");
    }
}

#[tokio::test]
async fn a_failed_effect_is_not_kept_so_the_same_state_runs_it_again() {
    // Relayed through the model, the test holds the continuation: the call-back that
    // failed is sent again, with the same state, and the effect runs again (it was not
    // sealed); the value of the run that succeeded is kept for the next call-back.
    let server = Counter { failures: 2, ..counter() };
    let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).connect(server.clone()).await.expect("connect");
    let relay_of = |result: &rmcp::model::CallToolResult| {
        let relay = result.structured_content.as_ref().and_then(|s| s.get("elicitRelay")).expect("a question for the model").clone();
        let key = relay["questions"].as_object().and_then(|q| q.keys().next().cloned()).expect("a question key");
        (relay["continuation"].clone(), key)
    };
    let (continuation, key) = relay_of(&session.call_tool("charge", json!({})).await.expect("the first call"));
    let answered_a = json!({"elicitRelay": {"continuation": continuation, "answers": {key: {"a": 1}}}});
    assert_eq!(error_message(session.call_tool("charge", answered_a.clone()).await), "card declined on attempt 1");
    assert_eq!(error_message(session.call_tool("charge", answered_a.clone()).await), "card declined on attempt 2");
    let (continuation, key) = relay_of(&session.call_tool("charge", answered_a).await.expect("the effect succeeds"));
    let answered_b = json!({"elicitRelay": {"continuation": continuation, "answers": {key: {"b": 2}}}});
    assert_eq!(session.call_tool_text("charge", answered_b).await.expect("the last call-back"), "1 2 receipt 3");
    assert_eq!(server.effects.load(Ordering::SeqCst), 3, "the kept receipt was read back, not made again");
}
