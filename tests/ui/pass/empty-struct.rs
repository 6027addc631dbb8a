// An empty braced struct is a plain confirmation: accept or decline is the answer.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
struct Confirm {}

fn main() {
    assert!(Confirm::SCHEMA.fields().is_empty());
    let schema = Confirm::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(*schema.as_json(), json!({"type": "object", "properties": {}}));
    assert_eq!(Confirm::from_content(&serde_json::Map::new()).unwrap(), Confirm {});
    assert!(Confirm {}.to_content().is_empty());
}
