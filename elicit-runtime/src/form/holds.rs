//! The generic field types (`Option<T>`, the multi-selects `Vec<E>`, `BTreeSet<E>`,
//! `HashSet<E>`), and the checks the derive makes of a field's attributes against its type.
//!
//! You never name or implement anything here: the derive asks for it, and it may change in
//! any release.
//!
//! All of it is written for the compiler's error messages, which follow three rules:
//!
//! - An error names the user's type and the trait it lacks, and says why and what to do:
//!   a documented trait ([`ElicitField`], [`ElicitEnum`], [`StringField`]...), or one of
//!   the short names given to the traits of run-time selects, separated lists, flattened
//!   fields and choices' variants (`OptionsField`, `SeparatedList` at the end of this
//!   module; `FlattenedForm`, `ChoiceVariant` in the crate root's `compiler_names`), never
//!   `__private` or a full path. The four short names have no documentation page; the
//!   section "Names in compile errors" of `docs/attributes.md` says what each asks: a new
//!   one goes there too.
//!   `Option<Address>` is reported as `Option<Address>`.
//! - One mistake, one error.
//! - No list of this crate's impls under the error. The compiler lists the impls of the
//!   trait that failed unless they are `#[diagnostic::do_not_recommend]`, so every impl of
//!   a field trait is: the compiler then reports the field's own type as lacking the field
//!   trait, rather than what some impl asked of its parts ("required for `FlatForm` to
//!   implement ..."), and prints the trait's own message and notes.
//!
//! The types refused with a reason of their own (128-bit integers, `char`, borrowed
//! strings, `Option<Option<T>>`) are refused by the derive, which sees them written, with
//! that reason; written through an alias they get the generic message.

use serde_json::Value;

use std::collections::{BTreeSet, HashSet};
use std::hash::Hash;
use std::marker::PhantomData;

use super::field::{ElicitEnum, ElicitField, MultiSelectField, NotOption, NumericField, StringField, json_options, options_to_json};
use super::problem::{Problem, Report};
use super::schema::{FieldSchema, Kind, MultiSelectRules};

// ---- Option --------------------------------------------------------------------------

#[diagnostic::do_not_recommend]
impl<T: NotOption> ElicitField for Option<T> {
    const KIND: Kind = T::KIND;
    const OPTIONAL: bool = true;
    const LEGACY_ENUM_NAMES: bool = T::LEGACY_ENUM_NAMES;
    const DESCRIPTION: Option<&'static str> = T::DESCRIPTION;
    const DESCRIPTIONS: super::Translations = T::DESCRIPTIONS;
    const SENSITIVE: bool = T::SENSITIVE;
    type Literal = T::Literal;
    type IntLiteral = T::IntLiteral;
    fn from_json(value: &Value) -> Result<Self, Problem> {
        T::from_json(value).map(Some)
    }
    fn to_json(&self) -> Option<Value> {
        self.as_ref().and_then(T::to_json)
    }
    fn absent() -> Option<Self> {
        Some(None)
    }
    fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
        T::__read(value, field, report).map(Some)
    }
}

#[diagnostic::do_not_recommend]
impl<T: NotOption + StringField> StringField for Option<T> {}
#[diagnostic::do_not_recommend]
impl<T: NotOption + NumericField> NumericField for Option<T> {
    type Bound = T::Bound;
    type IntBound = T::IntBound;
}
#[diagnostic::do_not_recommend]
impl<T: NotOption + MultiSelectField> MultiSelectField for Option<T> {}

// ---- multi-selects -------------------------------------------------------------------

/// The impls of a multi-select collection of a derived enum `E`.
macro_rules! multi_select {
    ($($collection:ident<E: $($bound:path),+>),*) => {$(
        #[diagnostic::do_not_recommend]
        impl<E: $($bound +)+> ElicitField for $collection<E> {
            const KIND: Kind = Kind::MultiSelect(MultiSelectRules::of(E::OPTIONS));
            const DESCRIPTION: Option<&'static str> = E::DESCRIPTION;
            const DESCRIPTIONS: super::Translations = E::DESCRIPTIONS;
            type Literal = &'static [&'static str];
            type IntLiteral = &'static [&'static str];
            fn from_json(value: &Value) -> Result<Self, Problem> {
                Ok(json_options::<E>(value)?.into_iter().collect())
            }
            fn to_json(&self) -> Option<Value> {
                options_to_json(self.iter())
            }
        }
        #[diagnostic::do_not_recommend]
        impl<E: $($bound +)+> NotOption for $collection<E> {}
        #[diagnostic::do_not_recommend]
        impl<E: $($bound +)+> MultiSelectField for $collection<E> {}
    )*};
}

multi_select!(Vec<E: ElicitEnum>, BTreeSet<E: ElicitEnum, Ord>, HashSet<E: ElicitEnum, Eq, Hash>);

// ---- checks of attributes against the field's type ----------------------------------
//
// Here, not in `__private`, because the compiler's notes name these functions ("required
// by a bound in `require_string`"), by their short name only under a path that is not
// `doc(hidden)` and with a name no other crate uses (hence `number_bound`, not `bound`):
// the derive's generated code reaches them through `__private`.
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
pub const fn number_bound<T: NumericField>(_: Found<T>) -> Option<Slot<T::Bound>> {
    None
}

/// The slot of an integer `minimum` / `maximum` of a number or integer field.
pub const fn int_bound<T: NumericField>(_: Found<T>) -> Option<Slot<T::IntBound>> {
    None
}

/// The slot of a `default` literal.
pub const fn default_literal<T: ElicitField>(_: Found<T>) -> Option<Slot<T::Literal>>
where
    T::Literal: Sized,
{
    None
}

/// The slot of an integer `default` literal.
pub const fn int_default_literal<T: ElicitField>(_: Found<T>) -> Option<Slot<T::IntLiteral>> {
    None
}

// ---- the names the compiler prints --------------------------------------------------
//
// The traits the derive asks of run-time selects and separated lists, here under a path
// that is not `doc(hidden)` (the compiler prints a hidden item by its full path,
// `elicit_runtime::form::RuntimeSelect`) and a name no other crate uses, so that the
// compiler prints it short: "the trait `OptionsField` is not implemented for `bool`". The
// traits themselves are not `doc(hidden)` (a hidden trait is printed by its full path
// whatever re-exports it); this module is out of the documentation. Those of flattened
// fields and choices' variants are in the crate root's `compiler_names` (this module may
// not name `exchange` or `__private`).

/// The type of an `#[elicit(options)]` field: a `SelectItem`, an `Option` of one, or a `Vec` of them.
pub use crate::form::RuntimeSelect as OptionsField;
/// The type of a `#[elicit(separated = ",")]` field: a `Vec` of text-like items, or an `Option` of one.
pub use crate::form::SeparatedList;
