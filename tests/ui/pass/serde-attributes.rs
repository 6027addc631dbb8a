// `#[serde(rename, rename_all, default, skip)]` are honoured, so serde and the form agree.
use elicit_runtime::{Elicit, ProtocolRevision};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize, Elicit, Debug, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Plan {
    FreeTier,
    #[serde(rename = "pro")]
    Professional,
}

#[derive(Deserialize, Elicit, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Signup {
    first_name: String,
    #[serde(rename = "mail")]
    email_address: String,
    #[serde(default)]
    newsletter: bool,
    #[serde(default = "default_seats")]
    seats: u16,
    plan: Plan,
    #[serde(skip)]
    session: String,
    // Both derives agree, so the same name twice is fine.
    #[serde(rename = "ref")]
    #[elicit(rename = "ref")]
    referrer: Option<String>,
}

fn default_seats() -> u16 {
    1
}

fn main() {
    let names: Vec<&str> = Signup::SCHEMA.fields().iter().map(|f| f.name()).collect();
    assert_eq!(names, ["firstName", "mail", "newsletter", "seats", "plan", "ref"]);

    let schema = Signup::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["required"], json!(["firstName", "mail", "plan"]));
    assert_eq!(schema.as_json()["properties"]["plan"], json!({"type": "string", "enum": ["free_tier", "pro"]}));

    let content = json!({"firstName": "Ada", "mail": "ada@example.com", "plan": "pro"});
    let via_elicit = Signup::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(via_elicit.plan, Plan::Professional);
    assert!(!via_elicit.newsletter);
    assert_eq!(via_elicit.session, "");
    // serde reads the same content into the same value (serde's `default = path` gives 1,
    // which the form cannot know: it leaves the field optional and uses `Default`).
    let via_serde: Signup = serde_json::from_value(content).unwrap();
    assert_eq!(via_serde.first_name, via_elicit.first_name);
    assert_eq!(via_serde.email_address, via_elicit.email_address);
    assert_eq!(via_serde.plan, via_elicit.plan);
    assert_eq!(via_serde.seats, 1);
}
