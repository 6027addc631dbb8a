//! What a form is, whatever carries it: the static description the derive builds
//! (`Elicit::SCHEMA`, read by the generated code), which Rust types are fields ([`ElicitField`], [`ElicitEnum`]), the
//! `requestedSchema` of each revision ([`RequestedSchema`], cached), and checking and
//! decoding what the user sent ([`InvalidContent`] with every [`Violation`]).
//!
//! Read top to bottom: `schema` (the model), `render` (model to wire JSON),
//! `validate` (wire JSON back, every rule), `field` (decoding into Rust types);
//! `profile` ([`ClientProfile`]: the form written for what a real client shows, and its
//! answer read back);
//! `number` and `pattern` hold the exact readings of JSON numbers and ECMA-262 patterns
//! that validation relies on; the formats and the pattern translation themselves are the
//! crate's `rules`, shared with the derive.
//!
#![doc = include_str!("../../docs/field-types.md")]

pub(crate) mod field;
mod foreign;
pub(crate) mod multi_select;
mod number;
pub(crate) mod options;
mod with_options;
mod pattern;
pub(crate) mod problem;
mod profile;
mod render;
// Derive plumbing, out of the documentation; public (and not `doc(hidden)`, which makes the
// compiler print an item's full path) because the compiler's notes name its checks
// ("required by a bound in `require_string`").
#[cfg(not(doc))]
pub mod holds;
#[cfg(doc)]
pub(crate) mod holds;
mod schema;
mod separated;
pub(crate) mod validate;

pub use self::field::{ElicitEnum, ElicitField, MultiSelectField, NotOption, NumericField, StringField};
pub(crate) use self::validate::{check_value, read_select};
pub use self::profile::ClientProfile;
#[doc(hidden)]
pub use self::separated::{SeparatedList, is_text_kind};
pub(crate) use self::profile::{finish as finish_read_back, read_back};
pub use self::render::{RequestedSchema, SchemaError, SchemaOptions};
#[doc(hidden)]
pub use self::render::render;
pub use self::options::{Options, OptionsError, SelectItem};
#[doc(hidden)]
pub use self::options::{MAX_OPTIONS, MAX_VALUE_LEN};
#[doc(hidden)]
pub use self::options::{AskedWithOptions, CompanionOptions, FormOptions, OptionList, RuntimeSelect, is_multi_select};
#[cfg(feature = "page")]
pub(crate) use self::with_options::check_given;
pub(crate) use self::with_options::{collect_runtime_checkboxes, read_back_runtime, with_options};
#[cfg(feature = "testing")]
pub(crate) use self::multi_select::checkbox_in;
pub(crate) use self::multi_select::{checkbox_name, checkboxes_of, collect_checkboxes, find_checkbox};
#[cfg(feature = "rmcp")]
pub(crate) use self::multi_select::{checkbox_fields, words};
pub(crate) use self::render::cached;
#[cfg(feature = "page")]
pub(crate) use self::schema::translated;
pub(crate) use self::problem::{echo, field_name};
#[cfg(feature = "rmcp")]
pub(crate) use self::problem::echo_up_to;
#[cfg(feature = "schemars")]
pub(crate) use self::render::render_field;
pub use self::schema::Format;
// The model the derive builds (`Elicit::SCHEMA`, `ElicitField::KIND`): read by the
// generated code and by our tests, never written by hand.
#[doc(hidden)]
pub use self::schema::{
    EnumOption, FieldSchema, FormSchema, IntegerRules, JSON_SAFE_INTEGER, Kind, ListRules, Literal, MultiSelectRules, NumberRules,
    StringRules, Translations};
pub(crate) use self::problem::Report;
pub use self::problem::{InvalidContent, Problem, Violation};
#[doc(hidden)]
pub use self::problem::NOT_ASKED_NAMED;
#[doc(hidden)]
pub use self::validate::format_is_valid;
