//! Forms with more structure than one flat struct: a choice that leads to different
//! questions, and the author's own rules.
//!
//! ```sh
//! cargo run -p elicit-examples --example steps_and_rules
//! ```
//!
//! `Payment` carries data in its variants, so it is asked in two flat forms: which way to
//! pay, then that way's fields. `Stay` has a rule the schema cannot say (leave after
//! arriving): `validate` runs it on every decoded answer, and a broken rule comes back to
//! the user named by field, like the schema's own problems. The scripted client plays the
//! user; on 2026-07-28 each step is a round of the same body.

use elicit_runtime::form::Violation;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// How would you like to pay?
#[derive(Elicit)]
#[elicit(rename_all = "snake_case")]
enum Payment {
    #[elicit(title = "Invoice by email")]
    Invoice {
        #[elicit(format = "email")]
        email: String,
    },
    #[elicit(title = "At the desk")]
    AtTheDesk,
}

#[derive(Elicit)]
#[elicit(validate = Stay::in_order)]
struct Stay {
    #[elicit(format = "date")]
    arrive: String,
    #[elicit(format = "date")]
    leave: String,
}

impl Stay {
    fn in_order(&self) -> Result<(), Vec<Violation>> {
        // RFC 3339 dates compare as text.
        if self.leave > self.arrive { Ok(()) } else { Err(vec![Violation::rule("leave", "must be after the arrival")]) }
    }
}

#[derive(Clone)]
struct Hotel {
    sealer: StateSealer,
}

#[tool_router]
impl Hotel {
    #[tool(description = "Book a stay and say how it is paid")]
    async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let Elicitation::Accept(stay) = Stay::elicit(&ask, "When do you come?").reask(1).await? else {
                return Ok(CallToolResult::success(vec![ContentBlock::text("not booked")]));
            };
            let paid = match Payment::elicit(&ask, "How would you like to pay?").await? {
                Elicitation::Accept(Payment::Invoice { email }) => format!("an invoice to {email}"),
                Elicitation::Accept(Payment::AtTheDesk) => "at the desk".to_owned(),
                Elicitation::Decline | Elicitation::Cancel => "not said yet".to_owned(),
            };
            let text = format!("{} to {}, paid by {paid}", stay.arrive, stay.leave);
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Hotel {}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sealer = StateSealer::new(*b"an example key of 32 bytes, 1234")?;
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let session = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"arrive": "2026-12-24", "leave": "2026-12-20"})))
            .reply(Reply::accept(json!({"arrive": "2026-12-24", "leave": "2026-12-27"})))
            .reply(Reply::accept(json!({"choice": "invoice"})))
            .reply(Reply::accept(json!({"email": "ada@example.com"})))
            .connect(Hotel { sealer: sealer.clone() })
            .await?;
        let said = session.call_tool_text("book", json!({})).await?;
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{:?}", transcript.violations);
        let reasked = transcript.requests[1]["message"].as_str().unwrap_or_default();
        assert!(reasked.ends_with("- `leave`: must be after the arrival"), "{reasked}");
        assert_eq!(said, "2026-12-24 to 2026-12-27, paid by an invoice to ada@example.com");
        println!("{revision}: {} requests; the tool said: {said}", transcript.requests.len());
    }
    Ok(())
}
