// A type parameter is bounded only where a field uses it.
use std::marker::PhantomData;

use elicit_runtime::form::Kind;
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
struct Labeled<T> {
    label: String,
    value: T,
}

#[derive(Elicit, Debug, PartialEq)]
struct Tagged<T, M>
where
    T: Clone,
{
    value: Option<T>,
    #[elicit(skip)]
    marker: PhantomData<M>,
}

// An attribute on a generic field asks the matching trait of it.
#[derive(Elicit, Debug, PartialEq)]
struct Named<S> {
    #[elicit(min_length = 2, format = "email")]
    email: S,
}

// Not a form field: only used through the skipped `PhantomData`.
#[derive(Debug, PartialEq)]
struct Meters;

fn main() {
    assert!(matches!(Labeled::<u8>::SCHEMA.fields()[1].kind(), Kind::Integer(r) if r.maximum == Some(255)));
    assert!(matches!(Labeled::<String>::SCHEMA.fields()[1].kind(), Kind::String(_)));
    assert!(matches!(Labeled::<bool>::SCHEMA.fields()[1].kind(), Kind::Boolean));

    let schema = Labeled::<f64>::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["properties"]["value"], json!({"type": "number"}));

    let content = json!({"label": "answer", "value": 42});
    let labeled = Labeled::<u16>::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(labeled, Labeled { label: "answer".into(), value: 42 });

    let tagged = Tagged::<i32, Meters>::from_content(json!({"value": -3}).as_object().unwrap()).unwrap();
    assert_eq!(tagged, Tagged { value: Some(-3), marker: PhantomData });
    assert_eq!(Tagged::<i32, Meters>::SCHEMA.fields().len(), 1);
    assert!(!Tagged::<i32, Meters>::SCHEMA.fields()[0].is_required());

    let email = &Named::<Option<String>>::SCHEMA.fields()[0];
    assert!(matches!(email.kind(), Kind::String(r) if r.min_length == Some(2) && r.format.is_some()));
    assert!(!email.is_required());
    assert!(Named::<Box<str>>::SCHEMA.fields()[0].is_required());
}
