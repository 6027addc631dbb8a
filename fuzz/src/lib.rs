//! The forms the fuzz targets decode: two of every field kind, with different
//! constraints.

use std::collections::{BTreeSet, HashSet};

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use elicit_runtime::Elicit;
use url::Url;

/// Untitled options.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
pub enum Color {
    Red,
    Green,
    Blue,
}

/// Titled options.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "kebab-case")]
pub enum Plan {
    #[elicit(title = "Free tier")]
    Free,
    #[elicit(title = "Pro (9 €/month)")]
    ProMonthly,
    Enterprise,
}

/// One of every kind, required where it can be, constrained.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct First {
    #[elicit(min_length = 1, max_length = 12, pattern = "^[A-Za-z][A-Za-z ]*$")]
    pub name: String,
    #[elicit(format = "email")]
    pub email: String,
    #[elicit(format = "uri")]
    pub homepage: String,
    #[elicit(format = "date")]
    pub birthday: String,
    #[elicit(format = "date-time")]
    pub callback_at: String,
    #[elicit(minimum = 1, maximum = 5)]
    pub stars: u8,
    pub long: i64,
    pub ulong: u64,
    #[elicit(minimum = 0, maximum = 100)]
    pub percent: f64,
    pub weight: f32,
    pub agree: bool,
    pub color: Color,
    #[elicit(title = "Plan")]
    pub plan: Plan,
    #[elicit(min_items = 1, max_items = 2)]
    pub plans: BTreeSet<Plan>,
    pub colors: Vec<Color>,
    pub born: NaiveDate,
    pub starts: DateTime<Utc>,
    pub site: Url,
}

/// One of every kind again: optional, with defaults, other widths and bounds.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Second {
    #[elicit(max_length = 5)]
    pub initials: Option<String>,
    #[elicit(pattern = "^\\d{5}$")]
    pub zip: Option<String>,
    #[elicit(format = "email", default = "user@example.com")]
    pub email: String,
    #[elicit(format = "uri")]
    pub homepage: Option<String>,
    #[elicit(format = "date")]
    pub birthday: Option<String>,
    #[elicit(format = "date-time")]
    pub callback_at: Option<String>,
    #[elicit(minimum = -10, default = 3)]
    pub offset: i8,
    pub count: Option<u16>,
    pub size: usize,
    #[elicit(minimum = -273.15)]
    pub celsius: Option<f64>,
    #[elicit(minimum = 0.5, maximum = 99.5, default = 2.5)]
    pub score: f64,
    #[elicit(default = true)]
    pub remember: bool,
    pub newsletter: Option<bool>,
    #[elicit(default = "green")]
    pub background: Color,
    pub plan: Option<Plan>,
    #[elicit(default = ["red", "blue"], max_items = 3)]
    pub favorites: Vec<Color>,
    pub extras: Option<HashSet<Color>>,
    pub born: Option<NaiveDate>,
    pub starts: Option<DateTime<FixedOffset>>,
    pub site: Option<Url>,
}
