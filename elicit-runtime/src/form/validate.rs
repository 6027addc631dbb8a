//! Checking received `content` against the schema that was sent.
//!
//! Every violation is reported with the wire name of its field, not only the first one,
//! so a server can tell the user everything that was wrong at once.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use serde_json::{Map, Value};

use super::number::json_integer;
use super::pattern::pattern_matches;
use super::schema::{EnumOption, FieldSchema, Format, FormSchema, IntegerRules, Kind, MultiSelectRules, NumberRules, StringRules};

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
    /// An integer field received a whole number beyond ±(2^53 − 1) written with a
    /// fraction part or an exponent (`1e17`, `9007199254740993.0`). Such a spelling is
    /// read as the nearest double, which is shared by several integers there, so the
    /// value read need not be the one that was written; written as a plain integer
    /// (`100000000000000000`) it is read exactly.
    InexactInteger,
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
    /// The string contains no match of `pattern`. Shown to people, it gives the field's
    /// `pattern_hint` (`must be in the form MM/YY`) or says the value is not in the
    /// expected format: never the regular expression itself.
    PatternMismatch {
        /// The pattern (for the developer: it is not part of the displayed text).
        pattern: &'static str,
        /// The rule in words, from `#[elicit(pattern_hint = "...")]`.
        hint: Option<&'static str>,
    },
    /// The string is not valid for its `format`.
    InvalidFormat(Format),
    /// A single-select value that is not one of the options: the value sent, cut to its
    /// first 64 characters and `…` when longer.
    NotAnOption(String),
    /// A multi-select item that is not one of the options: the item sent, cut to its first
    /// 64 characters and `…` when longer.
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
    /// More items than `maxItems`; or, for a list far longer than an answer can be (more
    /// than twice `maxItems` or the number of options), more than the smaller of those,
    /// reported alone before any item is read.
    TooManyItems {
        /// `maxItems`, or the number of options when that is smaller and the list far
        /// longer.
        max_items: u64,
        /// The number sent.
        count: u64,
    },
    /// A property of the content that the form did not ask for: reported under its own
    /// name. An answer is never read as if a key the client sent were not there (a client
    /// that renamed a property would otherwise have its answer dropped).
    NotAsked,
    /// Past the first [`NOT_ASKED_NAMED`] keys reported [`NotAsked`](Problem::NotAsked),
    /// the next key the form did not ask for, with how many there are from it on: the
    /// number of violations stays bounded by the form, whatever the client sends.
    MoreNotAsked {
        /// How many keys the form did not ask for, this one included.
        count: u64,
    },
}

/// How many keys the form did not ask for are named one by one.
pub const NOT_ASKED_NAMED: usize = 32;

/// The content keys a protocol revision allows beside the form's fields, which are then
/// not reported as [`Problem::NotAsked`]. No revision defines any today: `content` is a
/// map of the schema's properties and nothing else.
pub const KEYS_BESIDE_FIELDS: &[&str] = &[];

/// How much of a value the user sent a violation repeats: enough to recognise it, not a
/// copy of whatever a client chose to send (violations are logged and shown).
const ECHO_CHARS: usize = 64;

/// `s` as a violation repeats it: its first [`ECHO_CHARS`] characters, and `…` if cut.
pub(crate) fn echo(s: &str) -> String {
    echo_up_to(s, ECHO_CHARS)
}

/// `s` cut to its first `chars` characters, and `…` if cut.
pub(crate) fn echo_up_to(s: &str, chars: usize) -> String {
    match s.char_indices().nth(chars) {
        None => s.to_owned(),
        Some((at, _)) => format!("{}…", &s[..at]),
    }
}

impl Problem {
    pub(crate) fn wrong_type(expected: &'static str, found: &Value) -> Self {
        Problem::WrongType { expected, found: json_type_name(found) }
    }
}

/// The JSON Schema type name of a value.
pub(crate) fn json_type_name(value: &Value) -> &'static str {
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
            Problem::InexactInteger => {
                f.write_str("must be written without a fraction part or exponent: beyond ±9007199254740991 such a number is not read exactly")
            }
            Problem::IntegerOutOfRange { min, max } => write!(f, "must be between {min} and {max}"),
            Problem::NumberOutOfRange { max } => write!(f, "must be at most {max:e} in magnitude"),
            Problem::BelowMinimum { minimum, found } => write!(f, "must be at least {minimum}, got {found}"),
            Problem::AboveMaximum { maximum, found } => write!(f, "must be at most {maximum}, got {found}"),
            Problem::TooShort { min_length, length } => write!(f, "must be at least {} long, got {length}", plural(*min_length, "character")),
            Problem::TooLong { max_length, length } => write!(f, "must be at most {} long, got {length}", plural(*max_length, "character")),
            Problem::PatternMismatch { hint: Some(hint), .. } => write!(f, "must be in the form {hint}"),
            Problem::PatternMismatch { hint: None, .. } => f.write_str("is not in the expected format"),
            Problem::InvalidFormat(format) => write!(f, "must be a valid {format}"),
            Problem::NotAnOption(value) => write!(f, "`{value}` is not one of the options"),
            Problem::UnknownItem(value) => write!(f, "`{value}` is not one of the options"),
            Problem::DuplicateItem(value) => write!(f, "`{value}` is chosen more than once"),
            Problem::TooFewItems { min_items, count } => write!(f, "must have at least {}, got {count}", plural(*min_items, "choice")),
            Problem::TooManyItems { max_items, count } => write!(f, "must have at most {}, got {count}", plural(*max_items, "choice")),
            Problem::NotAsked | Problem::MoreNotAsked { count: 0 | 1 } => f.write_str("is not a field of this form"),
            Problem::MoreNotAsked { count } => write!(f, "is not a field of this form, and neither are the {} after it", plural(count - 1, "other key")),
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
    /// The property the problem is about: the wire name of the field; on 2025-06-18 the
    /// name of a multi-select's checkbox; for [`Problem::NotAsked`], the key the client
    /// sent (cut as [`Problem::NotAnOption`] cuts values).
    pub field: Cow<'static, str>,
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

    /// These violations and then `other`'s, in one error.
    pub(crate) fn merged(mut self, other: InvalidContent) -> InvalidContent {
        self.violations.extend(other.violations);
        self
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
    work: u64,
}

impl Report {
    /// How much work checking has done so far, in steps: one per multi-select item
    /// looked at and per option compared with it, one per byte of a string read by a
    /// length count, a pattern or a format check. Only for tests that assert the work
    /// stays linear in the size of the content (and that oversized content is refused
    /// before it is read).
    pub fn work(&self) -> u64 {
        self.work
    }

    fn add_work(&mut self, steps: usize) {
        self.work = self.work.saturating_add(steps as u64);
    }

    pub(crate) fn push(&mut self, field: impl Into<Cow<'static, str>>, problem: Problem) {
        self.violations.push(Violation { field: field.into(), problem });
    }

    /// Whether nothing was reported.
    pub fn is_clean(&self) -> bool {
        self.violations.is_empty()
    }

    /// [`not_asked`](Self::not_asked) after the fields were found in `content`
    /// ([`find_fields`](crate::form::find_fields)): `found` holds what was found, by field.
    pub fn not_asked_beside(&mut self, content: &Map<String, Value>, fields: &[FieldSchema], found: &[Option<&Value>]) -> bool {
        let matched = found.iter().filter(|f| f.is_some()).count();
        self.not_asked(content, fields, matched)
    }

    /// Reports every key of `content` that is not the name of one of `fields` (nor one
    /// of [`KEYS_BESIDE_FIELDS`]) as [`Problem::NotAsked`], in the content's order.
    /// `matched` is how many keys were found to be fields: when it is all of them,
    /// nothing is looked at again. Returns whether any key was reported.
    pub fn not_asked(&mut self, content: &Map<String, Value>, fields: &[FieldSchema], matched: usize) -> bool {
        if matched >= content.len() {
            return false;
        }
        let (mut named, mut more): (usize, Option<(String, u64)>) = (0, None);
        for key in content.keys() {
            self.add_work(1);
            if fields.iter().any(|f| same_name(f.name(), key)) || KEYS_BESIDE_FIELDS.contains(&key.as_str()) {
                continue;
            }
            if named < NOT_ASKED_NAMED {
                self.push(echo(key), Problem::NotAsked);
                named += 1;
            } else {
                more.get_or_insert_with(|| (echo(key), 0)).1 += 1;
            }
        }
        if let Some((key, count)) = more {
            self.push(key, Problem::MoreNotAsked { count });
        }
        named > 0
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
    /// Checks content against this schema, reporting every violation. A property the
    /// schema does not name is a violation of its own ([`Problem::NotAsked`]).
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
        self.check_into(content, &mut report);
        report.finish()
    }

    /// [`validate`](Self::validate) into a report the caller holds (to read its
    /// [`work`](Report::work) afterwards).
    #[doc(hidden)]
    pub fn check_into(&self, content: &Map<String, Value>, report: &mut Report) {
        let mut matched = 0;
        for field in self.fields() {
            let found = content.get(field.name());
            matched += usize::from(found.is_some());
            match found {
                None | Some(Value::Null) if !field.is_required() => {}
                None => report.push(field.name(), Problem::Missing),
                Some(value) => {
                    check_value(field, value, report);
                }
            }
        }
        report.not_asked(content, self.fields(), matched);
    }
}

/// Checks one present value against its field, pushing every problem. Returns whether
/// it is valid.
pub(crate) fn check_value(field: &FieldSchema, value: &Value, report: &mut Report) -> bool {
    let name = field.name();
    match field.kind() {
        Kind::String(rules) => read_string(name, rules, value, report).is_some(),
        Kind::Integer(rules) => read_integer(name, rules, value, report).is_some(),
        Kind::Number(rules) => read_number(name, rules, value, report).is_some(),
        Kind::Boolean => read_bool(name, value, report).is_some(),
        Kind::Select(options) => read_select(name, options, value, report).is_some(),
        Kind::MultiSelect(rules) => {
            let before = report.violations.len();
            check_multi(name, rules, value, report);
            report.violations.len() == before
        }
    }
}

// Each `read_*` checks a present value against one kind's rules, pushing every problem,
// and gives back what it read when the value keeps them all, so that decoding a field
// (`ElicitField::__read`) reads the JSON once: the string, the integer, the number, the
// option's position.

/// A string keeping `rules`.
#[inline]
pub(crate) fn read_string<'v>(name: &'static str, rules: &StringRules, value: &'v Value, report: &mut Report) -> Option<&'v str> {
    let Some(s) = value.as_str() else {
        report.push(name, Problem::wrong_type("string", value));
        return None;
    };
    let before = report.violations.len();
    check_string(name, rules, s, report);
    (report.violations.len() == before).then_some(s)
}

/// An integer keeping `rules` (within its type's range).
#[inline]
pub(crate) fn read_integer(name: &'static str, rules: &IntegerRules, value: &Value, report: &mut Report) -> Option<i128> {
    let n = match json_integer(value, rules.type_min, rules.type_max) {
        Ok(n) => n,
        Err(problem) => {
            report.push(name, problem);
            return None;
        }
    };
    let mut valid = true;
    if let Some(minimum) = rules.minimum.filter(|&m| n < m) {
        report.push(name, Problem::BelowMinimum { minimum: minimum as f64, found: n as f64 });
        valid = false;
    }
    if let Some(maximum) = rules.maximum.filter(|&m| n > m) {
        report.push(name, Problem::AboveMaximum { maximum: maximum as f64, found: n as f64 });
        valid = false;
    }
    valid.then_some(n)
}

/// A number keeping `rules` (finite, within its type's magnitude).
#[inline]
pub(crate) fn read_number(name: &'static str, rules: &NumberRules, value: &Value, report: &mut Report) -> Option<f64> {
    let Some(x) = value.as_f64().filter(|_| value.is_number()) else {
        report.push(name, Problem::wrong_type("number", value));
        return None;
    };
    if x.abs() > rules.type_max {
        report.push(name, Problem::NumberOutOfRange { max: rules.type_max });
        return None;
    }
    let mut valid = true;
    if let Some(minimum) = rules.minimum.and_then(|m| m.as_f64()).filter(|&m| x < m) {
        report.push(name, Problem::BelowMinimum { minimum, found: x });
        valid = false;
    }
    if let Some(maximum) = rules.maximum.and_then(|m| m.as_f64()).filter(|&m| x > m) {
        report.push(name, Problem::AboveMaximum { maximum, found: x });
        valid = false;
    }
    valid.then_some(x)
}

/// A boolean.
#[inline]
pub(crate) fn read_bool(name: &'static str, value: &Value, report: &mut Report) -> Option<bool> {
    let b = value.as_bool();
    if b.is_none() {
        report.push(name, Problem::wrong_type("boolean", value));
    }
    b
}

/// The position among `options` of the one chosen.
#[inline]
pub(crate) fn read_select(name: &'static str, options: &[EnumOption], value: &Value, report: &mut Report) -> Option<usize> {
    let Some(s) = value.as_str() else {
        report.push(name, Problem::wrong_type("string", value));
        return None;
    };
    let found = options.iter().position(|o| same_name(o.value(), s));
    if found.is_none() {
        report.push(name, Problem::NotAnOption(echo(s)));
    }
    found
}

/// Whether two short strings (field names, option values) are equal, compared inline
/// rather than through a call to `memcmp`, which costs more than the comparison itself
/// for the few bytes of a name. Up to 16 bytes: two overlapping 8-byte (or 4-byte) words.
#[inline]
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    #[inline(always)]
    fn word8(s: &[u8], at: usize) -> u64 {
        s.get(at..at + 8).and_then(|w| w.try_into().ok()).map_or(0, u64::from_ne_bytes)
    }
    #[inline(always)]
    fn word4(s: &[u8], at: usize) -> u32 {
        s.get(at..at + 4).and_then(|w| w.try_into().ok()).map_or(0, u32::from_ne_bytes)
    }
    match n {
        0..4 => a == b,
        4..8 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        _ => a == b,
    }
}

/// How far past `max_length` (or `max_items`) content may go and still be checked in
/// full: beyond this factor it is refused as too long (too many) before anything else is
/// looked at, so that a hostile payload costs no more than counting it.
const FAR_PAST: u64 = 2;

fn check_string(name: &'static str, rules: &StringRules, s: &str, report: &mut Report) {
    if rules.min_length.is_some() || rules.max_length.is_some() {
        // A string of n bytes has n/4 to n characters (UTF-8 takes 1 to 4 bytes per
        // character): when both bounds hold for that whole range, nothing is counted.
        let (bytes, fewest) = (s.len() as u64, (s.len() as u64).div_ceil(4));
        let length = match (rules.min_length, rules.max_length) {
            (min, max) if min.is_none_or(|m| fewest >= m) && max.is_none_or(|m| bytes <= m) => None,
            _ => {
                report.add_work(s.len());
                Some(s.chars().count() as u64)
            }
        };
        if let Some(length) = length {
            if let Some(min_length) = rules.min_length.filter(|&m| length < m) {
                report.push(name, Problem::TooShort { min_length, length });
            }
            if let Some(max_length) = rules.max_length.filter(|&m| length > m) {
                report.push(name, Problem::TooLong { max_length, length });
                if length > max_length.saturating_mul(FAR_PAST) {
                    // Far too long: no pattern or format is run over it.
                    return;
                }
            }
        }
    }
    if let Some(pattern) = rules.pattern {
        report.add_work(s.len());
        if !pattern_matches(pattern, s) {
            report.push(name, Problem::PatternMismatch { pattern, hint: rules.pattern_hint });
        }
    }
    if let Some(format) = rules.format {
        report.add_work(s.len());
        if !format_is_valid(format, s) {
            report.push(name, Problem::InvalidFormat(format));
        }
    }
}

fn check_multi(name: &'static str, rules: &MultiSelectRules, value: &Value, report: &mut Report) {
    let Some(items) = value.as_array() else {
        return report.push(name, Problem::wrong_type("array", value));
    };
    let count = items.len() as u64;
    // The most items a valid answer has: `maxItems`, and never more than the options
    // (the items are distinct options).
    let most = rules.max_items.map_or(rules.options.len() as u64, |m| m.min(rules.options.len() as u64));
    if count > most.saturating_mul(FAR_PAST) {
        // Far too many: refused on its length alone, before any item is read.
        return report.push(name, Problem::TooManyItems { max_items: most, count });
    }
    let index = OptionIndex::new(rules.options);
    // Per option: 0 not chosen yet, 1 chosen, 2 chosen again (and reported).
    let mut chosen = vec![0u8; rules.options.len()];
    for item in items {
        report.add_work(1);
        let Some(s) = item.as_str() else {
            report.push(name, Problem::wrong_type("string", item));
            continue;
        };
        match index.find(s, report) {
            None => report.push(name, Problem::UnknownItem(echo(s))),
            Some(i) => {
                // Report a repeated item once, at its second occurrence.
                if chosen[i] == 1 {
                    report.push(name, Problem::DuplicateItem(s.to_owned()));
                }
                chosen[i] = chosen[i].saturating_add(1).min(2);
            }
        }
    }
    if let Some(min_items) = rules.min_items.filter(|&m| count < m) {
        report.push(name, Problem::TooFewItems { min_items, count });
    }
    if let Some(max_items) = rules.max_items.filter(|&m| count > m) {
        report.push(name, Problem::TooManyItems { max_items, count });
    }
}

/// Where an item is among the options: a scan of a short list, a hash map of a long one,
/// so that reading n items costs O(n + options), not O(n × options).
enum OptionIndex {
    Scan(&'static [EnumOption]),
    Map(HashMap<&'static str, usize>),
}

impl OptionIndex {
    const SCAN_AT_MOST: usize = 16;

    fn new(options: &'static [EnumOption]) -> Self {
        if options.len() <= Self::SCAN_AT_MOST {
            OptionIndex::Scan(options)
        } else {
            OptionIndex::Map(options.iter().enumerate().map(|(i, o)| (o.value(), i)).collect())
        }
    }

    fn find(&self, item: &str, report: &mut Report) -> Option<usize> {
        match self {
            OptionIndex::Scan(options) => {
                let found = options.iter().position(|o| o.value() == item);
                report.add_work(found.map_or(options.len(), |i| i + 1));
                found
            }
            OptionIndex::Map(map) => {
                report.add_work(1);
                map.get(item).copied()
            }
        }
    }
}

// ---- formats -------------------------------------------------------------------------

/// Whether `s` is valid for `format`, as JSON Schema defines the format.
///
/// ```
/// use elicit_runtime::form::{Format, format_is_valid};
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
    crate::rules::format::is_valid(format, s)
}

#[cfg(test)]
mod tests {
    use super::same_name;

    #[test]
    fn same_name_is_string_equality_at_every_length_and_position() {
        for len in 0..=24usize {
            let a: String = (0..len).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
            assert!(same_name(&a, &a.clone()), "{a:?} equals itself");
            // One byte different, at each position: unequal.
            for at in 0..len {
                let mut b = a.clone().into_bytes();
                b[at] = b'-';
                let b = String::from_utf8(b).expect("ASCII");
                assert!(!same_name(&a, &b), "{a:?} and {b:?} differ at {at}");
            }
            // A prefix or an extension: unequal.
            assert!(!same_name(&a, &format!("{a}x")));
            if len > 0 {
                assert!(!same_name(&a, &a[..len - 1]));
            }
        }
        assert!(same_name("café", "café") && !same_name("café", "cafe\u{301}"));
    }
}
