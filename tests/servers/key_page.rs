//! The web page of `stdio_server`'s `connect_api_key`: where the user types an API key,
//! so that the key never passes through the MCP client (URL-mode elicitation).
//!
//! It listens on a loopback port of this process (`http://127.0.0.1:PORT`):
//!
//! | route | what it does |
//! |---|---|
//! | `GET /` | says what the page is for |
//! | `GET /connect?id=ID` | the form, if the interaction `ID` is pending and was started by the user on the page; otherwise a refusal |
//! | `POST /connect` (`id`, `api_key`) | completes the interaction **as the user on the page** and stores the key, bound to that user; refused (and nothing stored) for another user, an unknown, expired or completed id, a key that is not UTF-8 |
//!
//! # Who is on the page
//!
//! The page must know which user it talks to and complete the interaction as that user
//! ([`Interactions::complete`]): an interaction started by one user and completed by
//! another is the phishing case of the specification. A real server has its own login
//! (a session cookie whose subject it compares with the principal that started the
//! interaction, the `sub` of the MCP request's token). This example has no login: the
//! cookie [`USER_COOKIE`] stands in for the session, and a browser without it is taken
//! to be [`LOCAL_USER`], the one user of this stdio server. [`page_user`] is the one
//! place that decides; replace it with your login.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::{RawForm, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use elicit_runtime::url::{CompleteError, InteractionId, Interactions};
use tokio::net::TcpListener;

/// The principal of the stdio session: a stdio server has one user, the person who
/// started it (a server reached over HTTP takes it from the request's authentication).
pub const LOCAL_USER: &str = "local-user";

/// The cookie that stands in for the page's login in this example: its value is the
/// user's name. Without it, the browser is [`LOCAL_USER`].
pub const USER_COOKIE: &str = "elicit_demo_user";

/// What an API key may look like here: 8 to 256 visible characters, no spaces.
const KEY_LENGTH: std::ops::RangeInclusive<usize> = 8..=256;

/// The API keys the page stored, each bound to the user who typed it in. In memory: a
/// real server keeps them encrypted in its own store, and never hands them to the MCP
/// client (only what it did with them).
#[derive(Default)]
pub struct KeyStore {
    // A tokio mutex, held across `Interactions::complete`: a tool woken by the
    // completion reads the key only once the page has stored it.
    keys: tokio::sync::Mutex<HashMap<String, String>>,
}

impl KeyStore {
    /// The last four characters of `principal`'s key, `…abcd`, if one is stored.
    pub async fn ending(&self, principal: &str) -> Option<String> {
        self.keys.lock().await.get(principal).map(|key| ending(key))
    }

    /// Completes the interaction as `user` and, only if that succeeds, stores `key` for
    /// `user`, in one step for the tool that waits.
    async fn complete_and_store(&self, interactions: &Interactions, id: &str, user: &str, key: String) -> Result<String, CompleteError> {
        let mut keys = self.keys.lock().await;
        interactions.complete(id, user).await?;
        let end = ending(&key);
        keys.insert(user.to_owned(), key);
        Ok(end)
    }
}

/// `…` and the last four characters.
fn ending(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    let tail: String = chars[chars.len().saturating_sub(4)..].iter().collect();
    format!("…{tail}")
}

/// The page: the interactions it completes, the keys it stores, and where it listens.
#[derive(Clone)]
pub struct KeyPage {
    interactions: Interactions,
    keys: Arc<KeyStore>,
    port: u16,
}

impl KeyPage {
    /// Binds `127.0.0.1:port` (`0`: a free port the system picks).
    pub async fn bind(interactions: Interactions, port: u16) -> std::io::Result<(KeyPage, TcpListener)> {
        let listener = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port))).await?;
        let port = listener.local_addr()?.port();
        Ok((KeyPage { interactions, keys: Arc::default(), port }, listener))
    }

    /// Where the page is: `http://127.0.0.1:PORT`.
    pub fn origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The page of one interaction. The id is all the URL carries: it names the
    /// interaction, it does not say who the user is (the page finds that out itself).
    pub fn url(&self, id: &InteractionId) -> String {
        format!("{}/connect?id={id}", self.origin())
    }

    /// The interactions the page completes.
    pub fn interactions(&self) -> &Interactions {
        &self.interactions
    }

    /// The keys the page stored.
    pub fn keys(&self) -> &KeyStore {
        &self.keys
    }

    /// Serves the page on `listener` until the process ends.
    pub async fn serve(self, listener: TcpListener) -> std::io::Result<()> {
        let app = Router::new().route("/", get(index)).route("/connect", get(show).post(submit)).with_state(self);
        axum::serve(listener, app).await
    }

    /// The refusal of a request from elsewhere, if it is one: requests must name this page
    /// as their host (`127.0.0.1:PORT` or `localhost:PORT`), which keeps out DNS-rebinding
    /// pages, and a form must come from this page's origin.
    fn foreign(&self, headers: &HeaderMap, form: bool) -> Option<Response> {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
        if host != format!("127.0.0.1:{}", self.port) && host != format!("localhost:{}", self.port) {
            return Some(page(
                StatusCode::MISDIRECTED_REQUEST,
                "refused",
                "Wrong address",
                "<p>This page answers only on its own loopback address.</p>",
            ));
        }
        if form {
            let origin = headers.get(header::ORIGIN).and_then(|h| h.to_str().ok());
            let own = [self.origin(), format!("http://localhost:{}", self.port)];
            if origin.is_some_and(|o| !own.iter().any(|own| own == o)) {
                return Some(page(StatusCode::FORBIDDEN, "refused", "Refused", "<p>The form was sent from another site. Nothing was stored.</p>"));
            }
        }
        None
    }
}

/// Who is on the page. **The stand-in for a login**: a real server reads its session
/// cookie here and returns the authenticated subject; this example trusts the
/// [`USER_COOKIE`] cookie, and a browser without it is [`LOCAL_USER`].
pub fn page_user(headers: &HeaderMap) -> String {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|cookie| cookie.trim().split_once('='))
        .find(|(name, _)| *name == USER_COOKIE)
        .map(|(_, value)| value.trim_matches('"').to_owned())
        .filter(|user| !user.is_empty())
        .unwrap_or_else(|| LOCAL_USER.to_owned())
}

/// The value of `name` in a query string or a form body (the first, if it is there more
/// than once); `Err` when its bytes are not UTF-8. Decoded here, strictly: a decoder that
/// replaces such bytes with `U+FFFD` (as `form_urlencoded::parse` does) would store a key
/// other than the one sent, and report it stored.
fn field(encoded: &[u8], name: &str) -> Option<Result<String, NotUtf8>> {
    encoded.split(|&b| b == b'&').find_map(|pair| {
        let (key, value) = match pair.iter().position(|&b| b == b'=') {
            Some(at) => (&pair[..at], &pair[at + 1..]),
            None => (pair, &[][..]),
        };
        (percent_decoded(key).as_deref() == Ok(name)).then(|| percent_decoded(value))
    })
}

/// A form value whose bytes are not UTF-8.
#[derive(Debug, PartialEq)]
struct NotUtf8;

/// `application/x-www-form-urlencoded` decoding of one name or value: `+` is a space,
/// `%XX` a byte (a `%` not followed by two hex digits stays as it is).
fn percent_decoded(encoded: &[u8]) -> Result<String, NotUtf8> {
    let hex = |b: u8| char::from(b).to_digit(16).and_then(|d| u8::try_from(d).ok());
    let mut bytes = Vec::with_capacity(encoded.len());
    let mut i = 0;
    while i < encoded.len() {
        match encoded[i] {
            b'+' => bytes.push(b' '),
            b'%' if let (Some(high), Some(low)) = (encoded.get(i + 1).and_then(|&b| hex(b)), encoded.get(i + 2).and_then(|&b| hex(b))) => {
                bytes.push(high << 4 | low);
                i += 2;
            }
            b => bytes.push(b),
        }
        i += 1;
    }
    String::from_utf8(bytes).map_err(|_| NotUtf8)
}

/// Why a typed key is not taken, if it is not.
fn key_problem(key: &str) -> Option<&'static str> {
    let length = key.chars().count();
    if !KEY_LENGTH.contains(&length) {
        Some("An API key has 8 to 256 characters.")
    } else if key.chars().any(|c| c.is_whitespace() || c.is_control()) {
        Some("An API key has no spaces or control characters.")
    } else {
        None
    }
}

async fn index(State(page): State<KeyPage>, headers: HeaderMap) -> Response {
    if let Some(refused) = page.foreign(&headers, false) {
        return refused;
    }
    self::page(
        StatusCode::OK,
        "index",
        "elicit-demo: API keys",
        "<p>This is where <code>elicit-demo</code>'s <code>connect_api_key</code> tool asks for an API key. \
         Call the tool from your MCP client and open the link it shows.</p>",
    )
}

async fn show(State(page): State<KeyPage>, headers: HeaderMap, RawQuery(query): RawQuery) -> Response {
    if let Some(refused) = page.foreign(&headers, false) {
        return refused;
    }
    let user = page_user(&headers);
    // An id that is not UTF-8 is no id: unknown.
    let id = field(query.unwrap_or_default().as_bytes(), "id").and_then(Result::ok).unwrap_or_default();
    match page.interactions.pending(&id, &user).await {
        Ok(_) => form(StatusCode::OK, &id, &user, None),
        Err(refused) => {
            eprintln!("[stdio_server] key page: not showing the form to {user:?}: {refused}");
            refusal(&refused, &user)
        }
    }
}

async fn submit(State(page): State<KeyPage>, headers: HeaderMap, RawForm(body): RawForm) -> Response {
    if let Some(refused) = page.foreign(&headers, true) {
        return refused;
    }
    let user = page_user(&headers);
    let id = field(&body, "id").and_then(Result::ok).unwrap_or_default();
    // What was typed, or why it is not taken.
    let key = match field(&body, "api_key").unwrap_or(Ok(String::new())) {
        Ok(key) => Ok(key.trim().to_owned()).and_then(|key| key_problem(&key).map_or(Ok(key), Err)),
        Err(NotUtf8) => Err("The API key arrived as bytes that are not UTF-8 text. Type it again."),
    };
    let key = match key {
        Ok(key) => key,
        // Show the form again only to the user it belongs to.
        Err(problem) => {
            return match page.interactions.pending(&id, &user).await {
                Ok(_) => form(StatusCode::UNPROCESSABLE_ENTITY, &id, &user, Some(problem)),
                Err(refused) => refusal(&refused, &user),
            };
        }
    };
    match page.keys.complete_and_store(&page.interactions, &id, &user, key).await {
        Ok(end) => {
            eprintln!("[stdio_server] key page: stored an API key for {user:?} (ending in {end})");
            let body = format!(
                "<p id=\"outcome\">Stored an API key ending in <code>{}</code> for <strong>{}</strong>.</p>\
                 <p>You can close this page and go back to your MCP client.</p>",
                escape(&end),
                escape(&user),
            );
            self::page(StatusCode::OK, "stored", "API key stored", &body)
        }
        Err(refused) => {
            eprintln!("[stdio_server] key page: refused to complete an interaction as {user:?}: {refused}; nothing stored");
            refusal(&refused, &user)
        }
    }
}

/// The form for one pending interaction.
fn form(status: StatusCode, id: &str, user: &str, problem: Option<&str>) -> Response {
    let mut body = String::new();
    let _ = write!(
        body,
        "<p>Signed in as <strong id=\"user\">{user}</strong> <small>(this example's stand-in for a login)</small>.</p>\
         <p>Type the API key <code>elicit-demo</code> should use for you. It is stored by this server, bound to you, \
         and never passes through your MCP client: the client only learns that a key ending in its last four characters is stored.</p>",
        user = escape(user),
    );
    if let Some(problem) = problem {
        let _ = write!(body, "<p id=\"problem\" class=\"problem\">{}</p>", escape(problem));
    }
    let _ = write!(
        body,
        "<form id=\"key-form\" method=\"post\" action=\"/connect\">\
           <input type=\"hidden\" name=\"id\" value=\"{id}\">\
           <label for=\"api_key\">API key</label>\
           <input id=\"api_key\" name=\"api_key\" type=\"password\" autocomplete=\"off\" spellcheck=\"false\" required minlength=\"{min}\" maxlength=\"{max}\" autofocus>\
           <button id=\"submit\" type=\"submit\">Store the key</button>\
         </form>",
        id = escape(id),
        min = KEY_LENGTH.start(),
        max = KEY_LENGTH.end(),
    );
    page(status, "form", "Connect your API key", &body)
}

/// The page for a refused id: says why, and that nothing was stored.
fn refusal(refused: &CompleteError, user: &str) -> Response {
    let (status, outcome, why) = match refused {
        CompleteError::WrongUser => (
            StatusCode::FORBIDDEN,
            "wrong-user",
            format!(
                "This link was opened by <strong>{}</strong>, but another user asked for it. Only the user who started it \
                 in their MCP client can use it. If someone sent you this link, do not use it.",
                escape(user)
            ),
        ),
        CompleteError::Unknown => (StatusCode::NOT_FOUND, "unknown", "This link is not valid (it is unknown, or it was used already).".to_owned()),
        CompleteError::Expired => (StatusCode::GONE, "expired", "This link has expired.".to_owned()),
        CompleteError::AlreadyCompleted => (StatusCode::CONFLICT, "completed", "This link was used already.".to_owned()),
        _ => (StatusCode::SERVICE_UNAVAILABLE, "unavailable", "The server cannot check this link right now.".to_owned()),
    };
    let body = format!(
        "<p id=\"outcome\">{why}</p><p>Nothing was stored. To connect a key, call <code>connect_api_key</code> again from your MCP client.</p>"
    );
    page(status, outcome, "Refused", &body)
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}\
label{display:block;font-weight:600;margin-top:1rem}input[type=password]{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}\
button{margin-top:1rem;padding:.5rem 1rem;font-size:1rem}.problem{color:#a40000}main[data-outcome=wrong-user] h1,main[data-outcome=unknown] h1,\
main[data-outcome=expired] h1,main[data-outcome=completed] h1{color:#a40000}";

/// A whole HTML document. `body` is HTML built by this module (every text in it went
/// through [`escape`]); `outcome` marks the page for tests (`data-outcome`).
fn page(status: StatusCode, outcome: &str, title: &str, body: &str) -> Response {
    let document = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title><style>{STYLE}</style></head>\
         <body><main data-outcome=\"{outcome}\"><h1>{title}</h1>{body}</main></body></html>",
        title = escape(title),
        outcome = escape(outcome),
    );
    let mut response = (status, document).into_response();
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        // A page that takes a secret: never cached, never framed, no referrer to other
        // sites (the URL carries the interaction id; `no-referrer` would also blank the
        // `Origin` of the page's own form, which `foreign` compares), nothing
        // loaded from elsewhere.
        (header::CACHE_CONTROL, "no-store"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Escapes text for HTML element content and quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
