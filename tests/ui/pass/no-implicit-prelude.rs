// Forms derive in a `#![no_implicit_prelude]` module: the expansion calls every trait
// method by its full path. (A derived enum cannot live there: the `#[diagnostic::...]`
// attributes on its impls need the tool prelude, which such a module turns off for any
// code, derived or written by hand.)
mod forms {
    #![no_implicit_prelude]

    use ::elicit_runtime::Elicit;

    #[derive(Elicit, Debug, PartialEq)]
    pub struct Form {
        pub name: ::std::string::String,
        #[elicit(minimum = 1, maximum = 9, default = 3)]
        pub count: u8,
        pub color: super::Color,
        #[elicit(default = ["Red"])]
        pub colors: ::std::vec::Vec<super::Color>,
        #[elicit(min_length = 2, format = "email")]
        pub email: ::std::option::Option<::std::string::String>,
        #[elicit(skip)]
        pub skipped: u32,
    }

    #[derive(Elicit, Debug, PartialEq)]
    pub struct Generic<T> {
        #[elicit(min_length = 1)]
        pub value: T,
    }
}

#[derive(elicit_runtime::Elicit, Debug, PartialEq)]
pub enum Color {
    Red,
    Green,
}

use elicit_runtime::{Elicit, ProtocolRevision};
use elicit_tests::spec::{Strictness, check_form};
use serde_json::json;

fn main() {
    for &revision in ProtocolRevision::ALL {
        check_form::<forms::Form>(revision, &Default::default(), Strictness::Strict).unwrap();
        check_form::<forms::Generic<String>>(revision, &Default::default(), Strictness::Strict).unwrap();
    }
    let content = json!({"name": "Ada", "color": "Green", "email": "ada@example.com"});
    let form = forms::Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        forms::Form { name: "Ada".into(), count: 3, color: Color::Green, colors: vec![Color::Red], email: Some("ada@example.com".into()), skipped: 0 }
    );
    assert_eq!(form.to_content()["colors"], json!(["Red"]));
}
