//! Which Rust types a flat form holds, in the words the compiler's errors use.
//!
//! When a field's type cannot be a form field, the error names it in its first line
//! ("`Address` cannot be a field of an elicitation form") and says why and what to do;
//! its `help` line reads "the trait `Holds<Address>` is not implemented for
//! `FlatForm`" (a flat form does not hold an `Address`), and the traits here are the
//! ones it can name: [`Holds`]
//! (any field type), [`HoldsInOption`] (the `T` of an `Option<T>` field),
//! [`HoldsString`], [`HoldsNumber`], [`HoldsMultiSelect`] (what an attribute asks of
//! its field), and the refusals with a reason of their own ([`WithinJsonNumbers`],
//! [`Owned`], [`OneCharacter`], [`NotNested`], and [`ChronoFeature`]: a type that is a
//! field only with a feature, used without it). The field types themselves are listed
//! in the [crate documentation](crate) and at [`ElicitField`].
//!
//! You never name or implement these traits: the derive asks for them, and they may
//! change in any release. They are public so that the names in an error lead here.
//!
//! ## How it is built
//!
//! The field types that are generic (`Option<T>`, the multi-selects `Vec<E>`,
//! `BTreeSet<E>`, `HashSet<E>`), and the types that cannot be fields with a reason of
//! their own (128-bit integers, borrowed strings, `char`, `Option<Option<T>>`).
//!
//! All of it exists for the compiler's error messages, which follow three rules here:
//!
//! - An error names the user's type and says why and what to do: a 128-bit integer gets
//!   what a JSON number carries, a nested struct that forms are flat, whether the type
//!   is a field's or the `T` of an `Option<T>` field (`Option<Address>` is reported as
//!   `Address`, with the same text).
//! - One mistake, one error: `Option<T>` asks one thing of `T` ([`NotOption`]), and
//!   everything it needs follows from it.
//! - No list of this crate's impls under the error. The compiler lists the impls of the
//!   trait that failed unless their self type is a type parameter or they are
//!   `#[diagnostic::do_not_recommend]`. So `ElicitField` and `NotOption` get one
//!   blanket impl each, `impl<T> ElicitField for T where FlatForm: Holds<T>`, whose
//!   error is reported as "`FlatForm: Holds<Address>`" with the text below; the impls of
//!   `Holds` are written `impl<S> Holds<X> for S` (a parameter again); every other impl
//!   in `field.rs` is `do_not_recommend`. A type that cannot be a field for a reason
//!   of its own "is" one here, under a where-clause that never holds and whose trait
//!   carries the reason.

use serde_json::Value;

use std::collections::{BTreeSet, HashSet};
use std::hash::Hash;
use std::marker::PhantomData;

use super::field::{ElicitEnum, ElicitField, MultiSelectField, NotOption, NumericField, StringField, json_options, options_to_json};
use super::schema::{FieldSchema, Kind, MultiSelectRules};
use super::field::read_checked;
use super::problem::{Problem, Report};

/// The self type of [`Holds`]: `FlatForm: Holds<T>` when a flat form holds a field of
/// type `T`. Never built.
pub struct FlatForm;

/// `T` is a field type by way of the blanket impl: `Option<T>`, and the types whose
/// refusal has a reason of its own.
#[diagnostic::on_unimplemented(
    message = "`{T}` cannot be a field of an elicitation form",
    label = "not a flat form field",
    note = "MCP elicitation forms are flat: every field is a string, a number, an integer, a boolean, a unit-only enum that derives `Elicit`, a `Vec`/`BTreeSet`/`HashSet` of such an enum (multi-select), or an `Option` of one of these",
    note = "for nested data, derive `Elicit` on the nested struct and mark the field `#[elicit(flatten)]` (its fields join this form's), move its fields into this struct, or ask in several elicitation requests; for a fixed set of choices, derive `Elicit` on a unit-only enum"
)]
pub trait Holds<T> {
    /// [`ElicitField::KIND`] of `T`.
    const KIND: Kind;
    /// [`ElicitField::OPTIONAL`] of `T`.
    const OPTIONAL: bool;
    /// [`ElicitField::LEGACY_ENUM_NAMES`] of `T`.
    const LEGACY_ENUM_NAMES: bool;
    /// [`ElicitField::DESCRIPTION`] of `T`.
    const DESCRIPTION: Option<&'static str>;
    /// [`ElicitField::DESCRIPTIONS`] of `T`.
    const DESCRIPTIONS: super::Translations = &[];
    /// [`ElicitField::SENSITIVE`] of `T`.
    const SENSITIVE: bool = false;
    /// [`ElicitField::Literal`] of `T`.
    type Literal: ?Sized;
    /// [`ElicitField::IntLiteral`] of `T`.
    type IntLiteral;
    /// [`ElicitField::from_json`] of `T`.
    fn from_json(value: &Value) -> Result<T, Problem>;
    /// [`ElicitField::to_json`] of `T`.
    fn to_json(value: &T) -> Option<Value>;
    /// [`ElicitField::absent`] of `T`.
    fn absent() -> Option<T>;
    /// [`ElicitField::__read`] of `T`.
    #[doc(hidden)]
    fn read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<T> {
        read_checked(value, field, report, Self::from_json)
    }
}

/// `T` may be the `T` of an `Option<T>` field: a field type that is not an `Option`.
#[diagnostic::on_unimplemented(
    message = "`{T}` cannot be a field of an elicitation form",
    label = "not a flat form field",
    note = "MCP elicitation forms are flat: every field is a string, a number, an integer, a boolean, a unit-only enum that derives `Elicit`, a `Vec`/`BTreeSet`/`HashSet` of such an enum (multi-select), or an `Option` of one of these",
    note = "for nested data, derive `Elicit` on the nested struct and mark the field `#[elicit(flatten)]` (its fields join this form's), move its fields into this struct, or ask in several elicitation requests; for a fixed set of choices, derive `Elicit` on a unit-only enum"
)]
pub trait HoldsInOption<T>: Holds<T> {}

#[doc(hidden)]
impl<T> ElicitField for T
where
    FlatForm: Holds<T>,
{
    const KIND: Kind = <FlatForm as Holds<T>>::KIND;
    const OPTIONAL: bool = <FlatForm as Holds<T>>::OPTIONAL;
    const LEGACY_ENUM_NAMES: bool = <FlatForm as Holds<T>>::LEGACY_ENUM_NAMES;
    const DESCRIPTION: Option<&'static str> = <FlatForm as Holds<T>>::DESCRIPTION;
    const DESCRIPTIONS: super::Translations = <FlatForm as Holds<T>>::DESCRIPTIONS;
    const SENSITIVE: bool = <FlatForm as Holds<T>>::SENSITIVE;
    type Literal = <FlatForm as Holds<T>>::Literal;
    type IntLiteral = <FlatForm as Holds<T>>::IntLiteral;
    fn from_json(value: &Value) -> Result<Self, Problem> {
        <FlatForm as Holds<T>>::from_json(value)
    }
    fn to_json(&self) -> Option<Value> {
        <FlatForm as Holds<T>>::to_json(self)
    }
    fn absent() -> Option<Self> {
        <FlatForm as Holds<T>>::absent()
    }
    fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
        <FlatForm as Holds<T>>::read(value, field, report)
    }
}

#[doc(hidden)]
impl<T> NotOption for T where FlatForm: HoldsInOption<T> {}

// ---- Option --------------------------------------------------------------------------

impl<S, T: NotOption> Holds<Option<T>> for S {
    const KIND: Kind = T::KIND;
    const OPTIONAL: bool = true;
    const LEGACY_ENUM_NAMES: bool = T::LEGACY_ENUM_NAMES;
    const DESCRIPTION: Option<&'static str> = T::DESCRIPTION;
    const DESCRIPTIONS: super::Translations = T::DESCRIPTIONS;
    const SENSITIVE: bool = T::SENSITIVE;
    type Literal = T::Literal;
    type IntLiteral = T::IntLiteral;
    fn from_json(value: &Value) -> Result<Option<T>, Problem> {
        T::from_json(value).map(Some)
    }
    fn to_json(value: &Option<T>) -> Option<Value> {
        value.as_ref().and_then(T::to_json)
    }
    fn absent() -> Option<Option<T>> {
        Some(None)
    }
    fn read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Option<T>> {
        T::__read(value, field, report).map(Some)
    }
}

/// `Option<T>` of a string field is a string field.
#[diagnostic::on_unimplemented(
    message = "this attribute applies only to string fields, and `{T}` is not one",
    label = "not valid on a field of type `{T}`",
    note = "`min_length`, `max_length`, `pattern` and `format` apply to `String`, `Box<str>` and `Cow<str>` fields (or an `Option` of one); for numbers use `minimum` / `maximum`, for multi-selects `min_items` / `max_items`",
    note = "date, date-time and URL types (`chrono`, `url`) are sent with their own `format` and take none of these"
)]
pub trait HoldsString<T>: Holds<T> {}

/// `Option<T>` of a number or integer field is one.
#[diagnostic::on_unimplemented(
    message = "`minimum` and `maximum` apply only to number and integer fields, and `{T}` is not one",
    label = "not valid on a field of type `{T}`",
    note = "for strings use `min_length` / `max_length`, for multi-selects `min_items` / `max_items`"
)]
pub trait HoldsNumber<T>: Holds<T> {
    /// [`NumericField::Bound`] of `T`.
    type Bound;
    /// [`NumericField::IntBound`] of `T`.
    type IntBound;
}

/// The multi-selects, and `Option` of one.
#[diagnostic::on_unimplemented(
    message = "`min_items` and `max_items` apply only to multi-select fields, and `{T}` is not one",
    label = "not valid on a field of type `{T}`",
    note = "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-only enum that derives `Elicit`"
)]
pub trait HoldsMultiSelect<T>: Holds<T> {}

#[doc(hidden)]
impl<T> StringField for T where FlatForm: HoldsString<T> {}

#[doc(hidden)]
impl<T> NumericField for T
where
    FlatForm: HoldsNumber<T>,
{
    type Bound = <FlatForm as HoldsNumber<T>>::Bound;
    type IntBound = <FlatForm as HoldsNumber<T>>::IntBound;
}

#[doc(hidden)]
impl<T> MultiSelectField for T where FlatForm: HoldsMultiSelect<T> {}

impl<S, T: NotOption + StringField> HoldsString<Option<T>> for S {}
impl<S, T: NotOption + NumericField> HoldsNumber<Option<T>> for S {
    type Bound = T::Bound;
    type IntBound = T::IntBound;
}
impl<S, T: NotOption + MultiSelectField> HoldsMultiSelect<Option<T>> for S {}

/// Refuses `Option<Option<T>>`.
#[diagnostic::on_unimplemented(
    message = "`Option<Option<{T}>>` cannot be a field of an elicitation form",
    label = "an `Option` inside an `Option`",
    note = "an absent property and an empty one are the same to the client, so use a single `Option`"
)]
pub trait NotNested<T> {}

impl<S: NotNested<T>, T: NotOption> HoldsInOption<Option<T>> for S {}

// ---- multi-selects -------------------------------------------------------------------

/// The impls of a multi-select collection of a derived enum `E`.
macro_rules! multi_select {
    ($($collection:ident<E: $($bound:path),+>),*) => {$(
        impl<S, E: $($bound +)+> Holds<$collection<E>> for S {
            const KIND: Kind = Kind::MultiSelect(MultiSelectRules::of(E::OPTIONS));
            const OPTIONAL: bool = false;
            const LEGACY_ENUM_NAMES: bool = false;
            const DESCRIPTION: Option<&'static str> = E::DESCRIPTION;
            const DESCRIPTIONS: super::Translations = E::DESCRIPTIONS;
            type Literal = &'static [&'static str];
            type IntLiteral = &'static [&'static str];
            fn from_json(value: &Value) -> Result<$collection<E>, Problem> {
                Ok(json_options::<E>(value)?.into_iter().collect())
            }
            fn to_json(value: &$collection<E>) -> Option<Value> {
                options_to_json(value.iter())
            }
            fn absent() -> Option<$collection<E>> {
                None
            }
        }
        impl<S, E: $($bound +)+> HoldsInOption<$collection<E>> for S {}
        impl<S, E: $($bound +)+> HoldsMultiSelect<$collection<E>> for S {}
    )*};
}

multi_select!(Vec<E: ElicitEnum>, BTreeSet<E: ElicitEnum, Ord>, HashSet<E: ElicitEnum, Eq, Hash>);

// ---- types refused for a reason of their own -----------------------------------------

/// Refuses 128-bit integers.
#[diagnostic::on_unimplemented(
    message = "`{T}` cannot be a field of an elicitation form: a JSON number does not carry a 128-bit integer",
    label = "a 128-bit integer",
    note = "the answer arrives as a JSON number, which most clients hold as a 64-bit float: integers are exact only up to 2^53, so integer fields are `i8`..`i64`, `u8`..`u64`, `isize` and `usize`",
    note = "use `i64` or `u64` (with `minimum` / `maximum` for the range you need), or a `String` with a `pattern` such as `^-?[0-9]+$` that you parse yourself"
)]
pub trait WithinJsonNumbers<T> {}

/// Refuses borrowed strings.
#[diagnostic::on_unimplemented(
    message = "`{T}` cannot be a field of an elicitation form: a decoded answer cannot borrow from the request",
    label = "a borrowed string",
    note = "the answer arrives as JSON and is decoded into owned values: use `String` (or `Box<str>`, `Cow<'static, str>`)"
)]
pub trait Owned<T> {}

/// Refuses `char`.
#[diagnostic::on_unimplemented(
    message = "`{T}` cannot be a field of an elicitation form: the MCP specification has no one-character input",
    label = "a single character",
    note = "use a `String` with `#[elicit(min_length = 1, max_length = 1)]`, and take its first `char`"
)]
pub trait OneCharacter<T> {}

/// The impls of a type that cannot be a field: `Holds` and `HoldsInOption` under a
/// where-clause (`reason`) that never holds.
macro_rules! refused {
    ($reason:ident: $([$($lt:lifetime),*] $ty:ty),*) => {$(
        impl<$($lt,)* S: $reason<$ty>> Holds<$ty> for S {
            const KIND: Kind = Kind::Boolean;
            const OPTIONAL: bool = false;
            const LEGACY_ENUM_NAMES: bool = false;
            const DESCRIPTION: Option<&'static str> = None;
            type Literal = $ty;
            type IntLiteral = $ty;
            fn from_json(value: &Value) -> Result<$ty, Problem> {
                Err(Problem::wrong_type("nothing", value))
            }
            fn to_json(_: &$ty) -> Option<Value> {
                None
            }
            fn absent() -> Option<$ty> {
                None
            }
        }
        impl<$($lt,)* S: $reason<$ty>> HoldsInOption<$ty> for S {}
    )*};
}

/// Refuses the `chrono` types without the `chrono` feature: the error names the feature.
#[diagnostic::on_unimplemented(
    message = "`{T}` is a form field only with the `chrono` feature of elicit-runtime",
    label = "needs the `chrono` feature",
    note = "enable the `chrono` feature of elicit-runtime: `elicit-runtime = {{ .., features = [\"chrono\"] }}` in your Cargo.toml (it asks for the type as a `date` or `date-time` string)"
)]
pub trait ChronoFeature<T> {}

refused!(WithinJsonNumbers: [] i128, [] u128);
#[cfg(not(feature = "chrono"))]
refused!(ChronoFeature: [] chrono::NaiveDate, [] chrono::DateTime<chrono::Utc>, [] chrono::DateTime<chrono::FixedOffset>);
refused!(Owned: ['a] &'a str, ['a] &'a String);
refused!(OneCharacter: [] char);

// ---- checks of attributes against the field's type ----------------------------------
//
// Here, not in `__private`, because the compiler's notes name these functions and their
// path (`required by a bound in elicit_runtime::form::holds::require_string`): the
// derive's generated code reaches them through `__private`.
//
// An attribute is checked against its field's type only when that type is a field type:
// when it is not, the one error about the type says all there is to say. The generated
// code asks `(&Probe::<Type>::NEW).field()`: method resolution picks `IsField::field`
// when `Type: ElicitField` (the receiver matches without auto-ref), and otherwise the
// auto-ref'd `NotAField::field`, which yields `Anything`, a type every check accepts.

/// What the generated code asks about a field's type.
pub struct Probe<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> Probe<T> {
    /// The probe of `T`.
    pub const NEW: Self = Probe(PhantomData);
}

/// The type the checks of a field's attributes are made against.
pub struct Found<T: ?Sized>(PhantomData<T>);

/// The field's type, when it is a field type.
pub trait IsField {
    /// The field's type.
    type Type: ?Sized;
    /// The field's type, to check attributes against.
    fn field(&self) -> Found<Self::Type>;
    /// The field's type, to check a literal against.
    fn field_for(&self) -> Found<Self::Type>;
}

impl<T: ElicitField> IsField for Probe<T> {
    type Type = T;
    fn field(&self) -> Found<T> {
        Found(PhantomData)
    }
    fn field_for(&self) -> Found<T> {
        Found(PhantomData)
    }
}

/// `Anything`, when the field's type is not a field type (already reported).
pub trait NotAField {
    /// A type every attribute check accepts.
    fn field(&self) -> Found<Anything<()>> {
        Found(PhantomData)
    }
    /// A type whose literals are `L`, whatever the literal is.
    fn field_for<L>(&self) -> Found<Anything<L>> {
        Found(PhantomData)
    }
}

impl<T: ?Sized> NotAField for &Probe<T> {}

/// Stands in for a type that is not a field type, so that its attributes add no error.
pub struct Anything<L>(PhantomData<L>);

#[diagnostic::do_not_recommend]
impl<L: 'static> ElicitField for Anything<L> {
    const KIND: Kind = Kind::Boolean;
    type Literal = L;
    type IntLiteral = L;
    fn from_json(value: &Value) -> Result<Self, Problem> {
        Err(Problem::wrong_type("nothing", value))
    }
    fn to_json(&self) -> Option<Value> {
        None
    }
}
#[diagnostic::do_not_recommend]
impl<L: 'static> StringField for Anything<L> {}
#[diagnostic::do_not_recommend]
impl<L: 'static> NumericField for Anything<L> {
    type Bound = L;
    type IntBound = L;
}
#[diagnostic::do_not_recommend]
impl<L: 'static> MultiSelectField for Anything<L> {}

/// A literal written for a field, checked against the type it must have: the generated
/// code assigns `Some(Slot { value: literal })` to the `Option<Slot<_>>` a check returns.
pub struct Slot<T> {
    /// The literal.
    pub value: T,
}

/// Compile-time check that an attribute for strings sits on a string field.
pub const fn require_string<T: StringField>(_: Found<T>) {}

/// Compile-time check that `min_items` / `max_items` sit on a multi-select field.
pub const fn require_multi_select<T: MultiSelectField>(_: Found<T>) {}

/// The slot of a non-integer `minimum` / `maximum` of a number or integer field.
pub const fn bound<T: NumericField>(_: Found<T>) -> Option<Slot<T::Bound>> {
    None
}

/// The slot of an integer `minimum` / `maximum` of a number or integer field.
pub const fn int_bound<T: NumericField>(_: Found<T>) -> Option<Slot<T::IntBound>> {
    None
}

/// The slot of a `default` literal.
pub const fn literal<T: ElicitField>(_: Found<T>) -> Option<Slot<T::Literal>>
where
    T::Literal: Sized,
{
    None
}

/// The slot of an integer `default` literal.
pub const fn int_literal<T: ElicitField>(_: Found<T>) -> Option<Slot<T::IntLiteral>> {
    None
}

// The texts above repeat the notes of `ElicitField` (attributes take literals only).
#[cfg(test)]
#[test]
fn the_texts_of_a_field_that_is_no_field_agree() {
    const FLAT: &str = "MCP elicitation forms are flat: every field is a string, a number, an integer, a boolean, a unit-only enum that derives `Elicit`, a `Vec`/`BTreeSet`/`HashSet` of such an enum (multi-select), or an `Option` of one of these";
    const NESTED: &str =
        "for nested data, derive `Elicit` on the nested struct and mark the field `#[elicit(flatten)]` (its fields join this form's), move its fields into this struct, or ask in several elicitation requests; for a fixed set of choices, derive `Elicit` on a unit-only enum";
    let source = include_str!("holds.rs");
    assert_eq!(source.matches(&format!("note = \"{FLAT}\"")).count(), 2);
    assert_eq!(source.matches(&format!("note = \"{NESTED}\"")).count(), 2);
    let field = include_str!("field.rs");
    assert!(field.contains(&format!("note = \"{FLAT}\"")) && field.contains(&format!("note = \"{NESTED}\"")));
}
