//! A stdio MCP server with three tools that ask the user for input through typed
//! elicitation: booking a table, a short survey, and a confirmation before deleting
//! something.
//!
//! ```text
//! cargo run -p elicit-examples --bin stdio_server
//! ```
//!
//! It speaks MCP on stdin/stdout, so run it from an MCP client rather than a terminal.
//! With the MCP Inspector:
//!
//! ```text
//! npx @modelcontextprotocol/inspector -- cargo run -q -p elicit-examples --bin stdio_server
//! ```
//!
//! or in a client's configuration (Claude Desktop's `claude_desktop_config.json`...):
//!
//! ```json
//! {"mcpServers": {"elicit-demo": {"command": "cargo", "args": ["run", "-q", "--manifest-path", "/path/to/elicit/Cargo.toml", "-p", "elicit-examples", "--bin", "stdio_server"]}}}
//! ```
//!
//! Stdout carries the protocol, so everything the server has to say goes to stderr.
//!
//! | tool | form | on 2025-06-18 (no multi-select) |
//! |---|---|---|
//! | `book_table` | [`Booking`]: name, date, time, guests, area, dietary needs (multi-select) | degrades: asks [`BookingWithoutDiets`], the same form without the multi-select, and says so in the result |
//! | `survey` | [`Survey`]: rating, favourite feature (titled single-select), platforms (multi-select), recommendation, comments | refuses: a tool error carrying the typed `ElicitError::Schema(MultiSelectUnsupported)`; nothing is sent to the client |
//! | `delete_item` `{item}` | [`Confirm`]: one boolean | the same form works on every revision |
//!
//! Each tool answers with the typed value it received (its `Debug`), or `declined` /
//! `cancelled`; an [`ElicitError`] (no elicitation capability, a client error, a timeout,
//! content that still breaks the form after re-asking) becomes a tool error with the
//! error's text.

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::time::Duration;

use chrono::NaiveDate;
use elicit_runtime::{Elicit, ElicitError, ElicitOptions, Elicitation, SchemaError};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde::Deserialize;

// ---- book_table ------------------------------------------------------------------------

/// Where in the restaurant
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(rename_all = "snake_case")]
enum Area {
    #[elicit(title = "Main room")]
    MainRoom,
    #[elicit(title = "Terrace (weather permitting)")]
    Terrace,
    #[elicit(title = "Bar counter")]
    Bar,
}

/// A dietary requirement
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "snake_case")]
enum Diet {
    #[elicit(title = "Vegetarian")]
    Vegetarian,
    #[elicit(title = "Vegan")]
    Vegan,
    #[elicit(title = "Gluten-free")]
    GlutenFree,
    #[elicit(title = "Lactose-free")]
    LactoseFree,
    #[elicit(title = "Nut allergy")]
    NutAllergy,
}

/// A table reservation.
#[derive(Elicit, Debug)]
struct Booking {
    /// The name the table is booked under
    #[elicit(title = "Name", min_length = 1, max_length = 80)]
    name: String,
    /// The day of your visit
    #[elicit(title = "Date")]
    date: NaiveDate,
    /// Arrival time, 24-hour clock (HH:MM), from 12:00 to 22:59
    #[elicit(title = "Time", pattern = r"^(1[2-9]|2[0-2]):[0-5][0-9]$", min_length = 5, max_length = 5)]
    time: String,
    /// Number of guests, including you
    #[elicit(title = "Guests", minimum = 1, maximum = 12, default = 2)]
    guests: u8,
    #[elicit(title = "Area", default = "main_room")]
    area: Area,
    /// Tick everything that applies to someone at the table
    #[elicit(title = "Dietary requirements", max_items = 5)]
    diets: Option<BTreeSet<Diet>>,
}

/// [`Booking`] for clients on 2025-06-18, which has no multi-select.
#[derive(Elicit, Debug)]
struct BookingWithoutDiets {
    /// The name the table is booked under
    #[elicit(title = "Name", min_length = 1, max_length = 80)]
    name: String,
    /// The day of your visit
    #[elicit(title = "Date")]
    date: NaiveDate,
    /// Arrival time, 24-hour clock (HH:MM), from 12:00 to 22:59
    #[elicit(title = "Time", pattern = r"^(1[2-9]|2[0-2]):[0-5][0-9]$", min_length = 5, max_length = 5)]
    time: String,
    /// Number of guests, including you
    #[elicit(title = "Guests", minimum = 1, maximum = 12, default = 2)]
    guests: u8,
    #[elicit(title = "Area", default = "main_room")]
    area: Area,
}

// ---- survey ----------------------------------------------------------------------------

/// What you liked best
#[derive(Elicit, Debug)]
#[elicit(rename_all = "snake_case")]
enum Feature {
    #[elicit(title = "Typed forms (derive)")]
    Derive,
    #[elicit(title = "Validation of answers")]
    Validation,
    #[elicit(title = "One schema per protocol revision")]
    Revisions,
    #[elicit(title = "Decline and cancel as values")]
    ThreeWayAnswer,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Platform {
    Linux,
    MacOs,
    Windows,
    Wasm,
}

#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Recommend {
    Yes,
    Maybe,
    No,
}

/// A short product survey.
#[derive(Elicit, Debug)]
struct Survey {
    /// 1 (poor) to 5 (excellent)
    #[elicit(title = "Overall rating", minimum = 1, maximum = 5)]
    rating: u8,
    #[elicit(title = "Favourite feature")]
    favourite: Feature,
    /// Where you run it
    #[elicit(title = "Platforms", min_items = 1)]
    platforms: Vec<Platform>,
    #[elicit(title = "Would you recommend it?", default = "maybe")]
    recommend: Recommend,
    /// Anything else you want to tell us
    #[elicit(title = "Comments", max_length = 500)]
    comments: Option<String>,
}

// ---- delete_item -----------------------------------------------------------------------

/// A confirmation: accepting with the box ticked is the only way to go ahead.
#[derive(Elicit, Debug)]
struct Confirm {
    #[elicit(title = "Yes, delete it permanently", default = false)]
    confirm: bool,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct DeleteArgs {
    /// The name of the thing to delete (this example deletes nothing for real).
    item: String,
}

// ---- the server ------------------------------------------------------------------------

/// Every form waits at most this long for the user, and re-asks twice when the answer
/// breaks the form (with the problems listed under the message).
const OPTIONS: ElicitOptions = ElicitOptions::new().timeout(Duration::from_secs(600)).reask(2);

#[derive(Clone)]
struct Demo;

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn tool_error(err: &ElicitError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(format!("elicitation failed: {err}"))])
}

/// The tool's answer for any form: the typed value, `declined`, `cancelled`, or the error.
fn outcome<T: Debug>(tool: &str, answer: Result<Elicitation<T>, ElicitError>, note: &str) -> CallToolResult {
    eprintln!("[stdio_server] {tool}: {answer:?}");
    match answer {
        Ok(Elicitation::Accept(value)) => text(format!("accepted: {value:#?}{note}")),
        Ok(Elicitation::Decline) => text(format!("declined: the user chose not to answer{note}")),
        Ok(Elicitation::Cancel) => text(format!("cancelled: the user dismissed the form{note}")),
        Err(err) => tool_error(&err),
    }
}

#[tool_router]
impl Demo {
    #[tool(description = "Book a table at the restaurant. Asks the user for the name, date, time, number of guests, area and dietary requirements.")]
    async fn book_table(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        const MESSAGE: &str = "Book a table: when, how many, and where would you like to sit?";
        match Booking::elicit_with(&context, MESSAGE, OPTIONS).await {
            // 2025-06-18 has no multi-select: nothing was sent; ask without it.
            Err(ElicitError::Schema(err @ SchemaError::MultiSelectUnsupported { .. })) => {
                eprintln!("[stdio_server] book_table: {err}; asking without the dietary requirements");
                let note = "\n(note: this client's protocol revision has no multi-select, so dietary requirements were not asked)";
                outcome("book_table", BookingWithoutDiets::elicit_with(&context, MESSAGE, OPTIONS).await, note)
            }
            answer => outcome("book_table", answer, ""),
        }
    }

    #[tool(description = "Ask the user a five-question product survey (rating, favourite feature, platforms, recommendation, comments).")]
    async fn survey(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        // On 2025-06-18 this is `ElicitError::Schema(MultiSelectUnsupported)` before anything
        // is sent: the survey needs its multi-select, so the tool reports it.
        outcome("survey", Survey::elicit_with(&context, "A short survey about elicit: five questions, one minute.", OPTIONS).await, "")
    }

    #[tool(description = "Delete an item, after the user confirms. Nothing is really deleted: this is an example.")]
    async fn delete_item(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<DeleteArgs>) -> CallToolResult {
        let item = args.item.trim();
        let message = format!("Delete `{item}`? This cannot be undone.");
        let answer = Confirm::elicit_with(&context, &message, OPTIONS).await;
        eprintln!("[stdio_server] delete_item({item:?}): {answer:?}");
        match answer {
            Ok(Elicitation::Accept(Confirm { confirm: true })) => text(format!("deleted `{item}` (not really: this is an example)")),
            Ok(Elicitation::Accept(Confirm { confirm: false })) => text(format!("kept `{item}`: the box was not ticked")),
            Ok(Elicitation::Decline) => text(format!("declined: `{item}` was not deleted")),
            Ok(Elicitation::Cancel) => text(format!("cancelled: `{item}` was not deleted")),
            Err(err) => tool_error(&err),
        }
    }
}

#[tool_handler]
impl ServerHandler for Demo {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("elicit-demo", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "Examples of typed elicitation: `book_table`, `survey` and `delete_item` each ask the user to fill in a form. \
                 The client must support elicitation (form mode).",
            )
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    eprintln!("[stdio_server] serving MCP on stdin/stdout (tools: book_table, survey, delete_item)");
    let running = Demo.serve(rmcp::transport::stdio()).await?;
    if let Some(client) = running.peer().peer_info() {
        eprintln!(
            "[stdio_server] client {} {} on protocol {}, elicitation capability: {}",
            client.client_info.name,
            client.client_info.version,
            client.protocol_version,
            client.capabilities.elicitation.as_ref().and_then(|e| serde_json::to_string(e).ok()).unwrap_or_else(|| "none".into()),
        );
    }
    let reason = running.waiting().await?;
    eprintln!("[stdio_server] stopped: {reason:?}");
    Ok(())
}
