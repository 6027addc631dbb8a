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
use elicit_runtime::exchange::MalformedResult;
use elicit_runtime::form::Problem;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision, SchemaOptions, Violation};
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
        subsequence(vec![Color::Red, Color::Green, Color::Blue], 0..=3).prop_shuffle(),
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
        (Err(e), Err(ElicitError::Invalid(read))) => prop_assert_eq!(e, &read),
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
            let beyond_wire = |v: &Violation| {
                matches!(v.problem, Problem::DuplicateItem(_) | Problem::IntegerOutOfRange { .. } | Problem::NumberOutOfRange { .. })
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
    fn every_value_round_trips_through_its_content(value in everything()) {
        let content = value.to_content();
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
                (Some("accept"), Value::Null) => prop_assert_eq!(read, Err(ElicitError::AcceptWithoutContent)),
                (Some("accept"), Value::Object(_)) => prop_assert!(matches!(read, Ok(Elicitation::Accept(_)) | Err(ElicitError::Invalid(_)))),
                (Some("accept"), _) => prop_assert_eq!(read, Err(MalformedResult::ContentNotAnObject.into())),
                (Some(other), _) => prop_assert_eq!(read, Err(MalformedResult::UnknownAction(other.to_owned()).into())),
                (None, _) => prop_assert_eq!(read, Err(MalformedResult::MissingAction.into())),
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
                Violation { field: "callback_at", problem: Problem::InvalidFormat(elicit_runtime::form::Format::DateTime) },
                Violation { field: "starts", problem: Problem::InvalidFormat(elicit_runtime::form::Format::DateTime) },
            ];
            prop_assert_eq!(err.violations(), &expected[..]);
        }
        // And like the jsonschema crate, but for leap seconds away from 23:59 UTC, which
        // the runtime checks for syntax only.
        let theirs = jsonschema::options().should_validate_formats(true).build(&json!({"format": "date-time"})).unwrap();
        let ours = elicit_runtime::form::format_is_valid(elicit_runtime::form::Format::DateTime, &s);
        if ours != theirs.is_valid(&json!(s)) {
            prop_assert!(ours && second == "60", "{}: ours {} jsonschema {}", s, ours, !ours);
        }
    }
}
