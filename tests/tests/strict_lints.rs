//! The code `#[derive(Elicit)]` generates passes the strictest lints a user may turn on
//! for their crate: clippy's pedantic and nursery groups and the restriction lints that
//! look at paths, literals, indexing, bindings and panics. They run with the workspace's
//! `cargo clippy --all-targets`; the test below checks that the forms are usable.
#![deny(clippy::pedantic, clippy::nursery)]
#![deny(
    clippy::absolute_paths,
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    clippy::alloc_instead_of_core,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::missing_docs_in_private_items,
    clippy::arithmetic_side_effects,
    clippy::as_conversions,
    clippy::shadow_unrelated,
    clippy::shadow_reuse,
    clippy::shadow_same,
    clippy::let_underscore_untyped,
    clippy::unreachable,
    clippy::unimplemented,
    clippy::min_ident_chars,
    clippy::single_char_lifetime_names,
    clippy::default_numeric_fallback,
    clippy::pattern_type_mismatch,
    clippy::question_mark_used,
    clippy::ref_patterns,
    clippy::wildcard_enum_match_arm,
    clippy::else_if_without_else,
    clippy::str_to_string,
    clippy::used_underscore_binding,
    clippy::used_underscore_items,
    clippy::redundant_type_annotations,
    clippy::let_underscore_must_use,
    clippy::decimal_literal_representation
)]
use elicit_runtime::Elicit;

/// A choice.
#[derive(Elicit, Debug, PartialEq, Eq)]
pub enum Color {
    /// Red
    Red,
    /// Green
    Green,
}

/// A form.
#[derive(Elicit, Debug)]
pub struct Form {
    /// Name.
    #[elicit(min_length = 2, default = "ab")]
    pub name: String,
    /// Count.
    #[elicit(minimum = 1, maximum = 9, default = 3)]
    pub count: u8,
    /// Ratio.
    #[elicit(minimum = -1.5, maximum = 2.5, default = 0.5)]
    pub ratio: f64,
    /// Color.
    #[elicit(default = "Red")]
    pub color: Color,
    /// Colors.
    #[elicit(min_items = 1, default = ["Red"])]
    pub colors: Vec<Color>,
    /// Skipped.
    #[elicit(skip)]
    pub skipped: u32,
    /// Maybe.
    pub maybe: Option<bool>,
}

/// A generic form.
#[derive(Elicit, Debug)]
pub struct Generic<T> {
    /// Value.
    #[elicit(min_length = 1)]
    pub value: T,
}

#[test]
fn forms_of_a_strictly_linted_crate_render() {
    use elicit_runtime::ProtocolRevision;
    for &revision in ProtocolRevision::ALL {
        assert!(Form::requested_schema(revision).is_ok(), "{revision}");
        assert!(Generic::<String>::requested_schema(revision).is_ok(), "{revision}");
    }
}
