//! What a hostile browser or HTTP client can send to the examples that face the web, served
//! on loopback as their binaries serve them (the example files are included with `#[path]`,
//! so the test runs the code users copy):
//!
//! - `stdio_server`'s API-key page (`tests/servers/key_page.rs`) decodes its form strictly: a
//!   key whose bytes are not UTF-8 is refused and nothing is stored, where a lossy decoder
//!   stored another key (with `U+FFFD` in it) and told the user it was theirs;
//! - the Streamable HTTP servers (`tests/servers/conformance_server.rs`; `load_server.rs` has
//!   the same setting) refuse every request that carries an `Origin`, as the transport
//!   requires of a server against DNS rebinding and other sites' pages: rmcp's default
//!   let every site in.

use std::net::SocketAddr;
use std::time::Duration;

use elicit_runtime::url::Interactions;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[allow(dead_code, unreachable_pub)]
#[path = "../servers/key_page.rs"]
mod key_page;

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

/// The page on a free loopback port, and its address.
async fn key_page() -> Result<(key_page::KeyPage, SocketAddr)> {
    let (page, listener) = key_page::KeyPage::bind(Interactions::default().allow_loopback_http(true), 0).await?;
    let addr = listener.local_addr()?;
    tokio::spawn(page.clone().serve(listener));
    Ok((page, addr))
}

#[tokio::test]
async fn the_key_page_stores_exactly_the_key_sent_or_nothing() -> Result {
    let (page, addr) = key_page().await?;
    // (the form's `api_key` as the browser encodes it, the ending stored, or the refusal)
    let cases: [(&str, std::result::Result<&str, &str>); 8] = [
        // Bytes that are not UTF-8: an overlong NUL, a lone 0xFF, a cut sequence, a lone surrogate.
        ("sk-abcdefgh%C0%80", Err("not UTF-8")),
        ("sk-abcdefgh%FF", Err("not UTF-8")),
        ("sk-abcdefgh%E2%82", Err("not UTF-8")),
        ("sk-abcdefgh%ED%A0%80", Err("not UTF-8")),
        // `+` is a space, and a key has none.
        ("sk-abcd+efgh", Err("no spaces")),
        // UTF-8, percent-encoded, upper or lower hex: decoded as typed.
        ("sk-abcdefgh-%C3%A9t%c3%a9", Ok("…-été")),
        // A `%` without two hex digits after it is a `%`.
        ("sk-abcdefgh%zz", Ok("…h%zz")),
        ("sk-abcdefgh-100%", Ok("…100%")),
    ];
    for (case, (encoded, expected)) in cases.into_iter().enumerate() {
        let purpose = format!("api-key-{case}");
        let started = page.interactions().store().start(key_page::LOCAL_USER, &purpose, Duration::from_secs(60)).await?;
        let body = format!("id={}&api_key={encoded}", started.id);
        let answer = http(addr, &post(addr, "/connect", "application/x-www-form-urlencoded", "", body.as_bytes())).await?;
        let stored = page.keys().ending(key_page::LOCAL_USER).await;
        match expected {
            Ok(ending) => {
                assert_eq!(answer.status, 200, "{encoded}: {}", answer.body);
                assert!(answer.body.contains(&key_page::escape(ending)), "{encoded}: {}", answer.body);
                assert_eq!(stored.as_deref(), Some(ending), "{encoded}");
            }
            Err(problem) => {
                assert_eq!(answer.status, 422, "{encoded}: {}", answer.body);
                assert!(answer.body.contains("id=\"problem\"") && answer.body.contains(problem), "{encoded}: {}", answer.body);
                assert!(!answer.body.contains('\u{fffd}'), "{encoded}: nothing of the key is echoed");
                assert!(page.interactions().pending(started.id.as_str(), key_page::LOCAL_USER).await.is_ok(), "{encoded}: still pending");
                // Nothing stored: the key of the case before, or none.
                assert!(!stored.as_deref().is_some_and(|s| s.contains('\u{fffd}')), "{encoded}: stored {stored:?}");
                page.interactions().store().forget(&started.id).await?;
            }
        }
    }
    Ok(())
}

#[tokio::test]
async fn an_id_that_is_not_utf8_is_unknown() -> Result {
    let (page, addr) = key_page().await?;
    let started = page.interactions().store().start(key_page::LOCAL_USER, "api-key", Duration::from_secs(60)).await?;
    // The id with a byte that a lossy decoder turns into U+FFFD.
    let request = format!("GET /connect?id={}%FF HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n", started.id);
    let answer = http(addr, request.as_bytes()).await?;
    assert_eq!(answer.status, 404, "{}", answer.body);
    assert!(answer.body.contains("data-outcome=\"unknown\""), "{}", answer.body);
    let body = format!("id={}%FF&api_key=sk-abcdefgh", started.id);
    let answer = http(addr, &post(addr, "/connect", "application/x-www-form-urlencoded", "", body.as_bytes())).await?;
    assert_eq!(answer.status, 404, "{}", answer.body);
    assert!(page.keys().ending(key_page::LOCAL_USER).await.is_none());
    Ok(())
}

// ---- the Streamable HTTP servers ------------------------------------------------------------

#[tokio::test]
async fn the_http_server_refuses_every_request_from_a_browser_page() -> Result {
    let stop = tokio_util::sync::CancellationToken::new();
    let router = conformance_server::router(elicit_runtime::rounds::StateSealer::new(vec![7; 32])?, &stop);
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
