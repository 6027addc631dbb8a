//! The page of `#[elicit(page)]` forms (`elicit_runtime::page`), over raw HTTP on
//! loopback: the typed value back in the tool on 2025-11-25 and 2026-07-28, the page's
//! headers, its refusals (another user, no login, a missing or forged token, another
//! origin, a second submit, an expired link), hostile bodies, a bounded load loop, two
//! instances behind one Redis; `require` (-32042 until the page is done, then the value on
//! the retry); and the secret found nowhere it must not be: the MCP
//! traffic, `Debug`, errors, everything traced at `trace`, the Redis keys and values.
//!
//! The page in a real browser: `tests/interop/page_browser.mjs` (headless Chromium through
//! WebDriver, judge 7b of `tests/interop/run.sh`; docs/pages.md).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

use axum::http::request::Parts;
use elicit_runtime::locale::Locale;
use elicit_runtime::page::{PageForm, Pages, Secret};
use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::{RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::url::{Interactions, RedisStore};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision, Violation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::ServiceError;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};

const V11: ProtocolRevision = ProtocolRevision::V2025_11_25;
const V07: ProtocolRevision = ProtocolRevision::V2026_07_28;

/// How a billing account is connected: a key, its label, and a few field kinds.
#[derive(Elicit, Debug)]
#[elicit(page, validate = ApiKey::rules)]
struct ApiKey {
    /// The key from your dashboard
    #[elicit(min_length = 20, pattern = "^sk_[A-Za-z0-9]+$")]
    key: Secret,
    /// A name for the key, to tell it apart
    #[elicit(max_length = 40, pattern = "^[a-z][a-z0-9-]*$")]
    label: Option<String>,
    /// How many requests a minute it may make
    #[elicit(minimum = 1, maximum = 600)]
    rate: Option<u32>,
    /// The environment it is for
    env: Env,
    /// Whether to use it at once
    #[elicit(default = true)]
    activate: bool,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Env {
    #[elicit(title = "Live")]
    Live,
    #[elicit(title = "Test")]
    Test,
}

impl ApiKey {
    /// The author's rule: a test key is not connected to the live environment.
    fn rules(&self) -> Result<(), Vec<Violation>> {
        if self.env == Env::Live && self.key.expose().starts_with("sk_test") {
            return Err(vec![Violation::rule("key", "a test key cannot be used in the live environment")]);
        }
        Ok(())
    }
}

// ---- the server: a tool and its page ---------------------------------------------------

#[derive(Clone)]
struct Billing {
    sealer: StateSealer,
    pages: Pages,
    /// What the tool received, by principal (the test reads it).
    received: Arc<Mutex<HashMap<String, String>>>,
}

#[tool_router]
impl Billing {
    #[tool(description = "connect a billing key, as ada")]
    async fn connect(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let (pages, received) = (self.pages.clone(), self.received.clone());
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                let text = match ApiKey::elicit_via_page(&ask, &pages, "Connect your billing account").wait(Duration::from_secs(20)).await {
                    Ok(Elicitation::Accept(key)) => {
                        let summary = format!("{}|{:?}|{:?}|{:?}|{}", key.key.expose(), key.label, key.rate, key.env, key.activate);
                        received.lock().unwrap().insert("ada".into(), summary);
                        format!("connected {:?} ({} characters)", key.label, key.key.expose().chars().count())
                    }
                    Ok(other) => format!("{other:?}"),
                    Err(err) if err.is_input_required() => return Err(err.into()),
                    Err(err) => format!("error: {err}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }

    #[tool(description = "connect a billing key, as ada, through the model if the client cannot open pages")]
    async fn connect_relayed(&self, call: ToolCall, Parameters(_): Parameters<Relayed>) -> Result<CallToolResponse, ErrorData> {
        let pages = self.pages.clone();
        call.principal("ada")
            .relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let text = match ApiKey::elicit_via_page(&ask, &pages, "Connect your billing account").wait(Duration::from_millis(100)).await? {
                    Elicitation::Accept(key) => format!("connected {:?} ({} characters)", key.label, key.key.expose().chars().count()),
                    other => format!("{other:?}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }

    #[tool(description = "connect a billing key, as ada, saying every 50 ms that the call still waits")]
    async fn patient(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let pages = self.pages.clone();
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                let answer = ApiKey::elicit_via_page(&ask, &pages, "Connect your billing account").progress_every(Some(Duration::from_millis(50))).await;
                Ok(CallToolResult::success(vec![ContentBlock::text(format!("{:?}", answer.map(|a| matches!(a, Elicitation::Accept(_)))))]))
            })
            .await
    }

    #[tool(description = "use ada's billing key: -32042 until the page is done")]
    async fn require(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let (pages, received) = (self.pages.clone(), self.received.clone());
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                let text = match ApiKey::elicit_via_page(&ask, &pages, "Connect your billing account").require().await {
                    Ok(Elicitation::Accept(key)) => {
                        received.lock().unwrap().insert("ada".into(), key.key.expose().to_owned());
                        format!("required {:?} ({} characters)", key.label, key.key.expose().chars().count())
                    }
                    Ok(other) => format!("{other:?}"),
                    Err(err) if err.continuation().is_some() => return Err(err.into()),
                    Err(err) => format!("error: {err}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

/// The arguments of the tool the model may call back.
#[derive(serde::Deserialize, schemars::JsonSchema, Default)]
struct Relayed {
    /// The model's call-back.
    #[serde(default, rename = "elicitRelay")]
    #[expect(dead_code, reason = "read by the runtime from the raw arguments; here it puts the argument into tools/list")]
    relay: RelayArg,
}

#[tool_handler]
impl ServerHandler for Billing {}

/// The test's login: the `user` cookie (a real server verifies a session).
fn login(request: &Parts) -> Option<String> {
    let cookies = request.headers.get("cookie")?.to_str().ok()?;
    cookies.split(';').find_map(|c| c.trim().strip_prefix("user=")).map(str::to_owned)
}

const KEY: &[u8] = b"the pages suite key, 32 bytes or more";

/// A page served on a loopback port, with its server.
async fn serve(interactions: Interactions) -> (Billing, SocketAddr) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let addr = listener.local_addr().expect("an address");
    let sealer = StateSealer::new(KEY.to_vec()).expect("a key");
    let pages = Pages::new(interactions.allow_loopback_http(true), sealer.clone(), &format!("http://127.0.0.1:{}/elicit", addr.port())).expect("pages");
    let app = axum::Router::new().nest("/elicit", pages.router(login));
    tokio::spawn(async move { axum::serve(listener, app).await });
    (Billing { sealer, pages, received: Arc::default() }, addr)
}

// ---- a small HTTP client ---------------------------------------------------------------

#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The `data-outcome` of the page.
    fn outcome(&self) -> &str {
        self.body.split("data-outcome=\"").nth(1).and_then(|rest| rest.split('"').next()).unwrap_or_default()
    }

    /// The CSRF token of the form.
    fn token(&self) -> String {
        let after = self.body.split("name=\"__elicit_csrf\" value=\"").nth(1).expect("a token in the form");
        after.split('"').next().unwrap_or_default().to_owned()
    }
}

/// One HTTP/1.1 request, `Connection: close`, at most 10 s.
async fn http(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
    tokio::time::timeout(Duration::from_secs(10), async {
        let mut stream = TcpStream::connect(addr).await.expect("connects");
        let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
        if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: 127.0.0.1:{}\r\n", addr.port()));
        }
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).await.expect("writes");
        // A server may answer (413) before reading a large body.
        let _ = stream.write_all(body).await;
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw).await;
        let text = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
        let headers = lines.filter_map(|l| l.split_once(':')).map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned())).collect();
        Answer { status, headers, body: body.to_owned() }
    })
    .await
    .expect("the page answers within 10 s")
}

const FORM: &str = "application/x-www-form-urlencoded";

fn cookie(user: &str) -> String {
    format!("user={user}")
}

/// Percent-encodes a form value.
fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => char::from(b).to_string(),
            b' ' => "+".to_owned(),
            b => format!("%{b:02X}"),
        })
        .collect()
}

/// A pending interaction of ada's for the form, as the tool would start it: its path.
async fn started(billing: &Billing) -> String {
    billing.pages.register::<ApiKey>();
    let interaction = billing.pages.interactions().store().start("ada", &format!("page {}", std::any::type_name::<ApiKey>()), Duration::from_secs(60)).await.expect("starts");
    format!("/elicit/{}", interaction.id)
}

// ---- everything traced, kept ------------------------------------------------------------

static TRACED: Mutex<String> = Mutex::new(String::new());

struct Keep;

struct Text<'a>(&'a mut String);

impl tracing::field::Visit for Text<'_> {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!(" {}={value:?}", field.name()));
    }
}

impl tracing::Subscriber for Keep {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        span.record(&mut Text(&mut TRACED.lock().unwrap_or_else(|e| e.into_inner())));
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, values: &tracing::span::Record<'_>) {
        values.record(&mut Text(&mut TRACED.lock().unwrap_or_else(|e| e.into_inner())));
    }
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, event: &tracing::Event<'_>) {
        event.record(&mut Text(&mut TRACED.lock().unwrap_or_else(|e| e.into_inner())));
    }
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

fn trace_everything() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| tracing::subscriber::set_global_default(Keep).expect("the only subscriber"));
}

fn traced() -> String {
    TRACED.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

fn assert_nowhere_traced(secret: &str) {
    assert!(!traced().contains(secret), "the secret was traced");
}

// ---- the whole flow ------------------------------------------------------------------

/// A client that consents, and a browser (here raw HTTP) that fills the page in as ada
/// while the call waits (2025-11-25) or before the retry (2026-07-28).
async fn flow(revision: ProtocolRevision, billing: Billing, addr: SocketAddr, secret: &'static str) -> (String, String) {
    let filled = Arc::new(Mutex::new(false));
    let session = ScriptedClient::new(revision)
        .respond_with({
            let filled = filled.clone();
            move |request: &Value| {
                let url = request["url"].as_str().unwrap_or_default().to_owned();
                if !std::mem::replace(&mut *filled.lock().unwrap(), true) {
                    let path = url.split_once("/elicit/").map(|(_, id)| format!("/elicit/{id}")).unwrap_or_default();
                    tokio::spawn(async move {
                        let shown = http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await;
                        let body = format!("__elicit_csrf={}&key={}&label=billing&rate=60&env=test&activate=true", enc(&shown.token()), enc(secret));
                        let done = http(addr, "POST", &path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM), ("Origin", &format!("http://127.0.0.1:{}", addr.port()))], body.as_bytes()).await;
                        assert_eq!(done.outcome(), "done", "{}", done.body);
                    });
                }
                // The browser's answer lands before the retry of 2026-07-28.
                Reply::consent().after(Duration::from_millis(300))
            }
        })
        .connect(billing.clone())
        .await
        .expect("connects");
    let text = session.call_tool_text("connect", json!({})).await.expect("the call");
    let transcript = session.transcript();
    assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
    let traffic = format!("{:?}", transcript);
    (text, traffic)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tool_gets_the_typed_value_and_nothing_else_sees_the_secret() {
    trace_everything();
    for (revision, secret) in [(V11, "sk_test0000firstSECRETvalue"), (V07, "sk_test1111secondSECRETvalue")] {
        let (billing, addr) = serve(Interactions::default()).await;
        let (text, traffic) = flow(revision, billing.clone(), addr, secret).await;
        assert_eq!(text, format!("connected Some(\"billing\") ({} characters)", secret.len()), "{revision}");
        assert_eq!(billing.received.lock().unwrap()["ada"], format!("{secret}|Some(\"billing\")|Some(60)|Test|true"), "{revision}");
        assert!(traffic.contains("\"url\""), "{revision}: the capture holds no URL-mode request: {traffic}");
        assert!(!traffic.contains(secret), "{revision}: the secret crossed the MCP client");
        assert!(traced().contains("elicit_round") || traced().contains("outcome"), "{revision}: the capture saw nothing of the call");
        assert_nowhere_traced(secret);
        // Taken at once (2025-11-25), or deleted once the call completed (2026-07-28).
        let id = traffic.split("/elicit/").nth(1).map(|rest| &rest[..64]).expect("the page's id in the traffic");
        let id = elicit_runtime::url::InteractionId::parse(id).expect("an id");
        assert_eq!(billing.pages.interactions().store().value(&id, false).await.expect("the store"), None, "{revision}: the value stayed");
    }
}

#[tokio::test]
async fn a_secret_never_shows_itself() {
    let key = ApiKey { key: Secret::new("sk_live_NEVERSHOWN0123456789".into()), label: None, rate: None, env: Env::Live, activate: true };
    let debug = format!("{key:?}");
    assert!(!debug.contains("NEVERSHOWN") && debug.contains("Secret(***)"), "{debug}");
    // The author's rule and the schema's own problems name the field, never the value.
    let content = json!({ "key": "sk_testNEVERSHOWN000000000", "env": "live", "activate": true });
    let invalid = ApiKey::from_content(content.as_object().unwrap()).expect_err("a test key in live");
    assert!(!invalid.to_string().contains("NEVERSHOWN"), "{invalid}");
    assert!(invalid.to_string().contains("key"), "{invalid}");
    let short = json!({ "key": "sk_SHORT", "env": "live", "activate": true });
    let invalid = ApiKey::from_content(short.as_object().unwrap()).expect_err("too short");
    assert!(!format!("{invalid} {invalid:?}").contains("SHORT"), "{invalid:?}");
}

/// The text of a tool result.
fn text_of(result: &CallToolResult) -> String {
    result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_cannot_open_pages_gets_the_link_through_its_model() {
    for revision in [V11, V07] {
        let (billing, addr) = serve(Interactions::default()).await;
        let session = ScriptedClient::new(revision).support(ElicitationSupport::FORM).connect(billing.clone()).await.expect("connects");
        let first = session.call_tool("connect_relayed", json!({})).await.expect("the call");
        let said = text_of(&first);
        let path = said.split(&format!("127.0.0.1:{}", addr.port())).nth(1).and_then(|rest| rest.split_whitespace().next()).expect("the page's link").to_owned();
        let relay = first.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).expect("for the model");
        let (continuation, key) = (relay["continuation"].clone(), relay["questions"].as_object().and_then(|q| q.keys().next().cloned()).expect("a question"));
        // The user agrees, and fills the page in.
        let waiting = session.call_tool("connect_relayed", json!({ RelayArg::NAME: { "continuation": continuation, "answers": { key: "accept" } } })).await.expect("the call back");
        let continuation = waiting.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).map(|r| r["continuation"].clone()).expect("still for the model");
        let token = http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await.token();
        let body = format!("__elicit_csrf={}&key=sk_test5555relayedSECRETvalue&label=relayed&env=test", enc(&token));
        let done = http(addr, "POST", &path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM)], body.as_bytes()).await;
        assert_eq!(done.outcome(), "done", "{revision}: {}", done.body);
        let finished = session.call_tool("connect_relayed", json!({ RelayArg::NAME: { "continuation": continuation, "answers": {} } })).await.expect("the last call back");
        assert_eq!(text_of(&finished), "connected Some(\"relayed\") (29 characters)", "{revision}: {finished:?}");
        let transcript = format!("{:?}", session.transcript());
        assert!(!transcript.contains("relayedSECRET"), "{revision}: the secret crossed the MCP client");
    }
}

// ---- the page over HTTP -----------------------------------------------------------------

fn assert_page_headers(answer: &Answer) {
    let csp = answer.header("content-security-policy").unwrap_or_default();
    for part in ["default-src 'none'", "frame-ancestors 'none'", "form-action 'self'", "base-uri 'none'"] {
        assert!(csp.contains(part), "CSP {csp:?} lacks {part}");
    }
    assert!(!csp.contains("script-src") && !csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(answer.header("referrer-policy"), Some("no-referrer"));
    assert_eq!(answer.header("cache-control"), Some("no-store"));
    assert_eq!(answer.header("x-frame-options"), Some("DENY"));
    assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(answer.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(!answer.body.contains("<script"), "a page with a script");
}

#[tokio::test]
async fn every_page_has_the_headers_and_the_form_has_every_field_kind() {
    let (billing, addr) = serve(Interactions::default()).await;
    let path = started(&billing).await;
    let form = http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await;
    assert_eq!((form.status, form.outcome()), (200, "form"), "{}", form.body);
    assert_page_headers(&form);
    let body = &form.body;
    // Labels for every input, the description beside it, the constraints as attributes.
    for expected in [
        "<label for=\"f-key\">key <span class=\"hint\">(required)</span></label>",
        "<p class=\"description\" id=\"d-key\">The key from your dashboard</p>",
        "type=\"password\" id=\"f-key\" name=\"key\" required minlength=\"20\" pattern=\"^sk_[A-Za-z0-9]+$\" autocomplete=\"off\"",
        // The pattern as a browser's `v` mode reads it (a bare `-` in a class is refused
        // there, and the browser then drops the whole check); a pattern the browser would
        // read otherwise is left to the server (unit tests of `html_pattern`).
        "type=\"text\" id=\"f-label\" name=\"label\" maxlength=\"40\" pattern=\"^[a-z][a-z0-9\\-]*$\"",
        "type=\"number\" id=\"f-rate\" name=\"rate\" step=\"1\" min=\"1\" max=\"600\"",
        "<select id=\"f-env\" name=\"env\" required",
        "<option value=\"live\">Live</option>",
        "type=\"checkbox\" id=\"f-activate\" name=\"activate\" value=\"true\" checked",
        "Signed in as <strong id=\"user\">ada</strong>",
        // The heading is the form's doc comment.
        "<h1>How a billing account is connected: a key, its label, and a few field kinds.</h1>",
    ] {
        assert!(body.contains(expected), "the form lacks {expected:?}:\n{body}");
    }
    for refused in [
        http(addr, "GET", &path, &[("Cookie", &cookie("mallory"))], b"").await,
        http(addr, "GET", "/elicit/not-an-id", &[("Cookie", &cookie("ada"))], b"").await,
        http(addr, "POST", &path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM)], b"key=x").await,
        http(addr, "GET", &path, &[], b"").await,
    ] {
        assert_page_headers(&refused);
    }
}

#[tokio::test]
async fn invalid_answers_are_shown_by_their_fields_and_secrets_are_not_echoed() {
    trace_everything();
    let (billing, addr) = serve(Interactions::default()).await;
    let path = started(&billing).await;
    let token = http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await.token();
    let post = |body: String| {
        let origin = format!("http://127.0.0.1:{}", addr.port());
        let path = path.clone();
        async move { http(addr, "POST", &path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM), ("Origin", &origin)], body.as_bytes()).await }
    };
    // Too short, out of range, not a number, not an option: each by its field.
    let bad = post(format!("__elicit_csrf={}&key=sk_ECHOCANARY&label=mine&rate=9999&env=prod", enc(&token))).await;
    assert_eq!((bad.status, bad.outcome()), (422, "invalid"), "{}", bad.body);
    assert!(!bad.body.contains("ECHOCANARY"), "the secret came back in the page");
    assert!(bad.body.contains("id=\"e-key\">must be at least 20 characters long"), "{}", bad.body);
    assert!(bad.body.contains("id=\"e-rate\">"), "{}", bad.body);
    assert!(bad.body.contains("id=\"e-env\">"), "{}", bad.body);
    assert!(bad.body.contains("For your safety this field was emptied"), "{}", bad.body);
    // What is not secret is kept.
    assert!(bad.body.contains("name=\"label\" value=\"mine\""), "{}", bad.body);
    assert!(bad.body.contains("aria-invalid=\"true\""), "{}", bad.body);
    let words = post(format!("__elicit_csrf={}&key=sk_ECHOCANARY0123456789abc&rate=twelve&env=live", enc(&token))).await;
    assert!(words.body.contains("id=\"e-rate\">must be a whole number"), "{}", words.body);
    // The author's rule, on its field.
    let rule = post(format!("__elicit_csrf={}&key=sk_testECHOCANARY0123456789&env=live&activate=true", enc(&token))).await;
    assert!(rule.body.contains("id=\"e-key\">a test key cannot be used in the live environment"), "{}", rule.body);
    assert!(!rule.body.contains("ECHOCANARY"));
    // None of it completed the interaction.
    let id = path.trim_start_matches("/elicit/");
    assert!(billing.pages.interactions().pending(id, "ada").await.is_ok());
    assert_nowhere_traced("ECHOCANARY");
}

#[tokio::test]
async fn refusals_store_nothing() {
    let (billing, addr) = serve(Interactions::default()).await;
    let path = started(&billing).await;
    let id = path.trim_start_matches("/elicit/").to_owned();
    let origin = format!("http://127.0.0.1:{}", addr.port());
    let token = http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await.token();
    let valid = format!("__elicit_csrf={}&key=sk_test0123456789abcdefgh&env=test&activate=true", enc(&token));
    let post = |headers: Vec<(&'static str, String)>, body: String| {
        let path = path.clone();
        async move {
            let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
            http(addr, "POST", &path, &headers, body.as_bytes()).await
        }
    };
    let ada = || vec![("Cookie", cookie("ada")), ("Content-Type", FORM.to_owned()), ("Origin", origin.clone())];
    // (the case, the request's headers, its body, the status and outcome wanted)
    type Case = (&'static str, Vec<(&'static str, String)>, String, u16, &'static str);
    let cases: Vec<Case> = vec![
        // The phishing case: the link forwarded to another user.
        ("another user", vec![("Cookie", cookie("mallory")), ("Content-Type", FORM.to_owned()), ("Origin", origin.clone())], valid.clone(), 403, "wrong-user"),
        ("nobody signed in", vec![("Content-Type", FORM.to_owned()), ("Origin", origin.clone())], valid.clone(), 401, "sign-in"),
        ("no token", ada(), valid.replace(&format!("__elicit_csrf={}&", enc(&token)), ""), 403, "stale"),
        ("a forged token", ada(), valid.replace(&enc(&token), "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), 403, "stale"),
        ("another origin", vec![("Cookie", cookie("ada")), ("Content-Type", FORM.to_owned()), ("Origin", "https://evil.example".to_owned())], valid.clone(), 403, "foreign"),
        ("a cross-site fetch", vec![("Cookie", cookie("ada")), ("Content-Type", FORM.to_owned()), ("Sec-Fetch-Site", "cross-site".to_owned())], valid.clone(), 403, "foreign"),
        ("a null origin from elsewhere", vec![("Cookie", cookie("ada")), ("Content-Type", FORM.to_owned()), ("Origin", "null".to_owned()), ("Sec-Fetch-Site", "cross-site".to_owned())], valid.clone(), 403, "foreign"),
        ("another host (DNS rebinding)", vec![("Cookie", cookie("ada")), ("Content-Type", FORM.to_owned()), ("Host", "evil.example".to_owned())], valid.clone(), 421, "foreign"),
        ("two hosts", vec![("Cookie", cookie("ada")), ("Content-Type", FORM.to_owned()), ("Host", format!("127.0.0.1:{}", addr.port())), ("Host", "evil.example".to_owned())], valid.clone(), 421, "foreign"),
        ("not a form", vec![("Cookie", cookie("ada")), ("Content-Type", "application/json".to_owned())], "{}".to_owned(), 415, "unreadable"),
        ("bad UTF-8", ada(), format!("{valid}&label=%FF%FE"), 400, "unreadable"),
        ("a repeated field", ada(), format!("{valid}&env=live"), 400, "unreadable"),
        ("a repeated token", ada(), format!("{valid}&__elicit_csrf=x"), 400, "unreadable"),
        ("an unknown field", ada(), format!("{valid}&admin=true"), 400, "unreadable"),
        ("a huge body", ada(), format!("{valid}&label={}", "a".repeat(70 * 1024)), 413, "unreadable"),
    ];
    for (case, headers, body, status, outcome) in cases {
        let answer = post(headers, body).await;
        assert_eq!((answer.status, answer.outcome()), (status, outcome), "{case}: {}", answer.body);
        assert!(answer.body.contains("Nothing was stored."), "{case}");
        assert!(billing.pages.interactions().pending(&id, "ada").await.is_ok(), "{case}: the interaction was used up");
    }
    // A same-origin browser form under `no-referrer` sends `Origin: null`.
    let accepted = post(vec![("Cookie", cookie("ada")), ("Content-Type", FORM.to_owned()), ("Origin", "null".to_owned()), ("Sec-Fetch-Site", "same-origin".to_owned())], valid.clone()).await;
    assert_eq!(accepted.outcome(), "done", "{}", accepted.body);
    // One use.
    let again = post(ada(), valid.clone()).await;
    assert_eq!((again.status, again.outcome()), (409, "used"), "{}", again.body);
    let shown = http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await;
    assert_eq!(shown.outcome(), "used");
    // The value waits, sealed, for the tool; nothing else was kept.
    let id = elicit_runtime::url::InteractionId::parse(&id).expect("an id");
    let sealed = billing.pages.interactions().store().value(&id, true).await.expect("the store").expect("the value");
    assert!(!String::from_utf8_lossy(&sealed).contains("sk_test0123456789"), "stored in clear");
    assert_eq!(billing.pages.interactions().store().value(&id, true).await.expect("the store"), None, "taken twice");
}

/// A form whose author translated its texts.
#[derive(Elicit)]
#[elicit(page)]
#[expect(dead_code, reason = "only shown on the page here, never decoded")]
struct Signature {
    #[elicit(title = "PIN", title(ko = "비밀 번호 4자리", de = "Geheimzahl"), min_length = 4, max_length = 4)]
    pin: Secret,
    #[elicit(title = "Name", title(ko = "이름", de = "Name"), description = "As on the card", description(ko = "카드에 적힌 그대로"))]
    name: String,
}

#[tokio::test]
async fn the_page_speaks_the_browser_s_language() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let addr = listener.local_addr().expect("an address");
    let sealer = StateSealer::new(KEY.to_vec()).expect("a key");
    let base = format!("http://127.0.0.1:{}/elicit", addr.port());
    // French when the browser asks for none the catalog has.
    let pages = Pages::new(Interactions::default().allow_loopback_http(true), sealer, &base).expect("pages").locale(Locale::for_tag("fr"));
    let app = axum::Router::new().nest("/elicit", pages.router(login));
    tokio::spawn(async move { axum::serve(listener, app).await });
    pages.register::<Signature>();
    let interaction = pages.interactions().store().start("ada", &format!("page {}", std::any::type_name::<Signature>()), Duration::from_secs(60)).await.expect("starts");
    let path = format!("/elicit/{}", interaction.id);
    let get = |user: &'static str, languages: &'static str| {
        let path = path.clone();
        async move { http(addr, "GET", &path, &[("Cookie", &cookie(user)), ("Accept-Language", languages)], b"").await }
    };
    // Korean: the toolkit's words and the author's.
    let ko = get("ada", "ko-KR,ko;q=0.9,en;q=0.5").await;
    for expected in ["<html lang=\"ko\">", "<h1>답변이 필요합니다</h1>", ">제출</button>", ">비밀 번호 4자리 <span class=\"hint\">(필수)</span>", ">카드에 적힌 그대로</p>", "로그인한 사용자:"] {
        assert!(ko.body.contains(expected), "{expected} not in {}", ko.body);
    }
    // A problem in Korean, next to its field; the secret not echoed.
    let token = ko.token();
    let body = format!("__elicit_csrf={}&pin=12&name=Ada", enc(&token));
    let bad = http(addr, "POST", &path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM), ("Accept-Language", "ko")], body.as_bytes()).await;
    assert!(bad.body.contains("id=\"e-pin\">") && bad.body.contains("아래 표시된 항목을 고쳐 주세요."), "{}", bad.body);
    assert!(bad.body.contains("안전을 위해 이 항목을 비웠습니다"), "{}", bad.body);
    // Every separator is the catalog's: Japanese full-width and tight, French with its
    // no-break spaces; the user's name and the hint put where each language puts them.
    let ja = get("ada", "ja-JP").await;
    for expected in [">PIN<span class=\"hint\">（必須）</span></label>", ">Name<span class=\"hint\">（必須）</span></label>", "ログイン中のユーザー：<strong id=\"user\">ada</strong>"] {
        assert!(ja.body.contains(expected), "{expected} not in {}", ja.body);
    }
    let main = ja.body.split("<main").nth(1).unwrap_or_default();
    assert!(!main.contains("(必須)") && !main.contains(": <strong") && !main.contains("） "), "{}", ja.body);
    let fr = get("ada", "fr-FR").await;
    for expected in [">PIN <span class=\"hint\">(obligatoire)</span></label>", "Connecté en tant que <strong id=\"user\">ada</strong>", "ce serveur\u{202f}: cela"] {
        assert!(fr.body.contains(expected), "{expected} not in {}", fr.body);
    }
    let main = fr.body.split("<main").nth(1).unwrap_or_default();
    assert!(!main.contains(" :") && !main.contains(" ;"), "{}", fr.body);
    // Traditional Chinese is not in the catalog, and never becomes Simplified: the server's French.
    let hant = get("ada", "zh-TW").await;
    assert!(hant.body.contains("<html lang=\"fr\">") && hant.body.contains(">Envoyer</button>"), "{}", hant.body);
    // A refusal in German.
    let refused = get("mallory", "de-CH, en;q=0.3").await;
    assert!(refused.body.contains("Dieser Link wurde von einem anderen Benutzer gestartet.") && refused.body.contains("Es wurde nichts gespeichert."), "{}", refused.body);
    // Garbage is ignored, never an error.
    let garbage = get("ada", ";;q=x, zz-!!;q=2, *").await;
    assert_eq!((garbage.status, garbage.outcome()), (200, "form"));
}

/// For developers: the heading users read is the `title` below, never this comment.
#[derive(Elicit)]
#[elicit(page, title = "Sign the payment", title(ko = "결제 서명", zh_hans = "签署付款"))]
#[expect(dead_code, reason = "only shown on the page here, never decoded")]
struct Payment {
    pin: Secret,
}

#[tokio::test]
async fn the_heading_is_the_author_s_title_in_each_language_it_is_written_in() {
    let (billing, addr) = serve(Interactions::default()).await;
    billing.pages.register::<Payment>();
    let interaction = billing.pages.interactions().store().start("ada", &format!("page {}", std::any::type_name::<Payment>()), Duration::from_secs(60)).await.expect("starts");
    let path = format!("/elicit/{}", interaction.id);
    for (tag, heading) in [("en-GB", "Sign the payment"), ("ko-KR", "결제 서명"), ("zh-CN", "签署付款"), ("ja", "ご回答が必要です"), ("fr", "Votre réponse est nécessaire")] {
        let page = http(addr, "GET", &path, &[("Cookie", &cookie("ada")), ("Accept-Language", tag)], b"").await;
        assert!(page.body.contains(&format!("<title>{heading}</title>")) && page.body.contains(&format!("<h1>{heading}</h1>")), "{tag}: {}", page.body);
        assert!(!page.body.contains("For developers"), "{tag}: {}", page.body);
    }
}

#[tokio::test]
async fn snapshots_of_the_form_and_a_refusal_in_every_language() {
    let (billing, addr) = serve(Interactions::default()).await;
    billing.pages.register::<Signature>();
    let interaction = billing.pages.interactions().store().start("ada", &format!("page {}", std::any::type_name::<Signature>()), Duration::from_secs(60)).await.expect("starts");
    let path = format!("/elicit/{}", interaction.id);
    let main = |page: &Answer| page.body.split("<main").nth(1).and_then(|m| m.split("</main>").next()).unwrap_or_default().to_owned();
    let mut failures = Vec::new();
    for tag in ["en", "zh-Hans", "ko", "ja", "de", "fr", "es"] {
        let form = http(addr, "GET", &path, &[("Cookie", &cookie("ada")), ("Accept-Language", tag)], b"").await;
        let token = form.token();
        let form = main(&form).replace(&token, "<token>");
        let refused = http(addr, "GET", &path, &[("Cookie", &cookie("mallory")), ("Accept-Language", tag)], b"").await;
        let text = format!("== the form\n{}\n\n== a link opened by another user\n{}\n", form.replace("><", ">\n<"), main(&refused).replace("><", ">\n<"));
        let file = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots/pages").join(format!("{tag}.txt"));
        if std::env::var_os("ELICIT_BLESS").is_some() {
            std::fs::create_dir_all(file.parent().expect("a folder")).expect("the folder");
            std::fs::write(&file, &text).expect("written");
        } else if std::fs::read_to_string(&file).unwrap_or_default() != text {
            failures.push(format!("{} differs (ELICIT_BLESS=1 writes it anew; read the diff):\n{text}", file.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A login with a sign-in page of its own.
#[derive(Clone)]
struct WithSignIn;

impl elicit_runtime::page::PageLogin for WithSignIn {
    fn principal(&self, request: &Parts) -> impl std::future::Future<Output = Option<String>> + Send {
        std::future::ready(login(request))
    }
    fn sign_in_url(&self, page: &str) -> Option<String> {
        Some(format!("https://login.example/?return_to={}", enc(page)))
    }
}

#[tokio::test]
async fn a_login_may_send_a_stranger_to_sign_in_and_back() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let addr = listener.local_addr().expect("an address");
    let sealer = StateSealer::new(KEY.to_vec()).expect("a key");
    let pages = Pages::new(Interactions::default().allow_loopback_http(true), sealer, &format!("http://127.0.0.1:{}/elicit", addr.port())).expect("pages");
    let app = axum::Router::new().nest("/elicit", pages.router(WithSignIn));
    tokio::spawn(async move { axum::serve(listener, app).await });
    pages.register::<ApiKey>();
    let interaction = pages.interactions().store().start("ada", &format!("page {}", std::any::type_name::<ApiKey>()), Duration::from_secs(60)).await.expect("starts");
    let path = format!("/elicit/{}", interaction.id);
    let stranger = http(addr, "GET", &path, &[], b"").await;
    assert_eq!(stranger.status, 303, "{stranger:?}");
    let back = enc(&pages.url(&interaction.id));
    assert_eq!(stranger.header("location"), Some(format!("https://login.example/?return_to={back}").as_str()));
    assert_page_headers(&Answer { body: String::new(), ..stranger });
    // Only to come back to a page of ours: an id that is none gets no redirect.
    let unknown = http(addr, "GET", "/elicit/0123", &[], b"").await;
    assert_eq!((unknown.status, unknown.outcome()), (401, "sign-in"));
    // A POST is not redirected (its body would be lost): refused, nothing stored.
    let post = http(addr, "POST", &path, &[("Content-Type", FORM)], b"key=x").await;
    assert_eq!((post.status, post.outcome()), (401, "sign-in"));
}

#[tokio::test]
async fn an_expired_link_is_refused() {
    let (billing, addr) = serve(Interactions::default().ttl(Duration::from_millis(300))).await;
    billing.pages.register::<ApiKey>();
    let interaction = billing.pages.interactions().store().start("ada", &format!("page {}", std::any::type_name::<ApiKey>()), Duration::from_millis(300)).await.expect("starts");
    let path = format!("/elicit/{}", interaction.id);
    let token = http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await.token();
    tokio::time::sleep(Duration::from_millis(400)).await;
    let shown = http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await;
    assert_eq!((shown.status, shown.outcome()), (410, "expired"), "{}", shown.body);
    let body = format!("__elicit_csrf={}&key=sk_test0123456789abcdefgh&env=test&activate=true", enc(&token));
    let late = http(addr, "POST", &path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM)], body.as_bytes()).await;
    assert_eq!((late.status, late.outcome()), (410, "expired"), "{}", late.body);
}

#[tokio::test]
async fn a_bounded_load_loop_gets_an_answer_each_time() {
    let (billing, addr) = serve(Interactions::default()).await;
    let path = started(&billing).await;
    let started_at = Instant::now();
    let mut answered = 0;
    // At most 300 requests or 20 s, whichever comes first.
    while answered < 300 && started_at.elapsed() < Duration::from_secs(20) {
        let answer = match answered % 3 {
            0 => http(addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await,
            1 => http(addr, "POST", &path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM)], b"key=x").await,
            _ => http(addr, "GET", &path, &[("Cookie", &cookie("mallory"))], b"").await,
        };
        assert!(matches!(answer.status, 200 | 403), "{answer:?}");
        answered += 1;
    }
    assert!(answered >= 100, "only {answered} answers in 20 s");
    assert!(billing.pages.interactions().pending(path.trim_start_matches("/elicit/"), "ada").await.is_ok());
}

// ---- two instances behind one Redis ----------------------------------------------------

struct RedisServer(Child, u16);

impl Drop for RedisServer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn redis_server() -> Option<RedisServer> {
    if !Command::new("redis-server").arg("--version").stdout(Stdio::null()).status().is_ok_and(|s| s.success()) {
        assert!(std::env::var_os("ELICIT_REQUIRE_REDIS").is_none(), "ELICIT_REQUIRE_REDIS is set but redis-server is not installed");
        eprintln!("redis-server is not installed: the two-instance test checks nothing");
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port");
    // Owned at once, so that it is killed and waited for on every path (its `Drop`).
    let server = RedisServer(
        Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server starts"),
        port,
    );
    for _ in 0..200 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Some(server);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("redis-server did not listen");
}

/// Every key and value in Redis, as text.
async fn redis_dump(url: &str) -> String {
    let client = redis::Client::open(url).expect("a client");
    let mut connection = client.get_multiplexed_async_connection().await.expect("connects");
    let keys: Vec<String> = redis::cmd("KEYS").arg("*").query_async(&mut connection).await.expect("KEYS");
    let mut dump = String::new();
    for key in keys {
        let kind: String = redis::cmd("TYPE").arg(&key).query_async(&mut connection).await.expect("TYPE");
        let value: Vec<Vec<u8>> = match kind.as_str() {
            "hash" => redis::cmd("HGETALL").arg(&key).query_async(&mut connection).await.expect("HGETALL"),
            _ => vec![redis::cmd("GET").arg(&key).query_async::<Option<Vec<u8>>>(&mut connection).await.expect("GET").unwrap_or_default()],
        };
        dump.push_str(&format!("{key} = "));
        for part in value {
            dump.push_str(&String::from_utf8_lossy(&part));
            dump.push(' ');
        }
        dump.push('\n');
    }
    dump
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_one_redis_and_it_never_holds_the_secret_in_clear() {
    let Some(redis) = redis_server() else { return };
    let url = format!("redis://127.0.0.1:{}/", redis.1);
    for (revision, secret) in [(V11, "sk_test2222thirdSECRETvalue"), (V07, "sk_test3333fourthSECRETvalue")] {
        // Instance A runs the tool; instance B serves the page. Same store, same key ring.
        let store_a = RedisStore::connect(&url).await.expect("connects").prefix("pages").recheck_every(Duration::from_millis(100));
        let store_b = RedisStore::connect(&url).await.expect("connects").prefix("pages").recheck_every(Duration::from_millis(100));
        let (tool_side, _) = serve(Interactions::new(store_a)).await;
        let (page_side, page_addr) = serve(Interactions::new(store_b)).await;
        page_side.pages.register::<ApiKey>();
        let dumps = Arc::new(Mutex::new(String::new()));
        let session = ScriptedClient::new(revision)
            .respond_with({
                let (dumps, url) = (dumps.clone(), url.clone());
                let filled = Arc::new(Mutex::new(false));
                move |request: &Value| {
                    let link = request["url"].as_str().unwrap_or_default().to_owned();
                    if !std::mem::replace(&mut *filled.lock().unwrap(), true) {
                        let path = link.split_once("/elicit/").map(|(_, id)| format!("/elicit/{id}")).unwrap_or_default();
                        let (dumps, url) = (dumps.clone(), url.clone());
                        tokio::spawn(async move {
                            let shown = http(page_addr, "GET", &path, &[("Cookie", &cookie("ada"))], b"").await;
                            let body = format!("__elicit_csrf={}&key={}&env=test", enc(&shown.token()), enc(secret));
                            let done = http(page_addr, "POST", &path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM)], body.as_bytes()).await;
                            assert_eq!(done.outcome(), "done", "{}", done.body);
                            // What Redis holds once the page is done, before the tool takes it.
                            let dumped = redis_dump(&url).await;
                            dumps.lock().unwrap().push_str(&dumped);
                        });
                    }
                    Reply::consent().after(Duration::from_millis(400))
                }
            })
            .connect(tool_side.clone())
            .await
            .expect("connects");
        let text = session.call_tool_text("connect", json!({})).await.expect("the call");
        assert!(text.starts_with("connected"), "{revision}: {text}");
        assert!(tool_side.received.lock().unwrap()["ada"].starts_with(secret), "{revision}");
        let dumped = dumps.lock().unwrap().clone();
        assert!(dumped.contains(":v:"), "{revision}: the sealed value was not in Redis: {dumped}");
        assert!(!dumped.contains(secret), "{revision}: Redis held the secret in clear");
        let after = redis_dump(&url).await;
        // Taken at once on 2025-11-25; on 2026-07-28 read on each replay, deleted once the
        // call completed.
        assert!(!after.contains(":v:"), "{revision}: the value stayed after the call: {after}");
        assert!(!after.contains(secret));
    }
}

// ---- require: -32042 until the page is done ---------------------------------------------

/// Fills the page at `path` as ada with `secret`: the outcome.
async fn fill(addr: SocketAddr, path: &str, secret: &str) -> String {
    let shown = http(addr, "GET", path, &[("Cookie", &cookie("ada"))], b"").await;
    let body = format!("__elicit_csrf={}&key={}&label=billing&env=test", enc(&shown.token()), enc(secret));
    let done = http(addr, "POST", path, &[("Cookie", &cookie("ada")), ("Content-Type", FORM)], body.as_bytes()).await;
    done.outcome().to_owned()
}

/// The page's path in a -32042 error, and its `elicitationId`.
fn required(err: ServiceError) -> (String, String) {
    let ServiceError::McpError(error) = err else { panic!("not -32042: {err:?}") };
    assert_eq!(error.code.0, -32042, "{error:?}");
    let elicitation = error.data.expect("data")["elicitations"][0].clone();
    assert_eq!(elicitation["mode"], "url");
    let url = elicitation["url"].as_str().expect("a url");
    let path = url.split_once("/elicit/").map(|(_, id)| format!("/elicit/{id}")).expect("the page's path");
    (path, elicitation["elicitationId"].as_str().expect("an id").to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn require_ends_with_32042_until_the_page_is_done_and_the_retry_takes_the_value() {
    let secret = "sk_test4444requiredSECRETvalue";
    let (billing, addr) = serve(Interactions::default()).await;
    let session = ScriptedClient::new(V11).connect(billing.clone()).await.expect("connects");
    // Nothing is asked during the call: the error carries the page.
    let (path, id) = required(session.call_tool_text("require", json!({})).await.unwrap_err());
    assert_eq!(path, format!("/elicit/{id}"));
    assert!(session.transcript().requests.is_empty(), "a request was sent");
    // A retry before the page is done: the same page again.
    let (again, _) = required(session.call_tool_text("require", json!({})).await.unwrap_err());
    assert_eq!(again, path);
    assert_eq!(fill(addr, &path, secret).await, "done");
    // The retry takes the typed value; the store no longer holds it.
    let text = session.call_tool_text("require", json!({})).await.expect("the retry");
    assert_eq!(text, format!("required Some(\"billing\") ({} characters)", secret.len()));
    assert_eq!(billing.received.lock().unwrap()["ada"], secret);
    let id = elicit_runtime::url::InteractionId::parse(&id).expect("an id");
    assert_eq!(billing.pages.interactions().store().value(&id, false).await.expect("the store"), None, "the value stayed");
    // Used up: the next call starts a new page.
    let (next, _) = required(session.call_tool_text("require", json!({})).await.unwrap_err());
    assert_ne!(next, path);
    let transcript = session.transcript();
    assert!(transcript.violations.is_empty(), "{:?}", transcript.violations);
    assert!(!format!("{transcript:?}").contains(secret), "the secret crossed the MCP client");

    // 2026-07-28: asked in a round, as `send` does; the retry after the page takes the value.
    let (billing, addr) = serve(Interactions::default()).await;
    let filled = Arc::new(Mutex::new(false));
    let session = ScriptedClient::new(V07)
        .respond_with(move |request: &Value| {
            let url = request["url"].as_str().unwrap_or_default().to_owned();
            if !std::mem::replace(&mut *filled.lock().unwrap(), true) {
                let path = url.split_once("/elicit/").map(|(_, id)| format!("/elicit/{id}")).unwrap_or_default();
                tokio::spawn(async move { assert_eq!(fill(addr, &path, "sk_test5555requiredSECRETvalue").await, "done") });
            }
            Reply::consent().after(Duration::from_millis(300))
        })
        .connect(billing.clone())
        .await
        .expect("connects");
    let text = session.call_tool_text("require", json!({})).await.expect("the call");
    assert_eq!(text, "required Some(\"billing\") (30 characters)");
    assert_eq!(billing.received.lock().unwrap()["ada"], "sk_test5555requiredSECRETvalue");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_that_waits_for_the_page_says_so_as_often_as_asked() {
    let (billing, addr) = serve(Interactions::default()).await;
    let session = ScriptedClient::new(V11)
        .respond_with(move |request: &Value| {
            let url = request["url"].as_str().unwrap_or_default().to_owned();
            let path = url.split_once("/elicit/").map(|(_, id)| format!("/elicit/{id}")).unwrap_or_default();
            tokio::spawn(async move {
                // The user takes their time on the page.
                tokio::time::sleep(Duration::from_millis(400)).await;
                assert_eq!(fill(addr, &path, "sk_test6666patientSECRETvalue").await, "done");
            });
            Reply::consent()
        })
        .connect(billing)
        .await
        .expect("connects");
    assert_eq!(session.call_tool_text("patient", json!({})).await.expect("the call"), "Ok(true)");
    let progress = session.transcript().progress;
    assert!(progress.len() >= 3, "{progress:?}");
    assert!(progress.iter().all(|p| p["message"] == "waiting for the user to finish on the page"), "{progress:?}");
}
