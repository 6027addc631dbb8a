//! The attributes of serde, schemars and validator on a form. Each honoured one means the
//! same to the form as to its own derive: the same constraint on the wire as the
//! `JsonSchema` (on every revision), and the same decoded value as `serde_json::from_value`
//! for content the form accepts. The table of `elicit-runtime/docs/attributes.md` is
//! walked: every honoured or accepted row is written on a form of this file (each use is
//! marked by a comment `// <attribute> <place> <key>`), every refused row has its message
//! in a compile test (`ui/attributes/foreign-*.stderr`).

use std::sync::LazyLock;

use elicit_runtime::form::SchemaOptions;
use elicit_runtime::{Elicit, ProtocolRevision};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value, json};
use validator::{Validate, ValidationError};

static TICKET_REF: LazyLock<regex::Regex> = LazyLock::new(|| regex::Regex::new("^T[0-9]+$").unwrap());

/// How urgent it is
#[derive(Deserialize, Serialize, JsonSchema, Elicit, Debug, PartialEq, Clone, Copy, Default)]
// serde container rename
#[serde(rename = "UrgencyLevel")]
// serde container rename_all
#[serde(rename_all = "lowercase")]
enum Urgency {
    // serde variant rename
    #[serde(rename = "lo")]
    // schemars variant title
    #[schemars(title = "Low")]
    // schemars variant description
    #[schemars(description = "it can wait")]
    #[default]
    Low,
    // serde variant alias
    #[serde(alias = "hi")]
    // serde variant serialize_with
    #[serde(serialize_with = "as_high")]
    // serde variant bound
    #[serde(bound = "")]
    High,
    // serde variant skip_serializing
    #[serde(skip_serializing)]
    Urgent,
}

fn as_high<S: Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str("high")
}

/// What the tool serializes a ticket into.
#[derive(Serialize, JsonSchema)]
struct Wire {
    summary: String,
}

impl From<Ticket> for Wire {
    fn from(t: Ticket) -> Self {
        Wire { summary: t.summary }
    }
}

#[derive(Deserialize, Serialize, JsonSchema, Validate, Elicit, Debug, PartialEq, Clone, Default)]
// serde container rename_all
#[serde(rename_all = "camelCase")]
// serde container deny_unknown_fields
#[serde(deny_unknown_fields)]
// serde container default
#[serde(default)]
// serde container bound
#[serde(bound = "")]
// serde container crate
#[serde(crate = "serde")]
// serde container expecting
#[serde(expecting = "a ticket")]
// serde container into
#[serde(into = "Wire")]
// schemars container deny_unknown_fields
#[schemars(deny_unknown_fields)]
// schemars container rename
#[schemars(rename = "TicketForm")]
// schemars container title
#[schemars(title = "A ticket")]
// schemars container description
#[schemars(description = "What went wrong")]
// schemars container example
#[schemars(example = json!({"summary": "Printer on fire"}))]
// schemars container extend
#[schemars(extend("x-kind" = "ticket"))]
// schemars container transform
#[schemars(transform = keep)]
// schemars container inline
#[schemars(inline)]
// schemars container crate
#[schemars(crate = "schemars")]
// schemars container bound
#[schemars(bound = "")]
// validate container schema
#[validate(schema(function = "hours_fit"))]
#[elicit(validate = elicit_runtime::exchange::validator_rules)]
struct Ticket {
    // schemars field title
    #[schemars(title = "Summary")]
    // schemars field description
    #[schemars(description = "One line")]
    // schemars field length
    #[schemars(length(min = 3, max = 80))]
    // serde field alias
    #[serde(alias = "headline")]
    summary: String,
    // schemars field range
    #[schemars(range(min = 1, max = 5))]
    priority: u8,
    // schemars field email
    #[schemars(email)]
    // serde field skip_serializing_if
    #[serde(skip_serializing_if = "String::is_empty")]
    reporter: String,
    // schemars field url
    #[schemars(url)]
    // serde field serialize_with
    #[serde(serialize_with = "upper")]
    link: String,
    // schemars field pattern
    #[schemars(pattern("^[A-Z]{2}-[0-9]+$"))]
    // serde field skip_serializing
    #[serde(skip_serializing)]
    code: String,
    // schemars field regex
    #[schemars(regex(pattern = "^[a-z]+$"))]
    // serde field bound
    #[serde(bound = "")]
    // schemars field example
    #[schemars(example = &"printer")]
    // schemars field extend
    #[schemars(extend("x-hint" = "lowercase"))]
    label: String,
    // validate field range
    #[validate(range(min = 0, max = 40))]
    // schemars field with
    #[schemars(with = "u32")]
    hours: u32,
    // validate field length
    #[validate(length(equal = 4))]
    // schemars field schema_with
    #[schemars(schema_with = "four_letters")]
    room: String,
    // validate field email
    #[validate(email)]
    cc: String,
    // validate field url
    #[validate(url)]
    docs: String,
    // validate field regex
    #[validate(regex(path = *TICKET_REF))]
    #[elicit(pattern = "^T[0-9]+$")]
    ticket_ref: String,
    // validate field custom
    #[validate(custom(function = "not_banned"))]
    word: String,
    urgency: Urgency,
}

fn keep(_: &mut schemars::Schema) {}

fn upper<S: Serializer>(link: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&link.to_uppercase())
}

fn four_letters(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "string", "minLength": 4, "maxLength": 4})
}

fn not_banned(word: &str) -> Result<(), ValidationError> {
    if word == "banned" { Err(ValidationError::new("banned").with_message("is not allowed".into())) } else { Ok(()) }
}

fn hours_fit(ticket: &Ticket) -> Result<(), ValidationError> {
    if ticket.priority == 5 && ticket.hours > 8 { Err(ValidationError::new("hours").with_message("an urgent ticket takes 8 hours at most".into())) } else { Ok(()) }
}

/// The parts of a form serde decodes the same way with names, defaults, skips and flatten.
#[derive(Deserialize, Elicit, Debug, PartialEq, Default)]
struct Contact {
    phone: String,
}

fn default_seats() -> u16 {
    3
}

#[derive(Deserialize, Elicit, Debug, PartialEq)]
struct Profile {
    // serde field rename
    #[serde(rename = "displayName")]
    name: String,
    // serde field default
    #[serde(default = "default_seats")]
    seats: u16,
    // serde field skip
    #[serde(skip)]
    session: String,
    // serde field skip_deserializing
    #[serde(skip_deserializing)]
    loaded: bool,
    // serde field flatten
    #[serde(flatten)]
    contact: Contact,
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

fn valid_ticket() -> Value {
    json!({
        "summary": "Printer on fire",
        "priority": 5,
        "reporter": "ada@example.com",
        "link": "https://example.com/t/1",
        "code": "PR-12",
        "label": "printer",
        "hours": 8,
        "room": "B204",
        "cc": "bob@example.com",
        "docs": "https://example.com/docs",
        "ticketRef": "T42",
        "word": "fine",
        "urgency": "lo",
    })
}

/// The keys of `schema` that state a constraint or a text.
fn stated(schema: &Value) -> Map<String, Value> {
    let keys = ["minimum", "maximum", "minLength", "maxLength", "format", "pattern", "title", "description"];
    schema.as_object().map(|o| o.iter().filter(|(k, _)| keys.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default()
}

#[test]
fn schemars_constraints_are_the_same_on_the_wire_on_every_revision() {
    let json_schema = serde_json::to_value(schemars::schema_for!(Ticket)).unwrap();
    let pattern_on_wire = SchemaOptions::new().pattern_on_wire(true);
    // Where schemars states a constraint, the form sends the same one (schemars adds a
    // `format` of its own to integers, `uint8`, which no MCP form has).
    let same = [("summary", &["title", "description", "minLength", "maxLength"][..]), ("priority", &["minimum", "maximum"]), ("reporter", &["format"]), ("link", &["format"]), ("code", &["pattern"]), ("label", &["pattern"]), ("docs", &["format"])];
    for &revision in ProtocolRevision::ALL {
        let wire = Ticket::requested_schema_with(revision, &pattern_on_wire).unwrap().as_json().clone();
        for (name, keys) in same {
            let ours = stated(&wire["properties"][name]);
            let theirs = stated(&json_schema["properties"][name]);
            for key in keys {
                assert_eq!(ours.get(*key), theirs.get(*key), "{revision}: `{name}`.{key}: ours {ours:?}, schemars {theirs:?}");
                assert!(ours.contains_key(*key), "{revision}: `{name}` has no {key}");
            }
        }
        // validator's constraints, as schemars reads them.
        assert_eq!(stated(&wire["properties"]["hours"]), object(json!({"minimum": 0, "maximum": 40})), "{revision}");
        assert_eq!(stated(&wire["properties"]["room"]), object(json!({"minLength": 4, "maxLength": 4})), "{revision}");
        assert_eq!(stated(&wire["properties"]["cc"]), object(json!({"format": "email"})), "{revision}");
        assert_eq!(stated(&wire["properties"]["ticketRef"]), object(json!({"pattern": "^T[0-9]+$"})), "{revision}");
        // The variant's schemars title is the option's title.
        let urgency = &wire["properties"]["urgency"];
        let titled = urgency["oneOf"].as_array().or(urgency["enumNames"].as_array()).map(|_| urgency.to_string()).unwrap_or_default();
        assert!(titled.contains("\"Low\""), "{revision}: {urgency}");
        // Without `pattern_on_wire` the pattern stays on the server, as an elicit pattern does.
        let plain = Ticket::requested_schema(revision).unwrap().as_json().clone();
        assert!(plain["properties"]["code"].get("pattern").is_none(), "{revision}");
    }
}

#[test]
fn valid_content_decodes_to_the_value_serde_gives() {
    let content = valid_ticket();
    let ours = Ticket::from_content(&object(content.clone())).unwrap();
    let serde: Ticket = serde_json::from_value(content).unwrap();
    assert_eq!(ours, serde);
    // The container's `#[serde(default)]`: what is left out is the default, both ways.
    let short = json!({"summary": "Printer on fire", "priority": 1, "ticketRef": "T1", "room": "B204", "cc": "bob@example.com", "docs": "https://example.com/"});
    let ours = Ticket::from_content(&object(short.clone()));
    let serde: Ticket = serde_json::from_value(short).unwrap();
    assert_eq!(ours.as_ref().ok(), Some(&serde), "{ours:?}");
    // The enum's names, and a variant that is only skipped when serializing.
    for (wire, value) in [("lo", Urgency::Low), ("high", Urgency::High), ("urgent", Urgency::Urgent)] {
        let mut content = object(valid_ticket());
        content.insert("urgency".into(), json!(wire));
        assert_eq!(Ticket::from_content(&content).unwrap().urgency, value);
        assert_eq!(serde_json::from_value::<Ticket>(Value::Object(content)).unwrap().urgency, value);
    }

    let profile = json!({"displayName": "Ada", "phone": "+44 20 7946 0000"});
    let ours = Profile::from_content(&object(profile.clone())).unwrap();
    let serde: Profile = serde_json::from_value(profile).unwrap();
    assert_eq!(ours, serde);
    assert_eq!(ours.seats, 3);
    let names: Vec<&str> = Profile::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["displayName", "seats", "phone"]);
}

#[test]
fn what_schemars_and_validator_state_is_checked_on_answers() {
    let broken = [
        ("priority", json!(9)),
        ("summary", json!("ab")),
        ("reporter", json!("x")),
        ("link", json!("not a url")),
        ("code", json!("abc")),
        ("label", json!("Printer")),
        ("hours", json!(41)),
        ("room", json!("B2")),
        ("cc", json!("bob")),
        ("ticketRef", json!("X1")),
    ];
    for (name, value) in broken {
        let mut content = object(valid_ticket());
        content.insert(name.into(), value.clone());
        let err = Ticket::from_content(&content).unwrap_err();
        assert_eq!(err.violations().iter().map(|v| v.field.as_ref()).collect::<Vec<_>>(), [name], "{name} = {value}: {err:?}");
    }
    // validator's own rules run through `validator_rules`: on a field, and on the struct.
    let mut content = object(valid_ticket());
    content.insert("word".into(), json!("banned"));
    let err = Ticket::from_content(&content).unwrap_err();
    assert!(err.to_string().contains("is not allowed"), "{err}");
    let mut content = object(valid_ticket());
    content.insert("hours".into(), json!(9));
    let err = Ticket::from_content(&content).unwrap_err();
    assert!(err.to_string().contains("8 hours at most"), "{err}");
    // `deny_unknown_fields`, and an alias: a key the form did not ask is refused.
    for key in ["extra", "headline"] {
        let mut content = object(valid_ticket());
        content.insert(key.into(), json!("x"));
        assert!(Ticket::from_content(&content).is_err(), "{key}");
    }
}

/// One row of the table: the attribute's tool and key, where, and what the derive does.
struct Row {
    tool: String,
    key: String,
    places: Vec<String>,
    treatment: String,
}

fn table() -> Vec<Row> {
    let doc = include_str!("../../elicit-runtime/docs/attributes.md");
    let section = doc.split("## Other derives' attributes").nth(1).expect("the section");
    section
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let attribute = cells.get(1)?.strip_prefix("`#[")?.strip_suffix(")]`")?;
            let (tool, key) = attribute.split_once('(')?;
            let treatment = cells.get(3)?.split([':', ' ']).next()?.to_owned();
            Some(Row { tool: tool.to_owned(), key: key.to_owned(), places: cells[2].split(", ").map(str::to_owned).collect(), treatment })
        })
        .collect()
}

#[test]
fn the_table_of_attributes_is_walked() {
    let rows = table();
    assert!(rows.len() > 80, "{} rows", rows.len());
    let this_file = include_str!("foreign_attributes.rs");
    let ui = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/attributes");
    let stderr: String = std::fs::read_dir(&ui)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("foreign-") && n.ends_with(".stderr")))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let mut missing = Vec::new();
    for row in &rows {
        for place in &row.places {
            let shown = match row.treatment.as_str() {
                "honoured" | "accepted" => this_file.contains(&format!("// {} {place} {}\n", row.tool, row.key)),
                "refused" => stderr.contains(&format!("`#[{}({})]` cannot be used on a form", row.tool, row.key)),
                other => panic!("`#[{}({})]`: unknown treatment `{other}`", row.tool, row.key),
            };
            if !shown {
                missing.push(format!("{} {place} {} ({})", row.tool, row.key, row.treatment));
            }
        }
    }
    assert!(missing.is_empty(), "rows without a test:\n{}", missing.join("\n"));
}
