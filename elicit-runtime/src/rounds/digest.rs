//! Digests of questions (an answer counts only for the exact question it answers) and the
//! binding of a state to its call, both over canonical JSON.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::exchange::Question;
use crate::form::RequestedSchema;

/// The method of an elicitation.
pub(super) const ELICITATION: &str = "elicitation/create";

/// The digest of a question as asked: SHA-256 of its method and canonical params,
/// truncated to 128 bits, base64url. An answer is used only for a question with the same
/// digest, so a server redeployed with a changed form asks again instead of consuming a
/// stale answer.
pub(crate) fn question_digest(method: &str, params: &Map<String, Value>) -> String {
    let mut canonical = Vec::with_capacity(1024);
    canonical.extend_from_slice(method.as_bytes());
    canonical.push(0);
    write_canonical_object(params, &mut canonical);
    let digest = Sha256::digest(&canonical);
    URL_SAFE_NO_PAD.encode(&digest[..16])
}

/// The digest of a question as asked ([`question_digest`] of its method and params),
/// however it travels: a form as rendered is digested without building its params.
pub(crate) fn digest(method: &str, question: &Question) -> String {
    match question {
        Question::Form { schema, message } if method == ELICITATION => form_digest(schema, message),
        question => question_digest(method, &question.params()),
    }
}

/// [`question_digest`] of the `elicitation/create` params of `form` asked as rendered
/// under `message` (`mode`, when the form's revision has modes, `message`,
/// `requestedSchema`), without building the params: the canonical JSON of the rendered
/// schema is written once per form and kept (one entry per type, revision and options,
/// each a `&'static` of the schema cache: a bounded set).
pub(super) fn form_digest(form: &'static RequestedSchema, message: &str) -> String {
    static FORMS: OnceLock<Mutex<HashMap<usize, FormDigests>>> = OnceLock::new();
    let forms = FORMS.get_or_init(Default::default);
    let id = std::ptr::from_ref(form) as usize;
    let canonical = {
        let forms = forms.lock().unwrap_or_else(|e| e.into_inner());
        match forms.get(&id) {
            Some(known) => match known.by_message.get(message) {
                Some(digest) => return digest.clone(),
                None => Some(known.canonical.clone()),
            },
            None => None,
        }
    };
    let canonical = canonical.unwrap_or_else(|| {
        let mut canonical = Vec::with_capacity(form.to_json_string().len());
        write_canonical_object(form.as_map(), &mut canonical);
        canonical.into()
    });
    // The keys of the params in sorted order, as `write_canonical_object` writes them.
    let mut head = Vec::with_capacity(64 + message.len());
    head.extend_from_slice(ELICITATION.as_bytes());
    head.push(0);
    head.extend_from_slice(b"{\"message\":");
    write_json(message, &mut head);
    if form.revision().has_modes() {
        head.extend_from_slice(b",\"mode\":\"form\"");
    }
    head.extend_from_slice(b",\"requestedSchema\":");
    let digest = Sha256::new().chain_update(&head).chain_update(&canonical).chain_update(b"}").finalize();
    let digest = URL_SAFE_NO_PAD.encode(&digest[..16]);
    let mut forms = forms.lock().unwrap_or_else(|e| e.into_inner());
    let known = forms.entry(id).or_insert_with(|| FormDigests { canonical, by_message: HashMap::new() });
    if known.by_message.len() < MESSAGES_KEPT {
        known.by_message.insert(message.to_owned(), digest.clone());
    }
    digest
}

/// How many messages' digests [`form_digest`] keeps per form: a body whose messages
/// change with every call (they quote the user's data) digests the others each time.
const MESSAGES_KEPT: usize = 64;

/// What [`form_digest`] keeps of a form: its canonical schema, and the digests of the
/// first messages it was asked with.
struct FormDigests {
    canonical: Arc<[u8]>,
    by_message: HashMap<String, String>,
}

/// What a sealed state is bound to: the principal, the method, the name of the tool or
/// prompt (or the resource's URI) and the exact arguments (canonical JSON, keys sorted).
/// Not stored in the state, only authenticated with it: a state presented with any other
/// binding does not open.
///
/// ```
/// use elicit_runtime::rounds::Binding;
/// use serde_json::json;
///
/// let arguments = json!({"date": "2026-07-28"});
/// let call = Binding::new(Some("ada"), "tools/call", "book", arguments.as_object());
/// assert_ne!(call, Binding::new(Some("bob"), "tools/call", "book", arguments.as_object()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding(pub(super) Vec<u8>);

impl Binding {
    /// The call of `method` (`tools/call`, `prompts/get`, `resources/read`) on `name`
    /// (the tool, the prompt, the resource's URI) with `arguments`, by `principal`.
    pub fn new(principal: Option<&str>, method: &str, name: &str, arguments: Option<&Map<String, Value>>) -> Self {
        let mut binding = b"elicit/round/v1\0".to_vec();
        for part in [principal.unwrap_or(""), method, name] {
            // Lengths first, so that no two different bindings write the same bytes.
            binding.extend_from_slice(part.len().to_string().as_bytes());
            binding.push(b':');
            binding.extend_from_slice(part.as_bytes());
            binding.push(0);
        }
        // No arguments and `{}` are the same call, whichever the client writes on a retry.
        match arguments.filter(|arguments| !arguments.is_empty()) {
            Some(arguments) => write_canonical_object(arguments, &mut binding),
            None => binding.extend_from_slice(b"null"),
        }
        Self(binding)
    }
}

pub(super) fn write_canonical_object(map: &Map<String, Value>, out: &mut Vec<u8>) {
    let mut entries: Vec<(&String, &Value)> = map.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    out.push(b'{');
    for (i, (key, value)) in entries.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_json(key, out);
        out.push(b':');
        write_canonical(value, out);
    }
    out.push(b'}');
}

/// JSON with object keys sorted at every level, so the same arguments always bind the
/// same way whatever order the client wrote them in.
fn write_canonical(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => write_canonical_object(map, out),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_canonical(item, out);
            }
            out.push(b']');
        }
        other => write_json(other, out),
    }
}

/// A string or scalar as `serde_json` writes it, straight into `out`.
pub(super) fn write_json<T: serde::Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    // Writing a string or a scalar into a `Vec` cannot fail; were it to, the output
    // would still be deterministic.
    if serde_json::to_writer(&mut *out, value).is_err() {
        out.extend_from_slice(b"null");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_form_digest_is_the_digest_of_the_params_it_stands_for() {
        use crate::form::{EnumOption, FieldSchema, FormSchema, Kind, SchemaOptions, StringRules, render};
        use crate::revision::ProtocolRevision;
        static OPTIONS: [EnumOption; 2] = [EnumOption::new("in", Some("Indoors")), EnumOption::new("out", None)];
        static FIELDS: [FieldSchema; 3] = [
            FieldSchema::new("zeta", Kind::String(StringRules::PLAIN)).with_title("Z \"quoted\" é"),
            FieldSchema::new("alpha", Kind::Boolean),
            FieldSchema::new("seat", Kind::Select(&OPTIONS)),
        ];
        static FORM: FormSchema = FormSchema { fields: &FIELDS };
        for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
            let form: &'static RequestedSchema = Box::leak(Box::new(render(&FORM, revision, &SchemaOptions::new()).unwrap()));
            for message in ["Book a table", "line\nbreak \"quoted\" \u{1} é", ""] {
                let mut params = Map::new();
                if revision.has_modes() {
                    params.insert("mode".into(), "form".into());
                }
                params.insert("message".into(), message.into());
                params.insert("requestedSchema".into(), form.as_json().clone());
                let as_form = Question::Form { schema: form, message: message.to_owned() };
                assert_eq!(as_form.params().into_owned(), params);
                // Twice: the second digest is the one kept (the first message of each
                // revision writes the canonical schema; the others read it).
                for _ in 0..2 {
                    assert_eq!(digest(ELICITATION, &as_form), question_digest(ELICITATION, &params), "{revision} {message:?}");
                    assert_eq!(digest(ELICITATION, &as_form), digest(ELICITATION, &Question::Params(params.clone())), "{revision} {message:?}");
                }
                // Another method's params are digested as params.
                assert_eq!(digest("sampling/createMessage", &as_form), question_digest("sampling/createMessage", &params));
                // Params that are not the form as rendered are another question.
                let mut changed = params.clone();
                changed["requestedSchema"]["properties"]["alpha"].as_object_mut().unwrap().insert("default".into(), true.into());
                assert_ne!(digest(ELICITATION, &Question::Params(changed)), digest(ELICITATION, &as_form));
                let mut extra = params.clone();
                extra.insert("_meta".into(), json!({}));
                assert_ne!(digest(ELICITATION, &Question::Params(extra)), digest(ELICITATION, &as_form));
            }
        }
    }

    #[test]
    fn bindings_of_different_parts_never_collide() {
        assert_ne!(Binding::new(Some("a\0b"), "m", "n", None), Binding::new(Some("a"), "b\0m", "n", None));
        // No arguments and `{}` are the same call; any argument makes another.
        assert_eq!(Binding::new(None, "tools/call", "x", None), Binding::new(None, "tools/call", "x", Some(&Map::new())));
        let null = Map::from_iter([("a".to_owned(), Value::Null)]);
        assert_ne!(Binding::new(None, "tools/call", "x", None), Binding::new(None, "tools/call", "x", Some(&null)));
    }
}
