//! A stdio MCP server with three tools that ask the user for input through typed
//! elicitation: booking a table, a short survey, and a confirmation before deleting
//! something.
//!
//! ```text
//! cargo run -p elicit-servers --bin stdio_server
//! ```
//!
//! It speaks MCP on stdin/stdout, so run it from an MCP client rather than a terminal.
//! With the MCP Inspector:
//!
//! ```text
//! npx @modelcontextprotocol/inspector -- cargo run -q -p elicit-servers --bin stdio_server
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
//! Its options are command-line arguments (`stdio_server --help` lists them with their
//! defaults): `--page-port N`, `--page-wait-secs N`, `--dialect released|elicitation-track`,
//! `--relay-through-model`, `--redis-url URL`, `--progress-every-ms N`. Secrets are not
//! options (other users of the machine can read a process's arguments): the
//! `requestState` key comes from the environment, see below.
//!
//! | tool | form |
//! |---|---|
//! | `book_table` | [`Booking`]: name, date, time (a slot from a list), guests, area, dietary needs (multi-select) |
//! | `survey` | [`Survey`]: rating, favourite feature (titled single-select), platforms (multi-select), recommendation, comments |
//! | `delete_item` `{item}` | [`Confirm`]: one boolean |
//! | `connect_api_key` | URL mode: [`ApiKey`] (a [`Secret`] key, a label) on this server's own page |
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
//! client's retry needs the same one). It is the one setting that is not a command-line
//! option: a secret does not belong in the arguments, which other users of the machine
//! can read:
//!
//! ```text
//! ELICIT_STATE_KEY=$(head -c 32 /dev/urandom | base64) cargo run -p elicit-servers --bin stdio_server
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
//! `connect_api_key` asks for the page form [`ApiKey`] (`#[elicit(page)]`, its key a
//! [`Secret`]) on the page the toolkit serves ([`Pages`]), mounted on a loopback port of
//! this process: `http://127.0.0.1:PORT/elicit/ID`, where `ID` is the interaction's
//! unguessable id. The port is `--page-port N`, or one the system picks; stderr says
//! which. The user consents in the client, opens the page, types the key; the page checks
//! it against the form's rules and completes the interaction; the tool receives the typed
//! [`ApiKey`] and stores the key in memory, bound to the user ([`KeyStore`]: a real server
//! keeps it encrypted in its own store). The tool ends with `stored an API key ending in
//! …abcd`: the key itself never crosses MCP.
//!
//! - 2025-11-25: `elicitation/create` with `mode: "url"`, `url` and `elicitationId`; the
//!   tool waits for the page (at most `--page-wait-secs N`, default 600 seconds),
//!   then sends `notifications/elicitation/complete` and answers.
//! - 2026-07-28: the request travels in an `InputRequiredResult`; the client's retries
//!   get state-only rounds until the page is done.
//! - Several instances of the server share pending interactions when `--redis-url URL`
//!   names a Redis (`redis://127.0.0.1:6379/`): the page served by one instance completes
//!   the interaction a tool waits for on another. Without it, they live in this process's
//!   memory. A URL with a password is a secret: it goes in the environment variable
//!   `ELICIT_REDIS_URL` instead (`--redis-url` refuses it).
//! - 2025-06-18 (no URL mode), or a client that did not declare `elicitation.url`: the
//!   tool says so in its result; nothing is asked.
//!
//! `require_api_key` stands for a tool that cannot work without the key: with a key
//! stored it says which one it would use; without one, on 2025-11-25 the call fails with
//! error `-32042` (URLElicitationRequiredError) carrying the page to open
//! ([`PageRequest::require`](elicit_runtime::page::PageRequest::require)), and the
//! client's retry once the page is done receives the key and stores it; on 2026-07-28 it
//! asks in a round.
//!
//! The stdio session has one user, the principal `local-user` ([`LOCAL_USER`]). The page
//! finds out who is on it with [`page_user`], the login it is given: here a cookie stands
//! in for one, and a real server uses its own (its session cookie, whose subject is the
//! principal its tools pass). A link opened by another user, an unknown, expired or used
//! id gets a refusal page, and nothing is stored.
//!
//! # Progress while the user fills in a form
//!
//! Clients give up on a request after a timeout of their own (60 seconds by default in
//! the TypeScript SDK and the MCP Inspector), and the time a person spends in a form
//! counts. Both restart that timeout when a progress notification arrives for the
//! request. So while a form waits for the user (2025-06-18 and 2025-11-25, where the
//! server sends `elicitation/create` during the call; and `connect_api_key` while it waits
//! for the page), and the `tools/call` carried a
//! `progressToken` in its `_meta`, the server sends `notifications/progress` for it
//! ("waiting for the user to answer a form") every 15 seconds
//! ([`DEFAULT_PROGRESS_EVERY`]). `--progress-every-ms N` sets that interval in
//! milliseconds; `0` turns the notifications off:
//!
//! ```text
//! cargo run -p elicit-servers --bin stdio_server -- --progress-every-ms 5000
//! ```
//!
//! A call without a `progressToken` gets no progress notifications, whatever the
//! interval. On 2026-07-28 the server never waits for the user (the form goes back in an
//! `InputRequiredResult`), so there is nothing to report.
//!
//! # The draft dialect: `--dialect elicitation-track`
//!
//! With it, the server speaks the draft elicitation chapter where it differs from
//! 2025-11-25 ([`Dialect::ElicitationTrack`]): clients follow `connect_api_key`'s page with
//! `elicitation/track` (progress while the page is open, `{"status": "complete"}` when it
//! is done, no `notifications/elicitation/complete`), and `require_api_key` ends with
//! `-32604` instead of `-32042`. The forms are the same.
//!
//! # The "User Interaction" proposal: a client that declares `userInteraction`
//!
//! A client that declares `capabilities.userInteraction` (`{"types": ["prompt", "ua"]}`)
//! is asked in that dialect ([`UserInteraction`]): forms as `prompt` interactions, the
//! API-key page as a `ua` interaction, `require_api_key` ends with `-32003
//! interaction_required`, and `interaction/notify` is answered once the page is done.
//! Only the types the client listed are sent. (rmcp's typed capabilities drop keys they
//! do not know, so the server reads this one off the `initialize` request as it arrives.)
//!
//! # Clients that cannot ask: `--relay-through-model`
//!
//! With it, a question the client cannot show (no `elicitation` capability, or a URL
//! question to a form-only client) goes to the client's model instead
//! ([`ToolCall::relay_through_model`]): the call ends with a result telling the model what
//! to ask the user and how to call the tool back with the argument `elicitRelay`
//! (shown in `tools/list`). `delete_item`'s confirmation is `user_only`: it is never
//! relayed, and such a client gets the typed error.

use std::collections::BTreeSet;
use std::fmt::{self, Debug};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWriteExt, BufReader, DuplexStream};

use chrono::NaiveDate;
use axum::http::request::Parts;
use elicit_runtime::exchange::{Continuation, DEFAULT_PROGRESS_EVERY};
use elicit_runtime::form::{self, ElicitEnum};
use elicit_runtime::page::{PageForm, Pages, Secret};
use elicit_runtime::dialect::{Dialect, InteractionTypes, UserInteraction};
use elicit_runtime::rmcp::{RelayArg, ToolCall, Track};
use elicit_runtime::rounds::{StateError, StateSealer};
use elicit_runtime::url::{Interactions, RedisStore};
use elicit_runtime::{Elicit, ElicitError, Elicitation, ErrorKind, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, CustomRequest, CustomResult, Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde::Deserialize;

mod cli;

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

/// Where the deployment runs
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Environment {
    Staging,
    Production,
}

/// Deploy one of your repositories: the repositories are known only when the tool runs
/// (a run-time select), beside the compile-time fields of the same form.
#[derive(Elicit, Debug)]
#[allow(dead_code, reason = "the answer is shown with `Debug` in the tool's result")]
struct Deploy {
    /// The repository to deploy
    #[elicit(options, title = "Repository")]
    repo: String,
    environment: Environment,
    /// How many instances
    #[elicit(minimum = 1, maximum = 5, default = 2)]
    replicas: u8,
}

/// The user's repositories, as a lookup at run time would return them: id and name.
const REPOSITORIES: [(&str, &str); 4] = [("billing-api", "Billing API"), ("web-shop", "Web shop"), ("docs-site", "Documentation site"), ("ml-models", "ML models")];

/// How would you like to pay? A choice that leads to different questions: asked in two
/// steps, the way to pay, then what that way needs.
#[derive(Elicit, Debug)]
#[elicit(rename_all = "snake_case")]
#[allow(dead_code, reason = "the answer is shown with `Debug` in the tool's result")]
enum Payment {
    /// An invoice, sent by email
    #[elicit(title = "Invoice by email")]
    Invoice {
        /// Where the invoice goes
        #[elicit(format = "email")]
        email: String,
        /// Your purchase order number, if any
        #[elicit(max_length = 40)]
        purchase_order: Option<String>,
    },
    /// Pay at the desk when you arrive
    #[elicit(title = "At the desk")]
    AtTheDesk,
}

/// A short product survey.
#[derive(Elicit, Debug)]
struct Survey {
    /// 1 (poor) to 5 (excellent)
    #[elicit(title = "Overall rating", title(ko = "전체 평점", zh_hans = "总体评分"), minimum = 1, maximum = 5)]
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

// ---- connect_api_key, require_api_key -----------------------------------------------------

/// Connect your API key
///
/// A page form: only ever shown on this server's page, never in the MCP client; its key a
/// [`Secret`] (redacted `Debug`, zeroized when dropped). The page's heading is the first
/// paragraph only.
#[derive(Elicit, Debug)]
#[elicit(page)]
pub(crate) struct ApiKey {
    /// The key elicit-demo should use for you: 8 to 256 characters, no spaces
    #[elicit(title = "API key", min_length = 8, max_length = 256, pattern = "^\\S+$")]
    key: Secret,
    /// A name to tell the key apart
    #[elicit(title = "Label", max_length = 40)]
    label: Option<String>,
}

/// The principal of the stdio session: a stdio server has one user, the person who
/// started it (a server reached over HTTP takes it from the request's authentication).
pub(crate) const LOCAL_USER: &str = "local-user";

/// The cookie that stands in for the page's login in this example: its value is the
/// user's name. Without it, the browser is [`LOCAL_USER`].
const USER_COOKIE: &str = "elicit_demo_user";

/// Who is on the page: the page's login ([`PageLogin`](elicit_runtime::page::PageLogin)).
/// **The stand-in for a login**: a real server reads its session cookie here and returns
/// the authenticated subject; this example trusts the [`USER_COOKIE`] cookie, and a
/// browser without it is [`LOCAL_USER`].
fn page_user(request: &Parts) -> Option<String> {
    let cookie = request
        .headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|cookie| cookie.trim().split_once('='))
        .find(|(name, _)| *name == USER_COOKIE)
        .map(|(_, value)| value.trim_matches('"').to_owned())
        .filter(|user| !user.is_empty());
    Some(cookie.unwrap_or_else(|| LOCAL_USER.to_owned()))
}

/// The HTTP app of the page: [`Pages::router`] at `/elicit`, with [`page_user`] as its
/// login.
pub(crate) fn page_app(pages: &Pages) -> axum::Router {
    pages.register::<ApiKey>();
    axum::Router::new().nest("/elicit", pages.router(page_user))
}

/// The API keys the tools received, each bound to its user. In memory: a real server keeps
/// them encrypted in its own store, and never hands them to the MCP client (only what it
/// did with them).
#[derive(Default)]
struct KeyStore {
    keys: tokio::sync::Mutex<std::collections::HashMap<String, Secret>>,
}

impl KeyStore {
    /// Keeps `key` for `principal`: `…` and its last four characters.
    async fn store(&self, principal: &str, key: Secret) -> String {
        let end = ending(key.expose());
        self.keys.lock().await.insert(principal.to_owned(), key);
        end
    }

    /// The last four characters of `principal`'s key, `…abcd`, if one is stored.
    async fn ending(&self, principal: &str) -> Option<String> {
        self.keys.lock().await.get(principal).map(|key| ending(key.expose()))
    }
}

/// `…` and the last four characters.
fn ending(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let tail: String = chars[chars.len().saturating_sub(4)..].iter().collect();
    format!("…{tail}")
}

/// The arguments of the tools without arguments of their own: the model's call-back,
/// shown in `tools/list` when the fallback through the model is on.
#[derive(Deserialize, schemars::JsonSchema)]
struct RelayArgs {
    /// Only when this tool's result asks for it: the continuation and the user's answers,
    /// relayed by you.
    #[serde(default, rename = "elicitRelay")]
    #[expect(dead_code, reason = "the runtime reads it from the raw arguments; the field puts it into tools/list")]
    relay: RelayArg,
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

/// The environment variable that holds the `requestState` key: a secret, so not an option
/// (other users of the machine can read a process's arguments).
const KEY_VAR: &str = "ELICIT_STATE_KEY";

/// The environment variable for the URL of a Redis that needs a password: the password is
/// a secret, so such a URL is not given with `--redis-url`.
const REDIS_SECRET_VAR: &str = "ELICIT_REDIS_URL";

/// What `require_api_key`'s page is for, beside `connect_api_key`'s (one interaction per
/// user, form and purpose at a time, so a retried call finds the one it started).
const REQUIRED_PURPOSE: &str = "required";

/// What the client shows beside the page's URL (no URL in it: the specification allows
/// one only in `url`).
const KEY_MESSAGE: &str =
    "elicit-demo needs an API key. Open its page to type it in: the key is stored by the server and never passes through this client.";

#[derive(Clone)]
pub(crate) struct Demo {
    /// Seals the state of 2026-07-28 rounds.
    sealer: StateSealer,
    /// The page of [`ApiKey`], and the interactions it completes.
    pages: Pages,
    /// The keys the tools received.
    keys: Arc<KeyStore>,
    /// How long `connect_api_key` waits for the page (2025-11-25).
    page_wait: Duration,
    /// How often a form that waits for the user says so (`None`: never).
    progress_every: Option<Duration>,
    /// Whether questions the client cannot show go to its model (`--relay-through-model`).
    relay: bool,
    /// What the client declared in `userInteraction` (the proposal of seed 000).
    declared: Declared,
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

/// Logs the answer; passes `Continuation::InputRequired` on (on 2026-07-28 the round ends
/// there, and `ToolCall::run` answers with the `InputRequiredResult`), and hands back
/// every other outcome.
fn answered<T: Debug>(tool: &str, answer: Result<Elicitation<T>, ElicitError>) -> Result<Result<Elicitation<T>, ElicitError>, ErrorData> {
    match answer {
        Err(err) if err.is_input_required() => {
            eprintln!(
                "[stdio_server] {tool}: the round ends here: the form goes to the client in an InputRequiredResult (or, with the fallback, to its model); the answer comes with the retry"
            );
            Err(err.into())
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
/// sees anyway); `revision` is the call's.
fn key_error(tool: &str, revision: Option<ProtocolRevision>, err: ElicitError) -> Result<CallToolResult, ErrorData> {
    let message = match (err.kind(), err.continuation()) {
        // On 2026-07-28 the round ends here: the question goes to the client, or the
        // page is not done yet and the client's retry looks again.
        (_, Some(Continuation::InputRequired)) => {
            eprintln!("[stdio_server] {tool}: the round ends here; the client's retry carries on (asks the user, or looks again at the page)");
            return Err(err.into());
        }
        // 2025-11-25: -32042 (the drafts: -32604, -32003), the client opens the page and retries.
        (_, Some(Continuation::UrlRequired(_) | Continuation::ElicitationRequired(_) | Continuation::InteractionRequired(_))) => {
            eprintln!("[stdio_server] {tool}: no API key yet: an error carrying the page to open");
            return Err(err.into());
        }
        (ErrorKind::UnsupportedRevision, _) => format!(
            "{tool} cannot ask for an API key here: this client speaks protocol {}, which has no URL-mode elicitation \
             (it arrived in 2025-11-25). The key is typed into a web page of this server, never into the MCP client, \
             so use a client on protocol 2025-11-25 or later that supports URL mode. Nothing was asked, no key was stored.",
            revision.map_or_else(|| "(none negotiated)".to_owned(), |revision| revision.to_string())
        ),
        (ErrorKind::NotSupported, _) => format!(
            "{tool} cannot ask for an API key here: this client did not declare URL-mode elicitation (capability `elicitation.url`). \
             The key is typed into a web page of this server, never into the MCP client. Nothing was asked, no key was stored."
        ),
        (_, Some(Continuation::StillPending { waited, .. })) => format!(
            "no API key is stored yet: the page was not completed within {} seconds; its link stays valid for a while, \
             complete it and call {tool} again",
            waited.as_secs()
        ),
        (ErrorKind::Expired, _) => format!("no API key was stored: the page's link expired; call {tool} again"),
        _ => {
            eprintln!("[stdio_server] {tool}: {err:?}");
            return Ok(tool_error(&err));
        }
    };
    eprintln!("[stdio_server] {tool}: {message}");
    Ok(CallToolResult::error(vec![ContentBlock::text(message)]))
}

/// Stores the key the page received for `user`: `stored an API key ending in …abcd`.
async fn stored_key(keys: &KeyStore, user: &str, received: ApiKey) -> CallToolResult {
    let ApiKey { key, label } = received;
    let end = keys.store(user, key).await;
    eprintln!("[stdio_server] stored an API key for {user:?} (ending in {end}, label {label:?})");
    text(format!("stored an API key ending in {end}"))
}

#[tool_router]
impl Demo {
    #[tool(description = "Book a table at the restaurant. Asks the user for the name, date, time, number of guests, area and dietary requirements.")]
    async fn book_table(&self, call: ToolCall, Parameters(_): Parameters<RelayArgs>) -> Result<CallToolResponse, ErrorData> {
        let declared = self.declared.get();
        const MESSAGE: &str = "Book a table: when, how many, and where would you like to sit?";
        let every = self.progress_every;
        call.relay_through_model(self.relay).run(&self.sealer, |ask| async move {
            // A client that declared `userInteraction` is asked in that dialect.
            let ask = UserInteraction::if_declared(&ask, declared);
            outcome("book_table", Booking::elicit(&ask, MESSAGE).timeout(TIMEOUT).progress_every(every).reask(REASKS).await)
        })
        .await
    }

    #[tool(description = "Ask the user a five-question product survey (rating, favourite feature, platforms, recommendation, comments).")]
    async fn survey(&self, call: ToolCall, Parameters(_): Parameters<RelayArgs>) -> Result<CallToolResponse, ErrorData> {
        let declared = self.declared.get();
        let every = self.progress_every;
        call.relay_through_model(self.relay).run(&self.sealer, |ask| async move {
            // A client that declared `userInteraction` is asked in that dialect.
            let ask = UserInteraction::if_declared(&ask, declared);
            let message = "A short survey about elicit: five questions, one minute.";
            outcome("survey", Survey::elicit(&ask, message).timeout(TIMEOUT).progress_every(every).reask(REASKS).await)
        })
        .await
    }

    #[tool(description = "Ask the user how they would like to pay: a choice in two steps (the way to pay, then that way's details).")]
    async fn pay(&self, call: ToolCall, Parameters(_): Parameters<RelayArgs>) -> Result<CallToolResponse, ErrorData> {
        let declared = self.declared.get();
        call.relay_through_model(self.relay).run(&self.sealer, |ask| async move {
            // A client that declared `userInteraction` is asked in that dialect.
            let ask = UserInteraction::if_declared(&ask, declared);
            outcome("pay", Payment::elicit(&ask, "How would you like to pay?").timeout(TIMEOUT).reask(REASKS).await)
        })
        .await
    }

    #[tool(description = "Deploy one of your repositories: asks which (options the tool gets at run time), the environment and the number of replicas.")]
    async fn deploy(&self, call: ToolCall, Parameters(_): Parameters<RelayArgs>) -> Result<CallToolResponse, ErrorData> {
        let declared = self.declared.get();
        call.relay_through_model(self.relay).run(&self.sealer, |ask| async move {
            // A client that declared `userInteraction` is asked in that dialect.
            let ask = UserInteraction::if_declared(&ask, declared);
            let mine = REPOSITORIES.iter().map(|&(id, name)| (id, name, id.to_owned()));
            let repo = form::Options::new(mine).map_err(|error| ElicitError::options("repo", error))?;
            outcome("deploy", Deploy::elicit_with(&ask, "Deploy which repository, where, and how many replicas?", DeployOptions { repo }).timeout(TIMEOUT).reask(REASKS).await)
        })
        .await
    }

    #[tool(description = "Delete an item, after the user confirms. Nothing is really deleted: this is an example.")]
    async fn delete_item(&self, call: ToolCall, Parameters(args): Parameters<DeleteArgs>) -> Result<CallToolResponse, ErrorData> {
        let declared = self.declared.get();
        let every = self.progress_every;
        // A destructive confirmation: only the user may give it (`user_only`), so even with
        // the fallback on, a client that cannot ask gets the typed error, not the model.
        call.relay_through_model(self.relay).run(&self.sealer, |ask| async move {
            // A client that declared `userInteraction` is asked in that dialect.
            let ask = UserInteraction::if_declared(&ask, declared);
            let item = args.item.trim();
            let message = format!("Delete `{item}`? This cannot be undone.");
            let tool = format!("delete_item({item:?})");
            // Nothing is deleted before the last question is answered: on 2026-07-28 the
            // body runs again on the client's retry.
            Ok(match answered(&tool, Confirm::elicit(&ask, message.as_str()).user_only().timeout(TIMEOUT).progress_every(every).reask(REASKS).await)? {
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
    async fn connect_api_key(&self, call: ToolCall, Parameters(_): Parameters<RelayArgs>) -> Result<CallToolResponse, ErrorData> {
        let declared = self.declared.get();
        const TOOL: &str = "connect_api_key";
        let revision = call.revision();
        let (pages, keys, wait, every) = (self.pages.clone(), self.keys.clone(), self.page_wait, self.progress_every);
        // The stdio session's one user; a server over HTTP takes the principal from the
        // request's authentication. Binds the sealed state of 2026-07-28 to it too.
        call.principal(LOCAL_USER)
            .relay_through_model(self.relay)
            .run(&self.sealer, |ask| async move {
                // A client that declared `userInteraction` is asked in that dialect.
                let ask = UserInteraction::if_declared(&ask, declared);
                // Completed, the interaction is consumed: the next call asks again.
                match ApiKey::elicit_via_page(&ask, &pages, KEY_MESSAGE).wait(wait).progress_every(every).await {
                    Ok(Elicitation::Accept(received)) => Ok(stored_key(&keys, LOCAL_USER, received).await),
                    // The user said no: the link stops working, the next call starts anew.
                    Ok(Elicitation::Decline) => Ok(text("declined: the user chose not to open the page; no API key was stored")),
                    Ok(Elicitation::Cancel) => Ok(text("cancelled: the user dismissed the request; no API key was stored")),
                    Err(err) => key_error(TOOL, revision, err),
                }
            })
            .await
    }

    #[tool(
        description = "Use the stored API key (this example calls nothing: it says which key it would use). Without a key, on protocol \
                       2025-11-25 the call fails with error -32042 (URL elicitation required) carrying the page where the user types \
                       one; retry once the page is done. On 2026-07-28 the page is asked for in an InputRequiredResult."
    )]
    async fn require_api_key(&self, call: ToolCall, Parameters(_): Parameters<RelayArgs>) -> Result<CallToolResponse, ErrorData> {
        let declared = self.declared.get();
        const TOOL: &str = "require_api_key";
        let revision = call.revision();
        let (pages, keys) = (self.pages.clone(), self.keys.clone());
        call.principal(LOCAL_USER)
            .relay_through_model(self.relay)
            .run(&self.sealer, |ask| async move {
                // A client that declared `userInteraction` is asked in that dialect.
                let ask = UserInteraction::if_declared(&ask, declared);
                if let Some(end) = keys.ending(LOCAL_USER).await {
                    return Ok(text(format!("would call the upstream service with the API key ending in {end} (this example calls nothing)")));
                }
                // Completed, declined or cancelled, the interaction is consumed: the next
                // call starts anew.
                match ApiKey::elicit_via_page(&ask, &pages, KEY_MESSAGE).purpose(REQUIRED_PURPOSE).require().await {
                    Ok(Elicitation::Accept(received)) => Ok(stored_key(&keys, LOCAL_USER, received).await),
                    Ok(Elicitation::Decline) => Ok(text("declined: the user chose not to open the page; no API key is stored")),
                    Ok(Elicitation::Cancel) => Ok(text("cancelled: the user dismissed the request; no API key is stored")),
                    Err(err) => key_error(TOOL, revision, err),
                }
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Demo {
    /// `elicitation/track`, in the draft dialect (`--dialect elicitation-track`), and
    /// `interaction/notify` for a client that declared `userInteraction`.
    async fn on_custom_request(&self, request: CustomRequest, context: RequestContext<RoleServer>) -> Result<CustomResult, ErrorData> {
        let interactions = self.pages.interactions();
        match request.method.as_str() {
            Track::NOTIFY_METHOD if self.declared.get().is_some() => {
                Track::new(interactions, LOCAL_USER).message("waiting for you to finish on the API-key page").answer_notify(request, context).await
            }
            Track::METHOD if interactions.dialect_in_use() == Dialect::ElicitationTrack => {
                Track::new(interactions, LOCAL_USER).message("waiting for you to finish on the API-key page").answer(request, context).await
            }
            other => Err(ErrorData::new(rmcp::model::ErrorCode::METHOD_NOT_FOUND, format!("method not found: {other}"), None)),
        }
    }

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

/// What the client declared in `capabilities.userInteraction` (the proposal of seed 000),
/// read off its `initialize` request on the way in: rmcp's typed capabilities keep only
/// the keys they know.
#[derive(Clone, Default)]
struct Declared(Arc<OnceLock<Option<InteractionTypes>>>);

impl Declared {
    /// The types the client listed, if it declared the capability.
    fn get(&self) -> Option<InteractionTypes> {
        self.0.get().copied().flatten()
    }

    /// Passes `input` through, reading the `initialize` request's capabilities on the way.
    fn tap(&self, input: impl AsyncRead + Unpin + Send + 'static) -> DuplexStream {
        let (tapped, mut forward) = tokio::io::duplex(64 * 1024);
        let declared = self.0.clone();
        tokio::spawn(async move {
            let mut lines = BufReader::new(input).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                if declared.get().is_none()
                    && line.contains("\"initialize\"")
                    && let Ok(message) = serde_json::from_str::<serde_json::Value>(&line)
                    && message["method"] == "initialize"
                {
                    let _ = declared.set(InteractionTypes::from_capability(message.pointer("/params/capabilities/userInteraction")));
                }
                if forward.write_all(line.as_bytes()).await.is_err() || forward.write_all(b"\n").await.is_err() {
                    break;
                }
            }
        });
        tapped
    }
}

/// The URL-mode interactions: in this process's memory, or in the Redis at `redis_url`,
/// shared by every instance that uses it.
async fn interactions(redis_url: Option<&str>) -> Result<Interactions, Box<dyn std::error::Error>> {
    match redis_url {
        Some(url) => {
            let store = RedisStore::connect(url).await.map_err(|e| format!("the Redis of --redis-url: {e}"))?.prefix("elicit-demo");
            eprintln!("[stdio_server] URL-mode interactions are kept in a Redis, shared with other instances");
            Ok(Interactions::new(store))
        }
        None => Ok(Interactions::default()),
    }
}

// ---- the command line ------------------------------------------------------------------

/// How the server is set up: its command line (`--help` lists it), parsed in one place.
/// The `requestState` key is not here: it is a secret, read from `ELICIT_STATE_KEY`.
#[derive(Debug, PartialEq, Eq)]
struct Options {
    /// `--page-port`: the port of the API-key page on 127.0.0.1 (0: one the system picks).
    page_port: u16,
    /// `--page-wait-secs`: how long `connect_api_key` waits for the page on 2025-11-25.
    page_wait: Duration,
    /// `--dialect`: the released revisions, or the draft chapter's `elicitation/track`.
    dialect: Dialect,
    /// `--relay-through-model`: questions the client cannot show go to its model.
    relay: bool,
    /// `--redis-url` (or `ELICIT_REDIS_URL` for one with a password): where URL-mode
    /// interactions are kept, shared by several instances; `None`: in memory.
    redis_url: Option<String>,
    /// `--progress-every-ms`: how often a form that waits for the user says so (`None`: never).
    progress_every: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            page_port: 0,
            page_wait: Duration::from_secs(600),
            dialect: Dialect::Released,
            relay: false,
            redis_url: None,
            progress_every: Some(DEFAULT_PROGRESS_EVERY),
        }
    }
}

/// What `--help` prints, and the options the parser takes.
fn command() -> cli::Command {
    let defaults = Options::default();
    let millis = defaults.progress_every.map_or(0, |every| every.as_millis());
    let opt = |name, value, help: String| cli::Opt { name, value, help };
    cli::Command {
        name: "stdio_server",
        usage: "[OPTIONS]",
        about: "An MCP server on stdin/stdout whose tools ask the user for input through typed elicitation \
                (book_table, survey, delete_item) and URL mode (connect_api_key, require_api_key).",
        options: vec![
            opt("--page-port", "N", format!("the port of the API-key page on 127.0.0.1; 0: one the system picks (default: {})", defaults.page_port)),
            opt(
                "--page-wait-secs",
                "N",
                format!("how long connect_api_key waits for the page on 2025-11-25, in seconds (default: {})", defaults.page_wait.as_secs()),
            ),
            opt("--dialect", "released|elicitation-track", "released: the released revisions; elicitation-track: the draft chapter's elicitation/track and -32604 (default: released)".to_owned()),
            opt("--relay-through-model", "", "a question the client cannot show goes to its model (default: off)".to_owned()),
            opt(
                "--redis-url",
                "URL",
                format!(
                    "keep URL-mode interactions in this Redis (redis://127.0.0.1:6379/), shared by several instances (default: in memory); \
                     a URL with a password goes in {REDIS_SECRET_VAR} instead"
                ),
            ),
            opt(
                "--progress-every-ms",
                "N",
                format!("how often a form that waits for the user sends notifications/progress, in milliseconds; 0: never (default: {millis})"),
            ),
        ],
        environment: vec![
            (
                KEY_VAR,
                "the key that seals the requestState of 2026-07-28 rounds, a random secret of at least 32 bytes, the same in every \
                 instance (unset: a random key for this run)"
                    .to_owned(),
            ),
            (REDIS_SECRET_VAR, "the URL of a Redis that needs a password (read only without --redis-url)".to_owned()),
        ],
    }
}

impl Options {
    /// The options in `args` (without the program's name); `redis_secret` is the value of
    /// `ELICIT_REDIS_URL`.
    fn parse(command: &cli::Command, args: impl IntoIterator<Item = String>, redis_secret: Option<String>) -> Result<Self, cli::Stop> {
        let mut options = Self::default();
        let mut args = command.args(args);
        while let Some(arg) = args.next()? {
            match arg {
                cli::Arg::Named(name @ "--page-port", value) => options.page_port = cli::parse(name, &value, "a port number, 0 to 65535")?,
                cli::Arg::Named(name @ "--page-wait-secs", value) => {
                    options.page_wait = Duration::from_secs(cli::parse(name, &value, "a whole number of seconds")?);
                }
                cli::Arg::Named(name @ "--dialect", value) => {
                    options.dialect = match value.as_str() {
                        "released" => Dialect::Released,
                        "elicitation-track" => Dialect::ElicitationTrack,
                        _ => return Err(cli::bad(name, &value, "`released` or `elicitation-track`")),
                    };
                }
                cli::Arg::Named("--relay-through-model", _) => options.relay = true,
                cli::Arg::Named(name @ "--redis-url", value) => {
                    if value.trim().is_empty() {
                        return Err(cli::bad(name, &value, "a Redis URL, redis://HOST:PORT/"));
                    }
                    if has_password(&value) {
                        return Err(cli::Stop::Bad(format!(
                            "`{name}`: the URL carries a password, which other users of the machine can read in the process list; \
                             put the URL in the environment variable {REDIS_SECRET_VAR} instead"
                        )));
                    }
                    options.redis_url = Some(value.trim().to_owned());
                }
                cli::Arg::Named(name @ "--progress-every-ms", value) => {
                    options.progress_every = match cli::parse(name, &value, "a whole number of milliseconds, 0 for never")? {
                        0 => None,
                        millis => Some(Duration::from_millis(millis)),
                    };
                }
                cli::Arg::Named(name, _) => return Err(cli::Stop::Bad(format!("`{name}` is not handled (a bug of this server)"))),
                cli::Arg::Positional(arg) => return Err(cli::Stop::Bad(format!("unexpected argument `{arg}`: stdio_server takes only options"))),
            }
        }
        if options.redis_url.is_none() {
            options.redis_url = redis_secret.map(|url| url.trim().to_owned()).filter(|url| !url.is_empty());
        }
        Ok(options)
    }
}

/// Whether the Redis URL `url` carries a password (`redis://:PASSWORD@host/`,
/// `redis://USER:PASSWORD@host/`, `redis+unix:///path?pass=PASSWORD`).
fn has_password(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let in_userinfo = authority.rsplit_once('@').is_some_and(|(userinfo, _)| userinfo.contains(':'));
    let query = rest.split_once('?').map_or("", |(_, query)| query);
    in_userinfo || query.split('&').any(|pair| pair.starts_with("pass=") || pair.starts_with("password="))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let command = command();
    let Options { page_port: port, page_wait, dialect, relay, redis_url, progress_every } =
        Options::parse(&command, std::env::args().skip(1), std::env::var(REDIS_SECRET_VAR).ok()).unwrap_or_else(|stop| command.exit(stop));
    let sealer = sealer()?;
    // `http` to a loopback address is for development only: a deployed page is `https`.
    let interactions = interactions(redis_url.as_deref()).await?.allow_loopback_http(true).dialect(dialect);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.map_err(|e| format!("cannot listen on 127.0.0.1:{port} for the API-key page: {e}"))?;
    let origin = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
    // The page's values are sealed with the same key ring as the requestState.
    let pages = Pages::new(interactions, sealer.clone(), &format!("{origin}/elicit"))?;
    eprintln!("[stdio_server] the API-key page of connect_api_key listens on {origin}/elicit/ (--page-port chooses the port)");
    let app = page_app(&pages);
    tokio::spawn(async move {
        if let Err(err) = axum::serve(listener, app).await {
            eprintln!("[stdio_server] the API-key page stopped: {err}");
        }
    });
    eprintln!("[stdio_server] serving MCP on stdin/stdout (tools: book_table, survey, pay, delete_item, connect_api_key, require_api_key)");
    let declared = Declared::default();
    let stdin = declared.tap(tokio::io::stdin());
    let running = Demo { sealer, pages, keys: Arc::default(), page_wait, progress_every, relay, declared }.serve((stdin, tokio::io::stdout())).await?;
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

/// The tools this server lists, for tests/tests/tool_schemas.rs (which includes this file
/// with `#[path]`).
#[cfg(test)]
#[allow(dead_code, reason = "used where tool_schemas.rs includes this file, not by this binary's own tests")]
pub(crate) fn tools() -> Vec<rmcp::model::Tool> {
    Demo::tool_router().list_all()
}

/// This server as the tests run it in memory (tests/tests/clients.rs includes this file
/// with `#[path]`): a fixed `requestState` key, URL mode in memory, no progress; `relay`
/// as `--relay-through-model`.
#[cfg(test)]
#[allow(dead_code, reason = "used where clients.rs includes this file, not by this binary's own tests")]
pub(crate) fn test_server(relay: bool) -> Result<Demo, Box<dyn std::error::Error>> {
    let sealer = StateSealer::new(vec![7; 32])?;
    let pages = Pages::new(Interactions::default().allow_loopback_http(true), sealer.clone(), "http://127.0.0.1:9/elicit")?;
    let declared = Declared::default();
    Ok(Demo { sealer, pages, keys: Arc::default(), page_wait: Duration::from_secs(1), progress_every: None, relay, declared })
}

/// What a user answers in each form tool of this server (tests/tests/clients.rs): the
/// replies, in order, that fill in every form the tool asks, meaning the same typed
/// values whatever the client.
#[cfg(test)]
#[allow(dead_code, reason = "used where clients.rs includes this file, not by this binary's own tests")]
pub(crate) fn answers(tool: &str) -> Vec<elicit_runtime::testing::Reply> {
    use elicit_runtime::testing::Reply;
    match tool {
        "book_table" => vec![Reply::fill(&Booking {
            name: "Ada Lovelace".into(),
            date: NaiveDate::from_ymd_opt(2026, 12, 24).unwrap_or_default(),
            time: TimeSlot::H1930,
            guests: 4,
            area: Area::Terrace,
            diets: Some([Diet::Vegan, Diet::NutAllergy].into()),
        })],
        "survey" => vec![Reply::fill(&Survey {
            rating: 4,
            favourite: Feature::Validation,
            platforms: vec![Platform::Linux, Platform::Wasm],
            recommend: Recommend::Yes,
            comments: Some("Works in every client I tried".into()),
        })],
        "delete_item" => vec![Reply::fill(&Confirm { confirm: true })],
        // The box left as it is: unticked.
        "delete_item_kept" => vec![Reply::fill_json(serde_json::json!({}))],
        // The choice by its title, as the user picks it; then the invoice's fields.
        // The repository by its title, as the user reads it; the rest as the form asks.
        "deploy" => vec![Reply::pick(serde_json::json!({"repo": "Web shop", "environment": "production", "replicas": 3}))],
        "pay" => vec![
            Reply::fill_json(serde_json::json!({"choice": "Invoice by email"})),
            Reply::fill_json(serde_json::json!({"email": "ada@example.com", "purchase_order": "PO-1815"})),
        ],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod options_tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, cli::Stop> {
        Options::parse(&command(), args.iter().map(|a| (*a).to_owned()), None)
    }

    fn bad(args: &[&str]) -> String {
        match parse(args) {
            Err(cli::Stop::Bad(message)) => message,
            other => panic!("{args:?}: expected an error, got {other:?}"),
        }
    }

    #[test]
    fn no_arguments_are_the_defaults() {
        let options = parse(&[]).unwrap();
        assert_eq!(options, Options::default());
        assert_eq!((options.page_port, options.page_wait, options.progress_every), (0, Duration::from_secs(600), Some(Duration::from_secs(15))));
        assert_eq!((options.dialect, options.relay, options.redis_url), (Dialect::Released, false, None));
    }

    #[test]
    fn every_option_is_read() {
        let options = parse(&[
            "--page-port",
            "8766",
            "--page-wait-secs=30",
            "--dialect",
            "elicitation-track",
            "--relay-through-model",
            "--redis-url",
            "redis://127.0.0.1:6379/",
            "--progress-every-ms",
            "0",
        ])
        .unwrap();
        assert_eq!(
            options,
            Options {
                page_port: 8766,
                page_wait: Duration::from_secs(30),
                dialect: Dialect::ElicitationTrack,
                relay: true,
                redis_url: Some("redis://127.0.0.1:6379/".into()),
                progress_every: None,
            }
        );
        assert_eq!(parse(&["--progress-every-ms", "300", "--dialect", "released"]).unwrap().progress_every, Some(Duration::from_millis(300)));
    }

    #[test]
    fn a_bad_argument_is_named_with_what_is_allowed() {
        assert_eq!(bad(&["--page-port", "70000"]), "invalid value `70000` for `--page-port`: expected a port number, 0 to 65535");
        assert_eq!(bad(&["--dialect", "draft"]), "invalid value `draft` for `--dialect`: expected `released` or `elicitation-track`");
        assert!(bad(&["--page-wait"]).starts_with("unknown option `--page-wait`; the options are --page-port, --page-wait-secs,"));
        assert_eq!(bad(&["--page-wait-secs"]), "`--page-wait-secs` needs a value: --page-wait-secs N");
        assert_eq!(bad(&["--relay-through-model=1"]), "`--relay-through-model` is a flag and takes no value (got `1`)");
        assert!(bad(&["8766"]).starts_with("unexpected argument `8766`"));
        assert!(bad(&["--redis-url", "redis://:hunter2@127.0.0.1/"]).contains("ELICIT_REDIS_URL"));
        assert!(!bad(&["--redis-url", "redis://:hunter2@127.0.0.1/"]).contains("hunter2"), "the error does not repeat the password");
        assert_eq!(parse(&["--help"]), Err(cli::Stop::Help));
        assert_eq!(parse(&["--page-port", "x", "-h"]).unwrap_err(), cli::bad("--page-port", "x", "a port number, 0 to 65535"));
    }

    #[test]
    fn a_redis_url_with_a_password_comes_from_the_environment() {
        let from_env = |args: &[&str], env: &str| Options::parse(&command(), args.iter().map(|a| (*a).to_owned()), Some(env.to_owned())).unwrap().redis_url;
        assert_eq!(from_env(&[], "redis://:secret@db/"), Some("redis://:secret@db/".into()));
        assert_eq!(from_env(&["--redis-url", "redis://other/"], "redis://:secret@db/"), Some("redis://other/".into()));
        assert_eq!(from_env(&[], " "), None);
        assert!(has_password("redis://user:pw@host:6379/0") && has_password("redis+unix:///run/redis.sock?db=1&pass=pw"));
        assert!(!has_password("redis://host:6379/0") && !has_password("redis://user@host/"));
    }

    #[test]
    fn the_help_lists_every_option_with_its_default_and_the_secret() {
        let help = command().help();
        for option in command().options {
            assert!(help.contains(option.name) && option.help.contains("default"), "{}", option.name);
        }
        assert!(help.contains("ELICIT_STATE_KEY") && help.contains("(default: 15000)") && help.contains("(default: 600)"), "{help}");
    }
}
