use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
struct Form {
    name: String,
}

fn main() {
    let fields = Form::SCHEMA.fields();
    assert_eq!(fields.len(), 1);
    assert_eq!(fields[0].name(), "name");
    assert!(fields[0].is_required());

    let schema = Form::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(
        *schema.as_json(),
        json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]})
    );

    let content = json!({"name": "Ada"});
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form, Form { name: "Ada".into() });
    assert_eq!(form.to_content(), *content.as_object().unwrap());
}
