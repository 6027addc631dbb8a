//! An rmcp server and an rmcp client in one process, connected in memory, showing a typed
//! elicitation from end to end: the form the server derives, the form as it crosses the
//! wire, the form rendered in the terminal, the answer, and the typed value (or the typed
//! error) the tool gets.
//!
//! ```text
//! cargo run -p elicit-examples --bin demo                          # protocol 2025-11-25
//! cargo run -p elicit-examples --bin demo -- --protocol 2025-06-18 # the older wire
//! cargo run -p elicit-examples --bin demo -- --protocol 2026-07-28 # InputRequiredResult rounds
//! cargo run -p elicit-examples --bin demo -- --auto                # no prompts, even in a terminal
//! ```
//!
//! In a terminal the client asks you for each field (type `:decline` or `:cancel` at any
//! prompt to answer that way). Without a terminal on stdin (CI, `</dev/null`) it answers by
//! itself, four times: it accepts with defaults and sample values, declines, cancels, and
//! finally sends content that breaks the form in seven ways, so that the server re-asks
//! once with the problems listed, then reports the typed error with every violation.
//!
//! The tool runs its body with `ToolCall::run`, so the same body serves every revision:
//!
//! - On 2025-11-25 and 2025-06-18 the server sends `elicitation/create` to the client
//!   during the call; the output shows each request and the client's answer.
//! - On 2026-07-28 a server may not send requests. The tool answers the `tools/call` with
//!   an `InputRequiredResult` (the form in `inputRequests`, and a sealed `requestState`);
//!   rmcp's client asks the user and calls the tool again with `inputResponses` and the
//!   state, and the body runs again and finds the answer. The output shows each
//!   `InputRequiredResult` and each retry. The state is sealed with a random key the demo
//!   generates at start-up (a real server reads its key from its configuration:
//!   `StateSealer` has no default key).
//!
//! On 2025-06-18, which has no arrays, the same [`Registration`] is sent with its
//! multi-select written as one checkbox per option (`topics.rust`, ...); the runtime reads
//! the ticked ones back into the field and checks `min_items` / `max_items` itself. The
//! output also shows the other differences of that revision: no `mode`, titled options as
//! `enum` + `enumNames`, defaults on booleans only.

use std::collections::{BTreeSet, HashSet};
use std::fmt::Debug;
use std::io::{BufRead, IsTerminal, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::NaiveDate;
use elicit_runtime::rmcp::{StateSealer, ToolCall};
use elicit_runtime::{Elicit, ElicitError, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig, ContentBlock, ElicitRequestParams,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorData, FormElicitationCapability, Implementation, ProtocolVersion,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RunningService};
use rmcp::{ClientHandler, RoleClient, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

// ---- the form ----------------------------------------------------------------------------

/// A titled single-select: `oneOf: [{const, title}]` on 2025-11-25, `enum` + `enumNames`
/// on 2025-06-18.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(rename_all = "snake_case")]
enum Ticket {
    #[elicit(title = "Standard (290 EUR)")]
    Standard,
    #[elicit(title = "Student (90 EUR)")]
    Student,
    #[elicit(title = "Supporter (590 EUR)")]
    Supporter,
}

/// The options of a multi-select: `items.enum` (2025-11-25 and later only).
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Topic {
    Async,
    Macros,
    Embedded,
    Wasm,
    Tooling,
}

/// A conference registration: one field of every kind.
#[derive(Elicit, Debug)]
struct Registration {
    /// As it should appear on your badge
    #[elicit(title = "Full name", min_length = 2, max_length = 60)]
    name: String,
    /// Where we send your ticket
    #[elicit(title = "Email", format = "email")]
    email: String,
    /// The day you arrive
    #[elicit(title = "Arrival date")]
    arrival: NaiveDate,
    /// How many workshops you want to attend
    #[elicit(title = "Workshops", minimum = 0, maximum = 5)]
    workshops: u8,
    /// How far you travel to get here, in kilometres
    #[elicit(title = "Travel distance (km)", minimum = 0)]
    distance_km: f64,
    #[elicit(title = "Ticket", default = "standard")]
    ticket: Ticket,
    /// Pick one to three
    #[elicit(title = "Topics", min_items = 1, max_items = 3)]
    topics: BTreeSet<Topic>,
    #[elicit(title = "Send me the newsletter", default = false)]
    newsletter: bool,
    /// Accessibility needs, diet, anything else
    #[elicit(title = "Notes", max_length = 200)]
    notes: Option<String>,
}

// ---- the server ------------------------------------------------------------------------

const MESSAGE: &str = "Register for the conference";

/// Give up after ten minutes.
const TIMEOUT: Duration = Duration::from_secs(600);

#[derive(Clone)]
struct Server {
    /// Seals the `requestState` of 2026-07-28 rounds.
    sealer: StateSealer,
}

/// Prints what the tool got, and turns it into the tool's result. On 2026-07-28 the first
/// run of the body ends at its question: `ElicitError::InputRequired` is passed on, and
/// `ToolCall::run` answers with the `InputRequiredResult`.
fn report<T: Debug>(form: &str, answer: Result<Elicitation<T>, ElicitError>) -> Result<CallToolResult, ErrorData> {
    match &answer {
        Err(ElicitError::InputRequired) => {
            println!("[server] {form}::elicit returned Err(ElicitError::InputRequired): the answer comes with the client's retry;");
            println!("[server]   the tool answers this call with an InputRequiredResult, and its body runs again on the retry");
            return Err(ElicitError::InputRequired.into());
        }
        Ok(value) => println!("[server] {form}::elicit returned Ok({value:#?})"),
        Err(ElicitError::Invalid(invalid)) => {
            println!("[server] {form}::elicit returned Err(ElicitError::Invalid), {} violations:", invalid.violations().len());
            for violation in invalid.violations() {
                println!("[server]   - {violation}");
            }
        }
        Err(err) => println!("[server] {form}::elicit returned Err({err:?})"),
    }
    let text = match answer {
        Ok(Elicitation::Accept(value)) => format!("accepted: {value:?}"),
        Ok(Elicitation::Decline) => "declined: the user chose not to register".to_owned(),
        Ok(Elicitation::Cancel) => "cancelled: the user dismissed the form".to_owned(),
        Err(err) => {
            // The error and its sources, as an error reporter prints them.
            let mut message = format!("elicitation failed: {err}");
            let mut source = std::error::Error::source(&err);
            while let Some(cause) = source {
                message.push_str(&format!(": {cause}"));
                source = cause.source();
            }
            return Ok(CallToolResult::error(vec![ContentBlock::text(message)]));
        }
    };
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
}

#[tool_router]
impl Server {
    #[tool(description = "Register the user for the conference (asks for a form)")]
    async fn register(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let revision = call.revision().map_or("?", |r| r.as_str());
        call.run(&self.sealer, |ask| async move {
            println!("[server] register (protocol {revision}): Registration::elicit(&ask, {MESSAGE:?}).reask(1).timeout(..)");
            report("Registration", Registration::elicit(&ask, MESSAGE).reask(1).timeout(TIMEOUT).await)
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(Implementation::new("elicit-demo-server", env!("CARGO_PKG_VERSION")))
    }
}

/// A sealer with a random key for this run of the demo.
fn random_sealer() -> Result<StateSealer, Box<dyn std::error::Error>> {
    let mut key = [0u8; 32];
    getrandom::fill(&mut key).map_err(|e| format!("cannot generate a requestState key: {e}"))?;
    Ok(StateSealer::new(key.to_vec())?)
}

// ---- the wire ------------------------------------------------------------------------------

/// Decides which JSON-RPC messages the demo prints: the forms and the answers to them.
///
/// - 2025-06-18 and 2025-11-25: each `elicitation/create` request (server to client) and
///   the client's answer to it.
/// - 2026-07-28: each `InputRequiredResult` the server answers a `tools/call` with, and
///   each retry of the call (`tools/call` with `inputResponses` and `requestState`).
///
/// Each `requestedSchema` is printed in full once; later copies of it are shortened in
/// the printout only (the wire carries it every time).
#[derive(Default)]
struct Wire {
    /// Ids of the `elicitation/create` requests sent, awaiting their answers.
    elicitations: HashSet<String>,
    /// Ids of the `tools/call` requests sent, awaiting their results.
    calls: HashSet<String>,
    schemas_shown: Vec<Value>,
}

fn id_of(message: &Value) -> String {
    message.get("id").map(Value::to_string).unwrap_or_default()
}

impl Wire {
    /// What to print of a message from the server, if anything.
    fn on_server_message(&mut self, message: &Value) -> Option<String> {
        if message.get("method").and_then(Value::as_str) == Some("elicitation/create") {
            self.elicitations.insert(id_of(message));
            return Some(format!("[wire] server -> client: elicitation/create\n{}", indent(&pretty(&self.shorten(message)))));
        }
        if message.get("method").is_none() && self.calls.remove(&id_of(message)) {
            let result = message.get("result")?;
            if result.get("resultType").and_then(Value::as_str) == Some("input_required") {
                let questions = result.get("inputRequests").and_then(Value::as_object).map_or(0, |r| r.len());
                return Some(format!(
                    "[wire] server -> client: the tools/call result is an InputRequiredResult ({questions} input request{}; the sealed requestState carries the answers so far, bound to the tool and its arguments)\n{}",
                    if questions == 1 { "" } else { "s" },
                    indent(&pretty(&self.shorten(message)))
                ));
            }
        }
        None
    }

    /// What to print of a message from the client, if anything.
    fn on_client_message(&mut self, message: &Value) -> Option<String> {
        match message.get("method").and_then(Value::as_str) {
            None if self.elicitations.remove(&id_of(message)) => {
                Some(format!("[wire] client -> server: the answer\n{}", indent(&pretty(message))))
            }
            Some("tools/call") => {
                self.calls.insert(id_of(message));
                let params = message.get("params")?;
                (params.get("inputResponses").is_some() || params.get("requestState").is_some()).then(|| {
                    format!(
                        "[wire] client -> server: tools/call again, with the answers in inputResponses and the requestState echoed\n{}",
                        indent(&pretty(message))
                    )
                })
            }
            _ => None,
        }
    }

    /// The message with every `requestedSchema` printed before replaced by a note.
    fn shorten(&mut self, message: &Value) -> Value {
        let mut pointers = vec!["/params/requestedSchema".to_owned()];
        if let Some(requests) = message.pointer("/result/inputRequests").and_then(Value::as_object) {
            // JSON Pointer escapes `~` and `/` in keys.
            let escape = |key: &str| key.replace('~', "~0").replace('/', "~1");
            pointers.extend(requests.keys().map(|key| format!("/result/inputRequests/{}/params/requestedSchema", escape(key))));
        }
        let mut shown = message.clone();
        for pointer in pointers {
            let Some(schema) = shown.pointer_mut(&pointer) else { continue };
            if self.schemas_shown.contains(schema) {
                *schema = Value::from("<the same requestedSchema as printed above>");
            } else {
                self.schemas_shown.push(schema.clone());
            }
        }
        shown
    }
}

/// Forwards newline-delimited JSON-RPC between the two ends, printing what [`Wire`]
/// picks.
fn tap(server_end: DuplexStream, client_end: DuplexStream) {
    let (server_read, server_write) = tokio::io::split(server_end);
    let (client_read, client_write) = tokio::io::split(client_end);
    let wire: Arc<Mutex<Wire>> = Arc::default();
    let from_client = wire.clone();
    tokio::spawn(async move {
        let _ = forward(server_read, client_write, |message| {
            if let Some(text) = wire.lock().unwrap_or_else(|e| e.into_inner()).on_server_message(message) {
                println!("{text}");
            }
        })
        .await;
    });
    tokio::spawn(async move {
        let _ = forward(client_read, server_write, |message| {
            if let Some(text) = from_client.lock().unwrap_or_else(|e| e.into_inner()).on_client_message(message) {
                println!("{text}");
            }
        })
        .await;
    });
}

async fn forward(from: impl tokio::io::AsyncRead + Unpin, mut to: impl tokio::io::AsyncWrite + Unpin, mut inspect: impl FnMut(&Value)) -> std::io::Result<()> {
    let mut lines = BufReader::new(from).lines();
    while let Some(line) = lines.next_line().await? {
        if let Ok(message) = serde_json::from_str::<Value>(&line) {
            inspect(&message);
        }
        to.write_all(line.as_bytes()).await?;
        to.write_all(b"\n").await?;
        to.flush().await?;
    }
    to.shutdown().await
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")
}

// ---- the client ----------------------------------------------------------------------------

/// How the scripted client answers the next form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    Accept,
    Decline,
    Cancel,
    Invalid,
}

/// The answer a user gave to a form.
enum Answer {
    Accept(Map<String, Value>),
    Decline,
    Cancel,
}

#[derive(Clone)]
struct Client {
    version: ProtocolVersion,
    /// `None`: ask in the terminal.
    script: Option<Arc<Mutex<Plan>>>,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let capabilities = if self.version == ProtocolVersion::V_2025_06_18 {
            // 2025-06-18 has one mode and declares it as `elicitation: {}`.
            ClientCapabilities::builder().enable_elicitation().build()
        } else {
            ClientCapabilities::builder().enable_elicitation_with(ElicitationCapability::new().with_form(FormElicitationCapability::new())).build()
        };
        ClientConfig::new(capabilities, Implementation::new("elicit-demo-client", env!("CARGO_PKG_VERSION"))).with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(&self, request: ElicitRequestParams, _context: RequestContext<RoleClient>) -> Result<ElicitResult, ErrorData> {
        // Read the request as plain JSON, the way any client sees a schema.
        let params = serde_json::to_value(&request).map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        let message = params.get("message").and_then(Value::as_str).unwrap_or_default().to_owned();
        let Some(schema) = params.get("requestedSchema").cloned() else {
            return Err(ErrorData::invalid_params("this client only renders form-mode elicitation", None));
        };
        let answer = match &self.script {
            None => tokio::task::spawn_blocking(move || prompt_form(&message, &schema))
                .await
                .map_err(|e| ErrorData::internal_error(e.to_string(), None))?,
            Some(plan) => {
                let plan = *plan.lock().unwrap_or_else(|e| e.into_inner());
                println!("[client] non-interactive: answering the form with plan {plan:?}");
                match plan {
                    Plan::Accept => Answer::Accept(auto_fill(&schema)),
                    Plan::Decline => Answer::Decline,
                    Plan::Cancel => Answer::Cancel,
                    Plan::Invalid => Answer::Accept(invalid_content()),
                }
            }
        };
        Ok(match answer {
            Answer::Accept(content) => ElicitResult::new(ElicitationAction::Accept).with_content(Value::Object(content)),
            Answer::Decline => ElicitResult::new(ElicitationAction::Decline),
            Answer::Cancel => ElicitResult::new(ElicitationAction::Cancel),
        })
    }
}

/// Content that breaks the registration form in seven ways (on 2025-06-18 `topics` is not
/// part of the form, so six).
fn invalid_content() -> Map<String, Value> {
    let content = json!({
        "name": "A",
        "email": "ada(at)example.com",
        "arrival": "next friday",
        "workshops": 9,
        "distance_km": -3.5,
        "ticket": "platinum",
        "topics": []
    });
    match content {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

// ---- reading a schema, as a generic client does -------------------------------------------

fn properties(schema: &Value) -> Vec<(String, Value)> {
    schema.get("properties").and_then(Value::as_object).map(|p| p.iter().map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default()
}

fn required(schema: &Value) -> Vec<String> {
    schema.get("required").and_then(Value::as_array).map(|r| r.iter().filter_map(Value::as_str).map(str::to_owned).collect()).unwrap_or_default()
}

/// `(value, label)` of the options of a single-select (`enum`, `enum` + `enumNames`,
/// `oneOf`) or of a multi-select's `items` (`enum`, `anyOf`).
fn options(prop: &Value) -> Vec<(String, String)> {
    if let Some(values) = prop.get("enum").and_then(Value::as_array) {
        let names = prop.get("enumNames").and_then(Value::as_array);
        return values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let value = v.as_str()?.to_owned();
                let label = names.and_then(|n| n.get(i)).and_then(Value::as_str).unwrap_or(&value).to_owned();
                Some((value, label))
            })
            .collect();
    }
    let list = prop.get("oneOf").or_else(|| prop.get("anyOf")).and_then(Value::as_array);
    list.map(|l| {
        l.iter()
            .filter_map(|o| {
                let value = o.get("const")?.as_str()?.to_owned();
                let label = o.get("title").and_then(Value::as_str).unwrap_or(&value).to_owned();
                Some((value, label))
            })
            .collect()
    })
    .unwrap_or_default()
}

fn is_multi(prop: &Value) -> bool {
    prop.get("type").and_then(Value::as_str) == Some("array")
}

fn is_select(prop: &Value) -> bool {
    prop.get("enum").is_some() || prop.get("oneOf").is_some()
}

fn num(prop: &Value, key: &str) -> Option<f64> {
    prop.get(key).and_then(Value::as_f64)
}

/// Defaults where the schema has them, sample values elsewhere, optional fields left out.
fn auto_fill(schema: &Value) -> Map<String, Value> {
    let required = required(schema);
    let mut content = Map::new();
    let mut groups_ticked = Vec::new();
    for (name, prop) in properties(schema) {
        if let Some(default) = prop.get("default") {
            content.insert(name, default.clone());
            continue;
        }
        // 2025-06-18 has no arrays: a multi-select arrives as checkboxes `field.option`.
        // Tick the first box of each group, as a person picking one would.
        if let Some((group, _)) = name.split_once('.')
            && prop.get("type").and_then(Value::as_str) == Some("boolean")
        {
            let first = !groups_ticked.contains(&group.to_owned());
            if first {
                groups_ticked.push(group.to_owned());
            }
            content.insert(name, Value::Bool(first));
            continue;
        }
        if !required.contains(&name) {
            continue;
        }
        let value = if is_multi(&prop) {
            let choices = prop.get("items").map(options).unwrap_or_default();
            let wanted = num(&prop, "minItems").unwrap_or(1.0).max(1.0) as usize;
            Value::from(choices.into_iter().take(wanted).map(|(v, _)| v).collect::<Vec<_>>())
        } else if is_select(&prop) {
            options(&prop).into_iter().next().map_or(Value::Null, |(v, _)| Value::from(v))
        } else {
            match prop.get("type").and_then(Value::as_str) {
                Some("string") => Value::from(sample_string(&prop)),
                Some("integer") => {
                    let (min, max) = (num(&prop, "minimum"), num(&prop, "maximum"));
                    let n = match (min, max) {
                        (Some(a), Some(b)) => ((a + b) / 2.0).floor(),
                        (Some(a), None) => a + 1.0,
                        (None, Some(b)) => b.min(1.0),
                        (None, None) => 1.0,
                    };
                    Value::from(n as i64)
                }
                Some("number") => {
                    let x = num(&prop, "minimum").map_or(42.5, |m| m + 42.5);
                    Value::from(num(&prop, "maximum").map_or(x, |m| x.min(m)))
                }
                Some("boolean") => Value::Bool(false),
                _ => Value::Null,
            }
        };
        content.insert(name, value);
    }
    content
}

fn sample_string(prop: &Value) -> String {
    let sample = match prop.get("format").and_then(Value::as_str) {
        Some("email") => return "ada@example.com".into(),
        Some("date") => return "2026-09-08".into(),
        Some("date-time") => return "2026-09-08T09:30:00Z".into(),
        Some("uri") => return "https://example.com/".into(),
        _ => "Ada Lovelace",
    };
    let mut s: String = sample.chars().take(num(prop, "maxLength").map_or(usize::MAX, |m| m as usize)).collect();
    while (s.chars().count() as f64) < num(prop, "minLength").unwrap_or(0.0) {
        s.push('a');
    }
    s
}

// ---- the terminal form ---------------------------------------------------------------------

/// One line from stdin; `None` at end of input.
fn read_line(prompt: &str) -> Option<String> {
    print!("{prompt}");
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim().to_owned()),
    }
}

fn describe(prop: &Value) -> String {
    let mut parts = Vec::new();
    let ty = prop.get("type").and_then(Value::as_str).unwrap_or("?");
    if is_multi(prop) {
        parts.push("choose any (numbers or values, separated by commas)".to_owned());
        match (num(prop, "minItems"), num(prop, "maxItems")) {
            (Some(a), Some(b)) => parts.push(format!("{a} to {b} choices")),
            (Some(a), None) => parts.push(format!("at least {a}")),
            (None, Some(b)) => parts.push(format!("at most {b}")),
            (None, None) => {}
        }
    } else if is_select(prop) {
        parts.push("choose one (number or value)".to_owned());
    } else {
        parts.push(
            match (ty, prop.get("format").and_then(Value::as_str)) {
                ("string", Some("email")) => "email address",
                ("string", Some("date")) => "date, YYYY-MM-DD",
                ("string", Some("date-time")) => "date and time, RFC 3339",
                ("string", Some("uri")) => "URI",
                ("string", _) => "text",
                ("integer", _) => "whole number",
                ("number", _) => "number",
                ("boolean", _) => "yes/no",
                _ => ty,
            }
            .to_owned(),
        );
        for (key, what) in [("minLength", "at least {} characters"), ("maxLength", "at most {} characters"), ("minimum", "minimum {}"), ("maximum", "maximum {}")] {
            if let Some(n) = num(prop, key) {
                // `0`, not `0.0`: rmcp's client model reads every bound as a float.
                let n = if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { n.to_string() };
                parts.push(what.replace("{}", &n));
            }
        }
    }
    if let Some(default) = prop.get("default") {
        parts.push(format!("default {default}"));
    }
    parts.join(", ")
}

/// Reads one choice: its number in the list, its value, or its label; anything else is
/// sent as typed (the server will say it is not an option).
fn pick(input: &str, choices: &[(String, String)]) -> String {
    if let Ok(n) = input.parse::<usize>()
        && let Some((value, _)) = n.checked_sub(1).and_then(|i| choices.get(i))
    {
        return value.clone();
    }
    choices.iter().find(|(v, l)| v == input || l.eq_ignore_ascii_case(input)).map_or_else(|| input.to_owned(), |(v, _)| v.clone())
}

/// Asks for each property in the terminal. The client checks only that a number is a
/// number and a yes is a yes; the constraints are left to the server, so that you can see
/// its validation at work.
fn prompt_form(message: &str, schema: &Value) -> Answer {
    let mut lines = message.lines();
    println!("\n[client] +--- the server asks: {}", lines.next().unwrap_or_default());
    for line in lines {
        println!("[client] | {line}");
    }
    println!("[client] | Enter alone keeps the default (or skips an optional field).");
    println!("[client] | Type :decline to decline the form, :cancel to dismiss it.");
    let required = required(schema);
    let mut content = Map::new();
    for (name, prop) in properties(schema) {
        let title = prop.get("title").and_then(Value::as_str).unwrap_or(&name).to_owned();
        let star = if required.contains(&name) { " *" } else { "" };
        println!("[client] |");
        match prop.get("description").and_then(Value::as_str) {
            Some(description) => println!("[client] | {title}{star}: {description}"),
            None => println!("[client] | {title}{star}"),
        }
        println!("[client] |   ({})", describe(&prop));
        let choices = if is_multi(&prop) { prop.get("items").map(options).unwrap_or_default() } else { options(&prop) };
        for (i, (value, label)) in choices.iter().enumerate() {
            if value == label {
                println!("[client] |   {}) {value}", i + 1);
            } else {
                println!("[client] |   {}) {label}  [{value}]", i + 1);
            }
        }
        loop {
            let Some(input) = read_line("[client] | > ") else {
                println!("\n[client] end of input: cancelling the form");
                return Answer::Cancel;
            };
            match input.to_ascii_lowercase().as_str() {
                ":decline" => return Answer::Decline,
                ":cancel" => return Answer::Cancel,
                _ => {}
            }
            if input.is_empty() {
                if let Some(default) = prop.get("default") {
                    content.insert(name.clone(), default.clone());
                    break;
                }
                if !required.contains(&name) {
                    break;
                }
                println!("[client] |   this field is required");
                continue;
            }
            let value = if is_multi(&prop) {
                Value::from(input.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| pick(s, &choices)).collect::<Vec<_>>())
            } else if is_select(&prop) {
                Value::from(pick(&input, &choices))
            } else {
                match prop.get("type").and_then(Value::as_str) {
                    Some("integer") => match input.parse::<i64>() {
                        Ok(n) => Value::from(n),
                        Err(_) => {
                            println!("[client] |   not a whole number");
                            continue;
                        }
                    },
                    Some("number") => match input.parse::<f64>().ok().and_then(serde_json::Number::from_f64) {
                        Some(x) => Value::Number(x),
                        None => {
                            println!("[client] |   not a number");
                            continue;
                        }
                    },
                    Some("boolean") => match input.to_ascii_lowercase().as_str() {
                        "y" | "yes" | "true" | "1" => Value::Bool(true),
                        "n" | "no" | "false" | "0" => Value::Bool(false),
                        _ => {
                            println!("[client] |   answer yes or no");
                            continue;
                        }
                    },
                    _ => Value::from(input),
                }
            };
            content.insert(name.clone(), value);
            break;
        }
    }
    println!("[client] +--- submitting");
    Answer::Accept(content)
}

// ---- main ------------------------------------------------------------------------------------

const USAGE: &str = "usage: demo [--protocol 2025-11-25|2025-06-18|2026-07-28] [--auto]";

struct Args {
    version: ProtocolVersion,
    interactive: bool,
}

/// Reads the arguments (without the program name); `interactive` is the default, whether
/// stdin is a terminal. `Err("")` asks for the usage.
fn parse_args(args: impl IntoIterator<Item = String>, interactive: bool) -> Result<Args, String> {
    let mut version = ProtocolVersion::V_2025_11_25;
    let mut interactive = interactive;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let value = match arg.split_once('=') {
            Some(("--protocol", v)) => Some(v.to_owned()),
            _ if arg == "--protocol" => Some(args.next().ok_or("--protocol needs a value")?),
            _ => None,
        };
        match (arg.as_str(), value) {
            (_, Some(v)) => {
                version = match v.as_str() {
                    "2025-11-25" => ProtocolVersion::V_2025_11_25,
                    "2025-06-18" => ProtocolVersion::V_2025_06_18,
                    "2026-07-28" => ProtocolVersion::V_2026_07_28,
                    other => return Err(format!("unknown protocol version `{other}`: use 2025-11-25, 2025-06-18 or 2026-07-28")),
                }
            }
            ("--auto", None) => interactive = false,
            ("-h" | "--help", None) => return Err(String::new()),
            (other, None) => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(Args { version, interactive })
}

/// What the non-interactive client does, call after call.
const STEPS: [(Plan, &str); 4] = [
    (Plan::Accept, "accept: the client fills in defaults and sample values"),
    (Plan::Decline, "decline: an answer, not an error"),
    (Plan::Cancel, "cancel: an answer too"),
    (Plan::Invalid, "invalid content: the server re-asks once, then reports every violation"),
];

/// Starts the server and connects the client to it in memory, through the printing tap:
/// server <-> tap <-> client. `script: None` asks in the terminal.
async fn connect(version: ProtocolVersion, script: Option<Arc<Mutex<Plan>>>) -> Result<RunningService<RoleClient, Client>, Box<dyn std::error::Error>> {
    let (server_io, server_end) = tokio::io::duplex(1 << 16);
    let (client_io, client_end) = tokio::io::duplex(1 << 16);
    tap(server_end, client_end);
    let server = Server { sealer: random_sealer()? };
    tokio::spawn(async move {
        match server.serve(server_io).await {
            Ok(running) => {
                let _ = running.waiting().await;
            }
            Err(err) => eprintln!("[server] failed to start: {err}"),
        }
    });
    let client = Client { version: version.clone(), script };
    Ok(if version == ProtocolVersion::V_2026_07_28 {
        // 2026-07-28 has no `initialize`: the client discovers the server, then sends its
        // revision and capabilities with every request.
        client.serve_with_lifecycle(client_io, ClientLifecycleMode::Discover { preferred_versions: vec![version] }).await?
    } else {
        client.serve(client_io).await?
    })
}

/// Calls the tool once and prints its result. On 2026-07-28 rmcp's `call_tool` plays the
/// rounds: it answers each `InputRequiredResult` through `create_elicitation` and calls
/// again, until the result is complete.
async fn call_register(client: &RunningService<RoleClient, Client>) -> Result<CallToolResult, Box<dyn std::error::Error>> {
    let result = client.call_tool(CallToolRequestParams::new("register")).await?;
    let kind = if result.is_error == Some(true) { "tool error" } else { "tool result" };
    println!("[client] {kind}: {}", text_of(&result));
    Ok(result)
}

fn text_of(result: &CallToolResult) -> String {
    result.content.iter().filter_map(|c| c.as_text()).map(|t| t.text.as_str()).collect::<Vec<_>>().join("\n")
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = match parse_args(std::env::args().skip(1), std::io::stdin().is_terminal()) {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("{message}");
            }
            eprintln!("{USAGE}");
            std::process::exit(if message.is_empty() { 0 } else { 2 });
        }
    };

    let script = (!args.interactive).then(|| Arc::new(Mutex::new(Plan::Accept)));
    let client = connect(args.version.clone(), script.clone()).await?;
    let negotiated = client.peer().peer_info().map(|info| info.protocol_version.to_string()).unwrap_or_else(|| "?".into());
    println!("[client] connected; protocol {negotiated} (offered {})", args.version);
    if args.version == ProtocolVersion::V_2025_06_18 {
        println!("[client] on 2025-06-18 requests carry no `mode`, titled options are `enum` + `enumNames`,");
        println!("[client] only booleans have defaults, and there is no multi-select at all.");
    }
    if args.version == ProtocolVersion::V_2026_07_28 {
        println!("[client] on 2026-07-28 the server sends no requests: the tool answers the call with an InputRequiredResult,");
        println!("[client] rmcp's client asks the user for each input request and calls the tool again with the answers");
        println!("[client] (inputResponses) and the sealed requestState. The server seals it with a random key made for this run.");
    }

    match script {
        Some(plan) => {
            for (i, (step, what)) in STEPS.into_iter().enumerate() {
                println!("\n=== {}. {what}", i + 1);
                *plan.lock().unwrap_or_else(|e| e.into_inner()) = step;
                call_register(&client).await?;
            }
        }
        None => loop {
            println!("\n=== calling the tool `register`");
            call_register(&client).await?;
            let again = tokio::task::spawn_blocking(|| read_line("\nFill in the form again? [y/N] ")).await?;
            if !matches!(again.as_deref().map(str::to_ascii_lowercase).as_deref(), Some("y" | "yes")) {
                break;
            }
        },
    }
    client.cancel().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use elicit_runtime::ProtocolRevision;

    use super::*;

    #[test]
    fn the_scripted_answers_do_what_the_demo_says() -> Result<(), Box<dyn std::error::Error>> {
        let schema = Registration::requested_schema(ProtocolRevision::V2025_11_25)?;
        let accepted = Registration::from_content(&auto_fill(schema.as_json()))?;
        assert_eq!(accepted.ticket, Ticket::Standard);
        assert_eq!(accepted.notes, None);
        let invalid = Registration::from_content(&invalid_content()).err().ok_or("invalid content was accepted")?;
        assert_eq!(invalid.violations().len(), 7);

        // 2025-06-18: the topics arrive as checkboxes, and are read back into the set.
        let schema = Registration::requested_schema(ProtocolRevision::V2025_06_18)?;
        let result = json!({"action": "accept", "content": auto_fill(schema.as_json())});
        let accepted = Elicitation::<Registration>::from_result_on(&result, ProtocolRevision::V2025_06_18)?.accepted().ok_or("not accepted")?;
        assert_eq!(accepted.topics.len(), 1);
        Ok(())
    }

    #[test]
    fn every_revision_is_accepted_on_the_command_line() -> Result<(), String> {
        let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(parse_args(args(&[]), true)?.version, ProtocolVersion::V_2025_11_25);
        assert!(parse_args(args(&[]), true)?.interactive);
        for (given, version) in [
            ("2025-06-18", ProtocolVersion::V_2025_06_18),
            ("2025-11-25", ProtocolVersion::V_2025_11_25),
            ("2026-07-28", ProtocolVersion::V_2026_07_28),
        ] {
            assert_eq!(parse_args(args(&["--protocol", given]), true)?.version, version);
            assert_eq!(parse_args(args(&[&format!("--protocol={given}")]), true)?.version, version);
        }
        assert!(!parse_args(args(&["--protocol", "2026-07-28", "--auto"]), true)?.interactive);
        assert!(parse_args(args(&["--protocol", "2024-11-05"]), false).is_err_and(|e| e.contains("2026-07-28")));
        assert_eq!(parse_args(args(&["--help"]), false).err().as_deref(), Some(""));
        Ok(())
    }

    /// The four scripted calls, through the real rmcp server and client, on each revision.
    #[tokio::test]
    async fn the_scripted_session_gives_the_same_outcomes_on_every_revision() -> Result<(), Box<dyn std::error::Error>> {
        for (version, accepted) in [
            (ProtocolVersion::V_2025_06_18, "accepted: Registration {"),
            (ProtocolVersion::V_2025_11_25, "accepted: Registration {"),
            (ProtocolVersion::V_2026_07_28, "accepted: Registration {"),
        ] {
            let plan = Arc::new(Mutex::new(Plan::Accept));
            let client = connect(version.clone(), Some(plan.clone())).await?;
            assert_eq!(client.peer().peer_info().map(|info| info.protocol_version.clone()), Some(version.clone()));
            let mut outcomes = Vec::new();
            for (step, _) in STEPS {
                *plan.lock().unwrap_or_else(|e| e.into_inner()) = step;
                let result = call_register(&client).await?;
                outcomes.push((result.is_error == Some(true), text_of(&result)));
            }
            client.cancel().await?;
            let [accept, decline, cancel, invalid] = &outcomes[..] else { panic!("{outcomes:?}") };
            assert!(!accept.0 && accept.1.starts_with(accepted), "{version}: {accept:?}");
            assert!(accept.1.contains("email: \"ada@example.com\""), "{version}: {accept:?}");
            assert_eq!(decline, &(false, "declined: the user chose not to register".to_owned()), "{version}");
            assert_eq!(cancel, &(false, "cancelled: the user dismissed the form".to_owned()), "{version}");
            assert!(invalid.0, "{version}: {invalid:?}");
            assert!(invalid.1.contains("`workshops`: must be at most 5, got 9"), "{version}: {invalid:?}");
        }
        Ok(())
    }

    #[test]
    fn the_wire_shows_forms_and_answers_on_every_revision() {
        let schema = json!({"type": "object", "properties": {"name": {"type": "string"}}});
        let mut wire = Wire::default();

        // 2025-x: the request and its answer; other traffic is left out.
        let request = json!({"jsonrpc": "2.0", "id": 0, "method": "elicitation/create", "params": {"message": "?", "requestedSchema": schema}});
        let shown = wire.on_server_message(&request).unwrap_or_default();
        assert!(shown.starts_with("[wire] server -> client: elicitation/create") && shown.contains("\"name\""), "{shown}");
        let answer = json!({"jsonrpc": "2.0", "id": 0, "result": {"action": "decline"}});
        assert!(wire.on_client_message(&answer).is_some_and(|s| s.contains("decline")));
        assert_eq!(wire.on_client_message(&answer), None, "an answer is shown once");
        assert_eq!(wire.on_client_message(&json!({"jsonrpc": "2.0", "id": 5, "result": {}})), None);

        // 2026-07-28: the first call is not shown, its InputRequiredResult is (with the
        // schema shortened, as it was shown above), and so is the retry.
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "register"}});
        assert_eq!(wire.on_client_message(&call), None);
        let input_required = json!({"jsonrpc": "2.0", "id": 1, "result": {
            "resultType": "input_required",
            "inputRequests": {"elicit-1": {"method": "elicitation/create", "params": {"mode": "form", "message": "?", "requestedSchema": schema}}},
            "requestState": "rs1.sealed"
        }});
        let shown = wire.on_server_message(&input_required).unwrap_or_default();
        assert!(shown.contains("InputRequiredResult (1 input request;"), "{shown}");
        assert!(shown.contains("rs1.sealed") && shown.contains("<the same requestedSchema as printed above>"), "{shown}");
        assert!(!shown.contains("\"name\""), "{shown}");
        let retry = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "register", "inputResponses": {"elicit-1": {"action": "cancel"}}, "requestState": "rs1.sealed"
        }});
        assert!(wire.on_client_message(&retry).is_some_and(|s| s.contains("tools/call again") && s.contains("\"cancel\"")));
        let complete = json!({"jsonrpc": "2.0", "id": 2, "result": {"resultType": "complete", "content": []}});
        assert_eq!(wire.on_server_message(&complete), None);

        // A schema not seen before is printed in full, inside an InputRequiredResult too.
        let mut fresh = Wire::default();
        assert_eq!(fresh.on_client_message(&call), None);
        assert!(fresh.on_server_message(&input_required).is_some_and(|s| s.contains("\"name\"")));
    }

    #[test]
    fn options_are_read_from_every_shape() {
        let titled = json!({"type": "string", "oneOf": [{"const": "a", "title": "A"}]});
        let legacy = json!({"type": "string", "enum": ["a"], "enumNames": ["A"]});
        let multi = json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}});
        for prop in [&titled, &legacy, &multi["items"]] {
            assert_eq!(options(prop), vec![("a".to_owned(), "A".to_owned())]);
        }
        assert_eq!(pick("1", &options(&titled)), "a");
        assert_eq!(pick("a", &options(&titled)), "a");
        assert_eq!(pick("zzz", &options(&titled)), "zzz");
    }
}
