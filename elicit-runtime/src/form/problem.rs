//! What is wrong with an answer: each [`Problem`] of a field, the [`Violation`] that
//! names the field, and [`InvalidContent`] with every one of them; and the `Report` that
//! collects them while content is checked and decoded.

use std::borrow::Cow;
use std::fmt;

use serde_json::{Map, Value};

use super::schema::{FieldSchema, FormSchema, Format, Translations, same_name, translated};
use crate::locale::{Arg, Locale, Words};

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
    /// An integer field received a number with a fractional part (or, asked as text of a
    /// client that shows no numbers, text that is not a whole number).
    NotAnInteger,
    /// A number field asked as text (for a client that shows no numbers) received text
    /// that is not a number.
    NotANumber,
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
        /// The rule in words in other languages, from `#[elicit(pattern_hint(ko = "..."))]`.
        hints: Translations,
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
    /// A problem with one item of a free-form list asked as one string
    /// (`#[elicit(separated = ",")]`): the item's position, from 1, among the items left
    /// once the empty ones are dropped.
    Item {
        /// The item's position, from 1.
        index: u64,
        /// What is wrong with it.
        problem: Box<Problem>,
    },
    /// A property of the content that the form did not ask for: reported under its own
    /// name. An answer is never read as if a key the client sent were not there (a client
    /// that renamed a property would otherwise have its answer dropped).
    NotAsked,
    /// Past the first 32 keys reported [`NotAsked`](Problem::NotAsked),
    /// the next key the form did not ask for, with how many there are from it on: the
    /// number of violations stays bounded by the form, whatever the client sends.
    MoreNotAsked {
        /// How many keys the form did not ask for, this one included.
        count: u64,
    },
    /// A rule of the form's author (`#[elicit(validate = path)]`, or
    /// [`FormRequest::check`](crate::exchange::FormRequest::check)), in the author's
    /// words: what the schema cannot say ("must be after the start date", "is taken"),
    /// written in the user's language when they have a translation for it ([`Words`]).
    Rule(Words),
}

/// What a rule of the author's that failed without saying why is reported as (in English;
/// written in the user's language as the catalog's `problem-rule-unsaid`).
const RULE_UNSAID: &str = "the answer breaks a rule of this form";

/// How many keys the form did not ask for are named one by one.
pub const NOT_ASKED_NAMED: usize = 32;

/// The content keys a protocol revision allows beside the form's fields, which are then
/// not reported as [`Problem::NotAsked`]. No revision defines any today: `content` is a
/// map of the schema's properties and nothing else.
const KEYS_BESIDE_FIELDS: &[&str] = &[];

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

impl Problem {
    /// The problem in words, in `locale`'s language, as it is written after the field's
    /// name (`Display` writes it in English).
    ///
    /// ```
    /// use elicit_runtime::form::Problem;
    /// use elicit_runtime::locale::Locale;
    ///
    /// let problem = Problem::AboveMaximum { maximum: 5.0, found: 9.0 };
    /// assert_eq!(problem.to_string(), "must be at most 5, got 9");
    /// assert_eq!(problem.text(Locale::for_tag("ko")), "5 이하여야 합니다. 입력값: 9");
    /// assert_eq!(problem.text(Locale::for_tag("de-AT")), "darf höchstens 5 sein (angegeben: 9)");
    /// ```
    pub fn text(&self, locale: Locale) -> String {
        let message = |id: &str, args: &[(&str, Arg<'_>)]| locale.message(id, args);
        match self {
            Problem::Missing => message("problem-missing", &[]),
            Problem::WrongType { expected, found } => {
                let (expected, found) = (json_type_words(expected, locale), json_type_words(found, locale));
                message("problem-wrong-type", &[("expected", Arg::Text(&expected)), ("found", Arg::Text(&found))])
            }
            Problem::NotAnInteger => message("problem-not-an-integer", &[]),
            Problem::NotANumber => message("problem-not-a-number", &[]),
            Problem::InexactInteger => message("problem-inexact-integer", &[]),
            Problem::IntegerOutOfRange { min, max } => {
                // As text: a plural rule has nothing to choose here, and a double would round them.
                let (min, max) = (min.to_string(), max.to_string());
                message("problem-integer-out-of-range", &[("min", Arg::Text(&min)), ("max", Arg::Text(&max))])
            }
            Problem::NumberOutOfRange { max } => message("problem-number-out-of-range", &[("max", Arg::Text(&format!("{max:e}")))]),
            Problem::BelowMinimum { minimum, found } => {
                let (minimum, found) = (minimum.to_string(), found.to_string());
                message("problem-below-minimum", &[("minimum", Arg::Text(&minimum)), ("found", Arg::Text(&found))])
            }
            Problem::AboveMaximum { maximum, found } => {
                let (maximum, found) = (maximum.to_string(), found.to_string());
                message("problem-above-maximum", &[("maximum", Arg::Text(&maximum)), ("found", Arg::Text(&found))])
            }
            Problem::TooShort { min_length, length } => {
                message("problem-too-short", &[("min_length", Arg::Count(*min_length)), ("length", Arg::Count(*length))])
            }
            Problem::TooLong { max_length, length } => {
                message("problem-too-long", &[("max_length", Arg::Count(*max_length)), ("length", Arg::Count(*length))])
            }
            Problem::PatternMismatch { hint, hints, .. } => match translated(hints, locale).or(*hint) {
                Some(hint) => message("problem-pattern-hint", &[("hint", Arg::Text(hint))]),
                None => message("problem-pattern", &[]),
            },
            Problem::InvalidFormat(format) => message("problem-invalid-format", &[("format", Arg::Text(format.as_str()))]),
            Problem::NotAnOption(value) | Problem::UnknownItem(value) => message("problem-not-an-option", &[("value", Arg::Text(value))]),
            Problem::DuplicateItem(value) => message("problem-duplicate-item", &[("value", Arg::Text(value))]),
            Problem::TooFewItems { min_items, count } => {
                message("problem-too-few-items", &[("min_items", Arg::Count(*min_items)), ("count", Arg::Count(*count))])
            }
            Problem::TooManyItems { max_items, count } => {
                message("problem-too-many-items", &[("max_items", Arg::Count(*max_items)), ("count", Arg::Count(*count))])
            }
            Problem::Item { index, problem } => {
                let problem = problem.text(locale);
                message("problem-list-item", &[("index", Arg::Text(&index.to_string())), ("problem", Arg::Text(&problem))])
            }
            Problem::NotAsked | Problem::MoreNotAsked { count: 0 | 1 } => message("problem-not-asked", &[]),
            Problem::MoreNotAsked { count } => message("problem-more-not-asked", &[("others", Arg::Count(count - 1))]),
            Problem::Rule(words) if words.is_text(RULE_UNSAID) => message("problem-rule-unsaid", &[]),
            Problem::Rule(words) => words.text(locale),
        }
    }
}

/// A JSON type in words (`a whole number`), from the catalog's `json-type-*` messages.
fn json_type_words(name: &str, locale: Locale) -> String {
    locale.message(&format!("json-type-{name}"), &[])
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Locale::ENGLISH))
    }
}

/// One problem with one field of received content.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Violation {
    /// The property the problem is about: the wire name of the field; on 2025-06-18 the
    /// name of a multi-select's checkbox; for [`Problem::NotAsked`], the key the client
    /// sent (cut as [`Problem::NotAnOption`] cuts values).
    pub field: Cow<'static, str>,
    /// What is wrong with it.
    pub problem: Problem,
}

impl Violation {
    /// The problem `problem` with the property `field`.
    ///
    /// ```
    /// use elicit_runtime::form::{Problem, Violation};
    ///
    /// let violation = Violation::new("guests", Problem::Missing);
    /// assert_eq!(violation.to_string(), "`guests`: is required but missing");
    /// ```
    pub fn new(field: impl Into<Cow<'static, str>>, problem: Problem) -> Self {
        Violation { field: field.into(), problem }
    }

    /// A rule of the form's author broken by the field with this wire name, in the
    /// author's words ([`Problem::Rule`]): what a validation rule returns. The words are
    /// a text, or [`Words`] with its translations (or a message of the author's catalog),
    /// written in the language of the re-ask.
    ///
    /// ```
    /// use elicit_runtime::form::Violation;
    /// use elicit_runtime::locale::{Locale, Words};
    ///
    /// assert_eq!(Violation::rule("end", "must be after the start").to_string(), "`end`: must be after the start");
    /// let after = Words::new("must be after the start").with("ko", "시작 이후여야 합니다").with("fr", "doit suivre le début");
    /// let violation = Violation::rule("end", after);
    /// assert_eq!(violation.text(Locale::for_tag("ko")), "`end`: 시작 이후여야 합니다");
    /// assert_eq!(violation.text(Locale::for_tag("fr")), "`end`\u{202f}: doit suivre le début");
    /// assert_eq!(violation.to_string(), "`end`: must be after the start");
    /// ```
    pub fn rule(field: impl Into<Cow<'static, str>>, words: impl Into<Words>) -> Self {
        Violation::new(field, Problem::Rule(words.into()))
    }

    /// A rule of the form's author about the form as a whole (no one field breaks it:
    /// "give a phone number or an email address"). Its `field` is empty.
    ///
    /// ```
    /// use elicit_runtime::form::Violation;
    ///
    /// let violation = Violation::form_rule("give a phone number or an email address");
    /// assert_eq!(violation.field, "");
    /// assert_eq!(violation.to_string(), "give a phone number or an email address");
    /// ```
    pub fn form_rule(words: impl Into<Words>) -> Self {
        Violation::rule("", words)
    }
}

impl Violation {
    /// The violation in words, in `locale`'s language: the field's wire name, then the
    /// problem (`Display` writes it in English).
    ///
    /// ```
    /// use elicit_runtime::form::{Problem, Violation};
    /// use elicit_runtime::locale::Locale;
    ///
    /// let violation = Violation::new("이름", Problem::TooShort { min_length: 2, length: 1 });
    /// assert_eq!(violation.to_string(), "`이름`: must be at least 2 characters long, got 1");
    /// assert_eq!(violation.text(Locale::for_tag("zh-CN")), "`이름`：长度至少为 2 个字符，实际为 1 个");
    /// ```
    pub fn text(&self, locale: Locale) -> String {
        self.text_named(None, locale)
    }

    /// The violation as the person who filled in `form` reads it, in `locale`'s language:
    /// the field named by the title they were shown (in their language), the wire name
    /// only for a field with no title (or a key the form did not ask for), then the
    /// problem.
    ///
    /// ```
    /// use elicit_runtime::Elicit;
    /// use elicit_runtime::form::{Problem, Violation};
    /// use elicit_runtime::locale::Locale;
    ///
    /// #[derive(Elicit)]
    /// struct Meeting {
    ///     #[elicit(title = "Length (minutes)", title(ko = "회의 시간(분)"), minimum = 15)]
    ///     minutes: u32,
    ///     room: String,
    /// }
    ///
    /// let short = Violation::new("minutes", Problem::BelowMinimum { minimum: 15.0, found: 5.0 });
    /// assert_eq!(short.text_in(&Meeting::SCHEMA, Locale::for_tag("ko")), "회의 시간(분): 15 이상이어야 합니다. 입력값: 5");
    /// assert_eq!(short.text_in(&Meeting::SCHEMA, Locale::for_tag("en")), "Length (minutes): must be at least 15, got 5");
    /// // No title: the wire name, as code.
    /// let missing = Violation::new("room", Problem::Missing);
    /// assert_eq!(missing.text_in(&Meeting::SCHEMA, Locale::for_tag("en")), "`room`: is required but missing");
    /// ```
    pub fn text_in(&self, form: &FormSchema, locale: Locale) -> String {
        self.text_named(form.field(&self.field).and_then(|f| f.title_in(locale)), locale)
    }

    /// The violation with its field named `title` (the wire name when `None`).
    pub(crate) fn text_named(&self, title: Option<&str>, locale: Locale) -> String {
        let problem = self.problem.text(locale);
        if self.field.is_empty() {
            // A rule about the whole form.
            return problem;
        }
        let field = field_name(&self.field, title, locale);
        locale.message("violation", &[("field", Arg::Text(&field)), ("problem", Arg::Text(&problem))])
    }
}

/// A field as a person is told about it: the `title` they were shown, else its wire name
/// written as the catalog writes names (`field-wire`: as code).
pub(crate) fn field_name(wire: &str, title: Option<&str>, locale: Locale) -> String {
    match title {
        Some(title) => title.to_owned(),
        None => locale.message("field-wire", &[("name", Arg::Text(wire))]),
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Locale::ENGLISH))
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
    pub(crate) violations: Vec<Violation>,
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

    /// The error of the author's rules (the `Err` of a validation rule). A rule that fails
    /// without saying why is reported as a rule of the whole form.
    pub(crate) fn of_rules(violations: Vec<Violation>) -> InvalidContent {
        if violations.is_empty() {
            return InvalidContent { violations: vec![Violation::form_rule(RULE_UNSAID)] };
        }
        InvalidContent { violations }
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
    pub(crate) violations: Vec<Violation>,
    pub(crate) work: u64,
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

    pub(crate) fn add_work(&mut self, steps: usize) {
        self.work = self.work.saturating_add(steps as u64);
    }

    #[inline]
    pub(crate) fn push(&mut self, field: impl Into<Cow<'static, str>>, problem: Problem) {
        self.push_violation(Violation { field: field.into(), problem });
    }

    /// Out of line and cold: a violation is the exception, and a check that reports one
    /// then stays small enough to be inlined where the content is read.
    #[cold]
    #[inline(never)]
    fn push_violation(&mut self, violation: Violation) {
        self.violations.push(violation);
    }

    /// Whether nothing was reported.
    pub fn is_clean(&self) -> bool {
        self.violations.is_empty()
    }

    /// [`not_asked`](Self::not_asked) after the fields were found in `content`
    /// ([`find_fields`](crate::form::find_fields)): `found` holds what was found, by field.
    #[inline]
    pub fn not_asked_beside(&mut self, content: &Map<String, Value>, fields: &[FieldSchema], found: &[Option<&Value>]) -> bool {
        let matched = found.iter().map(|f| usize::from(f.is_some())).sum::<usize>();
        // Inline, the common case: every key of the content is a field.
        matched < content.len() && self.not_asked(content, fields, matched)
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

