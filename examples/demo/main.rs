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
//! prompt to answer that way), and whether to open the URL-mode page. Without a terminal on stdin (CI, `</dev/null`) it answers by
//! itself, four times: it accepts with defaults and sample values, declines, cancels, and
//! finally sends content that breaks the form in seven ways, so that the server re-asks
//! once with the problems listed, then reports the typed error with every violation.
//! A fifth call asks in URL mode, and the client opens the page.
//!
//! Each tool runs its body with `ToolCall::run`, so the same body serves every revision:
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
//! Then the second tool, `connect_account`, asks in URL mode (the API of
//! `elicit_runtime::url`): the server sends the address of a page of its own, the user
//! consents in the client, and signs in on the page; the tool learns it from the page,
//! never through the client. On 2025-11-25 the output shows the `elicitation/create` with
//! `mode: "url"` and the `notifications/elicitation/complete` the server sends once the
//! page is done; on 2026-07-28 the URL request inside an `InputRequiredResult`; on
//! 2025-06-18, which has no URL mode, the tool says so and sends nothing.
//!
//! On 2025-06-18, which has no arrays, the same [`Registration`](form::Registration) is
//! sent with its multi-select written as one checkbox per option (`topics_rust`, ...); the
//! runtime reads the ticked ones back into the field and checks `min_items` / `max_items`
//! itself. The output also shows the other differences of that revision: no `mode`,
//! titled options as `enum` + `enumNames`, defaults on booleans only.
//!
//! The files, by role: `form.rs` (the derived form), `server.rs` (the tools), `page.rs`
//! (the URL-mode page and the browser, in process), `client.rs` (the rmcp client, terminal
//! or scripted), `schema.rs` (reading a schema as a generic client does), `terminal.rs`
//! (the prompts), `wire.rs` (the printing tap between the two).

mod client;
mod form;
mod page;
mod schema;
mod server;
mod terminal;
mod wire;

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};

use elicit_runtime::url::Interactions;
use rmcp::model::{CallToolRequestParams, CallToolResult, ProtocolVersion};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RunningService};
use rmcp::{RoleClient, ServiceExt};

use client::{Client, Plan};
use server::{Server, random_sealer};
use terminal::read_line;
use wire::tap;

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

/// What the non-interactive client does, call after call: the tool, and how it answers.
const STEPS: [(&str, Plan, &str); 5] = [
    ("register", Plan::Accept, "accept: the client fills in defaults and sample values"),
    ("register", Plan::Decline, "decline: an answer, not an error"),
    ("register", Plan::Cancel, "cancel: an answer too"),
    ("register", Plan::Invalid, "invalid content: the server re-asks once, then reports every violation"),
    ("connect_account", Plan::Accept, "URL mode: the user consents in the client and signs in on the server's page"),
];

/// Starts the server and connects the client to it in memory, through the printing tap:
/// server <-> tap <-> client. `script: None` asks in the terminal.
async fn connect(version: ProtocolVersion, script: Option<Arc<Mutex<Plan>>>) -> Result<RunningService<RoleClient, Client>, Box<dyn std::error::Error>> {
    let (server_io, server_end) = tokio::io::duplex(1 << 16);
    let (client_io, client_end) = tokio::io::duplex(1 << 16);
    tap(server_end, client_end);
    // The server's interactions, and the same store seen from its page (the browser
    // reaches the page, in process here).
    let interactions = Interactions::default();
    let server = Server { sealer: random_sealer()?, interactions: interactions.clone() };
    tokio::spawn(async move {
        match server.serve(server_io).await {
            Ok(running) => {
                let _ = running.waiting().await;
            }
            Err(err) => eprintln!("[server] failed to start: {err}"),
        }
    });
    let client = Client { version: version.clone(), script, page: interactions };
    Ok(if version == ProtocolVersion::V_2026_07_28 {
        // 2026-07-28 has no `initialize`: the client discovers the server, then sends its
        // revision and capabilities with every request.
        client.serve_with_lifecycle(client_io, ClientLifecycleMode::Discover { preferred_versions: vec![version] }).await?
    } else {
        client.serve(client_io).await?
    })
}

/// Calls a tool once and prints its result. On 2026-07-28 rmcp's `call_tool` plays the
/// rounds: it answers each `InputRequiredResult` through `create_elicitation` and calls
/// again, until the result is complete.
async fn call(client: &RunningService<RoleClient, Client>, tool: &'static str) -> Result<CallToolResult, Box<dyn std::error::Error>> {
    let result = client.call_tool(CallToolRequestParams::new(tool)).await?;
    let kind = if result.is_error == Some(true) { "tool error" } else { "tool result" };
    // The tool's text, line by line, with what a terminal would obey escaped.
    println!("[client] {kind}: {}", text_of(&result).lines().map(terminal::shown).collect::<Vec<_>>().join("\n"));
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
            for (i, (tool, step, what)) in STEPS.into_iter().enumerate() {
                println!("\n=== {}. {tool}: {what}", i + 1);
                *plan.lock().unwrap_or_else(|e| e.into_inner()) = step;
                call(&client, tool).await?;
            }
        }
        None => loop {
            for tool in ["register", "connect_account"] {
                println!("\n=== calling the tool `{tool}`");
                call(&client, tool).await?;
            }
            let again = tokio::task::spawn_blocking(|| read_line("\nCall the two tools again? [y/N] ")).await?;
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
    use super::*;

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

    const CONNECTED: &str = "connected: the organiser's page confirmed the account (the tool never saw the password)";

    /// The five scripted calls, through the real rmcp server and client, on each revision.
    #[tokio::test]
    async fn the_scripted_session_gives_the_same_outcomes_on_every_revision() -> Result<(), Box<dyn std::error::Error>> {
        for (version, connected) in [
            (
                ProtocolVersion::V_2025_06_18,
                "not connected: protocol revision 2025-06-18 has no URL-mode elicitation (it arrived in 2025-11-25); nothing was sent",
            ),
            (ProtocolVersion::V_2025_11_25, CONNECTED),
            (ProtocolVersion::V_2026_07_28, CONNECTED),
        ] {
            let plan = Arc::new(Mutex::new(Plan::Accept));
            let client = connect(version.clone(), Some(plan.clone())).await?;
            assert_eq!(client.peer().peer_info().map(|info| info.protocol_version.clone()), Some(version.clone()));
            let mut outcomes = Vec::new();
            for (tool, step, _) in STEPS {
                *plan.lock().unwrap_or_else(|e| e.into_inner()) = step;
                let result = call(&client, tool).await?;
                outcomes.push((result.is_error == Some(true), text_of(&result)));
            }
            let [accept, decline, cancel, invalid, url] = &outcomes[..] else { panic!("{outcomes:?}") };
            assert!(!accept.0 && accept.1.starts_with("accepted: Registration {"), "{version}: {accept:?}");
            assert!(accept.1.contains("email: \"ada@example.com\""), "{version}: {accept:?}");
            assert_eq!(decline, &(false, "declined: the user chose not to register".to_owned()), "{version}");
            assert_eq!(cancel, &(false, "cancelled: the user dismissed the form".to_owned()), "{version}");
            assert!(invalid.0, "{version}: {invalid:?}");
            assert!(invalid.1.contains("`workshops`: must be at most 5, got 9"), "{version}: {invalid:?}");
            assert_eq!(url, &(false, connected.to_owned()), "{version}");

            // URL mode again: the interaction was forgotten, so the user is asked again;
            // declining and dismissing are answers.
            for (step, expected) in [
                (Plan::Decline, "not connected: the user declined to open the page"),
                (Plan::Cancel, "not connected: the user dismissed the request"),
                (Plan::Accept, connected),
            ] {
                *plan.lock().unwrap_or_else(|e| e.into_inner()) = step;
                let result = call(&client, "connect_account").await?;
                let expected = if version == ProtocolVersion::V_2025_06_18 { connected } else { expected };
                assert_eq!((result.is_error == Some(true), text_of(&result)), (false, expected.to_owned()), "{version}: {step:?}");
            }
            client.cancel().await?;
        }
        Ok(())
    }
}
