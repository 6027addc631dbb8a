//! The relay's argument, written by a model: `elicitRelay` on a `tools/call`, through
//! rmcp and `ToolCall::run` as a server receives it. The tool asks `Trip` (two flattened
//! addresses, an optional third, the author's rules) through the model with one re-ask,
//! for a client that declared no elicitation, on a revision the input's length chooses.
//! The input is the `answers` of a call-back with the genuine continuation; or, when it
//! is an object with a `continuation`, the whole argument (the string `CONT` standing for
//! the genuine continuation).
//!
//! Invariants: nothing panics and every call is answered; an accepted trip satisfies every
//! rule of its form (`trip_holds`); a call refused as a malformed argument or a refused
//! continuation (a JSON-RPC error) decoded nothing: the tool body saw no answer.
#![no_main]

use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use elicit_fuzz::{Trip, trip_holds};
use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::{RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{ScriptedClient, ScriptedSession};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use libfuzzer_sys::fuzz_target;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

/// What the tool body received, in order: `true` for an accepted trip.
type Seen = Arc<Mutex<Vec<bool>>>;

#[derive(Clone)]
struct Server {
    sealer: StateSealer,
    seen: Seen,
}

#[tool_router]
impl Server {
    #[tool(description = "asks for a trip through the model")]
    async fn trip(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let seen = self.seen.clone();
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let said = match Trip::elicit(&ask, "Where to?").reask(1).await {
                    Ok(Elicitation::Accept(trip)) => {
                        assert!(trip_holds(&trip), "an accepted trip breaks a rule: {trip:?}");
                        seen.lock().expect("not poisoned").push(true);
                        "accepted"
                    }
                    Ok(_) => "declined",
                    Err(err) if err.is_invalid() => {
                        assert!(err.invalid().is_some_and(|invalid| !invalid.violations().is_empty()), "an invalid answer without a violation");
                        "invalid"
                    }
                    Err(err) => return Err(err.into()),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(said)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Server {}

struct Setup {
    runtime: tokio::runtime::Runtime,
    seen: Seen,
    /// A session of each revision, and the continuation its first call gave.
    sessions: Vec<(ScriptedSession, String)>,
}

static SETUP: LazyLock<Setup> = LazyLock::new(|| {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let seen = Seen::default();
    let sealer = StateSealer::new(*b"the fuzzing key, 32 bytes or more").expect("key").ttl(Duration::from_secs(30 * 24 * 3600));
    let sessions = runtime.block_on(async {
        let mut sessions = Vec::new();
        for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
            let server = Server { sealer: sealer.clone(), seen: seen.clone() };
            let session = ScriptedClient::new(revision).support(ElicitationSupport::NONE).connect(server).await.expect("connects");
            let first = session.call_tool("trip", json!({})).await.expect("the first call is answered");
            let relay = first.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).expect("a result for the model");
            let continuation = relay["continuation"].as_str().expect("a continuation").to_owned();
            sessions.push((session, continuation));
        }
        sessions
    });
    Setup { runtime, seen, sessions }
});

/// The `CONT` placeholders of `value` replaced by the genuine continuation.
fn genuine(value: &Value, continuation: &str) -> Value {
    match value {
        Value::String(s) if s == "CONT" => Value::from(continuation),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), genuine(v, continuation))).collect()),
        Value::Array(items) => Value::Array(items.iter().map(|v| genuine(v, continuation)).collect()),
        other => other.clone(),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else { return };
    let setup = &*SETUP;
    // One revision per input, chosen by its length: a call through rmcp is most of an
    // execution, and the mutations reach every revision with every shape of argument.
    let (session, continuation) = &setup.sessions[data.len() % setup.sessions.len()];
    setup.runtime.block_on(async {
        let argument = match &value {
            Value::Object(whole) if whole.contains_key("continuation") => genuine(&value, continuation),
            answers => json!({ "continuation": continuation, "answers": answers }),
        };
        let before = setup.seen.lock().expect("not poisoned").len();
        let answered = session.call_tool("trip", json!({ RelayArg::NAME: argument })).await;
        let after = setup.seen.lock().expect("not poisoned").len();
        match answered {
            Ok(result) => drop(result),
            Err(refused) => assert_eq!(before, after, "a refused call-back was decoded: {refused}"),
        }
    });
});
