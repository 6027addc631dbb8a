//! The official JSON Schemas of the protocol revisions (embedded), and checking
//! `elicitation/create` requests against them.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use serde_json::Value;

use crate::revision::ProtocolRevision;

const DOCUMENTS: [&str; 3] = [
    include_str!("../../spec/2025-06-18/schema.json"),
    include_str!("../../spec/2025-11-25/schema.json"),
    include_str!("../../spec/2026-07-28/schema.json"),
];

fn slot(revision: ProtocolRevision) -> usize {
    match revision {
        ProtocolRevision::V2025_06_18 => 0,
        ProtocolRevision::V2025_11_25 => 1,
        ProtocolRevision::V2026_07_28 => 2,
    }
}

/// The text of the official `schema.json` of a revision.
#[doc(hidden)]
pub fn document_text(revision: ProtocolRevision) -> &'static str {
    DOCUMENTS[slot(revision)]
}

/// The official `schema.json` of a revision, parsed once.
#[doc(hidden)]
pub fn document(revision: ProtocolRevision) -> &'static Value {
    static DOCS: [OnceLock<Value>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    DOCS[slot(revision)].get_or_init(|| serde_json::from_str(document_text(revision)).unwrap_or(Value::Null))
}

/// The key under which the document keeps its definitions: draft-07 `definitions`
/// (2025-06-18) or 2020-12 `$defs`.
#[doc(hidden)]
pub fn definitions_key(revision: ProtocolRevision) -> &'static str {
    match revision {
        ProtocolRevision::V2025_06_18 => "definitions",
        _ => "$defs",
    }
}

/// One named definition of the official schema (`Null` if there is none).
#[doc(hidden)]
pub fn definition(revision: ProtocolRevision, name: &str) -> &'static Value {
    &document(revision)[definitions_key(revision)][name]
}

/// How closely a request is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strictness {
    /// The official schema as published: unknown keywords are allowed (JSON Schema's
    /// open-world default).
    Official,
    /// The official schema with `additionalProperties: false` on `requestedSchema` and on
    /// every primitive property definition: what a client that strips or rejects keywords
    /// it does not know keeps. A request that passes loses nothing on such a client.
    Strict,
}

/// The document, with the `requestedSchema` object and every primitive property
/// definition closed (see [`Strictness::Strict`]).
#[doc(hidden)]
pub fn strict_document(revision: ProtocolRevision) -> Value {
    let mut doc = document(revision).clone();
    let key = definitions_key(revision);
    let Some(defs) = doc.get_mut(key).and_then(Value::as_object_mut) else {
        return doc;
    };
    // The definitions a property of `requestedSchema` may take, followed through `anyOf`
    // of `$ref`s (2025-06-18's EnumSchema is a leaf; later ones are unions).
    let mut pending = vec!["PrimitiveSchemaDefinition".to_owned()];
    let mut seen = Vec::new();
    while let Some(name) = pending.pop() {
        if seen.contains(&name) {
            continue;
        }
        let Some(def) = defs.get_mut(&name) else { continue };
        for branch in def.get("anyOf").and_then(Value::as_array).into_iter().flatten() {
            if let Some(target) = branch.get("$ref").and_then(Value::as_str).and_then(|r| r.rsplit('/').next()) {
                pending.push(target.to_owned());
            }
        }
        close(def);
        seen.push(name);
    }
    // `requestedSchema` itself: no top-level title, description or other keyword.
    let form_params = match revision {
        ProtocolRevision::V2025_06_18 => defs.get_mut("ElicitRequest").and_then(|d| d.pointer_mut("/properties/params")),
        _ => defs.get_mut("ElicitRequestFormParams"),
    };
    if let Some(requested) = form_params.and_then(|p| p.pointer_mut("/properties/requestedSchema")) {
        close(requested);
    }
    doc
}

/// Sets `additionalProperties: false` on this schema and every subschema that lists
/// `properties` (property schemas, `items`, the members of `anyOf` / `oneOf`).
fn close(schema: &mut Value) {
    let Some(map) = schema.as_object_mut() else { return };
    if let Some(Value::Object(properties)) = map.get_mut("properties") {
        for property in properties.values_mut() {
            close(property);
        }
        map.entry("additionalProperties").or_insert(Value::Bool(false));
    }
    if let Some(items) = map.get_mut("items") {
        close(items);
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = map.get_mut(key) {
            branches.iter_mut().for_each(close);
        }
    }
}

/// A compiled check of one definition of a revision's official schema, from
/// [`validator()`]. Which JSON Schema crate compiles it is not part
/// of this API: upgrading it is not a breaking change here.
///
/// ```
/// use elicit_runtime::ProtocolRevision;
/// use elicit_runtime::testing::spec::{Strictness, validator};
/// use serde_json::json;
///
/// let property = validator(ProtocolRevision::V2025_11_25, Strictness::Strict, "PrimitiveSchemaDefinition").unwrap();
/// assert!(property.is_valid(&json!({"type": "string", "title": "Name", "maxLength": 50})));
/// // A keyword the official schema does not declare: a strict client drops it.
/// assert!(!property.is_valid(&json!({"type": "string", "pattern": "^a$"})));
/// let errors = property.errors(&json!({"type": "string", "pattern": "^a$"}));
/// // Each error says where it is (a JSON pointer, empty for the whole value) and what is wrong.
/// assert!(!errors.is_empty() && errors.iter().all(|e| e.starts_with("at ")), "{errors:?}");
/// ```
#[doc(hidden)]
pub struct Validator(jsonschema::Validator);

impl Validator {
    /// Whether `instance` validates.
    pub fn is_valid(&self, instance: &Value) -> bool {
        self.0.is_valid(instance)
    }

    /// Every error of `instance`, each as `at <JSON pointer>: <what is wrong>` (empty when
    /// it validates).
    pub fn errors(&self, instance: &Value) -> Vec<String> {
        self.0.iter_errors(instance).map(|e| format!("at {}: {e}", e.instance_path())).collect()
    }
}

impl std::fmt::Debug for Validator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Validator").finish_non_exhaustive()
    }
}

/// A validator of `target` (a definition name such as `ElicitRequest`) in the official
/// schema of `revision`; the error says why the schema did not compile.
#[doc(hidden)]
pub fn validator(revision: ProtocolRevision, strictness: Strictness, target: &str) -> Result<Validator, String> {
    let mut doc = match strictness {
        Strictness::Official => document(revision).clone(),
        Strictness::Strict => strict_document(revision),
    };
    let pointer = format!("#/{}/{target}", definitions_key(revision));
    doc.as_object_mut().ok_or("the schema document is not an object")?.insert("$ref".into(), Value::String(pointer));
    jsonschema::validator_for(&doc).map(Validator).map_err(|e| format!("{revision} schema.json does not compile: {e}"))
}

type Cached = Result<&'static Validator, String>;
type ValidatorKey = (ProtocolRevision, Strictness, &'static str);

/// A validator of the definition `target` of a revision, built once and kept.
#[doc(hidden)]
pub fn cached_validator(revision: ProtocolRevision, strictness: Strictness, target: &'static str) -> Cached {
    static CACHE: OnceLock<Mutex<HashMap<ValidatorKey, Cached>>> = OnceLock::new();
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    cache
        .entry((revision, strictness, target))
        .or_insert_with(|| validator(revision, strictness, target).map(|v| &*Box::leak(Box::new(v))))
        .clone()
}

/// Checks `instance` against the definition `target` of a revision's official schema
/// (`"ElicitRequest"` for a request: `{"jsonrpc", "id", "method", "params"}`, or the bare
/// `{method, params}` of a 2026-07-28 input request); the errors, with where they are,
/// when it does not validate.
///
/// ```
/// use elicit_runtime::ProtocolRevision;
/// use elicit_runtime::testing::spec::{Strictness, check};
/// use serde_json::json;
///
/// let request = |property| json!({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {
///     "message": "Your name?",
///     "requestedSchema": {"type": "object", "properties": {"name": property}, "required": ["name"]}
/// }});
/// let name = json!({"type": "string", "title": "Name", "maxLength": 50});
/// assert_eq!(check(ProtocolRevision::V2025_11_25, Strictness::Strict, "ElicitRequest", &request(name)), Ok(()));
/// // A nested object is not a field the specification allows: every error says where it is.
/// let nested = json!({"type": "object", "properties": {"first": {"type": "string"}}});
/// let errors = check(ProtocolRevision::V2025_11_25, Strictness::Official, "ElicitRequest", &request(nested)).unwrap_err();
/// assert!(!errors.is_empty() && errors.iter().all(|e| e.starts_with("at ")), "{errors:?}");
/// ```
pub fn check(revision: ProtocolRevision, strictness: Strictness, target: &'static str, instance: &Value) -> Result<(), Vec<String>> {
    let validator = cached_validator(revision, strictness, target).map_err(|e| vec![e])?;
    let errors = validator.errors(instance);
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// Checks a request against the revision's `ElicitRequest` ([`check`]).
pub(crate) fn check_request(revision: ProtocolRevision, strictness: Strictness, request: &Value) -> Result<(), Vec<String>> {
    check(revision, strictness, "ElicitRequest", request)
}
