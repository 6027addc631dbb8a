// Every supported field type, with the kind and JSON the runtime gives it.
use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet};

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use elicit_runtime::form::{Format, Kind};
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone, Copy)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit, Debug, PartialEq)]
struct Everything {
    string: String,
    boxed: Box<str>,
    cow: Cow<'static, str>,
    flag: bool,
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
    f32: f32,
    f64: f64,
    color: Color,
    list: Vec<Color>,
    sorted: BTreeSet<Color>,
    set: HashSet<Color>,
    date: NaiveDate,
    utc: DateTime<Utc>,
    offset: DateTime<FixedOffset>,
    url: url::Url,
    maybe_string: Option<String>,
    maybe_int: Option<i64>,
    maybe_color: Option<Color>,
    maybe_list: Option<Vec<Color>>,
    maybe_date: Option<NaiveDate>,
}

fn main() {
    let fields = Everything::SCHEMA.fields();
    assert_eq!(fields.len(), 29);
    let kind = |name: &str| *Everything::SCHEMA.field(name).unwrap().kind();

    for name in ["string", "boxed", "cow", "maybe_string"] {
        assert!(matches!(kind(name), Kind::String(r) if r.format.is_none()), "{name}");
    }
    assert!(matches!(kind("flag"), Kind::Boolean));
    let ranges: [(&str, i128, i128); 10] = [
        ("i8", i8::MIN.into(), i8::MAX.into()),
        ("i16", i16::MIN.into(), i16::MAX.into()),
        ("i32", i32::MIN.into(), i32::MAX.into()),
        ("i64", i64::MIN.into(), i64::MAX.into()),
        ("isize", isize::MIN as i128, isize::MAX as i128),
        ("u8", 0, u8::MAX.into()),
        ("u16", 0, u16::MAX.into()),
        ("u32", 0, u32::MAX.into()),
        ("u64", 0, u64::MAX.into()),
        ("usize", 0, usize::MAX as i128),
    ];
    for (name, min, max) in ranges {
        assert!(matches!(kind(name), Kind::Integer(r) if r.type_min == min && r.type_max == max), "{name}");
    }
    assert!(matches!(kind("f32"), Kind::Number(r) if r.type_max == f32::MAX as f64));
    assert!(matches!(kind("f64"), Kind::Number(r) if r.type_max == f64::MAX));
    assert!(matches!(kind("color"), Kind::Select(o) if o.len() == 2));
    assert!(matches!(kind("maybe_color"), Kind::Select(o) if o.len() == 2));
    for name in ["list", "sorted", "set", "maybe_list"] {
        assert!(matches!(kind(name), Kind::MultiSelect(r) if r.options.len() == 2), "{name}");
    }
    assert!(matches!(kind("date"), Kind::String(r) if r.format == Some(Format::Date)));
    assert!(matches!(kind("maybe_date"), Kind::String(r) if r.format == Some(Format::Date)));
    assert!(matches!(kind("utc"), Kind::String(r) if r.format == Some(Format::DateTime)));
    assert!(matches!(kind("offset"), Kind::String(r) if r.format == Some(Format::DateTime)));
    assert!(matches!(kind("url"), Kind::String(r) if r.format == Some(Format::Uri)));

    let optional: Vec<&str> = fields.iter().filter(|f| !f.is_required()).map(|f| f.name()).collect();
    assert_eq!(optional, ["maybe_string", "maybe_int", "maybe_color", "maybe_list", "maybe_date"]);

    let schema = Everything::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    let p = &schema.as_json()["properties"];
    assert_eq!(p["u8"], json!({"type": "integer", "minimum": 0, "maximum": 255}));
    // Beyond 2^53 a JSON number is not exact: the type's bound is not sent.
    assert_eq!(p["u64"], json!({"type": "integer", "minimum": 0}));
    assert_eq!(p["f64"], json!({"type": "number"}));
    assert_eq!(p["utc"], json!({"type": "string", "format": "date-time"}));
    assert_eq!(p["url"], json!({"type": "string", "format": "uri"}));
    assert_eq!(p["list"], json!({"type": "array", "items": {"type": "string", "enum": ["Red", "Green"]}}));

    let content = json!({
        "string": "s", "boxed": "b", "cow": "c", "flag": true,
        "i8": -8, "i16": -16, "i32": -32, "i64": -64, "isize": -1,
        "u8": 8, "u16": 16, "u32": 32, "u64": 64, "usize": 1,
        "f32": 0.5, "f64": -2.5,
        "color": "Green", "list": ["Red", "Green"], "sorted": ["Green", "Red"], "set": ["Red"],
        "date": "2026-12-24", "utc": "2026-12-24T18:00:00Z", "offset": "2026-12-24T18:00:00+01:00",
        "url": "https://example.com/",
        "maybe_color": "Red", "maybe_list": []
    });
    let value = Everything::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(value.cow, "c");
    assert_eq!(value.i8, -8);
    assert_eq!(value.f64, -2.5);
    assert_eq!(value.sorted.iter().copied().collect::<Vec<_>>(), [Color::Red, Color::Green]);
    assert_eq!(value.date, NaiveDate::from_ymd_opt(2026, 12, 24).unwrap());
    assert_eq!(value.utc.to_rfc3339(), "2026-12-24T18:00:00+00:00");
    assert_eq!(value.url.as_str(), "https://example.com/");
    assert_eq!(value.maybe_string, None);
    assert_eq!(value.maybe_color, Some(Color::Red));
    assert_eq!(value.maybe_list, Some(vec![]));
    // Decoding what was encoded gives the same value back.
    assert_eq!(Everything::from_content(&value.to_content()).unwrap(), value);
}
