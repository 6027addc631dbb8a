//! The form: a conference registration with a field of every kind, derived with
//! `#[derive(Elicit)]`.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use elicit_runtime::Elicit;

// A titled single-select: `oneOf: [{const, title}]` on 2025-11-25, `enum` + `enumNames`
// on 2025-06-18.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(rename_all = "snake_case")]
pub(crate) enum Ticket {
    #[elicit(title = "Standard (290 EUR)")]
    Standard,
    #[elicit(title = "Student (90 EUR)")]
    Student,
    #[elicit(title = "Supporter (590 EUR)")]
    Supporter,
}

// The options of a multi-select: `items.enum` (2025-11-25 and later only).
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
pub(crate) enum Topic {
    Async,
    Macros,
    Embedded,
    Wasm,
    Tooling,
}

/// A conference registration: one field of every kind.
#[derive(Elicit, Debug)]
pub(crate) struct Registration {
    /// As it should appear on your badge
    #[elicit(title = "Full name", min_length = 2, max_length = 60)]
    pub(crate) name: String,
    /// Where we send your ticket
    #[elicit(title = "Email", format = "email")]
    pub(crate) email: String,
    /// The day you arrive
    #[elicit(title = "Arrival date")]
    pub(crate) arrival: NaiveDate,
    /// How many workshops you want to attend
    #[elicit(title = "Workshops", minimum = 0, maximum = 5)]
    pub(crate) workshops: u8,
    /// How far you travel to get here, in kilometres
    #[elicit(title = "Travel distance (km)", minimum = 0)]
    pub(crate) distance_km: f64,
    #[elicit(title = "Ticket", default = "standard")]
    pub(crate) ticket: Ticket,
    /// Pick one to three
    #[elicit(title = "Topics", min_items = 1, max_items = 3)]
    pub(crate) topics: BTreeSet<Topic>,
    #[elicit(title = "Send me the newsletter", default = false)]
    pub(crate) newsletter: bool,
    /// Accessibility needs, diet, anything else
    #[elicit(title = "Notes", max_length = 200)]
    pub(crate) notes: Option<String>,
}

