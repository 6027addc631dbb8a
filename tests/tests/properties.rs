//! Property tests:
//!
//! - every value of a form survives `to_content` → `validate` → `from_content`, and its
//!   content is valid against the wire schema it was asked with (checked by an
//!   independent validator, the `jsonschema` crate, formats asserted);
//! - no JSON at all makes `from_content`, `validate` or `from_result` panic, and the
//!   three agree with each other;
//! - on content near a valid one, the server-side check and the wire schema agree: what
//!   `validate` accepts the wire schema accepts, and what it refuses beyond the wire
//!   schema is only what the Rust type cannot hold or a repeated choice.

use std::collections::{BTreeSet, HashSet};
use std::fmt::Debug;

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveTime};
use elicit_runtime::ElicitError;
use elicit_runtime::form::Problem;
use elicit_runtime::{Elicit, Elicitation, ErrorKind, ProtocolRevision, SchemaOptions, Violation};
use elicit_tests::forms::*;
use elicit_tests::samples;
use proptest::prelude::*;
use proptest::sample::subsequence;
use serde_json::{Map, Value, json};
use url::Url;

// ---- values of the forms ---------------------------------------------------------------

fn with_extremes<T: Debug + Clone + 'static>(extremes: Vec<T>, any: impl Strategy<Value = T> + 'static) -> BoxedStrategy<T> {
    prop_oneof![1 => proptest::sample::select(extremes), 3 => any].boxed()
}

fn finite_f64() -> BoxedStrategy<f64> {
    with_extremes(
        vec![0.0, -0.0, f64::MAX, f64::MIN, f64::MIN_POSITIVE, -f64::MIN_POSITIVE, 5e-324, 1.0, 0.1, 9007199254740993.0],
        any::<f64>().prop_filter("finite", |x| x.is_finite()),
    )
}

fn finite_f32() -> BoxedStrategy<f32> {
    with_extremes(vec![0.0, f32::MAX, f32::MIN, f32::MIN_POSITIVE, 1e-45, 0.1], any::<f32>().prop_filter("finite", |x| x.is_finite()))
}

fn color() -> impl Strategy<Value = Color> {
    proptest::sample::select(vec![Color::Red, Color::Green, Color::Blue])
}

fn plan() -> impl Strategy<Value = Plan> {
    proptest::sample::select(vec![Plan::Free, Plan::ProMonthly, Plan::Enterprise])
}

fn date() -> impl Strategy<Value = NaiveDate> {
    // Four-digit years: RFC 3339 `full-date` has no room for more.
    (0i32..=9999, 1u32..=366).prop_filter_map("a day of that year", |(y, d)| NaiveDate::from_yo_opt(y, d))
}

fn date_time() -> impl Strategy<Value = DateTime<FixedOffset>> {
    // Years 1..=9998 so that the local date stays four digits whatever the offset;
    // offsets in whole minutes, as RFC 3339 writes them.
    let day = (1i32..=9998, 1u32..=366).prop_filter_map("a day of that year", |(y, d)| NaiveDate::from_yo_opt(y, d));
    (day, 0u32..86_400, prop_oneof![Just(0u32), 0u32..1_000_000_000], -1439i32..=1439).prop_map(|(day, secs, nanos, minutes)| {
        let time = NaiveTime::from_num_seconds_from_midnight_opt(secs, nanos).expect("in range");
        let offset = FixedOffset::east_opt(minutes * 60).expect("in range");
        day.and_time(time).and_local_timezone(offset).single().expect("a fixed offset is never ambiguous")
    })
}

fn url() -> impl Strategy<Value = Url> {
    "https://[a-z]{1,10}\\.example(/[a-z0-9]{0,8}){0,2}(\\?q=[a-z]{1,4})?(#[a-z]{1,3})?"
        .prop_map(|s| Url::parse(&s).expect("the strategy writes URLs"))
}

fn everything() -> impl Strategy<Value = Everything> {
    let text = (
        proptest::collection::vec(any::<char>(), 1..=12).prop_map(String::from_iter),
        proptest::option::of(any::<String>()),
        "[0-9]{5}",
        "[a-z0-9]{1,10}(\\.[a-z0-9]{1,5})?@[a-z]{1,10}\\.(com|org|io)",
    );
    let ints = (
        with_extremes(vec![i8::MIN, i8::MAX, 0], any::<i8>()),
        with_extremes(vec![u8::MIN, u8::MAX], any::<u8>()),
        with_extremes(vec![i32::MIN, i32::MAX, 0], any::<i32>()),
        with_extremes(vec![i64::MIN, i64::MAX, 0, (1 << 53) + 1], any::<i64>()),
        with_extremes(vec![u64::MIN, u64::MAX, 1 << 53], any::<u64>()),
        1u8..=5,
    );
    let others = (
        finite_f64(),
        finite_f32(),
        prop_oneof![Just(0.0), Just(100.0), 0.0..=100.0f64],
        any::<bool>(),
        proptest::option::of(any::<bool>()),
        proptest::option::of(with_extremes(vec![0, u16::MAX], any::<u16>())),
    );
    let choices = (
        color(),
        proptest::option::of(plan()),
        // In the options' order: a multi-select's items come back so, whatever order the
        // client sends them in (`tests/options.rs` sends them in another).
        subsequence(vec![Color::Red, Color::Green, Color::Blue], 0..=3),
        subsequence(vec![Plan::Free, Plan::ProMonthly, Plan::Enterprise], 1..=2).prop_map(BTreeSet::from_iter),
        subsequence(vec![Color::Red, Color::Green, Color::Blue], 0..=3).prop_map(HashSet::from_iter),
    );
    let dates = (date(), date_time(), url());
    (text, ints, others, choices, dates).prop_map(
        |((name, note, zip, email), (tiny, byte, int, long, ulong, stars), (ratio, weight, percent, agree, newsletter, count), (color, plan, colors, plans, extras), (born, starts, site))| {
            Everything {
                name,
                note,
                zip,
                email,
                tiny,
                byte,
                int,
                long,
                ulong,
                stars,
                ratio,
                weight,
                percent,
                agree,
                newsletter,
                count,
                color,
                plan,
                colors,
                plans,
                extras,
                born,
                starts,
                site,
            }
        },
    )
}

// ---- arbitrary and interesting JSON ------------------------------------------------------

fn number(text: &str) -> Value {
    serde_json::from_str(text).expect("a JSON number")
}

/// Values at the edges of what the forms check.
fn interesting() -> impl Strategy<Value = Value> {
    let numbers: Vec<Value> = [
        "0", "-0", "-0.0", "1", "-1", "3.0", "3.5", "5", "6", "100", "100.5", "127", "128", "-129", "255", "256", "65535", "65536",
        "4294967295", "4294967296", "-2147483649", "9007199254740991", "9007199254740993", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1e300", "-1e300", "1e39",
        "3.4028234663852886e38", "3.4028235677973366e38", "0.1", "5e-324", "1.5",
        // Integers written as floats: exact up to 2^53 - 1, not beyond.
        "1e2", "1.0e1", "2.55e2", "2.56e2", "-1.28e2", "9007199254740991.0", "9007199254740992.0", "9007199254740993.0",
        "-9007199254740993.0", "1e19", "-9223372036854775809.0", "18446744073709551615.0", "4503599627370495.5",
    ]
    .iter()
    .map(|t| number(t))
    .collect();
    let strings: Vec<Value> = [
        "", " ", "red", "green", "blue", "Red", "free", "pro-monthly", "enterprise", "Free tier", "active", "12345", "1234", "123456",
        "١٢٣٤٥", "１２３４５", "été", "abc3", "abc٣", "a\\d", "a5", "Ada", "Ada Lovelace", "Ada 1", "Ada\n", "ÉÀÜÖÑ", "ÉÀÜÖÑØ", "e\u{301}e\u{301}e\u{301}", "👨\u{200d}👩\u{200d}👧",
        "a\u{0}b", "ada@example.com", "ada@", "ada.example.com", "\"quoted\"@example.com", "ada@[127.0.0.1]", "https://example.com/",
        "http://999.999.999.999/", "/relative", "mailto:ada@example.com", "urn:isbn:0451450523", "https://exa mple.com", "2024-02-29",
        "2023-02-29", "1900-02-29", "0000-01-01", "2025-1-05", "2025-11-25T10:30:00Z", "2025-11-25t10:30:00z",
        "2025-11-25T10:30:00.123456789012345678901234567890Z", "2025-11-25T10:30:00+24:00", "2025-11-25T10:30:00-00:00",
        "2016-12-31T23:59:60Z", "2025-11-25 10:30:00Z", "2025-11-25T10:30:00",
    ]
    .iter()
    .map(|s| Value::from(*s))
    .collect();
    let items = proptest::collection::vec(
        proptest::sample::select(vec!["red", "green", "blue", "purple", "free", "pro-monthly", "enterprise", "Red", ""]),
        0..5,
    )
    .prop_map(Value::from);
    prop_oneof![
        proptest::sample::select(numbers),
        proptest::sample::select(strings),
        items,
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        Just(json!({})),
        Just(json!([1, "red"])),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_filter_map("finite", |x| serde_json::Number::from_f64(x).map(Value::Number)),
        any::<String>().prop_map(Value::from),
        interesting(),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(vec!["action", "content", "name", "email", "colors", "plans", "byte", "long", "agree", "e-mail", "_meta"])
            .prop_map(str::to_owned),
        any::<String>(),
    ]
}

/// Any JSON, nested a few levels.
fn json_value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec((key(), inner), 0..6).prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

/// An object with (most of) the form's keys, each with an interesting or arbitrary value.
fn content_for<T: Elicit>() -> impl Strategy<Value = Map<String, Value>> {
    let names: Vec<&'static str> = T::SCHEMA.fields().iter().map(|f| f.name()).collect();
    let value = prop_oneof![3 => interesting(), 1 => json_value()];
    proptest::collection::vec(proptest::option::weighted(0.85, value), names.len()).prop_map(move |values| {
        names.iter().zip(values).filter_map(|(name, value)| value.map(|v| ((*name).to_owned(), v))).collect()
    })
}

/// A valid content with one or two fields replaced by an interesting value, or removed.
fn near<T: Elicit>(base: Value) -> impl Strategy<Value = Map<String, Value>> {
    let base = elicit_tests::object(base);
    let edits = proptest::collection::vec((any::<proptest::sample::Index>(), proptest::option::weighted(0.85, interesting())), 1..3);
    edits.prop_map(move |edits| {
        let mut content = base.clone();
        let fields = T::SCHEMA.fields();
        for (index, replacement) in edits {
            let name = fields[index.index(fields.len())].name();
            match replacement {
                Some(v) => content.insert(name.to_owned(), v),
                None => content.shift_remove(name),
            };
        }
        content
    })
}

// ---- what must hold on any content -------------------------------------------------------

/// `from_content`, `validate` and `from_result` on the same content agree, and none panics.
fn consistent<T: Elicit + Debug + PartialEq>(content: &Map<String, Value>) -> Result<(), TestCaseError> {
    let validated = T::SCHEMA.validate(content);
    let decoded = T::from_content(content);
    match (&validated, &decoded) {
        (Ok(()), Ok(_)) => {}
        // Valid for the schema, refused by the Rust type: only a `uri` that the url crate
        // cannot parse (a RFC 3986 reg-name such as 999.999.999.999), reported as such.
        (Ok(()), Err(e)) => prop_assert!(
            e.violations().iter().all(|v| v.problem == Problem::InvalidFormat(elicit_runtime::form::Format::Uri)),
            "validate accepted what from_content refused: {e:?}"
        ),
        (Err(e), Ok(value)) => prop_assert!(false, "validate refused ({e:?}) what from_content decoded: {value:?}"),
        // Every problem `validate` finds, decoding finds too, in the same order.
        (Err(v), Err(d)) => {
            let mut rest = d.violations().iter();
            for violation in v.violations() {
                prop_assert!(rest.any(|w| w == violation), "{violation:?} missing from {d:?}");
            }
        }
    }
    let result = Elicitation::<T>::from_result(&json!({"action": "accept", "content": content}));
    match (&decoded, result) {
        (Ok(value), Ok(Elicitation::Accept(read))) => prop_assert_eq!(value, &read),
        (Err(e), Err(read)) if read.is_invalid() => prop_assert_eq!(Some(e), read.invalid()),
        (decoded, result) => prop_assert!(false, "from_content gave {decoded:?} but from_result {result:?}"),
    }
    Ok(())
}

/// The content with `null` of optional fields removed (`from_content` reads it as absent;
/// JSON Schema would call `null` the wrong type).
fn without_optional_nulls<T: Elicit>(content: &Map<String, Value>) -> Map<String, Value> {
    content
        .iter()
        .filter(|(k, v)| !(v.is_null() && T::SCHEMA.field(k).is_some_and(|f| !f.is_required())))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// The server-side check against an independent validator of the wire schema (latest
/// revision, `pattern` on the wire, formats asserted).
/// Both checks of one content: the runtime agrees with itself, and with the wire schema.
fn judged<T: Elicit + Debug + PartialEq>(content: &Map<String, Value>) -> Result<(), TestCaseError> {
    consistent::<T>(content)?;
    agrees_with_wire_schema::<T>(content)
}

fn agrees_with_wire_schema<T: Elicit>(content: &Map<String, Value>) -> Result<(), TestCaseError> {
    let schema = T::requested_schema_with(ProtocolRevision::LATEST, &SchemaOptions::new().pattern_on_wire(true)).expect("renders");
    let validator = jsonschema::options().should_validate_formats(true).build(schema.as_json()).expect("the wire schema compiles");
    let content = without_optional_nulls::<T>(content);
    let instance = Value::Object(content.clone());
    let wire: Vec<String> = validator.iter_errors(&instance).map(|e| format!("{} {e}", e.instance_path())).collect();
    match T::SCHEMA.validate(&content) {
        // Never accept what the schema that was sent forbids.
        Ok(()) => prop_assert!(wire.is_empty(), "validate accepted {instance} but the wire schema says {wire:?}"),
        // Stricter than the wire only where the Rust type or a set demands it.
        Err(e) if wire.is_empty() => {
            let beyond_wire = |v: &Violation| match v.problem {
                Problem::DuplicateItem(_) | Problem::IntegerOutOfRange { .. } | Problem::NumberOutOfRange { .. } => true,
                // The wire schema does not say `additionalProperties: false` (clients would
                // refuse nothing more), but an answer is never read past a key.
                Problem::NotAsked => true,
                // Beyond 2^53 a float spelling is not read exactly; the wire cannot say so.
                Problem::InexactInteger => true,
                // A list far longer than its options is refused by its length, which the wire
                // bounds only by `maxItems`.
                Problem::TooManyItems { max_items, .. } => T::SCHEMA.field(&v.field).is_some_and(|f| {
                    matches!(f.kind(), elicit_runtime::form::Kind::MultiSelect(r) if r.max_items != Some(max_items))
                }),
                _ => false,
            };
            prop_assert!(e.violations().iter().all(beyond_wire), "the wire schema accepts {instance} but validate says {e:?}");
        }
        Err(_) => {}
    }
    Ok(())
}

// ---- the properties ----------------------------------------------------------------------

proptest! {
    #[test]
    fn every_value_round_trips_through_its_content(value in everything(), turn in any::<usize>(), backwards in any::<bool>(), stranger in any::<usize>()) {
        let content = value.to_content();
        // In any order of its properties, and with a property nobody asked for among
        // them, the content reads the same: fields are found by name, wherever they are.
        let mut entries: Vec<(String, Value)> = content.clone().into_iter().collect();
        let len = entries.len();
        entries.rotate_left(turn % len.max(1));
        if backwards {
            entries.reverse();
        }
        let reordered: Map<String, Value> = entries.iter().cloned().collect();
        prop_assert_eq!(&Everything::from_content(&reordered).expect("decodes in any order"), &value);
        // A property nobody asked for, anywhere among them, is a violation named after it:
        // the answer is never read as if it were not there.
        entries.insert(stranger % (len + 1), ("unasked".to_owned(), json!("not ignored")));
        let padded: Map<String, Value> = entries.into_iter().collect();
        let err = Everything::from_content(&padded).expect_err("a key nobody asked for is refused");
        prop_assert_eq!(err.violations(), [Violation::new("unasked", Problem::NotAsked)]);
        // Every field is present: nothing is lost on the way out.
        let expected_absent = usize::from(value.note.is_none()) + usize::from(value.newsletter.is_none())
            + usize::from(value.count.is_none()) + usize::from(value.plan.is_none());
        prop_assert_eq!(content.len() + expected_absent, Everything::SCHEMA.fields().len());
        if let Err(e) = Everything::SCHEMA.validate(&content) {
            prop_assert!(false, "to_content of {value:?} does not validate: {e}");
        }
        prop_assert_eq!(&Everything::from_content(&content).expect("decodes"), &value);
        let accepted = Elicitation::<Everything>::from_result(&json!({"action": "accept", "content": content.clone()}));
        prop_assert_eq!(accepted, Ok(Elicitation::Accept(value.clone())));
        // The content of any value is valid for the schema the form is asked with, by
        // another validator (with and without `pattern` on the wire).
        agrees_with_wire_schema::<Everything>(&content)?;
        let schema = Everything::requested_schema(ProtocolRevision::LATEST).unwrap();
        let validator = jsonschema::options().should_validate_formats(true).build(schema.as_json()).unwrap();
        prop_assert!(validator.is_valid(&Value::Object(content)));
    }

    #[test]
    fn decoding_never_ignores_a_key(
        value in everything(),
        extra in proptest::collection::btree_map("[a-zA-Z_.\\- é]{0,12}", interesting(), 1..6),
        revision in proptest::sample::select(ProtocolRevision::ALL.to_vec()),
    ) {
        // Keys that are not the form's, with any value, beside a valid answer: each is a
        // violation named after it, on every path that reads content, on every revision.
        let mut content = value.to_content();
        let extra: Vec<(String, Value)> = extra.into_iter().filter(|(k, _)| Everything::SCHEMA.field(k).is_none()).collect();
        prop_assume!(!extra.is_empty());
        for (key, v) in &extra {
            content.insert(key.clone(), v.clone());
        }
        let named = |e: &elicit_runtime::InvalidContent| -> Vec<String> {
            let mut keys: Vec<String> = e.violations().iter().filter(|v| v.problem == Problem::NotAsked).map(|v| v.field.to_string()).collect();
            keys.sort();
            keys
        };
        let mut expected: Vec<String> = extra.iter().map(|(k, _)| k.clone()).collect();
        expected.sort();
        let decoded = Everything::from_content(&content).expect_err("extra keys are refused");
        prop_assert_eq!(named(&decoded), expected.clone());
        let checked = Everything::SCHEMA.validate(&content).expect_err("extra keys are refused");
        prop_assert_eq!(named(&checked), expected.clone());
        // Sent as the revision writes a multi-select (checkboxes on 2025-06-18).
        let wire = if revision.has_multi_select() { value.to_content() } else { elicit_tests::checkbox_content(&value.to_content(), Everything::SCHEMA) };
        let mut wire = wire;
        for (key, v) in &extra {
            wire.insert(key.clone(), v.clone());
        }
        match Elicitation::<Everything>::from_result_on(&json!({"action": "accept", "content": wire}), revision) {
            Err(e) if e.is_invalid() => prop_assert_eq!(e.invalid().map(named), Some(expected)),
            other => prop_assert!(false, "on {revision}, extra keys {expected:?} gave {other:?}"),
        }
    }

    #[test]
    fn content_near_a_valid_one_is_judged_like_the_wire_schema_judges_it(
        value in everything(),
        edits in proptest::collection::vec((any::<proptest::sample::Index>(), proptest::option::weighted(0.8, interesting())), 1..4),
    ) {
        let mut content = value.to_content();
        let fields = Everything::SCHEMA.fields();
        for (index, replacement) in edits {
            let name = fields[index.index(fields.len())].name();
            match replacement {
                Some(v) => content.insert(name.to_owned(), v),
                None => content.shift_remove(name),
            };
        }
        judged::<Everything>(&content)?;
    }

    #[test]
    fn each_form_near_a_valid_content(
        strings in near::<Strings>(samples::strings()),
        integers in near::<Integers>(samples::integers()),
        numbers in near::<Numbers>(samples::numbers()),
        booleans in near::<Booleans>(samples::booleans()),
        selects in near::<Selects>(samples::selects()),
        multi in near::<MultiSelects>(samples::multi_selects()),
        renamed in near::<Renamed>(samples::renamed()),
        defaults in near::<Defaults>(samples::defaults()),
        patterns in near::<Patterns>(samples::patterns()),
    ) {
        judged::<Patterns>(&patterns)?;
        judged::<Strings>(&strings)?;
        judged::<Integers>(&integers)?;
        judged::<Numbers>(&numbers)?;
        judged::<Booleans>(&booleans)?;
        judged::<Selects>(&selects)?;
        judged::<MultiSelects>(&multi)?;
        judged::<Renamed>(&renamed)?;
        judged::<Defaults>(&defaults)?;
    }

    #[test]
    fn form_keys_with_random_values(
        strings in content_for::<Strings>(),
        integers in content_for::<Integers>(),
        numbers in content_for::<Numbers>(),
        booleans in content_for::<Booleans>(),
        selects in content_for::<Selects>(),
        multi in content_for::<MultiSelects>(),
        renamed in content_for::<Renamed>(),
        defaults in content_for::<Defaults>(),
    ) {
        judged::<Strings>(&strings)?;
        judged::<Integers>(&integers)?;
        judged::<Numbers>(&numbers)?;
        judged::<Booleans>(&booleans)?;
        judged::<Selects>(&selects)?;
        judged::<MultiSelects>(&multi)?;
        judged::<Renamed>(&renamed)?;
        judged::<Defaults>(&defaults)?;
    }

    #[test]
    fn arbitrary_json_never_panics(value in json_value(), action in prop_oneof![
        Just(json!("accept")), Just(json!("decline")), Just(json!("cancel")), leaf(),
    ]) {
        fn all<T: Elicit + Debug + PartialEq>(value: &Value, action: &Value) -> Result<(), TestCaseError> {
            if let Value::Object(content) = value {
                consistent::<T>(content)?;
            }
            // The value as a whole result, and as the content of one.
            let _ = Elicitation::<T>::from_result(value);
            let wrapped = json!({"action": action, "content": value});
            let read = Elicitation::<T>::from_result(&wrapped);
            match (action.as_str(), value) {
                (Some("decline"), _) => prop_assert_eq!(read, Ok(Elicitation::Decline)),
                (Some("cancel"), _) => prop_assert_eq!(read, Ok(Elicitation::Cancel)),
                // A missing content is empty content when every field is optional.
                (Some("accept"), Value::Null) if T::SCHEMA.fields().iter().all(|f| !f.is_required()) => {
                    prop_assert_eq!(read, Elicitation::<T>::from_result(&json!({"action": "accept", "content": {}})))
                }
                (Some("accept"), Value::Null) => prop_assert_eq!(malformed(read), ("the client accepted the form but sent no `content`".to_owned(), None)),
                (Some("accept"), Value::Object(_)) => prop_assert!(matches!(&read, Ok(Elicitation::Accept(_))) || read.is_err_and(|e| e.is_invalid())),
                (Some("accept"), _) => prop_assert_eq!(malformed(read), (RESULT.to_owned(), Some("the result's `content` is not a JSON object".to_owned()))),
                (Some(other), _) => prop_assert_eq!(
                    malformed(read),
                    (RESULT.to_owned(), Some(format!("the result has unknown action `{other}` (expected `accept`, `decline` or `cancel`)")))
                ),
                (None, _) => prop_assert_eq!(malformed(read), (RESULT.to_owned(), Some("the result has no `action`".to_owned()))),
            }
            Ok(())
        }
        all::<Strings>(&value, &action)?;
        all::<Integers>(&value, &action)?;
        all::<Numbers>(&value, &action)?;
        all::<Booleans>(&value, &action)?;
        all::<Selects>(&value, &action)?;
        all::<MultiSelects>(&value, &action)?;
        all::<Renamed>(&value, &action)?;
        all::<Defaults>(&value, &action)?;
        all::<Empty>(&value, &action)?;
        all::<Everything>(&value, &action)?;
    }

    #[test]
    fn date_time_strings_are_read_exactly_when_they_validate(
        year in proptest::sample::select(vec!["0000", "1900", "2000", "2023", "2024", "9999", "99"]),
        month in proptest::sample::select(vec!["00", "01", "02", "04", "12", "13", "1"]),
        day in proptest::sample::select(vec!["00", "01", "28", "29", "30", "31", "32"]),
        sep in proptest::sample::select(vec!["T", "t", " ", "_"]),
        hour in proptest::sample::select(vec!["00", "09", "23", "24", "99"]),
        minute in proptest::sample::select(vec!["00", "30", "59", "60"]),
        second in proptest::sample::select(vec!["00", "59", "60", "61"]),
        fraction in proptest::option::of("\\.[0-9]{0,40}"),
        offset in prop_oneof![
            proptest::sample::select(vec!["Z", "z", "", "+00:00", "-00:00", "+23:59", "+24:00", "-08:00", "+0200", "+02"]).prop_map(str::to_owned),
            "[+-][0-9]{2}:[0-9]{2}",
        ],
    ) {
        let s = format!("{year}-{month}-{day}{sep}{hour}:{minute}:{second}{}{offset}", fraction.unwrap_or_default());
        let mut content = elicit_tests::object(samples::strings());
        content.insert("callback_at".to_owned(), Value::from(s.clone()));
        content.insert("starts".to_owned(), Value::from(s.clone()));
        let validated = Strings::SCHEMA.validate(&content);
        let decoded = Strings::from_content(&content);
        // chrono reads exactly the strings the format check lets through.
        prop_assert_eq!(validated.is_ok(), decoded.is_ok(), "{}: {:?} / {:?}", s, validated, decoded);
        if let Ok(decoded) = decoded {
            prop_assert_eq!(decoded.callback_at.as_deref(), Some(s.as_str()));
            prop_assert_eq!(decoded.starts, DateTime::parse_from_rfc3339(&s).unwrap().with_timezone(&chrono::Utc));
        } else {
            let err = validated.unwrap_err();
            let expected = [
                Violation::new("callback_at", Problem::InvalidFormat(elicit_runtime::form::Format::DateTime)),
                Violation::new("starts", Problem::InvalidFormat(elicit_runtime::form::Format::DateTime)),
            ];
            prop_assert_eq!(err.violations(), &expected[..]);
        }
        // And like the jsonschema crate, leap seconds included (valid only at 23:59:60 UTC).
        let theirs = jsonschema::options().should_validate_formats(true).build(&json!({"format": "date-time"})).unwrap();
        let ours = elicit_runtime::form::format_is_valid(elicit_runtime::form::Format::DateTime, &s);
        prop_assert_eq!(ours, theirs.is_valid(&json!(s)), "{}", s);
    }
}

// ---- integers in any spelling; multi-selects against the obvious reading -----------------

/// `n` written in one of the ways JSON allows, and whether it is a plain integer.
fn spelled(n: i128, how: u8) -> (String, bool) {
    match how % 5 {
        0 => (n.to_string(), true),
        1 => (format!("{n}.0"), false),
        2 => (format!("{n}e0"), false),
        3 if n != 0 => (format!("{n}0e-1"), false),
        _ => {
            let digits = n.unsigned_abs().to_string();
            let sign = if n < 0 { "-" } else { "" };
            (format!("{sign}0.{digits}e{}", digits.len()), false)
        }
    }
}

/// Integers near the edges that matter: 2^53, and the ranges of i8, u8, i64, u64.
fn edgy_integer() -> impl Strategy<Value = i128> {
    let edges: Vec<i128> = vec![1 << 53, -(1 << 53), 128, -129, 256, 1 << 63, -(1 << 63), 1 << 64, 0];
    prop_oneof![
        (proptest::sample::select(edges), -3i128..=3).prop_map(|(edge, d)| edge + d),
        any::<i64>().prop_map(i128::from),
        (-(1i128 << 70)..(1i128 << 70)),
    ]
}

/// What the rule of the README says about `text` (the integer `n`) in a field of `min..=max`.
fn integer_rule(n: i128, plain: bool, min: i128, max: i128) -> bool {
    let exact = (plain && (i128::from(i64::MIN)..=i128::from(u64::MAX)).contains(&n)) || n.abs() < 1 << 53;
    exact && (min..=max).contains(&n)
}

/// The multi-select check as plainly as it can be written (quadratic, for small lists):
/// each item in order, then the counts.
fn multi_reference(field: &'static str, items: &[Value], options: &[&str], min: Option<u64>, max: Option<u64>) -> Vec<Violation> {
    let mut out = Vec::new();
    let most = max.map_or(options.len() as u64, |m| m.min(options.len() as u64));
    let count = items.len() as u64;
    if count > 2 * most {
        return vec![Violation::new(field, Problem::TooManyItems { max_items: most, count })];
    }
    for (i, item) in items.iter().enumerate() {
        match item.as_str() {
            None => out.push(Violation::new(field, Problem::WrongType { expected: "string", found: "integer" })),
            Some(s) if !options.contains(&s) => out.push(Violation::new(field, Problem::UnknownItem(s.to_owned()))),
            Some(s) if items[..i].iter().filter(|p| p.as_str() == Some(s)).count() == 1 => {
                out.push(Violation::new(field, Problem::DuplicateItem(s.to_owned())))
            }
            Some(_) => {}
        }
    }
    if let Some(min_items) = min.filter(|&m| count < m) {
        out.push(Violation::new(field, Problem::TooFewItems { min_items, count }));
    }
    if let Some(max_items) = max.filter(|&m| count > m) {
        out.push(Violation::new(field, Problem::TooManyItems { max_items, count }));
    }
    out
}

proptest! {
    #[test]
    fn an_integer_in_any_spelling_is_read_exactly_or_refused_by_name(
        n in edgy_integer(),
        how in any::<u8>(),
        field in proptest::sample::select(vec![("tiny", -128i128, 127i128), ("byte", 0, 255), ("long", i64::MIN.into(), i64::MAX.into()), ("ulong", 0, u64::MAX.into()), ("stars", 1, 5), ("count", 0, 1000)]),
    ) {
        let (name, min, max) = field;
        let (text, plain) = spelled(n, how);
        let mut content = elicit_tests::object(samples::integers());
        content.insert(name.to_owned(), serde_json::from_str(&text).expect("JSON"));
        judged::<Integers>(&content)?;
        let decoded = Integers::from_content(&content);
        if integer_rule(n, plain, min, max) {
            let read = decoded.map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            let got: i128 = match name {
                "tiny" => read.tiny.into(),
                "byte" => read.byte.into(),
                "long" => read.long.into(),
                "ulong" => read.ulong.into(),
                "stars" => read.stars.into(),
                _ => read.count.map(i128::from).unwrap_or(-1),
            };
            prop_assert_eq!(got, n, "{}", text);
        } else {
            let e = decoded.expect_err(&text);
            prop_assert_eq!(e.violations().len(), 1, "{}: {}", text, e);
            prop_assert_eq!(&*e.violations()[0].field, name);
            prop_assert!(matches!(
                e.violations()[0].problem,
                Problem::IntegerOutOfRange { .. } | Problem::InexactInteger | Problem::BelowMinimum { .. } | Problem::AboveMaximum { .. }
            ), "{}: {}", text, e);
        }
    }

    #[test]
    fn a_multi_select_is_checked_like_the_obvious_quadratic_reading(
        items in proptest::collection::vec(prop_oneof![
            4 => proptest::sample::select(vec!["free", "pro-monthly", "enterprise"]).prop_map(Value::from),
            1 => proptest::sample::select(vec!["gold", "Free", ""]).prop_map(Value::from),
            1 => Just(json!(1)),
        ], 0..12),
    ) {
        let mut content = elicit_tests::object(samples::multi_selects());
        content.insert("plans".to_owned(), Value::Array(items.clone()));
        let expected = multi_reference("plans", &items, &["free", "pro-monthly", "enterprise"], Some(1), Some(2));
        let got = MultiSelects::SCHEMA.validate(&content).err().map(|e| e.into_violations()).unwrap_or_default();
        prop_assert_eq!(got, expected);
        judged::<MultiSelects>(&content)?;
    }
}

// ---- fuzz seeds ----------------------------------------------------------------------------

/// Every seed in `tests/fuzz_seeds/`: the content a hostile client sent, the form it was
/// sent to, and what the server must answer. Each must hold every property above, give
/// exactly the violations listed, and cost work linear in its size.
#[test]
fn fuzz_seeds_hold_the_properties() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz_seeds");
    let mut seeds: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    seeds.sort();
    assert!(seeds.len() >= 5, "{} seeds", seeds.len());
    for path in seeds {
        let text = std::fs::read_to_string(&path).unwrap();
        let seed: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let content = seed["content"].as_object().unwrap_or_else(|| panic!("{}: no content", path.display()));
        let expected: Vec<&str> = seed["violations"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        fn run<T: Elicit + Debug + PartialEq>(content: &Map<String, Value>) -> (Result<(), TestCaseError>, Vec<String>, u64) {
            let mut report = elicit_runtime::__private::Report::default();
            T::SCHEMA.check_into(content, &mut report);
            let work = report.work();
            let violations = T::from_content(content).err().map(|e| e.violations().iter().map(ToString::to_string).collect()).unwrap_or_default();
            (judged::<T>(content), violations, work)
        }
        let (held, violations, work) = match seed["form"].as_str().unwrap() {
            "Strings" => run::<Strings>(content),
            "Integers" => run::<Integers>(content),
            "MultiSelects" => run::<MultiSelects>(content),
            other => panic!("{}: unknown form {other}", path.display()),
        };
        if let Err(e) = held {
            panic!("{}: {e}", path.display());
        }
        assert_eq!(violations, expected, "{}", path.display());
        assert!(work <= 4 * text.len() as u64, "{}: {work} steps for {} bytes", path.display(), text.len());
    }
}

/// The text of every result that is not an `ElicitResult`.
const RESULT: &str = "the client's elicitation result cannot be read";

/// A read that must be refused as not an answer ([`ErrorKind::Malformed`]): its text, and
/// its source's (why).
fn malformed<T: std::fmt::Debug>(read: Result<T, ElicitError>) -> (String, Option<String>) {
    let err = read.expect_err("a result that is not an answer");
    assert_eq!(err.kind(), ErrorKind::Malformed, "{err:?}");
    (err.to_string(), std::error::Error::source(&err).map(ToString::to_string))
}
