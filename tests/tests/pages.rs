//! The page of `#[elicit(page)]` forms (`elicit_runtime::page`), over raw HTTP on
//! loopback: the typed value back in the tool on 2025-11-25 and 2026-07-28, the page's
//! headers, its refusals (another user, no login, a missing or forged token, another
//! origin, a second submit, an expired link), hostile bodies, a bounded load loop, two
//! instances behind one Redis; and the secret found nowhere it must not be: the MCP
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
use elicit_runtime::page::{PageForm, Pages, Secret};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::url::{Interactions, RedisStore};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision, Violation};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
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
                let text = match ApiKey::elicit_on_page(&ask, &pages, "ada", "Connect your billing account").wait(Duration::from_secs(20)).await {
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

/// A request the page refuses: what it is, its headers, its body, and the status and
/// outcome expected.
type Refused = (&'static str, Vec<(&'static str, String)>, String, u16, &'static str);

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
    let cases: Vec<Refused> = vec![
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
    // Owned at once: a panic below still stops it and waits for it (`Drop`).
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
        assert!(!after.contains(":v:") || revision == V07, "{revision}: the value stayed after the tool took it: {after}");
        assert!(!after.contains(secret));
    }
}
