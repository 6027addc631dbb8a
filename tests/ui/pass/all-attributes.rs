// Every attribute, and where it lands in the schema.
use elicit_runtime::form::{Format, Kind, Literal};
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

/// How the order is delivered (the description of a field of this type that has none)
#[derive(Elicit, Debug, PartialEq, Eq, Hash, Clone, Copy)]
#[elicit(rename_all = "kebab-case")]
enum Delivery {
    #[elicit(title = "Pick it up")]
    PickUp,
    #[elicit(rename = "post", title = "By post")]
    ByPost,
    HomeDelivery,
}

#[derive(Elicit, Debug, PartialEq, Eq, Hash, Clone, Copy)]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
enum Extra {
    GiftWrap,
    Card,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Order {
    /// Your full name
    ///
    /// As on your ID.
    #[elicit(title = "Name", min_length = 1, max_length = 50, pattern = "^[^0-9]*$")]
    full_name: String,
    /// Ignored: `description` wins over the doc comment
    #[elicit(description = "Where we send the receipt", format = "email", default = "me@example.com")]
    email: String,
    #[elicit(format = "uri")]
    homepage: Option<String>,
    #[elicit(format = "date", default = "2026-12-24")]
    day: String,
    #[elicit(format = "date-time")]
    at: Option<String>,
    #[elicit(minimum = 1, maximum = 12, default = 2)]
    guests: u8,
    #[elicit(minimum = -128, maximum = 127, default = -5)]
    offset: i8,
    #[elicit(minimum = -1.5, maximum = 2.5, default = 0.5)]
    ratio: f64,
    #[elicit(minimum = 0, maximum = 10, default = 3)]
    weight: f32,
    #[elicit(default = true)]
    gift: bool,
    #[elicit(rename = "how", default = "post")]
    delivery: Delivery,
    #[elicit(min_items = 1, max_items = 2, default = ["GIFT_WRAP"])]
    extras: Vec<Extra>,
    #[elicit(default = "hi")]
    note: Option<String>,
    #[elicit(skip)]
    internal_id: u64,
}

fn main() {
    let f = |name: &str| Order::SCHEMA.field(name).unwrap_or_else(|| panic!("no field {name}"));
    let names: Vec<&str> = Order::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(
        names,
        ["fullName", "email", "homepage", "day", "at", "guests", "offset", "ratio", "weight", "gift", "how", "extras", "note"]
    );

    let name = f("fullName");
    assert_eq!(name.title(), Some("Name"));
    // The first paragraph of the doc comment: the second ("As on your ID.") is for rustdoc.
    assert_eq!(name.description(), Some("Your full name"));
    assert!(matches!(name.kind(), Kind::String(r) if r.min_length == Some(1) && r.max_length == Some(50) && r.pattern == Some("^[^0-9]*$")));
    assert!(name.is_required());

    let email = f("email");
    assert_eq!(email.description(), Some("Where we send the receipt"));
    assert!(matches!(email.kind(), Kind::String(r) if r.format == Some(Format::Email)));
    assert_eq!(email.default(), Some(&Literal::Str("me@example.com")));
    assert!(!email.is_required());
    assert!(matches!(f("homepage").kind(), Kind::String(r) if r.format == Some(Format::Uri)));
    assert!(matches!(f("day").kind(), Kind::String(r) if r.format == Some(Format::Date)));
    assert!(matches!(f("at").kind(), Kind::String(r) if r.format == Some(Format::DateTime)));

    assert!(matches!(f("guests").kind(), Kind::Integer(r) if r.minimum == Some(1) && r.maximum == Some(12)));
    assert_eq!(f("guests").default(), Some(&Literal::Int(2)));
    assert!(matches!(f("offset").kind(), Kind::Integer(r) if r.minimum == Some(-128) && r.maximum == Some(127)));
    assert_eq!(f("offset").default(), Some(&Literal::Int(-5)));
    assert!(matches!(f("ratio").kind(), Kind::Number(r) if r.minimum == Some(Literal::Float(-1.5)) && r.maximum == Some(Literal::Float(2.5))));
    assert_eq!(f("ratio").default(), Some(&Literal::Float(0.5)));
    assert_eq!(f("gift").default(), Some(&Literal::Bool(true)));
    assert_eq!(f("how").default(), Some(&Literal::Str("post")));
    assert!(matches!(f("extras").kind(), Kind::MultiSelect(r) if r.min_items == Some(1) && r.max_items == Some(2)));
    assert_eq!(f("extras").default(), Some(&Literal::List(&["GIFT_WRAP"])));
    assert!(Order::SCHEMA.field("internalId").is_none());

    let schema = Order::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    let p = &schema.as_json()["properties"];
    assert_eq!(schema.as_json()["required"], json!(["fullName"]));
    assert_eq!(p["weight"], json!({"type": "number", "minimum": 0, "maximum": 10, "default": 3}));
    assert_eq!(
        p["how"],
        json!({"type": "string", "description": "How the order is delivered (the description of a field of this type that has none)", "oneOf": [
            {"const": "pick-up", "title": "Pick it up"},
            {"const": "post", "title": "By post"},
            {"const": "home-delivery", "title": "home-delivery"},
        ], "default": "post"})
    );
    assert_eq!(
        p["extras"],
        json!({"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string", "enum": ["GIFT_WRAP", "CARD"]}, "default": ["GIFT_WRAP"]})
    );

    // Absent fields take their defaults; the skipped one is `Default::default()`.
    let order = Order::from_content(json!({"fullName": "Ada"}).as_object().unwrap()).unwrap();
    assert_eq!(order.guests, 2);
    assert_eq!(order.offset, -5);
    assert_eq!(order.delivery, Delivery::ByPost);
    assert_eq!(order.extras, [Extra::GiftWrap]);
    assert_eq!(order.note.as_deref(), Some("hi"));
    assert_eq!(order.internal_id, 0);
}
