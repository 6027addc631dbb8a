//! Testing a tool that elicits, with the scripted client of the `testing` feature.
//!
//! ```sh
//! cargo run -p elicit-examples --example testing
//! ```
//!
//! The scripted client connects to the server in memory, answers each form from its
//! script (or computes the answer from the request with `respond_with`), and checks every
//! request it receives against the official JSON Schema of the negotiated revision. The
//! same checks belong in a `#[tokio::test]`; here `main` runs them so the example runs.

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

#[derive(Elicit)]
struct Rating {
    /// From 1 (poor) to 5 (great)
    #[elicit(minimum = 1, maximum = 5)]
    stars: u8,
}

#[derive(Clone)]
struct Feedback {
    sealer: StateSealer,
}

#[tool_router]
impl Feedback {
    #[tool(description = "Rate the service")]
    async fn rate(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let text = match Rating::elicit(&ask, "How was it?").reask(1).await? {
                Elicitation::Accept(Rating { stars }) => format!("{stars} stars"),
                Elicitation::Decline | Elicitation::Cancel => "no rating".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Feedback {}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sealer = StateSealer::new(*b"an example key of 32 bytes, 1234")?;
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let session = ScriptedClient::new(revision)
            // Nine stars breaks `maximum`: the form comes back once with the problem named.
            .reply(Reply::accept(json!({"stars": 9})))
            .reply(Reply::accept(json!({"stars": 4})))
            .reply(Reply::Cancel)
            .connect(Feedback { sealer: sealer.clone() })
            .await?;
        assert_eq!(session.call_tool_text("rate", json!({})).await?, "4 stars");
        assert_eq!(session.call_tool_text("rate", json!({})).await?, "no rating");

        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{:?}", transcript.violations);
        let reasked = transcript.requests[1]["message"].as_str().unwrap_or_default();
        assert!(reasked.contains("stars"), "the re-ask names the field: {reasked}");
        println!("{revision}: {} requests, all valid; the re-ask said:\n{reasked}\n", transcript.requests.len());
    }
    Ok(())
}
