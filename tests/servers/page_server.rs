//! The server of the page's browser judge (`tests/interop/page_browser.mjs`): the
//! toolkit's own page for a `#[elicit(page)]` form with every field kind, a tool that
//! asks for it, a test-only control route, and an "attacker" origin on a second loopback
//! port. A fixture for the judge, not an example (see `examples/secure_page.rs`).
//!
//! ```text
//! cargo run -p elicit-servers --bin page_server -- [--port N] [--attacker-port N]
//! ```
//!
//! The first line on stdout is `page http://127.0.0.1:P attacker http://127.0.0.1:Q`,
//! which the judge waits for. On the page's port:
//!
//! | route | what it does |
//! |---|---|
//! | `GET/POST /elicit/{id}` | the page ([`Pages::router`]); the login is the `user` cookie |
//! | `POST /test/start?user=U` | a tool call of `U` asks for [`Connect`] on the page; answers the URL it sent |
//! | `POST /test/start?user=U&ttl_ms=N` | an interaction of `U` started directly in the store, living `N` ms (no tool) |
//! | `GET /test/value?id=ID` | JSON: what the tool got (`state`: `waiting`, `accepted` with the typed value, `declined`, `error`), and whether the store holds a sealed value (`stored`) |
//!
//! On the attacker's port (another origin, no policy of ours):
//!
//! | route | what it does |
//! |---|---|
//! | `GET /frame?url=URL` | a page that frames `URL` in `<iframe id="victim">` |
//! | `GET /post?url=URL&csrf=T` | a page whose form posts valid answers (and the token `T`, if given) to `URL` as soon as it loads |
//!
//! The tool talks to no MCP client: its peer is a stand-in that declares URL mode on
//! 2025-11-25, hands the URL of the request to the control route, and consents; the tool
//! then waits for the page as it would in a real call, and receives the typed value.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::{RawQuery, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use elicit_runtime::exchange::{Answer, ElicitationSupport, Outgoing};
use elicit_runtime::page::{PageForm, Pages, Secret};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::url::{InteractionId, Interactions};
use elicit_runtime::{Elicit, ElicitError, ElicitPeer, Elicitation, Violation};
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;
use tokio::sync::oneshot;

mod cli;

// One field of every kind the page renders. The doc comment is the page's heading.
/// Connect your payment provider
#[derive(Elicit, Debug)]
#[elicit(page, validate = Connect::rules)]
struct Connect {
    /// The secret key from the provider's dashboard
    #[elicit(title = "API key", min_length = 20, pattern = "^sk_[A-Za-z0-9]+$")]
    key: Secret,
    /// Lowercase letters, digits and dashes
    #[elicit(title = "Label", min_length = 3, max_length = 20, pattern = "^[a-z][a-z0-9-]*$")]
    label: String,
    /// Where receipts go
    #[elicit(title = "Billing email", format = "email")]
    email: String,
    /// Called when a payment settles
    #[elicit(title = "Webhook URL", format = "uri")]
    webhook: Option<String>,
    /// The first day the key may be used
    #[elicit(title = "Start date", format = "date")]
    starts: String,
    /// Requests a minute
    #[elicit(title = "Rate limit", minimum = 1, maximum = 600, default = 60)]
    rate: u32,
    /// A monthly cap, in dollars
    #[elicit(title = "Spending cap", minimum = 0, maximum = 100000)]
    cap: Option<f64>,
    /// Required by the provider
    #[elicit(title = "I accept the provider's terms")]
    terms: bool,
    /// Leave unanswered to decide later
    #[elicit(title = "Weekly report")]
    report: Option<bool>,
    /// Test keys only work in the test environment
    #[elicit(title = "Environment", default = "test")]
    env: Env,
    /// What the provider forwards to the webhook
    #[elicit(title = "Events", min_items = 1, default = ["payment"])]
    events: Vec<Event>,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Env {
    #[elicit(title = "Live")]
    Live,
    #[elicit(title = "Test")]
    Test,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Event {
    #[elicit(title = "Payments")]
    Payment,
    #[elicit(title = "Refunds")]
    Refund,
    #[elicit(title = "Disputes")]
    Dispute,
}

impl Connect {
    /// The author's rules, which the browser's own validation cannot know: the terms
    /// must be accepted, and a test key is not for the live environment.
    fn rules(&self) -> Result<(), Vec<Violation>> {
        let mut problems = Vec::new();
        if !self.terms {
            problems.push(Violation::rule("terms", "the provider's terms must be accepted"));
        }
        if self.env == Env::Live && self.key.expose().starts_with("sk_test") {
            problems.push(Violation::rule("key", "a test key cannot be used in the live environment"));
        }
        if problems.is_empty() { Ok(()) } else { Err(problems) }
    }

    /// What the tool reports it received: every field, and of the key only its length
    /// and last four characters (as a real tool would, never the key).
    fn summary(&self) -> Value {
        let key: Vec<char> = self.key.expose().chars().collect();
        json!({
            "key_length": key.len(),
            "key_end": key[key.len().saturating_sub(4)..].iter().collect::<String>(),
            "label": self.label,
            "email": self.email,
            "webhook": self.webhook,
            "starts": self.starts,
            "rate": self.rate,
            "cap": self.cap,
            "terms": self.terms,
            "report": self.report,
            "env": format!("{:?}", self.env),
            "events": self.events.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>(),
        })
    }
}

// ---- the tool, and the peer that stands in for its MCP client ----------------------------

/// A client on 2025-11-25 that declares URL mode, hands the URL it is sent to the
/// control route, and consents to open it (the judge's browser opens it).
struct StandIn {
    url: Mutex<Option<oneshot::Sender<String>>>,
}

impl ElicitPeer for StandIn {
    fn protocol_version(&self) -> Option<String> {
        Some("2025-11-25".to_owned())
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        ElicitationSupport::URL
    }

    fn send_elicitation(&self, outgoing: Outgoing) -> impl Future<Output = Result<Answer, ElicitError>> + Send {
        let url = outgoing.params().get("url").and_then(Value::as_str).map(str::to_owned);
        let sender = self.url.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let (Some(sender), Some(url)) = (sender, url) {
            let _ = sender.send(url);
        }
        std::future::ready(Ok(Answer::new(json!({ "action": "accept" }))))
    }
}

/// What one tool call ended with, by interaction id.
#[derive(Clone)]
enum Outcome {
    Waiting,
    Accepted(Value),
    Declined(&'static str),
    Failed(String),
}

#[derive(Clone)]
struct App {
    pages: Pages,
    outcomes: Arc<Mutex<HashMap<String, Outcome>>>,
    /// Tells apart the calls of one user (one interaction per user, form and purpose).
    calls: Arc<AtomicU64>,
}

/// How long a tool call waits for the page.
const WAIT: Duration = Duration::from_secs(300);

impl App {
    /// The tool: asks `user` for [`Connect`] on the page, and records what it received.
    /// Returns the URL it sent, once sent.
    async fn call(&self, user: String) -> Result<String, String> {
        let (sender, url) = oneshot::channel();
        let peer = StandIn { url: Mutex::new(Some(sender)) };
        let (pages, outcomes) = (self.pages.clone(), self.outcomes.clone());
        let purpose = format!("call {}", self.calls.fetch_add(1, Ordering::Relaxed));
        let (id_sender, id) = oneshot::channel::<String>();
        tokio::spawn(async move {
            let asked = Connect::elicit_via_page(&peer, &pages, "Connect your payment provider").principal(&user).purpose(purpose).wait(WAIT);
            let ended = asked.await;
            let Ok(id) = id.await else { return };
            let outcome = match ended {
                Ok(Elicitation::Accept(connect)) => Outcome::Accepted(connect.summary()),
                Ok(Elicitation::Decline) => Outcome::Declined("decline"),
                Ok(Elicitation::Cancel) => Outcome::Declined("cancel"),
                Err(err) => Outcome::Failed(err.to_string()),
            };
            outcomes.lock().unwrap_or_else(|e| e.into_inner()).insert(id, outcome);
        });
        let url = tokio::time::timeout(Duration::from_secs(10), url)
            .await
            .map_err(|_| "the tool sent no URL-mode request within 10 s".to_owned())?
            .map_err(|_| "the tool ended without sending a URL-mode request".to_owned())?;
        let id = url.rsplit('/').next().unwrap_or_default().to_owned();
        self.outcomes.lock().unwrap_or_else(|e| e.into_inner()).insert(id.clone(), Outcome::Waiting);
        let _ = id_sender.send(id);
        Ok(url)
    }
}

// ---- the control route -------------------------------------------------------------------

/// The query's pairs, decoded.
fn query(raw: Option<String>) -> HashMap<String, String> {
    url::form_urlencoded::parse(raw.unwrap_or_default().as_bytes()).into_owned().collect()
}

async fn start(State(app): State<App>, RawQuery(raw): RawQuery) -> Response {
    let query = query(raw);
    let Some(user) = query.get("user").filter(|u| !u.is_empty()).cloned() else {
        return (StatusCode::BAD_REQUEST, "user=NAME is required").into_response();
    };
    match query.get("ttl_ms") {
        Some(ttl) => {
            let Ok(ttl) = ttl.parse::<u64>() else { return (StatusCode::BAD_REQUEST, "ttl_ms is a number of milliseconds").into_response() };
            let purpose = format!("page {}", std::any::type_name::<Connect>());
            match app.pages.interactions().store().start(&user, &purpose, Duration::from_millis(ttl)).await {
                Ok(started) => app.pages.url(&started.id).into_response(),
                Err(err) => (StatusCode::SERVICE_UNAVAILABLE, err.to_string()).into_response(),
            }
        }
        None => match app.call(user).await {
            Ok(url) => url.into_response(),
            Err(err) => (StatusCode::INTERNAL_SERVER_ERROR, err).into_response(),
        },
    }
}

async fn value(State(app): State<App>, RawQuery(raw): RawQuery) -> Response {
    let query = query(raw);
    let Some(id) = query.get("id").and_then(|id| InteractionId::parse(id)) else {
        return (StatusCode::BAD_REQUEST, "id=ID (an interaction id) is required").into_response();
    };
    let stored = match app.pages.interactions().store().value(&id, false).await {
        Ok(stored) => stored.is_some(),
        Err(err) => return (StatusCode::SERVICE_UNAVAILABLE, err.to_string()).into_response(),
    };
    let outcome = app.outcomes.lock().unwrap_or_else(|e| e.into_inner()).get(id.as_str()).cloned();
    let answer = match outcome {
        None => json!({ "state": "no-tool", "stored": stored }),
        Some(Outcome::Waiting) => json!({ "state": "waiting", "stored": stored }),
        Some(Outcome::Accepted(value)) => json!({ "state": "accepted", "value": value, "stored": stored }),
        Some(Outcome::Declined(action)) => json!({ "state": "declined", "action": action, "stored": stored }),
        Some(Outcome::Failed(error)) => json!({ "state": "error", "error": error, "stored": stored }),
    };
    ([(header::CONTENT_TYPE, "application/json")], answer.to_string()).into_response()
}

// ---- the attacker's origin ---------------------------------------------------------------

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

async fn frame(RawQuery(raw): RawQuery) -> Html<String> {
    let url = escape(query(raw).get("url").map_or("", String::as_str));
    Html(format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>A page that frames the form</title></head>\
         <body><h1 id=\"attacker\">Win a prize: fill in the form below</h1>\
         <iframe id=\"victim\" src=\"{url}\" width=\"800\" height=\"500\"></iframe></body></html>"
    ))
}

async fn post_across(RawQuery(raw): RawQuery) -> Html<String> {
    let query = query(raw);
    let url = escape(query.get("url").map_or("", String::as_str));
    let csrf = query.get("csrf").map(|t| format!("<input type=\"hidden\" name=\"__elicit_csrf\" value=\"{}\">", escape(t))).unwrap_or_default();
    let fields = [
        ("key", "sk_ATTACKERsuppliedKEY0123"),
        ("label", "attacker"),
        ("email", "mallory@example.com"),
        ("starts", "2026-01-01"),
        ("rate", "60"),
        ("terms", "true"),
        ("env", "live"),
        ("events", "payment"),
    ];
    let inputs: String = fields.iter().map(|(n, v)| format!("<input type=\"hidden\" name=\"{n}\" value=\"{v}\">")).collect();
    Html(format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>A page that posts to the form</title></head>\
         <body><h1 id=\"attacker\">Loading…</h1>\
         <form id=\"attack\" method=\"post\" action=\"{url}\">{csrf}{inputs}</form>\
         <script>document.getElementById('attack').submit();</script></body></html>"
    ))
}

// ---- the server ----------------------------------------------------------------------------

/// The judge's login: the `user` cookie (a real server verifies a session).
fn login(request: &Parts) -> Option<String> {
    let cookies = request.headers.get(header::COOKIE)?.to_str().ok()?;
    cookies.split(';').find_map(|c| c.trim().strip_prefix("user=")).map(str::to_owned)
}

#[derive(Debug, Default, PartialEq, Eq)]
struct Options {
    /// `--port`: the page's port (0: a port the system picks).
    port: u16,
    /// `--attacker-port`: the other origin's port (0: a port the system picks).
    attacker_port: u16,
}

/// What `--help` prints, and the options the parser takes.
fn command() -> cli::Command {
    cli::Command {
        name: "page_server",
        usage: "[OPTIONS]",
        about: "The server of the page's browser judge: the page of a form with every field kind at http://127.0.0.1:PORT/elicit, \
                a test-only control route at /test, and another origin at http://127.0.0.1:ATTACKER_PORT that frames the page and \
                posts to it. The first line on stdout is `page http://127.0.0.1:PORT attacker http://127.0.0.1:ATTACKER_PORT`.",
        options: vec![
            cli::Opt { name: "--port", value: "N", help: "the page's port (default: 0, a port the system picks)".to_owned() },
            cli::Opt { name: "--attacker-port", value: "N", help: "the other origin's port (default: 0, a port the system picks)".to_owned() },
        ],
        environment: Vec::new(),
    }
}

impl Options {
    /// The options in `args` (without the program's name).
    fn parse(command: &cli::Command, args: impl IntoIterator<Item = String>) -> Result<Self, cli::Stop> {
        let mut options = Self::default();
        let mut args = command.args(args);
        while let Some(arg) = args.next()? {
            match arg {
                cli::Arg::Named("--port", value) => options.port = cli::parse("--port", &value, "a port number, 0 to 65535")?,
                cli::Arg::Named("--attacker-port", value) => options.attacker_port = cli::parse("--attacker-port", &value, "a port number, 0 to 65535")?,
                cli::Arg::Named(name, _) => return Err(cli::Stop::Bad(format!("`{name}` is not handled (a bug of this server)"))),
                cli::Arg::Positional(arg) => return Err(cli::Stop::Bad(format!("unexpected argument `{arg}`: page_server takes options only"))),
            }
        }
        Ok(options)
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let command = command();
    let Options { port, attacker_port } = Options::parse(&command, std::env::args().skip(1)).unwrap_or_else(|stop| command.exit(stop));
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    let attacker = tokio::net::TcpListener::bind(("127.0.0.1", attacker_port)).await?;
    let (page_addr, attacker_addr) = (listener.local_addr()?, attacker.local_addr()?);
    let mut key = [0u8; 32];
    getrandom::fill(&mut key)?;
    let sealer = StateSealer::new(key.to_vec())?;
    let pages = Pages::new(Interactions::default().allow_loopback_http(true), sealer, &format!("http://{page_addr}/elicit"))?;
    // Interactions started directly (`ttl_ms`) name the form: the page must know it.
    pages.register::<Connect>();
    let app = App { pages: pages.clone(), outcomes: Arc::default(), calls: Arc::default() };
    let control = Router::new().route("/test/start", post(start)).route("/test/value", get(value)).with_state(app);
    let router = Router::new().nest("/elicit", pages.router(login)).merge(control);
    let other = Router::new().route("/frame", get(frame)).route("/post", get(post_across));
    let mut stdout = tokio::io::stdout();
    stdout.write_all(format!("page http://{page_addr} attacker http://{attacker_addr}\n").as_bytes()).await?;
    stdout.flush().await?;
    tokio::select! {
        served = axum::serve(listener, router) => served?,
        served = axum::serve(attacker, other) => served?,
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}

#[cfg(test)]
mod options_tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, cli::Stop> {
        Options::parse(&command(), args.iter().map(|a| (*a).to_owned()))
    }

    #[test]
    fn the_ports() {
        assert_eq!(parse(&[]), Ok(Options { port: 0, attacker_port: 0 }));
        assert_eq!(parse(&["--port", "8080", "--attacker-port=8081"]), Ok(Options { port: 8080, attacker_port: 8081 }));
        assert!(matches!(parse(&["8080"]), Err(cli::Stop::Bad(_))));
        assert!(matches!(parse(&["--port", "x"]), Err(cli::Stop::Bad(_))));
    }

    #[test]
    fn the_form_is_a_page_form_with_every_field() {
        let names: Vec<&str> = Connect::SCHEMA.fields().iter().map(|f| f.name()).collect();
        assert_eq!(names, ["key", "label", "email", "webhook", "starts", "rate", "cap", "terms", "report", "env", "events"]);
    }
}
