//! [`Pages`]: the page forms a server asks for, and [`PageRequest`]: one question asked
//! on a page, from the tool to the typed value and back.

use std::any::type_name;
use std::collections::HashMap;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, SystemTime};

use serde_json::{Map, Value};
use zeroize::Zeroize as _;

use super::PageForm;
use super::texts::PageTexts;
use crate::locale::{Locale, Words};
use crate::exchange::error::Repr;
use crate::url::UrlError;
use crate::exchange::{ElicitError, ElicitPeer, Elicitation};
use crate::form::{FormOptions, FormSchema, InvalidContent};
use crate::rounds::StateSealer;
use crate::url::{CompleteError, InteractionId, Interactions, StoreError, checked_link, is_loopback};

/// The server's page forms: where their page is, the interactions it completes, the key
/// ring that seals what it receives, and its default language. Clone it freely (it is shared); give
/// the same one to the tools ([`PageForm::elicit_via_page`]) and to the HTTP app
/// ([`router`](Self::router)).
///
/// ```
/// use elicit_runtime::page::Pages;
/// use elicit_runtime::rounds::StateSealer;
/// use elicit_runtime::url::Interactions;
///
/// let sealer = StateSealer::new(b"a key of at least thirty-two bytes!".to_vec())?;
/// let pages = Pages::new(Interactions::default(), sealer, "https://app.example/elicit")?;
/// assert_eq!(pages.base(), "https://app.example/elicit");
/// // Outside loopback development, the page must be https.
/// assert!(Pages::new(Interactions::default(), StateSealer::new([7u8; 32].to_vec())?, "http://app.example/elicit").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Pages {
    inner: Arc<Inner>,
}

struct Inner {
    interactions: Interactions,
    sealer: StateSealer,
    /// The page's base URL, without a trailing `/`.
    base: String,
    /// The origin of `base` (`https://app.example`), which a form's POST must come from.
    origin: String,
    /// `base` is on a loopback host: its `Host` header is checked (DNS rebinding).
    host: Option<String>,
    /// The page's language when the browser's is not in the catalog.
    locale: Option<Locale>,
    forms: RwLock<HashMap<&'static str, Form>>,
    /// The options offered for the run-time selects of each pending page form asked here,
    /// by interaction, until it completes or expires.
    offered: Mutex<HashMap<InteractionId, Offered>>,
    /// The page's words, read from the catalog once per language.
    texts: RwLock<HashMap<Locale, Arc<PageTexts>>>,
}

/// A page form, type-erased for the router: what it asks and how it is checked.
#[derive(Clone, Copy)]
pub(crate) struct Form {
    pub(crate) schema: &'static FormSchema,
    pub(crate) title: Option<&'static str>,
    pub(crate) titles: crate::form::Translations,
    /// Checks content against the form and the options offered for its run-time selects.
    pub(crate) check: Check,
    /// Whether it has run-time selects: it is shown only with the options offered.
    pub(crate) runtime: bool,
}

impl Form {
    /// The page's heading in `locale`: the author's translation, else the author's own
    /// (`title`, or the doc comment), which is in the catalog's default language; `None`
    /// for the page's own heading.
    pub(crate) fn heading(&self, locale: crate::locale::Locale) -> Option<&'static str> {
        crate::form::translated(self.titles, locale).or(self.title.filter(|_| locale == crate::locale::Locale::default()))
    }
}

/// How a page form checks content: against the form and the options offered.
pub(crate) type Check = fn(&Map<String, Value>, Option<&dyn FormOptions>) -> Result<(), InvalidContent>;

fn check<T: PageForm>(content: &Map<String, Value>, given: Option<&dyn FormOptions>) -> Result<(), InvalidContent> {
    T::__from_content_with(content, given).map(drop)
}

/// The options offered for one interaction's run-time selects.
struct Offered {
    options: Arc<dyn FormOptions>,
    until: SystemTime,
}

impl std::fmt::Debug for Pages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pages").field("base", &self.inner.base).field("interactions", &self.inner.interactions).finish_non_exhaustive()
    }
}

/// The interaction purpose of a page form: `page ` and the form's type, then `#` and the
/// tool's own purpose, if it gave one.
const PURPOSE_PREFIX: &str = "page ";

impl Pages {
    /// Pages at `base` (the URL where [`router`](Self::router) is mounted, such as
    /// `https://app.example/elicit`), completing `interactions`, sealing what they
    /// receive with `sealer`'s key ring (share both with every instance).
    ///
    /// Refused ([`UrlError`]) when `base` is not an absolute `https` URL without user
    /// information (loopback `http` only when `interactions` allow it), or has a query or
    /// fragment.
    pub fn new(interactions: Interactions, sealer: StateSealer, base: &str) -> Result<Self, UrlError> {
        let checked = checked_link(base, interactions.allows_loopback_http())?;
        let parsed = url::Url::parse(&checked).map_err(|e| UrlError::Invalid { url: base.to_owned(), reason: e.to_string() })?;
        if parsed.query().is_some() || parsed.fragment().is_some() {
            return Err(UrlError::Invalid { url: base.to_owned(), reason: "the pages' base URL has no query or fragment".to_owned() });
        }
        let origin = parsed.origin().ascii_serialization();
        let host = parsed.host().filter(is_loopback).and_then(|_| origin.split_once("://").map(|(_, host)| host.to_owned()));
        Ok(Self {
            inner: Arc::new(Inner {
                interactions,
                sealer,
                base: checked.trim_end_matches('/').to_owned(),
                origin,
                host,
                locale: None,
                forms: RwLock::default(),
                offered: Mutex::default(),
                texts: RwLock::default(),
            }),
        })
    }

    /// The page's language when the browser asks for none the catalog has (its
    /// `Accept-Language`): by default the catalog's default language. Every text of the
    /// page is a `page-*` message of the [catalog](crate::locale::Catalog), where you reword
    /// them or add a language.
    pub fn locale(mut self, locale: Locale) -> Self {
        match Arc::get_mut(&mut self.inner) {
            Some(inner) => inner.locale = Some(locale),
            None => {
                let forms = self.forms().clone();
                let offered: HashMap<InteractionId, Offered> = self
                    .inner
                    .offered
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .iter()
                    .map(|(id, o)| (id.clone(), Offered { options: o.options.clone(), until: o.until }))
                    .collect();
                let inner = &self.inner;
                self.inner = Arc::new(Inner {
                    interactions: inner.interactions.clone(),
                    sealer: inner.sealer.clone(),
                    base: inner.base.clone(),
                    origin: inner.origin.clone(),
                    host: inner.host.clone(),
                    locale: Some(locale),
                    forms: RwLock::new(forms),
                    offered: Mutex::new(offered),
                    texts: RwLock::default(),
                });
            }
        }
        self
    }

    /// Makes the page able to show `T`. A tool's [`elicit_via_page`](PageForm::elicit_via_page)
    /// registers its form itself; an instance that only serves the page (several instances
    /// behind one store) registers the forms other instances ask for.
    pub fn register<T: PageForm>(&self) -> &Self {
        let mut forms = self.inner.forms.write().unwrap_or_else(|e| e.into_inner());
        let runtime = T::SCHEMA.fields().iter().any(|f| f.is_runtime_select());
        forms.entry(type_name::<T>()).or_insert(Form { schema: T::SCHEMA, title: T::TITLE, titles: T::TITLES, check: check::<T>, runtime });
        self
    }

    /// Keeps the options offered for interaction `id`'s run-time selects until it
    /// completes or `until`; what has expired is dropped.
    fn offer(&self, id: &InteractionId, options: Arc<dyn FormOptions>, until: SystemTime) {
        let now = SystemTime::now();
        let mut offered = self.inner.offered.lock().unwrap_or_else(|e| e.into_inner());
        offered.retain(|_, o| o.until > now);
        offered.insert(id.clone(), Offered { options, until });
    }

    /// The options offered for interaction `id`'s run-time selects, if it was asked on
    /// this instance and has not completed or expired.
    pub(crate) fn offered(&self, id: &InteractionId) -> Option<Arc<dyn FormOptions>> {
        let offered = self.inner.offered.lock().unwrap_or_else(|e| e.into_inner());
        offered.get(id).filter(|o| o.until > SystemTime::now()).map(|o| o.options.clone())
    }

    /// The page of one interaction: `{base}/{id}`. The id names the interaction; it does
    /// not say who the user is (the page's login does).
    pub fn url(&self, id: &InteractionId) -> String {
        format!("{}/{id}", self.inner.base)
    }

    /// The base URL.
    pub fn base(&self) -> &str {
        &self.inner.base
    }

    /// The interactions the page completes.
    pub fn interactions(&self) -> &Interactions {
        &self.inner.interactions
    }

    /// The page's words for a browser that prefers `accept_language` (its header).
    pub(crate) fn texts(&self, accept_language: Option<&str>) -> Arc<PageTexts> {
        let locale = accept_language.and_then(Locale::from_accept_language).or(self.inner.locale).unwrap_or_default();
        if let Some(texts) = self.inner.texts.read().unwrap_or_else(|e| e.into_inner()).get(&locale) {
            return texts.clone();
        }
        // The catalog cannot change once installed: at most one entry per language it has.
        let mut texts = self.inner.texts.write().unwrap_or_else(|e| e.into_inner());
        texts.entry(locale).or_insert_with(|| Arc::new(PageTexts::new(locale))).clone()
    }

    pub(crate) fn origin(&self) -> &str {
        &self.inner.origin
    }

    /// On a loopback base, the `Host` the page answers to.
    pub(crate) fn loopback_host(&self) -> Option<&str> {
        self.inner.host.as_deref()
    }

    fn forms(&self) -> std::sync::RwLockReadGuard<'_, HashMap<&'static str, Form>> {
        self.inner.forms.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The form an interaction's purpose names, if it is a registered page form.
    pub(crate) fn form_of(&self, purpose: &str) -> Option<Form> {
        self.forms().get(page_form_named(purpose)?).copied()
    }

    /// What a sealed value is bound to: its interaction and principal, length-prefixed.
    fn binding(id: &InteractionId, principal: &str) -> Vec<u8> {
        let mut aad = Vec::with_capacity(16 + id.as_str().len() + principal.len());
        aad.extend_from_slice(b"elicit/page ");
        aad.extend_from_slice(id.as_str().as_bytes());
        aad.extend_from_slice(&(principal.len() as u64).to_be_bytes());
        aad.extend_from_slice(principal.as_bytes());
        aad
    }

    /// Keeps what the page received from `principal` for `id`, content the form accepted:
    /// sealed, then stored as the interaction completes (refused as
    /// [`Interactions::complete`] is, keeping nothing). The content is overwritten before
    /// it is dropped. What the page's `POST` does once the body is read and checked, and
    /// what the scripted client's `Reply::fill_page` does (feature `testing`).
    pub(crate) async fn keep(&self, id: &InteractionId, principal: &str, content: &mut Map<String, Value>) -> Result<crate::url::Interaction, CompleteError> {
        let sealed = self.seal(id, principal, content);
        zeroize_content(content);
        let sealed = sealed.map_err(|_| CompleteError::Store(StoreError::Unavailable("the page's answer could not be sealed".to_owned())))?;
        let kept = self.interactions().store().complete_with(id, principal, sealed).await;
        if kept.is_ok() {
            // The page shows the form no more: the tool decodes with its own options.
            self.inner.offered.lock().unwrap_or_else(|e| e.into_inner()).remove(id);
        }
        kept
    }

    /// Seals validated content for the store.
    pub(crate) fn seal(&self, id: &InteractionId, principal: &str, content: &Map<String, Value>) -> Result<Vec<u8>, String> {
        let mut plain = serde_json::to_vec(content).map_err(|e| e.to_string())?;
        let sealed = crate::rounds::keys::seal(self.inner.sealer.ring(), crate::rounds::keys::Purpose::PageValues, &Self::binding(id, principal), &plain).map_err(|e| e.to_string());
        plain.zeroize();
        sealed
    }

    /// Opens what [`seal`](Self::seal) sealed for this interaction and principal.
    fn open(&self, id: &InteractionId, principal: &str, sealed: &[u8]) -> Result<Map<String, Value>, ElicitError> {
        let mut plain = crate::rounds::keys::open(self.inner.sealer.ring(), crate::rounds::keys::Purpose::PageValues, &Self::binding(id, principal), sealed)
            .map_err(|_| ElicitError::from(Repr::PageValue("it does not open with this server's key ring for this user")))?;
        let content = serde_json::from_slice(&plain).map_err(|_| Repr::PageValue("it is not the content of a form").into());
        plain.zeroize();
        content
    }

    /// The CSRF token of an interaction for a principal.
    pub(crate) fn csrf_token(&self, id: &InteractionId, principal: &str) -> String {
        crate::rounds::keys::csrf_token(self.inner.sealer.ring(), &Self::binding(id, principal))
    }

    /// Whether `token` is the CSRF token of this interaction and principal.
    pub(crate) fn csrf_valid(&self, id: &InteractionId, principal: &str, token: &str) -> bool {
        crate::rounds::keys::csrf_valid(self.inner.sealer.ring(), &Self::binding(id, principal), token)
    }
}

/// The type name of the page form an interaction's purpose names (`page ` and the type,
/// then `#` and the tool's own purpose, if any); `None` for any other interaction.
pub(crate) fn page_form_named(purpose: &str) -> Option<&str> {
    let form = purpose.strip_prefix(PURPOSE_PREFIX)?;
    let form = form.split_once('#').map_or(form, |(form, _)| form);
    Some(form.split_once(OFFERED).map_or(form, |(form, _)| form))
}

/// What separates a page form's type from the digest of the options offered, in its
/// interaction's purpose (no type name holds it).
const OFFERED: char = '@';

/// The digest of the options offered for a form's run-time selects: 128 bits of SHA-256
/// over every list (in the form's order), in hex.
fn digest(form: &FormSchema, given: &dyn FormOptions) -> String {
    use sha2::{Digest as _, Sha256};
    let mut bytes = Vec::new();
    for field in form.fields().iter().filter(|f| f.is_runtime_select()) {
        bytes.extend_from_slice(&(field.name().len() as u64).to_be_bytes());
        bytes.extend_from_slice(field.name().as_bytes());
        if let Some(list) = given.list(field.name()) {
            list.fingerprint(&mut bytes);
        }
    }
    Sha256::digest(&bytes)[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// Overwrites the strings of content before it is dropped: what a user typed does not
/// linger in freed memory longer than it must.
pub(crate) fn zeroize_content(content: &mut Map<String, Value>) {
    for (_, value) in content.iter_mut() {
        zeroize_value(value);
    }
}

fn zeroize_value(value: &mut Value) {
    match value {
        Value::String(text) => text.zeroize(),
        Value::Array(items) => items.iter_mut().for_each(zeroize_value),
        Value::Object(map) => zeroize_content(map),
        _ => {}
    }
}

/// Why a completed page form's interaction has no value to read. The last case is what a
/// test that answers a page form with the plain URL-mode reply meets.
const NO_VALUE: &str = "the store holds no value for its interaction: another call took it, it expired, or something other than the page completed the interaction with no value (only the page, `Pages::router`, keeps what the user submitted; `Interactions::complete` keeps nothing; in a test, answer a page form with `Reply::fill_page(user, content)`, not `Reply::open_page`)";

/// One page form asked for: built by [`PageForm::elicit_via_page`], sent by `.await`.
#[must_use = "a page request does nothing until it is awaited"]
pub struct PageRequest<'a, T, P: ?Sized> {
    peer: &'a P,
    pages: &'a Pages,
    /// Given with [`principal`](Self::principal); else the call's.
    principal: Option<&'a str>,
    message: Words,
    wait: Duration,
    progress_every: Option<Duration>,
    purpose: Option<String>,
    /// The options of the form's run-time selects, given with `elicit_via_page_with`.
    given: Option<Arc<dyn FormOptions>>,
    form: PhantomData<fn() -> T>,
}

impl<T, P: ?Sized> std::fmt::Debug for PageRequest<'_, T, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PageRequest").field("form", &type_name::<T>()).field("wait", &self.wait).finish_non_exhaustive()
    }
}

impl<'a, T: PageForm, P: ElicitPeer + ?Sized> PageRequest<'a, T, P> {
    /// How long a call waits for the page on 2025-11-25 unless [`wait`](Self::wait) says
    /// otherwise.
    pub const DEFAULT_WAIT: Duration = Duration::from_secs(5 * 60);

    pub(crate) fn new(peer: &'a P, pages: &'a Pages, message: Words) -> Self {
        Self {
            peer,
            pages,
            principal: None,
            message,
            wait: Self::DEFAULT_WAIT,
            progress_every: Some(crate::exchange::DEFAULT_PROGRESS_EVERY),
            purpose: None,
            given: None,
            form: PhantomData,
        }
    }

    /// With the options of the form's run-time selects.
    pub(crate) fn with_options(mut self, options: Arc<dyn FormOptions>) -> Self {
        self.given = Some(options);
        self
    }

    /// The checks of the options given (before anything is stored or sent), and, for a
    /// form with run-time selects, the request's interaction made to show them.
    fn checked_options(&self) -> Result<(), ElicitError> {
        crate::form::check_given(T::SCHEMA, self.given.as_deref()).map_err(|(field, error)| ElicitError::options(field, error))
    }

    /// Makes the page show the options offered for the interaction of `request`.
    fn offer(&self, request: &crate::url::UrlRequest<'_>) {
        if let Some(given) = &self.given {
            self.pages.offer(request.id(), given.clone(), request.expires_at());
        }
    }

    /// How long the call waits for the user to submit the page on 2025-11-25 (default 5
    /// minutes; never longer than the interaction lives). Past it the call ends with
    /// [`Continuation::StillPending`](crate::exchange::Continuation::StillPending) (error
    /// `-32042`): the client retries once the page is done, and the retry takes the
    /// value. On 2026-07-28 nothing waits inside a round.
    pub fn wait(mut self, wait: Duration) -> Self {
        self.wait = wait;
        self
    }

    /// While the call waits for the page (2025-11-25), tell the client every `every` that
    /// it is still waiting (`notifications/progress`, for a call that carried a
    /// `progressToken`): clients give up on a request after a timeout of their own (60 s
    /// in the TypeScript SDK) unless progress arrives. `None` sends none. The default is
    /// every 15 seconds.
    pub fn progress_every(mut self, every: Option<Duration>) -> Self {
        self.progress_every = every;
        self
    }

    /// The user who alone may answer on the page, for a transport that knows of none
    /// (inside [`ToolCall::run`](crate::rmcp::ToolCall::run) the call's principal is
    /// used, given once with [`ToolCall::principal`](crate::rmcp::ToolCall::principal)).
    /// With neither, the request is refused before anything is sent
    /// ([`UrlError::NoPrincipal`]).
    pub fn principal(mut self, principal: &'a str) -> Self {
        self.principal = Some(principal);
        self
    }

    /// The user the interaction is bound to: given here, else the call's.
    fn user(&self) -> &'a str {
        let peer: &'a P = self.peer;
        self.principal.or_else(|| peer.operation().and_then(|operation| operation.principal())).unwrap_or_default()
    }

    /// Tells apart two questions with the same form for the same user (one interaction
    /// per principal, form and purpose at a time).
    pub fn purpose(mut self, purpose: impl Into<String>) -> Self {
        self.purpose = Some(purpose.into());
        self
    }

    /// Sends the request and awaits the typed value; what `.await` does.
    ///
    /// `Accept(value)` once the user submitted a valid form on the page; `Decline` or
    /// `Cancel` when they refused to open it (the link stops working). Errors: those of
    /// [`Interactions::url_request`] (URL mode unavailable, the client did not declare
    /// it, an empty principal, a URL or message that breaks a rule), and
    /// [`ErrorKind::Expired`](crate::exchange::ErrorKind::Expired) or [`ErrorKind::Malformed`](crate::exchange::ErrorKind::Malformed) when the page's value
    /// is gone or cannot be read.
    pub async fn send(self) -> Result<Elicitation<T>, ElicitError> {
        let wait = self.wait;
        let (peer, pages, principal) = (self.peer, self.pages, self.user());
        self.checked_options()?;
        let purpose = self.registered();
        let request = pages.interactions().url_request(peer, principal, &purpose, &self.message, |id| pages.url(id)).await?.progress_every(self.progress_every);
        self.offer(&request);
        match request.ask(peer).await? {
            Elicitation::Accept(()) => {}
            Elicitation::Decline => return Ok(Elicitation::Decline),
            Elicitation::Cancel => return Ok(Elicitation::Cancel),
        }
        request.completion(peer, wait).await?;
        self.take(request.id()).await.map(Elicitation::Accept)
    }

    /// For a tool that cannot do anything before the value is there: nothing waits in
    /// the call. Once the page is done, `Accept(value)`. Until then, on 2025-11-25
    /// nothing is sent and the call ends with
    /// [`Continuation::UrlRequired`](crate::exchange::Continuation::UrlRequired) (error
    /// `-32042` carrying the page's URL-mode request; the drafts' `-32604` or `-32003`):
    /// the client opens the page and calls the tool again, and that call takes the value.
    /// On 2026-07-28 (and through the model) the user is asked in a round, as
    /// [`send`](Self::send) does; `Decline` and `Cancel` are their answers there.
    ///
    /// The [`wait`](Self::wait) and [`progress_every`](Self::progress_every) play no part.
    /// Errors: as [`send`](Self::send).
    ///
    /// ```
    /// # use elicit_runtime::page::{PageForm, Pages, Secret};
    /// # use elicit_runtime::{Elicit, ElicitError, ElicitPeer, Elicitation};
    /// #[derive(Elicit)]
    /// #[elicit(page)]
    /// struct ApiKey {
    ///     #[elicit(min_length = 8)]
    ///     key: Secret,
    /// }
    ///
    /// // In the tool, inside `ToolCall::run`: `?` passes -32042 (or a round) on.
    /// async fn upstream(ask: &impl ElicitPeer, pages: &Pages) -> Result<String, ElicitError> {
    ///     Ok(match ApiKey::elicit_via_page(ask, pages, "Connect your API key").require().await? {
    ///         Elicitation::Accept(k) => format!("connected a key of {} characters", k.key.expose().len()),
    ///         Elicitation::Decline | Elicitation::Cancel => "not connected".to_owned(),
    ///     })
    /// }
    /// ```
    pub async fn require(self) -> Result<Elicitation<T>, ElicitError> {
        let (peer, pages, principal) = (self.peer, self.pages, self.user());
        self.checked_options()?;
        let purpose = self.registered();
        let request = pages.interactions().url_request(peer, principal, &purpose, &self.message, |id| pages.url(id)).await?;
        self.offer(&request);
        match request.require(peer).await? {
            Elicitation::Accept(()) => self.take(request.id()).await.map(Elicitation::Accept),
            Elicitation::Decline => Ok(Elicitation::Decline),
            Elicitation::Cancel => Ok(Elicitation::Cancel),
        }
    }

    /// Registers the form with the page; the interaction's purpose. With run-time
    /// selects, the purpose names the options offered (`@` and a digest of them): asked
    /// again with other options (a list that changed between two rounds, or before a
    /// retry), the form is another interaction, asked again, and an answer given on the
    /// page for the old list is never read against the new one.
    fn registered(&self) -> String {
        self.pages.register::<T>();
        let form = match &self.given {
            Some(given) => format!("{}{OFFERED}{}", type_name::<T>(), digest(T::SCHEMA, given.as_ref())),
            None => type_name::<T>().to_owned(),
        };
        match &self.purpose {
            Some(own) => format!("{PURPOSE_PREFIX}{form}#{own}"),
            None => format!("{PURPOSE_PREFIX}{form}"),
        }
    }

    /// The value the page kept for the completed interaction `id`, opened and typed.
    async fn take(&self, id: &InteractionId) -> Result<T, ElicitError> {
        // A replayed body (2026-07-28) may run again after this round: it reads the value
        // again there, so only a call that does not replay takes it.
        let operation = self.peer.operation();
        let take = !operation.is_some_and(|operation| operation.replays());
        let sealed = self.pages.interactions().store().value(id, take).await.map_err(ElicitError::from)?.ok_or_else(|| ElicitError::from(Repr::PageValue(NO_VALUE)))?;
        if let Some(operation) = operation.filter(|_| !take) {
            // Deleted once the call has completed (its last replay).
            let (interactions, id) = (self.pages.interactions().clone(), id.clone());
            operation.after_completion(Box::pin(async move {
                if let Err(err) = interactions.store().value(&id, true).await {
                    tracing::warn!(target: "elicit_runtime::page", %err, "a page's value could not be deleted; it expires with its interaction");
                }
            }));
        }
        let mut content = self.pages.open(id, self.user(), &sealed)?;
        let value = T::__from_content_with(&content, self.given.as_deref()).map_err(|_| ElicitError::from(Repr::PageValue("it no longer passes the form's checks (did the form change?)")));
        zeroize_content(&mut content);
        value
    }
}

impl<'a, T: PageForm, P: ElicitPeer + ?Sized> IntoFuture for PageRequest<'a, T, P> {
    type Output = Result<Elicitation<T>, ElicitError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

/// `elicit_via_page_with`, which `#[derive(Elicit)]` writes on a page form with run-time
/// selects: the page request, with their options.
impl<'a, T: PageForm, P: ElicitPeer + ?Sized + 'a> super::AsksOnPage<'a, T, P> for Pages {
    type Request = PageRequest<'a, T, P>;

    fn __ask_with(&'a self, peer: &'a P, message: Words, options: Arc<dyn FormOptions>) -> Self::Request {
        PageRequest::new(peer, self, message).with_options(options)
    }
}
