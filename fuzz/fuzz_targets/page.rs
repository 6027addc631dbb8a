//! The server's page (`Pages::router`, the axum router a server mounts) under any request
//! a browser, or anything pretending to be one, can send: the method, the path (the real
//! interaction's id or any other), every header (those the page reads: `Origin`,
//! `Sec-Fetch-Site`, `Host`, `Content-Type`, `Accept-Language`, the login's cookie) and
//! the body. The input is written as an HTTP/1.1 request is: a first line `METHOD PATH`,
//! header lines `name: value` up to an empty line, then the body. The first `ID` in the path
//! stands for the pending interaction's id and the first `CSRF` in the body for the genuine token of the
//! signed-in user (`alice`) and that interaction, so the fuzzer reaches past both.
//!
//! Invariants: nothing panics, and every request is answered; a request answered with
//! anything but the page's `done` stores nothing and completes nothing; `done` only
//! answers a successful POST, and then the value is stored and the interaction completed.
#![no_main]

use std::sync::LazyLock;
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use elicit_fuzz::KeyForm;
use elicit_runtime::page::Pages;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::url::{Interaction, Interactions};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt as _;

const BASE: &str = "http://127.0.0.1:7878/elicit";

/// A request as the input spells it.
struct Input<'a> {
    method: &'a [u8],
    path: &'a [u8],
    headers: Vec<(&'a [u8], &'a [u8])>,
    body: &'a [u8],
}

/// A line without its `\n` (or `\r\n`).
fn trim(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// `None` for an input without the first line or the empty line that ends the headers.
fn read(data: &[u8]) -> Option<Input<'_>> {
    let mut offset = 0;
    let mut lines = data.split_inclusive(|b| *b == b'\n');
    let first = lines.next()?;
    offset += first.len();
    let first = trim(first);
    let space = first.iter().position(|b| *b == b' ')?;
    let mut headers = Vec::new();
    for line in lines {
        offset += line.len();
        let line = trim(line);
        if line.is_empty() {
            return Some(Input { method: &first[..space], path: &first[space + 1..], headers, body: &data[offset..] });
        }
        let colon = line.iter().position(|b| *b == b':')?;
        let value = &line[colon + 1..];
        headers.push((&line[..colon], value.strip_prefix(b" ").unwrap_or(value)));
    }
    None
}

/// `from` with its first `placeholder` replaced by `by` (only the first: a megabyte of
/// placeholders would otherwise grow the input tenfold in the harness, not in the page).
fn replace(from: &[u8], placeholder: &[u8], by: &[u8]) -> Vec<u8> {
    let Some(at) = from.windows(placeholder.len()).position(|w| w == placeholder) else { return from.to_vec() };
    [&from[..at], by, &from[at + placeholder.len()..]].concat()
}

struct Setup {
    runtime: tokio::runtime::Runtime,
    pages: Pages,
    router: axum::Router,
}

static SETUP: LazyLock<Setup> = LazyLock::new(|| {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let interactions = Interactions::default().allow_loopback_http(true);
    let pages = Pages::new(interactions, StateSealer::new(*b"the fuzzing key, 32 bytes or more").expect("key"), BASE).expect("pages");
    pages.register::<KeyForm>();
    // The login: the user named by the `session` cookie.
    let router = pages.router(|parts: &axum::http::request::Parts| {
        let cookies = parts.headers.get("cookie")?.to_str().ok()?;
        cookies.split(';').find_map(|c| c.trim().strip_prefix("session=")).map(str::to_owned)
    });
    Setup { runtime, pages, router }
});

/// The genuine token of `alice` for the interaction, as the page writes it.
async fn token(router: &axum::Router, id: &str) -> String {
    let request = Request::get(format!("/{id}")).header("cookie", "session=alice").header("host", "127.0.0.1:7878").body(Body::empty()).expect("a request");
    let response = router.clone().oneshot(request).await.expect("an answer");
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("a body");
    let page = String::from_utf8_lossy(&bytes);
    let after = page.split("name=\"__elicit_csrf\" value=\"").nth(1).expect("the form has a token");
    after.split('"').next().unwrap_or_default().to_owned()
}

fuzz_target!(|data: &[u8]| {
    let Some(input) = read(data) else { return };
    let setup = &*SETUP;
    setup.runtime.block_on(async {
        let store = setup.pages.interactions().store();
        let purpose = format!("page {}", std::any::type_name::<KeyForm>());
        let interaction: Interaction = store.start("alice", &purpose, Duration::from_secs(3600)).await.expect("an interaction starts");
        let id = interaction.id.as_str().to_owned();
        let csrf = token(&setup.router, &id).await;
        let path = replace(input.path, b"ID", id.as_bytes());
        let mut request = Request::builder().method(input.method).uri(path.as_slice());
        for (name, value) in &input.headers {
            request = request.header(*name, *value);
        }
        // A request the http crate cannot build (a method, path, header name or value no
        // HTTP parser would have let through) never reaches the server.
        if let Ok(request) = request.body(Body::from(replace(input.body, b"CSRF", csrf.as_bytes()))) {
            let post = request.method() == axum::http::Method::POST;
            let response = setup.router.clone().oneshot(request).await.expect("the router answers every request");
            let status = response.status();
            let bytes = axum::body::to_bytes(response.into_body(), 4 << 20).await.expect("the page's body is read");
            let done = String::from_utf8_lossy(&bytes).contains("data-outcome=\"done\"");
            let after = store.get(&interaction.id).await.expect("the store answers");
            let value = store.value(&interaction.id, false).await.expect("the store answers");
            if done {
                assert!(post && status.is_success(), "done for a {status} answer");
                assert!(after.is_some_and(|i| i.completed) && value.is_some(), "done, and nothing stored");
            } else {
                assert!(after.is_some_and(|i| !i.completed), "completed without saying done ({status})");
                assert!(value.is_none(), "a value stored for a refused request ({status})");
            }
        }
        // Forgotten after each run, so the store does not grow.
        store.forget(&interaction.id).await.expect("the store forgets");
    });
});
