//! The [`Elicit`] trait, the request being configured ([`FormRequest`]), and one
//! question and its answer from the tool to the wire and back: the checks before sending,
//! the send, and the re-ask loop. Reading the result is `read.rs`, the re-ask's texts
//! `reask.rs`, the params `params.rs`.

use std::any::{TypeId, type_name};
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::time::{Duration, Instant};

use serde_json::{Map, Value};
use tracing::Instrument as _;

use super::elicitation::Elicitation;
use super::error::{ElicitError, ErrorKind, Repr};
use super::reask::{contains_url, keep_valid_answers, reask_text, with_defaults};
use super::transport::{Answer, ElicitPeer, Outgoing, Provenance, Question, params_of};
use crate::form::{self, ClientProfile, FormOptions, InvalidContent, RequestedSchema, SchemaError, SchemaOptions, Violation};
use crate::locale::{Locale, Words};
use crate::observe::{self, Mode, Pending};
use crate::revision::ProtocolRevision;

/// A form: a struct whose fields become the flat `requestedSchema` of an elicitation.
///
/// Implement it with `#[derive(Elicit)]`; the schema is built at compile time, each
/// revision's JSON is rendered once, and accepted content is validated and decoded in one
/// pass.
///
/// ```
/// use elicit_runtime::Elicit;
/// use serde_json::json;
///
/// #[derive(Elicit, Debug, PartialEq)]
/// struct Booking {
///     #[elicit(minimum = 1, maximum = 12, default = 2)]
///     guests: u8,
///     #[elicit(format = "date")]
///     date: String,
/// }
///
/// let booking = Booking::from_content(json!({"date": "2026-12-24"}).as_object().unwrap())?;
/// assert_eq!(booking, Booking { guests: 2, date: "2026-12-24".into() });
/// assert_eq!(booking.to_content(), *json!({"guests": 2, "date": "2026-12-24"}).as_object().unwrap());
/// # Ok::<(), elicit_runtime::InvalidContent>(())
/// ```
///
/// # Every way to ask, and the methods the derive writes
///
/// Every way to ask takes the message as a text (`&str`, `String`) or
/// [`Words`] (translations, or a message of the author's catalog), written in the
/// question's language when it is sent:
///
/// | the form | asked with |
/// |---|---|
/// | a form | [`Form::elicit(&peer, message)`](Self::elicit) |
/// | a form with run-time selects (`#[elicit(options)]`) | `Form::elicit_with(&peer, message, FormOptions { .. })`, written by the derive beside `FormOptions`; `Form::from_content_with(&content, &options)` decodes against them |
/// | a choice (an enum with data) | [`Choice::elicit(&peer, message)`](crate::ElicitChoice::elicit) |
/// | a page form (`#[elicit(page)]`) | `Form::elicit_via_page(&ask, &pages, message)` ([`PageForm`](crate::page::PageForm), feature `page`), or `Form::elicit_via_page_with(&ask, &pages, message, FormOptions { .. })` with run-time selects |
/// | a URL-mode page of your own | [`Interactions::url_request(&ask, principal, purpose, message, url)`](crate::url::Interactions::url_request) |
///
/// `elicit_with` and `elicit_via_page_with` are inherent methods of the form (the
/// derive writes them only where there are run-time selects, so rustdoc shows them on
/// your type, not here); on such a form `elicit` does not compile, with a message that
/// names `elicit_with`. "Choices that come from data" in the documentation of
/// `#[derive(Elicit)]` tells the rest.
///
/// ```
/// use elicit_runtime::form::Options;
/// use elicit_runtime::locale::Words;
/// use elicit_runtime::{Elicit, ElicitError, ElicitPeer, Elicitation};
///
/// #[derive(Elicit)]
/// struct Room {
///     #[elicit(options)]
///     room: String,
/// }
///
/// async fn ask(peer: &impl ElicitPeer, rooms: Vec<String>) -> Result<Option<String>, ElicitError> {
///     let room = Options::new(rooms.into_iter().map(|r| (r.clone(), r.clone(), r)))
///         .map_err(|error| ElicitError::options("room", error))?;
///     let message = Words::new("Which room?").with("ko", "어느 방인가요?");
///     let answer = Room::elicit_with(peer, message, RoomOptions { room }).await?;
///     Ok(answer.accepted().map(|form| form.room))
/// }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an elicitation form",
    label = "`{Self}` does not implement `Elicit`",
    note = "add `#[derive(Elicit)]` to a struct with named fields whose types are flat form fields"
)]
pub trait Elicit: Sized + 'static {
    /// The form's fields, as the derive saw them at compile time.
    const SCHEMA: &'static form::FormSchema;

    /// Validates accepted `content` against [`Self::SCHEMA`] and decodes it, reporting
    /// every violation. A property the schema does not name is a violation too
    /// ([`Problem::NotAsked`](form::Problem::NotAsked)): an answer is never read as if a
    /// key the client sent were not there.
    fn from_content(content: &Map<String, Value>) -> Result<Self, InvalidContent>;

    /// The value as the `content` a client would send for it. A run-time select
    /// (`#[elicit(options)]`) is left out: its value is in the options, not in the item.
    fn to_content(&self) -> Map<String, Value>;

    /// Whether the form has run-time selects (`#[elicit(options)]`), whose options come
    /// with each request.
    #[doc(hidden)]
    const __RUNTIME_SELECTS: bool = false;

    /// [`from_content`](Self::from_content) against the options of the run-time selects
    /// offered in the request the content answers.
    #[doc(hidden)]
    fn __from_content_with(content: &Map<String, Value>, options: Option<&dyn FormOptions>) -> Result<Self, InvalidContent> {
        let _ = options;
        Self::from_content(content)
    }

    /// The `requestedSchema` for a protocol revision, with default [`SchemaOptions`].
    /// Rendered on first use, then returned from a cache.
    fn requested_schema(revision: ProtocolRevision) -> Result<&'static RequestedSchema, SchemaError> {
        form::cached(TypeId::of::<Self>(), Self::SCHEMA, revision, &SchemaOptions::new())
    }

    /// The `requestedSchema` for a protocol revision and options. Rendered on first use,
    /// then returned from a cache.
    fn requested_schema_with(revision: ProtocolRevision, options: &SchemaOptions) -> Result<&'static RequestedSchema, SchemaError> {
        form::cached(TypeId::of::<Self>(), Self::SCHEMA, revision, options)
    }

    /// Asks the client of the current request to fill in this form; awaiting it gives
    /// the validated, typed answer. Configure the request before awaiting it:
    /// `.timeout(d)`, `.reask(n)`, `.schema_options(o)` ([`FormRequest`]).
    ///
    /// Before anything is sent, the client's declared capability (form mode), the
    /// negotiated revision (it must be able to express the form) and the message (no
    /// URLs in form mode) are checked. Decline and cancel are answers; errors are for
    /// everything else ([`ElicitError`]).
    ///
    /// With rmcp (feature `rmcp`), inside a tool: `Contact::elicit(&ask, "...")` within
    /// `ToolCall::run`, which serves every revision including 2026-07-28, or
    /// `Contact::elicit(&context, "...")` with the tool's `RequestContext` where
    /// 2025-06-18 and 2025-11-25 are enough.
    ///
    /// The message is a text, or [`Words`] with its translations or from the author's
    /// catalog, written in the question's language when it is sent
    /// ([`FormRequest::locale`] says which).
    fn elicit<'a, P: ElicitPeer + ?Sized>(peer: &'a P, message: impl Into<Words>) -> FormRequest<'a, Self, P> {
        FormRequest::new(peer, message.into())
    }
}

/// An elicitation about to be sent: built by [`Elicit::elicit`], configured with the
/// methods below, sent when awaited.
///
/// ```no_run
/// # use elicit_runtime::{Elicit, Elicitation, ElicitError, ElicitPeer};
/// # use std::time::Duration;
/// #[derive(Elicit)]
/// struct Contact {
///     name: String,
/// }
///
/// async fn ask(peer: &impl ElicitPeer) -> Result<Option<String>, ElicitError> {
///     let answer = Contact::elicit(peer, "Who should we contact?")
///         .timeout(Duration::from_secs(300))
///         .reask(2)
///         .await?;
///     Ok(answer.accepted().map(|contact| contact.name))
/// }
/// ```
#[must_use = "an elicitation is sent when it is awaited"]
pub struct FormRequest<'a, T, P: ?Sized> {
    peer: &'a P,
    message: Words,
    timeout: Option<Duration>,
    progress_every: Option<Duration>,
    reasks: u32,
    schema: SchemaOptions,
    key: Option<String>,
    user_only: bool,
    check: Option<Check<'a, T>>,
    locale: Option<Locale>,
    given: Option<Box<dyn FormOptions>>,
    form: PhantomData<fn() -> T>,
}

/// The answer of the author's async rules: `Err` with the problems by field.
type CheckFuture<'a> = Pin<Box<dyn Future<Output = Result<(), Vec<Violation>>> + Send + 'a>>;

/// The author's async rules ([`FormRequest::check`]) on a decoded answer.
type Check<'a, T> = Box<dyn Fn(&T) -> CheckFuture<'a> + Send + Sync + 'a>;

/// How often progress is reported while a person answers, unless
/// [`FormRequest::progress_every`] says otherwise.
pub const DEFAULT_PROGRESS_EVERY: Duration = Duration::from_secs(15);

impl<T, P: ?Sized> std::fmt::Debug for FormRequest<'_, T, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FormRequest")
            .field("form", &type_name::<T>())
            .field("message", &self.message)
            .field("timeout", &self.timeout)
            .field("progress_every", &self.progress_every)
            .field("reask", &self.reasks)
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl<'a, T: Elicit, P: ElicitPeer + ?Sized> FormRequest<'a, T, P> {
    pub(crate) fn new(peer: &'a P, message: Words) -> Self {
        Self {
            peer,
            message,
            timeout: None,
            progress_every: Some(DEFAULT_PROGRESS_EVERY),
            reasks: 0,
            schema: SchemaOptions::new(),
            key: None,
            user_only: false,
            check: None,
            locale: None,
            given: None,
            form: PhantomData,
        }
    }

    /// The options of the form's run-time selects (what `elicit_with` gives).
    #[doc(hidden)]
    pub fn __with_options(mut self, options: impl FormOptions) -> Self {
        self.given = Some(Box::new(options));
        self
    }

    /// Write the toolkit's texts of this question (the problems listed when it is asked
    /// again, the checkbox titles on 2025-06-18) and the form's translated titles and
    /// descriptions in `locale`'s language, whatever the client or the server prefer
    /// ([`locale`](crate::locale) says how the language is chosen otherwise), and the
    /// message, when it is [`Words`] with a text in that language.
    ///
    /// ```no_run
    /// # use elicit_runtime::{Elicit, ElicitError, ElicitPeer};
    /// use elicit_runtime::locale::Locale;
    ///
    /// #[derive(Elicit)]
    /// struct Guests {
    ///     #[elicit(title = "Guests", title(ko = "인원"), minimum = 1, maximum = 12)]
    ///     guests: u8,
    /// }
    ///
    /// async fn ask(peer: &impl ElicitPeer) -> Result<Option<u8>, ElicitError> {
    ///     let answer = Guests::elicit(peer, "몇 분이 오시나요?").locale(Locale::for_tag("ko")).reask(2).await?;
    ///     Ok(answer.accepted().map(|g| g.guests))
    /// }
    /// ```
    pub fn locale(mut self, locale: Locale) -> Self {
        self.locale = Some(locale);
        self
    }

    /// Only the user may answer, in the client's own form: when the client cannot ask,
    /// the question is not relayed through the model (a destructive confirmation, say),
    /// and the result is the error the client's missing capability gives. Fail closed.
    pub fn user_only(mut self) -> Self {
        self.user_only = true;
        self
    }

    /// Awaits the answer together with who gave it ([`Provenance`]).
    ///
    /// ```no_run
    /// # use elicit_runtime::{Elicit, Elicitation, ElicitError, ElicitPeer};
    /// use elicit_runtime::exchange::Provenance;
    /// # #[derive(Elicit)]
    /// # struct Contact { name: String }
    /// async fn ask(peer: &impl ElicitPeer) -> Result<String, ElicitError> {
    ///     let (answer, by) = Contact::elicit(peer, "Who should we contact?").with_provenance().await?;
    ///     Ok(match (answer, by) {
    ///         (Elicitation::Accept(contact), Provenance::User) => contact.name,
    ///         (Elicitation::Accept(contact), Provenance::Model) => format!("{} (as relayed by the model)", contact.name),
    ///         _ => "nobody".to_owned(),
    ///     })
    /// }
    /// ```
    pub async fn with_provenance(self) -> Result<(Elicitation<T>, Provenance), ElicitError> {
        let pace = Pace { timeout: self.timeout, progress_every: self.progress_every };
        let question = Parts {
            message: &self.message,
            pace,
            reasks: self.reasks,
            options: &self.schema,
            key: self.key,
            user_only: self.user_only,
            check: self.check.as_deref(),
            locale: self.locale,
            given: self.given.as_deref(),
        };
        elicit::<T, P>(self.peer, question).await
    }

    /// Give up after `timeout` (per request sent), telling the client with
    /// `notifications/cancelled`; the result is then [`ErrorKind::Timeout`](crate::exchange::ErrorKind::Timeout). Without
    /// it the request waits as long as the transport lets it.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// While the person answers, tell the client every `every` that the request is still
    /// waiting (`notifications/progress`, for requests that carried a `progressToken`):
    /// clients give up on a request after a timeout of their own (60 s by default in the
    /// TypeScript SDK and the Inspector) unless progress arrives for it. `None` sends
    /// none. The default is every 15 seconds.
    pub fn progress_every(mut self, every: Option<Duration>) -> Self {
        self.progress_every = every;
        self
    }

    /// When accepted content fails validation, ask again up to `times` more times, with
    /// what was wrong listed under the message and (2025-11-25 on) the fields the user
    /// got right filled in as defaults. The last failure is returned as
    /// [`ErrorKind::Invalid`](crate::exchange::ErrorKind::Invalid).
    pub fn reask(mut self, times: u32) -> Self {
        self.reasks = times;
        self
    }

    /// The input key of this question in an `InputRequiredResult` (2026-07-28), instead
    /// of the numbered `elicit-N`: clients and people see keys. Keys must be unique within
    /// the body and the same on every replay; a re-ask is `key-retry-1`, ...
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }

    /// How the schema is written ([`SchemaOptions`]).
    pub fn schema_options(mut self, schema: SchemaOptions) -> Self {
        self.schema = schema;
        self
    }

    /// The author's rules that need to wait (a database lookup: "this username is taken"),
    /// run on each accepted answer after it is decoded: the problems returned go the way of
    /// the schema's own. With [`reask`](Self::reask) the form is sent again with them under
    /// the message and the valid answers as defaults; when the re-asks run out they are
    /// [`ErrorKind::Invalid`](crate::exchange::ErrorKind::Invalid). Rules that need no wait belong on the form
    /// (`#[elicit(validate = path)]`), where every decoding applies them.
    ///
    /// **When it runs.** The rule reads the decoded value, and there is none until every
    /// field is valid: it runs once the schema's own checks (types, `min_length`,
    /// `format`, bounds, required fields...) pass, not in the same pass. An answer with a
    /// bad email *and* a comment that the rule requires is two re-asks: the email first,
    /// then the comment. Every problem the schema can state is in the first; to have a
    /// rule's problem there too, state it in the schema (a required field rather than an
    /// `Option` the rule requires, a `pattern`, bounds). The same holds for the form's
    /// `#[elicit(validate = path)]`.
    ///
    /// The future must not borrow the answer: take what it needs from it first.
    ///
    /// ```no_run
    /// # use elicit_runtime::{Elicit, Elicitation, ElicitError, ElicitPeer};
    /// use elicit_runtime::form::Violation;
    ///
    /// #[derive(Elicit)]
    /// struct Signup {
    ///     username: String,
    /// }
    ///
    /// async fn taken(name: &str) -> bool {
    ///     name == "ada"
    /// }
    ///
    /// async fn ask(peer: &impl ElicitPeer) -> Result<Option<String>, ElicitError> {
    ///     let answer = Signup::elicit(peer, "Choose a username")
    ///         .check(|signup| {
    ///             let name = signup.username.clone();
    ///             async move { if taken(&name).await { Err(vec![Violation::rule("username", "is taken")]) } else { Ok(()) } }
    ///         })
    ///         .reask(2)
    ///         .await?;
    ///     Ok(answer.accepted().map(|signup| signup.username))
    /// }
    /// ```
    pub fn check<F, Fut>(mut self, check: F) -> Self
    where
        F: Fn(&T) -> Fut + Send + Sync + 'a,
        Fut: Future<Output = Result<(), Vec<Violation>>> + Send + 'a,
    {
        self.check = Some(Box::new(move |value: &T| -> CheckFuture<'a> { Box::pin(check(value)) }));
        self
    }

    /// Sends the request and awaits the answer; what `.await` does.
    pub async fn send(self) -> Result<Elicitation<T>, ElicitError> {
        self.with_provenance().await.map(|(answer, _)| answer)
    }
}

impl<'a, T: Elicit, P: ElicitPeer + ?Sized> IntoFuture for FormRequest<'a, T, P> {
    type Output = Result<Elicitation<T>, ElicitError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

/// How long to wait for the answer, and how often to say so.
struct Pace {
    timeout: Option<Duration>,
    progress_every: Option<Duration>,
}

/// What the exchange noted for its span and metrics ([`observe`](crate::observe)): the
/// last attempt, whether the last result read was an answer held from an earlier round
/// (counted when it was given), and how long the client took.
#[derive(Debug, Default)]
pub(crate) struct Watch {
    pub(crate) attempt: u32,
    /// The label of the client profile the form was written for.
    pub(crate) client: &'static str,
    pub(crate) held: bool,
    pub(crate) waited: Option<Duration>,
}

/// What an [`FormRequest`] asks, taken apart so that each part is borrowed.
struct Parts<'q, 'c, T> {
    message: &'q Words,
    pace: Pace,
    reasks: u32,
    options: &'q SchemaOptions,
    key: Option<String>,
    user_only: bool,
    check: Option<&'q (dyn Fn(&T) -> CheckFuture<'c> + Send + Sync + 'c)>,
    /// The call's own language, if it chose one.
    locale: Option<Locale>,
    /// The options of the form's run-time selects.
    given: Option<&'q dyn FormOptions>,
}

/// The whole exchange behind [`FormRequest`], in its span: the elicitation's outcome,
/// counted once, with the time the client took.
async fn elicit<T: Elicit, P: ElicitPeer + ?Sized>(peer: &P, question: Parts<'_, '_, T>) -> Result<(Elicitation<T>, Provenance), ElicitError> {
    let form = type_name::<T>();
    let span = tracing::info_span!(
        target: "elicit_runtime::exchange",
        "elicit",
        tool = peer.operation().and_then(|operation| operation.name()),
        form,
        revision = tracing::field::Empty,
        mode = Mode::Form.as_str(),
        client = tracing::field::Empty,
        attempt = 0u32,
        outcome = tracing::field::Empty,
        provenance = tracing::field::Empty,
        time_to_answer_ms = tracing::field::Empty,
    );
    let mut watch = Watch::default();
    let result = exchange::<T, P>(peer, question, &span, &mut watch).instrument(span.clone()).await;
    let outcome = match &result {
        Ok((Elicitation::Accept(_), _)) => "accept",
        Ok((Elicitation::Decline, _)) => "decline",
        Ok((Elicitation::Cancel, _)) => "cancel",
        Err(err) => err.outcome(),
    };
    span.record("outcome", outcome).record("attempt", watch.attempt);
    if let Ok((_, provenance)) = &result {
        span.record("provenance", provenance.as_str());
    }
    if let Some(waited) = watch.waited {
        span.record("time_to_answer_ms", u64::try_from(waited.as_millis()).unwrap_or(u64::MAX));
    }
    let _entered = span.enter();
    tracing::debug!(target: "elicit_runtime::exchange", outcome, attempt = watch.attempt, "elicitation ended");
    if !watch.held {
        observe::outcome(form, Mode::Form, outcome);
        observe::client(watch.client, outcome);
        if let Some(invalid) = result.as_ref().err().and_then(ElicitError::invalid) {
            observe::problems(form, invalid);
        }
        let answered = match &result {
            Ok(_) => true,
            Err(err) => matches!(err.kind(), ErrorKind::Invalid | ErrorKind::Malformed | ErrorKind::FormNotShown | ErrorKind::Client),
        };
        if let (true, Some(waited)) = (answered, watch.waited) {
            observe::time_to_answer(form, Mode::Form, waited);
        }
    }
    result
}

/// Sends one request of an exchange, noting in `watch` whether the answer is one held
/// from an earlier round (the transport says so) and, for a request that waits for the
/// client, how long it took.
pub(crate) async fn send_watched<P: ElicitPeer + ?Sized>(peer: &P, outgoing: Outgoing, mode: Mode, watch: &mut Watch) -> Result<Answer, ElicitError> {
    tracing::trace!(target: "elicit_runtime::exchange", attempt = outgoing.attempt, "elicitation sent");
    if peer.operation().is_some_and(|operation| operation.replays()) {
        // A replayed call waits for nobody: the answer is in the round, or the round ends.
        let answer = peer.send_elicitation(outgoing).await?;
        watch.held = answer.held;
        return Ok(answer);
    }
    let pending = Pending::start(mode);
    let started = Instant::now();
    let answer = peer.send_elicitation(outgoing).await;
    drop(pending);
    let answer = answer?;
    watch.held = answer.held;
    if !watch.held {
        *watch.waited.get_or_insert(Duration::ZERO) += started.elapsed();
    }
    Ok(answer)
}

/// Checks, params, send, read, re-ask.
async fn exchange<T: Elicit, P: ElicitPeer + ?Sized>(
    peer: &P,
    question: Parts<'_, '_, T>,
    span: &tracing::Span,
    watch: &mut Watch,
) -> Result<(Elicitation<T>, Provenance), ElicitError> {
    let Parts { message, pace, reasks, options, key, user_only, check, locale, given } = question;
    // The call's language, else the one the schema options name, the client's, the server's.
    let locale = locale.or(options.chosen_locale()).or_else(|| peer.locale()).unwrap_or_default();
    // The author's profile, else the one of the client's `clientInfo`, else the specification.
    let profile = options.chosen_profile().unwrap_or_else(|| peer.client_info().map_or(&ClientProfile::SPEC, |client| client.profile()));
    let options = &options.locale(locale).client_profile(profile);
    span.record("client", profile.label());
    watch.client = profile.label();
    let message = &message.text(locale);
    let support = peer.elicitation_support();
    let relays = peer.operation().is_some_and(|operation| operation.relays_to_model());
    if !support.form && (user_only || !relays) {
        return Err(Repr::NotSupported(support).into());
    }
    let version = peer.protocol_version();
    let revision = version
        .as_deref()
        .and_then(|v| v.parse::<ProtocolRevision>().ok())
        .ok_or_else(|| ElicitError::from(Repr::UnsupportedRevision(version.clone())))?;
    span.record("revision", revision.as_str());
    if contains_url(message) {
        return Err(Repr::UrlInMessage.into());
    }
    // Fails before anything is sent when the revision cannot express the form.
    let cached = T::requested_schema_with(revision, options)?;
    // A form with run-time selects: the cached schema with their options put in, written
    // for this request (and checked before anything is sent).
    let written = match T::__RUNTIME_SELECTS {
        true => Some(form::with_options(T::SCHEMA, cached, given, revision, options).map_err(|(field, error)| ElicitError::options(field, error))?),
        false => None,
    };
    let schema = written.as_ref().unwrap_or(cached);
    let number = peer.operation().map_or(0, |operation| operation.next_question());
    let outgoing = |question: Question, attempt: u32| {
        let mut outgoing = Outgoing::new("elicitation/create", question, number).with_key(key.clone());
        outgoing.timeout = pace.timeout;
        outgoing.progress_every = pace.progress_every;
        outgoing.relayable = !user_only;
        outgoing.attempt = attempt;
        outgoing
    };
    // The cached form goes as it is: a transport writes its params only if it needs them
    // (a round that holds the answer needs none). A form written for this request travels
    // as plain params: its digest in the rounds' state is that of the options offered, so
    // an answer given to other options (the list changed between rounds) is never read
    // against the current ones: it is asked again.
    let first = match &written {
        None => Question::Form { schema: cached, message: message.to_string() },
        Some(written) => Question::Params(params_of(written, message.as_str(), revision)),
    };
    let Answer { result, provenance, .. } = send_watched(peer, outgoing(first, 0), Mode::Form, watch).await?;
    let mut result = result;
    let mut provenance = provenance;
    // The params go to the transport whole: nothing keeps a copy while the user answers.
    // A re-ask rebuilds them from the cached schema, with the message listing what was
    // wrong and the fields answered right so far as defaults (by property name).
    let mut defaults = Map::new();
    let mut attempt = 0;
    // Whether the client could not show the form, and its model was asked instead.
    let mut not_shown = false;
    loop {
        if provenance == Provenance::Model && !watch.held {
            observe::relay("answered", 1);
        }
        // The model gets to correct what it relayed, whatever the author's re-asks.
        let reasks = if provenance == Provenance::Model { reasks.max(MODEL_REASKS) } else { reasks };
        // Decided before the await, so that no decoded value is held while the user answers.
        // The author's async rules run on a decoded answer, which is dropped before they
        // wait (a form type need not be `Send`) and decoded again once they pass.
        let verdict = match check.and_then(|check| start_check::<T>(check, &result, revision, options, given)) {
            Some(pending) => Some(pending.await),
            None => None,
        };
        // Bound only inside this block: no decoded value may live on while the user answers a re-ask.
        let params = {
            let read = match verdict {
                Some(Err(violations)) => Err(ElicitError::from(InvalidContent::of_rules(violations))),
                _ => Elicitation::<T>::from_result_given(&result, revision, options, given),
            };
            match read.as_ref().map_err(ElicitError::repr) {
                Err(Repr::Invalid(invalid)) if attempt < reasks => {
                    // What was wrong by kind only: the problems quote what the client sent.
                    tracing::debug!(
                        target: "elicit_runtime::exchange",
                        attempt,
                        problems = invalid.violations().len(),
                        kinds = observe::problem_kinds(invalid).as_str(),
                        "invalid answer; asking again"
                    );
                    if !watch.held {
                        observe::problems(type_name::<T>(), invalid);
                    }
                    keep_valid_answers(T::SCHEMA, &mut defaults, schema, &result, invalid, revision, options.profile());
                    // The re-ask's schema carries the valid answers as defaults: not the cached one.
                    let mut params = params_of(schema, reask_text(message, invalid, Some((T::SCHEMA, options.profile().checkboxes_on(revision))), locale), revision);
                    with_defaults(&mut params, &defaults);
                    params
                }
                // The client could not show the form: where the author lets the model ask
                // (and the question is not the user's alone), the model asks the user once.
                Err(Repr::FormNotShown) if !user_only && !not_shown && relays => {
                    tracing::debug!(target: "elicit_runtime::exchange", attempt, "the client could not show the form; asking its model");
                    not_shown = true;
                    params_of(schema, message.as_str(), revision)
                }
                _ => return read.map(|answer| (answer, provenance)),
            }
        };
        attempt += 1;
        watch.attempt = attempt;
        drop(result);
        let mut next = outgoing(Question::Params(params), attempt);
        next.not_shown = not_shown;
        let answer = send_watched(peer, next, Mode::Form, watch).await?;
        (result, provenance) = (answer.result, answer.provenance);
    }
}

/// The author's async rules on the answer in `result`, if it is an accepted one that
/// decodes: their future, which holds no part of the decoded value.
fn start_check<'c, T: Elicit>(
    check: &(dyn Fn(&T) -> CheckFuture<'c> + Send + Sync + 'c),
    result: &Value,
    revision: ProtocolRevision,
    options: &SchemaOptions,
    given: Option<&dyn FormOptions>,
) -> Option<CheckFuture<'c>> {
    match Elicitation::<T>::from_result_given(result, revision, options, given) {
        Ok(Elicitation::Accept(value)) => Some(check(&value)),
        _ => None,
    }
}

/// How many times invalid answers relayed by the model are sent back to it, at least.
const MODEL_REASKS: u32 = 3;
