//! The fallback through the model: for a client that cannot show forms.
//!
//! ```sh
//! cargo run -p elicit-examples --example relay
//! ```
//!
//! Many clients declare no elicitation capability. With `relay_through_model(true)` a
//! question such a client cannot show ends the call with a result for the client's model:
//! what to ask the user, field by field, and how to call the tool back with the answers in
//! the reserved argument `elicitRelay` (a sealed continuation plus the answers). The answers
//! are validated like any form; the tool learns they came from the model (`Provenance`).
//! Never use it for what only the user may answer: ask that with `.user_only()`.

use elicit_runtime::rmcp::{RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::ScriptedClient;
use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

#[derive(Elicit)]
struct Booking {
    #[elicit(min_length = 1)]
    name: String,
    #[elicit(minimum = 1, maximum = 12)]
    guests: u8,
}

/// The tool's arguments: `elicitRelay` is listed so that the model sees how to call back.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Args {
    #[serde(default, rename = "elicitRelay")]
    #[expect(dead_code, reason = "the runtime reads it from the raw arguments; here it puts it into tools/list")]
    relay: RelayArg,
}

#[derive(Clone)]
struct Restaurant {
    sealer: StateSealer,
}

#[tool_router]
impl Restaurant {
    #[tool(description = "Book a table")]
    async fn book(&self, call: ToolCall, Parameters(_): Parameters<Args>) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let (answer, by) = Booking::elicit(&ask, "Who is the table for?").with_provenance().await?;
                let text = match answer {
                    Elicitation::Accept(b) => format!("booked for {} ({} guests), answered by {by:?}", b.name, b.guests),
                    Elicitation::Decline | Elicitation::Cancel => "no booking".to_owned(),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Restaurant {}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sealer = StateSealer::new(*b"an example key of 32 bytes, 1234")?;
    let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).connect(Restaurant { sealer }).await?;

    // First call: no form can be shown, so the result is for the model.
    let first = session.call_tool("book", json!({})).await?;
    let text: String = first.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
    println!("for the model:\n{text}\n");
    let relay = first.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).ok_or("no relay in the result")?;
    let continuation = relay["continuation"].clone();
    let key = relay["questions"].as_object().and_then(|q| q.keys().next().cloned()).ok_or("no question")?;

    // The model asked the user in the conversation, and calls back with the answers.
    let answers = json!({ key: {"name": "Ada", "guests": 3} });
    let done = session.call_tool_text("book", json!({ RelayArg::NAME: {"continuation": continuation, "answers": answers} })).await?;
    println!("after the call-back: {done}");
    Ok(())
}
