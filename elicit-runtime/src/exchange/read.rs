//! Reading a client's result into the typed answer: the action, then the accepted
//! content validated and decoded (read back first where the form was adapted to the
//! revision or the client).

use serde_json::{Map, Value};

use super::elicit::Elicit;
use super::elicitation::Elicitation;
use super::error::{ElicitError, MalformedResult, Repr};
use super::transport::RELAYED_META;
use crate::form::{self, ClientProfile, FormOptions, Report, SchemaOptions, collect_checkboxes, echo};
use crate::revision::ProtocolRevision;

impl<T: Elicit> Elicitation<T> {
    /// Reads a client's `ElicitResult` (`{"action": ..., "content": {...}}`) as the
    /// latest revision writes it: validates accepted content against `T`'s schema and
    /// decodes it.
    ///
    /// `content` is ignored on decline and cancel (some clients send `null`), and so is
    /// `_meta`. An `accept` without `content` is
    /// [`ErrorKind::Malformed`](crate::exchange::ErrorKind::Malformed), except for a form
    /// whose fields are all optional, where it is read as empty content: the user
    /// submitted the form without filling anything in.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, Elicitation, ErrorKind};
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
    /// let empty = Elicitation::<Name>::from_result(&json!({"action": "accept"})).unwrap_err();
    /// assert_eq!(empty.kind(), ErrorKind::Malformed);
    /// assert_eq!(empty.to_string(), "the client accepted the form but sent no `content`");
    /// ```
    pub fn from_result(result: &Value) -> Result<Self, ElicitError> {
        Self::from_result_on(result, ProtocolRevision::LATEST)
    }

    /// [`from_result`](Self::from_result) for the revision the request was sent on. On
    /// 2025-06-18, which has no arrays, a multi-select travels as one checkbox per option
    /// (`field_option`: the field's name, `_`, and the option's value made a property name);
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
    /// [`FormNotShown`](crate::exchange::ErrorKind::FormNotShown), not invalid content to re-ask, unless
    /// the client's model relayed it.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, ElicitError, Elicitation, ErrorKind, ProtocolRevision, SchemaOptions};
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
    /// let not_shown = Elicitation::<Guests>::from_result_with(&made_up, ProtocolRevision::V2025_11_25, &codex).unwrap_err();
    /// assert_eq!(not_shown.kind(), ErrorKind::FormNotShown);
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
            None | Some(Value::Null) => return Err(Repr::AcceptWithoutContent.into()),
            Some(_) => return Err(MalformedResult::ContentNotAnObject.into()),
        };
        if made_up && content.is_empty() && result.get("_meta").and_then(|m| m.get(RELAYED_META)) != Some(&Value::Bool(true)) && asks_required::<T>(revision, options) {
            return Err(Repr::FormNotShown.into());
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
