//! Choices: a unit-only enum is a single-select, a list of it a multi-select.
//!
//! ```sh
//! cargo run -p elicit-examples --example choices
//! ```
//!
//! Titles become the labels people see; the values on the wire are the variants' names
//! (here in `snake_case`). On 2025-06-18, which has no arrays, the multi-select travels as
//! one checkbox per option and is read back into the list, so the same struct serves every
//! revision. No server is needed to see it: the schemas and the decoding are plain functions.

use std::collections::BTreeSet;

use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use serde_json::json;

/// How hungry you are
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(rename_all = "snake_case")]
enum Size {
    #[elicit(title = "Small (one course)")]
    Small,
    #[elicit(title = "Full menu")]
    FullMenu,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "snake_case")]
enum Diet {
    Vegetarian,
    Vegan,
    #[elicit(title = "Gluten-free")]
    GlutenFree,
    #[elicit(title = "Nut allergy")]
    NutAllergy,
}

#[derive(Elicit, Debug)]
struct Order {
    #[elicit(default = "full_menu")]
    size: Size,
    /// Tick every one that applies
    #[elicit(title = "Dietary requirements", max_items = 2)]
    diets: BTreeSet<Diet>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25] {
        let schema = Order::requested_schema(revision)?;
        println!("{revision}: {}\n", serde_json::to_string_pretty(schema.as_json())?);
    }

    // The answer a 2025-11-25 client sends: values, not titles.
    let answer = json!({"action": "accept", "content": {"size": "small", "diets": ["vegan", "nut_allergy"]}});
    if let Elicitation::Accept(order) = Elicitation::<Order>::from_result(&answer)? {
        println!("decoded: {order:?}");
        assert_eq!(order.diets, BTreeSet::from([Diet::Vegan, Diet::NutAllergy]));
    }

    // Too many ticks, and an option that does not exist: every problem is named.
    let broken = json!({"action": "accept", "content": {"diets": ["vegan", "keto", "vegetarian"]}});
    match Elicitation::<Order>::from_result(&broken) {
        Err(err) => println!("refused: {err}: {}", std::error::Error::source(&err).map(ToString::to_string).unwrap_or_default()),
        Ok(answer) => return Err(format!("a broken answer was accepted: {answer:?}").into()),
    }
    Ok(())
}
