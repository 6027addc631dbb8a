//! The server of the capacity benchmark (`tests/benches/capacity.rs`): one tool, `ask`,
//! that elicits a two-field form whose message carries the call's token, served over
//! Streamable HTTP on loopback.
//!
//! ```text
//! cargo run --release -p elicit-examples --bin load_server -- 0
//! ```
//!
//! Port 0 lets the system choose; the first line on stdout is `listening on 127.0.0.1:PORT`,
//! which the load generator waits for. The tool answers `token=T answer=A`, where `T` is the
//! token the call sent and `A` the token the accepted form carried: a load generator checks
//! both against the token of the session that asked, so an answer routed to another
//! session's call shows up as a mismatch.
//!
//! A second tool, `stats`, answers with the count of forms in flight and how the finished
//! ones ended, so the generator can check that clients who vanish leave nothing pending.
//!
//! The same tool serves every revision through [`ToolCall::run`]: on 2025-11-25 the form is
//! an `elicitation/create` request on the SSE stream of the `tools/call` (the session holds
//! it until the client answers); on 2026-07-28 the first call returns an
//! `InputRequiredResult` and the retry carries the answer and the sealed `requestState`, so
//! nothing is held between the rounds.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::serve::ListenerExt;
use elicit_runtime::rmcp::{StateSealer, ToolCall};
use elicit_runtime::{Elicit, ElicitError, Elicitation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use tokio::io::AsyncWriteExt;
use tokio_util::sync::CancellationToken;

/// The form `ask` elicits: the token the client saw in the message, echoed back, and a
/// second field so the form is not a single string.
#[derive(Elicit, Debug)]
struct Echo {
    /// The token shown in the message
    // A label that tells sessions apart, not a credential.
    #[elicit(not_sensitive)]
    token: String,
    /// Anything
    #[elicit(default = 0, minimum = 0, maximum = 1_000_000)]
    n: u32,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct AskArgs {
    /// A token the result repeats, to tell which call an answer reached.
    token: String,
}

#[derive(Clone)]
struct Load {
    /// Seals the `requestState` of 2026-07-28 rounds (a random key per run).
    sealer: StateSealer,
    /// Shared by every session's handler.
    stats: Arc<Stats>,
}

/// The forms in flight and how the finished ones ended, for the load generator's check
/// that clients who vanish leave nothing pending (tool `stats`).
#[derive(Default)]
struct Stats {
    pending: AtomicUsize,
    endings: Mutex<BTreeMap<String, usize>>,
}

impl Stats {
    fn ended(&self, how: String) {
        if let Ok(mut endings) = self.endings.lock() {
            *endings.entry(how).or_default() += 1;
        }
    }
}

/// Counts one form in flight; a tool future dropped before the form ended (its session
/// closed under it) still uncounts it, as `dropped`.
struct InFlight<'a> {
    stats: &'a Stats,
    ended: bool,
}

impl<'a> InFlight<'a> {
    fn start(stats: &'a Stats) -> Self {
        stats.pending.fetch_add(1, Ordering::SeqCst);
        InFlight { stats, ended: false }
    }

    fn end(mut self, how: String) {
        self.ended = true;
        self.stats.ended(how);
    }
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        if !self.ended {
            self.stats.ended("dropped".to_owned());
        }
        self.stats.pending.fetch_sub(1, Ordering::SeqCst);
    }
}

#[tool_router]
impl Load {
    // `ToolCall` comes before `Parameters`, which takes the arguments away from the extractors after it.
    #[tool(description = "Asks a form whose message carries the token, and answers with the call's token and the form's")]
    async fn ask(&self, call: ToolCall, Parameters(args): Parameters<AskArgs>) -> Result<CallToolResponse, ErrorData> {
        let stats = &self.stats;
        call.run(&self.sealer, |ask| async move {
            let message = format!("token {}", args.token);
            let in_flight = InFlight::start(stats);
            let answer = Echo::elicit(&ask, &message).key("echo").await;
            in_flight.end(match &answer {
                Ok(answer) => format!("{:?}", answer.action()),
                Err(ElicitError::Cancelled(_)) => "Cancelled".to_owned(),
                Err(ElicitError::Transport(_)) => "Transport".to_owned(),
                Err(ElicitError::NeedsInputRound) => "a 2026-07-28 round".to_owned(),
                Err(other) => format!("{other}"),
            });
            let text = match answer {
                Ok(Elicitation::Accept(echo)) => format!("token={} answer={} n={}", args.token, echo.token, echo.n),
                Ok(Elicitation::Decline) => format!("token={} declined", args.token),
                Ok(Elicitation::Cancel) => format!("token={} cancelled", args.token),
                // The end of a 2026-07-28 round travels as an error through the body: pass it on.
                Err(err) => return Err(err.into()),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(description = "The forms in flight and how the finished ones ended, as JSON")]
    async fn stats(&self) -> String {
        let endings = self.stats.endings.lock().map(|e| e.clone()).unwrap_or_default();
        serde_json::json!({"pending": self.stats.pending.load(Ordering::SeqCst), "endings": endings}).to_string()
    }
}

#[tool_handler]
impl ServerHandler for Load {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(Implementation::new("elicit-load", env!("CARGO_PKG_VERSION")))
    }
}

const USAGE: &str = "usage: load_server [PORT]   (default 0: any free port; serves http://127.0.0.1:PORT/mcp)";

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let port: u16 = match std::env::args().nth(1) {
        None => 0,
        Some(arg) if arg == "-h" || arg == "--help" => {
            eprintln!("{USAGE}");
            return Ok(());
        }
        Some(arg) => match arg.parse() {
            Ok(port) => port,
            Err(_) => {
                eprintln!("not a port number: `{arg}`\n{USAGE}");
                std::process::exit(2);
            }
        },
    };
    let stop = CancellationToken::new();
    let config = StreamableHttpServerConfig::default().with_cancellation_token(stop.child_token());
    let mut key = [0u8; 32];
    getrandom::fill(&mut key)?;
    let sealer = StateSealer::new(key.to_vec())?;
    let stats = Arc::new(Stats::default());
    let service =
        StreamableHttpService::new(move || Ok(Load { sealer: sealer.clone(), stats: stats.clone() }), Arc::new(LocalSessionManager::default()), config);
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    // The load generator reads this line to learn the port: flushed before anything is served.
    let mut stdout = tokio::io::stdout();
    stdout.write_all(format!("listening on {}\n", listener.local_addr()?).as_bytes()).await?;
    stdout.flush().await?;
    // Without TCP_NODELAY a streamed response (head, event, last chunk: separate writes)
    // waits on the client's delayed ACK, about 40 ms per response on Linux loopback.
    let nodelay = std::env::var_os("ELICIT_LOAD_NAGLE").is_none();
    let listener = listener.tap_io(move |tcp| {
        if nodelay && let Err(err) = tcp.set_nodelay(true) {
            eprintln!("set_nodelay: {err}");
        }
    });
    let graceful = stop.clone();
    let serve = axum::serve(listener, router).with_graceful_shutdown(async move { graceful.cancelled().await });
    tokio::select! {
        served = serve => served?,
        () = async {
            let _ = tokio::signal::ctrl_c().await;
            stop.cancel();
            // Thousands of held SSE streams must not keep the process alive.
            tokio::time::sleep(Duration::from_secs(1)).await;
        } => {}
    }
    Ok(())
}
