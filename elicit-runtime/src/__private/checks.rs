//! The constant checks of an attribute's literal against the field's type that the
//! derive's `const` items evaluate: a default among the options, a format, an integer
//! that fits, a `min_items` that leaves an answer.

use super::*;

pub(super) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn is_option(options: &[EnumOption], value: &str) -> bool {
    let mut i = 0;
    while i < options.len() {
        if str_eq(options[i].value(), value) {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether a `default` is valid for the options of a select or multi-select field
/// (always true for other kinds, whose defaults the type checker already checked, and
/// for a literal of the wrong shape, a list for a select or a string for a
/// multi-select, which the type checker refuses: one error for one mistake).
pub const fn default_is_valid(kind: &Kind, default: &Literal) -> bool {
    match (kind, kind.options(), default) {
        (Kind::Select(_), Some(options), Literal::Str(value)) => is_option(options, value),
        (Kind::MultiSelect(_), Some(options), Literal::List(values)) => {
            let mut i = 0;
            while i < values.len() {
                if !is_option(options, values[i]) {
                    return false;
                }
                i += 1;
            }
            true
        }
        _ => true,
    }
}

/// Whether the field's type is sent with this `format` (`NaiveDate` is a `date`, `Url` a
/// `uri`): the derive checks a string default against each format itself and asks this
/// for the ones the default is not valid for.
pub const fn has_format(kind: &Kind, format: Format) -> bool {
    match kind {
        Kind::String(rules) => match rules.format {
            Some(f) => f as u8 == format as u8,
            None => false,
        },
        _ => false,
    }
}

/// Whether an integer literal written for a field (a default or a bound) fits the
/// field's Rust type (always true for other kinds).
pub const fn int_fits(kind: &Kind, n: i128) -> bool {
    match kind {
        Kind::Integer(rules) => rules.type_min <= n && n <= rules.type_max,
        _ => true,
    }
}

/// Whether `min_items` leaves a multi-select an answer: it is at most the number of
/// options (always true for other kinds, where `min_items` is refused by a trait bound).
pub const fn min_items_fit(kind: &Kind, min_items: u64) -> bool {
    match (kind, kind.options()) {
        (Kind::MultiSelect(_), Some(options)) => min_items <= options.len() as u64,
        _ => true,
    }
}
