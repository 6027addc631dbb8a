// serde variant attributes a select cannot honour, each refused on the attribute.
use elicit_runtime::Elicit;
use serde::{Deserialize, Deserializer};

fn unit<'de, D: Deserializer<'de>>(_: D) -> Result<(), D::Error> {
    Ok(())
}

mod unit_mod {
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(_: D) -> Result<(), D::Error> {
        Ok(())
    }
}

#[derive(Deserialize, Elicit)]
enum Plan {
    #[serde(rename_all = "camelCase")]
    Free,
    #[serde(skip)]
    Hidden,
    #[serde(skip_deserializing)]
    Internal,
    #[serde(deserialize_with = "unit")]
    Custom,
    #[serde(with = "unit_mod")]
    Module,
    #[serde(borrow)]
    Borrowed,
    #[serde(untagged)]
    Anything,
}

#[derive(Deserialize, Elicit)]
#[serde(tag = "kind")]
enum Open {
    Known,
    #[serde(other)]
    Unknown,
}

fn main() {}
