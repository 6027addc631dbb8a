use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Address {
    #[elicit(title = "Street")]
    street_line: String,
    city: Option<String>,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "kebab-case")]
enum Diet {
    Vegan,
    NutAllergy,
}

#[derive(Elicit, Debug, PartialEq)]
struct Guest {
    name: String,
    diets: Vec<Diet>,
}

// One `Address` twice, a nested flattening with a multi-select, an optional sub-form.
#[derive(Elicit, Debug, PartialEq)]
struct Order {
    #[elicit(flatten(prefix = "billing_"))]
    billing: Address,
    #[elicit(flatten(prefix = "shipping_", title_prefix = ""))]
    shipping: Address,
    #[elicit(flatten(prefix = "guest_"))]
    guest: Option<Guest>,
    #[elicit(skip)]
    note: String,
}

fn main() {
    let names: Vec<&str> = Order::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["billing_streetLine", "billing_city", "shipping_streetLine", "shipping_city", "guest_name", "guest_diets"]);
    assert_eq!(Order::SCHEMA.fields()[0].title(), Some("Billing Street"));
    assert_eq!(Order::SCHEMA.fields()[2].title(), Some("Street"));
    let diets = Order::SCHEMA.field("guest_diets").unwrap();
    assert_eq!(diets.checkbox_name(1).as_deref(), Some("guest_diets_nut_allergy"));
    assert!(!diets.is_required());
    Order::requested_schema(ProtocolRevision::V2025_06_18).unwrap();

    let content = json!({"billing_streetLine": "1", "shipping_streetLine": "2", "guest_name": "Ada", "guest_diets": ["vegan"]});
    let order = Order::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(order.guest, Some(Guest { name: "Ada".into(), diets: vec![Diet::Vegan] }));
    assert_eq!(order.to_content(), *content.as_object().unwrap());
}
