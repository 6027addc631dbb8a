//! Content a hostile (or broken) client sends, by class rather than one input at a time:
//!
//! - integers in every JSON spelling, at each type's edges and at 2^53: an integer field
//!   accepts exactly the integers its type holds and refuses the rest by name;
//! - the work of checking is linear in the size of the content, and content far past its
//!   limits is refused before its items are read (asserted on the work counter of the
//!   check, never on a clock);
//! - formats as the JSON-Schema-Test-Suite has them (vendored in
//!   `tests/vendor/json-schema-test-suite`, with its licence).

use elicit_runtime::__private::Report;
use elicit_runtime::form::{Format, Problem, format_is_valid};
use elicit_runtime::{Elicit, Elicitation, ErrorKind, Violation};
use serde_json::{Map, Value, json};
use std::error::Error as _;

// ---- integers in every spelling ---------------------------------------------------------

#[derive(Elicit, Debug, PartialEq)]
struct AllIntegers {
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    isize: isize,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    usize: usize,
    #[elicit(minimum = -5, maximum = 300)]
    bounded: i16,
    #[elicit(minimum = 10_000_000_000)]
    big: u64,
}

impl AllIntegers {
    fn get(&self, field: &str) -> i128 {
        match field {
            "i8" => self.i8.into(),
            "i16" => self.i16.into(),
            "i32" => self.i32.into(),
            "i64" => self.i64.into(),
            "isize" => self.isize as i128,
            "u8" => self.u8.into(),
            "u16" => self.u16.into(),
            "u32" => self.u32.into(),
            "u64" => self.u64.into(),
            "usize" => self.usize as i128,
            "bounded" => self.bounded.into(),
            "big" => self.big.into(),
            other => unreachable!("{other}"),
        }
    }
}

/// The accepted range of each field: its type's, narrowed by `minimum` / `maximum`.
const FIELDS: &[(&str, i128, i128)] = &[
    ("i8", i8::MIN as i128, i8::MAX as i128),
    ("i16", i16::MIN as i128, i16::MAX as i128),
    ("i32", i32::MIN as i128, i32::MAX as i128),
    ("i64", i64::MIN as i128, i64::MAX as i128),
    ("isize", isize::MIN as i128, isize::MAX as i128),
    ("u8", 0, u8::MAX as i128),
    ("u16", 0, u16::MAX as i128),
    ("u32", 0, u32::MAX as i128),
    ("u64", 0, u64::MAX as i128),
    ("usize", 0, usize::MAX as i128),
    ("bounded", -5, 300),
    ("big", 10_000_000_000, u64::MAX as i128),
];

const SAFE: i128 = (1 << 53) - 1;

fn valid_all_integers() -> Map<String, Value> {
    FIELDS.iter().map(|(name, min, _)| ((*name).to_owned(), json!(i64::try_from(*min.max(&0)).unwrap()))).collect()
}

/// The ways a JSON text can write the integer `n`, each with whether it is a plain
/// integer (the only spelling serde_json reads exactly beyond 2^53).
fn spellings(n: i128) -> Vec<(String, bool)> {
    let digits = n.unsigned_abs().to_string();
    let sign = if n < 0 { "-" } else { "" };
    let mut out = vec![
        (n.to_string(), true),
        (format!("{n}.0"), false),
        (format!("{n}.000"), false),
        (format!("{n}e0"), false),
        // n × 10 × 10^-1 (a JSON number has no leading zeros: 0 is written 0E-1).
        (if n == 0 { "0E-1".to_owned() } else { format!("{n}0E-1") }, false),
        // d.ddde+N, the scientific form.
        (format!("{sign}{}.{}e+{}", &digits[..1], if digits.len() > 1 { &digits[1..] } else { "0" }, digits.len() - 1), false),
    ];
    if n % 100 == 0 && n != 0 {
        out.push((format!("{}e2", n / 100), false));
    }
    out
}

/// Integers worth trying for a field accepting `min..=max`.
fn candidates(min: i128, max: i128) -> Vec<i128> {
    let mut out = vec![0, 1, -1, min - 1, min, min + 1, max - 1, max, max + 1, SAFE - 1, SAFE, SAFE + 1, SAFE + 2];
    out.extend([-SAFE - 2, -SAFE - 1, -SAFE, -SAFE + 1, 1 << 63, (1 << 63) - 1, -(1 << 63), -(1 << 63) - 1, 1 << 64, (1 << 64) - 1]);
    out.extend([10_000_000_000_000_000_000, -10_000_000_000_000_000_000, 100, 300, 301, -5, -6]);
    out
}

#[test]
fn an_integer_field_accepts_exactly_the_integers_its_type_holds_whatever_the_spelling() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for &(field, min, max) in FIELDS {
        for n in candidates(min, max) {
            for (text, plain) in spellings(n) {
                let Ok(value) = serde_json::from_str::<Value>(&text) else {
                    failures.push(format!("{text}: not JSON"));
                    continue;
                };
                let mut content = valid_all_integers();
                content.insert(field.to_owned(), value);
                let decoded = AllIntegers::from_content(&content);
                let validated = AllIntegers::SCHEMA.validate(&content);
                checked += 1;
                // The rule: in range, and either plain (serde_json reads 64-bit integers
                // exactly) or within ±(2^53 - 1), where a double is the integer written.
                let fits_64 = (i64::MIN as i128..=u64::MAX as i128).contains(&n);
                let accept = (min..=max).contains(&n) && ((plain && fits_64) || n.abs() <= SAFE);
                match (&decoded, accept) {
                    (Ok(read), true) if read.get(field) == n && validated.is_ok() => {}
                    (Err(e), false) => {
                        // One violation, on this field, saying why.
                        let [Violation { field: f, problem, .. }] = e.violations() else {
                            failures.push(format!("{field} {text}: {e}"));
                            continue;
                        };
                        // What a double spelling is read as: the nearest double.
                        let read = n as f64 as i128;
                        let type_range = AllIntegers::SCHEMA.field(field).map(|f| match f.kind() {
                            elicit_runtime::form::Kind::Integer(r) => (r.type_min, r.type_max),
                            _ => unreachable!(),
                        });
                        let (tmin, tmax) = type_range.expect("a field");
                        // -2^63 is also what plain integers below i64::MIN read as: out of range.
                        let exact = plain && fits_64;
                        let expected = if !(tmin..=tmax).contains(&if exact { n } else { read }) || (!exact && read <= i64::MIN.into()) {
                            Problem::IntegerOutOfRange { min: tmin, max: tmax }
                        } else if !exact && read.abs() > SAFE {
                            Problem::InexactInteger
                        } else if n < min {
                            Problem::BelowMinimum { minimum: min as f64, found: n as f64 }
                        } else {
                            Problem::AboveMaximum { maximum: max as f64, found: n as f64 }
                        };
                        if *f != field || *problem != expected {
                            failures.push(format!("{field} {text}: {problem:?}, expected {expected:?}"));
                        }
                        if validated.as_ref().err() != Some(e) {
                            failures.push(format!("{field} {text}: validate said {validated:?}, decoding {e:?}"));
                        }
                    }
                    (got, _) => failures.push(format!("{field} {text}: {got:?} (accept: {accept})")),
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} cases");
    assert!(failures.is_empty(), "{} of {checked} cases failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_fraction_is_never_an_integer_and_never_rounded() {
    for (text, problem) in [
        ("0.5", Problem::NotAnInteger),
        ("-0.5", Problem::NotAnInteger),
        ("127.5", Problem::NotAnInteger),
        ("1.25e1", Problem::NotAnInteger),
        ("1e-1", Problem::NotAnInteger),
        ("4503599627370495.5", Problem::NotAnInteger),
        ("-4503599627370495.5", Problem::NotAnInteger),
        // Beyond 2^53 no double has a fraction: what is read is a whole number that may
        // not be what was written, refused as such.
        ("9007199254740993.5", Problem::InexactInteger),
        ("1e300", Problem::IntegerOutOfRange { min: i64::MIN.into(), max: i64::MAX.into() }),
        ("-1e300", Problem::IntegerOutOfRange { min: i64::MIN.into(), max: i64::MAX.into() }),
        ("1.7976931348623157e308", Problem::IntegerOutOfRange { min: i64::MIN.into(), max: i64::MAX.into() }),
    ] {
        let mut content = valid_all_integers();
        content.insert("i64".to_owned(), serde_json::from_str(text).unwrap());
        let err = AllIntegers::from_content(&content).expect_err(text);
        assert_eq!(err.violations(), [Violation::new("i64", problem.clone())], "{text}");
        assert_eq!(AllIntegers::SCHEMA.validate(&content), Err(err), "{text}");
    }
}

// ---- work bounded by the size of the content ------------------------------------------

/// More options than a list scan is used for.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Letter {
    A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[elicit(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
    Blue,
}

#[derive(Elicit, Debug)]
struct Hostile {
    #[elicit(max_items = 4)]
    initials: Option<Vec<Letter>>,
    letters: Option<Vec<Letter>>,
    colors: Option<std::collections::BTreeSet<Color>>,
    #[elicit(max_length = 10, pattern = "^[a-z]+$")]
    word: Option<String>,
    #[elicit(min_length = 2)]
    name: Option<String>,
    #[elicit(format = "email")]
    email: Option<String>,
    color: Option<Color>,
}

/// Checks `content` and returns the violations and the work the check did.
fn check(content: Value) -> (Vec<Violation>, u64) {
    let content = elicit_tests::object(content);
    let mut report = Report::default();
    Hostile::SCHEMA.check_into(&content, &mut report);
    let work = report.work();
    // Decoding finds the same problems (it checks first, and reads only what passed).
    let decoded = Hostile::from_content(&content).err().map(|e| e.into_violations()).unwrap_or_default();
    let violations = report.finish().err().map(|e| e.into_violations()).unwrap_or_default();
    assert_eq!(decoded, violations);
    (violations, work)
}

fn items(n: usize, item: impl Fn(usize) -> String) -> Value {
    Value::Array((0..n).map(|i| Value::String(item(i))).collect())
}

#[test]
fn a_multi_select_far_past_its_limit_is_refused_before_any_item_is_read() {
    // `initials`: at most 4; `letters`: at most the 26 options; `colors`: the 3 options.
    // Twice that is still checked item by item; one more is refused on its length.
    for (field, most) in [("initials", 4u64), ("letters", 26), ("colors", 3)] {
        for n in [2 * most as usize + 1, 1_000, 100_000, 1_000_000] {
            let (violations, work) = check(json!({ field: items(n, |_| "a".to_owned()) }));
            let field: &'static str = Hostile::SCHEMA.field(field).unwrap().name();
            assert_eq!(violations, [Violation::new(field, Problem::TooManyItems { max_items: most, count: n as u64 })]);
            assert_eq!(work, 0, "{field} with {n} items");
        }
    }
}

#[test]
fn a_multi_select_up_to_its_limit_costs_a_few_steps_per_item() {
    // 26 options: a hash lookup per item (one step) after the visit (one step).
    let all: Vec<String> = (b'a'..=b'z').map(|c| char::from(c).to_string()).collect();
    let (violations, work) = check(json!({"letters": all}));
    assert_eq!((violations, work), (vec![], 2 * 26));
    // 52 items (twice the options), every one repeated: 26 duplicates, 104 steps.
    let twice: Vec<String> = all.iter().chain(&all).cloned().collect();
    let (violations, work) = check(json!({"letters": twice}));
    assert_eq!(violations.len(), 26);
    assert!(violations.iter().all(|v| matches!(v.problem, Problem::DuplicateItem(_))));
    assert_eq!(work, 2 * 52);
    // 52 unknown items, each long: still two steps each (the lookup hashes the string,
    // which is linear in its length and reads it once).
    let (violations, work) = check(json!({"letters": items(52, |i| format!("{i}{}", "x".repeat(10_000)))}));
    assert_eq!(violations.len(), 52);
    assert_eq!(work, 2 * 52);
    // 3 options: scanned; an item costs one step and at most 3 comparisons.
    let (violations, work) = check(json!({"colors": ["blue", "blue", "purple", "red", "green", "green"]}));
    assert_eq!(
        violations.iter().map(|v| v.problem.clone()).collect::<Vec<_>>(),
        [Problem::DuplicateItem("blue".into()), Problem::UnknownItem("purple".into()), Problem::DuplicateItem("green".into())]
    );
    assert_eq!(work, 6 + (3 + 3 + 3 + 1 + 2 + 2));
    assert!(work <= 6 * 4);
}

#[test]
fn a_string_far_past_max_length_is_counted_and_not_matched() {
    // Short enough in bytes to need no counting: only the pattern reads it.
    assert_eq!(check(json!({"word": "abcdefghij"})), (vec![], 10));
    // Over max_length but within twice it: counted, then matched, both reported.
    let (violations, work) = check(json!({"word": "abcdefghij1234"}));
    assert_eq!(
        violations.iter().map(|v| v.problem.clone()).collect::<Vec<_>>(),
        [Problem::TooLong { max_length: 10, length: 14 }, Problem::PatternMismatch { pattern: "^[a-z]+$", hint: None, hints: &[] }]
    );
    assert_eq!(work, 14 + 14);
    // Eleven two-byte letters: 22 bytes counted, 11 characters, matched.
    let (violations, work) = check(json!({"word": "é".repeat(11)}));
    assert_eq!(violations.len(), 2);
    assert_eq!(work, 22 + 22);
    // Far past: counted once, nothing else.
    for n in [21, 1_000, 1_000_000] {
        let (violations, work) = check(json!({"word": "x".repeat(n)}));
        assert_eq!(violations, [Violation::new("word", Problem::TooLong { max_length: 10, length: n as u64 })]);
        assert_eq!(work, n as u64);
    }
    // Other checks read a string once each: a length count, a format. A count only when
    // the byte length leaves the answer open: `min_length = 2` needs none for a string
    // of 5 bytes or more (at least 2 characters in UTF-8), one for a shorter one.
    let long = "a".repeat(1_000_000);
    assert_eq!(check(json!({"name": long})), (vec![], 0));
    assert_eq!(check(json!({"name": "abcdefgh"})), (vec![], 0));
    assert_eq!(check(json!({"name": "ééé"})), (vec![], 0));
    assert_eq!(check(json!({"name": "éé"})), (vec![], 4));
    let (violations, work) = check(json!({"name": "é"}));
    assert_eq!(violations, [Violation::new("name", Problem::TooShort { min_length: 2, length: 1 })]);
    assert_eq!(work, 2);
    let (violations, work) = check(json!({"email": format!("{long}@example.com")}));
    assert_eq!(violations, [Violation::new("email", Problem::InvalidFormat(Format::Email))]);
    assert_eq!(work, 1_000_012);
}

#[test]
fn the_work_of_a_whole_content_is_linear_in_its_size() {
    // Everything at once, at growing sizes: the work per byte of JSON does not grow.
    let mut per_byte = Vec::new();
    for n in [10usize, 100, 1_000, 10_000] {
        let content = json!({
            "initials": items(8.min(n), |i| ["a", "b", "zz"][i % 3].to_owned()),
            "letters": items(52.min(n), |i| format!("{}", char::from(b'a' + (i % 30) as u8))),
            "colors": items(6.min(n), |_| "red".to_owned()),
            "word": "w".repeat(n),
            "name": "n".repeat(n),
            "email": format!("{}@example.com", "e".repeat(n)),
            "ignored": items(n, |i| i.to_string()),
        });
        let bytes = content.to_string().len() as u64;
        let (_, work) = check(content);
        per_byte.push((n, work as f64 / bytes as f64));
        assert!(work <= 4 * bytes, "{n}: {work} steps for {bytes} bytes");
    }
    let (first, last) = (per_byte[0].1, per_byte[per_byte.len() - 1].1);
    assert!(last <= first * 2.0, "work per byte grew: {per_byte:?}");
}

// ---- formats: the JSON-Schema-Test-Suite -----------------------------------------------

/// Runs every string case of the suite's `optional/format/<name>.json` (draft 2020-12)
/// against [`format_is_valid`]; returns the cases where we differ on purpose.
fn suite(format: Format, name: &str) -> Vec<(String, bool)> {
    let path = format!("{}/vendor/json-schema-test-suite/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let groups: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut differ = Vec::new();
    let mut strings = 0;
    for group in groups.as_array().unwrap() {
        assert_eq!(group["schema"]["format"], name);
        for case in group["tests"].as_array().unwrap() {
            // Non-strings are outside the format (the form's `type: "string"` refuses
            // them before a format applies).
            let Some(data) = case["data"].as_str() else { continue };
            strings += 1;
            let valid = case["valid"].as_bool().unwrap();
            if format_is_valid(format, data) != valid {
                differ.push((data.to_owned(), valid));
            }
        }
    }
    assert!(strings >= 15, "{name}: only {strings} string cases");
    differ
}

#[test]
fn date_time_as_the_json_schema_test_suite_has_it() {
    assert_eq!(suite(Format::DateTime, "date-time"), []);
}

#[test]
fn date_as_the_json_schema_test_suite_has_it() {
    assert_eq!(suite(Format::Date, "date"), []);
}

#[test]
fn email_as_the_json_schema_test_suite_has_it() {
    assert_eq!(suite(Format::Email, "email"), []);
}

#[test]
fn uri_as_the_json_schema_test_suite_has_it() {
    assert_eq!(suite(Format::Uri, "uri"), []);
}

#[test]
fn a_violation_repeats_at_most_64_characters_of_what_was_sent() {
    let cut = |s: &str| Problem::NotAnOption(s.to_owned());
    for (sent, echoed) in [
        ("purple".to_owned(), "purple".to_owned()),
        ("p".repeat(64), "p".repeat(64)),
        ("p".repeat(65), format!("{}…", "p".repeat(64))),
        ("é".repeat(1_000_000), format!("{}…", "é".repeat(64))),
        (format!("{}👨\u{200d}👩", "x".repeat(63)), format!("{}👨…", "x".repeat(63))),
    ] {
        let (violations, _) = check(json!({"color": sent}));
        assert_eq!(violations, [Violation::new("color", cut(&echoed))]);
        let (violations, _) = check(json!({"colors": [sent]}));
        assert_eq!(violations, [Violation::new("colors", Problem::UnknownItem(echoed))]);
    }
}

#[test]
fn an_unknown_action_is_repeated_at_most_64_characters_long() {
    for (sent, echoed) in [
        ("maybe".to_owned(), "maybe".to_owned()),
        ("A".repeat(64), "A".repeat(64)),
        ("A".repeat(65), format!("{}…", "A".repeat(64))),
        ("é".repeat(1_000_000), format!("{}…", "é".repeat(64))),
    ] {
        let err = Elicitation::<AllIntegers>::from_result(&json!({"action": sent, "content": {}})).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Malformed);
        let why = err.source().map(ToString::to_string).unwrap_or_default();
        assert_eq!(why, format!("the result has unknown action `{echoed}` (expected `accept`, `decline` or `cancel`)"));
        assert!(why.len() < 300, "{} bytes", why.len());
        // What the client sees of it (`-32602` with the error and its source).
        let shown = rmcp::ErrorData::from(err).message;
        assert!(shown.contains(&format!("`{echoed}`")) && shown.len() < 400, "{} bytes", shown.len());
    }
}
