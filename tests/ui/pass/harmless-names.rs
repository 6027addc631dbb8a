// Names that contain or sit next to a secret word without asking for a secret, and
// patterns and defaults that are valid for the client and the runtime alike.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit)]
struct Settings {
    passport_country: String,
    tokenizer_name: String,
    keyboard_layout: String,
    spinach: bool,
    pinyin: String,
    supported_apis: String,
    password_hints: String,
    #[elicit(title = "Parole", description = "Your motto, in a few words")]
    motto: String,
    #[elicit(pattern = "^\\d{5}(-\\d{4})?$", default = "12345")]
    zip: String,
    #[elicit(pattern = "^(?<user>[a-z]+)$")]
    user: String,
    #[elicit(format = "date", default = "2024-02-29")]
    leap_day: String,
    #[elicit(minimum = -0.0, maximum = 0.0)]
    zero: f64,
    #[elicit(maximum = 9007199254740993, default = 9007199254740993)]
    big: i64,
}

fn main() {
    assert_eq!(Settings::SCHEMA.fields().len(), 13);
    let schema = Settings::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["properties"]["leap_day"], json!({"type": "string", "format": "date", "default": "2024-02-29"}));
    assert_eq!(schema.as_json()["properties"]["big"]["default"], json!(9007199254740993_i64));
}
