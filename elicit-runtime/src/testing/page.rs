//! The server's pages in a test: the interactions and page forms the scripted client
//! completes ([`ServerPages`], what [`Reply::open_page`](crate::testing::Reply::open_page) and [`Reply::fill_page`](crate::testing::Reply::fill_page) play), and
//! [`PageBrowser`], a browser for testing the page itself over loopback (feature `page`).

use std::sync::{Arc, Mutex};

use serde_json::Value;

#[cfg(feature = "page")]
use crate::page::Pages;
use super::ScriptError;
use crate::url::{InteractionId, Interactions};

/// The server's URL-mode pages as the scripted client reaches them, given to
/// [`ScriptedClient::pages`](crate::testing::ScriptedClient::pages): its
/// [`Interactions`] (plain URL-mode pages, answered with [`Reply::open_page`](crate::testing::Reply::open_page)), or its
/// [`Pages`](crate::page::Pages) (feature `page`: `#[elicit(page)]` forms too, answered
/// with [`Reply::fill_page`](crate::testing::Reply::fill_page)).
///
/// ```
/// use elicit_runtime::testing::ServerPages;
/// use elicit_runtime::url::Interactions;
///
/// let pages = ServerPages::from(Interactions::default());
/// assert!(format!("{pages:?}").contains("ServerPages"));
/// ```
#[derive(Clone, Debug)]
pub struct ServerPages {
    interactions: Interactions,
    #[cfg(feature = "page")]
    forms: Option<Pages>,
    /// What went wrong while playing a page, for the transcript's violations.
    problems: Arc<Mutex<Vec<String>>>,
}

impl From<Interactions> for ServerPages {
    fn from(interactions: Interactions) -> Self {
        Self {
            interactions,
            #[cfg(feature = "page")]
            forms: None,
            problems: Arc::default(),
        }
    }
}

#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
impl From<Pages> for ServerPages {
    fn from(pages: Pages) -> Self {
        Self { interactions: pages.interactions().clone(), forms: Some(pages), problems: Arc::default() }
    }
}

#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
impl From<&Pages> for ServerPages {
    fn from(pages: &Pages) -> Self {
        Self::from(pages.clone())
    }
}

impl ServerPages {
    /// The same pages, with problems of their own (one session's).
    pub(crate) fn for_session(&self) -> Self {
        Self { problems: Arc::default(), ..self.clone() }
    }

    /// What went wrong while playing the pages so far.
    pub(crate) fn problems(&self) -> Vec<String> {
        self.problems.lock().map(|p| p.clone()).unwrap_or_default()
    }

    fn report(&self, problem: String) {
        if let Ok(mut problems) = self.problems.lock() {
            problems.push(problem);
        }
    }

    /// Plays the page of interaction `id` as `user` (in a task, as a browser would while
    /// the client answers): completes it (`content: None`, [`Reply::open_page`](crate::testing::Reply::open_page)) or fills
    /// in its form with `content` ([`Reply::fill_page`](crate::testing::Reply::fill_page)).
    pub(crate) fn play(&self, id: InteractionId, user: String, content: Option<Value>) {
        let pages = self.clone();
        tokio::spawn(async move {
            match content {
                None => pages.open(&id, &user).await,
                Some(content) => {
                    if let Err(err) = pages.fill_id(&id, &user, content).await {
                        pages.refused_fill(&id, err).await;
                    }
                }
            }
        });
    }

    /// [`Reply::open_page`](crate::testing::Reply::open_page): completes a plain URL-mode page. A page form's interaction is
    /// completed too (so the call ends at once), and reported: it holds no value.
    async fn open(&self, id: &InteractionId, user: &str) {
        #[cfg(feature = "page")]
        if let Ok(Some(interaction)) = self.interactions.store().get(id).await
            && let Some(form) = crate::page::page_form_named(&interaction.purpose)
        {
            self.report(format!(
                "Reply::open_page answered the page form `{form}`: it completes the page with no value, and the tool cannot read one; answer a page form with Reply::fill_page(user, content) and ScriptedClient::pages(pages)"
            ));
        }
        let _ = self.interactions.complete(id.as_str(), user).await;
    }

    /// A fill the page refused: a mistake in the test, reported. Refused content leaves
    /// the interaction pending on a real page; here it is forgotten, so the call ends
    /// (the interaction expired) instead of waiting for an answer that never comes.
    async fn refused_fill(&self, id: &InteractionId, err: ScriptError) {
        let detail = match &err {
            ScriptError::Invalid(invalid) => format!(": {invalid}"),
            ScriptError::Refused(refused) => format!(": {refused}"),
            _ => String::new(),
        };
        self.report(format!("Reply::fill_page: {err}{detail}"));
        if !matches!(err, ScriptError::Refused(_)) {
            let _ = self.interactions.store().forget(id).await;
        }
    }

    /// Fills in the page form of interaction `id` as `user`, as the page does with a valid
    /// submission: checked by the form, sealed, kept, the interaction completed.
    pub(crate) async fn fill_id(&self, id: &InteractionId, user: &str, content: Value) -> Result<(), ScriptError> {
        #[cfg(feature = "page")]
        {
            let pages = self.forms.as_ref().ok_or(ScriptError::NoPages)?;
            let Value::Object(mut content) = content else { return Err(ScriptError::NotAnObject) };
            let interaction = pages.interactions().pending(id.as_str(), user).await.map_err(ScriptError::Refused)?;
            let form = pages.form_of(&interaction.purpose).ok_or(ScriptError::NotAPageForm)?;
            // A form with run-time selects is shown only where its options were offered.
            let offered = pages.offered(id);
            if form.runtime && offered.is_none() {
                return Err(ScriptError::NotAPageForm);
            }
            if let Err(invalid) = (form.check)(&content, offered.as_deref()) {
                crate::page::zeroize_content(&mut content);
                return Err(ScriptError::Invalid(invalid));
            }
            pages.keep(id, user, &mut content).await.map(drop).map_err(ScriptError::Refused)
        }
        #[cfg(not(feature = "page"))]
        {
            let _ = (id, user, content);
            Err(ScriptError::NoPages)
        }
    }
}

/// The interaction a URL-mode request (or a link) is about: its `elicitationId`
/// (2025-11-25), else an interaction id in its `url` (a query value or a path segment,
/// where the page finds it; 2026-07-28 and the dialects have no `elicitationId`).
pub(crate) fn page_interaction(params: &Value) -> Option<InteractionId> {
    let by_id = params.get("elicitationId").and_then(Value::as_str).and_then(InteractionId::parse);
    by_id.or_else(|| link_interaction(params.get("url")?.as_str()?))
}

/// The interaction id in a page's link: a query value or a path segment.
pub(crate) fn link_interaction(link: &str) -> Option<InteractionId> {
    let url = ::url::Url::parse(link).ok()?;
    let in_query = url.query_pairs().find_map(|(_, value)| InteractionId::parse(&value));
    in_query.or_else(|| url.path_segments()?.find_map(InteractionId::parse))
}

/// A browser for testing the page itself (feature `page`): it opens a page over loopback
/// HTTP/1.1, fills in the form with a form's content and sends it as a browser does, the
/// page's CSRF token and `Origin` handled. Sign it in the way your login reads a browser
/// ([`header`](Self::header), such as a session cookie).
///
/// ```no_run
/// use elicit_runtime::testing::PageBrowser;
/// use serde_json::json;
///
/// # async fn test(url: &str) -> Result<(), Box<dyn std::error::Error>> {
/// let ada = PageBrowser::new().header("cookie", "session=ada");
/// let answer = ada.fill(url, json!({"key": "sk_live_0123456789abcdef", "label": "main"})).await?;
/// assert_eq!(answer.outcome(), "done");
/// # Ok(()) }
/// ```
#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
#[derive(Debug, Clone, Default)]
pub struct PageBrowser {
    headers: Vec<(String, String)>,
}

/// One answer of the page to a [`PageBrowser`].
#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageAnswer {
    /// The HTTP status.
    pub status: u16,
    /// The response's headers, names in lowercase.
    pub headers: Vec<(String, String)>,
    /// The HTML.
    pub body: String,
}

#[cfg(feature = "page")]
impl PageAnswer {
    /// What the page says, as its `data-outcome` marks it: `form` (the form to fill in),
    /// `done`, `invalid` (the form again, with its problems), `wrong-user`, `sign-in`,
    /// `stale`, `foreign`, `used`, `expired`, `unknown`, `unreadable`, `unavailable`;
    /// empty when the answer is no page of the toolkit's.
    pub fn outcome(&self) -> &str {
        self.body.split("data-outcome=\"").nth(1).and_then(|o| o.split('"').next()).unwrap_or_default()
    }

    /// A header's value, by its name in any case.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The form's CSRF token, on a page that shows the form.
    fn token(&self) -> Option<&str> {
        let marker = format!("name=\"{}\" value=\"", crate::page::CSRF_FIELD);
        self.body.split(marker.as_str()).nth(1).and_then(|t| t.split('"').next())
    }
}

#[cfg(feature = "page")]
impl PageBrowser {
    /// A browser nobody is signed in on.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sends this header on every request: how your login knows the user (a cookie, an
    /// `Authorization`).
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// Opens the page at `url` (`GET`).
    pub async fn open(&self, url: &str) -> std::io::Result<PageAnswer> {
        self.request("GET", url, None).await
    }

    /// Opens the page at `url` and sends its form filled in with `content` (a form's
    /// content JSON, as a client would send it: texts, numbers, booleans, a multi-select's
    /// list), with the token the page gave and the page's own `Origin`. Where the page
    /// shows no form (a refusal), that page.
    pub async fn fill(&self, url: &str, content: Value) -> std::io::Result<PageAnswer> {
        let shown = self.open(url).await?;
        let Some(token) = shown.token().map(str::to_owned) else { return Ok(shown) };
        let mut body = format!("{}={}", crate::page::CSRF_FIELD, encode(&token));
        for (name, value) in content.as_object().into_iter().flatten() {
            let values = match value {
                Value::Array(items) => items.iter().collect(),
                other => vec![other],
            };
            for value in values {
                let text = match value {
                    Value::String(text) => text.clone(),
                    Value::Null => continue,
                    other => other.to_string(),
                };
                body.push_str(&format!("&{}={}", encode(name), encode(&text)));
            }
        }
        self.request("POST", url, Some(body)).await
    }

    async fn request(&self, method: &str, url: &str, form: Option<String>) -> std::io::Result<PageAnswer> {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let invalid = |why: &str| std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("{why}: {url}"));
        let parsed = ::url::Url::parse(url).map_err(|_| invalid("not a URL"))?;
        if parsed.scheme() != "http" {
            return Err(invalid("the test browser speaks plain HTTP (a page on loopback)"));
        }
        let host = parsed.host_str().ok_or_else(|| invalid("no host"))?;
        let port = parsed.port_or_known_default().unwrap_or(80);
        let authority = match parsed.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_owned(),
        };
        let target = match parsed.query() {
            Some(query) => format!("{}?{query}", parsed.path()),
            None => parsed.path().to_owned(),
        };
        let mut head = format!("{method} {target} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n");
        // English unless the test asks for another language (one `Accept-Language` only:
        // a server reads the first).
        if !self.headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("accept-language")) {
            head.push_str("Accept-Language: en\r\n");
        }
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        let body = form.unwrap_or_default();
        if method == "POST" {
            // The form posts to its own page: a browser says so.
            head.push_str(&format!(
                "Origin: {}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
                parsed.origin().ascii_serialization(),
                body.len()
            ));
        }
        head.push_str("\r\n");
        let mut tcp = tokio::net::TcpStream::connect((host.trim_start_matches('[').trim_end_matches(']'), port)).await?;
        tcp.write_all(head.as_bytes()).await?;
        tcp.write_all(body.as_bytes()).await?;
        let mut raw = Vec::new();
        tcp.read_to_end(&mut raw).await?;
        parse_response(&raw).ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "not an HTTP/1.1 response"))
    }
}

/// `application/x-www-form-urlencoded`, as a browser writes it.
#[cfg(feature = "page")]
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => out.push(char::from(byte)),
            b' ' => out.push('+'),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// A whole HTTP/1.1 response: status, headers, body (chunked or not).
#[cfg(feature = "page")]
fn parse_response(raw: &[u8]) -> Option<PageAnswer> {
    let at = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..at]).ok()?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers: Vec<(String, String)> =
        lines.filter_map(|l| l.split_once(':')).map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned())).collect();
    let mut body = raw[at + 4..].to_vec();
    if headers.iter().any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked")) {
        body = unchunk(&body)?;
    }
    Some(PageAnswer { status, headers, body: String::from_utf8(body).ok()? })
}

#[cfg(feature = "page")]
fn unchunk(mut rest: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let at = rest.windows(2).position(|w| w == b"\r\n")?;
        let size = usize::from_str_radix(std::str::from_utf8(&rest[..at]).ok()?.split(';').next()?.trim(), 16).ok()?;
        rest = &rest[at + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(rest.get(..size)?);
        rest = rest.get(size + 2..)?;
    }
}
