// `pattern_hint`: the rule in words, on the wire where the field has no description,
// and in what the user reads when the answer does not match; the regex never shows.
use elicit_runtime::locale::Locale;
use elicit_runtime::form::{Kind, Problem};
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug)]
struct Card {
    #[elicit(pattern = "^(0[1-9]|1[0-2])/[0-9]{2}$", pattern_hint = "MM/YY")]
    expiry: String,
    /// The plate as printed
    #[elicit(pattern = "^[A-Z]{2}[0-9]{3}$", pattern_hint = "AB123")]
    plate: String,
    #[elicit(pattern = "^[0-9]{5}$")]
    zip: String,
}

fn main() {
    let Kind::String(rules) = Card::SCHEMA.field("expiry").unwrap().kind() else { panic!() };
    assert_eq!(rules.pattern_hint, Some("MM/YY"));

    let schema = Card::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    let properties = &schema.as_json()["properties"];
    // No description: the hint is the description. A description of its own wins.
    assert_eq!(properties["expiry"], json!({"type": "string", "description": "MM/YY"}));
    assert_eq!(properties["plate"], json!({"type": "string", "description": "The plate as printed"}));
    assert_eq!(properties["zip"], json!({"type": "string"}));

    let content = json!({"expiry": "13/99", "plate": "ab123", "zip": "1234"});
    let invalid = Card::from_content(content.as_object().unwrap()).unwrap_err();
    // The typed problem keeps the pattern for the developer.
    assert_eq!(invalid.violations()[0].problem, Problem::PatternMismatch { pattern: "^(0[1-9]|1[0-2])/[0-9]{2}$", hint: Some("MM/YY"), hints: &[] });
    assert_eq!(
        invalid.reask_message_in("Card details?", Locale::default()),
        "Card details?\n\nPlease correct your answer:\n- `expiry`: must be written as MM/YY\n- `plate`: must be written as AB123\n- `zip`: is not in the expected format"
    );
    assert!(!invalid.to_string().contains('^'), "{invalid}");
}
