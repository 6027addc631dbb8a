// The generated code names nothing through the user's scope: a crate that shadows the
// prelude, the primitive types and the crates the expansion uses, and denies the strict
// lints, still derives, and the schema is the official one.
#![deny(warnings, missing_docs, unsafe_code, unused_qualifications, unreachable_pub, rust_2018_idioms)]
#![deny(unused_results, single_use_lifetimes, unused_lifetimes, trivial_casts, trivial_numeric_casts, unit_bindings, let_underscore_drop)]
#![allow(dead_code, non_camel_case_types)]
//! A crate that shadows names.

use elicit_runtime::{Elicit, ProtocolRevision};
use elicit_tests::spec::{Strictness, check_form};

struct Option;
struct Some;
struct None;
struct Ok;
struct Err;
struct Result;
struct Vec;
struct String;
struct Box;
struct Default;
struct From;
struct Map;
struct Value;
struct usize;
struct str;
struct bool;
struct u8;
mod core {}
mod std {}
mod serde_json {}
mod schemars {}
trait Clone {}
trait Sized {}
trait Into {}
#[allow(unused_macros)]
macro_rules! panic {
    ($($t:tt)*) => {
        compile_error!("the user's `panic!` was used")
    };
}
#[allow(unused_macros)]
macro_rules! unimplemented {
    ($($t:tt)*) => {
        compile_error!("the user's `unimplemented!` was used")
    };
}

/// A choice.
#[derive(Elicit, Debug, PartialEq)]
pub enum Color {
    /// Red
    Red,
    /// Green
    Green,
}

/// A titled choice, sent with `enumNames`.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(legacy_enum_names)]
pub enum Size {
    /// Small
    #[elicit(title = "Small")]
    S,
    /// Large
    #[elicit(title = "Large")]
    L,
}

/// A form.
#[derive(Elicit, Debug, PartialEq)]
pub struct Form {
    /// The name
    pub name: ::std::string::String,
    /// How many
    #[elicit(minimum = 1, maximum = 9, default = 3)]
    pub count: ::core::primitive::u8,
    /// One color
    #[elicit(default = "Red")]
    pub color: Color,
    /// Some colors
    #[elicit(min_items = 1, default = ["Green"])]
    pub colors: ::std::vec::Vec<Color>,
    /// A size
    pub size: Size,
    /// A nickname
    #[elicit(min_length = 2)]
    pub nickname: ::core::option::Option<::std::string::String>,
    /// Not asked
    #[elicit(skip)]
    pub skipped: ::core::primitive::u32,
}

fn main() {
    for &revision in ProtocolRevision::ALL {
        check_form::<Form>(revision, &::core::default::Default::default(), Strictness::Strict).unwrap();
    }
    let content = ::serde_json::json!({"name": "Ada", "count": 4, "color": "Green", "colors": ["Red"], "size": "L"});
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form { name: "Ada".into(), count: 4, color: Color::Green, colors: ::std::vec![Color::Red], size: Size::L, nickname: ::core::option::Option::None, skipped: 0 }
    );
    assert_eq!(form.to_content(), *content.as_object().unwrap());
}
