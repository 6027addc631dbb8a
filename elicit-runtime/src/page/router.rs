//! The page's HTTP side: [`Pages::router`], and [`PageLogin`], how it knows its user.

use std::future::Future;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use zeroize::Zeroize as _;

use super::body::{MAX_BODY, Unreadable, content, pairs, submitted};
use super::html::{self, CSP, Shown, notice};
use super::pages::{Pages, zeroize_content};
use super::texts::PageTexts;
use crate::form::Problem;
use crate::observe;
use crate::url::{CompleteError, InteractionId};

/// How the page knows who the browser is: your login.
///
/// Return the principal of the signed-in user (the same string your tool passes to
/// [`elicit_via_page`](super::PageForm::elicit_via_page) for that person, usually the
/// subject of the MCP request's token), or `None` when nobody is signed in (the page
/// then asks them to sign in, and stores nothing). Read your session cookie or a token
/// from the request's headers; never trust a name the URL carries.
///
/// A closure `Fn(&Parts) -> Option<String>` is a login; for an asynchronous check (a
/// session store), implement the trait.
///
/// ```
/// use elicit_runtime::page::PageLogin;
/// use axum::http::request::Parts;
///
/// /// The user of a (made-up) signed session cookie.
/// fn my_login(request: &Parts) -> Option<String> {
///     let cookies = request.headers.get("cookie")?.to_str().ok()?;
///     cookies.split(';').find_map(|c| c.trim().strip_prefix("session=")).and_then(verify_session)
/// }
/// # fn verify_session(_: &str) -> Option<String> { None }
/// fn takes(_: impl PageLogin) {}
/// takes(my_login);
/// ```
pub trait PageLogin: Clone + Send + Sync + 'static {
    /// The principal signed in on this request, if any.
    fn principal(&self, request: &Parts) -> impl Future<Output = Option<String>> + Send;

    /// Where to send a browser nobody is signed in on, to sign in and come back to
    /// `page` (the URL of the page it asked for): the page answers `303 See Other` to it.
    /// `None` (the default) shows a page that asks the user to sign in.
    fn sign_in_url(&self, page: &str) -> Option<String> {
        let _ = page;
        None
    }
}

impl<F> PageLogin for F
where
    F: Fn(&Parts) -> Option<String> + Clone + Send + Sync + 'static,
{
    fn principal(&self, request: &Parts) -> impl Future<Output = Option<String>> + Send {
        std::future::ready(self(request))
    }
}

impl Pages {
    /// The page's routes, to mount at the path of the base URL
    /// (`Router::new().nest("/elicit", pages.router(login))` for
    /// `https://app.example/elicit`): `GET /{id}` shows the form of a pending
    /// interaction to the user who started it, `POST /{id}` takes the answer.
    pub fn router<L: PageLogin>(&self, login: L) -> Router {
        Router::new().route("/{id}", get(show::<L>).post(submit::<L>)).with_state((self.clone(), login))
    }
}

impl Pages {
    /// Serves the page on its own: binds `address` and answers there, the routes mounted
    /// at the path of the base URL, until the future is dropped or the listener fails.
    /// For a server whose MCP transport is stdio, the page beside it in one call (spawn
    /// it); a server that already has an HTTP app nests [`router`](Self::router) in it
    /// instead. The base URL is where browsers reach this address (a proxy in front of it
    /// gives the `https`).
    ///
    /// ```no_run
    /// # use elicit_runtime::page::{Pages, Parts};
    /// fn login(request: &Parts) -> Option<String> {
    ///     # let _ = request; None
    ///     // your session cookie, verified
    /// }
    /// # async fn run(pages: Pages) -> std::io::Result<()> {
    /// tokio::spawn(pages.serve("127.0.0.1:8080", login));
    /// # Ok(()) }
    /// ```
    pub fn serve<L: PageLogin>(&self, address: impl tokio::net::ToSocketAddrs + Send + 'static, login: L) -> impl Future<Output = std::io::Result<()>> + Send + 'static {
        let path = url::Url::parse(self.base()).map(|base| base.path().trim_end_matches('/').to_owned()).unwrap_or_default();
        let routes = self.router(login);
        let app = if path.is_empty() { routes } else { Router::new().nest(&path, routes) };
        async move {
            let listener = tokio::net::TcpListener::bind(address).await?;
            axum::serve(listener, app).await
        }
    }
}

type PageState<L> = State<(Pages, L)>;

/// The options offered for a page form's run-time selects.
type Offered = std::sync::Arc<dyn crate::form::FormOptions>;

async fn show<L: PageLogin>(State((pages, login)): PageState<L>, id: Result<Path<String>, PathRejection>, request: Request) -> Response {
    let id = path_id(id);
    let (parts, _) = request.into_parts();
    let texts = page_texts(&pages, &parts.headers);
    if let Some(refused) = foreign(&pages, &texts, &parts.headers, false) {
        return refused;
    }
    let Some(user) = signed_in(&login, &parts).await else {
        // Sent to sign in only for an id of ours, and back to the page's own URL.
        let back = InteractionId::parse(&id).map(|id| pages.url(&id));
        return match back.and_then(|back| login.sign_in_url(&back)) {
            Some(url) => see_other(&url).unwrap_or_else(|| sign_in(&texts)),
            None => sign_in(&texts),
        };
    };
    let (id, form, offered) = match pending(&pages, &texts, &id, &user).await {
        Ok(found) => found,
        Err(refused) => return refused,
    };
    let csrf = pages.csrf_token(&id, &user);
    respond(StatusCode::OK, html::form(&texts, form.heading(texts.locale), form.schema, offered.as_deref(), &user, &csrf, None, &[]))
}

async fn submit<L: PageLogin>(State((pages, login)): PageState<L>, id: Result<Path<String>, PathRejection>, request: Request) -> Response {
    let id = path_id(id);
    let (parts, body) = request.into_parts();
    let texts = page_texts(&pages, &parts.headers);
    if let Some(refused) = foreign(&pages, &texts, &parts.headers, true) {
        return refused;
    }
    let form_encoded = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case("application/x-www-form-urlencoded")));
    if !form_encoded {
        return refusal(&texts, StatusCode::UNSUPPORTED_MEDIA_TYPE, "unreadable", &texts.unreadable);
    }
    let mut bytes = match to_bytes(Body::new(body), MAX_BODY).await {
        Ok(bytes) => Vec::from(bytes),
        Err(_) => return refusal(&texts, StatusCode::PAYLOAD_TOO_LARGE, "unreadable", &texts.unreadable),
    };
    let Some(user) = signed_in(&login, &parts).await else {
        bytes.zeroize();
        return sign_in(&texts);
    };
    let (id, form, offered) = match pending(&pages, &texts, &id, &user).await {
        Ok(found) => found,
        Err(refused) => {
            bytes.zeroize();
            return refused;
        }
    };
    let decoded = pairs(&bytes);
    bytes.zeroize();
    let mut sent = match decoded.and_then(|pairs| submitted(form.schema, pairs)) {
        Ok(sent) => sent,
        Err(why) => {
            let reason = match why {
                Unreadable::NotUtf8 => "not_utf8",
                Unreadable::Unknown(_) => "unknown_field",
                Unreadable::Repeated(_) => "repeated_field",
            };
            tracing::info!(target: "elicit_runtime::page", reason, "page form refused unread");
            return refusal(&texts, StatusCode::BAD_REQUEST, "unreadable", &texts.unreadable);
        }
    };
    let token_ok = sent.csrf.as_deref().is_some_and(|token| pages.csrf_valid(&id, &user, token));
    if !token_ok {
        tracing::info!(target: "elicit_runtime::page", "page form refused: no valid CSRF token");
        forget_raw(&mut sent);
        return refusal(&texts, StatusCode::FORBIDDEN, "stale", &texts.stale);
    }
    let mut content = content(&sent);
    if let Err(invalid) = (form.check)(&content, offered.as_deref()) {
        zeroize_content(&mut content);
        // Problems about the whole form (the author's rules) and about each field; a
        // problem with the wrong type of a number is said in words a person reads.
        let shown: Vec<Shown<'_>> = invalid
            .violations()
            .iter()
            .map(|v| Shown {
                field: form.schema.field(&v.field).map_or("", |f| f.name()),
                text: match &v.problem {
                    Problem::WrongType { expected, .. } if *expected == "integer" => Problem::NotAnInteger.text(texts.locale),
                    Problem::WrongType { expected, .. } if *expected == "number" => texts.not_a_number.clone(),
                    problem => problem.text(texts.locale),
                },
            })
            .collect();
        let csrf = pages.csrf_token(&id, &user);
        let page = html::form(&texts, form.heading(texts.locale), form.schema, offered.as_deref(), &user, &csrf, Some(&sent), &shown);
        forget_raw(&mut sent);
        return respond(StatusCode::UNPROCESSABLE_ENTITY, page);
    }
    forget_raw(&mut sent);
    match pages.keep(&id, &user, &mut content).await {
        Ok(_) => {
            observe::url_page("completed");
            tracing::debug!(target: "elicit_runtime::page", "page form received; interaction completed");
            respond(StatusCode::OK, notice(&texts, &texts.done_title, "done", &texts.done, None))
        }
        Err(refused) => refused_page(&texts, &refused),
    }
}

/// The id in the page's path. One that does not decode (bytes that are not UTF-8) names no
/// interaction: it is refused as unknown, by the page with its headers, not by axum's
/// plain-text rejection.
fn path_id(id: Result<Path<String>, PathRejection>) -> String {
    id.map(|Path(id)| id).unwrap_or_default()
}

/// Overwrites what the user typed, once it is no longer needed.
fn forget_raw(sent: &mut super::body::Submitted) {
    for (_, values) in &mut sent.raw {
        values.iter_mut().for_each(|v| v.zeroize());
    }
    if let Some(token) = &mut sent.csrf {
        token.zeroize();
    }
}

async fn signed_in<L: PageLogin>(login: &L, parts: &Parts) -> Option<String> {
    login.principal(parts).await.filter(|user| !user.trim().is_empty())
}

/// The pending interaction `id` of `user`, with its form and the options offered for its
/// run-time selects; or the page that refuses.
async fn pending(pages: &Pages, texts: &PageTexts, id: &str, user: &str) -> Result<(InteractionId, super::pages::Form, Option<Offered>), Response> {
    let Some(parsed) = InteractionId::parse(id) else { return Err(refused_page(texts, &CompleteError::Unknown)) };
    let interaction = pages.interactions().pending(id, user).await.map_err(|refused| refused_page(texts, &refused))?;
    match pages.form_of(&interaction.purpose) {
        Some(form) if form.runtime => match pages.offered(&parsed) {
            Some(offered) => Ok((parsed, form, Some(offered))),
            // The options live with the instance that asked: another cannot show them.
            None => {
                tracing::warn!(target: "elicit_runtime::page", "a pending page form with run-time selects was not asked on this instance: its options are not here");
                Err(refusal(texts, StatusCode::NOT_FOUND, "unknown", &texts.unknown))
            }
        },
        Some(form) => Ok((parsed, form, None)),
        // Not a page form's interaction, or a form this instance does not know.
        None => {
            tracing::warn!(target: "elicit_runtime::page", "a pending interaction names no page form this instance registered (Pages::register)");
            Err(refusal(texts, StatusCode::NOT_FOUND, "unknown", &texts.unknown))
        }
    }
}

/// The refusal of a request from elsewhere, if it is one. On a loopback base the `Host`
/// must be the base's (DNS rebinding). A form must come from the page's origin: a
/// browser says so in `Sec-Fetch-Site` and `Origin` (which it sends as `null` under this
/// page's `no-referrer` policy, so `null` counts only beside `Sec-Fetch-Site:
/// same-origin`). A client that sends neither is no browser, and still needs the token.
fn foreign(pages: &Pages, texts: &PageTexts, headers: &HeaderMap, post: bool) -> Option<Response> {
    if let Some(host) = pages.loopback_host() {
        let mut sent = headers.get_all(header::HOST).iter();
        let one = sent.next().and_then(|h| h.to_str().ok()).unwrap_or_default();
        if !one.eq_ignore_ascii_case(host) || sent.next().is_some() {
            return Some(refusal(texts, StatusCode::MISDIRECTED_REQUEST, "foreign", &texts.foreign));
        }
    }
    if !post {
        return None;
    }
    let site = headers.get("sec-fetch-site").map(|v| v.to_str().unwrap_or("cross-site"));
    let origin = headers.get(header::ORIGIN).map(|v| v.to_str().unwrap_or("invalid"));
    let site_ok = matches!(site, None | Some("same-origin") | Some("none"));
    let origin_ok = match origin {
        None => true,
        Some("null") => site == Some("same-origin"),
        Some(origin) => origin == pages.origin(),
    };
    if site_ok && origin_ok {
        return None;
    }
    tracing::info!(target: "elicit_runtime::page", "page form refused: sent from another origin");
    observe::url_page("refused");
    Some(refusal(texts, StatusCode::FORBIDDEN, "foreign", &texts.foreign))
}

/// `303 See Other` to `url` with the headers of every page; `None` when `url` cannot be a
/// header's value.
fn see_other(url: &str) -> Option<Response> {
    let location = HeaderValue::from_str(url).ok()?;
    let mut response = respond(StatusCode::SEE_OTHER, String::new());
    response.headers_mut().insert(header::LOCATION, location);
    Some(response)
}

/// The page's words for this request: in the browser's language if the catalog has it.
fn page_texts(pages: &Pages, headers: &HeaderMap) -> std::sync::Arc<PageTexts> {
    pages.texts(headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()))
}

fn sign_in(texts: &PageTexts) -> Response {
    respond(StatusCode::UNAUTHORIZED, notice(texts, &texts.refused_title, "sign-in", &texts.sign_in, Some(&texts.nothing_stored)))
}

fn refused_page(texts: &PageTexts, refused: &CompleteError) -> Response {
    let (status, outcome, text) = match refused {
        CompleteError::WrongUser => (StatusCode::FORBIDDEN, "wrong-user", &texts.wrong_user),
        CompleteError::Unknown => (StatusCode::NOT_FOUND, "unknown", &texts.unknown),
        CompleteError::Expired => (StatusCode::GONE, "expired", &texts.expired),
        CompleteError::AlreadyCompleted => (StatusCode::CONFLICT, "used", &texts.used),
        _ => (StatusCode::SERVICE_UNAVAILABLE, "unavailable", &texts.unavailable),
    };
    tracing::info!(target: "elicit_runtime::page", outcome, "page refused");
    observe::url_page("refused");
    refusal(texts, status, outcome, text)
}

fn refusal(texts: &PageTexts, status: StatusCode, outcome: &str, text: &str) -> Response {
    respond(status, notice(texts, &texts.refused_title, outcome, text, Some(&texts.nothing_stored)))
}

/// A page with the headers of every page.
fn respond(status: StatusCode, document: String) -> Response {
    let mut response = (status, document).into_response();
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CACHE_CONTROL, "no-store"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if let Ok(csp) = HeaderValue::from_str(&CSP) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    response
}
