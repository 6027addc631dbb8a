//! Prints the `requestedSchema` of a few derived forms for every protocol revision, then
//! decodes sample answers from a client: an accepted form, a declined one, and content
//! that breaks several rules at once.
//!
//! ```text
//! cargo run -p elicit-examples --bin schemas
//! ```

use std::collections::BTreeSet;

use elicit_runtime::{Elicit, Elicitation, ProtocolRevision, RequestedSchema, SchemaError};
use serde_json::json;

/// The dining area
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "snake_case")]
enum Area {
    #[elicit(title = "Main room")]
    MainRoom,
    #[elicit(title = "Terrace (weather permitting)")]
    Terrace,
    #[elicit(title = "Bar counter")]
    Bar,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Diet {
    Vegetarian,
    Vegan,
    Halal,
    Kosher,
    GlutenFree,
}

/// A table reservation
#[derive(Elicit, Debug)]
struct Booking {
    /// Name for the reservation
    #[elicit(min_length = 1, max_length = 80)]
    name: String,
    #[elicit(title = "Guests", minimum = 1, maximum = 12, default = 2)]
    guests: u8,
    /// Day of the visit
    #[elicit(format = "date")]
    date: String,
    #[elicit(default = "main_room")]
    area: Area,
    /// Dietary requirements, if any
    #[elicit(max_items = 3)]
    diets: BTreeSet<Diet>,
    /// Where we send the confirmation
    #[elicit(format = "email")]
    email: Option<String>,
    #[elicit(title = "Send me offers", default = false)]
    newsletter: bool,
}

/// Are you sure?
#[derive(Elicit, Debug)]
struct Confirm {
    #[elicit(title = "Yes, delete it", default = false)]
    confirmed: bool,
}

fn print_schemas<T: Elicit>(type_name: &str) {
    println!("== {type_name}");
    for &revision in ProtocolRevision::ALL {
        let rendered: Result<&RequestedSchema, SchemaError> = T::requested_schema(revision);
        match rendered {
            Ok(schema) => println!("{revision}:\n{}\n", pretty(schema.as_json())),
            Err(err) => println!("{revision}: cannot be sent: {err}\n"),
        }
    }
}

fn pretty(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("<{e}>"))
}

fn main() {
    print_schemas::<Confirm>("Confirm");
    print_schemas::<Booking>("Booking");

    println!("== Answers from a client");
    let answers = [
        json!({
            "action": "accept",
            "content": {
                "name": "Ada Lovelace",
                "date": "2026-12-24",
                "area": "terrace",
                "diets": ["vegan", "glutenfree"],
                "email": "ada@example.com"
            }
        }),
        json!({ "action": "decline" }),
        json!({
            "action": "accept",
            "content": { "name": "", "guests": 40, "date": "24/12/2026", "area": "roof", "diets": ["vegan", "vegan"] }
        }),
    ];
    for answer in answers {
        println!("client sent: {answer}");
        match Elicitation::<Booking>::from_result(&answer) {
            Ok(Elicitation::Accept(booking)) => println!("  -> Accept({booking:#?})"),
            Ok(Elicitation::Decline) => println!("  -> Decline: the user said no"),
            Ok(Elicitation::Cancel) => println!("  -> Cancel: the user dismissed the form"),
            Err(err) => {
                println!("  -> error: {err}");
                if let Some(invalid) = err.invalid() {
                    for violation in invalid.violations() {
                        println!("     - {violation}");
                    }
                }
            }
        }
    }
}
