// Defaults of types sent with a `format` of their own, valid for that format.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit)]
struct Form {
    #[elicit(default = "2024-02-29")]
    day: chrono::NaiveDate,
    #[elicit(default = "https://example.com/")]
    home: url::Url,
    #[elicit(default = "2024-01-01T00:00:00Z")]
    at: Option<chrono::DateTime<chrono::Utc>>,
    // No format: any text.
    #[elicit(default = "not a date")]
    note: String,
}

fn main() {
    let schema = Form::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    let properties = &schema.as_json()["properties"];
    assert_eq!(properties["day"], json!({"type": "string", "format": "date", "default": "2024-02-29"}));
    assert_eq!(properties["home"]["default"], "https://example.com/");
    assert_eq!(properties["at"]["default"], "2024-01-01T00:00:00Z");
    assert_eq!(properties["note"]["default"], "not a date");
}
