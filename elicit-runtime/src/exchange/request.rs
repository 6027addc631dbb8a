//! One question and its answer, from the tool to the wire and back: the checks before
//! sending, the `elicitation/create` params, validating and decoding the result, and
//! re-asking when the content is invalid.

use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::time::Duration;

use serde_json::{Map, Value};

use super::elicitation::Elicitation;
use super::error::ElicitError;
use super::transport::{ElicitPeer, Outgoing};
use crate::form::{InvalidContent, Kind, SchemaError, SchemaOptions};
use crate::{Elicit, ProtocolRevision};

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
    message: &'a str,
    timeout: Option<Duration>,
    progress_every: Option<Duration>,
    reasks: u32,
    schema: SchemaOptions,
    key: Option<String>,
    form: PhantomData<fn() -> T>,
}

/// How often progress is reported while a person answers, unless
/// [`ElicitRequest::progress_every`] says otherwise.
pub const DEFAULT_PROGRESS_EVERY: Duration = Duration::from_secs(15);

impl<T, P: ?Sized> std::fmt::Debug for ElicitRequest<'_, T, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ElicitRequest")
            .field("form", &std::any::type_name::<T>())
            .field("message", &self.message)
            .field("timeout", &self.timeout)
            .field("progress_every", &self.progress_every)
            .field("reask", &self.reasks)
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl<'a, T: Elicit, P: ElicitPeer + ?Sized> ElicitRequest<'a, T, P> {
    pub(crate) fn new(peer: &'a P, message: &'a str) -> Self {
        Self {
            peer,
            message,
            timeout: None,
            progress_every: Some(DEFAULT_PROGRESS_EVERY),
            reasks: 0,
            schema: SchemaOptions::new(),
            key: None,
            form: PhantomData,
        }
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

    /// Sends the request and awaits the answer; what `.await` does.
    pub async fn send(self) -> Result<Elicitation<T>, ElicitError> {
        let pace = Pace { timeout: self.timeout, progress_every: self.progress_every };
        elicit::<T, P>(self.peer, self.message, pace, self.reasks, &self.schema, self.key).await
    }
}

impl<'a, T: Elicit, P: ElicitPeer + ?Sized> IntoFuture for ElicitRequest<'a, T, P> {
    type Output = Result<Elicitation<T>, ElicitError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
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
    let schema = T::requested_schema_with(revision, options)?;
    let mut params = Map::with_capacity(3);
    if revision.has_modes() {
        params.insert("mode".into(), "form".into());
    }
    params.insert("message".into(), message.into());
    params.insert("requestedSchema".into(), schema.as_json().clone());
    Ok(params)
}

/// Whether text carries a URL (`http://` or `https://`, any case).
pub(crate) fn contains_url(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains("http://") || lower.contains("https://")
}

/// How long to wait for the answer, and how often to say so.
struct Pace {
    timeout: Option<Duration>,
    progress_every: Option<Duration>,
}

/// The whole exchange behind [`ElicitRequest`]: checks, params, send, read, re-ask.
async fn elicit<T: Elicit, P: ElicitPeer + ?Sized>(
    peer: &P,
    message: &str,
    pace: Pace,
    reasks: u32,
    options: &SchemaOptions,
    key: Option<String>,
) -> Result<Elicitation<T>, ElicitError> {
    let support = peer.elicitation_support();
    if !support.form {
        return Err(ElicitError::NotSupported(support));
    }
    let version = peer.protocol_version();
    let revision = version
        .as_deref()
        .and_then(|v| v.parse::<ProtocolRevision>().ok())
        .ok_or_else(|| ElicitError::UnsupportedRevision(version.clone()))?;
    if contains_url(message) {
        return Err(ElicitError::UrlInMessage);
    }
    // Fails before anything is sent when the revision cannot express the form.
    let params = form_params::<T>(message, revision, options)?;
    let mut outgoing = Outgoing::new("elicitation/create", params, peer.next_question()).with_key(key);
    outgoing.timeout = pace.timeout;
    outgoing.progress_every = pace.progress_every;
    loop {
        let result = peer.send_elicitation(outgoing.clone()).await?;
        match Elicitation::<T>::from_result_on(&result, revision) {
            Err(ElicitError::Invalid(invalid)) if outgoing.attempt < reasks => {
                outgoing.attempt += 1;
                outgoing.params.insert("message".into(), reask_message(message, &invalid).into());
                keep_valid_answers::<T>(&mut outgoing.params, &result, &invalid, revision);
            }
            answer => return answer,
        }
    }
}

/// On a re-ask, the fields the user got right come back as their `default`, so the user
/// corrects only what was wrong. Only where the revision allows a `default` on the
/// field's kind (2025-06-18: booleans, including the checkboxes of a multi-select).
fn keep_valid_answers<T: Elicit>(params: &mut Map<String, Value>, result: &Value, invalid: &InvalidContent, revision: ProtocolRevision) {
    let Some(content) = result.get("content").and_then(Value::as_object) else { return };
    let Some(properties) = params.get_mut("requestedSchema").and_then(|s| s.get_mut("properties")).and_then(Value::as_object_mut) else {
        return;
    };
    for field in T::SCHEMA.fields() {
        if invalid.violations().iter().any(|v| v.field == field.name()) {
            continue;
        }
        match field.kind() {
            Kind::MultiSelect(rules) if !revision.has_multi_select() => {
                for option in rules.options {
                    let name = crate::form::option_property(field.name(), option.value());
                    if let (Some(Value::Bool(ticked)), Some(Value::Object(property))) = (content.get(&name), properties.get_mut(&name)) {
                        property.insert("default".into(), Value::Bool(*ticked));
                    }
                }
            }
            kind => {
                let allowed = revision.has_defaults_on_every_type() || matches!(kind, Kind::Boolean);
                if let (true, Some(value), Some(Value::Object(property))) =
                    (allowed, content.get(field.name()).filter(|v| !v.is_null()), properties.get_mut(field.name()))
                {
                    property.insert("default".into(), value.clone());
                }
            }
        }
    }
}

/// The message of a re-ask: the original message, then what was wrong.
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
    let mut text = String::from(message);
    text.push_str("\n\nPlease correct your answer:");
    for violation in invalid.violations() {
        let line = violation.to_string();
        text.push_str("\n- ");
        // Problems quote what the client sent; a URL from there must not end up in a
        // form-mode message.
        if contains_url(&line) {
            text.push('`');
            text.push_str(violation.field);
            text.push_str("`: is not a valid answer");
        } else {
            text.push_str(&line);
        }
    }
    text
}
