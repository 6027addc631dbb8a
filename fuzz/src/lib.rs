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

// ---- the two-step choice, flattened sub-forms and the author's rules ---------------------

/// The data of a variant that carries a struct.
#[derive(Elicit, Debug, Clone, PartialEq)]
pub struct Cheque {
    #[elicit(minimum = 1)]
    pub number: u32,
}

/// How the user pays: a unit variant, a variant with fields, a variant with a struct.
#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(rename_all = "snake_case")]
pub enum Payment {
    /// Pay at the desk
    Cash,
    /// An invoice sent by email
    #[elicit(title = "Invoice")]
    Invoice {
        #[elicit(format = "email")]
        email: String,
        #[elicit(max_length = 8)]
        purchase_order: Option<String>,
    },
    Cheque(Cheque),
}

/// An address, with a rule of its own.
#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(validate = Address::check)]
pub struct Address {
    #[elicit(min_length = 1, max_length = 40)]
    pub city: String,
    #[elicit(pattern = "^[0-9]{5}$")]
    pub zip: Option<String>,
}

impl Address {
    /// A city named "Nowhere" has no zip code, and every other city needs one.
    pub fn check(&self) -> Result<(), Vec<elicit_runtime::form::Violation>> {
        match (self.city.as_str(), &self.zip) {
            ("Nowhere", Some(_)) => Err(vec![elicit_runtime::form::Violation::rule("zip", "Nowhere has no zip code")]),
            (city, None) if city != "Nowhere" => Err(vec![elicit_runtime::form::Violation::rule("zip", "a zip code is needed")]),
            _ => Ok(()),
        }
    }
}

/// A form that flattens one sub-form twice with prefixes, once more as an option, and
/// has a cross-field rule.
#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(validate = Trip::check)]
pub struct Trip {
    #[elicit(flatten(prefix = "home_"))]
    pub home: Address,
    #[elicit(flatten(prefix = "away_", title_prefix = "Away: "))]
    pub away: Address,
    #[elicit(flatten(prefix = "alt_"))]
    pub alternative: Option<Address>,
    #[elicit(minimum = 1, maximum = 9)]
    pub nights: u8,
}

impl Trip {
    /// A trip goes somewhere else.
    pub fn check(&self) -> Result<(), Vec<elicit_runtime::form::Violation>> {
        if self.home.city == self.away.city {
            return Err(vec![elicit_runtime::form::Violation::rule("away_city", "must differ from home")]);
        }
        Ok(())
    }
}

/// Every rule an accepted `Trip` must satisfy, checked again from the value itself.
pub fn trip_holds(trip: &Trip) -> bool {
    let address = |a: &Address| {
        (1..=40).contains(&a.city.chars().count())
            && a.zip.as_deref().is_none_or(|z| z.len() == 5 && z.bytes().all(|b| b.is_ascii_digit()))
            && a.check().is_ok()
    };
    address(&trip.home) && address(&trip.away) && trip.alternative.as_ref().is_none_or(address) && (1..=9).contains(&trip.nights) && trip.check().is_ok()
}

/// Every rule an accepted `Payment` must satisfy, checked again from the value itself.
pub fn payment_holds(payment: &Payment) -> bool {
    match payment {
        Payment::Cash => true,
        Payment::Invoice { email, purchase_order } => {
            email.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && !domain.is_empty())
                && purchase_order.as_deref().is_none_or(|p| p.chars().count() <= 8)
        }
        Payment::Cheque(cheque) => cheque.number >= 1,
    }
}

/// A client made of answers: each `elicitation/create` takes the next one (a decline
/// once they run out), and every request sent is kept.
pub struct Answers {
    revision: &'static str,
    answers: std::sync::Mutex<std::collections::VecDeque<serde_json::Value>>,
    /// The `params` of every request sent, in order.
    pub sent: std::sync::Mutex<Vec<serde_json::Map<String, serde_json::Value>>>,
}

impl Answers {
    /// A client of `revision` that gives these answers in turn.
    pub fn new(revision: &'static str, answers: impl IntoIterator<Item = serde_json::Value>) -> Self {
        Answers { revision, answers: std::sync::Mutex::new(answers.into_iter().collect()), sent: std::sync::Mutex::default() }
    }
}

impl elicit_runtime::ElicitPeer for Answers {
    fn protocol_version(&self) -> Option<String> {
        Some(self.revision.to_owned())
    }

    fn elicitation_support(&self) -> elicit_runtime::exchange::ElicitationSupport {
        elicit_runtime::exchange::ElicitationSupport::FORM
    }

    async fn send_elicitation(&self, outgoing: elicit_runtime::exchange::Outgoing) -> Result<elicit_runtime::exchange::Answer, elicit_runtime::ElicitError> {
        self.sent.lock().map_err(|_| elicit_runtime::ElicitError::cancelled(None))?.push(outgoing.question.into_params());
        let next = self.answers.lock().map_err(|_| elicit_runtime::ElicitError::cancelled(None))?.pop_front();
        Ok(next.unwrap_or_else(|| serde_json::json!({"action": "decline"})).into())
    }
}

/// Polls a future that never waits to its end (the fuzz targets' peers answer at once).
pub fn block_on<F: std::future::Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
    loop {
        if let std::task::Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}

// ---- the page ------------------------------------------------------------------------------

/// A page form: a secret and one of most field kinds, with constraints.
#[derive(Elicit, Debug)]
#[elicit(page)]
pub struct KeyForm {
    /// The key from your dashboard
    #[elicit(min_length = 8, pattern = "^sk-[A-Za-z0-9-]+$")]
    pub key: elicit_runtime::page::Secret,
    #[elicit(max_length = 20)]
    pub label: Option<String>,
    #[elicit(minimum = 1, maximum = 90)]
    pub days: u8,
    pub color: Color,
    #[elicit(max_items = 2)]
    pub plans: Vec<Plan>,
    #[elicit(default = false)]
    pub rotate: bool,
    pub starts: Option<NaiveDate>,
}
