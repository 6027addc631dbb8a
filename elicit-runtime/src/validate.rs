//! Checking received `content` against the schema that was sent.
//!
//! Every violation is reported with the wire name of its field, not only the first one,
//! so a server can tell the user everything that was wrong at once.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock, RwLock};

use serde_json::{Map, Value};

use crate::schema::{FieldSchema, Format, FormSchema, IntegerRules, Kind, MultiSelectRules, NumberRules, StringRules};

/// What is wrong with the value of one field.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Problem {
    /// A required property is absent.
    Missing,
    /// The JSON type is not the one the schema asks for.
    WrongType {
        /// The JSON type the schema asks for.
        expected: &'static str,
        /// The JSON type that was sent.
        found: &'static str,
    },
    /// An integer field received a number with a fractional part.
    NotAnInteger,
    /// An integer outside the range of the Rust type of the field.
    IntegerOutOfRange {
        /// The smallest value of the type.
        min: i128,
        /// The largest value of the type.
        max: i128,
    },
    /// A number whose magnitude the Rust type cannot hold.
    NumberOutOfRange {
        /// The largest magnitude of the type.
        max: f64,
    },
    /// Below `minimum`.
    BelowMinimum {
        /// The minimum.
        minimum: f64,
        /// The value sent.
        found: f64,
    },
    /// Above `maximum`.
    AboveMaximum {
        /// The maximum.
        maximum: f64,
        /// The value sent.
        found: f64,
    },
    /// Fewer characters (Unicode scalar values) than `minLength`.
    TooShort {
        /// `minLength`.
        min_length: u64,
        /// The length sent.
        length: u64,
    },
    /// More characters (Unicode scalar values) than `maxLength`.
    TooLong {
        /// `maxLength`.
        max_length: u64,
        /// The length sent.
        length: u64,
    },
    /// The string contains no match of `pattern`.
    PatternMismatch {
        /// The pattern.
        pattern: &'static str,
    },
    /// The string is not valid for its `format`.
    InvalidFormat(Format),
    /// A single-select value that is not one of the options.
    NotAnOption(String),
    /// A multi-select item that is not one of the options.
    UnknownItem(String),
    /// A multi-select item chosen twice.
    DuplicateItem(String),
    /// Fewer items than `minItems`.
    TooFewItems {
        /// `minItems`.
        min_items: u64,
        /// The number sent.
        count: u64,
    },
    /// More items than `maxItems`.
    TooManyItems {
        /// `maxItems`.
        max_items: u64,
        /// The number sent.
        count: u64,
    },
}

impl Problem {
    pub(crate) fn wrong_type(expected: &'static str, found: &Value) -> Self {
        Problem::WrongType { expected, found: json_type_name(found) }
    }
}

/// The JSON Schema type name of a value.
pub fn json_type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing => f.write_str("is required but missing"),
            Problem::WrongType { expected, found } => write!(f, "must be {} {expected}, got {} {found}", article(expected), article(found)),
            Problem::NotAnInteger => f.write_str("must be a whole number"),
            Problem::IntegerOutOfRange { min, max } => write!(f, "must be between {min} and {max}"),
            Problem::NumberOutOfRange { max } => write!(f, "must be at most {max:e} in magnitude"),
            Problem::BelowMinimum { minimum, found } => write!(f, "must be at least {minimum}, got {found}"),
            Problem::AboveMaximum { maximum, found } => write!(f, "must be at most {maximum}, got {found}"),
            Problem::TooShort { min_length, length } => write!(f, "must be at least {} long, got {length}", plural(*min_length, "character")),
            Problem::TooLong { max_length, length } => write!(f, "must be at most {} long, got {length}", plural(*max_length, "character")),
            Problem::PatternMismatch { pattern } => write!(f, "must match the pattern `{pattern}`"),
            Problem::InvalidFormat(format) => write!(f, "must be a valid {format}"),
            Problem::NotAnOption(value) => write!(f, "`{value}` is not one of the options"),
            Problem::UnknownItem(value) => write!(f, "`{value}` is not one of the options"),
            Problem::DuplicateItem(value) => write!(f, "`{value}` is chosen more than once"),
            Problem::TooFewItems { min_items, count } => write!(f, "must have at least {}, got {count}", plural(*min_items, "choice")),
            Problem::TooManyItems { max_items, count } => write!(f, "must have at most {}, got {count}", plural(*max_items, "choice")),
        }
    }
}

fn plural(n: u64, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

/// One problem with one field of received content.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    /// The wire name of the field.
    pub field: &'static str,
    /// What is wrong with it.
    pub problem: Problem,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.field, self.problem)
    }
}

/// Accepted content that does not satisfy the schema that was sent: every violation, in
/// field order.
///
/// ```
/// use elicit_runtime::Elicit;
/// use serde_json::json;
///
/// #[derive(Elicit, Debug)]
/// struct Signup {
///     #[elicit(min_length = 2)]
///     name: String,
///     #[elicit(minimum = 18)]
///     age: u8,
/// }
///
/// let content = json!({"name": "A", "age": 300});
/// let err = Signup::from_content(content.as_object().unwrap()).unwrap_err();
/// assert_eq!(err.violations().len(), 2);
/// assert_eq!(
///     err.to_string(),
///     "the content does not match the form: `name`: must be at least 2 characters long, got 1; `age`: must be between 0 and 255"
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct InvalidContent {
    violations: Vec<Violation>,
}

impl InvalidContent {
    /// The violations, in field order (several per field are possible).
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Consumes the error into its violations.
    pub fn into_violations(self) -> Vec<Violation> {
        self.violations
    }
}

impl fmt::Display for InvalidContent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the content does not match the form: ")?;
        for (i, v) in self.violations.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

impl std::error::Error for InvalidContent {}

/// Collects violations while content is checked and decoded.
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct Report {
    violations: Vec<Violation>,
}

impl Report {
    pub(crate) fn push(&mut self, field: &'static str, problem: Problem) {
        self.violations.push(Violation { field, problem });
    }

    /// `Ok` when nothing was reported.
    pub fn finish(self) -> Result<(), InvalidContent> {
        if self.violations.is_empty() { Ok(()) } else { Err(InvalidContent { violations: self.violations }) }
    }

    /// The error for what was reported; never empty (a decoding step that failed without
    /// a reason is reported as a missing value of its first field rather than lost).
    pub fn into_error(mut self, first_field: &'static str) -> InvalidContent {
        if self.violations.is_empty() {
            self.push(first_field, Problem::Missing);
        }
        InvalidContent { violations: self.violations }
    }
}

impl FormSchema {
    /// Checks content against this schema, reporting every violation. Properties the
    /// schema does not name are ignored.
    ///
    /// ```
    /// use elicit_runtime::Elicit;
    /// use serde_json::json;
    ///
    /// #[derive(Elicit)]
    /// struct Rating {
    ///     #[elicit(minimum = 1, maximum = 5)]
    ///     stars: u8,
    /// }
    ///
    /// assert!(Rating::SCHEMA.validate(json!({"stars": 4}).as_object().unwrap()).is_ok());
    /// assert!(Rating::SCHEMA.validate(json!({"stars": 6}).as_object().unwrap()).is_err());
    /// ```
    pub fn validate(&self, content: &Map<String, Value>) -> Result<(), InvalidContent> {
        let mut report = Report::default();
        for field in self.fields() {
            match content.get(field.name()) {
                None | Some(Value::Null) if !field.is_required() => {}
                None => report.push(field.name(), Problem::Missing),
                Some(value) => {
                    check_value(field, value, &mut report);
                }
            }
        }
        report.finish()
    }
}

/// Checks one present value against its field, pushing every problem. Returns whether
/// it is valid.
pub(crate) fn check_value(field: &FieldSchema, value: &Value, report: &mut Report) -> bool {
    let before = report.violations.len();
    let name = field.name();
    match field.kind() {
        Kind::String(rules) => match value.as_str() {
            Some(s) => check_string(name, rules, s, report),
            None => report.push(name, Problem::wrong_type("string", value)),
        },
        Kind::Integer(rules) => check_integer(name, rules, value, report),
        Kind::Number(rules) => check_number(name, rules, value, report),
        Kind::Boolean => {
            if !value.is_boolean() {
                report.push(name, Problem::wrong_type("boolean", value));
            }
        }
        Kind::Select(options) => match value.as_str() {
            Some(s) if options.iter().any(|o| o.value() == s) => {}
            Some(s) => report.push(name, Problem::NotAnOption(s.to_owned())),
            None => report.push(name, Problem::wrong_type("string", value)),
        },
        Kind::MultiSelect(rules) => check_multi(name, rules, value, report),
    }
    report.violations.len() == before
}

fn check_string(name: &'static str, rules: &StringRules, s: &str, report: &mut Report) {
    if rules.min_length.is_some() || rules.max_length.is_some() {
        let length = s.chars().count() as u64;
        if let Some(min_length) = rules.min_length.filter(|&m| length < m) {
            report.push(name, Problem::TooShort { min_length, length });
        }
        if let Some(max_length) = rules.max_length.filter(|&m| length > m) {
            report.push(name, Problem::TooLong { max_length, length });
        }
    }
    if let Some(pattern) = rules.pattern
        && !pattern_matches(pattern, s) {
            report.push(name, Problem::PatternMismatch { pattern });
        }
    if let Some(format) = rules.format
        && !format_is_valid(format, s) {
            report.push(name, Problem::InvalidFormat(format));
        }
}

fn check_integer(name: &'static str, rules: &IntegerRules, value: &Value, report: &mut Report) {
    let n = match crate::field::json_integer(value) {
        Ok(n) => n,
        // A whole float beyond every integer type: out of this field's range.
        Err(Problem::IntegerOutOfRange { .. }) => {
            return report.push(name, Problem::IntegerOutOfRange { min: rules.type_min, max: rules.type_max });
        }
        Err(problem) => return report.push(name, problem),
    };
    if n < rules.type_min || n > rules.type_max {
        return report.push(name, Problem::IntegerOutOfRange { min: rules.type_min, max: rules.type_max });
    }
    if let Some(minimum) = rules.minimum.filter(|&m| n < m) {
        report.push(name, Problem::BelowMinimum { minimum: minimum as f64, found: n as f64 });
    }
    if let Some(maximum) = rules.maximum.filter(|&m| n > m) {
        report.push(name, Problem::AboveMaximum { maximum: maximum as f64, found: n as f64 });
    }
}

fn check_number(name: &'static str, rules: &NumberRules, value: &Value, report: &mut Report) {
    let Some(x) = value.as_f64().filter(|_| value.is_number()) else {
        return report.push(name, Problem::wrong_type("number", value));
    };
    if x.abs() > rules.type_max {
        return report.push(name, Problem::NumberOutOfRange { max: rules.type_max });
    }
    if let Some(minimum) = rules.minimum.and_then(|m| m.as_f64()).filter(|&m| x < m) {
        report.push(name, Problem::BelowMinimum { minimum, found: x });
    }
    if let Some(maximum) = rules.maximum.and_then(|m| m.as_f64()).filter(|&m| x > m) {
        report.push(name, Problem::AboveMaximum { maximum, found: x });
    }
}

fn check_multi(name: &'static str, rules: &MultiSelectRules, value: &Value, report: &mut Report) {
    let Some(items) = value.as_array() else {
        return report.push(name, Problem::wrong_type("array", value));
    };
    for (i, item) in items.iter().enumerate() {
        match item.as_str() {
            None => report.push(name, Problem::wrong_type("string", item)),
            Some(s) if !rules.options.iter().any(|o| o.value() == s) => report.push(name, Problem::UnknownItem(s.to_owned())),
            // Report a repeated item once, at its second occurrence.
            Some(s) if items[..i].iter().filter(|p| p.as_str() == Some(s)).count() == 1 => {
                report.push(name, Problem::DuplicateItem(s.to_owned()))
            }
            Some(_) => {}
        }
    }
    let count = items.len() as u64;
    if let Some(min_items) = rules.min_items.filter(|&m| count < m) {
        report.push(name, Problem::TooFewItems { min_items, count });
    }
    if let Some(max_items) = rules.max_items.filter(|&m| count > m) {
        report.push(name, Problem::TooManyItems { max_items, count });
    }
}

// ---- patterns ------------------------------------------------------------------------

/// Compiled patterns, built once per distinct pattern. The set is bounded by the
/// patterns written in the program's own `#[elicit(pattern = ...)]` attributes.
fn compiled(pattern: &'static str) -> Option<Arc<regex::Regex>> {
    type Compiled = HashMap<&'static str, Option<Arc<regex::Regex>>>;
    static CACHE: OnceLock<RwLock<Compiled>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.read().unwrap_or_else(|e| e.into_inner()).get(pattern) {
        return found.clone();
    }
    let regex = regex::Regex::new(&ecma_classes(pattern)).or_else(|_| regex::Regex::new(pattern)).ok().map(Arc::new);
    cache.write().unwrap_or_else(|e| e.into_inner()).insert(pattern, regex.clone());
    regex
}

/// JSON Schema writes patterns in the ECMA-262 dialect, whose `\d` and `\w` are ASCII
/// (`[0-9]`, `[A-Za-z0-9_]`); the regex crate's are Unicode-aware, so `^\d{5}$` would
/// accept `١٢٣٤٥`, which the client was told to refuse. Rewrite those four escapes (as the
/// `jsonschema` crate does); the rest of the syntax means the same in both dialects.
fn ecma_classes(pattern: &str) -> std::borrow::Cow<'_, str> {
    if !pattern.contains('\\') {
        return std::borrow::Cow::Borrowed(pattern);
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        // Inside a class too: the regex crate nests classes, `[\d.]` → `[[0-9].]`.
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[A-Za-z0-9_]"),
            Some('W') => out.push_str("[^A-Za-z0-9_]"),
            Some(escaped) => {
                out.push('\\');
                out.push(escaped);
            }
            None => out.push('\\'),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// JSON Schema `pattern` semantics: the value must contain a match (not be one).
fn pattern_matches(pattern: &'static str, s: &str) -> bool {
    // The derive checked the pattern at compile time; a pattern that still does not
    // compile matches nothing, so bad content is never accepted because of it.
    compiled(pattern).is_some_and(|re| re.is_match(s))
}

// ---- formats -------------------------------------------------------------------------

/// Whether `s` is valid for `format`, as JSON Schema defines the format.
///
/// ```
/// use elicit_runtime::{schema::Format, validate::format_is_valid};
///
/// assert!(format_is_valid(Format::Email, "octocat@github.com"));
/// assert!(format_is_valid(Format::Uri, "https://example.com/a?b#c"));
/// assert!(!format_is_valid(Format::Uri, "/relative/path"));
/// assert!(format_is_valid(Format::Date, "2024-02-29"));
/// assert!(!format_is_valid(Format::Date, "2023-02-29"));
/// assert!(format_is_valid(Format::DateTime, "2025-11-25T10:30:00.5+02:00"));
/// assert!(!format_is_valid(Format::DateTime, "2025-11-25 10:30"));
/// ```
pub fn format_is_valid(format: Format, s: &str) -> bool {
    match format {
        // RFC 5321 / 5322 addresses are ASCII; non-ASCII ones are JSON Schema's
        // `idn-email` (RFC 6531), which a client checking `email` refuses.
        Format::Email => s.is_ascii() && email_address::EmailAddress::parse_with_options(s, email_address::Options::default()).is_ok(),
        Format::Uri => fluent_uri::Uri::parse(s).is_ok(),
        Format::Date => rfc3339::full_date(s.as_bytes()),
        Format::DateTime => rfc3339::date_time(s),
    }
}

/// RFC 3339 section 5.6, as JSON Schema's `date` and `date-time` formats use it.
mod rfc3339 {
    fn digits(b: &[u8]) -> Option<u32> {
        if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
    }

    /// `full-date = date-fullyear "-" date-month "-" date-mday`
    pub(super) fn full_date(b: &[u8]) -> bool {
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return false;
        }
        let (Some(year), Some(month), Some(day)) = (digits(&b[0..4]), digits(&b[5..7]), digits(&b[8..10])) else {
            return false;
        };
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return false,
        };
        (1..=days).contains(&day)
    }

    /// `partial-time = time-hour ":" time-minute ":" time-second [time-secfrac]`
    fn partial_time(b: &[u8]) -> bool {
        if b.len() < 8 || b[2] != b':' || b[5] != b':' {
            return false;
        }
        let (Some(h), Some(m), Some(s)) = (digits(&b[0..2]), digits(&b[3..5]), digits(&b[6..8])) else {
            return false;
        };
        // A leap second (60) is valid syntax; RFC 3339 leaves its plausibility to the reader.
        let frac_ok = match &b[8..] {
            [] => true,
            // Any number of digits: not folded into a number, which would overflow.
            [b'.', rest @ ..] => !rest.is_empty() && rest.iter().all(u8::is_ascii_digit),
            _ => false,
        };
        h <= 23 && m <= 59 && s <= 60 && frac_ok
    }

    /// `time-offset = "Z" / time-numoffset`
    fn offset(b: &[u8]) -> bool {
        match b {
            [b'Z' | b'z'] => true,
            [b'+' | b'-', h1, h2, b':', m1, m2] => {
                matches!((digits(&[*h1, *h2]), digits(&[*m1, *m2])), (Some(h), Some(m)) if h <= 23 && m <= 59)
            }
            _ => false,
        }
    }

    /// `date-time = full-date "T" full-time`
    pub(super) fn date_time(s: &str) -> bool {
        let b = s.as_bytes();
        if b.len() < 20 || !matches!(b[10], b'T' | b't') || !full_date(&b[..10]) {
            return false;
        }
        let time = &b[11..];
        let split = time.iter().rposition(|&c| matches!(c, b'Z' | b'z' | b'+' | b'-'));
        match split {
            Some(at) => partial_time(&time[..at]) && offset(&time[at..]),
            None => false,
        }
    }
}

/// Decodes one field of `content` into `T`, reporting what is wrong. Used by the code
/// `#[derive(Elicit)]` generates. `absent` gives the value of a property that is not
/// there and has no default in the schema (`None` for `Option`, `Default::default()`
/// under `#[serde(default)]`).
#[doc(hidden)]
pub fn decode_field<T: crate::field::ElicitField>(
    content: &Map<String, Value>,
    field: &'static FieldSchema,
    report: &mut Report,
    absent: fn() -> Option<T>,
) -> Option<T> {
    let name = field.name();
    let decoded = match content.get(name) {
        Some(Value::Null) | None if !field.is_required() => match field.default() {
            Some(default) => T::from_json(&default.to_json()),
            None => return absent().or_else(|| {
                report.push(name, Problem::Missing);
                None
            }),
        },
        None => Err(Problem::Missing),
        Some(value) => {
            if !check_value(field, value, report) {
                return None;
            }
            T::from_json(value)
        }
    };
    decoded.map_err(|problem| report.push(name, problem)).ok()
}
