//! One question and its answer, from the tool to the wire and back: the checks before
//! sending, the `elicitation/create` params, validating and decoding the result, and
//! re-asking when the content is invalid.

use serde_json::{Map, Value};

use super::elicitation::{Elicitation, ResponseError};
use super::error::ElicitError;
use super::options::ElicitOptions;
use super::transport::{ElicitPeer, Outgoing};
use crate::form::{InvalidContent, SchemaError, SchemaOptions};
use crate::{Elicit, ProtocolRevision};

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

/// The whole exchange behind [`Elicit::elicit_with`](crate::Elicit::elicit_with).
pub(crate) async fn elicit<T: Elicit, P: ElicitPeer + ?Sized>(peer: &P, message: &str, options: &ElicitOptions) -> Result<Elicitation<T>, ElicitError> {
    let support = peer.elicitation_support();
    if !support.form {
        return Err(ElicitError::NotSupported(support));
    }
    let version = peer.protocol_version();
    let revision = version
        .as_deref()
        .and_then(|v| v.parse::<ProtocolRevision>().ok())
        .ok_or_else(|| ElicitError::UnknownRevision(version.clone()))?;
    if contains_url(message) {
        return Err(ElicitError::UrlInMessage);
    }
    // Fails before anything is sent when the revision cannot express the form.
    let params = form_params::<T>(message, revision, options.schema_options())?;
    let mut outgoing = Outgoing { params, timeout: options.timeout_after(), question: peer.next_question(), attempt: 0 };
    loop {
        let result = peer.send_elicitation(outgoing.clone()).await?;
        match Elicitation::<T>::from_result(&result) {
            Ok(answer) => return Ok(answer),
            Err(ResponseError::Invalid(invalid)) if outgoing.attempt < options.reasks() => {
                outgoing.attempt += 1;
                outgoing.params.insert("message".into(), reask_message(message, &invalid).into());
            }
            Err(err) => return Err(err.into()),
        }
    }
}

/// The message of a re-ask: the original message, then what was wrong.
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
