//! What a hostile browser or HTTP client can send to the examples that face the web, served
//! on loopback as their binaries serve them (the example files are included with `#[path]`,
//! so the test runs the code users copy):
//!
//! - `stdio_server`'s API-key page (the toolkit's page, `elicit_runtime::page`, with the
//!   server's form and stand-in login) takes exactly the key sent or nothing: a key whose
//!   bytes are not UTF-8 is refused unread, one that breaks the form's rules is shown
//!   again, and nothing is kept for either; the stand-in login names the cookie's user;
//! - the Streamable HTTP servers (`tests/servers/conformance_server.rs`; `load_server.rs` has
//!   the same setting) refuse every request that carries an `Origin`, as the transport
//!   requires of a server against DNS rebinding and other sites' pages: rmcp's default
//!   let every site in.

// Each server declares the option parser it shares with the others (`mod cli;`).
#![allow(clippy::duplicate_mod)]

use std::net::SocketAddr;
use std::time::Duration;

use elicit_runtime::page::Pages;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::url::Interactions;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[allow(dead_code, unreachable_pub)]
#[path = "../servers/stdio_server.rs"]
mod stdio_server;

#[allow(dead_code, unreachable_pub)]
#[path = "../servers/conformance_server.rs"]
mod conformance_server;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

/// An HTTP/1.1 answer: status, head (lowercase) and body.
struct Answer {
    status: u16,
    head: String,
    body: String,
}

/// Sends `request` (a whole HTTP/1.1 request, `Connection: close`) to `addr` and reads the
/// answer to its end. Bytes, not a client library: the request is exactly what a hostile
/// client writes.
async fn http(addr: SocketAddr, request: &[u8]) -> Result<Answer> {
    let mut tcp = TcpStream::connect(addr).await?;
    tcp.write_all(request).await?;
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut raw)).await??;
    let raw = String::from_utf8_lossy(&raw);
    let (head, body) = raw.split_once("\r\n\r\n").ok_or("no end of head")?;
    let status = head.split(' ').nth(1).ok_or("no status")?.parse()?;
    Ok(Answer { status, head: head.to_ascii_lowercase(), body: body.to_owned() })
}

fn post(addr: SocketAddr, path: &str, content_type: &str, extra: &str, body: &[u8]) -> Vec<u8> {
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{extra}Connection: close\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    request
}

// ---- the API-key page --------------------------------------------------------------------

/// `stdio_server`'s page on a free loopback port, and its address.
async fn key_page() -> Result<(Pages, SocketAddr)> {
    let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
    let addr = listener.local_addr()?;
    let interactions = Interactions::default().allow_loopback_http(true);
    let pages = Pages::new(interactions, StateSealer::new(vec![7; 32])?, &format!("http://{addr}/elicit"))?;
    let app = stdio_server::page_app(&pages);
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok((pages, addr))
}

/// The value of `name="{field}" value="..."` in a page.
fn attribute_value(body: &str, field: &str) -> String {
    let after = body.split(&format!("name=\"{field}\" value=\"")).nth(1).unwrap_or_default();
    after.split('"').next().unwrap_or_default().to_owned()
}

fn outcome(answer: &Answer) -> &str {
    answer.body.split("data-outcome=\"").nth(1).and_then(|rest| rest.split('"').next()).unwrap_or_default()
}

#[tokio::test]
async fn the_key_page_takes_exactly_the_key_sent_or_nothing() -> Result {
    let (pages, addr) = key_page().await?;
    // (the form's `key` as the browser encodes it, the outcome and status)
    let cases: [(&str, u16, &str); 9] = [
        // Bytes that are not UTF-8: an overlong NUL, a lone 0xFF, a cut sequence, a lone surrogate.
        ("sk-abcdefgh%C0%80", 400, "unreadable"),
        ("sk-abcdefgh%FF", 400, "unreadable"),
        ("sk-abcdefgh%E2%82", 400, "unreadable"),
        ("sk-abcdefgh%ED%A0%80", 400, "unreadable"),
        // `+` is a space, and a key has none; a key has 8 characters or more.
        ("sk-abcd+efgh", 422, "invalid"),
        ("sk-abc", 422, "invalid"),
        // UTF-8, percent-encoded, upper or lower hex: taken as typed.
        ("sk-abcdefgh-%C3%A9t%c3%a9", 200, "done"),
        ("sk-abcdefgh%25zz", 200, "done"),
        ("sk-abcdefgh-100%25", 200, "done"),
    ];
    for (case, (encoded, status, expected)) in cases.into_iter().enumerate() {
        let started = pages.interactions().store().start(stdio_server::LOCAL_USER, &format!("page {}#{case}", std::any::type_name::<stdio_server::ApiKey>()), Duration::from_secs(60)).await?;
        let path = format!("/elicit/{}", started.id);
        let shown = http(addr, format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes()).await?;
        assert_eq!((shown.status, outcome(&shown)), (200, "form"), "{}", shown.body);
        assert!(shown.body.contains("<strong id=\"user\">local-user</strong>"), "without the cookie, the browser is the local user");
        let body = format!("__elicit_csrf={}&key={encoded}&label=mine", attribute_value(&shown.body, "__elicit_csrf"));
        let answer = http(addr, &post(addr, &path, "application/x-www-form-urlencoded", "", body.as_bytes())).await?;
        assert_eq!((answer.status, outcome(&answer)), (status, expected), "{encoded}: {}", answer.body);
        assert!(!answer.body.contains("sk-abc"), "{encoded}: nothing of the key is echoed");
        let kept = pages.interactions().store().value(&started.id, true).await?;
        assert_eq!(kept.is_some(), status == 200, "{encoded}: a value was kept, or none");
        if status != 200 {
            assert!(pages.interactions().pending(started.id.as_str(), stdio_server::LOCAL_USER).await.is_ok(), "{encoded}: still pending");
            if status == 422 {
                assert!(answer.body.contains("id=\"e-key\""), "{encoded}: the problem is shown by the key: {}", answer.body);
            }
        }
    }
    // The stand-in login: the cookie's user, who did not start the interaction.
    let started = pages.interactions().store().start(stdio_server::LOCAL_USER, &format!("page {}", std::any::type_name::<stdio_server::ApiKey>()), Duration::from_secs(60)).await?;
    let request = format!("GET /elicit/{} HTTP/1.1\r\nHost: {addr}\r\nCookie: elicit_demo_user=mallory\r\nConnection: close\r\n\r\n", started.id);
    let answer = http(addr, request.as_bytes()).await?;
    assert_eq!((answer.status, outcome(&answer)), (403, "wrong-user"), "{}", answer.body);
    Ok(())
}

#[tokio::test]
async fn an_id_that_is_not_utf8_is_unknown() -> Result {
    let (pages, addr) = key_page().await?;
    let started = pages.interactions().store().start(stdio_server::LOCAL_USER, &format!("page {}", std::any::type_name::<stdio_server::ApiKey>()), Duration::from_secs(60)).await?;
    // The id with a byte that a lossy decoder turns into U+FFFD.
    let request = format!("GET /elicit/{}%FF HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n", started.id);
    let answer = http(addr, request.as_bytes()).await?;
    assert_eq!((answer.status, outcome(&answer)), (404, "unknown"), "{}", answer.body);
    assert!(answer.head.contains("content-security-policy: default-src 'none'"), "the page's headers: {}", answer.head);
    let body = "__elicit_csrf=x&key=sk-abcdefgh";
    let request = post(addr, &format!("/elicit/{}%FF", started.id), "application/x-www-form-urlencoded", "", body.as_bytes());
    let answer = http(addr, &request).await?;
    assert_eq!((answer.status, outcome(&answer)), (404, "unknown"), "{}", answer.body);
    assert!(pages.interactions().pending(started.id.as_str(), stdio_server::LOCAL_USER).await.is_ok());
    Ok(())
}

// ---- the Streamable HTTP servers ------------------------------------------------------------

#[tokio::test]
async fn the_http_server_refuses_every_request_from_a_browser_page() -> Result {
    let stop = tokio_util::sync::CancellationToken::new();
    let router = conformance_server::router(StateSealer::new(vec![7; 32])?, &stop);
    let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, router).await });

    let initialize = br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"probe","version":"0"}}}"#;
    let accept = "Accept: application/json, text/event-stream\r\n";
    // Another site, a sandboxed or privacy-stripped page (`null`), a page of another loopback
    // port, and one claiming the server's own origin: no page is a client of this server.
    for origin in ["https://evil.example", "null", "http://localhost:1", &format!("http://{addr}")] {
        let answer = http(addr, &post(addr, "/mcp", "application/json", &format!("{accept}Origin: {origin}\r\n"), initialize)).await?;
        assert_eq!(answer.status, 403, "Origin {origin}: {}", answer.body);
        assert!(!answer.head.contains("mcp-session-id"), "Origin {origin}: no session is opened");
    }
    // An HTTP client without a page (an MCP client) sends no Origin: served.
    let answer = http(addr, &post(addr, "/mcp", "application/json", accept, initialize)).await?;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let session = answer.head.lines().find_map(|l| l.strip_prefix("mcp-session-id: ")).ok_or("no session")?.trim().to_owned();
    assert!(answer.body.contains("\"protocolVersion\":\"2025-11-25\""), "{}", answer.body);

    // With the session's id too: a page cannot read the stream, nor end the session.
    for method in ["GET", "DELETE"] {
        let request = format!(
            "{method} /mcp HTTP/1.1\r\nHost: {addr}\r\n{accept}Mcp-Session-Id: {session}\r\nMCP-Protocol-Version: 2025-11-25\r\nOrigin: https://evil.example\r\nConnection: close\r\n\r\n"
        );
        let answer = http(addr, request.as_bytes()).await?;
        assert_eq!(answer.status, 403, "{method}: {}", answer.body);
    }
    let list = br#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#;
    let with_session = format!("{accept}Mcp-Session-Id: {session}\r\nMCP-Protocol-Version: 2025-11-25\r\n");
    let answer = http(addr, &post(addr, "/mcp", "application/json", &format!("{with_session}Origin: https://evil.example\r\n"), list)).await?;
    assert_eq!(answer.status, 403, "{}", answer.body);
    // The session is still there for its client.
    let answer = http(addr, &post(addr, "/mcp", "application/json", &with_session, list)).await?;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body.contains("test_elicitation"), "{}", answer.body);
    stop.cancel();
    Ok(())
}
