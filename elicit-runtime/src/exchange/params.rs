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
