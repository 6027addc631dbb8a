//! One tool body on every revision, and what 2026-07-28 changes: the body runs again.
//!
//! ```sh
//! cargo run -p elicit-examples --example rounds
//! ```
//!
//! The tool asks whether to ship a parcel, then, only if so, where to. On 2025-06-18 and
//! 2025-11-25 the server sends each form to the client during the call and the body runs
//! once. On 2026-07-28 a server may not send requests: the call ends with an
//! `InputRequiredResult` holding the question and a sealed `requestState`, the client asks
//! the user and calls the tool again with the answer, and `ToolCall::run` runs the body
//! again from the top; answered questions return at once. So keep the body deterministic,
//! and run side effects (here: booking the courier, between two questions) in
//! `ask.once(key, ...)`, which runs them once per call and keeps their value in the sealed
//! state for the later runs.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

#[derive(Elicit)]
struct Ship {
    #[elicit(title = "Ship it now?", default = true)]
    now: bool,
}

#[derive(Elicit)]
struct Address {
    #[elicit(min_length = 1)]
    street: String,
    #[elicit(min_length = 1)]
    city: String,
}

#[derive(Clone)]
struct Shop {
    sealer: StateSealer,
    body_runs: Arc<AtomicUsize>,
    shipped: Arc<AtomicUsize>,
}

#[tool_router]
impl Shop {
    #[tool(description = "Ship the parcel")]
    async fn ship(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let (runs, shipped) = (self.body_runs.clone(), self.shipped.clone());
        call.run(&self.sealer, |ask| async move {
            runs.fetch_add(1, Ordering::Relaxed);
            // The second question depends on the first answer: a second round on 2026-07-28.
            let Elicitation::Accept(Ship { now: true }) = Ship::elicit(&ask, "Ship the parcel?").await? else {
                return Ok(CallToolResult::success(vec![ContentBlock::text("kept in stock")]));
            };
            // A side effect before the next question: once per call, not once per run.
            let courier: usize = ask.once("courier", || async { shipped.fetch_add(1, Ordering::Relaxed) + 1 }).await?;
            let Elicitation::Accept(address) = Address::elicit(&ask, "Where to?").await? else {
                return Ok(CallToolResult::success(vec![ContentBlock::text("no address, kept in stock")]));
            };
            let text = format!("courier #{courier} ships to {}, {}", address.street, address.city);
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Shop {}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sealer = StateSealer::new(*b"an example key of 32 bytes, 1234")?;
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let shop = Shop { sealer: sealer.clone(), body_runs: Arc::default(), shipped: Arc::default() };
        let session = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"now": true})))
            .reply(Reply::accept(json!({"street": "1 Main St", "city": "Springfield"})))
            .connect(shop.clone())
            .await?;
        let text = session.call_tool_text("ship", json!({})).await?;
        let (runs, shipped) = (shop.body_runs.load(Ordering::Relaxed), shop.shipped.load(Ordering::Relaxed));
        println!("{revision}: {text}; the body ran {runs} time(s), the courier was booked {shipped} time(s)");
        assert_eq!(shipped, 1, "`once` runs the effect once per call");
    }
    Ok(())
}
