//! Helpers shared by the integration suites of elicit:
//!
//! - [`spec`]: the official `schema.json` of each protocol revision
//!   (embedded in the runtime, and compared with `../shared/spec/<rev>/schema.json`
//!   when that is there), and validators of an `elicitation/create`
//!   request against its `ElicitRequest` definition, as published ([`spec::Strictness::Official`])
//!   and closed so that a key no schema type declares is an error ([`spec::Strictness::Strict`]).
//! - [`forms`]: the representative forms the suites render, validate and decode.
//! - [`samples`]: a valid `content` for each form, to break one field at a time.
//! - `ReadmeDoctests` (doctests only): the README's Rust code blocks.

use serde_json::{Map, Value};

// The README's Rust code blocks, as doctests: `cargo test` compiles and runs the quickstart
// a user copies (see `build.rs`, which adds the context the later blocks continue).
#[cfg(doctest)]
#[doc = include_str!(concat!(env!("OUT_DIR"), "/readme_doctests.md"))]
pub struct ReadmeDoctests;

/// The JSON object inside `value`; panics (in a test) when it is not one.
pub fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("expected a JSON object, got {other}"),
    }
}

/// Content as a 2025-06-18 client sends it: each multi-select list of `content` written
/// as one checkbox per option of its field (`true` for the ticked ones).
pub fn checkbox_content(content: &Map<String, Value>, schema: &elicit_runtime::form::FormSchema) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, value) in content {
        let field = schema.field(key);
        let Some((field, elicit_runtime::form::Kind::MultiSelect(rules))) = field.map(|f| (f, f.kind())) else {
            out.insert(key.clone(), value.clone());
            continue;
        };
        let ticked = value.as_array().cloned().unwrap_or_default();
        for (i, option) in rules.options.iter().enumerate() {
            let name = field.checkbox_name(i).expect("an option of the field");
            out.insert(name, Value::Bool(ticked.contains(&Value::from(option.value()))));
        }
    }
    out
}

pub mod spec {
    //! The official machine-readable schemas, and checking emitted requests against them.

    use std::path::PathBuf;

    use elicit_runtime::{Elicit, ProtocolRevision, SchemaError, SchemaOptions};
    use serde_json::{Map, Value, json};

    /// The shared folder the project was created from (`../shared` beside the workspace),
    /// when it is there: a clone of the repository alone does not have it, and every test
    /// that reads it must pass without it (the runtime embeds the schemas, and
    /// `tests/spec` holds the few official examples the suites need).
    pub fn shared_spec_dir() -> Option<PathBuf> {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/spec");
        dir.is_dir().then_some(dir)
    }

    /// Where the official `schema.json` of a revision lives in the shared folder, when that
    /// folder is there (see [`shared_spec_dir`]); the embedded copy is
    /// `elicit_runtime::testing::spec::document_text`.
    pub fn shared_schema_path(revision: ProtocolRevision) -> Option<PathBuf> {
        shared_spec_dir().map(|dir| dir.join(revision.as_str()).join("schema.json"))
    }

    /// The official examples of a revision that the suites compare against, vendored in
    /// this repository (`tests/spec/<rev>/examples`, byte-identical copies of the
    /// specification's files; a test checks them against the shared folder when it is there).
    pub fn examples_dir(revision: ProtocolRevision) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("spec").join(revision.as_str()).join("examples")
    }

    /// Reads and parses a JSON file; panics (in a test) with the path when it cannot.
    pub fn read_json(path: &std::path::Path) -> Value {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
    }

    // The official documents, definitions and validators are the runtime's own
    // (`elicit_runtime::testing::spec`, embedded copies of the files above; the wire
    // suite checks that they are byte-identical).
    pub use elicit_runtime::testing::spec::{Strictness, definition, definitions_key, document, strict_document};

    /// Checks a request against the revision's `ElicitRequest`.
    pub fn check_request(revision: ProtocolRevision, strictness: Strictness, request: &Value) -> Result<(), Vec<String>> {
        elicit_runtime::testing::spec::check(revision, strictness, "ElicitRequest", request)
    }

    /// A validator of `elicitation/create` requests against `ElicitRequest`.
    pub fn request_validator(revision: ProtocolRevision, strictness: Strictness) -> &'static elicit_runtime::testing::spec::Validator {
        validator(revision, strictness, "ElicitRequest")
    }

    /// A validator of a bare property schema against `PrimitiveSchemaDefinition`.
    pub fn property_validator(revision: ProtocolRevision, strictness: Strictness) -> &'static elicit_runtime::testing::spec::Validator {
        validator(revision, strictness, "PrimitiveSchemaDefinition")
    }

    fn validator(revision: ProtocolRevision, strictness: Strictness, target: &'static str) -> &'static elicit_runtime::testing::spec::Validator {
        elicit_runtime::testing::spec::cached_validator(revision, strictness, target)
            .unwrap_or_else(|e| panic!("{revision} schema.json does not compile: {e}"))
    }

    /// The `elicitation/create` request that carries `requested_schema` in `revision`:
    ///
    /// - 2025-06-18: a JSON-RPC request, `params: {message, requestedSchema}`;
    /// - 2025-11-25: a JSON-RPC request (its `ElicitRequest` requires `jsonrpc` and `id`),
    ///   `params` with `mode: "form"`;
    /// - 2026-07-28: the bare `{method, params}` that travels in
    ///   `InputRequiredResult.inputRequests`, `params` with `mode: "form"`.
    pub fn elicit_request(revision: ProtocolRevision, message: &str, requested_schema: &Value) -> Value {
        let mut params = Map::new();
        if revision.has_modes() {
            params.insert("mode".into(), "form".into());
        }
        params.insert("message".into(), message.into());
        params.insert("requestedSchema".into(), requested_schema.clone());
        match revision {
            ProtocolRevision::V2026_07_28 => json!({ "method": "elicitation/create", "params": params }),
            _ => json!({ "jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": params }),
        }
    }

    /// The request the runtime itself would send for `T`: its
    /// params ([`Question::into_params`](elicit_runtime::exchange::Question::into_params) of its form), wrapped as in [`elicit_request`].
    pub fn form_request<T: Elicit>(revision: ProtocolRevision, message: &str, options: &SchemaOptions) -> Result<Value, SchemaError> {
        let form = elicit_runtime::exchange::Question::Form { schema: T::requested_schema_with(revision, options)?, message: message.to_owned() };
        let params = form.into_params();
        Ok(match revision {
            ProtocolRevision::V2026_07_28 => json!({ "method": "elicitation/create", "params": params }),
            _ => json!({ "jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": params }),
        })
    }

    /// Builds the request the runtime sends for `T` on a revision and checks it.
    pub fn check_form<T: Elicit>(revision: ProtocolRevision, options: &SchemaOptions, strictness: Strictness) -> Result<(), FormCheck> {
        let request = form_request::<T>(revision, "Please fill in the form", options).map_err(FormCheck::Render)?;
        check_request(revision, strictness, &request).map_err(FormCheck::Invalid)
    }

    /// Why [`check_form`] failed.
    #[derive(Debug)]
    pub enum FormCheck {
        /// The revision cannot express the form.
        Render(SchemaError),
        /// The request does not validate; the validator's messages.
        Invalid(Vec<String>),
    }
}

pub mod forms {
    //! The representative forms. Each keeps to one concern so its wire JSON can be
    //! written by hand and checked keyword by keyword against the specification.

    use std::collections::{BTreeSet, HashSet};

    use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
    use elicit_runtime::Elicit;
    use url::Url;

    // Untitled options: `enum` on every revision.
    #[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[elicit(json_schema)]
    #[elicit(rename_all = "lowercase")]
    pub enum Color {
        Red,
        Green,
        Blue,
    }

    // Titled options, one of them left untitled (its value stands in as its title).
    #[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[elicit(json_schema)]
    #[elicit(rename_all = "kebab-case")]
    pub enum Plan {
        #[elicit(title = "Free tier")]
        Free,
        #[elicit(title = "Pro (9 €/month)")]
        ProMonthly,
        Enterprise,
    }

    // The `status` of the SEP-1034 conformance scenario.
    #[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
    #[elicit(rename_all = "lowercase")]
    pub enum Status {
        Active,
        Inactive,
        Pending,
    }

    /// Strings with every constraint and every format, from attributes and from types.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct Strings {
        /// Shown on your profile
        #[elicit(title = "Display name", min_length = 3, max_length = 20, pattern = "^[A-Za-z][A-Za-z ]*$")]
        pub name: String,
        #[elicit(format = "email", default = "user@example.com")]
        pub email: String,
        #[elicit(format = "uri")]
        pub homepage: Option<String>,
        #[elicit(format = "date")]
        pub birthday: String,
        #[elicit(format = "date-time", description = "When to call you back")]
        pub callback_at: Option<String>,
        #[elicit(max_length = 5)]
        pub initials: Option<String>,
        pub born: NaiveDate,
        pub starts: DateTime<Utc>,
        pub site: Url,
    }

    /// Integers of every width, with and without bounds of their own.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct Integers {
        pub tiny: i8,
        pub byte: u8,
        pub short: i16,
        pub word: u16,
        pub int: i32,
        pub uint: u32,
        pub long: i64,
        pub ulong: u64,
        pub size: usize,
        #[elicit(minimum = 1, maximum = 5, default = 3)]
        pub stars: u8,
        #[elicit(minimum = -10)]
        pub offset: i64,
        #[elicit(maximum = 1000)]
        pub count: Option<u64>,
        /// How many guests
        #[elicit(title = "Guests")]
        pub guests: Option<u16>,
    }

    /// Numbers: plain, bounded by integer and by fractional literals, with defaults.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct Numbers {
        pub ratio: f64,
        pub weight: f32,
        #[elicit(minimum = 0, maximum = 100)]
        pub percent: f64,
        #[elicit(minimum = -273.15)]
        pub celsius: Option<f64>,
        #[elicit(minimum = 0.5, maximum = 99.5, default = 2.5)]
        pub score: f64,
        #[elicit(default = 50)]
        pub volume: f32,
    }

    /// Booleans, with and without defaults.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct Booleans {
        pub agree: bool,
        pub newsletter: Option<bool>,
        #[elicit(default = true)]
        pub remember: bool,
        /// Send me a copy
        #[elicit(title = "Copy", default = false)]
        pub copy: bool,
    }

    /// Single-selects: untitled and titled, optional, with defaults.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct Selects {
        pub color: Color,
        /// Pick a plan
        #[elicit(title = "Plan")]
        pub plan: Plan,
        pub accent: Option<Color>,
        #[elicit(default = "green")]
        pub background: Color,
        #[elicit(default = "pro-monthly")]
        pub upgrade: Plan,
    }

    /// Multi-selects: untitled and titled, with item counts, optional, with a default.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct MultiSelects {
        pub colors: Vec<Color>,
        /// Choose up to two plans
        #[elicit(title = "Plans", min_items = 1, max_items = 2)]
        pub plans: BTreeSet<Plan>,
        pub extras: Option<HashSet<Color>>,
        #[elicit(default = ["red", "blue"], max_items = 3)]
        pub favorites: Vec<Color>,
    }

    /// Wire names from `rename_all`, `rename` and serde's attributes; a skipped field;
    /// a `#[serde(default)]` field. Also derives serde, to compare the two encodings.
    #[derive(Elicit, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    #[elicit(json_schema)]
    #[serde(rename_all = "camelCase")]
    pub struct Renamed {
        pub first_name: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub last_name: Option<String>,
        #[elicit(rename = "e-mail", format = "email")]
        #[serde(rename = "e-mail")]
        pub email_address: String,
        #[serde(rename = "zip")]
        pub postal_code: String,
        #[serde(default)]
        pub referral_code: String,
        #[elicit(skip)]
        #[serde(skip)]
        pub internal_id: u32,
    }

    /// The defaults of the SEP-1034 conformance scenario: one of every kind.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct Defaults {
        #[elicit(default = "John Doe")]
        pub name: String,
        #[elicit(default = 30)]
        pub age: i64,
        #[elicit(default = 95.5)]
        pub score: f64,
        #[elicit(default = "active")]
        pub status: Status,
        #[elicit(default = true)]
        pub verified: bool,
    }

    /// The "Structured Data Request" of the specification's examples (2025-06-18,
    /// 2025-11-25, and `ElicitRequestFormParams/elicit-multiple-fields.json` of 2026-07-28).
    #[derive(Elicit, Debug, Clone, PartialEq)]
    pub struct SpecContact {
        /// Your full name
        pub name: String,
        /// Your email address
        #[elicit(format = "email")]
        pub email: String,
        /// Your age
        #[elicit(minimum = 18)]
        pub age: Option<f64>,
    }

    /// The request of `ElicitRequest/elicitation-request.json` (2026-07-28 examples).
    #[derive(Elicit, Debug, Clone, PartialEq)]
    pub struct GithubLogin {
        #[elicit(title = "GitHub Username", description = "Your GitHub username")]
        pub name: String,
    }

    /// Patterns with the class escapes whose meaning differs between ECMA-262 (the
    /// dialect JSON Schema names) and the regex crate, and an escaped backslash.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    pub struct Patterns {
        #[elicit(pattern = "^\\d{5}$")]
        pub zip: String,
        #[elicit(pattern = "^[\\w.-]+$")]
        pub handle: String,
        #[elicit(pattern = "^\\D*$")]
        pub no_digits: Option<String>,
        #[elicit(pattern = "^a\\\\d$")]
        pub backslash: Option<String>,
    }

    /// A form with no field at all.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct Empty {}

    /// One of everything, for the round-trip property test.
    #[derive(Elicit, Debug, Clone, PartialEq)]
    #[elicit(json_schema)]
    pub struct Everything {
        #[elicit(min_length = 1, max_length = 12)]
        pub name: String,
        pub note: Option<String>,
        #[elicit(pattern = "^[0-9]{5}$")]
        pub zip: String,
        #[elicit(format = "email")]
        pub email: String,
        pub tiny: i8,
        pub byte: u8,
        pub int: i32,
        pub long: i64,
        pub ulong: u64,
        #[elicit(minimum = 1, maximum = 5)]
        pub stars: u8,
        pub ratio: f64,
        pub weight: f32,
        #[elicit(minimum = 0, maximum = 100)]
        pub percent: f64,
        pub agree: bool,
        pub newsletter: Option<bool>,
        pub count: Option<u16>,
        pub color: Color,
        pub plan: Option<Plan>,
        pub colors: Vec<Color>,
        #[elicit(min_items = 1, max_items = 2)]
        pub plans: BTreeSet<Plan>,
        pub extras: HashSet<Color>,
        pub born: NaiveDate,
        pub starts: DateTime<FixedOffset>,
        pub site: Url,
    }
}

pub mod samples {
    //! A valid `content` for each form of [`forms`](crate::forms): the starting point of
    //! tables and property tests that break one field at a time.

    use serde_json::{Value, json};

    /// For [`Strings`](crate::forms::Strings).
    pub fn strings() -> Value {
        json!({
            "name": "Ada Lovelace",
            "email": "ada@example.com",
            "birthday": "1815-12-10",
            "born": "1815-12-10",
            "starts": "2025-11-25T10:30:00Z",
            "site": "https://example.com/"
        })
    }

    /// For [`Integers`](crate::forms::Integers).
    pub fn integers() -> Value {
        json!({"tiny": 0, "byte": 0, "short": 0, "word": 0, "int": 0, "uint": 0, "long": 0, "ulong": 0, "size": 0, "offset": 0})
    }

    /// For [`Numbers`](crate::forms::Numbers).
    pub fn numbers() -> Value {
        json!({"ratio": 0.5, "weight": 1.5, "percent": 50})
    }

    /// For [`Booleans`](crate::forms::Booleans).
    pub fn booleans() -> Value {
        json!({"agree": true})
    }

    /// For [`Selects`](crate::forms::Selects).
    pub fn selects() -> Value {
        json!({"color": "red", "plan": "free"})
    }

    /// For [`MultiSelects`](crate::forms::MultiSelects).
    pub fn multi_selects() -> Value {
        json!({"colors": ["red"], "plans": ["free"]})
    }

    /// For [`Renamed`](crate::forms::Renamed).
    pub fn renamed() -> Value {
        json!({"firstName": "Ada", "e-mail": "ada@example.com", "zip": "12345"})
    }

    /// For [`Patterns`](crate::forms::Patterns).
    pub fn patterns() -> Value {
        json!({"zip": "12345", "handle": "ada.lovelace"})
    }

    /// For [`Defaults`](crate::forms::Defaults): nothing at all.
    pub fn defaults() -> Value {
        json!({})
    }
}

pub mod dialects {
    //! The messages of the two seed drafts, as JSON Schemas written from the seeds' text
    //! (`tests/dialects/`), and checking a message against one of their definitions.

    use serde_json::{Value, json};

    /// The draft elicitation chapter (seed 002): `elicitation/track`, `-32604`.
    pub const ELICITATION_TRACK: &str = include_str!("../dialects/elicitation-track.schema.json");
    /// The "User Interaction" proposal (seed 000): `interaction/create`, `-32003`,
    /// `interaction/notify`.
    pub const USER_INTERACTION: &str = include_str!("../dialects/user-interaction.schema.json");

    /// The user both dialects' tests act for, and the message of their consent page.
    pub const USER: &str = "alice";
    /// See [`USER`].
    pub const PAGE: &str = "Authorization is required to access your Example Co files.";

    /// The body of both dialects' `connect` tool: asks for consent to open the page
    /// through `peer` (a plain rmcp context, or the user-interaction wrapper around it),
    /// waits for the page, and says how it went.
    pub async fn connect<P: elicit_runtime::ElicitPeer + ?Sized>(interactions: &elicit_runtime::url::Interactions, peer: &P) -> String {
        use elicit_runtime::{ElicitError, Elicitation};
        let outcome = async {
            let page = interactions.url_request(peer, USER, "files", PAGE, |id| format!("https://oauth.example.com/authorize?state={id}")).await?;
            Ok::<_, ElicitError>(match page.ask(peer).await? {
                Elicitation::Accept(()) => {
                    page.completion(peer, std::time::Duration::from_secs(5)).await?;
                    "connected".to_owned()
                }
                other => format!("{other:?}"),
            })
        };
        outcome.await.unwrap_or_else(|err| format!("error {err:?}"))
    }

    /// Panics (in a test) unless `message` is valid against `definition` of `schema`,
    /// formats included, naming every violation.
    pub fn assert_valid(schema: &str, definition: &str, message: &Value) {
        let mut rooted: Value = serde_json::from_str(schema).expect("the dialect's schema is JSON");
        rooted["$ref"] = json!(format!("#/definitions/{definition}"));
        let validator = jsonschema::options().should_validate_formats(true).build(&rooted).expect("the dialect's schema compiles");
        let errors: Vec<String> = validator.iter_errors(message).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        assert!(errors.is_empty(), "{definition}: {message} breaks the dialect's schema: {errors:?}");
    }
}
