// `#[elicit(crate = "...")]` names the runtime when it is reached through another path.
mod reexport {
    pub use elicit_runtime as elicit;
}

use reexport::elicit::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
#[elicit(crate = "crate::reexport::elicit")]
enum Answer {
    Yes,
    No,
}

#[derive(Elicit, Debug, PartialEq)]
#[elicit(crate = "crate::reexport::elicit")]
struct Form {
    answer: Answer,
}

fn main() {
    let schema = Form::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["properties"]["answer"], json!({"type": "string", "enum": ["Yes", "No"]}));
    let form = Form::from_content(json!({"answer": "No"}).as_object().unwrap()).unwrap();
    assert_eq!(form, Form { answer: Answer::No });
}
