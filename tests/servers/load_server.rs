//! The server of the capacity benchmark (`tests/benches/capacity.rs`): one tool, `ask`,
//! that elicits a two-field form whose message carries the call's token, served over
//! Streamable HTTP on loopback; and `ask_rmcp`, the same form asked through rmcp's own
//! typed `Peer::elicit` (what an rmcp user writes today), for the side-by-side run.
//!
//! ```text
//! cargo run --release -p elicit-servers --bin load_server -- 0
//! ```
//!
//! Port 0 (the default) lets the system choose; the first line on stdout is `listening on
//! 127.0.0.1:PORT`, which the load generator waits for. `--nagle` leaves Nagle's algorithm
//! on (no `TCP_NODELAY`), to measure what it costs; `--help` lists the options. The tool answers `token=T answer=A`, where `T` is the
//! token the call sent and `A` the token the accepted form carried: a load generator checks
//! both against the token of the session that asked, so an answer routed to another
//! session's call shows up as a mismatch.
//!
//! A third tool, `stats`, answers with the count of forms in flight and how the finished
//! ones ended, so the generator can check that clients who vanish leave nothing pending,
//! and with the size of each side's elicitation future.
//!
//! The same tool serves every revision through [`ToolCall::run`]: on 2025-11-25 the form is
//! an `elicitation/create` request on the SSE stream of the `tools/call` (the session holds
//! it until the client answers); on 2026-07-28 the first call returns an
//! `InputRequiredResult` and the retry carries the answer and the sealed `requestState`, so
//! nothing is held between the rounds.

use std::collections::BTreeMap;
use std::future::IntoFuture;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::serve::ListenerExt;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::{Elicit, Elicitation, ErrorKind};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::{ElicitationError, RequestContext};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde::Deserialize;
use tokio::io::AsyncWriteExt;
use tokio_util::sync::CancellationToken;

mod cli;

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

/// [`Echo`] as rmcp's typed `Peer::elicit` needs it: the same fields, descriptions, bounds
/// and default, with serde and schemars.
#[derive(Deserialize, schemars::JsonSchema)]
struct EchoSerde {
    /// The token shown in the message
    token: String,
    /// Anything
    #[serde(default)]
    #[schemars(range(min = 0, max = 1_000_000))]
    n: u32,
}

rmcp::elicit_safe!(EchoSerde);

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
    /// The size in bytes of elicit's boxed `T::elicit` future (one heap allocation per
    /// pending form), taken on the first `ask`.
    elicit_future: AtomicUsize,
    /// The size of rmcp's `Peer::elicit` future (held inside rmcp's boxed tool future),
    /// taken on the first `ask_rmcp`.
    rmcp_future: AtomicUsize,
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
            if stats.elicit_future.load(Ordering::Relaxed) == 0 {
                // A future that is never polled sends nothing; it is measured and dropped.
                stats.elicit_future.store(std::mem::size_of_val(&*Echo::elicit(&ask, "").key("echo").into_future()), Ordering::Relaxed);
            }
            let in_flight = InFlight::start(stats);
            let answer = Echo::elicit(&ask, message.as_str()).key("echo").await;
            in_flight.end(match &answer {
                Ok(answer) => format!("{:?}", answer.action()),
                Err(err) if err.is_cancelled() => "Cancelled".to_owned(),
                Err(err) if err.is_transport() => "Transport".to_owned(),
                Err(err) if err.kind() == ErrorKind::NeedsInputRound => "a 2026-07-28 round".to_owned(),
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

    /// `ask` as an rmcp user writes it without elicit (2025-11-25 only: rmcp's `Peer::elicit`
    /// refuses 2026-07-28, which has no server-to-client requests).
    #[tool(description = "Asks the same form through rmcp's own typed Peer::elicit, and answers as ask does")]
    async fn ask_rmcp(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<AskArgs>) -> Result<CallToolResult, ErrorData> {
        let message = format!("token {}", args.token);
        if self.stats.rmcp_future.load(Ordering::Relaxed) == 0 {
            // Measured on a future of its own, dropped unpolled: keeping the awaited one in a
            // variable would make the tool's future larger than what an rmcp user writes.
            self.stats.rmcp_future.store(std::mem::size_of_val(&context.peer.elicit::<EchoSerde>(String::new())), Ordering::Relaxed);
        }
        let in_flight = InFlight::start(&self.stats);
        let answer = context.peer.elicit::<EchoSerde>(message).await;
        in_flight.end(match &answer {
            Ok(Some(_)) => "Accept".to_owned(),
            Ok(None) => "Accept without content".to_owned(),
            Err(ElicitationError::UserDeclined) => "Decline".to_owned(),
            Err(ElicitationError::UserCancelled) => "Cancel".to_owned(),
            Err(other) => format!("{other}"),
        });
        let text = match answer {
            Ok(Some(echo)) => format!("token={} answer={} n={}", args.token, echo.token, echo.n),
            Err(ElicitationError::UserDeclined) => format!("token={} declined", args.token),
            Err(ElicitationError::UserCancelled) => format!("token={} cancelled", args.token),
            Ok(None) => format!("token={} accepted without content", args.token),
            Err(err) => return Err(ErrorData::internal_error(err.to_string(), None)),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }

    #[tool(description = "The forms in flight and how the finished ones ended, as JSON")]
    async fn stats(&self) -> String {
        let endings = self.stats.endings.lock().map(|e| e.clone()).unwrap_or_default();
        serde_json::json!({
            "pending": self.stats.pending.load(Ordering::SeqCst),
            "endings": endings,
            "futureBytes": {"elicit": self.stats.elicit_future.load(Ordering::Relaxed), "rmcp": self.stats.rmcp_future.load(Ordering::Relaxed)},
        })
        .to_string()
    }
}

#[tool_handler]
impl ServerHandler for Load {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(Implementation::new("elicit-load", env!("CARGO_PKG_VERSION")))
    }
}

// ---- the command line ------------------------------------------------------------------

/// How the server is set up: its command line (`--help` lists it), parsed in one place.
/// The defaults: port 0, `TCP_NODELAY` set.
#[derive(Debug, Default, PartialEq, Eq)]
struct Options {
    /// `PORT`: it serves `http://127.0.0.1:PORT/mcp` (0: a port the system picks).
    port: u16,
    /// `--nagle`: leave Nagle's algorithm on (no `TCP_NODELAY`), to measure what it costs.
    nagle: bool,
}

/// What `--help` prints, and the options the parser takes.
fn command() -> cli::Command {
    cli::Command {
        name: "load_server",
        usage: "[OPTIONS] [PORT]",
        about: "The server of the capacity benchmark, over Streamable HTTP at http://127.0.0.1:PORT/mcp (default PORT: 0, a port \
                the system picks); the first line on stdout is `listening on 127.0.0.1:PORT`. The requestState key is random for \
                each run.",
        options: vec![cli::Opt {
            name: "--nagle",
            value: "",
            help: "leave Nagle's algorithm on: no TCP_NODELAY on accepted connections (default: off, TCP_NODELAY set)".to_owned(),
        }],
        environment: Vec::new(),
    }
}

impl Options {
    /// The options in `args` (without the program's name).
    fn parse(command: &cli::Command, args: impl IntoIterator<Item = String>) -> Result<Self, cli::Stop> {
        let mut options = Self::default();
        let mut port = None;
        let mut args = command.args(args);
        while let Some(arg) = args.next()? {
            match arg {
                cli::Arg::Named("--nagle", _) => options.nagle = true,
                cli::Arg::Named(name, _) => return Err(cli::Stop::Bad(format!("`{name}` is not handled (a bug of this server)"))),
                cli::Arg::Positional(arg) => cli::port(&mut port, &arg)?,
            }
        }
        options.port = port.unwrap_or(options.port);
        Ok(options)
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let command = command();
    let Options { port, nagle } = Options::parse(&command, std::env::args().skip(1)).unwrap_or_else(|stop| command.exit(stop));
    let stop = CancellationToken::new();
    // Refuses every request that carries an `Origin` (a browser page: no page is a client
    // of this server), as conformance_server does; rmcp's default lets every site in.
    let config = StreamableHttpServerConfig::default().with_cancellation_token(stop.child_token()).enforce_origin_validation();
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
    let listener = listener.tap_io(move |tcp| {
        if !nagle && let Err(err) = tcp.set_nodelay(true) {
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

/// The tools this server lists, for tests/tests/tool_schemas.rs (which includes this file
/// with `#[path]`).
#[cfg(test)]
#[allow(dead_code, reason = "used where tool_schemas.rs includes this file, not by this binary's own tests")]
pub(crate) fn tools() -> Vec<rmcp::model::Tool> {
    Load::tool_router().list_all()
}

#[cfg(test)]
mod options_tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, cli::Stop> {
        Options::parse(&command(), args.iter().map(|a| (*a).to_owned()))
    }

    #[test]
    fn the_port_and_nagle() {
        assert_eq!(parse(&[]), Ok(Options { port: 0, nagle: false }));
        assert_eq!(parse(&["0"]), Ok(Options { port: 0, nagle: false }));
        assert_eq!(parse(&["--nagle", "8080"]), Ok(Options { port: 8080, nagle: true }));
        assert_eq!(parse(&["8080", "--nagle"]), Ok(Options { port: 8080, nagle: true }));
        assert_eq!(parse(&["x"]), Err(cli::bad("PORT", "x", "a port number, 0 to 65535")));
        assert_eq!(parse(&["--nagle=1"]), Err(cli::Stop::Bad("`--nagle` is a flag and takes no value (got `1`)".into())));
        assert_eq!(parse(&["--port", "1"]), Err(cli::Stop::Bad("unknown option `--port`; the options are --nagle".into())));
        assert_eq!(parse(&["-h"]), Err(cli::Stop::Help));
    }
}
