// The fields of a choice's variants are a hidden form's, built from `#[elicit(...)]` only:
// other derives' attributes there are refused, but serialization-only ones.
use elicit_runtime::Elicit;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, JsonSchema, Elicit)]
enum Payment {
    Card {
        #[serde(rename = "cardholder")]
        #[serde(skip_serializing_if = "String::is_empty")]
        holder: String,
        #[schemars(range(min = 1, max = 12))]
        month: u8,
    },
    #[schemars(title = "By invoice")]
    Invoice,
}

fn main() {}
