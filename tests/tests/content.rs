//! Reading what a client sends back: every bad `content` reported with the field's wire
//! name and the exact problem, in field order; good content decoded; and whole
//! `ElicitResult`s read into `Accept` / `Decline` / `Cancel` or a typed error.

use std::collections::{BTreeSet, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use elicit_runtime::form::Format;
use elicit_runtime::ElicitError;
use elicit_runtime::form::Problem;
use elicit_runtime::{Elicit, Elicitation, ErrorKind, InvalidContent, Violation};
use elicit_tests::forms::*;
use elicit_tests::object;
use serde_json::{Value, json};

// ---- the table ---------------------------------------------------------------------

use elicit_tests::samples::{
    booleans as booleans_base, integers as integers_base, multi_selects as multi_base, numbers as numbers_base, patterns as patterns_base,
    renamed as renamed_base, selects as selects_base, strings as strings_base,
};

/// `base` with `key` set to `value`.
fn set(base: Value, key: &str, value: Value) -> Value {
    let mut map = object(base);
    map.insert(key.to_owned(), value);
    Value::Object(map)
}

/// `base` without `key`.
fn unset(base: Value, key: &str) -> Value {
    let mut map = object(base);
    map.shift_remove(key);
    Value::Object(map)
}

/// A JSON number as written (the `json!` macro would go through a Rust literal).
fn number(text: &str) -> Value {
    serde_json::from_str(text).expect("a JSON number")
}

fn wrong(expected: &'static str, found: &'static str) -> Problem {
    Problem::WrongType { expected, found }
}

/// One bad payload: what `from_content`, `SCHEMA.validate` and `from_result` said.
struct Case {
    what: String,
    decoded: Result<(), InvalidContent>,
    validated: Result<(), InvalidContent>,
    via_result: Result<(), ElicitError>,
    expected: Vec<Violation>,
    /// The problem is found while decoding into the Rust type, after the schema checks
    /// passed (`validate` then accepts the content).
    decode_only: bool,
}

fn case<T: Elicit>(what: &str, content: Value, expected: &[(&'static str, Problem)]) -> Case {
    let map = object(content.clone());
    Case {
        what: format!("{} {what}: {content}", std::any::type_name::<T>().rsplit("::").next().unwrap()),
        decoded: T::from_content(&map).map(drop),
        validated: T::SCHEMA.validate(&map),
        via_result: Elicitation::<T>::from_result(&json!({"action": "accept", "content": content})).map(drop),
        expected: expected.iter().map(|(field, problem)| Violation::new(*field, problem.clone())).collect(),
        decode_only: false,
    }
}

fn decode_only(mut case: Case) -> Case {
    case.decode_only = true;
    case
}

fn table() -> Vec<Case> {
    use Problem::*;
    let u64_max = u64::MAX as i128;
    vec![
        // -- missing and null
        case::<Strings>("missing required", unset(strings_base(), "name"), &[("name", Missing)]),
        case::<Strings>("null for a required field", set(strings_base(), "name", Value::Null), &[("name", wrong("string", "null"))]),
        case::<Integers>(
            "empty content: every required field, in field order",
            json!({}),
            &[
                ("tiny", Missing), ("byte", Missing), ("short", Missing), ("word", Missing), ("int", Missing),
                ("uint", Missing), ("long", Missing), ("ulong", Missing), ("size", Missing), ("offset", Missing),
            ],
        ),
        case::<Renamed>(
            "the Rust name instead of the wire name",
            set(unset(renamed_base(), "e-mail"), "email_address", json!("ada@example.com")),
            // The answer under the wrong name is named too: never dropped silently.
            &[("e-mail", Missing), ("email_address", NotAsked)],
        ),
        case::<Renamed>(
            "camelCase of a field renamed explicitly",
            set(unset(renamed_base(), "e-mail"), "emailAddress", json!("a@b.co")),
            &[("e-mail", Missing), ("emailAddress", NotAsked)],
        ),
        // -- keys the form did not ask for: each named, after the fields' problems
        case::<Strings>("a key nobody asked for", set(strings_base(), "nickname", json!("Ada")), &[("nickname", NotAsked)]),
        case::<Strings>("a field's name in another case", set(strings_base(), "Name", json!(0)), &[("Name", NotAsked)]),
        case::<Strings>(
            "several keys nobody asked for, beside a bad field",
            set(set(set(strings_base(), "unknown", json!({"nested": [1, 2]})), "email", json!("nope")), "", json!(null)),
            &[("email", InvalidFormat(elicit_runtime::form::Format::Email)), ("unknown", NotAsked), ("", NotAsked)],
        ),
        case::<MultiSelects>(
            "a renamed 2025-06-18 checkbox on a later revision",
            set(multi_base(), "colors_red", json!(true)),
            &[("colors_red", NotAsked)],
        ),
        case::<Empty>("a key sent to a form with no field", json!({"anything": 1}), &[("anything", NotAsked)]),
        // -- wrong JSON type, one per kind
        case::<Strings>("string given a number", set(strings_base(), "name", json!(42)), &[("name", wrong("string", "integer"))]),
        case::<Strings>("date string given an object", set(strings_base(), "born", json!({"y": 1815})), &[("born", wrong("string", "object"))]),
        case::<Integers>("integer given a string", set(integers_base(), "long", json!("5")), &[("long", wrong("integer", "string"))]),
        case::<Integers>("integer given a boolean", set(integers_base(), "long", json!(true)), &[("long", wrong("integer", "boolean"))]),
        case::<Integers>("integer given an array", set(integers_base(), "int", json!([1])), &[("int", wrong("integer", "array"))]),
        case::<Numbers>("number given a string", set(numbers_base(), "ratio", json!("0.5")), &[("ratio", wrong("number", "string"))]),
        case::<Numbers>("number given null", set(numbers_base(), "ratio", Value::Null), &[("ratio", wrong("number", "null"))]),
        case::<Booleans>("boolean given a string", set(booleans_base(), "agree", json!("true")), &[("agree", wrong("boolean", "string"))]),
        case::<Booleans>("boolean given 1", set(booleans_base(), "agree", json!(1)), &[("agree", wrong("boolean", "integer"))]),
        case::<Selects>("single-select given a number", set(selects_base(), "color", json!(1)), &[("color", wrong("string", "integer"))]),
        case::<MultiSelects>("multi-select given a string", set(multi_base(), "colors", json!("red")), &[("colors", wrong("array", "string"))]),
        case::<MultiSelects>("multi-select item given a number", set(multi_base(), "colors", json!(["red", 1])), &[("colors", wrong("string", "integer"))]),
        // -- integers
        case::<Integers>("integer given a fraction", set(integers_base(), "int", json!(3.5)), &[("int", NotAnInteger)]),
        case::<Integers>("u8 given 300", set(integers_base(), "byte", json!(300)), &[("byte", IntegerOutOfRange { min: 0, max: 255 })]),
        case::<Integers>("u8 given -1", set(integers_base(), "byte", json!(-1)), &[("byte", IntegerOutOfRange { min: 0, max: 255 })]),
        case::<Integers>("u32 given -1", set(integers_base(), "uint", json!(-1)), &[("uint", IntegerOutOfRange { min: 0, max: 4294967295 })]),
        case::<Integers>("i8 given 128", set(integers_base(), "tiny", json!(128)), &[("tiny", IntegerOutOfRange { min: -128, max: 127 })]),
        case::<Integers>("i8 given -129", set(integers_base(), "tiny", json!(-129)), &[("tiny", IntegerOutOfRange { min: -128, max: 127 })]),
        case::<Integers>(
            "i64 given i64::MAX + 1",
            set(integers_base(), "long", json!(9223372036854775808u64)),
            &[("long", IntegerOutOfRange { min: i64::MIN.into(), max: i64::MAX.into() })],
        ),
        case::<Integers>(
            "u64 given u64::MAX + 1 (parsed as a float)",
            set(integers_base(), "ulong", serde_json::from_str("18446744073709551616").unwrap()),
            &[("ulong", IntegerOutOfRange { min: 0, max: u64_max })],
        ),
        case::<Integers>("u64 given -1", set(integers_base(), "ulong", json!(-1)), &[("ulong", IntegerOutOfRange { min: 0, max: u64_max })]),
        case::<Integers>(
            "i64 given 1e300: the range reported is the field's, not i128's",
            set(integers_base(), "long", json!(1e300)),
            &[("long", IntegerOutOfRange { min: i64::MIN.into(), max: i64::MAX.into() })],
        ),
        // -- integers written with a fraction part or an exponent: the number they are,
        //    exactly, or refused (JSON Schema counts 3.0 as an integer)
        case::<Integers>("i8 given 1.5e0", set(integers_base(), "tiny", number("1.5e0")), &[("tiny", NotAnInteger)]),
        case::<Integers>("i8 given 15e-1 (1.5)", set(integers_base(), "tiny", number("15e-1")), &[("tiny", NotAnInteger)]),
        case::<Integers>("usize given -0.5", set(integers_base(), "size", number("-0.5")), &[("size", NotAnInteger)]),
        case::<Integers>("u8 given 2.56e2 (256)", set(integers_base(), "byte", number("2.56e2")), &[("byte", IntegerOutOfRange { min: 0, max: 255 })]),
        case::<Integers>("u8 given -1.0", set(integers_base(), "byte", number("-1.0")), &[("byte", IntegerOutOfRange { min: 0, max: 255 })]),
        case::<Integers>("i8 given -129.0", set(integers_base(), "tiny", number("-129.0")), &[("tiny", IntegerOutOfRange { min: -128, max: 127 })]),
        case::<Integers>(
            "i32 given 1e10",
            set(integers_base(), "int", number("1e10")),
            &[("int", IntegerOutOfRange { min: i32::MIN.into(), max: i32::MAX.into() })],
        ),
        case::<Integers>(
            "u32 given 4294967296.0 (u32::MAX + 1)",
            set(integers_base(), "uint", number("4294967296.0")),
            &[("uint", IntegerOutOfRange { min: 0, max: u32::MAX.into() })],
        ),
        case::<Integers>(
            "u64 given 1e19: in range, but a whole float beyond 2^53 is not exactly what was written",
            set(integers_base(), "ulong", number("1e19")),
            &[("ulong", InexactInteger)],
        ),
        case::<Integers>(
            "u64 given 9007199254740993.0 (2^53 + 1, read as 2^53)",
            set(integers_base(), "ulong", number("9007199254740993.0")),
            &[("ulong", InexactInteger)],
        ),
        case::<Integers>(
            "i64 given -9007199254740992.0 (-2^53: -2^53 - 1 reads the same)",
            set(integers_base(), "long", number("-9007199254740992.0")),
            &[("long", InexactInteger)],
        ),
        case::<Integers>(
            "i64 given i64::MIN - 1 written as a float (read as -2^63, not cast to i64::MIN)",
            set(integers_base(), "long", number("-9223372036854775809.0")),
            &[("long", IntegerOutOfRange { min: i64::MIN.into(), max: i64::MAX.into() })],
        ),
        case::<Integers>(
            "i64 given i64::MIN - 1 written plainly (serde_json reads it as the double -2^63)",
            set(integers_base(), "long", number("-9223372036854775809")),
            &[("long", IntegerOutOfRange { min: i64::MIN.into(), max: i64::MAX.into() })],
        ),
        case::<Integers>(
            "i64 given 2^63 - 1024 written as a float: in range, not exact",
            set(integers_base(), "long", number("9223372036854774784.0")),
            &[("long", InexactInteger)],
        ),
        case::<Integers>(
            "i64 given i64::MAX + 1 written with an exponent",
            set(integers_base(), "long", number("9.223372036854775808e18")),
            &[("long", IntegerOutOfRange { min: i64::MIN.into(), max: i64::MAX.into() })],
        ),
        case::<Integers>(
            "u64 given u64::MAX written as a float (read as 2^64)",
            set(integers_base(), "ulong", number("18446744073709551615.0")),
            &[("ulong", IntegerOutOfRange { min: 0, max: u64_max })],
        ),
        case::<Integers>(
            "usize given 1e20",
            set(integers_base(), "size", number("1e20")),
            &[("size", IntegerOutOfRange { min: 0, max: usize::MAX as i128 })],
        ),
        case::<Integers>("below a field minimum, written 0e0", set(integers_base(), "stars", number("0e0")), &[("stars", BelowMinimum { minimum: 1.0, found: 0.0 })]),
        case::<Integers>("above a field maximum, written 6.0", set(integers_base(), "stars", number("6.0")), &[("stars", AboveMaximum { maximum: 5.0, found: 6.0 })]),
        case::<Integers>(
            "below a negative minimum, written -1.1e1",
            set(integers_base(), "offset", number("-1.1e1")),
            &[("offset", BelowMinimum { minimum: -10.0, found: -11.0 })],
        ),
        case::<Integers>(
            "above the maximum of an optional u64, written 1.001e3",
            set(integers_base(), "count", number("1.001e3")),
            &[("count", AboveMaximum { maximum: 1000.0, found: 1001.0 })],
        ),
        case::<Integers>(
            "an optional u64 with a maximum given 1e19: inexact, reported once",
            set(integers_base(), "count", number("1e19")),
            &[("count", InexactInteger)],
        ),
        case::<Integers>("u16 option given 70000", set(integers_base(), "guests", json!(70000)), &[("guests", IntegerOutOfRange { min: 0, max: 65535 })]),
        case::<Integers>("below a field minimum", set(integers_base(), "stars", json!(0)), &[("stars", BelowMinimum { minimum: 1.0, found: 0.0 })]),
        case::<Integers>("above a field maximum", set(integers_base(), "stars", json!(6)), &[("stars", AboveMaximum { maximum: 5.0, found: 6.0 })]),
        case::<Integers>("below a negative minimum", set(integers_base(), "offset", json!(-11)), &[("offset", BelowMinimum { minimum: -10.0, found: -11.0 })]),
        case::<Integers>("above the maximum of an optional u64", set(integers_base(), "count", json!(1001)), &[("count", AboveMaximum { maximum: 1000.0, found: 1001.0 })]),
        // -- numbers
        case::<Numbers>("f32 given 1e39", set(numbers_base(), "weight", json!(1e39)), &[("weight", NumberOutOfRange { max: f32::MAX as f64 })]),
        case::<Numbers>("below an integer minimum", set(numbers_base(), "percent", json!(-0.5)), &[("percent", BelowMinimum { minimum: 0.0, found: -0.5 })]),
        case::<Numbers>("above an integer maximum", set(numbers_base(), "percent", json!(100.5)), &[("percent", AboveMaximum { maximum: 100.0, found: 100.5 })]),
        case::<Numbers>("below a fractional minimum", set(numbers_base(), "celsius", json!(-300)), &[("celsius", BelowMinimum { minimum: -273.15, found: -300.0 })]),
        case::<Numbers>("above a fractional maximum", set(numbers_base(), "score", json!(99.75)), &[("score", AboveMaximum { maximum: 99.5, found: 99.75 })]),
        // -- string lengths, in Unicode scalar values
        case::<Strings>("too short", set(strings_base(), "name", json!("Ad")), &[("name", TooShort { min_length: 3, length: 2 })]),
        case::<Strings>("too long", set(strings_base(), "name", json!("Abcdefghijklmnopqrstu")), &[("name", TooLong { max_length: 20, length: 21 })]),
        case::<Strings>(
            "six accented letters (12 bytes) over a max of 5",
            set(strings_base(), "initials", json!("ÉÀÜÖÑØ")),
            &[("initials", TooLong { max_length: 5, length: 6 })],
        ),
        case::<Strings>(
            "three e + combining acute: 3 graphemes but 6 scalar values",
            set(strings_base(), "initials", json!("e\u{301}e\u{301}e\u{301}")),
            &[("initials", TooLong { max_length: 5, length: 6 })],
        ),
        case::<Strings>(
            "a family emoji: 1 grapheme, 5 scalar values, 18 bytes; plus one",
            set(strings_base(), "initials", json!("👨\u{200d}👩\u{200d}👧!")),
            &[("initials", TooLong { max_length: 5, length: 6 })],
        ),
        // -- pattern
        case::<Strings>("pattern mismatch", set(strings_base(), "name", json!("Ada 1")), &[("name", PatternMismatch { pattern: "^[A-Za-z][A-Za-z ]*$", hint: None, hints: &[] })]),
        case::<Strings>(
            "`$` does not match before a trailing newline",
            set(strings_base(), "name", json!("Ada\n")),
            &[("name", PatternMismatch { pattern: "^[A-Za-z][A-Za-z ]*$", hint: None, hints: &[] })],
        ),
        case::<Strings>(
            "too short and pattern mismatch: both, length first",
            set(strings_base(), "name", json!("1")),
            &[("name", TooShort { min_length: 3, length: 1 }), ("name", PatternMismatch { pattern: "^[A-Za-z][A-Za-z ]*$", hint: None, hints: &[] })],
        ),
        // -- ECMA-262 class escapes: `\d` and `\w` are ASCII, as the client reads them
        case::<Patterns>("`\\d` does not match Arabic-Indic digits", set(patterns_base(), "zip", json!("١٢٣٤٥")), &[("zip", PatternMismatch { pattern: "^\\d{5}$", hint: None, hints: &[] })]),
        case::<Patterns>("`\\d` does not match fullwidth digits", set(patterns_base(), "zip", json!("１２３４５")), &[("zip", PatternMismatch { pattern: "^\\d{5}$", hint: None, hints: &[] })]),
        case::<Patterns>("`\\w` in a class does not match accented letters", set(patterns_base(), "handle", json!("été")), &[("handle", PatternMismatch { pattern: "^[\\w.-]+$", hint: None, hints: &[] })]),
        case::<Patterns>("`\\D` refuses an ASCII digit", set(patterns_base(), "no_digits", json!("abc3")), &[("no_digits", PatternMismatch { pattern: "^\\D*$", hint: None, hints: &[] })]),
        case::<Patterns>("an escaped backslash stays a backslash", set(patterns_base(), "backslash", json!("a5")), &[("backslash", PatternMismatch { pattern: "^a\\\\d$", hint: None, hints: &[] })]),
        // -- formats
        case::<Strings>("email with a non-ASCII local part (that is `idn-email`)", set(strings_base(), "email", json!("ädä@example.com")), &[("email", InvalidFormat(Format::Email))]),
        case::<Strings>("email with a non-ASCII domain", set(strings_base(), "email", json!("ada@exämple.com")), &[("email", InvalidFormat(Format::Email))]),
        case::<Strings>("email without a domain", set(strings_base(), "email", json!("ada@")), &[("email", InvalidFormat(Format::Email))]),
        case::<Strings>("email without an @", set(strings_base(), "email", json!("ada.example.com")), &[("email", InvalidFormat(Format::Email))]),
        case::<Strings>("uri that is relative", set(strings_base(), "homepage", json!("/about")), &[("homepage", InvalidFormat(Format::Uri))]),
        case::<Strings>("uri with a space", set(strings_base(), "homepage", json!("https://exa mple.com")), &[("homepage", InvalidFormat(Format::Uri))]),
        case::<Strings>("date Feb 29 of a non-leap year", set(strings_base(), "birthday", json!("2023-02-29")), &[("birthday", InvalidFormat(Format::Date))]),
        case::<Strings>("date Feb 29 of 1900 (century, not leap)", set(strings_base(), "birthday", json!("1900-02-29")), &[("birthday", InvalidFormat(Format::Date))]),
        case::<Strings>("date April 31", set(strings_base(), "birthday", json!("2025-04-31")), &[("birthday", InvalidFormat(Format::Date))]),
        case::<Strings>("date month 13", set(strings_base(), "birthday", json!("2025-13-01")), &[("birthday", InvalidFormat(Format::Date))]),
        case::<Strings>("date without zero padding", set(strings_base(), "birthday", json!("2025-1-05")), &[("birthday", InvalidFormat(Format::Date))]),
        case::<Strings>("NaiveDate Feb 29 of a non-leap year", set(strings_base(), "born", json!("2023-02-29")), &[("born", InvalidFormat(Format::Date))]),
        case::<Strings>(
            "date-time with a space",
            set(strings_base(), "callback_at", json!("2025-11-25 10:30:00Z")),
            &[("callback_at", InvalidFormat(Format::DateTime))],
        ),
        case::<Strings>(
            "date-time without an offset",
            set(strings_base(), "callback_at", json!("2025-11-25T10:30:00")),
            &[("callback_at", InvalidFormat(Format::DateTime))],
        ),
        case::<Strings>("date-time hour 24", set(strings_base(), "callback_at", json!("2025-11-25T24:00:00Z")), &[("callback_at", InvalidFormat(Format::DateTime))]),
        case::<Strings>(
            "date-time on Feb 29 of a non-leap year",
            set(strings_base(), "starts", json!("2023-02-29T10:00:00Z")),
            &[("starts", InvalidFormat(Format::DateTime))],
        ),
        case::<Strings>(
            "date-time with an empty fraction",
            set(strings_base(), "starts", json!("2025-11-25T10:30:00.Z")),
            &[("starts", InvalidFormat(Format::DateTime))],
        ),
        case::<Strings>("url that is not one", set(strings_base(), "site", json!("not a url")), &[("site", InvalidFormat(Format::Uri))]),
        decode_only(case::<Strings>(
            "a URI (RFC 3986 reg-name) that the url crate cannot parse as a host",
            set(strings_base(), "site", json!("http://999.999.999.999/")),
            &[("site", InvalidFormat(Format::Uri))],
        )),
        // -- single-select
        case::<Selects>("not an option", set(selects_base(), "color", json!("purple")), &[("color", NotAnOption("purple".into()))]),
        case::<Selects>("options are case-sensitive", set(selects_base(), "color", json!("Red")), &[("color", NotAnOption("Red".into()))]),
        case::<Selects>("a title is not a value", set(selects_base(), "plan", json!("Free tier")), &[("plan", NotAnOption("Free tier".into()))]),
        case::<Selects>("an optional select given an empty string", set(selects_base(), "accent", json!("")), &[("accent", NotAnOption(String::new()))]),
        // -- multi-select
        case::<MultiSelects>("unknown item", set(multi_base(), "colors", json!(["red", "purple"])), &[("colors", UnknownItem("purple".into()))]),
        case::<MultiSelects>(
            "an item three times is one duplicate",
            set(multi_base(), "colors", json!(["red", "red", "red"])),
            &[("colors", DuplicateItem("red".into()))],
        ),
        case::<MultiSelects>("a set field given a repeated item", set(multi_base(), "extras", json!(["blue", "blue"])), &[("extras", DuplicateItem("blue".into()))]),
        case::<MultiSelects>("too few items", set(multi_base(), "plans", json!([])), &[("plans", TooFewItems { min_items: 1, count: 0 })]),
        case::<MultiSelects>(
            "too many items",
            set(multi_base(), "plans", json!(["free", "pro-monthly", "enterprise"])),
            &[("plans", TooManyItems { max_items: 2, count: 3 })],
        ),
        case::<MultiSelects>(
            "repeated, unknown and too many: each item in order, then the count",
            set(multi_base(), "plans", json!(["free", "free", "gold"])),
            &[("plans", DuplicateItem("free".into())), ("plans", UnknownItem("gold".into())), ("plans", TooManyItems { max_items: 2, count: 3 })],
        ),
        case::<MultiSelects>(
            "over the max of a field with a default",
            set(multi_base(), "favorites", json!(["red", "green", "blue", "red"])),
            &[("favorites", DuplicateItem("red".into())), ("favorites", TooManyItems { max_items: 3, count: 4 })],
        ),
        // -- several fields at once: all reported, in field order whatever the key order
        case::<Strings>(
            "everything wrong",
            json!({
                "site": "nope",
                "starts": "soon",
                "born": 5,
                "birthday": "2023-02-29",
                "homepage": "/x",
                "email": "x",
                "name": "1",
                "initials": "abcdef"
            }),
            &[
                ("name", TooShort { min_length: 3, length: 1 }),
                ("name", PatternMismatch { pattern: "^[A-Za-z][A-Za-z ]*$", hint: None, hints: &[] }),
                ("email", InvalidFormat(Format::Email)),
                ("homepage", InvalidFormat(Format::Uri)),
                ("birthday", InvalidFormat(Format::Date)),
                ("initials", TooLong { max_length: 5, length: 6 }),
                ("born", wrong("string", "integer")),
                ("starts", InvalidFormat(Format::DateTime)),
                ("site", InvalidFormat(Format::Uri)),
            ],
        ),
        case::<MultiSelects>(
            "missing, wrong type and too few across fields",
            json!({"plans": [], "extras": "blue"}),
            &[("colors", Missing), ("plans", TooFewItems { min_items: 1, count: 0 }), ("extras", wrong("array", "string"))],
        ),
        case::<Integers>(
            "one problem per field of three kinds",
            set(set(set(integers_base(), "count", json!(2000)), "tiny", json!(1.25)), "uint", json!("7")),
            &[("tiny", NotAnInteger), ("uint", wrong("integer", "string")), ("count", AboveMaximum { maximum: 1000.0, found: 2000.0 })],
        ),
    ]
}

#[test]
fn every_bad_payload_is_reported_exactly() {
    let table = table();
    assert!(table.len() >= 30, "the table has {} cases", table.len());
    let mut failures = Vec::new();
    for case in &table {
        if case.decoded.as_ref().err().map(InvalidContent::violations) != Some(&case.expected[..]) {
            failures.push(format!("{}\n  from_content: {:?}\n  expected:     {:?}", case.what, case.decoded, case.expected));
        }
        let validated = case.validated.as_ref().err().map(InvalidContent::violations);
        if case.decode_only {
            if validated.is_some() {
                failures.push(format!("{}\n  validate: {:?}\n  expected: Ok (a decode-only problem)", case.what, case.validated));
            }
        } else if validated != Some(&case.expected[..]) {
            failures.push(format!("{}\n  validate: {:?}\n  expected: {:?}", case.what, case.validated, case.expected));
        }
        match &case.via_result {
            Err(err) if err.invalid().is_some_and(|invalid| invalid.violations() == &case.expected[..]) => {}
            other => failures.push(format!("{}\n  from_result: {other:?}", case.what)),
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}", failures.len(), table.len(), failures.join("\n\n"));
}

/// What the user reads when asked again: one line per problem, none twice, and no
/// pattern shown as a regular expression.
#[test]
fn no_reask_repeats_a_line_or_shows_a_regex() {
    let mut checked = 0;
    for case in table() {
        let Err(invalid) = &case.decoded else { continue };
        let text = invalid.reask_message_in("Again?", elicit_runtime::locale::Locale::default());
        let lines: Vec<&str> = text.lines().collect();
        let mut unique = lines.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), lines.len(), "{}: a line repeated in {text}", case.what);
        assert!(!text.contains("pattern") && !text.contains('^'), "{}: {text}", case.what);
        checked += 1;
    }
    assert!(checked >= 30, "{checked} re-asks checked");
}

// ---- what is accepted ----------------------------------------------------------------

#[test]
fn good_content_decodes_with_defaults_absent_options_and_no_extras() {
    let strings = Strings::from_content(&object(strings_base())).unwrap();
    assert_eq!(
        strings,
        Strings {
            name: "Ada Lovelace".into(),
            email: "ada@example.com".into(),
            homepage: None,
            birthday: "1815-12-10".into(),
            callback_at: None,
            initials: None,
            born: NaiveDate::from_ymd_opt(1815, 12, 10).unwrap(),
            starts: "2025-11-25T10:30:00Z".parse::<DateTime<Utc>>().unwrap(),
            site: "https://example.com/".parse().unwrap(),
        }
    );
    // A default fills an absent field; it is not a problem to leave it out.
    let no_email = Strings::from_content(&object(unset(strings_base(), "email"))).unwrap();
    assert_eq!(no_email.email, "user@example.com");
    // Null for an optional field is the same as absent; null for a defaulted one gives the default.
    let nulls = set(set(strings_base(), "homepage", Value::Null), "email", Value::Null);
    let decoded = Strings::from_content(&object(nulls)).unwrap();
    assert_eq!((decoded.homepage, decoded.email.as_str()), (None, "user@example.com"));
    // Keys the schema does not name are never ignored, however many: fields are found by
    // one walk over small content and looked up one by one in large content (beyond
    // twice as many properties as fields), and both name every extra key, in order.
    let fields = Strings::SCHEMA.fields().len();
    let mut crowded = strings_base();
    let mut extras: Vec<String> = Vec::new();
    for extra in 0..=3 * fields {
        let decoded = Strings::from_content(&object(crowded.clone()));
        if extras.is_empty() {
            assert_eq!(decoded.unwrap(), strings);
        } else {
            let named: Vec<&str> = decoded.as_ref().unwrap_err().violations().iter().map(|v| &*v.field).collect();
            assert_eq!(named, extras, "with {extra} extra properties");
            assert!(decoded.unwrap_err().violations().iter().all(|v| v.problem == Problem::NotAsked));
        }
        let bad = set(crowded.clone(), "email", json!("not an address"));
        let error = Strings::from_content(&object(bad)).unwrap_err();
        let named: Vec<&str> = error.violations().iter().map(|v| &*v.field).collect();
        assert_eq!(named[0], "email", "with {extra} extra properties");
        assert_eq!(named[1..], extras, "with {extra} extra properties");
        crowded = set(crowded, &format!("extra{extra}"), json!(extra));
        extras.push(format!("extra{extra}"));
    }

    // Boundaries that are valid: lengths counted in scalar values, Feb 29 of leap years,
    // fractional seconds of any length, offsets.
    for (initials, chars) in [("ÉÀÜÖÑ", 5), ("👍👍👍👍👍", 5), ("e\u{301}e\u{301}e", 5), ("👨\u{200d}👩\u{200d}👧", 5), ("", 0)] {
        assert_eq!(initials.chars().count(), chars);
        let c = set(strings_base(), "initials", json!(initials));
        assert_eq!(Strings::from_content(&object(c)).unwrap().initials.as_deref(), Some(initials));
    }
    for birthday in ["2024-02-29", "2000-02-29", "0000-01-01", "9999-12-31"] {
        let c = set(strings_base(), "birthday", json!(birthday));
        assert_eq!(Strings::from_content(&object(c)).unwrap().birthday, birthday);
    }
    for callback in [
        "2025-11-25T10:30:00Z",
        "2025-11-25t10:30:00z",
        "2025-11-25T10:30:00.5+02:00",
        "2025-11-25T10:30:00-00:00",
        "2016-12-31T23:59:60Z",
        "2025-11-25T10:30:00.1234567890123456789012345Z",
    ] {
        let c = set(strings_base(), "callback_at", json!(callback));
        assert_eq!(Strings::from_content(&object(c)).unwrap().callback_at.as_deref(), Some(callback), "{callback}");
    }
    let fractions = set(strings_base(), "starts", json!("2025-11-25T12:30:00.123456789+02:00"));
    assert_eq!(
        Strings::from_content(&object(fractions)).unwrap().starts,
        "2025-11-25T10:30:00.123456789Z".parse::<DateTime<Utc>>().unwrap()
    );

    let patterns = object(json!({"zip": "01234", "handle": "Ada_L-1.0", "no_digits": "abc٣", "backslash": "a\\d"}));
    assert_eq!(
        Patterns::from_content(&patterns).unwrap(),
        Patterns { zip: "01234".into(), handle: "Ada_L-1.0".into(), no_digits: Some("abc٣".into()), backslash: Some("a\\d".into()) }
    );

    let integers = Integers::from_content(&object(set(set(integers_base(), "int", json!(3.0)), "count", Value::Null))).unwrap();
    assert_eq!((integers.int, integers.stars, integers.count, integers.guests), (3, 3, None, None));
    let extremes = json!({
        "tiny": -128, "byte": 255, "short": -32768, "word": 65535, "int": -2147483648i64, "uint": 4294967295u32,
        "long": i64::MIN, "ulong": u64::MAX, "size": usize::MAX, "offset": i64::MAX, "stars": 5, "count": 1000, "guests": 0
    });
    let extremes = Integers::from_content(&object(extremes)).unwrap();
    assert_eq!((extremes.long, extremes.ulong, extremes.size, extremes.offset), (i64::MIN, u64::MAX, usize::MAX, i64::MAX));

    let numbers = Numbers::from_content(&object(numbers_base())).unwrap();
    assert_eq!(numbers, Numbers { ratio: 0.5, weight: 1.5, percent: 50.0, celsius: None, score: 2.5, volume: 50.0 });
    let bounds = json!({"ratio": -1e308, "weight": f32::MAX, "percent": 100, "celsius": -273.15, "score": 0.5});
    let bounds = Numbers::from_content(&object(bounds)).unwrap();
    assert_eq!((bounds.ratio, bounds.weight, bounds.percent, bounds.celsius), (-1e308, f32::MAX, 100.0, Some(-273.15)));

    let booleans = Booleans::from_content(&object(set(booleans_base(), "newsletter", Value::Null))).unwrap();
    assert_eq!(booleans, Booleans { agree: true, newsletter: None, remember: true, copy: false });

    let selects = Selects::from_content(&object(selects_base())).unwrap();
    assert_eq!(selects, Selects { color: Color::Red, plan: Plan::Free, accent: None, background: Color::Green, upgrade: Plan::ProMonthly });

    let multi = MultiSelects::from_content(&object(set(multi_base(), "plans", json!(["enterprise", "free"])))).unwrap();
    assert_eq!(
        multi,
        MultiSelects {
            colors: vec![Color::Red],
            plans: BTreeSet::from([Plan::Free, Plan::Enterprise]),
            extras: None,
            favorites: vec![Color::Red, Color::Blue],
        }
    );
    let sets = MultiSelects::from_content(&object(set(set(multi_base(), "extras", json!(["blue", "green"])), "colors", json!([])))).unwrap();
    assert_eq!((sets.colors, sets.extras), (vec![], Some(HashSet::from([Color::Blue, Color::Green]))));

    // Wire names; a serde default; a skipped field keeps its Default, and is not asked:
    // a value sent under its name is refused, named, rather than dropped.
    let sent = Renamed::from_content(&object(set(set(renamed_base(), "internal_id", json!(7)), "internalId", json!(7)))).unwrap_err();
    assert_eq!(
        sent.violations(),
        [Violation::new("internal_id", Problem::NotAsked), Violation::new("internalId", Problem::NotAsked)]
    );
    let renamed = Renamed::from_content(&object(renamed_base())).unwrap();
    assert_eq!(
        renamed,
        Renamed {
            first_name: "Ada".into(),
            last_name: None,
            email_address: "ada@example.com".into(),
            postal_code: "12345".into(),
            referral_code: String::new(),
            internal_id: 0,
        }
    );

    let defaults = Defaults::from_content(&serde_json::Map::new()).unwrap();
    assert_eq!(defaults, Defaults { name: "John Doe".into(), age: 30, score: 95.5, status: Status::Active, verified: true });
    assert_eq!(Empty::from_content(&object(json!({}))).unwrap(), Empty {});
}

#[test]
fn integers_written_with_a_fraction_part_or_exponent_decode_to_the_number_written() {
    let cases: &[(&str, &str, i128)] = &[
        ("tiny", "-0", 0),
        ("tiny", "-0.0", 0),
        ("tiny", "1.27e2", 127),
        ("tiny", "-128.0", -128),
        ("byte", "2.55e2", 255),
        ("byte", "25.5e1", 255),
        ("byte", "0.1e1", 1),
        ("byte", "1E2", 100),
        ("byte", "100e-0", 100),
        ("byte", "1000e-1", 100),
        ("short", "-3.2768e4", -32768),
        ("word", "65535.000", 65535),
        ("int", "-2147483648.0", i32::MIN.into()),
        ("uint", "4294967295.0", u32::MAX.into()),
        ("uint", "4.294967295e9", u32::MAX.into()),
        ("long", "9007199254740991.0", 9007199254740991),
        ("long", "-9007199254740991.0", -9007199254740991),
        ("long", "9.007199254740991e15", 9007199254740991),
        ("ulong", "9007199254740991.0", 9007199254740991),
        ("size", "1e15", 1_000_000_000_000_000),
        ("offset", "-1e1", -10),
        ("stars", "5.0", 5),
        ("count", "1e3", 1000),
        ("guests", "6.5535e4", 65535),
        // Written as plain integers, the whole 64-bit ranges are exact.
        ("long", "-9223372036854775808", i64::MIN.into()),
        ("ulong", "18446744073709551615", u64::MAX.into()),
        ("ulong", "9007199254740993", 9007199254740993),
    ];
    for (field, text, expected) in cases {
        let content = object(set(integers_base(), field, number(text)));
        assert_eq!(Integers::SCHEMA.validate(&content), Ok(()), "{field}: {text}");
        let decoded = Integers::from_content(&content).unwrap_or_else(|e| panic!("{field}: {text}: {e}"));
        let got: i128 = match *field {
            "tiny" => decoded.tiny.into(),
            "byte" => decoded.byte.into(),
            "short" => decoded.short.into(),
            "word" => decoded.word.into(),
            "int" => decoded.int.into(),
            "uint" => decoded.uint.into(),
            "long" => decoded.long.into(),
            "ulong" => decoded.ulong.into(),
            "size" => decoded.size as i128,
            "offset" => decoded.offset.into(),
            "stars" => decoded.stars.into(),
            "count" => decoded.count.expect("sent").into(),
            "guests" => decoded.guests.expect("sent").into(),
            other => unreachable!("{other}"),
        };
        assert_eq!(got, *expected, "{field}: {text}");
    }
}

#[test]
fn to_content_is_what_serde_and_the_schema_agree_on() {
    let renamed = Renamed {
        first_name: "Ada".into(),
        last_name: Some("Lovelace".into()),
        email_address: "ada@example.com".into(),
        postal_code: "12345".into(),
        referral_code: "friend".into(),
        internal_id: 9,
    };
    let content = renamed.to_content();
    assert_eq!(
        Value::Object(content.clone()).to_string(),
        r#"{"firstName":"Ada","lastName":"Lovelace","e-mail":"ada@example.com","zip":"12345","referralCode":"friend"}"#
    );
    assert_eq!(serde_json::to_value(&renamed).unwrap(), Value::Object(content.clone()));
    assert!(Renamed::SCHEMA.validate(&content).is_ok());
    assert_eq!(Renamed::from_content(&content).unwrap(), Renamed { internal_id: 0, ..renamed });

    // None is left out, not sent as null.
    let selects = Selects { color: Color::Blue, plan: Plan::Enterprise, accent: None, background: Color::Red, upgrade: Plan::Free };
    assert_eq!(
        Value::Object(selects.to_content()).to_string(),
        r#"{"color":"blue","plan":"enterprise","background":"red","upgrade":"free"}"#
    );
}

// ---- messages ------------------------------------------------------------------------

#[test]
fn errors_read_well() {
    let err = Integers::from_content(&object(set(set(integers_base(), "byte", json!(300)), "int", json!(3.5)))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the content does not match the form: `byte`: must be between 0 and 255; `int`: must be a whole number"
    );
    assert_eq!(err.clone().into_violations(), err.violations());
    let err = Integers::from_content(&object(set(integers_base(), "long", number("1.5e17")))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the content does not match the form: `long`: must be written without a fraction part or exponent: beyond ±9007199254740991 such a number is not read exactly"
    );
    let err = Selects::from_content(&object(set(unset(selects_base(), "plan"), "color", json!(true)))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the content does not match the form: `color`: must be text, got true or false; `plan`: is required but missing"
    );
    let err = MultiSelects::from_content(&object(set(multi_base(), "plans", json!(["free", "free", "x"])))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the content does not match the form: `plans`: `free` is chosen more than once; `plans`: `x` is not one of the options; `plans`: must have at most 2 choices, got 3"
    );

    let response = Elicitation::<Booleans>::from_result(&json!({"action": "accept", "content": {"agree": "yes"}})).unwrap_err();
    // `Display` does not repeat the source: reporters print the chain.
    assert_eq!(response.to_string(), "the accepted content does not satisfy the form");
    let source = std::error::Error::source(&response).expect("the invalid content is the source");
    assert_eq!(source.to_string(), "the content does not match the form: `agree`: must be true or false, got text");
    let malformed = Elicitation::<Booleans>::from_result(&json!({})).unwrap_err();
    assert_eq!(malformed.to_string(), "the client's elicitation result cannot be read");
    assert_eq!(std::error::Error::source(&malformed).map(ToString::to_string).as_deref(), Some("the result has no `action`"));
}

// ---- whole results -------------------------------------------------------------------

#[test]
fn reading_a_client_result() {
    type E = Elicitation<Booleans>;
    let agree = Booleans { agree: true, newsletter: None, remember: true, copy: false };

    assert_eq!(E::from_result(&json!({"action": "accept", "content": {"agree": true}})), Ok(Elicitation::Accept(agree.clone())));
    // Other members of the result (`_meta`) are not the form's business.
    assert_eq!(
        E::from_result(&json!({"_meta": {"x": 1}, "action": "accept", "content": {"agree": true}})),
        Ok(Elicitation::Accept(agree))
    );

    for not_an_object in [json!(null), json!("accept"), json!(["accept"]), json!(1)] {
        assert_eq!(explained(E::from_result(&not_an_object)), malformed(Some("the result is not a JSON object")), "{not_an_object}");
    }
    for no_action in [json!({}), json!({"content": {"agree": true}}), json!({"action": null}), json!({"action": 1}), json!({"Action": "accept"})] {
        assert_eq!(explained(E::from_result(&no_action)), malformed(Some("the result has no `action`")), "{no_action}");
    }
    for (action, shown) in [("ACCEPT", "ACCEPT"), ("accepted", "accepted"), ("", ""), ("reject", "reject")] {
        let unknown = format!("the result has unknown action `{shown}` (expected `accept`, `decline` or `cancel`)");
        assert_eq!(explained(E::from_result(&json!({"action": action}))), malformed(Some(&unknown)));
    }
    let no_content = Some((ErrorKind::Malformed, "the client accepted the form but sent no `content`".to_owned(), None));
    assert_eq!(explained(E::from_result(&json!({"action": "accept"}))), no_content);
    assert_eq!(explained(E::from_result(&json!({"action": "accept", "content": null}))), no_content);
    for content in [json!("agree"), json!([true]), json!(true), json!(0)] {
        let read = E::from_result(&json!({"action": "accept", "content": content}));
        assert_eq!(explained(read), malformed(Some("the result's `content` is not a JSON object")), "{content}");
    }
    assert!(matches!(
        E::from_result(&json!({"action": "accept", "content": {}})),
        Err(e) if e.invalid().is_some_and(|e| e.violations() == [Violation::new("agree", Problem::Missing)])
    ));
    // A form whose fields are all optional reads a missing (or null) `content` as empty:
    // the user submitted without filling anything in. With a required field it is an error.
    assert_eq!(Elicitation::<Empty>::from_result(&json!({"action": "accept", "content": {}})), Ok(Elicitation::Accept(Empty {})));
    assert_eq!(Elicitation::<Empty>::from_result(&json!({"action": "accept"})), Ok(Elicitation::Accept(Empty {})));
    assert_eq!(Elicitation::<Empty>::from_result(&json!({"action": "accept", "content": null})), Ok(Elicitation::Accept(Empty {})));
    #[derive(Elicit, Debug, PartialEq)]
    struct AllOptional {
        #[elicit(default = 2)]
        guests: u8,
        note: Option<String>,
    }
    assert_eq!(
        Elicitation::<AllOptional>::from_result(&json!({"action": "accept"})),
        Ok(Elicitation::Accept(AllOptional { guests: 2, note: None }))
    );

    // Decline and cancel are answers whatever else the result carries.
    for (action, expected) in [("decline", Elicitation::Decline), ("cancel", Elicitation::Cancel)] {
        assert_eq!(E::from_result(&json!({"action": action})), Ok(expected.clone()));
        assert_eq!(E::from_result(&json!({"action": action, "content": {"agree": true}})), Ok(expected.clone()));
        assert_eq!(E::from_result(&json!({"action": action, "content": {"agree": "not checked"}})), Ok(expected.clone()));
        assert_eq!(E::from_result(&json!({"action": action, "content": "not an object"})), Ok(expected.clone()));
        assert_eq!(E::from_result(&json!({"action": action, "content": null})), Ok(expected.clone()));
    }

    assert_eq!(Elicitation::<Booleans>::Decline.action(), "decline");
}

/// A refused read as the caller sees it: what to do, the text, and its source's text.
fn explained<T>(read: Result<T, ElicitError>) -> Option<(ErrorKind, String, Option<String>)> {
    read.err().map(|err| (err.kind(), err.to_string(), std::error::Error::source(&err).map(ToString::to_string)))
}

/// A result that is not an `ElicitResult`, explained: the one text, and why as its source.
fn malformed(why: Option<&str>) -> Option<(ErrorKind, String, Option<String>)> {
    Some((ErrorKind::Malformed, "the client's elicitation result cannot be read".to_owned(), why.map(str::to_owned)))
}

// ---- an independent opinion -----------------------------------------------------------

#[test]
fn formats_and_patterns_agree_with_the_jsonschema_crate() {
    use elicit_runtime::form::format_is_valid;
    // The `jsonschema` crate follows the JSON Schema test suite (formats asserted). Where
    // the two disagree on purpose or by a known gap, the case is listed with our answer.
    let known: &[(&str, &str, bool)] = &[
        // An empty quoted local part: RFC 5321 allows it; we refuse it, as the common validators do.
        ("email", "\"\"@example.com", false),
        // Display text around an address is RFC 5322's `name-addr`, not a `Mailbox`.
        ("email", "Ada <ada@example.com>", false),
    ];
    let cases: &[(Format, &str, &[&str])] = &[
        (Format::Email, "email", &[
            "ada@example.com", "\"quoted\"@example.com", "ada@[127.0.0.1]", "ada@[IPv6:::1]", "ada@localhost", "a@b", "x@x.x", "a+b@example.com",
            "ada@-example.com", "ada@exämple.com", "ädä@example.com", "ada@example..com", "ada@example.com.", ".ada@example.com",
            "ada.@example.com", "a..b@example.com", "ada @example.com", "ada@example_underscore.com", "\"\"@example.com", "ada@",
            // Quoted local parts, escapes, lengths, display text and literals.
            "\"a b\"@example.com", "\"a\\\"b\"@example.com", "\"a\\\\\"@example.com", "\"a@b\"@example.com", "\"unterminated@example.com",
            "\"a\"b@example.com", "a\"b\"@example.com", "\"a\u{7}\"@example.com", "\"a\\\u{7}\"@example.com", "\"\\\"@example.com",
            "@example.com", "ada@@example.com", "ada@example@com", "Ada <ada@example.com>", "ada@[300.0.0.1]", "ada@[IPv6:zz]", "ada@[tag:abc]",
            "ada@[127.0.0.1", "!#$%&'*+-/=?^_`{|}~@example.com", "a(comment)@example.com", "ada@123.example.com", "ada@example.c-m",
        ]),
        (Format::Uri, "uri", &[
            "https://example.com/", "urn:isbn:0451450523", "http://999.999.999.999/", "a:b", "http://[::1]/", "mailto:ada@example.com",
            "HTTP://EXAMPLE.COM", "https://user:pw@example.com/", "file:///etc/passwd", "https:", "https://example.com:99999/",
            "https://example.com/ä", "https://example.com/%zz", "https://exa mple.com", "//example.com", "/relative",
            "https://example.com/#a#b", "https://example.com/[x]", "1http://x", "https://example.com/\\x",
        ]),
        (Format::Date, "date", &[
            "2024-02-29", "2000-02-29", "0000-01-01", "2023-02-29", "1900-02-29", "2025-1-05", "2025-11-25Z", "２０２５-11-25", "+2025-11-25", "2025-11-25 ",
        ]),
        (Format::DateTime, "date-time", &[
            "2025-11-25T10:30:00Z", "2016-12-31T23:59:60Z", "2016-12-31T15:59:60-08:00", "2025-11-25t10:30:00z", "2025-11-25T10:30:00-00:00",
            "2025-11-25T10:30:00+23:59", "2025-11-25T10:30:00.5Z", "2025-11-25T10:30:00.12345678901234567890Z", "2025-11-25T10:30:60Z",
            "2025-11-25T10:30Z", "2025-11-25T10:30:00+0200", "2025-11-25T10:30:00+02", "2025-11-25 10:30:00Z", "2025-11-25T10:30:00.Z",
            "2025-11-25T24:00:00Z", "2025-11-25T10:30:00+24:00",
        ]),
    ];
    let mut disagreements = Vec::new();
    for (format, name, values) in cases {
        let theirs = jsonschema::options().should_validate_formats(true).build(&json!({"format": name})).unwrap();
        for value in *values {
            let ours = format_is_valid(*format, value);
            if ours != theirs.is_valid(&json!(value)) {
                disagreements.push((*name, *value, ours));
            }
        }
    }
    assert_eq!(disagreements, known);

    // The lengths of RFC 5321: a local part of 64 octets, a label of 63, a domain of 254.
    let label = |n: usize| "d".repeat(n);
    let domain_of = |n: usize| format!("{}.{}.{}.{}", label(63), label(63), label(63), label(n - 3 * 64));
    for (address, valid) in [
        (format!("{}@example.com", "a".repeat(64)), true),
        (format!("{}@example.com", "a".repeat(65)), false),
        (format!("\"{}\"@example.com", "a".repeat(62)), true),
        (format!("\"{}\"@example.com", "a".repeat(63)), false),
        (format!("ada@{}.com", label(63)), true),
        (format!("ada@{}.com", label(64)), false),
        (format!("ada@{}", domain_of(254)), true),
        (format!("ada@{}", domain_of(255)), false),
    ] {
        assert_eq!(format_is_valid(Format::Email, &address), valid, "{address} ({} octets)", address.len());
    }

    // Patterns, as the wire carries them with `pattern_on_wire`.
    let schema = Patterns::requested_schema_with(elicit_runtime::ProtocolRevision::LATEST, &elicit_runtime::SchemaOptions::new().pattern_on_wire(true)).unwrap();
    for (field, values) in [
        ("zip", &["12345", "١٢٣٤٥", "１２３４５", "1234", "123456", "12345\n"][..]),
        ("handle", &["ada", "a.b-c_d", "été", "ada lovelace", "ß"][..]),
        ("no_digits", &["abc", "abc٣", "abc3", ""][..]),
        ("backslash", &["a\\d", "a5", "a\\\\d"][..]),
    ] {
        let theirs = jsonschema::validator_for(&schema.as_json()["properties"][field]).unwrap();
        for value in values {
            let mut content = object(patterns_base());
            content.insert(field.to_owned(), json!(value));
            assert_eq!(Patterns::SCHEMA.validate(&content).is_ok(), theirs.is_valid(&json!(value)), "{field}: {value:?}");
        }
    }
}

fn default_greeting() -> String {
    "Hello".into()
}

fn default_retries() -> u8 {
    3
}

/// `#[serde(default = "path")]` decodes a missing field to the function's value, as serde
/// does, and puts no `default` on the wire (the derive cannot know the value).
#[derive(Elicit, serde::Deserialize, Debug, PartialEq)]
struct WithDefaultFunctions {
    name: String,
    #[serde(default = "default_greeting")]
    greeting: String,
    #[serde(default = "default_retries")]
    retries: u8,
    #[serde(default)]
    quiet: bool,
}

#[test]
fn a_serde_default_function_is_called_for_a_missing_field_as_serde_does() {
    let content = object(json!({"name": "Ada"}));
    let through_elicit = WithDefaultFunctions::from_content(&content).unwrap();
    let through_serde: WithDefaultFunctions = serde_json::from_value(Value::Object(content)).unwrap();
    assert_eq!(through_elicit, WithDefaultFunctions { name: "Ada".into(), greeting: "Hello".into(), retries: 3, quiet: false });
    assert_eq!(through_elicit, through_serde);

    // A value that is sent wins over the function, and is still checked.
    let sent = object(json!({"name": "Ada", "greeting": "Hi", "retries": 5}));
    assert_eq!(WithDefaultFunctions::from_content(&sent).unwrap(), serde_json::from_value(Value::Object(sent)).unwrap());
    let err = WithDefaultFunctions::from_content(&object(json!({"name": "Ada", "retries": 300}))).unwrap_err();
    assert_eq!(err.violations().len(), 1);
    assert_eq!(err.violations()[0].field, "retries");

    // Not required, and no `default` on the wire.
    let schema = WithDefaultFunctions::requested_schema(elicit_runtime::ProtocolRevision::LATEST).unwrap();
    assert_eq!(schema.as_json()["required"], json!(["name"]));
    assert_eq!(schema.as_json()["properties"]["greeting"], json!({"type": "string"}));
    assert_eq!(schema.as_json()["properties"]["retries"], json!({"type": "integer", "minimum": 0, "maximum": 255}));
}
