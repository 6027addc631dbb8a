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
//! | tool | form |
//! |---|---|
//! | `book_table` | [`Booking`]: name, date, time (a slot from a list), guests, area, dietary needs (multi-select) |
//! | `survey` | [`Survey`]: rating, favourite feature (titled single-select), platforms (multi-select), recommendation, comments |
//! | `delete_item` `{item}` | [`Confirm`]: one boolean |
//!
//! The same forms serve every revision: on 2025-06-18, which has no multi-select, the
//! runtime writes each multi-select as one checkbox per option and reads the ticked ones
//! back into the field.
//!
//! Each tool answers with the typed value it received (its `Debug`), or `declined` /
//! `cancelled`; an [`ElicitError`] (no elicitation capability, a client error, a timeout,
//! content that still breaks the form after re-asking) becomes a tool error with the
//! error's text.
//!
//! # Every protocol revision, one tool body
//!
//! Each tool runs its body with [`ToolCall::run`]. A client on 2025-06-18 or 2025-11-25
//! gets `elicitation/create` requests during the call. A client on 2026-07-28, where a
//! server may not send requests, gets an `InputRequiredResult` carrying the form and a
//! sealed `requestState`; it calls the tool again with the answer, and the body runs
//! again and finds it.
//!
//! # The `requestState` key
//!
//! The state is sealed with the key in the environment variable `ELICIT_STATE_KEY` (a
//! random secret of at least 32 bytes; every instance of the server that may receive a
//! client's retry needs the same one):
//!
//! ```text
//! ELICIT_STATE_KEY=$(head -c 32 /dev/urandom | base64) cargo run -p elicit-examples --bin stdio_server
//! ```
//!
//! When it is unset, this example (not the library: [`StateSealer`] has no default key)
//! generates a random 32-byte key at start-up and says so on stderr. Rounds then work
//! within one run of the server, but a retry will not survive a restart: the new key
//! refuses the old state, and the client has to call the tool again.

use std::collections::BTreeSet;
use std::fmt::{self, Debug};
use std::time::Duration;

use chrono::NaiveDate;
use elicit_runtime::form::ElicitEnum;
use elicit_runtime::rmcp::{StateError, StateSealer, ToolCall};
use elicit_runtime::{Elicit, ElicitError, Elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde::Deserialize;

// ---- book_table ------------------------------------------------------------------------

/// Arrival time
///
/// A single-select rather than a free string with a `pattern`: a pattern is not part of
/// the official schema types (clients drop it), so a client could never know which times
/// the restaurant takes. A list of slots is something every client can show and fill in.
#[derive(Elicit, Clone, Copy, PartialEq, Eq)]
enum TimeSlot {
    #[elicit(rename = "12:00", title = "12:00 (lunch)")]
    H1200,
    #[elicit(rename = "12:30", title = "12:30 (lunch)")]
    H1230,
    #[elicit(rename = "13:00", title = "13:00 (lunch)")]
    H1300,
    #[elicit(rename = "13:30", title = "13:30 (lunch)")]
    H1330,
    #[elicit(rename = "19:00", title = "19:00 (dinner)")]
    H1900,
    #[elicit(rename = "19:30", title = "19:30 (dinner)")]
    H1930,
    #[elicit(rename = "20:00", title = "20:00 (dinner)")]
    H2000,
    #[elicit(rename = "20:30", title = "20:30 (dinner)")]
    H2030,
    #[elicit(rename = "21:00", title = "21:00 (dinner)")]
    H2100,
}

/// Shows the slot as its time, `19:30`.
impl Debug for TimeSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.wire_value())
    }
}

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
    /// When you arrive: lunch from 12:00 to 13:30, dinner from 19:00 to 21:00
    #[elicit(title = "Time")]
    time: TimeSlot,
    /// Number of guests, including you
    #[elicit(title = "Guests", minimum = 1, maximum = 12, default = 2)]
    guests: u8,
    #[elicit(title = "Area", default = "main_room")]
    area: Area,
    /// Tick everything that applies to someone at the table
    #[elicit(title = "Dietary requirements", max_items = 5)]
    diets: Option<BTreeSet<Diet>>,
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

/// Every form waits at most this long for the user.
const TIMEOUT: Duration = Duration::from_secs(600);

/// How many times a form is asked again when the answer breaks it (with the problems
/// listed under the message, and what was right filled in).
const REASKS: u32 = 2;

/// The environment variable that holds the `requestState` key.
const KEY_VAR: &str = "ELICIT_STATE_KEY";

#[derive(Clone)]
struct Demo {
    /// Seals the state of 2026-07-28 rounds.
    sealer: StateSealer,
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// The error and its chain of sources, as an error reporter prints it.
fn tool_error(err: &ElicitError) -> CallToolResult {
    let mut message = format!("elicitation failed: {err}");
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        message.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    CallToolResult::error(vec![ContentBlock::text(message)])
}

/// Logs the answer; passes `ElicitError::InputRequired` on (on 2026-07-28 the round ends
/// there, and `ToolCall::run` answers with the `InputRequiredResult`), and hands back
/// every other outcome.
fn answered<T: Debug>(tool: &str, answer: Result<Elicitation<T>, ElicitError>) -> Result<Result<Elicitation<T>, ElicitError>, ErrorData> {
    match answer {
        Err(ElicitError::InputRequired) => {
            eprintln!("[stdio_server] {tool}: the form goes to the client in an InputRequiredResult; the answer comes with its retry");
            Err(ElicitError::InputRequired.into())
        }
        answer => {
            eprintln!("[stdio_server] {tool}: {answer:?}");
            Ok(answer)
        }
    }
}

/// The tool's answer for any form: the typed value, `declined`, `cancelled`, or the error.
fn outcome<T: Debug>(tool: &str, answer: Result<Elicitation<T>, ElicitError>) -> Result<CallToolResult, ErrorData> {
    Ok(match answered(tool, answer)? {
        Ok(Elicitation::Accept(value)) => text(format!("accepted: {value:#?}")),
        Ok(Elicitation::Decline) => text("declined: the user chose not to answer"),
        Ok(Elicitation::Cancel) => text("cancelled: the user dismissed the form"),
        Err(err) => tool_error(&err),
    })
}

#[tool_router]
impl Demo {
    #[tool(description = "Book a table at the restaurant. Asks the user for the name, date, time, number of guests, area and dietary requirements.")]
    async fn book_table(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        const MESSAGE: &str = "Book a table: when, how many, and where would you like to sit?";
        call.run(&self.sealer, |ask| async move {
            outcome("book_table", Booking::elicit(&ask, MESSAGE).timeout(TIMEOUT).reask(REASKS).await)
        })
        .await
    }

    #[tool(description = "Ask the user a five-question product survey (rating, favourite feature, platforms, recommendation, comments).")]
    async fn survey(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let message = "A short survey about elicit: five questions, one minute.";
            outcome("survey", Survey::elicit(&ask, message).timeout(TIMEOUT).reask(REASKS).await)
        })
        .await
    }

    #[tool(description = "Delete an item, after the user confirms. Nothing is really deleted: this is an example.")]
    async fn delete_item(&self, call: ToolCall, Parameters(args): Parameters<DeleteArgs>) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let item = args.item.trim();
            let message = format!("Delete `{item}`? This cannot be undone.");
            let tool = format!("delete_item({item:?})");
            // Nothing is deleted before the last question is answered: on 2026-07-28 the
            // body runs again on the client's retry.
            Ok(match answered(&tool, Confirm::elicit(&ask, &message).timeout(TIMEOUT).reask(REASKS).await)? {
                Ok(Elicitation::Accept(Confirm { confirm: true })) => text(format!("deleted `{item}` (not really: this is an example)")),
                Ok(Elicitation::Accept(Confirm { confirm: false })) => text(format!("kept `{item}`: the box was not ticked")),
                Ok(Elicitation::Decline) => text(format!("declined: `{item}` was not deleted")),
                Ok(Elicitation::Cancel) => text(format!("cancelled: `{item}` was not deleted")),
                Err(err) => tool_error(&err),
            })
        })
        .await
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

/// The sealer of `ELICIT_STATE_KEY`, or, when it is unset, of a random key for this run.
fn sealer() -> Result<StateSealer, Box<dyn std::error::Error>> {
    match StateSealer::from_env(KEY_VAR) {
        Err(StateError::MissingKey { .. }) => {
            let mut key = [0u8; 32];
            getrandom::fill(&mut key).map_err(|e| format!("cannot generate a requestState key: {e}"))?;
            eprintln!(
                "[stdio_server] {KEY_VAR} is not set: sealing the requestState of 2026-07-28 rounds with a random key generated for this run; \
                 a client's retry will not survive a restart of the server (set {KEY_VAR} to a random secret of at least 32 bytes)"
            );
            Ok(StateSealer::new(key.to_vec())?)
        }
        sealer => Ok(sealer?),
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sealer = sealer()?;
    eprintln!("[stdio_server] serving MCP on stdin/stdout (tools: book_table, survey, delete_item)");
    let running = Demo { sealer }.serve(rmcp::transport::stdio()).await?;
    match running.peer().peer_info() {
        Some(client) => eprintln!(
            "[stdio_server] client {} {} on protocol {}, elicitation capability: {}",
            client.client_info.name,
            client.client_info.version,
            client.protocol_version,
            client.capabilities.elicitation.as_ref().and_then(|e| serde_json::to_string(e).ok()).unwrap_or_else(|| "none".into()),
        ),
        // 2026-07-28 has no `initialize`: each request carries its revision and capabilities.
        None => eprintln!("[stdio_server] the client did not initialize: protocol 2026-07-28 or later, version and capabilities come with each request"),
    }
    let reason = running.waiting().await?;
    eprintln!("[stdio_server] stopped: {reason:?}");
    Ok(())
}
