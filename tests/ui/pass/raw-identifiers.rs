// A raw identifier is sent without its `r#`.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
#[allow(non_camel_case_types)]
enum Kind {
    r#struct,
    r#enum,
}

#[derive(Elicit, Debug, PartialEq)]
struct Item {
    r#type: String,
    r#kind: Kind,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "camelCase")]
struct Loop {
    r#for_each: bool,
}

fn main() {
    let names: Vec<&str> = Item::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["type", "kind"]);
    assert_eq!(Loop::SCHEMA.fields()[0].name(), "forEach");

    let schema = Item::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["properties"]["kind"], json!({"type": "string", "enum": ["struct", "enum"]}));

    let content = json!({"type": "book", "kind": "enum"});
    let item = Item::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(item, Item { r#type: "book".into(), r#kind: Kind::r#enum });
    assert_eq!(item.to_content(), *content.as_object().unwrap());
}
