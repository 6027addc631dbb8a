//! Which Rust types can be fields of a form, and how each is read from JSON.
//!
//! `#[derive(Elicit)]` never looks at the spelling of a field's type: it asks
//! `<Type as ElicitField>` for the kind, and these impls decide. A type that has no impl
//! (a nested struct, `Vec<String>`, a map, a tuple...) fails to compile with a message
//! saying why: elicitation forms are flat. `Option<T>`, the multi-selects and the types
//! refused with a reason of their own (`i128`, `&str`, `char`) are in `holds.rs`, which
//! says how the compiler's messages are kept to one per mistake.
//!
//! | Rust type | kind |
//! |---|---|
//! | `String`, `Box<str>`, `Arc<str>`, `Rc<str>`, `Cow<'static, str>` | string |
//! | `bool` | boolean |
//! | `i8`..`i64`, `u8`..`u64`, `isize`, `usize` | integer, with the type's range: exactly the integers it holds, however written (`1e2` is 100), a fraction part or exponent beyond ±(2^53 − 1) refused as not read exactly |
//! | `f32`, `f64` | number |
//! | a unit-only enum deriving `Elicit` | single-select |
//! | `Vec<E>`, `BTreeSet<E>`, `HashSet<E>` of such an enum | multi-select |
//! | `Option<T>` of any of the above | the same, not required |
//! | `chrono::NaiveDate`, `DateTime<Utc>`, `DateTime<FixedOffset>` (feature `chrono`) | string, `date` / `date-time` |
//! | `url::Url` | string, `uri` |

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::number::json_integer;
use super::schema::{EnumOption, FieldSchema, IntegerRules, Kind, NumberRules, StringRules};
use super::problem::{Problem, Report, echo};
use super::schema::same_name;
use super::validate::{check_value, read_bool, read_integer, read_number, read_string};

/// A type that can be one field of an elicitation form.
///
/// Implemented for the primitive types the MCP specification allows, for unit-only enums
/// that derive [`Elicit`](crate::Elicit), and for `Option` and sets of those. You rarely
/// implement it yourself; to accept your own newtype, delegate to the inner type's impl.
///
/// ```
/// use elicit_runtime::form::ElicitField;
/// use elicit_runtime::form::Kind;
///
/// assert!(matches!(<u8 as ElicitField>::KIND, Kind::Integer(r) if r.minimum == Some(0) && r.maximum == Some(255)));
/// assert!(<Option<String> as ElicitField>::OPTIONAL);
/// assert_eq!(<bool as ElicitField>::from_json(&serde_json::json!(true)), Ok(true));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of an elicitation form",
    label = "not a flat form field",
    note = "MCP elicitation forms are flat: every field is a string, a number, an integer, a boolean, a unit-only enum that derives `Elicit`, a `Vec`/`BTreeSet`/`HashSet` of such an enum (multi-select), or an `Option` of one of these",
    note = "for nested data, derive `Elicit` on the nested struct and mark the field `#[elicit(flatten)]` (its fields join this form's), move its fields into this struct, or ask in several elicitation requests; for a fixed set of choices, derive `Elicit` on a unit-only enum",
    note = "for a list of free-form text items, mark the field `#[elicit(separated = \",\")]`; for choices known only at run time, `#[elicit(options)]`; the `chrono` date and time types are fields with the `chrono` feature of elicit-runtime"
)]
pub trait ElicitField: Sized {
    /// The kind of input, with the constraints that come from the Rust type itself.
    const KIND: Kind;

    /// Whether the field may be absent (`Option<T>`).
    const OPTIONAL: bool = false;

    /// Whether a titled single-select of this type is written as `enum` + `enumNames` on
    /// every revision, rather than `oneOf` where the revision has it. Set by
    /// `#[elicit(legacy_enum_names)]` on a derived enum; `Option<E>` follows `E`.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, ProtocolRevision, form::ElicitField};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit)]
    /// enum Size {
    ///     #[elicit(title = "Small")]
    ///     S,
    ///     #[elicit(title = "Large")]
    ///     L,
    /// }
    ///
    /// // Written for clients that predate `oneOf` (a `//` comment: a doc comment would be
    /// // the description of the fields of this type).
    /// #[derive(Elicit)]
    /// #[elicit(legacy_enum_names)]
    /// enum Colour {
    ///     #[elicit(title = "Red")]
    ///     R,
    ///     #[elicit(title = "Blue")]
    ///     B,
    /// }
    ///
    /// #[derive(Elicit)]
    /// struct Shirt {
    ///     size: Size,
    ///     colour: Option<Colour>,
    /// }
    ///
    /// assert!(<Option<Colour> as ElicitField>::LEGACY_ENUM_NAMES);
    /// let schema = Shirt::requested_schema(ProtocolRevision::V2025_11_25)?;
    /// assert_eq!(schema.as_json()["properties"]["size"], json!({"type": "string", "oneOf": [{"const": "S", "title": "Small"}, {"const": "L", "title": "Large"}]}));
    /// assert_eq!(schema.as_json()["properties"]["colour"], json!({"type": "string", "enum": ["R", "B"], "enumNames": ["Red", "Blue"]}));
    /// # Ok::<(), elicit_runtime::SchemaError>(())
    /// ```
    const LEGACY_ENUM_NAMES: bool = false;

    /// The description of the type, which a field of this type without a description
    /// of its own takes: a derived enum's doc comment. `Option<E>` and the multi-selects
    /// of `E` follow `E`.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, form::ElicitField};
    ///
    /// /// The size of the shirt.
    /// #[derive(Elicit)]
    /// enum Size {
    ///     S,
    ///     L,
    /// }
    ///
    /// #[derive(Elicit)]
    /// struct Shirt {
    ///     size: Size,
    ///     /// The size of the spare shirt, if you want one.
    ///     spare: Option<Size>,
    /// }
    ///
    /// assert_eq!(<Option<Size> as ElicitField>::DESCRIPTION, Some("The size of the shirt."));
    /// assert_eq!(Shirt::SCHEMA.fields()[0].description(), Some("The size of the shirt."));
    /// assert_eq!(Shirt::SCHEMA.fields()[1].description(), Some("The size of the spare shirt, if you want one."));
    /// ```
    const DESCRIPTION: Option<&'static str> = None;

    /// [`DESCRIPTION`](Self::DESCRIPTION) in other languages: a derived enum's
    /// `#[elicit(description(ko = "..."))]`, taken with it by a field without a
    /// description of its own.
    const DESCRIPTIONS: super::Translations = &[];

    /// Whether the field holds a secret: [`Secret`](crate::page::Secret), or an `Option`
    /// of one. Only a `#[elicit(page)]` form may have such a field; the derive refuses it
    /// in any other form.
    const SENSITIVE: bool = false;

    /// The type a `default = ...` literal must have (`&'static str` for strings and enum
    /// values, the integer type itself, `f64`, `bool`, a list of strings).
    type Literal: ?Sized;

    /// The type an integer literal in `default = ...` must have. For floating-point
    /// fields this is an integer type, so that `default = 1` is accepted there.
    type IntLiteral;

    /// Reads a value that already passed validation against [`Self::KIND`].
    fn from_json(value: &Value) -> Result<Self, Problem>;

    /// Writes the value as content JSON; `None` leaves the property out.
    fn to_json(&self) -> Option<Value>;

    /// The value of an absent property: `Some(None)` for `Option`, `None` (missing) for
    /// everything else.
    fn absent() -> Option<Self> {
        None
    }

    /// Reads this field from its property in the content, `None` when absent (used by the
    /// generated code: calling it through the trait keeps an unsupported type to a single
    /// compile error).
    #[doc(hidden)]
    #[inline]
    fn __decode(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, absent: fn() -> Option<Self>) -> Option<Self> {
        decode_field(found, field, report, absent)
    }

    /// Checks a present value against `field`, reporting every problem, and reads it when
    /// it keeps every rule. The field types of this crate read the JSON once (the check
    /// gives back what it read); any other reads it again with
    /// [`from_json`](Self::from_json) after checking.
    #[doc(hidden)]
    fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
        read_checked(value, field, report, Self::from_json)
    }
}

/// [`ElicitField::__read`] by checking, then reading with `from_json` (the field type's
/// [`ElicitField::from_json`]).
pub(crate) fn read_checked<T>(value: &Value, field: &'static FieldSchema, report: &mut Report, from_json: fn(&Value) -> Result<T, Problem>) -> Option<T> {
    if !check_value(field, value, report) {
        return None;
    }
    from_json(value).map_err(|problem| report.push(field.name(), problem)).ok()
}

/// A unit-only enum that derives [`Elicit`](crate::Elicit): the options of a select.
///
/// ```
/// use elicit_runtime::{Elicit, form::ElicitEnum};
///
/// #[derive(Elicit, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Size {
///     Small,
///     #[elicit(title = "Large (+2€)")]
///     Large,
/// }
///
/// assert_eq!(Size::OPTIONS[1].value(), "large");
/// assert_eq!(Size::OPTIONS[1].title(), Some("Large (+2€)"));
/// assert_eq!(Size::from_index(0), Some(Size::Small));
/// assert_eq!(Size::Large.index(), 1);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a unit-only enum that derives `Elicit`",
    label = "multi-select items must be choices from a fixed list",
    note = "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-only enum with `#[derive(Elicit)]`: the MCP specification has no free-form lists",
    note = "for free-form text items, `#[elicit(separated = \",\")]` on the field asks them as one string, split and checked item by item; for choices known only at run time, `#[elicit(options)]` makes a run-time multi-select"
)]
pub trait ElicitEnum: Sized + 'static {
    /// The options, in variant order.
    const OPTIONS: &'static [super::schema::EnumOption];

    /// The enum's `#[elicit(description = "...")]`, else its doc comment: the description
    /// of a field of this type that has none of its own.
    const DESCRIPTION: Option<&'static str> = None;

    /// That description in other languages: `#[elicit(description(ko = "..."))]` on the
    /// enum.
    ///
    /// ```
    /// use elicit_runtime::{Elicit, form::ElicitEnum, locale::Locale};
    ///
    /// /// The size of the shirt.
    /// #[derive(Elicit)]
    /// #[elicit(description(ko = "셔츠 크기", fr = "La taille de la chemise"))]
    /// enum Size {
    ///     S,
    ///     L,
    /// }
    ///
    /// #[derive(Elicit)]
    /// struct Shirt {
    ///     size: Size,
    /// }
    ///
    /// assert_eq!(Size::DESCRIPTIONS, &[("ko", "셔츠 크기"), ("fr", "La taille de la chemise")]);
    /// let size = &Shirt::SCHEMA.fields()[0];
    /// assert_eq!(size.description_in(Locale::for_tag("ko-KR")), Some("셔츠 크기"));
    /// assert_eq!(size.description_in(Locale::for_tag("de")), Some("The size of the shirt."));
    /// ```
    const DESCRIPTIONS: super::Translations = &[];

    /// The variant at this position of [`Self::OPTIONS`].
    fn from_index(index: usize) -> Option<Self>;

    /// The position of this variant in [`Self::OPTIONS`].
    fn index(&self) -> usize;

    /// The wire value of this variant.
    fn wire_value(&self) -> &'static str {
        option_value(Self::OPTIONS, self.index())
    }

    /// The variant whose wire value is `value`.
    fn from_wire_value(value: &str) -> Option<Self> {
        match option_position(Self::OPTIONS, value) {
            Some(i) => Self::from_index(i),
            None => None,
        }
    }
}

// The work of `wire_value` and `from_wire_value`, out of the trait so that it is compiled
// once rather than for every enum.
fn option_value(options: &'static [EnumOption], index: usize) -> &'static str {
    options.get(index).map_or("", EnumOption::value)
}

pub(crate) fn option_position(options: &[EnumOption], value: &str) -> Option<usize> {
    options.iter().position(|o| o.value() == value)
}

/// Marker: a field type that is not itself an `Option`, which is what `Option<T>` asks
/// of `T` (`Option<Option<T>>` is refused). Implemented with [`ElicitField`] by every
/// field type but `Option`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the `T` of an optional field `Option<T>`",
    label = "not a form field, or itself an `Option`",
    note = "in an optional field `Option<T>`, `T` is a type a required field could have: a string, a number, an integer, a boolean, a unit-only enum that derives `Elicit`, or a `Vec`/`BTreeSet`/`HashSet` of such an enum",
    note = "`Option<Option<T>>` is refused: an absent property and an empty one are the same to the client, so use a single `Option`"
)]
pub trait NotOption: ElicitField {}

/// Marker: a string field, which accepts `min_length`, `max_length`, `pattern` and `format`.
#[diagnostic::on_unimplemented(
    message = "this attribute applies only to string fields, and `{Self}` is not one",
    label = "not valid on a field of type `{Self}`",
    note = "`min_length`, `max_length`, `pattern` and `format` apply to `String`, `Box<str>` and `Cow<str>` fields (or an `Option` of one); for numbers use `minimum` / `maximum`, for multi-selects `min_items` / `max_items`",
    note = "date, date-time and URL types (`chrono`, `url`) are sent with their own `format` and take none of these"
)]
pub trait StringField: ElicitField {}

/// Marker: a number or integer field, which accepts `minimum` and `maximum`.
#[diagnostic::on_unimplemented(
    message = "`minimum` and `maximum` apply only to number and integer fields, and `{Self}` is not one",
    label = "not valid on a field of type `{Self}`",
    note = "for strings use `min_length` / `max_length`, for multi-selects `min_items` / `max_items`"
)]
pub trait NumericField: ElicitField {
    /// The type a non-integer bound literal must have.
    type Bound;
    /// The type an integer bound literal must have.
    type IntBound;
}

/// Marker: a multi-select field, which accepts `min_items` and `max_items`.
#[diagnostic::on_unimplemented(
    message = "`min_items` and `max_items` apply only to multi-select fields, and `{Self}` is not one",
    label = "not valid on a field of type `{Self}`",
    note = "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit-only enum that derives `Elicit`"
)]
pub trait MultiSelectField: ElicitField {}

// ---- strings -------------------------------------------------------------------------

pub(super) fn json_str(value: &Value) -> Result<&str, Problem> {
    value.as_str().ok_or_else(|| Problem::wrong_type("string", value))
}

// Written out rather than generated by a macro: an impl made by a macro adds "this error
// originates in the macro" to the user's error, as if the fault were here. Impls with
// nothing to explain are `do_not_recommend`, so that the compiler does not list them
// under an error about some other type.

#[diagnostic::do_not_recommend]
impl ElicitField for String {
    const KIND: Kind = Kind::String(StringRules::PLAIN);
    type Literal = &'static str;
    type IntLiteral = &'static str;
    fn from_json(value: &Value) -> Result<Self, Problem> {
        json_str(value).map(str::to_owned)
    }
    #[inline]
    fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
        match field.kind() {
            Kind::String(rules) => read_string(field.name(), rules, value, report).map(str::to_owned),
            _ => read_checked(value, field, report, Self::from_json),
        }
    }
    fn to_json(&self) -> Option<Value> {
        Some(Value::from(self.as_str()))
    }
}
#[diagnostic::do_not_recommend]
impl NotOption for String {}
#[diagnostic::do_not_recommend]
impl StringField for String {}

/// The other owned strings, read as a `String` is and converted with `$from`.
macro_rules! owned_str_field {
    ($($ty:ty => $from:expr),* $(,)?) => {$(
        #[diagnostic::do_not_recommend]
        impl ElicitField for $ty {
            const KIND: Kind = Kind::String(StringRules::PLAIN);
            type Literal = &'static str;
            type IntLiteral = &'static str;
            fn from_json(value: &Value) -> Result<Self, Problem> {
                json_str(value).map($from)
            }
            fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
                match field.kind() {
                    Kind::String(rules) => read_string(field.name(), rules, value, report).map($from),
                    _ => read_checked(value, field, report, Self::from_json),
                }
            }
            fn to_json(&self) -> Option<Value> {
                Some(Value::from(&**self))
            }
        }
        #[diagnostic::do_not_recommend]
        impl NotOption for $ty {}
        #[diagnostic::do_not_recommend]
        impl StringField for $ty {}
    )*};
}

owned_str_field! {
    Box<str> => Box::from,
    Cow<'static, str> => |s: &str| Cow::Owned(s.to_owned()),
    Arc<str> => Arc::from,
    Rc<str> => Rc::from,
}

// ---- booleans ------------------------------------------------------------------------

#[diagnostic::do_not_recommend]
impl ElicitField for bool {
    const KIND: Kind = Kind::Boolean;
    type Literal = bool;
    type IntLiteral = bool;
    fn from_json(value: &Value) -> Result<Self, Problem> {
        value.as_bool().ok_or_else(|| Problem::wrong_type("boolean", value))
    }
    #[inline]
    fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
        match field.kind() {
            Kind::Boolean => read_bool(field.name(), value, report),
            _ => read_checked(value, field, report, Self::from_json),
        }
    }
    fn to_json(&self) -> Option<Value> {
        Some(Value::Bool(*self))
    }
}
#[diagnostic::do_not_recommend]
impl NotOption for bool {}

// ---- integers ------------------------------------------------------------------------

macro_rules! integer_field {
    ($($ty:ty),*) => {$(
        #[diagnostic::do_not_recommend]
        impl ElicitField for $ty {
            const KIND: Kind = Kind::Integer(IntegerRules::for_range(<$ty>::MIN as i128, <$ty>::MAX as i128));
            type Literal = $ty;
            type IntLiteral = $ty;
            fn from_json(value: &Value) -> Result<Self, Problem> {
                let (min, max) = (<$ty>::MIN as i128, <$ty>::MAX as i128);
                let n = json_integer(value, min, max)?;
                <$ty>::try_from(n).map_err(|_| Problem::IntegerOutOfRange { min, max })
            }
            #[inline]
            fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
                match field.kind() {
                    Kind::Integer(rules) => read_integer(field.name(), rules, value, report).and_then(|n| match <$ty>::try_from(n) {
                        Ok(n) => Some(n),
                        Err(_) => {
                            report.push(field.name(), Problem::IntegerOutOfRange { min: <$ty>::MIN as i128, max: <$ty>::MAX as i128 });
                            None
                        }
                    }),
                    _ => read_checked(value, field, report, Self::from_json),
                }
            }
            fn to_json(&self) -> Option<Value> {
                Some(Value::from(*self))
            }
        }
        #[diagnostic::do_not_recommend]
        impl NotOption for $ty {}
        #[diagnostic::do_not_recommend]
        impl NumericField for $ty {
            type Bound = $ty;
            type IntBound = $ty;
        }
    )*};
}

integer_field!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

// ---- numbers -------------------------------------------------------------------------

macro_rules! number_field {
    ($($ty:ty => $int:ty),*) => {$(
        #[diagnostic::do_not_recommend]
        impl ElicitField for $ty {
            const KIND: Kind = Kind::Number(NumberRules::for_max(<$ty>::MAX as f64));
            type Literal = $ty;
            type IntLiteral = $int;
            fn from_json(value: &Value) -> Result<Self, Problem> {
                let x = value.as_f64().ok_or_else(|| Problem::wrong_type("number", value))?;
                if x.abs() > <$ty>::MAX as f64 {
                    return Err(Problem::NumberOutOfRange { max: <$ty>::MAX as f64 });
                }
                Ok(x as $ty)
            }
            #[inline]
            fn __read(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<Self> {
                match field.kind() {
                    // The rules hold the type's largest magnitude: what they let through fits.
                    Kind::Number(rules) => read_number(field.name(), rules, value, report).map(|x| x as $ty),
                    _ => read_checked(value, field, report, Self::from_json),
                }
            }
            fn to_json(&self) -> Option<Value> {
                serde_json::Number::from_f64(f64::from(*self)).map(Value::Number)
            }
        }
        #[diagnostic::do_not_recommend]
        impl NotOption for $ty {}
        #[diagnostic::do_not_recommend]
        impl NumericField for $ty {
            type Bound = $ty;
            type IntBound = $int;
        }
    )*};
}

number_field!(f32 => i32, f64 => i64);

// ---- Option --------------------------------------------------------------------------

// `Option<T>` is a field, and a string, number or multi-select field when `T` is one,
// through the blanket impls in `holds.rs`: they route the errors of `Option<Address>`
// and `Option<i128>` to the same message as `Address` and `i128`.

// ---- multi-select --------------------------------------------------------------------

/// The items of a multi-select answer, in the options' order whatever order the client
/// sent them in: the same list on every revision and through every client (checkboxes
/// are read back in that order). A repeated item is refused before (`check_value`:
/// [`Problem::DuplicateItem`]), as for a run-time multi-select.
pub(super) fn json_options<E: ElicitEnum>(value: &Value) -> Result<Vec<E>, Problem> {
    let items = value.as_array().ok_or_else(|| Problem::wrong_type("array", value))?;
    let mut read = items
        .iter()
        .map(|item| {
            let s = item.as_str().ok_or_else(|| Problem::wrong_type("string", item))?;
            E::from_wire_value(s).ok_or_else(|| Problem::UnknownItem(echo(s)))
        })
        .collect::<Result<Vec<E>, Problem>>()?;
    read.sort_by_key(E::index);
    Ok(read)
}

pub(super) fn options_to_json<'a, E: ElicitEnum + 'a>(items: impl Iterator<Item = &'a E>) -> Option<Value> {
    Some(Value::Array(items.map(|e| Value::from(e.wire_value())).collect()))
}

// `Vec<E>`, `BTreeSet<E>` and `HashSet<E>` of a derived enum are fields through the
// blanket impls in `holds.rs`, so that `Vec<String>` is reported with what a multi-select
// needs of its items.

// ---- chrono --------------------------------------------------------------------------

// ---- decoding ------------------------------------------------------------------------

/// Decodes one field of `content` into `T`, reporting what is wrong. Used by the code
/// `#[derive(Elicit)]` generates. `absent` gives the value of a property that is not
/// there and has no default in the schema (`None` for `Option`, `Default::default()`
/// under `#[serde(default)]`).
///
/// Inlined into each form's decoding, with the absent case kept out of line: a present
/// value, the common case, then costs the field type's own read and nothing more.
#[doc(hidden)]
#[inline]
pub fn decode_field<T: ElicitField>(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, absent: fn() -> Option<T>) -> Option<T> {
    match found {
        // `null` for a field that may be absent counts as absent; for a required one it
        // is a value of the wrong type, reported by the read.
        Some(value) if field.is_required() || !value.is_null() => T::__read(value, field, report),
        _ => decode_absent(field, report, absent),
    }
}

/// [`decode_field`] of a property that is absent (or `null` where the field may be
/// absent): its default, the `absent` value, or a violation.
///
/// Written without closures or combinators: it is compiled once per field type, and a
/// form crate has a type per enum.
#[inline(never)]
fn decode_absent<T: ElicitField>(field: &'static FieldSchema, report: &mut Report, absent: fn() -> Option<T>) -> Option<T> {
    let decoded = match field.default() {
        Some(default) if !field.is_required() => T::from_json(&default.to_json()),
        _ if !field.is_required() => match absent() {
            Some(value) => return Some(value),
            None => Err(Problem::Missing),
        },
        _ => Err(Problem::Missing),
    };
    match decoded {
        Ok(value) => Some(value),
        Err(problem) => {
            report.push(field.name(), problem);
            None
        }
    }
}

/// The property of each field in `content`, in the order of `fields`, found in one pass
/// over the content (a form's content is small: its properties are the fields, so
/// walking it costs less than hashing each name to look it up). Content with many more
/// properties than the form has fields is looked up field by field instead, so that
/// properties nobody asked for cost nothing.
#[doc(hidden)]
#[inline]
pub fn find_fields<'c, const N: usize>(content: &'c Map<String, Value>, fields: &'static [FieldSchema]) -> [Option<&'c Value>; N] {
    let mut found = [None; N];
    if content.len() > 2 * N {
        for (slot, field) in found.iter_mut().zip(fields) {
            *slot = content.get(field.name());
        }
    } else {
        // Clients mostly send the properties in the schema's order: while they do, each
        // key is compared with one name, without a bounds check.
        let mut entries = content.iter();
        let (mut next, mut out_of_order) = (0, None);
        for ((field, slot), (key, value)) in fields.iter().zip(found.iter_mut()).zip(&mut entries) {
            if !same_name(field.name(), key) {
                out_of_order = Some((key, value));
                break;
            }
            *slot = Some(value);
            next += 1;
        }
        if out_of_order.is_some() || entries.len() > 0 {
            find_rest(&mut found, fields, out_of_order.into_iter().chain(entries), next);
        }
    }
    found
}

/// [`find_fields`] past the first key out of the schema's order: each key is tried
/// against the field after the last one found, then against all of them.
#[inline(never)]
fn find_rest<'c>(found: &mut [Option<&'c Value>], fields: &[FieldSchema], entries: impl Iterator<Item = (&'c String, &'c Value)>, mut next: usize) {
    for (key, value) in entries {
        let i = match fields.get(next) {
            Some(field) if same_name(field.name(), key) => Some(next),
            _ => fields.iter().position(|field| same_name(field.name(), key)),
        };
        if let Some(i) = i
            && let Some(slot) = found.get_mut(i)
        {
            *slot = Some(value);
            next = i + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn named(name: &'static str) -> FieldSchema {
        FieldSchema::new(name, Kind::Boolean)
    }

    static FIELDS: [FieldSchema; 4] = [named("a"), named("bb"), named("a-longer-name"), named("dddddddddddddddddddd")];

    /// Content with the given keys, each holding its position in the list.
    fn content(keys: &[&str]) -> Map<String, Value> {
        keys.iter().enumerate().map(|(i, k)| (k.to_string(), Value::from(i))).collect()
    }

    /// What `find_fields` found, as the position each field's value held in the content.
    fn found(keys: &[&str]) -> [Option<u64>; 4] {
        find_fields::<4>(&content(keys), &FIELDS).map(|v| v.and_then(Value::as_u64))
    }

    #[test]
    fn find_fields_finds_each_field_in_every_order_with_keys_missing_and_unasked() {
        let names = ["a", "bb", "a-longer-name", "dddddddddddddddddddd"];
        assert_eq!(found(&names), [Some(0), Some(1), Some(2), Some(3)]);
        // Every order of the four names: each found where it was sent.
        let orders = [[0, 1, 2, 3], [3, 2, 1, 0], [1, 0, 2, 3], [0, 1, 3, 2], [2, 0, 3, 1], [0, 2, 1, 3]];
        for order in orders {
            let keys = order.map(|i| names[i]);
            let mut expected = [None; 4];
            for (position, &i) in order.iter().enumerate() {
                expected[i] = Some(position as u64);
            }
            assert_eq!(found(&keys), expected, "{keys:?}");
        }
        // Keys missing, at the start, in the middle, at the end.
        assert_eq!(found(&["bb", "a-longer-name", "dddddddddddddddddddd"]), [None, Some(0), Some(1), Some(2)]);
        assert_eq!(found(&["a", "a-longer-name"]), [Some(0), None, Some(1), None]);
        assert_eq!(found(&["a", "bb"]), [Some(0), Some(1), None, None]);
        assert_eq!(found(&[]), [None; 4]);
        // Keys nobody asked for (some the length of a name, or one byte from it), before,
        // among and after the fields: passed over.
        assert_eq!(found(&["x", "a", "bc", "bb", "a-longer-nam", "a-longer-name", "dddddddddddddddddddd", "zz"]), [Some(1), Some(3), Some(5), Some(6)]);
        assert_eq!(found(&["a", "bb", "a-longer-name", "dddddddddddddddddddd", "e"]), [Some(0), Some(1), Some(2), Some(3)]);
        // More than twice as many keys as fields: looked up field by field.
        let many: Vec<String> = (0..9).map(|i| format!("k{i}")).collect();
        let mut keys: Vec<&str> = many.iter().map(String::as_str).collect();
        keys.insert(4, "bb");
        keys.push("a");
        assert_eq!(found(&keys), [Some(10), Some(4), None, None]);
    }
}
