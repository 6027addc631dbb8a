//! Checking received `content` against the schema that was sent.
//!
//! Every violation is reported with the wire name of its field, not only the first one,
//! so a server can tell the user everything that was wrong at once.

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::number::json_integer;
use super::problem::{InvalidContent, Problem, Report, echo};
use super::pattern::pattern_matches;
use super::schema::{EnumOption, FieldSchema, Format, FormSchema, IntegerRules, Kind, MultiSelectRules, NumberRules, StringRules, same_name};

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
// option's position. The string, integer and number reads are always inlined into the
// field types' reads (compiled once, in this crate): a call would cost more than the
// checks of a value that keeps every rule.

/// A string keeping `rules`.
#[inline(always)]
pub(crate) fn read_string<'v>(name: &'static str, rules: &StringRules, value: &'v Value, report: &mut Report) -> Option<&'v str> {
    let Some(s) = value.as_str() else {
        report.push(name, Problem::wrong_type("string", value));
        return None;
    };
    check_string(name, rules, s, report).then_some(s)
}

/// An integer keeping `rules` (within its type's range).
#[inline(always)]
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
#[inline(always)]
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

/// How far past `max_length` (or `max_items`) content may go and still be checked in
/// full: beyond this factor it is refused as too long (too many) before anything else is
/// looked at, so that a hostile payload costs no more than counting it.
const FAR_PAST: u64 = 2;

/// Checks a string against `rules`, pushing every problem; whether it keeps them all.
/// Inlined where a string field is read: what a valid string of most forms needs
/// (lengths settled by its byte length, no pattern, no format) costs a few comparisons;
/// counting characters, a pattern and a format are out of line.
#[inline]
pub(crate) fn check_string(name: &'static str, rules: &StringRules, s: &str, report: &mut Report) -> bool {
    // A string of n bytes has n/4 to n characters (UTF-8 takes 1 to 4 bytes per
    // character): when both bounds hold for that whole range, nothing is counted.
    let (bytes, fewest) = (s.len() as u64, (s.len() as u64).div_ceil(4));
    let settled = rules.min_length.is_none_or(|m| fewest >= m) && rules.max_length.is_none_or(|m| bytes <= m);
    if !settled {
        return check_counted(name, rules, s, report);
    }
    if rules.pattern.is_some() || rules.format.is_some() {
        return check_text(name, rules, s, report);
    }
    true
}

/// [`check_string`] of a string whose length in characters must be counted.
#[inline(never)]
fn check_counted(name: &'static str, rules: &StringRules, s: &str, report: &mut Report) -> bool {
    report.add_work(s.len());
    let length = s.chars().count() as u64;
    let mut valid = true;
    if let Some(min_length) = rules.min_length.filter(|&m| length < m) {
        report.push(name, Problem::TooShort { min_length, length });
        valid = false;
    }
    if let Some(max_length) = rules.max_length.filter(|&m| length > m) {
        report.push(name, Problem::TooLong { max_length, length });
        if length > max_length.saturating_mul(FAR_PAST) {
            // Far too long: no pattern or format is run over it.
            return false;
        }
        valid = false;
    }
    check_text(name, rules, s, report) && valid
}

/// `s` against `rules`' pattern and format; whether it keeps them.
#[inline(never)]
fn check_text(name: &'static str, rules: &StringRules, s: &str, report: &mut Report) -> bool {
    let mut valid = true;
    if let Some(pattern) = rules.pattern {
        report.add_work(s.len());
        if !pattern_matches(pattern, s) {
            report.push(name, Problem::PatternMismatch { pattern, hint: rules.pattern_hint, hints: rules.pattern_hints });
            valid = false;
        }
    }
    if let Some(format) = rules.format {
        report.add_work(s.len());
        if !format_is_valid(format, s) {
            report.push(name, Problem::InvalidFormat(format));
            valid = false;
        }
    }
    valid
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
