//! Rendering a [`FormSchema`] to the `requestedSchema` JSON of a protocol revision, once.

use std::any::TypeId;
use std::collections::HashMap;
use std::fmt;
use std::sync::{OnceLock, RwLock};

use serde_json::{Map, Value, json};

use crate::locale::{Arg, Locale};
use crate::revision::ProtocolRevision;
use super::multi_select::checkboxes;
use super::profile::{ClientProfile, adapt_property, carry_titles};
use super::schema::{EnumOption, FieldSchema, FormSchema, Kind, has_titles};

/// How to write a schema where the specification leaves a choice.
///
/// ```
/// use elicit_runtime::SchemaOptions;
///
/// let options = SchemaOptions::new().legacy_enum_names(true).pattern_on_wire(true);
/// assert!(options.uses_legacy_enum_names());
/// assert!(options.has_pattern_on_wire());
/// assert_eq!(SchemaOptions::default(), SchemaOptions::new());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SchemaOptions {
    legacy_enum_names: bool,
    pattern_on_wire: bool,
    locale: Option<Locale>,
    profile: Option<&'static ClientProfile>,
}

impl SchemaOptions {
    /// The defaults: titled single-selects as the revision prefers, `pattern` enforced on
    /// the server only.
    pub const fn new() -> Self {
        Self { legacy_enum_names: false, pattern_on_wire: false, locale: None, profile: None }
    }

    /// Write the form for what this client can show ([`ClientProfile`]), whatever the
    /// client says it is: numbers as text, multi-selects as checkboxes, plain option
    /// values, titles in the description, as the profile needs. Its answers are read
    /// back into the same typed value. Without it, the profile is recognised from the
    /// client's `clientInfo` ([`ClientProfile::recognise`]); `ClientProfile::SPEC` turns
    /// that off.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, ProtocolRevision, SchemaOptions};
    /// use elicit_runtime::form::ClientProfile;
    ///
    /// #[derive(Elicit)]
    /// struct Booking {
    ///     /// Number of guests
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     guests: u8,
    /// }
    ///
    /// let codex = SchemaOptions::new().client_profile(&ClientProfile::CODEX);
    /// let schema = Booking::requested_schema_with(ProtocolRevision::V2025_11_25, &codex)?;
    /// assert_eq!(
    ///     schema.as_json()["properties"]["guests"],
    ///     serde_json::json!({
    ///         "type": "string",
    ///         "description": "Number of guests (a whole number from 1 to 12, in digits)",
    ///         "pattern": "^[0-9]+$"
    ///     })
    /// );
    /// # Ok::<(), elicit_runtime::SchemaError>(())
    /// ```
    pub const fn client_profile(mut self, profile: &'static ClientProfile) -> Self {
        self.profile = Some(profile);
        self
    }

    /// The client profile [chosen](Self::client_profile), if one was.
    pub const fn chosen_profile(&self) -> Option<&'static ClientProfile> {
        self.profile
    }

    /// The profile the form is written for: the one chosen, else the specification's.
    pub const fn profile(&self) -> &'static ClientProfile {
        match self.profile {
            Some(profile) => profile,
            None => &ClientProfile::SPEC,
        }
    }

    /// Write the texts of the schema in `locale`'s language: the author's translated
    /// titles and descriptions, and on 2025-06-18 the checkbox titles of a multi-select
    /// ([`locale`](crate::locale)). Property names, kinds and bounds do not change.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, ProtocolRevision, SchemaOptions};
    /// use elicit_runtime::locale::Locale;
    ///
    /// #[derive(Elicit)]
    /// #[elicit(rename_all = "lowercase")]
    /// enum Diet {
    ///     #[elicit(title = "Vegan", title(ko = "비건"))]
    ///     Vegan,
    /// }
    ///
    /// #[derive(Elicit)]
    /// struct Order {
    ///     #[elicit(title = "Diets", title(ko = "식단"), min_items = 1)]
    ///     diets: Vec<Diet>,
    /// }
    ///
    /// let ko = SchemaOptions::new().locale(Locale::for_tag("ko"));
    /// let schema = Order::requested_schema_with(ProtocolRevision::V2025_06_18, &ko)?;
    /// assert_eq!(schema.as_json()["properties"]["diets_vegan"]["title"], "식단: 비건");
    /// assert_eq!(schema.as_json()["properties"]["diets_vegan"]["description"], "1개 이상 선택하세요");
    /// # Ok::<(), elicit_runtime::SchemaError>(())
    /// ```
    pub const fn locale(mut self, locale: Locale) -> Self {
        self.locale = Some(locale);
        self
    }

    /// The language the texts are written in: the one [set](Self::locale), or the
    /// catalog's default.
    pub fn language(&self) -> Locale {
        self.locale.unwrap_or_default()
    }

    /// The language [set](Self::locale), if one was.
    pub const fn chosen_locale(&self) -> Option<Locale> {
        self.locale
    }

    /// Write titled single-selects as `enum` + `enumNames` on every revision (2025-11-25
    /// and later still accept it as `LegacyTitledEnumSchema`), for clients that predate
    /// `oneOf`. For one enum only, put `#[elicit(legacy_enum_names)]` on it instead.
    pub const fn legacy_enum_names(mut self, yes: bool) -> Self {
        self.legacy_enum_names = yes;
        self
    }

    /// Send `pattern` on string properties. It is in the specification's prose but not
    /// in its official schema types, so strict clients may drop or reject it; received
    /// content is checked against the pattern either way.
    pub const fn pattern_on_wire(mut self, yes: bool) -> Self {
        self.pattern_on_wire = yes;
        self
    }

    /// Whether titled single-selects use `enum` + `enumNames`.
    pub const fn uses_legacy_enum_names(&self) -> bool {
        self.legacy_enum_names
    }

    /// Whether `pattern` is sent.
    pub const fn has_pattern_on_wire(&self) -> bool {
        self.pattern_on_wire
    }
}

/// A form that a protocol revision cannot express.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SchemaError {
    /// On a revision without arrays (2025-06-18) a multi-select is written as one
    /// checkbox per option, named `field_option`; this one is also the name of another
    /// field or of another field's checkbox. `#[derive(Elicit)]` refuses such a form at
    /// compile time; this catches a form built otherwise (or generic over its fields).
    NameCollision {
        /// The wire name of the multi-select field.
        field: &'static str,
        /// The checkbox property whose name is taken.
        property: String,
        /// The revision.
        revision: ProtocolRevision,
    },
    /// The field holds a secret ([`Secret`](crate::page::Secret)): the MCP specification
    /// forbids requesting sensitive information in form mode. `#[derive(Elicit)]` refuses
    /// such a form at compile time; this catches a form generic over its field types.
    Sensitive {
        /// The wire name of the field.
        field: &'static str,
    },
    /// A rule given when the question is asked (a single value's bounds or pattern,
    /// [`ask_text`](crate::exchange::ask_text)) that no answer could keep or that is not
    /// a rule: `min_length` above `max_length`, `minimum` above `maximum`, a bound that
    /// is not a finite number, a pattern that is not a regular expression.
    BadRule {
        /// The wire name of the field.
        field: &'static str,
        /// The rule at fault (`min_length`, `minimum`, `pattern`...).
        rule: &'static str,
        /// What is wrong with it.
        why: String,
    },
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchemaError::NameCollision { field, property, revision } => write!(
                f,
                "on protocol revision {revision} the multi-select `{field}` is written as one checkbox per option, and the checkbox `{property}` has the name of another property; rename one of them"
            ),
            SchemaError::BadRule { field, why, .. } => write!(f, "the rules of the field `{field}` cannot be asked: {why}"),
            SchemaError::Sensitive { field } => write!(
                f,
                "the field `{field}` holds a secret, which the MCP specification forbids requesting in form mode: ask for it on the server's page (`#[elicit(page)]`)"
            ),
        }
    }
}

impl std::error::Error for SchemaError {}

/// The `requestedSchema` of a form for one revision, rendered once and kept.
///
/// ```
/// use elicit_runtime::{Elicit, ProtocolRevision};
///
/// #[derive(Elicit)]
/// struct Confirm {
///     #[elicit(default = true)]
///     proceed: bool,
/// }
///
/// let schema = Confirm::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
/// assert_eq!(
///     schema.to_json_string(),
///     r#"{"type":"object","properties":{"proceed":{"type":"boolean","default":true}}}"#
/// );
/// // Asked again, the same rendered value comes back.
/// assert!(std::ptr::eq(schema, Confirm::requested_schema(ProtocolRevision::V2025_11_25).unwrap()));
/// ```
#[derive(Debug, Clone)]
pub struct RequestedSchema {
    json: Value,
    /// The JSON text, written the first time it is asked for: a transport that sends raw
    /// params asks for it, rmcp's sends the `Value` (and a form with run-time selects has a
    /// schema per request).
    text: OnceLock<String>,
    revision: ProtocolRevision,
}

/// Equal when the schemas are: the text is only ever theirs written out.
impl PartialEq for RequestedSchema {
    fn eq(&self, other: &Self) -> bool {
        self.json == other.json && self.revision == other.revision
    }
}

impl RequestedSchema {
    /// The schema as a JSON object.
    pub fn as_json(&self) -> &Value {
        &self.json
    }

    /// The schema as a JSON object map.
    pub fn as_map(&self) -> &Map<String, Value> {
        match &self.json {
            Value::Object(map) => map,
            _ => unreachable_object(),
        }
    }

    /// The schema serialized, with properties in field order.
    pub fn to_json_string(&self) -> &str {
        self.text.get_or_init(|| self.json.to_string())
    }

    /// The revision this schema was written for.
    pub fn revision(&self) -> ProtocolRevision {
        self.revision
    }

    /// A schema rendered: once per form and revision, or for one request (a form with
    /// run-time selects).
    pub(crate) fn of(json: Value, revision: ProtocolRevision) -> Self {
        RequestedSchema { json, text: OnceLock::new(), revision }
    }
}

#[cold]
fn unreachable_object() -> &'static Map<String, Value> {
    // `render` only ever builds objects; an empty map is a harmless answer all the same.
    static EMPTY: OnceLock<Map<String, Value>> = OnceLock::new();
    EMPTY.get_or_init(Map::new)
}

/// Renders a form schema for a revision. Prefer
/// [`Elicit::requested_schema`](crate::Elicit::requested_schema), which renders once per
/// type and revision.
pub fn render(schema: &FormSchema, revision: ProtocolRevision, options: &SchemaOptions) -> Result<RequestedSchema, SchemaError> {
    let mut properties = Map::with_capacity(schema.fields().len());
    let mut required = Vec::new();
    for field in schema.fields() {
        if field.is_sensitive() {
            return Err(SchemaError::Sensitive { field: field.name() });
        }
        let as_checkboxes = options.profile().checkboxes_for(field, revision);
        if field.is_runtime_select() && as_checkboxes {
            // Its place, where each request writes its checkboxes (`with_options`): a
            // run-time multi-select has no options here, whatever the client shows.
            properties.insert(field.name().to_owned(), json!({ "type": "boolean" }));
            continue;
        }
        if let (Kind::MultiSelect(rules), true) = (field.kind(), as_checkboxes) {
            for (property, checkbox) in checkboxes(field, rules, options.language()) {
                let taken = properties.contains_key(&property) || schema.fields().iter().any(|f| f.name() == property);
                if taken {
                    return Err(SchemaError::NameCollision { field: field.name(), property, revision });
                }
                properties.insert(property, checkbox);
            }
            continue;
        }
        let mut property = render_field(field, revision, options)?;
        if let Value::Object(property) = &mut property {
            adapt_property(field, property, options.profile(), options.language());
        }
        properties.insert(field.name().to_owned(), property);
        if field.is_required() {
            required.push(Value::from(field.name()));
        }
    }
    carry_titles(&mut properties, options.profile(), options.language());
    let mut top = Map::with_capacity(3);
    top.insert("type".into(), "object".into());
    top.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        top.insert("required".into(), Value::Array(required));
    }
    Ok(RequestedSchema::of(Value::Object(top), revision))
}

pub(crate) fn render_field(field: &FieldSchema, revision: ProtocolRevision, options: &SchemaOptions) -> Result<Value, SchemaError> {
    let locale = options.language();
    let mut p = Map::new();
    p.insert("type".into(), field.kind().json_type().into());
    if let Some(title) = field.title_in(locale) {
        p.insert("title".into(), title.into());
    }
    // A field without a description of its own shows what its pattern asks for.
    let hint = match field.kind() {
        Kind::String(rules) => super::schema::translated(rules.pattern_hints, locale).or(rules.pattern_hint),
        _ => None,
    };
    match (field.description_in(locale).or(hint), field.separated_list()) {
        (description, Some(list)) => {
            // A free-form list says how to separate its items, after the description.
            let rule = locale.message("list-hint", &[("separator", Arg::Text(list.separator()))]);
            let text = match description {
                Some(description) => locale.message("checkbox-description", &[("description", Arg::Text(description)), ("rule", Arg::Text(&rule))]),
                None => rule,
            };
            p.insert("description".into(), text.into());
        }
        (Some(description), None) => {
            p.insert("description".into(), description.into());
        }
        (None, None) => {}
    }
    let mut default_allowed = revision.has_defaults_on_every_type();
    match field.kind() {
        Kind::String(rules) => {
            insert_some(&mut p, "minLength", rules.min_length);
            insert_some(&mut p, "maxLength", rules.max_length);
            if options.has_pattern_on_wire() {
                insert_some(&mut p, "pattern", rules.pattern);
            }
            insert_some(&mut p, "format", rules.format.map(|f| f.as_str()));
        }
        Kind::Integer(rules) => {
            insert_some(&mut p, "minimum", rules.minimum.map(super::schema::int_to_json));
            insert_some(&mut p, "maximum", rules.maximum.map(super::schema::int_to_json));
        }
        Kind::Number(rules) => {
            insert_some(&mut p, "minimum", rules.minimum.map(|m| m.to_json()));
            insert_some(&mut p, "maximum", rules.maximum.map(|m| m.to_json()));
        }
        Kind::Boolean => default_allowed = true,
        Kind::Select(choices) => {
            if !has_titles(choices) {
                p.insert("enum".into(), values(choices));
            } else if revision.has_titled_one_of() && !options.uses_legacy_enum_names() && !field.uses_legacy_enum_names() {
                p.insert("oneOf".into(), const_titles(choices, locale));
            } else {
                p.insert("enum".into(), values(choices));
                p.insert("enumNames".into(), choices.iter().map(|o| Value::from(o.title_in(locale).unwrap_or(o.value()))).collect());
            }
        }
        Kind::MultiSelect(rules) => {
            insert_some(&mut p, "minItems", rules.min_items);
            insert_some(&mut p, "maxItems", rules.max_items);
            let items = if has_titles(rules.options) {
                json!({ "anyOf": const_titles(rules.options, locale) })
            } else {
                json!({ "type": "string", "enum": values(rules.options) })
            };
            p.insert("items".into(), items);
        }
    }
    if default_allowed {
        insert_some(&mut p, "default", field.default().map(|d| d.to_json()));
    }
    Ok(Value::Object(p))
}

fn insert_some(p: &mut Map<String, Value>, key: &str, value: Option<impl Into<Value>>) {
    if let Some(value) = value {
        p.insert(key.to_owned(), value.into());
    }
}

fn values(options: &[EnumOption]) -> Value {
    options.iter().map(|o| Value::from(o.value())).collect()
}

fn const_titles(options: &[EnumOption], locale: Locale) -> Value {
    options.iter().map(|o| json!({ "const": o.value(), "title": o.title_in(locale).unwrap_or(o.value()) })).collect()
}

/// A form by its type, with a revision and options.
type CacheKey = (TypeId, ProtocolRevision, SchemaOptions);
type Rendered = Result<&'static RequestedSchema, SchemaError>;

/// The rendered `schema` of the form type `form`, built on first use and kept for the life
/// of the process. Keyed by the type (the address of a `const` schema is not one per type:
/// each use may promote its own copy), so the cache holds at most one entry per (type,
/// revision, options): a bounded set.
pub(crate) fn cached(form: TypeId, schema: &'static FormSchema, revision: ProtocolRevision, options: &SchemaOptions) -> Rendered {
    static CACHE: OnceLock<RwLock<HashMap<CacheKey, Rendered>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (form, revision, *options);
    if let Some(found) = cache.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return found.clone();
    }
    let mut cache = cache.write().unwrap_or_else(|e| e.into_inner());
    cache
        .entry(key)
        .or_insert_with(|| render(schema, revision, options).map(|r| &*Box::leak(Box::new(r))))
        .clone()
}
