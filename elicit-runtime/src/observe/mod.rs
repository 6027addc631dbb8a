//! What the runtime tells a server's operators: `tracing` spans and events, and metrics
//! (feature `metrics`), with stable names, bounded labels, and nothing a user typed.
//!
#![doc = include_str!("../../docs/observability.md")]

use std::time::Duration;

use crate::form::{InvalidContent, Problem};

/// The metrics the runtime records (feature `metrics`), each by a stable name: the
/// table "Metrics" above says their type, labels and what they count.
///
/// ```
/// use elicit_runtime::observe::Metric;
///
/// assert_eq!(Metric::Outcomes.name(), "elicit_outcomes_total");
/// assert!(Metric::ALL.iter().all(|metric| metric.name().starts_with("elicit_")));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Metric {
    /// Counter `elicit_outcomes_total`: elicitations by `form`, `mode` and `outcome`.
    Outcomes,
    /// Counter `elicit_client_profiles_total`: form-mode elicitations by the `client`
    /// profile the form was written for ([`ClientProfile::label`](crate::form::ClientProfile::label):
    /// the shipped ones and those the author registered, a bounded set) and `outcome`.
    ClientProfiles,
    /// Counter `elicit_validation_problems_total`: problems found in accepted content, by
    /// `form` and `kind`.
    ValidationProblems,
    /// Histogram `elicit_time_to_answer_seconds`: how long the client took to answer, by
    /// `form` and `mode`.
    TimeToAnswer,
    /// Gauge `elicit_pending`: requests sent to clients and not answered yet, by `mode`.
    Pending,
    /// Counter `elicit_request_state_refused_total`: `requestState`s refused, by `reason`.
    StateRefused,
    /// Counter `elicit_rounds_total`: replays of calls answered in rounds or through the
    /// model, by `outcome`.
    Rounds,
    /// Counter `elicit_relay_total`: the relay through the model, by `event` (`asked`,
    /// `answered`).
    Relay,
    /// Counter `elicit_url_pages_total`: URL-mode pages, by `event`.
    UrlPages,
}

impl Metric {
    /// Every metric, in the order of the table.
    pub const ALL: [Metric; 9] = [
        Metric::Outcomes,
        Metric::ClientProfiles,
        Metric::ValidationProblems,
        Metric::TimeToAnswer,
        Metric::Pending,
        Metric::StateRefused,
        Metric::Rounds,
        Metric::Relay,
        Metric::UrlPages,
    ];

    /// The metric's name, as an exporter shows it (`elicit_outcomes_total`...).
    pub const fn name(self) -> &'static str {
        match self {
            Metric::Outcomes => OUTCOMES,
            Metric::ClientProfiles => CLIENTS,
            Metric::ValidationProblems => VALIDATION_PROBLEMS,
            Metric::TimeToAnswer => TIME_TO_ANSWER,
            Metric::Pending => PENDING,
            Metric::StateRefused => STATE_REFUSED,
            Metric::Rounds => ROUNDS,
            Metric::Relay => RELAY,
            Metric::UrlPages => URL_PAGES,
        }
    }
}

// The names, as constants for the `metrics` macros (which want a `&'static str` expression).
const OUTCOMES: &str = "elicit_outcomes_total";
const CLIENTS: &str = "elicit_client_profiles_total";
const VALIDATION_PROBLEMS: &str = "elicit_validation_problems_total";
const TIME_TO_ANSWER: &str = "elicit_time_to_answer_seconds";
const PENDING: &str = "elicit_pending";
const STATE_REFUSED: &str = "elicit_request_state_refused_total";
const ROUNDS: &str = "elicit_rounds_total";
const RELAY: &str = "elicit_relay_total";
const URL_PAGES: &str = "elicit_url_pages_total";

/// The mode of an elicitation, as its label and span field say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Form,
    Url,
}

impl Mode {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Mode::Form => "form",
            Mode::Url => "url",
        }
    }
}

/// The stable name of a problem's kind: the variant of [`Problem`], in snake case.
pub(crate) fn problem_kind(problem: &Problem) -> &'static str {
    match problem {
        Problem::Missing => "missing",
        Problem::WrongType { .. } => "wrong_type",
        Problem::NotAnInteger => "not_an_integer",
        Problem::NotANumber => "not_a_number",
        Problem::InexactInteger => "inexact_integer",
        Problem::IntegerOutOfRange { .. } => "integer_out_of_range",
        Problem::NumberOutOfRange { .. } => "number_out_of_range",
        Problem::BelowMinimum { .. } => "below_minimum",
        Problem::AboveMaximum { .. } => "above_maximum",
        Problem::TooShort { .. } => "too_short",
        Problem::TooLong { .. } => "too_long",
        Problem::PatternMismatch { .. } => "pattern_mismatch",
        Problem::InvalidFormat(_) => "invalid_format",
        Problem::NotAnOption(_) => "not_an_option",
        Problem::UnknownItem(_) => "unknown_item",
        Problem::DuplicateItem(_) => "duplicate_item",
        Problem::TooFewItems { .. } => "too_few_items",
        Problem::TooManyItems { .. } => "too_many_items",
        Problem::Item { .. } => "list_item",
        Problem::NotAsked => "not_asked",
        Problem::MoreNotAsked { .. } => "more_not_asked",
        Problem::Rule(_) => "rule",
    }
}

/// The kinds of the problems of invalid content, each once, comma-separated: what an
/// event may say of an invalid answer (never the values, nor the names the client sent).
pub(crate) fn problem_kinds(invalid: &InvalidContent) -> String {
    let mut kinds: Vec<&str> = invalid.violations().iter().map(|v| problem_kind(&v.problem)).collect();
    kinds.sort_unstable();
    kinds.dedup();
    kinds.join(",")
}

/// Counts how an elicitation ended.
pub(crate) fn outcome(form: &'static str, mode: Mode, outcome: &'static str) {
    #[cfg(feature = "metrics")]
    metrics::counter!(OUTCOMES, "form" => form, "mode" => mode.as_str(), "outcome" => outcome).increment(1);
    #[cfg(not(feature = "metrics"))]
    let _ = (form, mode, outcome);
}

/// Counts how an elicitation ended by the client profile its form was written for.
pub(crate) fn client(profile: &'static str, outcome: &'static str) {
    #[cfg(feature = "metrics")]
    if !profile.is_empty() {
        metrics::counter!(CLIENTS, "client" => profile, "outcome" => outcome).increment(1);
    }
    #[cfg(not(feature = "metrics"))]
    let _ = (profile, outcome);
}

/// Counts each problem of an invalid answer by its kind.
pub(crate) fn problems(form: &'static str, invalid: &InvalidContent) {
    #[cfg(feature = "metrics")]
    for violation in invalid.violations() {
        metrics::counter!(VALIDATION_PROBLEMS, "form" => form, "kind" => problem_kind(&violation.problem)).increment(1);
    }
    #[cfg(not(feature = "metrics"))]
    let _ = (form, invalid);
}

/// Records how long the client took to answer.
pub(crate) fn time_to_answer(form: &'static str, mode: Mode, took: Duration) {
    #[cfg(feature = "metrics")]
    metrics::histogram!(TIME_TO_ANSWER, "form" => form, "mode" => mode.as_str()).record(took.as_secs_f64());
    #[cfg(not(feature = "metrics"))]
    let _ = (form, mode, took);
}

/// Counts a refused `requestState` by its reason.
#[cfg(feature = "rmcp")]
pub(crate) fn state_refused(reason: &'static str) {
    #[cfg(feature = "metrics")]
    metrics::counter!(STATE_REFUSED, "reason" => reason).increment(1);
    #[cfg(not(feature = "metrics"))]
    let _ = reason;
}

/// Counts a replay of a call by how it ended.
#[cfg(feature = "rmcp")]
pub(crate) fn round(outcome: &'static str) {
    #[cfg(feature = "metrics")]
    metrics::counter!(ROUNDS, "outcome" => outcome).increment(1);
    #[cfg(not(feature = "metrics"))]
    let _ = outcome;
}

/// Counts questions handed to the model (`asked`) or answers it relayed (`answered`).
pub(crate) fn relay(event: &'static str, count: u64) {
    #[cfg(feature = "metrics")]
    metrics::counter!(RELAY, "event" => event).increment(count);
    #[cfg(not(feature = "metrics"))]
    let _ = (event, count);
}

/// Counts an event of a URL-mode page.
pub(crate) fn url_page(event: &'static str) {
    #[cfg(feature = "metrics")]
    metrics::counter!(URL_PAGES, "event" => event).increment(1);
    #[cfg(not(feature = "metrics"))]
    let _ = event;
}

/// One request sent to a client and not answered yet: the pending gauge goes up while
/// it lives, and down when it is dropped (answered, failed, or the caller gave up).
#[must_use]
pub(crate) struct Pending {
    #[cfg(feature = "metrics")]
    mode: Mode,
}

impl Pending {
    pub(crate) fn start(mode: Mode) -> Self {
        #[cfg(feature = "metrics")]
        {
            metrics::gauge!(PENDING, "mode" => mode.as_str()).increment(1.0);
            Pending { mode }
        }
        #[cfg(not(feature = "metrics"))]
        {
            let _ = mode;
            Pending {}
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        #[cfg(feature = "metrics")]
        metrics::gauge!(PENDING, "mode" => self.mode.as_str()).decrement(1.0);
    }
}

#[cfg(test)]
mod tests {
    use crate::observe::Metric;

    /// The table "Metrics" of the module docs names every metric once, by its name and
    /// its variant, so the docs and the enum cannot drift apart.
    #[test]
    fn the_table_names_every_metric() {
        let docs = include_str!("../../docs/observability.md");
        let rows: Vec<&str> = docs.lines().filter(|line| line.starts_with("| `elicit_") && line.contains("([`Metric::")).collect();
        assert_eq!(rows.len(), Metric::ALL.len(), "{rows:#?}");
        for metric in Metric::ALL {
            let row = format!("| `{}` ([`Metric::{metric:?}`])", metric.name());
            assert_eq!(rows.iter().filter(|r| r.starts_with(&row)).count(), 1, "no row `{row}`");
        }
    }
}
