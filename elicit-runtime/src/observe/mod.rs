//! What the runtime tells a server's operators: `tracing` spans and events, and metrics
//! (feature `metrics`), with stable names, bounded labels, and nothing a user typed.
//!
#![doc = include_str!("../../docs/observability.md")]

use std::time::Duration;

use crate::form::{InvalidContent, Problem};

/// The name of the span around every elicitation (target `elicit_runtime::exchange`,
/// or `elicit_runtime::url` for URL mode).
pub const ELICIT_SPAN: &str = "elicit";
/// The name of the span around every replay of a call answered in rounds (2026-07-28)
/// or through the model (target `elicit_runtime::rounds`).
pub const ROUND_SPAN: &str = "elicit_round";

/// Counter: elicitations by `form`, `mode` and `outcome`.
pub const OUTCOMES: &str = "elicit_outcomes_total";
/// Counter: form-mode elicitations by the `client` profile the form was written for
/// ([`ClientProfile::label`](crate::form::ClientProfile::label): the shipped ones and those
/// the author registered, a bounded set) and `outcome`.
pub const CLIENTS: &str = "elicit_client_profiles_total";
/// Counter: problems found in accepted content, by `form` and `kind`.
pub const VALIDATION_PROBLEMS: &str = "elicit_validation_problems_total";
/// Histogram, seconds: how long the client took to answer, by `form` and `mode`.
pub const TIME_TO_ANSWER: &str = "elicit_time_to_answer_seconds";
/// Gauge: requests sent to clients and not answered yet, by `mode`.
pub const PENDING: &str = "elicit_pending";
/// Counter: `requestState`s refused, by `reason`.
pub const STATE_REFUSED: &str = "elicit_request_state_refused_total";
/// Counter: replays of calls answered in rounds or through the model, by `outcome`.
pub const ROUNDS: &str = "elicit_rounds_total";
/// Counter: the relay through the model, by `event` (`asked`, `answered`).
pub const RELAY: &str = "elicit_relay_total";
/// Counter: URL-mode pages, by `event`.
pub const URL_PAGES: &str = "elicit_url_pages_total";

/// Registers the unit and a one-line description of each metric with the installed
/// recorder (exporters show them: Prometheus's `# HELP`). Call it once, after installing
/// the recorder; the metrics are recorded whether or not it is called.
///
/// ```
/// elicit_runtime::observe::describe_metrics();
/// ```
#[cfg(feature = "metrics")]
#[cfg_attr(docsrs, doc(cfg(feature = "metrics")))]
pub fn describe_metrics() {
    use metrics::Unit;
    metrics::describe_counter!(OUTCOMES, Unit::Count, "elicitations, by form, mode and outcome");
    metrics::describe_counter!(CLIENTS, Unit::Count, "form-mode elicitations, by the client profile the form was written for and outcome");
    metrics::describe_counter!(VALIDATION_PROBLEMS, Unit::Count, "problems found in accepted content, by form and kind");
    metrics::describe_histogram!(TIME_TO_ANSWER, Unit::Seconds, "time the client took to answer an elicitation, by form and mode");
    metrics::describe_gauge!(PENDING, Unit::Count, "elicitations sent and not answered yet, by mode");
    metrics::describe_counter!(STATE_REFUSED, Unit::Count, "requestStates refused, by reason");
    metrics::describe_counter!(ROUNDS, Unit::Count, "replays of calls answered in rounds or through the model, by outcome");
    metrics::describe_counter!(RELAY, Unit::Count, "questions handed to the client's model, and answers it relayed");
    metrics::describe_counter!(URL_PAGES, Unit::Count, "URL-mode pages: started, completed, refused, expired, still pending");
}

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
