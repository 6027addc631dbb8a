//! Sensitive input in one call: a form the toolkit shows on the server's own page
//! (URL-mode elicitation), typed, validated, and never seen by the MCP client.
//!
//! The MCP specification forbids asking for a password, an API key or a card number in
//! form mode: such input goes through a page of the server, the client only opens its
//! link (URL mode). This module is that page, served by the toolkit from the same
//! derive:
//!
//! ```ignore
//! use elicit_runtime::page::{PageForm, Pages, Secret};
//! use elicit_runtime::{Elicit, Elicitation};
//!
//! #[derive(Elicit)]
//! #[elicit(page)]                       // only ever shown on the server's page
//! struct ApiKey {
//!     /// The key from your dashboard
//!     #[elicit(min_length = 20, pattern = "^sk_[A-Za-z0-9]+$")]
//!     key: Secret,                      // secrets allowed here, and only here
//!     label: Option<String>,
//! }
//!
//! // in the tool (every revision; the fallback through the model too):
//! // `ask` from `call.principal(user).run(..)`: only `user` may answer on the page.
//! match ApiKey::elicit_via_page(&ask, &pages, "Connect your billing account").await? {
//!     Elicitation::Accept(k) => store(user, k.key),      // typed, validated
//!     Elicitation::Decline | Elicitation::Cancel => not_connected(),
//! }
//!
//! // once, beside a stdio server (or nest `pages.router(my_login)` in your HTTP app):
//! tokio::spawn(pages.serve("127.0.0.1:8080", my_login));
//! ```
//!
//! The whole example, runnable: `examples/secure_page.rs`. What the page looks like in
//! a browser, and what a run of headless Chromium checks on it: `docs/pages.md` in the
//! repository.
//!
//! # What the toolkit does
//!
//! - **The form.** `#[elicit(page)]` makes the struct a [`PageForm`] instead of an
//!   [`Elicit`](crate::Elicit) form: it may hold [`Secret`] fields, and it can never be
//!   sent in form mode (`ApiKey::elicit(..)` does not compile). Every other field type
//!   and attribute of the derive works as in form mode, run-time selects
//!   (`#[elicit(options)]`) too: such a form is asked with
//!   `Form::elicit_via_page_with(&ask, &pages, message, FormOptions { .. })`, the page shows
//!   the options offered (the author's titles, escaped) and accepts only those, and a list
//!   that changed between rounds is another interaction, asked again. Those options stay
//!   in the memory of the instance that asked: its page must serve the form.
//! - **The page.** [`Pages::router`] serves, at `GET {base}/{id}`, accessible HTML
//!   rendered from the form (a label and a description per field; a password input per
//!   secret; number, date, select, checkbox and multi-select inputs; the constraints as
//!   HTML attributes), with no JavaScript and nothing loaded from elsewhere. `POST
//!   {base}/{id}` decodes the body strictly (bad UTF-8, a repeated or unknown field, a
//!   body over 64 KiB: refused), validates it with the same rules as form mode (the
//!   derive's and the author's `validate`), and shows every problem next to its field,
//!   keeping what the user typed except secrets.
//! - **Who may answer.** The interaction is bound to the principal the tool names; the
//!   page completes it only for the same principal, as your login (a [`PageLogin`])
//!   identifies the browser. A link forwarded to another user (the phishing case of the
//!   specification) shows a refusal and stores nothing. Each form carries a token bound
//!   to the interaction and the user (CSRF); a POST from another origin is refused.
//! - **Headers.** `Content-Security-Policy` (`default-src 'none'`, the page's one style by
//!   hash, `form-action 'self'`, `frame-ancestors 'none'`), `X-Frame-Options: DENY`,
//!   `Referrer-Policy: no-referrer`, `Cache-Control: no-store`, `X-Content-Type-Options:
//!   nosniff`.
//! - **One use, one lifetime.** A completed interaction refuses a second submit; an
//!   expired one refuses any. The URL must be `https` (loopback `http` only with
//!   [`Interactions::allow_loopback_http`](crate::url::Interactions::allow_loopback_http)).
//! - **The value.** What the user submitted is sealed (XChaCha20-Poly1305 under a key the
//!   [`StateSealer`](crate::rounds::StateSealer)'s ring derives for this use, bound to the
//!   interaction and its principal) and kept in the interaction store beside the
//!   interaction, so that another server instance sharing a `RedisStore` can take it:
//!   never in clear, never in a `requestState`, an MCP message, a log or an error. The
//!   tool takes it once the page completed the interaction (2025-11-25: while the call
//!   waits, then `notifications/elicitation/complete`; 2026-07-28: on the client's retry)
//!   and it is deleted from the store as it is taken. On 2026-07-28, where the body runs
//!   again on every retry, each run reads it again and it is deleted once the call
//!   completes (or, if the client never retries, when the interaction's lifetime ends).
//!
//! # What stays with you
//!
//! - **The login** ([`PageLogin`], such as a `fn(&Parts) -> Option<String>`): how the page
//!   knows who the browser is (your session cookie, a JWT), never a name the URL or the
//!   form carries. It must name the same
//!   principal your tool gives [`ToolCall::principal`] for the same person, usually the
//!   subject of the MCP request's token (the one place it is given: it binds the
//!   2026-07-28 state, and the page form's interaction, to that user). Without a login the page refuses everyone; a login that
//!   names everyone alike (as a demo's stand-in may) lets anyone holding the link answer.
//! - **Storing the secret.** The tool receives the typed value, once; where the key goes
//!   (encrypted in your database, a vault) and under which user is yours. Do not log it,
//!   return it in a tool result, or pass it to the model: say what was done (the last four
//!   characters). [`Secret`] redacts its `Debug` and zeroizes its copy when dropped, but a
//!   copy you make with [`expose`](Secret::expose) is yours to handle.
//! - **The key ring** (a [`StateSealer`](crate::rounds::StateSealer)), shared by every
//!   instance, and `https` in front of the page (the base URL must be `https` outside
//!   loopback development). With several instances, a shared store
//!   ([`RedisStore`](crate::url::RedisStore)), and [`Pages::register`] on an instance that
//!   serves the page but never asks.
//! - **A tool that cannot go on without the value** asks with
//!   [`PageRequest::require`]: on 2025-11-25 the call ends with `-32042` carrying the page
//!   until it is done, and the client's retry takes the value; the tool keeps the value
//!   (so the next call need not ask) itself.
//! - **The words.** The page's heading, buttons and refusals are the catalog's `page-*`
//!   messages ([`locale`](crate::locale)), in the browser's language (`Accept-Language`)
//!   when the catalog has it, else [`Pages::locale`]'s, else the catalog's default; reword
//!   them or add a language with [`Catalog::builder`](crate::locale::Catalog::builder).
//!   Each field's label and help come from the form (`title`, doc comments, and their
//!   translations: `title(ko = "..")`).
//! - **MCP over HTTP**: serve it behind an `Origin` check (see [URL mode](crate::url)).
//!
//! [`ToolCall::principal`]: crate::rmcp::ToolCall::principal

mod secret;

#[cfg(feature = "page")]
mod body;
#[cfg(feature = "page")]
mod html;
#[cfg(feature = "page")]
mod pages;
#[cfg(feature = "page")]
mod router;
#[cfg(feature = "page")]
mod texts;

use serde_json::{Map, Value};

pub use self::secret::Secret;
#[cfg(feature = "page")]
pub use self::pages::{PageRequest, Pages};
#[cfg(feature = "page")]
pub use self::router::PageLogin;
/// What a [`PageLogin`] reads of a request (its method, URI and headers): axum's `Parts`,
/// re-exported so that a login needs no dependency of its own.
#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
#[doc(no_inline)]
pub use axum::http::request::Parts;
/// The HTTP app [`Pages::router`] gives: axum's `Router`, to nest in your own.
#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
#[doc(no_inline)]
pub use axum::Router;
#[cfg(all(feature = "page", feature = "testing"))]
pub(crate) use self::{body::CSRF_FIELD, pages::{page_form_named, zeroize_content}};

use crate::form::{FormOptions, FormSchema, InvalidContent};

/// A form shown only on the server's own page: `#[derive(Elicit)]` with `#[elicit(page)]`.
///
/// It may hold [`Secret`] fields, and it is never sent in form mode: it has no
/// `requestedSchema`, and `ApiKey::elicit(..)` does not compile. Ask for it with
/// [`elicit_via_page`](Self::elicit_via_page) (feature `page`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a page form",
    label = "not `#[elicit(page)]`",
    note = "derive `Elicit` with `#[elicit(page)]` on the struct to ask for it on the server's own page (URL mode)"
)]
pub trait PageForm: Sized + 'static {
    /// The form's fields, as the derive described them.
    const SCHEMA: &'static FormSchema;

    /// The heading of its page where the page speaks the catalog's default language (the
    /// author's): `#[elicit(title = "...")]` on the struct, else the first paragraph of its
    /// doc comment (without rustdoc's markup, as every doc comment the derive reads). In
    /// another language, the author's translation ([`TITLES`](Self::TITLES)); without
    /// either, the page's own heading (the catalog's `page-title`).
    const TITLE: Option<&'static str> = None;

    /// The heading in other languages: `#[elicit(title(ko = "...", fr = "..."))]` on the
    /// struct, as pairs of a language tag and the text.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, page::{PageForm, Secret}};
    ///
    /// /// Connect your API key.
    /// ///
    /// /// For rustdoc only: a later paragraph is never shown.
    /// #[derive(Elicit)]
    /// #[elicit(page, title(ko = "API 키 연결", fr = "Connectez votre clé d’API"))]
    /// struct ApiKey {
    ///     key: Secret,
    /// }
    ///
    /// assert_eq!(ApiKey::TITLE, Some("Connect your API key."));
    /// assert_eq!(ApiKey::TITLES, &[("ko", "API 키 연결"), ("fr", "Connectez votre clé d’API")]);
    /// ```
    const TITLES: crate::form::Translations = &[];

    /// Decodes and validates what the page received (as content JSON): every problem,
    /// by field, or the value.
    fn from_content(content: &Map<String, Value>) -> Result<Self, InvalidContent>;

    /// Decodes and validates content against the options offered for the form's run-time
    /// selects (`#[elicit(options)]`); a form without any ignores them.
    #[doc(hidden)]
    fn __from_content_with(content: &Map<String, Value>, given: Option<&dyn FormOptions>) -> Result<Self, InvalidContent> {
        let _ = given;
        Self::from_content(content)
    }

    /// Asks the user behind `peer` to fill in this form on the server's page: a URL-mode
    /// request for the authenticated user of the MCP request, who alone may answer on the
    /// page: the principal of the call (`ToolCall::principal`, where `peer` is its
    /// `Ask`), or the one given with [`PageRequest::principal`] (for another transport).
    /// Await it (or set the wait first: [`PageRequest::wait`]).
    ///
    /// The message is a text, or [`Words`](crate::locale::Words) with its translations
    /// or from the author's catalog, written in the call's language, as
    /// [`Elicit::elicit`](crate::Elicit::elicit)'s.
    #[cfg(feature = "page")]
    #[cfg_attr(docsrs, doc(cfg(feature = "page")))]
    fn elicit_via_page<'a, P: crate::exchange::ElicitPeer + ?Sized>(
        peer: &'a P,
        pages: &'a Pages,
        message: impl Into<crate::locale::Words>,
    ) -> PageRequest<'a, Self, P> {
        PageRequest::new(peer, pages, message.into())
    }

    /// Without the `page` feature: refused, with an error that names the feature.
    #[cfg(not(feature = "page"))]
    #[doc(hidden)]
    fn elicit_via_page<P: ?Sized, G: ?Sized, M>(peer: &P, pages: &G, message: M) -> std::convert::Infallible
    where
        Self: PageFeature,
    {
        let _ = (peer, pages, message);
        Self::never()
    }
}

/// Never implemented: what a page form's `elicit_via_page` asks without the `page` feature.
#[diagnostic::on_unimplemented(
    message = "`{Self}::elicit_via_page` needs the `page` feature of elicit-runtime",
    label = "needs the `page` feature",
    note = "enable the `page` feature of elicit-runtime: `elicit-runtime = {{ .., features = [\"page\"] }}` in your Cargo.toml (it serves the page and brings the value back to the tool)"
)]
pub trait PageFeature: sealed::Never {
    /// Never called.
    fn never() -> std::convert::Infallible;
}

/// Never implemented: the bound of the `elicit` a page form has only to be refused.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{F}` is a `#[elicit(page)]` form: it is never sent in form mode",
    label = "a page form is asked on the server's own page",
    note = "ask for it with `{F}::elicit_via_page(&ask, &pages, message)` (feature `page`): the user fills it in on the page `Pages` serves, and the value reaches the tool without crossing the MCP client"
)]
pub trait SentInFormMode<F>: sealed::Never {}

/// What asks a page form with the options of its run-time selects: the server's
/// [`Pages`] (feature `page`). The bound of the `elicit_via_page_with` that
/// `#[derive(Elicit)]` writes on a page form with `#[elicit(options)]` fields.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot show a page form",
    label = "not the server's `Pages`, or the `page` feature is off",
    note = "pass the server's `elicit_runtime::page::Pages` (feature `page` of elicit-runtime)"
)]
pub trait AsksOnPage<'a, T, P: ?Sized> {
    /// The request, awaited as `elicit_via_page`'s.
    type Request;
    /// The request of `T` on this page, with these options.
    fn __ask_with(&'a self, peer: &'a P, message: crate::locale::Words, options: std::sync::Arc<dyn FormOptions>) -> Self::Request;
}

/// Never implemented: the bound of the `elicit_via_page` a page form with run-time
/// selects has only to be refused, naming the call that gives the options.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{F}` has run-time selects (`#[elicit(options)]`): it is asked on the page with their options",
    label = "the options of its run-time selects are missing",
    note = "ask it with `{F}::elicit_via_page_with(&ask, &pages, message, options)`, where `options` is the struct `#[derive(Elicit)]` wrote beside `{F}` (its name ends in `Options`), one `Options` per run-time select"
)]
pub trait AskedOnPageWithOptions<F>: sealed::Never {}

mod sealed {
    /// Implemented by nothing.
    pub trait Never {}
}
