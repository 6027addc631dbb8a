//! A first form: an rmcp tool asks the user for a booking and gets it back typed.
//!
//! ```sh
//! cargo run -p elicit-examples --example first_form
//! ```
//!
//! `Booking` is an ordinary struct; `#[derive(Elicit)]` makes it a form. The tool asks for
//! it with one awaited call inside `ToolCall::run`, which serves every protocol revision.
//! The tool's own arguments (what the model passes: the evening) come with rmcp's
//! `Parameters`, after `ToolCall` (`Parameters` takes the arguments out of the call, and
//! `ToolCall` binds the 2026-07-28 state to them).
//! So that the example runs without a person, `main` connects the scripted client of the
//! `testing` feature in memory: it accepts once, then declines. Serve `Restaurant` over
//! stdio (`rmcp::transport::stdio()`) and any MCP client that supports elicitation shows
//! the form instead.

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
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

/// The tool's arguments, from the model.
#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Evening {
    /// The day of the booking, such as "Friday"
    day: String,
}

#[derive(Clone)]
struct Restaurant {
    sealer: StateSealer,
}

#[tool_router]
impl Restaurant {
    #[tool(description = "Book a table")]
    async fn book_table(&self, call: ToolCall, Parameters(evening): Parameters<Evening>) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let text = match Booking::elicit(&ask, format!("Who is the table for, on {}?", evening.day)).await? {
                Elicitation::Accept(booking) => format!("booked for {} ({} guests) on {}", booking.name, booking.guests, evening.day),
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
    println!("accepted: {}", session.call_tool_text("book_table", json!({"day": "Friday"})).await?);
    println!("declined: {}", session.call_tool_text("book_table", json!({"day": "Saturday"})).await?);
    Ok(())
}
