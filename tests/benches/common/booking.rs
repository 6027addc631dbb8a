//! The form both benchmarks ask for, twice: [`Booking`] derives `Elicit`,
//! [`BookingSerde`] derives `serde::Deserialize + schemars::JsonSchema` with the same
//! fields, constraints, titles and default (what an rmcp user writes today).

// Each benchmark uses a part of it.
#![allow(dead_code)]

use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::{Value, json};

/// Where to sit
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(rename_all = "lowercase")]
pub enum Seating {
    #[elicit(title = "Indoors")]
    Indoor,
    #[elicit(title = "On the terrace")]
    Terrace,
    #[elicit(title = "At the bar")]
    Bar,
}

/// A table booking: short text with lengths, an email, bounded integer and number, a
/// boolean with a default, a titled single-select, an optional note.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Booking {
    /// Who the table is for
    #[elicit(title = "Name", min_length = 1, max_length = 80)]
    name: String,
    /// Where we send the confirmation
    #[elicit(format = "email")]
    email: String,
    /// How many people
    #[elicit(title = "Guests", minimum = 1, maximum = 12)]
    guests: u8,
    /// Spending limit per person, in euros
    #[elicit(minimum = 0, maximum = 500)]
    budget: f64,
    /// Send me the monthly menu
    #[elicit(default = true)]
    newsletter: bool,
    #[elicit(title = "Seating")]
    seating: Seating,
    /// Allergies, a birthday...
    #[elicit(max_length = 500)]
    notes: Option<String>,
}

// `Seating` as rmcp's path needs it (plain comments: a doc comment here would become the
// field's description). Inlined, because rmcp's `ElicitationSchema` cannot follow a
// `$ref`; with `"type": "string"` added, because schemars writes the titled options as
// `oneOf` without it and rmcp then rejects the schema ("data did not match any variant of
// untagged enum PrimitiveSchemaDefinition").
#[derive(serde::Deserialize, schemars::JsonSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
#[schemars(inline, extend("type" = "string"))]
pub enum SeatingSerde {
    #[schemars(title = "Indoors")]
    Indoor,
    #[schemars(title = "On the terrace")]
    Terrace,
    #[schemars(title = "At the bar")]
    Bar,
}

// `Booking` as rmcp's path needs it.
#[derive(serde::Deserialize, schemars::JsonSchema, Debug, Clone, PartialEq)]
pub struct BookingSerde {
    /// Who the table is for
    #[schemars(title = "Name", length(min = 1, max = 80))]
    name: String,
    /// Where we send the confirmation
    #[schemars(email)]
    email: String,
    /// How many people
    #[schemars(title = "Guests", range(min = 1, max = 12))]
    guests: u8,
    /// Spending limit per person, in euros
    #[schemars(range(min = 0, max = 500))]
    budget: f64,
    /// Send me the monthly menu
    #[serde(default = "yes")]
    newsletter: bool,
    #[schemars(title = "Seating")]
    seating: SeatingSerde,
    /// Allergies, a birthday...
    #[schemars(length(max = 500))]
    notes: Option<String>,
}

fn yes() -> bool {
    true
}

rmcp::elicit_safe!(BookingSerde);

impl From<BookingSerde> for Booking {
    fn from(b: BookingSerde) -> Self {
        let seating = match b.seating {
            SeatingSerde::Indoor => Seating::Indoor,
            SeatingSerde::Terrace => Seating::Terrace,
            SeatingSerde::Bar => Seating::Bar,
        };
        Booking {
            name: b.name,
            email: b.email,
            guests: b.guests,
            budget: b.budget,
            newsletter: b.newsletter,
            seating,
            notes: b.notes,
        }
    }
}

pub const MESSAGE: &str = "Book a table for Friday evening";
pub const REVISION: ProtocolRevision = ProtocolRevision::V2025_11_25;

pub fn valid_content() -> Value {
    json!({
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "guests": 4,
        "budget": 45.5,
        "newsletter": false,
        "seating": "terrace",
        "notes": "One vegetarian, and it is a birthday"
    })
}

/// Breaks six rules: too short, not an email, above the maximum, below the minimum, not
/// an option, too long. serde alone notices only the option.
pub fn invalid_content() -> Value {
    json!({
        "name": "",
        "email": "ada at example dot com",
        "guests": 40,
        "budget": -5,
        "seating": "balcony",
        "notes": "x".repeat(501)
    })
}

