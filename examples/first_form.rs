//! A first form: an rmcp tool asks the user for a booking and gets it back typed.
//!
//! ```sh
//! cargo run -p elicit-examples --example first_form
//! ```
//!
//! `Booking` is an ordinary struct; `#[derive(Elicit)]` makes it a form. The tool asks for
//! it with one awaited call inside `ToolCall::run`, which serves every protocol revision.
//! So that the example runs without a person, `main` connects the scripted client of the
//! `testing` feature in memory: it accepts once, then declines. Serve `Restaurant` over
//! stdio (`rmcp::transport::stdio()`) and any MCP client that supports elicitation shows
//! the form instead.

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// A table for tonight
#[derive(Elicit, Debug)]
struct Booking {
    /// Who the table is for
    #[elicit(min_length = 1, max_length = 80)]
    name: String,
    /// How many people, you included
    #[elicit(minimum = 1, maximum = 12, default = 2)]
    guests: u8,
    /// Anything the kitchen should know
    notes: Option<String>,
}

#[derive(Clone)]
struct Restaurant {
    sealer: StateSealer,
}

#[tool_router]
impl Restaurant {
    #[tool(description = "Book a table")]
    async fn book_table(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let text = match Booking::elicit(&ask, "Who is the table for?").await? {
                Elicitation::Accept(booking) => format!("booked for {} ({} guests)", booking.name, booking.guests),
                Elicitation::Decline => "no booking: the user said no".to_owned(),
                Elicitation::Cancel => "no booking: the form was dismissed".to_owned(),
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
    // In a real server the key comes from configuration (`StateSealer::from_env`).
    let sealer = StateSealer::new(*b"an example key of 32 bytes, 1234")?;

    // What the client receives: the schema was built at compile time.
    let schema = Booking::requested_schema(ProtocolRevision::V2025_11_25)?;
    println!("requestedSchema: {}", serde_json::to_string_pretty(schema.as_json())?);

    // `guests` is left out: its default applies.
    let session = ScriptedClient::new(ProtocolRevision::V2025_11_25)
        .reply(Reply::accept(json!({"name": "Ada"})))
        .reply(Reply::Decline)
        .connect(Restaurant { sealer })
        .await?;
    println!("accepted: {}", session.call_tool_text("book_table", json!({})).await?);
    println!("declined: {}", session.call_tool_text("book_table", json!({})).await?);
    Ok(())
}
