//! A page form: secrets allowed, secret-sounding names too, every field kind, the
//! author's rules; its description has every field, sensitive where it holds a `Secret`,
//! and decoding checks the same rules as form mode.
use elicit_runtime::page::{PageForm, Secret};
use elicit_runtime::{Elicit, Violation};
use serde_json::json;

#[derive(Elicit, Debug)]
#[elicit(page, validate = Card::rules)]
struct Card {
    /// The card number
    #[elicit(min_length = 12, max_length = 19, pattern = "^[0-9]+$")]
    card_number: Secret,
    cvv: Secret,
    pin: Option<Secret>,
    holder: String,
    #[elicit(minimum = 1, maximum = 12)]
    month: u8,
    save: bool,
}

impl Card {
    fn rules(&self) -> Result<(), Vec<Violation>> {
        if self.cvv.expose().len() != 3 {
            return Err(vec![Violation::rule("cvv", "has three digits")]);
        }
        Ok(())
    }
}

fn main() {
    let fields = <Card as PageForm>::SCHEMA.fields();
    let sensitive: Vec<&str> = fields.iter().filter(|f| f.is_sensitive()).map(|f| f.name()).collect();
    assert_eq!(sensitive, ["card_number", "cvv", "pin"]);
    assert!(!fields[2].is_required());

    let content = json!({ "card_number": "4111111111111111", "cvv": "123", "holder": "Ada", "month": 7, "save": true });
    let card = Card::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(card.card_number.expose(), "4111111111111111");
    assert!(card.pin.is_none());
    assert_eq!(format!("{:?}", card.cvv), "Secret(***)");

    let bad = json!({ "card_number": "4111", "cvv": "12", "holder": "Ada", "month": 13, "save": true });
    let invalid = Card::from_content(bad.as_object().unwrap()).unwrap_err();
    let fields: Vec<&str> = invalid.violations().iter().map(|v| &*v.field).collect();
    assert_eq!(fields, ["card_number", "month"]);
}
