//! The [`Elicit`] trait, and one question and its answer from the tool to the wire and
//! back: the checks before sending, the `elicitation/create` params, reading the client's
//! result into the typed value ([`Elicitation::from_result`]), and re-asking when the
//! content is invalid.

use std::any::{TypeId, type_name};
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::time::{Duration, Instant};

use serde_json::{Map, Value};
use tracing::Instrument as _;

use super::elicitation::Elicitation;
use super::error::{ElicitError, MalformedResult};
use super::transport::{Answer, ElicitPeer, Outgoing, Provenance, Question, RELAYED_META, params_of};
use crate::form::{
    self, ClientProfile, FormOptions, FormSchema, InvalidContent, Kind, Problem, Report, RequestedSchema, SchemaError, SchemaOptions, Violation,
    collect_checkboxes, echo,
};
use crate::locale::{Arg, Locale, Words};
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
/// | a page form (`#[elicit(page)]`) | `Form::elicit_on_page(&ask, &pages, message)` ([`PageForm`](crate::page::PageForm), feature `page`), or `Form::elicit_on_page_with(&ask, &pages, message, FormOptions { .. })` with run-time selects |
/// | a URL-mode page of your own | [`Interactions::url_request(&ask, principal, purpose, message, url)`](crate::url::Interactions::url_request) |
///
/// `elicit_with` and `elicit_on_page_with` are inherent methods of the form (the
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
///         .map_err(|error| ElicitError::Options { field: "room", error })?;
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
    /// `.timeout(d)`, `.reask(n)`, `.schema_options(o)` ([`ElicitRequest`]).
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
    /// ([`ElicitRequest::locale`] says which).
    fn elicit<'a, P: ElicitPeer + ?Sized>(peer: &'a P, message: impl Into<Words>) -> ElicitRequest<'a, Self, P> {
        ElicitRequest::new(peer, message.into())
    }
}

impl<T: Elicit> Elicitation<T> {
    /// Reads a client's `ElicitResult` (`{"action": ..., "content": {...}}`) as the
    /// latest revision writes it: validates accepted content against `T`'s schema and
    /// decodes it.
    ///
    /// `content` is ignored on decline and cancel (some clients send `null`), and so is
    /// `_meta`. An `accept` without `content` is
    /// [`AcceptWithoutContent`](ElicitError::AcceptWithoutContent), except for a form
    /// whose fields are all optional, where it is read as empty content: the user
    /// submitted the form without filling anything in.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, ElicitError, Elicitation};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug, PartialEq)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let accepted = Elicitation::<Name>::from_result(&json!({"action": "accept", "content": {"name": "Ada"}}));
    /// assert_eq!(accepted.unwrap(), Elicitation::Accept(Name { name: "Ada".into() }));
    /// let declined = Elicitation::<Name>::from_result(&json!({"action": "decline", "content": null}));
    /// assert_eq!(declined.unwrap(), Elicitation::Decline);
    /// assert!(matches!(
    ///     Elicitation::<Name>::from_result(&json!({"action": "accept"})),
    ///     Err(ElicitError::AcceptWithoutContent)
    /// ));
    /// ```
    pub fn from_result(result: &Value) -> Result<Self, ElicitError> {
        Self::from_result_on(result, ProtocolRevision::LATEST)
    }

    /// [`from_result`](Self::from_result) for the revision the request was sent on. On
    /// 2025-06-18, which has no arrays, a multi-select travels as one checkbox per option
    /// (`field_option`, see [`FieldSchema::checkbox_name`](crate::form::FieldSchema::checkbox_name));
    /// the ticked options are read back into the field.
    pub fn from_result_on(result: &Value, revision: ProtocolRevision) -> Result<Self, ElicitError> {
        Self::read(result, revision, &SchemaOptions::new(), false, None)
    }

    /// [`from_result_on`](Self::from_result_on) for a form sent with these schema
    /// options (the same as it was rendered with, language included): content written for
    /// a [`ClientProfile`] (numbers as text, options by their titles, multi-selects as
    /// checkboxes) is read back into the same typed value, the same rules checked.
    ///
    /// It also tells an answer the client made up from the user's: `accept` with empty
    /// content (`{}`) for a form with required fields is
    /// [`FormNotShown`](ElicitError::FormNotShown), not invalid content to re-ask, unless
    /// the client's model relayed it.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, ElicitError, Elicitation, ProtocolRevision, SchemaOptions};
    /// use elicit_runtime::form::ClientProfile;
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug, PartialEq)]
    /// struct Guests {
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     guests: u8,
    /// }
    ///
    /// let codex = SchemaOptions::new().client_profile(&ClientProfile::CODEX);
    /// let typed = json!({"action": "accept", "content": {"guests": "4"}});
    /// assert_eq!(Elicitation::<Guests>::from_result_with(&typed, ProtocolRevision::V2025_11_25, &codex)?, Elicitation::Accept(Guests { guests: 4 }));
    /// let made_up = json!({"action": "accept", "content": {}});
    /// assert_eq!(Elicitation::<Guests>::from_result_with(&made_up, ProtocolRevision::V2025_11_25, &codex), Err(ElicitError::FormNotShown));
    /// # Ok::<(), ElicitError>(())
    /// ```
    pub fn from_result_with(result: &Value, revision: ProtocolRevision, options: &SchemaOptions) -> Result<Self, ElicitError> {
        Self::read(result, revision, options, true, None)
    }

    /// [`from_result_with`](Self::from_result_with) against the options offered for the
    /// form's run-time selects.
    pub(crate) fn from_result_given(result: &Value, revision: ProtocolRevision, options: &SchemaOptions, given: Option<&dyn FormOptions>) -> Result<Self, ElicitError> {
        Self::read(result, revision, options, true, given)
    }

    fn read(result: &Value, revision: ProtocolRevision, options: &SchemaOptions, made_up: bool, given: Option<&dyn FormOptions>) -> Result<Self, ElicitError> {
        let result = result.as_object().ok_or(MalformedResult::NotAnObject)?;
        let action = result.get("action").and_then(Value::as_str).ok_or(MalformedResult::MissingAction)?;
        match action {
            "accept" => {}
            "decline" => return Ok(Elicitation::Decline),
            "cancel" => return Ok(Elicitation::Cancel),
            other => return Err(MalformedResult::UnknownAction(echo(other)).into()),
        }
        let empty = Map::new();
        let content = match result.get("content") {
            Some(Value::Object(content)) => content,
            None | Some(Value::Null) if T::SCHEMA.fields().iter().all(|f| !f.is_required()) => &empty,
            None | Some(Value::Null) => return Err(ElicitError::AcceptWithoutContent),
            Some(_) => return Err(MalformedResult::ContentNotAnObject.into()),
        };
        if made_up && content.is_empty() && result.get("_meta").and_then(|m| m.get(RELAYED_META)) != Some(&Value::Bool(true)) && asks_required::<T>(revision, options) {
            return Err(ElicitError::FormNotShown);
        }
        let profile = options.profile();
        if revision.has_multi_select() && *profile == ClientProfile::SPEC {
            if T::__RUNTIME_SELECTS {
                return Ok(Elicitation::Accept(T::__from_content_with(content, given)?));
            }
            return Ok(Elicitation::Accept(T::from_content(content)?));
        }
        let mut report = Report::default();
        let checkboxes = profile.checkboxes_on(revision);
        let mut content = if checkboxes { collect_checkboxes(T::SCHEMA, content, &mut report) } else { std::borrow::Cow::Borrowed(content) };
        if let (true, Some(given)) = (T::__RUNTIME_SELECTS, given) {
            if checkboxes {
                form::collect_runtime_checkboxes(T::SCHEMA, given, content.to_mut(), &mut report);
            }
            if !profile.shows_titled_one_of() {
                form::read_back_runtime(T::SCHEMA, given, profile, content.to_mut());
            }
        }
        let content = form::read_back(T::SCHEMA, profile, options.language(), content, &mut report);
        let decoded = if T::__RUNTIME_SELECTS { T::__from_content_with(&content, given) } else { T::from_content(&content) };
        Ok(Elicitation::Accept(form::finish_read_back(report, decoded)?))
    }
}

/// Whether the form, as sent on `revision` with `options`, has required properties: then
/// no client's own form submits `{}`.
fn asks_required<T: Elicit>(revision: ProtocolRevision, options: &SchemaOptions) -> bool {
    T::requested_schema_with(revision, options)
        .is_ok_and(|schema| schema.as_json().get("required").and_then(Value::as_array).is_some_and(|required| !required.is_empty()))
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
pub struct ElicitRequest<'a, T, P: ?Sized> {
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

/// The author's async rules ([`ElicitRequest::check`]) on a decoded answer.
type Check<'a, T> = Box<dyn Fn(&T) -> CheckFuture<'a> + Send + Sync + 'a>;

/// How often progress is reported while a person answers, unless
/// [`ElicitRequest::progress_every`] says otherwise.
pub const DEFAULT_PROGRESS_EVERY: Duration = Duration::from_secs(15);

impl<T, P: ?Sized> std::fmt::Debug for ElicitRequest<'_, T, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ElicitRequest")
            .field("form", &type_name::<T>())
            .field("message", &self.message)
            .field("timeout", &self.timeout)
            .field("progress_every", &self.progress_every)
            .field("reask", &self.reasks)
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl<'a, T: Elicit, P: ElicitPeer + ?Sized> ElicitRequest<'a, T, P> {
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
    /// `notifications/cancelled`; the result is then [`ElicitError::Timeout`]. Without
    /// it the request waits as long as the transport lets it.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// While the person answers, tell the client every `every` that the request is still
    /// waiting (`notifications/progress`, for requests that carried a `progressToken`):
    /// clients give up on a request after a timeout of their own (60 s by default in the
    /// TypeScript SDK and the Inspector) unless progress arrives for it. `None` sends
    /// none. The default is [`DEFAULT_PROGRESS_EVERY`].
    pub fn progress_every(mut self, every: Option<Duration>) -> Self {
        self.progress_every = every;
        self
    }

    /// When accepted content fails validation, ask again up to `times` more times, with
    /// what was wrong listed under the message and (2025-11-25 on) the fields the user
    /// got right filled in as defaults. The last failure is returned as
    /// [`ElicitError::Invalid`].
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
    /// [`ElicitError::Invalid`]. Rules that need no wait belong on the form
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

impl<'a, T: Elicit, P: ElicitPeer + ?Sized> IntoFuture for ElicitRequest<'a, T, P> {
    type Output = Result<Elicitation<T>, ElicitError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

/// The rules of the [`validator`](https://docs.rs/validator) crate as the author's rules
/// of a form (feature `validator`): for a form that also derives `validator::Validate`,
/// `#[elicit(validate = elicit_runtime::exchange::validator_rules)]`. Each failed rule is
/// a [`Problem::Rule`] under the field's wire name (the Rust name matched across the
/// `rename_all` casings; a field renamed to another word keeps its Rust name), in the
/// rule's own `message` when it has one, or in words for validator's built-in rules
/// ("must be at least 3 characters long", in the user's language: the catalog's
/// `validator-*` messages); a rule of the whole struct (`__all__`) is
/// [`Violation::form_rule`].
///
/// validator's `length`, `range`, `email` and `url` are also the form's own constraints
/// (`min_length`, `minimum`, `format`...), sent to the client and checked before the rules
/// run; its other rules (`custom`, `must_match`, `contains`, a rule of the struct...) run
/// here.
///
/// ```
/// use elicit_runtime::{Elicit, ProtocolRevision};
/// use elicit_runtime::form::Violation;
/// use elicit_runtime::locale::Locale;
/// use serde_json::json;
/// use validator::{Validate, ValidationError};
///
/// fn adult(age: u8) -> Result<(), ValidationError> {
///     if age >= 18 { Ok(()) } else { Err(ValidationError::new("adult")) }
/// }
///
/// #[derive(Elicit, Validate, Debug)]
/// #[elicit(rename_all = "camelCase", validate = elicit_runtime::exchange::validator_rules)]
/// struct Signup {
///     #[validate(length(min = 3))]
///     user_name: String,
///     #[validate(must_match(other = "user_name"))]
///     repeat_name: String,
///     #[validate(custom(function = "adult", message = "you must be an adult"))]
///     age: u8,
/// }
///
/// let schema = Signup::requested_schema(ProtocolRevision::V2025_11_25)?;
/// assert_eq!(schema.as_json()["properties"]["userName"]["minLength"], 3);
/// let err = Signup::from_content(json!({"userName": "ada", "repeatName": "bob", "age": 9}).as_object().unwrap()).unwrap_err();
/// let violations = err.into_violations();
/// assert_eq!(violations[1], Violation::rule("age", "you must be an adult"));
/// assert_eq!(violations[0].to_string(), "`repeatName`: must match the field it repeats");
/// assert_eq!(violations[0].text(Locale::for_tag("ko")), "`repeatName`: 확인 대상 항목과 같아야 합니다");
/// # Ok::<(), elicit_runtime::SchemaError>(())
/// ```
#[cfg(feature = "validator")]
#[cfg_attr(docsrs, doc(cfg(feature = "validator")))]
pub fn validator_rules<T: Elicit + validator::Validate>(value: &T) -> Result<(), Vec<Violation>> {
    let Err(errors) = value.validate() else { return Ok(()) };
    let mut violations = Vec::new();
    for (name, kind) in errors.into_errors() {
        let field = wire_name_of(T::SCHEMA, &name);
        match kind {
            validator::ValidationErrorsKind::Field(errors) => {
                for error in errors {
                    let words = validator_words(&error);
                    violations.push(if name == "__all__" { Violation::form_rule(words) } else { Violation::rule(field.clone(), words) });
                }
            }
            // A flat form has no nested structs or lists; if a rule reports one, say so of the field.
            validator::ValidationErrorsKind::Struct(_) | validator::ValidationErrorsKind::List(_) => {
                violations.push(Violation::rule(field, Words::message("validator-not-valid")));
            }
        }
    }
    // In field order, as the schema's own problems are.
    let position = |v: &Violation| T::SCHEMA.fields().iter().position(|f| f.name() == v.field).unwrap_or(usize::MAX);
    violations.sort_by_key(position);
    Err(violations)
}

/// The wire name of the field validator calls `rust_name`: the same name, or the one that
/// spells the same words in another casing (`user_name` and `userName`).
#[cfg(feature = "validator")]
fn wire_name_of(schema: &FormSchema, rust_name: &str) -> std::borrow::Cow<'static, str> {
    let words = |name: &str| name.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    let fields = schema.fields();
    let found = fields.iter().find(|f| f.name() == rust_name).or_else(|| fields.iter().find(|f| words(f.name()) == words(rust_name)));
    match found {
        Some(field) => field.name().into(),
        None => rust_name.to_owned().into(),
    }
}

/// A failed validator rule in words: its own message, or the built-in rule said plainly
/// in the catalog's `validator-*` messages (in the user's language).
#[cfg(feature = "validator")]
fn validator_words(error: &validator::ValidationError) -> Words {
    if let Some(message) = &error.message {
        return Words::new(message.to_string());
    }
    let param = |name: &str| error.params.get(name).map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned));
    // A bound that is a count chooses the plural form; any other is written as it is.
    let bound = |words: Words, name: &'static str, value: String| match value.parse::<u64>() {
        Ok(count) => words.count(name, count),
        Err(_) => words.arg(name, value),
    };
    let message = Words::message;
    match error.code.as_ref() {
        "length" => match (param("equal"), param("min"), param("max")) {
            (Some(n), _, _) => bound(message("validator-length-exact"), "n", n),
            (None, Some(min), Some(max)) => bound(bound(message("validator-length-between"), "min", min), "max", max),
            (None, Some(min), None) => bound(message("validator-length-min"), "min", min),
            (None, None, Some(max)) => bound(message("validator-length-max"), "max", max),
            (None, None, None) => message("validator-length"),
        },
        // An exclusive bound refuses the bound itself: "greater than 0", never "at least 0".
        "range" => {
            let low = param("min").map(|b| (b, "validator-range-min")).or_else(|| param("exclusive_min").map(|b| (b, "validator-range-greater")));
            let high = param("max").map(|b| (b, "validator-range-max")).or_else(|| param("exclusive_max").map(|b| (b, "validator-range-less")));
            match (low, high) {
                (Some((min, low)), Some((max, high))) => {
                    let id = match (low, high) {
                        ("validator-range-min", "validator-range-max") => "validator-range-between",
                        ("validator-range-min", _) => "validator-range-min-less",
                        (_, "validator-range-max") => "validator-range-greater-max",
                        _ => "validator-range-greater-less",
                    };
                    message(id).arg("min", min).arg("max", max)
                }
                (Some((min, id)), None) => message(id).arg("min", min),
                (None, Some((max, id))) => message(id).arg("max", max),
                (None, None) => message("validator-range"),
            }
        }
        "email" => message("validator-email"),
        "url" => message("validator-url"),
        "regex" => message("validator-regex"),
        "required" => message("validator-required"),
        // Its `other` parameter is the other field's value (a password, say): never repeated.
        "must_match" => message("validator-must-match"),
        "contains" => param("needle").map_or_else(|| message("validator-contains-unsaid"), |n| message("validator-contains").arg("needle", n)),
        "does_not_contain" => {
            param("needle").map_or_else(|| message("validator-does-not-contain-unsaid"), |n| message("validator-does-not-contain").arg("needle", n))
        }
        "credit_card" => message("validator-credit-card"),
        "non_control_character" => message("validator-non-control-character"),
        "ip" | "ipv4" | "ipv6" => message("validator-ip"),
        code => message("validator-rule").arg("code", code),
    }
}

/// The `elicitation/create` params of a form for a revision: `mode` (2025-11-25 on),
/// `message`, and the cached `requestedSchema`.
///
/// ```
/// use elicit_runtime::{Elicit, ProtocolRevision, exchange::form_params};
/// use elicit_runtime::SchemaOptions;
///
/// #[derive(Elicit)]
/// struct Name {
///     name: String,
/// }
///
/// let params = form_params::<Name>("Who are you?", ProtocolRevision::V2025_11_25, &SchemaOptions::new())?;
/// assert_eq!(
///     serde_json::Value::Object(params).to_string(),
///     r#"{"mode":"form","message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}"#
/// );
/// # Ok::<(), elicit_runtime::SchemaError>(())
/// ```
pub fn form_params<T: Elicit>(message: &str, revision: ProtocolRevision, options: &SchemaOptions) -> Result<Map<String, Value>, SchemaError> {
    Ok(params_of(T::requested_schema_with(revision, options)?, message, revision))
}

/// [`form_params`] already serialized: the bytes of the `elicitation/create` params,
/// written around the cached, pre-serialized `requestedSchema` without copying it into a
/// `Value` first. For a transport that can send raw JSON params (rmcp cannot: its
/// requests carry a `serde_json::Value`, so the rmcp adapter sends [`form_params`]).
///
/// ```
/// use elicit_runtime::{Elicit, ProtocolRevision, exchange::{form_params, form_params_json}};
/// use elicit_runtime::SchemaOptions;
///
/// #[derive(Elicit)]
/// struct Name {
///     name: String,
/// }
///
/// let options = SchemaOptions::new();
/// let message = "Who are \"you\"?\n\u{1}\\";
/// let bytes = form_params_json::<Name>(message, ProtocolRevision::V2025_11_25, &options)?;
/// assert_eq!(
///     String::from_utf8(bytes.clone()).unwrap(),
///     r#"{"mode":"form","message":"Who are \"you\"?\n\u0001\\","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}"#
/// );
/// // The same bytes as serializing `form_params`.
/// let params = form_params::<Name>(message, ProtocolRevision::V2025_11_25, &options)?;
/// assert_eq!(bytes, serde_json::to_vec(&params).unwrap());
/// # Ok::<(), elicit_runtime::SchemaError>(())
/// ```
pub fn form_params_json<T: Elicit>(message: &str, revision: ProtocolRevision, options: &SchemaOptions) -> Result<Vec<u8>, SchemaError> {
    let schema = T::requested_schema_with(revision, options)?.to_json_string();
    let mut bytes = Vec::with_capacity(64 + message.len() + schema.len());
    if revision.has_modes() {
        bytes.extend_from_slice(br#"{"mode":"form","message":"#);
    } else {
        bytes.extend_from_slice(br#"{"message":"#);
    }
    write_json_string(message, &mut bytes);
    bytes.extend_from_slice(br#","requestedSchema":"#);
    bytes.extend_from_slice(schema.as_bytes());
    bytes.push(b'}');
    Ok(bytes)
}

/// A JSON string literal, escaped as `serde_json` escapes it.
fn write_json_string(text: &str, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let mut start = 0;
    for (i, byte) in text.bytes().enumerate() {
        let escape: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0x00..=0x1f => &[b'\\', b'u', b'0', b'0', HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0xf)]],
            _ => continue,
        };
        out.extend_from_slice(&text.as_bytes()[start..i]);
        out.extend_from_slice(escape);
        start = i + 1;
    }
    out.extend_from_slice(&text.as_bytes()[start..]);
    out.push(b'"');
}

/// Whether text carries a URL: the rule of `rules::url_in_text`, the same
/// `#[derive(Elicit)]` applies to titles and descriptions.
pub(crate) fn contains_url(text: &str) -> bool {
    crate::rules::url_in_text::find_url(text).is_some()
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

/// What an [`ElicitRequest`] asks, taken apart so that each part is borrowed.
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

/// The whole exchange behind [`ElicitRequest`], in its span: the elicitation's outcome,
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
        Err(err) => err.kind(),
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
        if let Err(ElicitError::Invalid(invalid)) = &result {
            observe::problems(form, invalid);
        }
        let answered = matches!(
            &result,
            Ok(_)
                | Err(
                    ElicitError::Invalid(_)
                        | ElicitError::Malformed(_)
                        | ElicitError::AcceptWithoutContent
                        | ElicitError::FormNotShown
                        | ElicitError::Client { .. }
                )
        );
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
        return Err(ElicitError::NotSupported(support));
    }
    let version = peer.protocol_version();
    let revision = version
        .as_deref()
        .and_then(|v| v.parse::<ProtocolRevision>().ok())
        .ok_or_else(|| ElicitError::UnsupportedRevision(version.clone()))?;
    span.record("revision", revision.as_str());
    if contains_url(message) {
        return Err(ElicitError::UrlInMessage);
    }
    // Fails before anything is sent when the revision cannot express the form.
    let cached = T::requested_schema_with(revision, options)?;
    // A form with run-time selects: the cached schema with their options put in, written
    // for this request (and checked before anything is sent).
    let written = match T::__RUNTIME_SELECTS {
        true => Some(form::with_options(T::SCHEMA, cached, given, revision, options).map_err(|(field, error)| ElicitError::Options { field, error })?),
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
        Some(written) => Question::Params(params_of(written, message, revision)),
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
        // Not bound to a name: no decoded value may live on while the user answers a re-ask.
        let params = match match verdict {
            Some(Err(violations)) => Err(ElicitError::Invalid(InvalidContent::of_rules(violations))),
            _ => Elicitation::<T>::from_result_given(&result, revision, options, given),
        } {
            Err(ElicitError::Invalid(invalid)) if attempt < reasks => {
                // What was wrong by kind only: the problems quote what the client sent.
                tracing::debug!(
                    target: "elicit_runtime::exchange",
                    attempt,
                    problems = invalid.violations().len(),
                    kinds = observe::problem_kinds(&invalid).as_str(),
                    "invalid answer; asking again"
                );
                if !watch.held {
                    observe::problems(type_name::<T>(), &invalid);
                }
                keep_valid_answers::<T>(&mut defaults, schema, &result, &invalid, revision, options.profile());
                // The re-ask's schema carries the valid answers as defaults: not the cached one.
                let mut params = params_of(schema, &reask_text(message, &invalid, Some((T::SCHEMA, options.profile().checkboxes_on(revision))), locale), revision);
                with_defaults(&mut params, &defaults);
                params
            }
            // The client could not show the form: where the author lets the model ask
            // (and the question is not the user's alone), the model asks the user once.
            Err(ElicitError::FormNotShown) if !user_only && !not_shown && relays => {
                tracing::debug!(target: "elicit_runtime::exchange", attempt, "the client could not show the form; asking its model");
                not_shown = true;
                params_of(schema, message, revision)
            }
            answer => return answer.map(|answer| (answer, provenance)),
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

/// On a re-ask, the fields the user got right come back as their `default`, so the user
/// corrects only what was wrong. Only where the revision allows a `default` on the
/// field's kind (2025-06-18: booleans, including the checkboxes of a multi-select).
/// Kept in `defaults` by property name, over those of earlier re-asks.
fn keep_valid_answers<T: Elicit>(
    defaults: &mut Map<String, Value>,
    schema: &RequestedSchema,
    result: &Value,
    invalid: &InvalidContent,
    revision: ProtocolRevision,
    profile: &ClientProfile,
) {
    let Some(content) = result.get("content").and_then(Value::as_object) else { return };
    let Some(properties) = schema.as_json().get("properties").and_then(Value::as_object) else { return };
    let mut keep = |name: &str, value: &Value| {
        if properties.get(name).is_some_and(Value::is_object) {
            defaults.insert(name.to_owned(), value.clone());
        }
    };
    for field in T::SCHEMA.fields() {
        if invalid.violations().iter().any(|v| v.field == field.name()) {
            continue;
        }
        match field.kind() {
            Kind::MultiSelect(rules) if profile.checkboxes_for(field, revision) => {
                // A run-time select's checkboxes are those this request wrote.
                let names: Vec<String> = match field.is_runtime_select() {
                    true => form::checkboxes_of(properties, field.name()).cloned().collect(),
                    false => (0..rules.options.len()).map(|i| form::checkbox_name(field.name(), rules.options, i)).collect(),
                };
                for name in names {
                    if let Some(Value::Bool(ticked)) = content.get(&name) {
                        keep(&name, &Value::Bool(*ticked));
                    }
                }
            }
            kind => {
                let allowed = revision.has_defaults_on_every_type() || matches!(kind, Kind::Boolean);
                // An integer past ±2^53 is not offered back: JavaScript clients would show
                // it rounded (and the user could send the rounding back), and typed SDKs
                // (rmcp's, which carries 2026-07-28 rounds) refuse it past `i64`.
                let exact = |v: &&Value| !v.is_null() && v.as_i64().or_else(|| v.as_u64().map(|_| i64::MAX)).is_none_or(|n| n.unsigned_abs() <= 1 << 53);
                if let (true, Some(value)) = (allowed, content.get(field.name()).filter(exact)) {
                    keep(field.name(), value);
                }
            }
        }
    }
}

/// The defaults kept from earlier answers, written into the params' `requestedSchema`.
fn with_defaults(params: &mut Map<String, Value>, defaults: &Map<String, Value>) {
    let Some(properties) = params.get_mut("requestedSchema").and_then(|s| s.get_mut("properties")).and_then(Value::as_object_mut) else {
        return;
    };
    for (name, value) in defaults {
        if let Some(Value::Object(property)) = properties.get_mut(name) {
            property.insert("default".into(), value.clone());
        }
    }
}

/// The message of a re-ask: the original message, then what was wrong. Knowing no form,
/// it names each field by its wire name; the re-ask an elicitation sends names it by the
/// title the user was shown ([`Violation::text_in`](crate::form::Violation::text_in)).
///
/// ```
/// use elicit_runtime::{Elicit, exchange::reask_message};
/// use serde_json::json;
///
/// #[derive(Elicit, Debug)]
/// struct Guests {
///     #[elicit(minimum = 1)]
///     guests: u8,
/// }
///
/// let invalid = Guests::from_content(json!({"guests": 0}).as_object().unwrap()).unwrap_err();
/// assert_eq!(reask_message("How many?", &invalid), "How many?\n\nPlease correct your answer:\n- `guests`: must be at least 1, got 0");
/// ```
pub fn reask_message(message: &str, invalid: &InvalidContent) -> String {
    reask_text(message, invalid, None, Locale::default())
}

/// [`reask_message`] in `locale`'s language.
///
/// ```
/// use elicit_runtime::{Elicit, exchange::reask_message_in};
/// use elicit_runtime::locale::Locale;
/// use serde_json::json;
///
/// #[derive(Elicit, Debug)]
/// struct Rating {
///     #[elicit(minimum = 1, maximum = 5)]
///     rating: u8,
/// }
///
/// let invalid = Rating::from_content(json!({"rating": 9}).as_object().unwrap()).unwrap_err();
/// assert_eq!(reask_message_in("평점을 알려 주세요", &invalid, Locale::for_tag("ko")), "평점을 알려 주세요\n\n답변을 고쳐 주세요:\n- `rating`: 5 이하여야 합니다. 입력값: 9");
/// ```
pub fn reask_message_in(message: &str, invalid: &InvalidContent, locale: Locale) -> String {
    reask_text(message, invalid, None, locale)
}

/// [`reask_message`], knowing the form and whether its multi-selects were sent as
/// checkboxes (on 2025-06-18, or to a client without arrays): then a problem with a
/// multi-select's checkbox names the checkbox with the title the client
/// showed beside it, and a count that is not kept is said once of the group of boxes.
/// No line is written twice.
pub(crate) fn reask_text(message: &str, invalid: &InvalidContent, form: Option<(&FormSchema, bool)>, locale: Locale) -> String {
    let mut text = String::from(message);
    text.push_str("\n\n");
    text.push_str(&locale.message("reask-heading", &[]));
    let mut written: Vec<String> = Vec::with_capacity(invalid.violations().len());
    for violation in invalid.violations() {
        let mut line = user_line(violation, form, locale);
        // Problems quote what the client sent; a URL from there must not end up in a
        // form-mode message.
        if contains_url(&line) {
            let title = form.and_then(|(schema, _)| schema.field(&violation.field)).and_then(|f| f.title_in(locale));
            line = locale.message("reask-not-valid", &[("field", Arg::Text(&form::field_name(&echo(&violation.field), title, locale)))]);
            if contains_url(&line) {
                line = locale.message("reask-an-answer-not-valid", &[]);
            }
        }
        if written.contains(&line) {
            continue;
        }
        text.push_str("\n- ");
        text.push_str(&line);
        written.push(line);
    }
    text
}

/// One violation as the person who answered reads it: about what their client showed,
/// each field named by the title they saw (in their language).
fn user_line(violation: &Violation, form: Option<(&FormSchema, bool)>, locale: Locale) -> String {
    let Some((schema, checkboxes)) = form else {
        return violation.text(locale);
    };
    if checkboxes {
        if let Some(field) = schema.field(&violation.field)
            && let Kind::MultiSelect(_) = field.kind()
        {
            let label = field.title_in(locale).unwrap_or(field.name());
            let ticked = |id: &str, bound: &str, n: u64, count: u64| {
                locale.message(id, &[(bound, Arg::Count(n)), ("label", Arg::Text(label)), ("count", Arg::Count(count))])
            };
            match violation.problem {
                Problem::TooFewItems { min_items, count } => return ticked("reask-too-few-ticked", "min_items", min_items, count),
                Problem::TooManyItems { max_items, count } => return ticked("reask-too-many-ticked", "max_items", max_items, count),
                _ => {}
            }
        }
        if let Some((_, title)) = form::find_checkbox(schema, &violation.field, locale) {
            return violation.text_named(Some(&title), locale);
        }
    }
    violation.text_in(schema, locale)
}

#[cfg(test)]
mod url_tests {
    use super::contains_url;

    #[test]
    fn urls_of_any_scheme_are_found() {
        for text in [
            "see https://example.com",
            "HTTP://EXAMPLE.COM",
            "files at ftp://files.example/x",
            "file:///etc/passwd",
            "write to mailto:help@example.com",
            "click javascript:alert(1)",
            "call tel:+15550100",
            "open myapp://settings",
            "see www.example.com",
            "(data:text/html,hi)",
            // What a browser opens as `https://evil.example/`.
            "open https:evil.example",
            "open https:/evil.example",
            "open HTTPS:\\\\evil.example",
            "ws:evil.example",
            "https:[::1]",
            // Invisible characters and full-width letters hide nothing from the user.
            "see https\u{200b}://evil.example",
            "see h\u{ad}ttps\u{2060}://evil.example",
            "see www\u{200b}.evil.example",
            "see \u{ff48}\u{ff54}\u{ff54}\u{ff50}\u{ff53}\u{ff1a}//evil.example",
            "see \u{202e}elpmaxe.live//:sptth\u{202c} now",
        ] {
            assert!(contains_url(text), "{text}");
        }
        for text in ["Time: 10:30", "Note: read this", "ratio 1:2", "a www word", "mailto: nobody", "Step 1: open the app", "key:value", "", "HTTPS: always", "ftp: no", "zero\u{200b}width: fine", "\u{ff21}\u{ff22}: fine"] {
            assert!(!contains_url(text), "{text}");
        }
    }
}
