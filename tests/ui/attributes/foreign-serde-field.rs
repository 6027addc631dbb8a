// serde field attributes that change how a value decodes: refused on the attribute, with
// why (the form checks and decodes the field as its type) and what to write instead.
use elicit_runtime::Elicit;
use serde::{Deserialize, Deserializer};

fn upper<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d).map(|s| s.to_uppercase())
}

mod trimmed {
    use serde::{Deserialize, Deserializer};
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        String::deserialize(d).map(|s| s.trim().to_owned())
    }
}

#[derive(Deserialize, Elicit)]
struct Order {
    #[serde(deserialize_with = "upper")]
    code: String,
    #[serde(with = "trimmed")]
    name: String,
    #[serde(borrow)]
    note: String,
}

fn main() {}
