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
//! | `connect_api_key` | URL mode: a page of this server where the user types an API key |
//! | `require_api_key` | URL mode: error `-32042` until a key is stored (2025-11-25) |
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
//!
//! # URL mode: `connect_api_key` and `require_api_key`
//!
//! An API key must not pass through the MCP client (form mode must not ask for one), so
//! `connect_api_key` sends the user to a page this server serves itself on a loopback
//! port (module `key_page`): `http://127.0.0.1:PORT/connect?id=ID`, where `ID` is the
//! interaction's unguessable id. The port is `ELICIT_PAGE_PORT`, or one the system
//! picks; stderr says which. The user consents in the client, opens the page, types the
//! key; the page completes the interaction and stores the key in memory, bound to the
//! user. The tool ends with `stored an API key ending in …abcd`: the key itself never
//! crosses MCP.
//!
//! - 2025-11-25: `elicitation/create` with `mode: "url"`, `url` and `elicitationId`; the
//!   tool waits for the page (at most `ELICIT_PAGE_WAIT_SECS`, default 600 seconds),
//!   then sends `notifications/elicitation/complete` and answers.
//! - 2026-07-28: the request travels in an `InputRequiredResult`; the client's retries
//!   get state-only rounds until the page is done.
//! - 2025-06-18 (no URL mode), or a client that did not declare `elicitation.url`: the
//!   tool says so in its result; nothing is asked.
//!
//! `require_api_key` stands for a tool that cannot work without the key: with a key
//! stored it says which one it would use; without one, on 2025-11-25 the call fails with
//! error `-32042` (URLElicitationRequiredError) carrying the page to open, and the
//! client retries once the page is done; on 2026-07-28 it asks in a round.
//!
//! The stdio session has one user, the principal `local-user` ([`LOCAL_USER`]). The page
//! finds out who is on it with [`key_page::page_user`]: here a cookie stands in for a
//! login, and a real server uses its own (its session cookie, whose subject it compares
//! with the principal that started the interaction). A link opened by another user, an
//! unknown, expired or used id gets a refusal page, and nothing is stored.

use std::collections::BTreeSet;
use std::fmt::{self, Debug};
use std::time::Duration;

use chrono::NaiveDate;
use elicit_runtime::form::ElicitEnum;
use elicit_runtime::rmcp::{StateError, StateSealer, ToolCall};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, ElicitError, Elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde::Deserialize;

mod key_page;

use key_page::{KeyPage, LOCAL_USER};

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

/// The environment variable with the port of the API-key page (unset: any free port).
const PAGE_PORT_VAR: &str = "ELICIT_PAGE_PORT";

/// The environment variable with how long `connect_api_key` waits for the page on
/// 2025-11-25, in seconds.
const PAGE_WAIT_VAR: &str = "ELICIT_PAGE_WAIT_SECS";

/// What the URL-mode interactions of the API key are for (one per user at a time, so a
/// retried call finds the one it started).
const KEY_PURPOSE: &str = "api-key";

/// What the client shows beside the page's URL (no URL in it: the specification allows
/// one only in `url`).
const KEY_MESSAGE: &str =
    "elicit-demo needs an API key. Open its page to type it in: the key is stored by the server and never passes through this client.";

#[derive(Clone)]
struct Demo {
    /// Seals the state of 2026-07-28 rounds.
    sealer: StateSealer,
    /// The API-key page: its interactions and the keys it stored.
    page: KeyPage,
    /// How long `connect_api_key` waits for the page (2025-11-25).
    page_wait: Duration,
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

/// What a URL-mode tool says when it could not finish, without the key (which it never
/// sees anyway).
fn key_error(tool: &str, err: ElicitError) -> Result<CallToolResult, ErrorData> {
    let message = match &err {
        // On 2026-07-28 the round ends here: the question goes to the client, or the
        // page is not done yet and the client's retry looks again.
        ElicitError::InputRequired => {
            eprintln!("[stdio_server] {tool}: the round ends here; the client's retry carries on (asks the user, or looks again at the page)");
            return Err(err.into());
        }
        // 2025-11-25: -32042, the client opens the page and retries.
        ElicitError::UrlRequired(_) => {
            eprintln!("[stdio_server] {tool}: no API key yet: error -32042 with the page to open");
            return Err(err.into());
        }
        ElicitError::UrlModeUnavailable(revision) => format!(
            "{tool} cannot ask for an API key here: this client speaks protocol {revision}, which has no URL-mode elicitation \
             (it arrived in 2025-11-25). The key is typed into a web page of this server, never into the MCP client, \
             so use a client on protocol 2025-11-25 or later that supports URL mode. Nothing was asked, no key was stored."
        ),
        ElicitError::UrlNotSupported(_) => format!(
            "{tool} cannot ask for an API key here: this client did not declare URL-mode elicitation (capability `elicitation.url`). \
             The key is typed into a web page of this server, never into the MCP client. Nothing was asked, no key was stored."
        ),
        ElicitError::Timeout(after) => {
            format!("no API key was stored: the page was not completed within {} seconds; call {tool} again to get a new chance", after.as_secs())
        }
        ElicitError::InteractionExpired => format!("no API key was stored: the page's link expired; call {tool} again"),
        _ => {
            eprintln!("[stdio_server] {tool}: {err:?}");
            return Ok(tool_error(&err));
        }
    };
    eprintln!("[stdio_server] {tool}: {message}");
    Ok(CallToolResult::error(vec![ContentBlock::text(message)]))
}

/// `stored an API key ending in …abcd`, from what the page stored for `user`.
async fn stored_key(page: &KeyPage, user: &str) -> CallToolResult {
    match page.keys().ending(user).await {
        Some(end) => text(format!("stored an API key ending in {end}")),
        // The page stores the key as it completes the interaction: not reached.
        None => CallToolResult::error(vec![ContentBlock::text("the page was completed, but no API key is stored")]),
    }
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

    #[tool(
        description = "Connect the user's API key for elicit-demo's (pretend) upstream service. Sends the user to a page of this server \
                       (URL-mode elicitation) where they type the key; the key never passes through the MCP client, the result \
                       says only its last four characters. Needs a client with URL-mode elicitation (protocol 2025-11-25 or later)."
    )]
    async fn connect_api_key(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        const TOOL: &str = "connect_api_key";
        let (page, wait) = (self.page.clone(), self.page_wait);
        // The stdio session's one user; a server over HTTP takes the principal from the
        // request's authentication. Binds the sealed state of 2026-07-28 to it too.
        call.principal(LOCAL_USER)
            .run(&self.sealer, |ask| async move {
                let interactions = page.interactions();
                let request = match interactions.url_request(LOCAL_USER, KEY_PURPOSE, KEY_MESSAGE, |id| page.url(id)).await {
                    Ok(request) => request,
                    Err(err) => return key_error(TOOL, err),
                };
                eprintln!("[stdio_server] {TOOL}: the user's page is {}", request.url());
                match request.ask(&ask).await {
                    Ok(Elicitation::Accept(())) => {}
                    // The user said no: the link stops working, the next call starts anew.
                    Ok(Elicitation::Decline) => {
                        let _ = interactions.store().forget(request.id()).await;
                        return Ok(text("declined: the user chose not to open the page; no API key was stored"));
                    }
                    Ok(Elicitation::Cancel) => {
                        let _ = interactions.store().forget(request.id()).await;
                        return Ok(text("cancelled: the user dismissed the request; no API key was stored"));
                    }
                    Err(ElicitError::InputRequired) => {
                        eprintln!("[stdio_server] {TOOL}: the page's link goes to the client in an InputRequiredResult");
                        return Err(ElicitError::InputRequired.into());
                    }
                    Err(err) => return key_error(TOOL, err),
                }
                if let Err(err) = request.completion(&ask, wait).await {
                    return key_error(TOOL, err);
                }
                // Done: the next call asks again. (2025-11-25 forgot it already; on
                // 2026-07-28 this is the last round, which the runtime cannot tell.)
                let _ = interactions.store().forget(request.id()).await;
                Ok(stored_key(&page, LOCAL_USER).await)
            })
            .await
    }

    #[tool(
        description = "Use the stored API key (this example calls nothing: it says which key it would use). Without a key, on protocol \
                       2025-11-25 the call fails with error -32042 (URL elicitation required) carrying the page where the user types \
                       one; retry once the page is done. On 2026-07-28 the page is asked for in an InputRequiredResult."
    )]
    async fn require_api_key(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        const TOOL: &str = "require_api_key";
        let page = self.page.clone();
        call.principal(LOCAL_USER)
            .run(&self.sealer, |ask| async move {
                if let Some(end) = page.keys().ending(LOCAL_USER).await {
                    return Ok(text(format!("would call the upstream service with the API key ending in {end} (this example calls nothing)")));
                }
                let interactions = page.interactions();
                let request = match interactions.url_request(LOCAL_USER, "api-key-required", KEY_MESSAGE, |id| page.url(id)).await {
                    Ok(request) => request,
                    Err(err) => return key_error(TOOL, err),
                };
                let answer = request.require(&ask).await;
                if !matches!(answer, Err(ElicitError::InputRequired | ElicitError::UrlRequired(_))) {
                    // Answered (or failed): the next call starts anew.
                    let _ = interactions.store().forget(request.id()).await;
                }
                match answer {
                    Ok(Elicitation::Accept(())) => Ok(stored_key(&page, LOCAL_USER).await),
                    Ok(Elicitation::Decline) => Ok(text("declined: the user chose not to open the page; no API key is stored")),
                    Ok(Elicitation::Cancel) => Ok(text("cancelled: the user dismissed the request; no API key is stored")),
                    Err(err) => key_error(TOOL, err),
                }
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
                "Examples of typed elicitation: `book_table`, `survey` and `delete_item` each ask the user to fill in a form \
                 (the client must support elicitation in form mode). `connect_api_key` and `require_api_key` send the user to a \
                 page of this server to type an API key (URL mode, protocol 2025-11-25 or later).",
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

/// A number from the environment variable `var`, or `default` when it is unset.
fn env_number<T: std::str::FromStr>(var: &str, default: T) -> Result<T, String> {
    match std::env::var(var) {
        Err(std::env::VarError::NotPresent) => Ok(default),
        Ok(value) if value.trim().is_empty() => Ok(default),
        Ok(value) => value.trim().parse().map_err(|_| format!("{var}={value:?} is not a valid number")),
        Err(err) => Err(format!("{var}: {err}")),
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sealer = sealer()?;
    let port: u16 = env_number(PAGE_PORT_VAR, 0)?;
    let page_wait = Duration::from_secs(env_number(PAGE_WAIT_VAR, 600)?);
    // `http` to a loopback address is for development only: a deployed page is `https`.
    let interactions = Interactions::default().allow_loopback_http(true);
    let (page, listener) = KeyPage::bind(interactions, port).await.map_err(|e| format!("cannot listen on 127.0.0.1:{port} for the API-key page: {e}"))?;
    eprintln!("[stdio_server] the API-key page of connect_api_key listens on {} (set {PAGE_PORT_VAR} to choose the port)", page.origin());
    tokio::spawn({
        let page = page.clone();
        async move {
            if let Err(err) = page.serve(listener).await {
                eprintln!("[stdio_server] the API-key page stopped: {err}");
            }
        }
    });
    eprintln!("[stdio_server] serving MCP on stdin/stdout (tools: book_table, survey, delete_item, connect_api_key, require_api_key)");
    let running = Demo { sealer, page, page_wait }.serve(rmcp::transport::stdio()).await?;
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
