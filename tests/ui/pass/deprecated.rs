// Deprecated forms, options and fields derive without a deprecation warning from the
// generated code (the user's own uses still warn).
#![deny(warnings)]

use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
#[deprecated = "ask for `New`"]
struct Old {
    x: u8,
}

#[derive(Elicit, Debug, PartialEq)]
#[deprecated]
enum OldChoice {
    A,
    B,
}

#[derive(Elicit, Debug, PartialEq)]
enum Choice {
    #[deprecated]
    A,
    B,
}

#[derive(Elicit, Debug, PartialEq)]
struct Fields {
    #[deprecated]
    x: u8,
    #[deprecated]
    #[elicit(skip)]
    y: u8,
    #[elicit(default = "A")]
    choice: Choice,
}

#[allow(deprecated)]
#[derive(Elicit, Debug, PartialEq)]
struct UsesOld {
    choice: OldChoice,
}

fn main() {
    #[allow(deprecated)]
    {
        let schema = Old::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
        assert_eq!(schema.as_json()["required"], json!(["x"]));
        let schema = UsesOld::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
        assert_eq!(schema.as_json()["properties"]["choice"], json!({"type": "string", "enum": ["A", "B"]}));
        let fields = Fields::from_content(json!({"x": 1}).as_object().unwrap()).unwrap();
        assert_eq!(fields, Fields { x: 1, y: 0, choice: Choice::A });
    }
}
