// `#[elicit(legacy_enum_names)]` on one enum: its titled options are `enum` + `enumNames`
// on every revision, while another titled enum of the same form keeps `oneOf` where the
// revision has it. A multi-select of the legacy enum keeps `items.anyOf`: `enumNames`
// has no multi-select form.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
#[elicit(legacy_enum_names, rename_all = "lowercase")]
enum Size {
    #[elicit(title = "Small (250 ml)")]
    Small,
    // An untitled variant is named by its value in `enumNames`.
    Medium,
    #[elicit(title = "Large (500 ml)")]
    Large,
}

#[derive(Elicit, Debug, PartialEq, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Milk {
    #[elicit(title = "Whole milk")]
    Whole,
    #[elicit(title = "Oat drink")]
    Oat,
}

#[derive(Elicit, Debug, PartialEq)]
struct Coffee {
    #[elicit(default = "medium")]
    size: Size,
    milk: Milk,
    refills: Vec<Size>,
}

#[derive(Elicit, Debug, PartialEq)]
struct CoffeeWithoutRefills {
    #[elicit(default = "medium")]
    size: Size,
    milk: Milk,
}

fn main() {
    let legacy_size = json!({
        "type": "string",
        "enum": ["small", "medium", "large"],
        "enumNames": ["Small (250 ml)", "medium", "Large (500 ml)"],
        "default": "medium"
    });
    let one_of_milk = json!({
        "type": "string",
        "oneOf": [{"const": "whole", "title": "Whole milk"}, {"const": "oat", "title": "Oat drink"}]
    });
    let refills = json!({
        "type": "array",
        "items": {"anyOf": [
            {"const": "small", "title": "Small (250 ml)"},
            {"const": "medium", "title": "medium"},
            {"const": "large", "title": "Large (500 ml)"}
        ]}
    });
    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let schema = Coffee::requested_schema(revision).unwrap();
        assert_eq!(
            *schema.as_json(),
            json!({
                "type": "object",
                "properties": {"size": legacy_size, "milk": one_of_milk, "refills": refills},
                "required": ["milk", "refills"]
            }),
            "{revision:?}"
        );
    }

    // 2025-06-18 writes every titled single-select as `enum` + `enumNames` anyway, and
    // has no defaults but on booleans and no multi-select (hence a form without `refills`).
    let schema = CoffeeWithoutRefills::requested_schema(ProtocolRevision::V2025_06_18).unwrap();
    assert_eq!(
        *schema.as_json(),
        json!({
            "type": "object",
            "properties": {
                "size": {"type": "string", "enum": ["small", "medium", "large"], "enumNames": ["Small (250 ml)", "medium", "Large (500 ml)"]},
                "milk": {"type": "string", "enum": ["whole", "oat"], "enumNames": ["Whole milk", "Oat drink"]}
            },
            "required": ["milk"]
        })
    );

    // The wire names decode as usual.
    let content = json!({"size": "large", "milk": "oat", "refills": ["small", "medium"]});
    let coffee = Coffee::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(coffee, Coffee { size: Size::Large, milk: Milk::Oat, refills: vec![Size::Small, Size::Medium] });
    let defaulted = Coffee::from_content(json!({"milk": "whole", "refills": []}).as_object().unwrap()).unwrap();
    assert_eq!(defaulted.size, Size::Medium);
}
