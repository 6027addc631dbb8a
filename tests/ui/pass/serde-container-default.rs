// `#[serde(default)]` on the struct makes every field optional, as for serde: a missing
// field takes its value from the struct's default (or the function's), unless it has a
// default of its own.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde::Deserialize;
use serde_json::json;

#[derive(Elicit, Deserialize, Debug, PartialEq)]
#[serde(default)]
struct Settings {
    name: String,
    retries: u8,
    #[elicit(default = 7)]
    limit: u32,
    #[serde(default = "verbose")]
    verbose: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { name: "anonymous".into(), retries: 3, limit: 10, verbose: false }
    }
}

fn verbose() -> bool {
    true
}

#[derive(Elicit, Deserialize, Debug, PartialEq)]
#[serde(default = "Limits::small")]
struct Limits {
    rows: u16,
    columns: u16,
}

impl Limits {
    fn small() -> Self {
        Limits { rows: 2, columns: 4 }
    }
}

fn main() {
    let schema = Settings::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(
        *schema.as_json(),
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "retries": {"type": "integer", "minimum": 0, "maximum": 255},
                "limit": {"type": "integer", "minimum": 0, "maximum": 4294967295u32, "default": 7},
                "verbose": {"type": "boolean"},
            },
        })
    );
    // The form and serde read an empty answer alike, except where the form has its own
    // default (`limit`).
    let empty = json!({});
    let form = Settings::from_content(empty.as_object().unwrap()).unwrap();
    assert_eq!(form, Settings { name: "anonymous".into(), retries: 3, limit: 7, verbose: true });
    let serde: Settings = serde_json::from_value(empty).unwrap();
    assert_eq!(serde, Settings { limit: 10, ..form });

    let partial = json!({"retries": 5});
    let form = Settings::from_content(partial.as_object().unwrap()).unwrap();
    assert_eq!(form.retries, 5);
    assert_eq!(form.name, "anonymous");

    let limits = Limits::from_content(json!({"columns": 9}).as_object().unwrap()).unwrap();
    assert_eq!(limits, Limits { rows: 2, columns: 9 });
    assert!(Limits::requested_schema(ProtocolRevision::V2025_11_25).unwrap().as_json().get("required").is_none());
}
