// `schemars::JsonSchema` comes with the form only when the type asks for it: a type that
// derives `JsonSchema` itself (say, because it is also a tool's arguments) keeps
// compiling when the runtime's `schemars` feature is on, as it is in this suite.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

/// Its own schemars schema, and a form.
#[derive(Elicit, schemars::JsonSchema, serde::Deserialize)]
struct Arguments {
    /// Who
    name: String,
}

#[derive(Elicit, schemars::JsonSchema, serde::Deserialize)]
enum Size {
    Small,
    Large,
}

/// The form's own schema, through schemars.
#[derive(Elicit)]
#[elicit(json_schema)]
struct Order {
    size: Size,
}

fn main() {
    let form = Arguments::requested_schema(ProtocolRevision::LATEST).unwrap();
    assert_eq!(form.as_json()["properties"]["name"], json!({"type": "string", "description": "Who"}));
    // schemars' own derive, untouched: a root schema with its `$schema` and `title`.
    let theirs = schemars::schema_for!(Arguments).to_value();
    assert_eq!(theirs["title"], json!("Arguments"));
    assert!(theirs.get("$schema").is_some());
    // The opted-in form: the requested schema of the latest revision.
    let mut generator = schemars::SchemaGenerator::default();
    let ours = <Order as schemars::JsonSchema>::json_schema(&mut generator).to_value();
    assert_eq!(ours, *Order::requested_schema(ProtocolRevision::LATEST).unwrap().as_json());
}
