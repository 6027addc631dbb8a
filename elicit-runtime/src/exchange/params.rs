//! A form's `elicitation/create` params as a transport sends them, as a map or already
//! serialized.

use serde_json::{Map, Value};

use super::elicit::Elicit;
use super::transport::params_of;
use crate::form::{SchemaError, SchemaOptions};
use crate::revision::ProtocolRevision;

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
