// `Arc<str>` and `Rc<str>` are string fields like `Box<str>`: same schema, same rules,
// same decoding.
use std::rc::Rc;
use std::sync::Arc;

use elicit_runtime::form::Kind;
use elicit_runtime::{Elicit, ProtocolRevision};
use elicit_tests::spec::{Strictness, check_form};
use serde_json::json;

#[derive(Elicit, Debug, PartialEq)]
struct Shared {
    #[elicit(min_length = 2, pattern = "^[a-z]+$")]
    arc: Arc<str>,
    #[elicit(format = "email", default = "ada@example.com")]
    rc: Rc<str>,
    maybe: Option<Arc<str>>,
}

fn main() {
    for name in ["arc", "rc", "maybe"] {
        assert!(matches!(Shared::SCHEMA.field(name).unwrap().kind(), Kind::String(_)), "{name}");
    }
    for &revision in ProtocolRevision::ALL {
        check_form::<Shared>(revision, &Default::default(), Strictness::Strict).unwrap();
    }
    let schema = Shared::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(
        *schema.as_json(),
        json!({
            "type": "object",
            "properties": {
                "arc": {"type": "string", "minLength": 2},
                "rc": {"type": "string", "format": "email", "default": "ada@example.com"},
                "maybe": {"type": "string"},
            },
            "required": ["arc"],
        })
    );

    let shared = Shared::from_content(json!({"arc": "ab"}).as_object().unwrap()).unwrap();
    assert_eq!(shared, Shared { arc: "ab".into(), rc: "ada@example.com".into(), maybe: None });
    assert_eq!(shared.to_content(), *json!({"arc": "ab", "rc": "ada@example.com"}).as_object().unwrap());

    // The rules hold as for `String`: too short, off-pattern, not an email, not a string.
    let err = Shared::from_content(json!({"arc": "A", "rc": "nope", "maybe": 3}).as_object().unwrap()).unwrap_err();
    let mut names: Vec<&str> = err.violations().iter().map(|v| &*v.field).collect();
    names.dedup();
    assert_eq!(names, ["arc", "rc", "maybe"], "{err}");
}
