//! Flattened sub-forms: `#[elicit(flatten)]` (and `#[serde(flatten)]`) puts a derived
//! form's fields into the form, in order, at the field's position, renamed with an
//! optional prefix. On the wire they are plain properties of the flat `requestedSchema`;
//! decoding and encoding put the prefix on and take it off, the sub-form's own rules
//! run, and every violation is named by its wire (prefixed) name.

use elicit_runtime::form::{Problem, Violation};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision, SchemaOptions};
use elicit_tests::spec::{Strictness, check_request, form_request};
use serde_json::{Value, json};

/// Where to send things.
#[derive(Elicit, Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[elicit(validate = Address::check)]
struct Address {
    #[elicit(title = "Street", min_length = 1)]
    street: String,
    #[elicit(title = "City")]
    city: String,
    /// Postal code
    zip: Option<String>,
}

impl Address {
    fn check(&self) -> Result<(), Vec<Violation>> {
        if self.city == "Atlantis" { Err(vec![Violation::rule("city", "is under water")]) } else { Ok(()) }
    }
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "snake_case")]
enum Slot {
    Morning,
    Evening,
}

/// An order sent to one address and billed to another.
#[derive(Elicit, Debug, Clone, PartialEq)]
struct Order {
    name: String,
    #[elicit(flatten(prefix = "billing_"))]
    billing: Address,
    #[elicit(flatten(prefix = "shipping_", title_prefix = "Ship to: "))]
    shipping: Address,
    slots: Vec<Slot>,
}

const V06: ProtocolRevision = ProtocolRevision::V2025_06_18;

fn content(value: Value) -> serde_json::Map<String, Value> {
    value.as_object().expect("an object").clone()
}

fn order() -> Order {
    let home = Address { street: "1 Main St".into(), city: "Springfield".into(), zip: Some("12345".into()) };
    Order {
        name: "Ada".into(),
        billing: home.clone(),
        shipping: Address { street: "2 Side St".into(), city: "Shelbyville".into(), zip: None },
        slots: vec![Slot::Evening],
    }
}

#[test]
fn the_flattened_fields_are_in_the_form_in_order_prefixed() {
    let names: Vec<&str> = Order::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["name", "billing_street", "billing_city", "billing_zip", "shipping_street", "shipping_city", "shipping_zip", "slots"]);
    let titles: Vec<Option<&str>> = Order::SCHEMA.fields().iter().map(|f| f.title()).collect();
    // `title_prefix` defaults to the prefix's words: `billing_` gives `Billing `.
    assert_eq!(titles, [None, Some("Billing Street"), Some("Billing City"), None, Some("Ship to: Street"), Some("Ship to: City"), None, None]);
    let zip = Order::SCHEMA.field("shipping_zip").expect("a field");
    assert_eq!(zip.description(), Some("Postal code"));
    assert!(!zip.is_required());
    assert!(Order::SCHEMA.field("billing_street").expect("a field").is_required());
}

#[test]
fn the_wire_schema_on_every_revision_is_flat_and_valid() {
    let address = |prefix: &str, title: &str| {
        json!({
            format!("{prefix}street"): {"type": "string", "title": format!("{title}Street"), "minLength": 1},
            format!("{prefix}city"): {"type": "string", "title": format!("{title}City")},
            format!("{prefix}zip"): {"type": "string", "description": "Postal code"},
        })
    };
    for &revision in ProtocolRevision::ALL {
        let schema = Order::requested_schema(revision).unwrap_or_else(|e| panic!("{revision}: {e}"));
        let properties = schema.as_map()["properties"].as_object().expect("properties");
        let keys: Vec<&str> = properties.keys().map(String::as_str).collect();
        let mut expected = vec!["name", "billing_street", "billing_city", "billing_zip", "shipping_street", "shipping_city", "shipping_zip"];
        if revision == V06 {
            // One checkbox per option, named from the field's wire name.
            expected.extend(["slots_morning", "slots_evening"]);
        } else {
            expected.push("slots");
        }
        assert_eq!(keys, expected, "{revision}");
        for (prefix, title) in [("billing_", "Billing "), ("shipping_", "Ship to: ")] {
            for (key, value) in address(prefix, title).as_object().expect("an object") {
                assert_eq!(&properties[key], value, "{revision}: {key}");
            }
        }
        assert_eq!(
            schema.as_map()["required"],
            json!(["name", "billing_street", "billing_city", "shipping_street", "shipping_city"].into_iter().chain((revision != V06).then_some("slots")).collect::<Vec<_>>()),
            "{revision}"
        );
        let request = form_request::<Order>(revision, "Where to?", &SchemaOptions::new()).expect("a request");
        for strictness in [Strictness::Official, Strictness::Strict] {
            if let Err(errors) = check_request(revision, strictness, &request) {
                panic!("{revision} {strictness:?}: {}", errors.join("\n"));
            }
        }
    }
}

#[test]
fn decoding_and_encoding_round_trip_with_prefixes() {
    let order = order();
    let wire = order.to_content();
    assert_eq!(
        Value::Object(wire.clone()),
        json!({
            "name": "Ada",
            "billing_street": "1 Main St", "billing_city": "Springfield", "billing_zip": "12345",
            "shipping_street": "2 Side St", "shipping_city": "Shelbyville",
            "slots": ["evening"],
        })
    );
    assert_eq!(Order::from_content(&wire).expect("decodes"), order);
}

#[test]
fn violations_are_named_by_wire_name_and_the_sub_form_rules_run() {
    let err = Order::from_content(&content(json!({
        "name": "Ada",
        "billing_street": "", "billing_city": "Springfield",
        "shipping_city": 3,
        "slots": [],
        "street": "not asked",
    })))
    .unwrap_err();
    let named: Vec<(&str, &Problem)> = err.violations().iter().map(|v| (&*v.field, &v.problem)).collect();
    assert_eq!(named[0], ("billing_street", &Problem::TooShort { min_length: 1, length: 0 }), "{err}");
    assert_eq!(&named[1..3], [("shipping_street", &Problem::Missing), ("shipping_city", &Problem::WrongType { expected: "string", found: "integer" })], "{err}");
    assert_eq!(named[3], ("street", &Problem::NotAsked), "{err}");
    assert_eq!(named.len(), 4, "{err}");

    // The sub-form's own rule, renamed with the prefix.
    let mut wire = order().to_content();
    wire.insert("shipping_city".into(), json!("Atlantis"));
    let err = Order::from_content(&wire).unwrap_err();
    assert_eq!(err.violations(), [Violation::rule("shipping_city", "is under water")]);
}

// ---- Option<Sub> and serde's flatten ------------------------------------------------------

/// A contact with an optional second address.
#[derive(Elicit, Debug, PartialEq)]
struct Contact {
    name: String,
    #[elicit(flatten)]
    home: Address,
    #[elicit(flatten(prefix = "work_"))]
    work: Option<Address>,
}

/// serde's `flatten` is read as elicit's: one set of wire names for both derives.
#[derive(Elicit, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Person {
    name: String,
    #[serde(flatten)]
    home: Address,
}

#[test]
fn serde_flatten_flattens_the_same_way() {
    let person = Person { name: "Ada".into(), home: Address { street: "1".into(), city: "2".into(), zip: None } };
    let names: Vec<&str> = Person::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["name", "street", "city", "zip"]);
    let mut serde = serde_json::to_value(&person).expect("serializes");
    serde.as_object_mut().expect("an object").remove("zip");
    assert_eq!(Value::Object(person.to_content()), serde);
    assert_eq!(Person::from_content(&person.to_content()).expect("decodes"), person);
}

#[test]
fn an_optional_sub_form_is_none_when_none_of_its_fields_is_given() {
    let names: Vec<&str> = Contact::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["name", "street", "city", "zip", "work_street", "work_city", "work_zip"]);
    assert!(Contact::SCHEMA.fields()[4..].iter().all(|f| !f.is_required()), "every field of an Option<Sub> is optional");
    let none = Contact::from_content(&content(json!({"name": "Ada", "street": "1 Main St", "city": "Springfield", "work_zip": null}))).expect("decodes");
    assert_eq!(none.work, None);
    assert_eq!(none.home.street, "1 Main St");
    let some = Contact::from_content(&content(json!({"name": "Ada", "street": "1", "city": "2", "work_street": "3", "work_city": "4"}))).expect("decodes");
    assert_eq!(some.work, Some(Address { street: "3".into(), city: "4".into(), zip: None }));
    // Some of it given: what is missing is reported under its wire name.
    let err = Contact::from_content(&content(json!({"name": "Ada", "street": "1", "city": "2", "work_zip": "99"}))).unwrap_err();
    assert_eq!(err.violations(), [Violation::new("work_street", Problem::Missing), Violation::new("work_city", Problem::Missing)]);
    assert_eq!(Contact::from_content(&some.to_content()).expect("round trip"), some);
    assert_eq!(Value::Object(none.to_content()), json!({"name": "Ada", "street": "1 Main St", "city": "Springfield"}));
}

// ---- nested flattening ----------------------------------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
struct Venue {
    #[elicit(title = "Venue")]
    venue: String,
    #[elicit(flatten(prefix = "at_"))]
    address: Address,
}

#[derive(Elicit, Debug, PartialEq)]
struct Event {
    #[elicit(title = "Event")]
    event: String,
    #[elicit(flatten(prefix = "main_"))]
    main: Venue,
    #[elicit(flatten(prefix = "backup_"))]
    backup: Option<Venue>,
}

#[test]
fn a_flattened_form_may_flatten_another() {
    let fields: Vec<(&str, Option<&str>)> = Event::SCHEMA.fields().iter().map(|f| (f.name(), f.title())).collect();
    assert_eq!(
        fields[..5],
        [
            ("event", Some("Event")),
            ("main_venue", Some("Main Venue")),
            ("main_at_street", Some("Main At Street")),
            ("main_at_city", Some("Main At City")),
            ("main_at_zip", None),
        ]
    );
    assert_eq!(fields.len(), 9);
    let err = Event::from_content(&content(json!({
        "event": "Launch", "main_venue": "Hall", "main_at_street": "1", "main_at_city": "Atlantis",
        "backup_at_city": "2",
    })))
    .unwrap_err();
    assert_eq!(
        err.violations(),
        [
            Violation::rule("main_at_city", "is under water"),
            Violation::new("backup_venue", Problem::Missing),
            Violation::new("backup_at_street", Problem::Missing),
        ]
    );
}

// ---- through rmcp, on every revision ------------------------------------------------------

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

#[derive(Clone)]
struct Shop {
    sealer: StateSealer,
}

#[tool_router]
impl Shop {
    #[tool(description = "takes an order with a billing and a shipping address")]
    async fn order(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            Ok(CallToolResult::success(vec![ContentBlock::text(match Order::elicit(&ask, "Where to?").reask(1).await {
                Ok(Elicitation::Accept(order)) => format!("ship to {} in {}", order.shipping.street, order.shipping.city),
                Ok(other) => format!("{other:?}"),
                Err(err) => match err.invalid() {
                    Some(invalid) => format!("refused: {invalid}"),
                    None => return Err(err.into()),
                },
            })]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Shop {}

#[tokio::test]
async fn a_wrong_flattened_field_is_asked_again_by_its_title_on_every_revision() {
    for &revision in ProtocolRevision::ALL {
        let slots = |wire: &mut serde_json::Map<String, Value>| {
            if revision == V06 {
                wire.remove("slots");
                wire.insert("slots_morning".into(), json!(false));
                wire.insert("slots_evening".into(), json!(true));
            }
        };
        let mut wrong = order().to_content();
        wrong.insert("shipping_city".into(), json!("Atlantis"));
        slots(&mut wrong);
        let mut right = order().to_content();
        slots(&mut right);
        let session = ScriptedClient::new(revision)
            .reply(Reply::accept(Value::Object(wrong)))
            .reply(Reply::accept(Value::Object(right)))
            .connect(Shop { sealer: StateSealer::new(*b"the flatten test key of 32 byte.").expect("a key") })
            .await
            .expect("connect");
        assert_eq!(session.call_tool_text("order", json!({})).await.expect("the call"), "ship to 2 Side St in Shelbyville", "{revision}");
        let requests = session.transcript().requests;
        assert_eq!(requests.len(), 2, "{revision}: asked, then asked again");
        assert_eq!(requests[1]["message"], "Where to?\n\nPlease correct your answer:\n- Ship to: City: is under water", "{revision}");
        if revision.has_defaults_on_every_type() {
            let properties = &requests[1]["requestedSchema"]["properties"];
            assert_eq!(properties["billing_street"]["default"], "1 Main St", "{revision}");
            assert_eq!(properties["shipping_city"].get("default"), None, "{revision}");
        }
    }
}

// ---- the type decides, not its spelling ------------------------------------------------------

type MaybeAddress = std::option::Option<Address>;

#[derive(Elicit, Debug, PartialEq)]
struct Aliased {
    #[elicit(flatten(prefix = "alt_"))]
    alt: MaybeAddress,
}

#[test]
fn an_alias_of_an_option_is_flattened_as_an_option() {
    assert!(Aliased::SCHEMA.fields().iter().all(|f| !f.is_required()));
    assert_eq!(Aliased::from_content(&content(json!({}))).expect("decodes"), Aliased { alt: None });
}

// ---- 2025-06-18 checkboxes inside a flattened form ------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
struct Delivery {
    #[elicit(min_items = 1)]
    slots: Vec<Slot>,
}

#[derive(Elicit, Debug, PartialEq)]
struct Parcel {
    #[elicit(flatten(prefix = "home_"))]
    home: Delivery,
    #[elicit(flatten(prefix = "work_"))]
    work: Option<Delivery>,
}

#[test]
fn checkboxes_of_a_flattened_multi_select_are_named_from_its_wire_name() {
    let schema = Parcel::requested_schema(V06).expect("renders");
    let keys: Vec<&str> = schema.as_map()["properties"].as_object().expect("properties").keys().map(String::as_str).collect();
    assert_eq!(keys, ["home_slots_morning", "home_slots_evening", "work_slots_morning", "work_slots_evening"]);
    let request = form_request::<Parcel>(V06, "When?", &SchemaOptions::new()).expect("a request");
    check_request(V06, Strictness::Official, &request).expect("valid");

    let answer = json!({"action": "accept", "content": {"home_slots_morning": false, "home_slots_evening": true}});
    let Elicitation::Accept(parcel) = Elicitation::<Parcel>::from_result_on(&answer, V06).expect("decodes") else { panic!("accepted") };
    assert_eq!(parcel, Parcel { home: Delivery { slots: vec![Slot::Evening] }, work: None });

    // The sub-form's `min_items`, reported under the wire name.
    let answer = json!({"action": "accept", "content": {"home_slots_evening": true, "work_slots_morning": false}});
    let err = Elicitation::<Parcel>::from_result_on(&answer, V06).unwrap_err();
    let Some(invalid) = err.invalid() else { panic!("{err:?}") };
    assert_eq!(invalid.violations().len(), 1, "{invalid}");
    assert!(invalid.violations()[0].field.starts_with("work_slots"), "{invalid}");

    for &revision in ProtocolRevision::ALL {
        let answer = json!({"action": "accept", "content": Value::Object(parcel.to_content())});
        let answer = if revision == V06 { json!({"action": "accept", "content": {"home_slots_evening": true}}) } else { answer };
        let Elicitation::Accept(back) = Elicitation::<Parcel>::from_result_on(&answer, revision).expect("decodes") else { panic!("accepted") };
        assert_eq!(back, parcel, "{revision}");
    }
}

#[test]
fn the_wire_text_since_2025_11_25_is_the_flat_form_written_by_hand() {
    let expected = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "billing_street": {"type": "string", "title": "Billing Street", "minLength": 1},
            "billing_city": {"type": "string", "title": "Billing City"},
            "billing_zip": {"type": "string", "description": "Postal code"},
            "shipping_street": {"type": "string", "title": "Ship to: Street", "minLength": 1},
            "shipping_city": {"type": "string", "title": "Ship to: City"},
            "shipping_zip": {"type": "string", "description": "Postal code"},
            "slots": {"type": "array", "items": {"type": "string", "enum": ["morning", "evening"]}},
        },
        "required": ["name", "billing_street", "billing_city", "shipping_street", "shipping_city", "slots"],
    });
    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let schema = Order::requested_schema(revision).expect("renders");
        // The text, so that the order of the keys counts.
        assert_eq!(schema.to_json_string(), serde_json::to_string(&expected).expect("serializable"), "{revision}");
    }
}
