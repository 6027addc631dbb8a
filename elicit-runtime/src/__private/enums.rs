//! Reading a derived enum's option: one function per enum, the work shared.

use super::*;

/// Reads a single-select value into a derived enum.
///
/// The work is in `enum_position`, the same for every enum: what is left here, one
/// function per enum, is the variant at the position found (a form crate with many enums
/// compiles one small function each instead of a copy of the whole read).
pub fn enum_from_json<E: ElicitEnum>(value: &Value) -> Result<E, Problem> {
    match enum_position(value, E::OPTIONS) {
        Ok(i) => match E::from_index(i) {
            Some(variant) => Ok(variant),
            None => Err(Problem::NotAnOption(crate::form::echo(value.as_str().unwrap_or_default()))),
        },
        Err(problem) => Err(problem),
    }
}

/// The position in `options` of the string `value`, or what is wrong with it.
fn enum_position(value: &Value, options: &[EnumOption]) -> Result<usize, Problem> {
    let Some(s) = value.as_str() else {
        return Err(Problem::wrong_type("string", value));
    };
    match crate::form::field::option_position(options, s) {
        Some(i) => Ok(i),
        None => Err(Problem::NotAnOption(crate::form::echo(s))),
    }
}

/// [`ElicitField::__read`] of a derived enum: the option's position, found once (by
/// `enum_read_position`, the same for every enum).
pub fn enum_read<E: ElicitEnum + ElicitField>(value: &Value, field: &'static FieldSchema, report: &mut Report) -> Option<E> {
    match enum_read_position(value, field, report, E::OPTIONS) {
        Some(i) => E::from_index(i),
        None => None,
    }
}

/// The position in `own`, a derived enum's options, of the value read for `field`, every
/// problem reported. Inlined where optimized (a form's accept path), compiled once where
/// not.
#[inline]
fn enum_read_position(value: &Value, field: &'static FieldSchema, report: &mut Report, own: &'static [EnumOption]) -> Option<usize> {
    if let Kind::Select(options) = field.kind() {
        let i = crate::form::read_select(field.name(), options, value, report)?;
        if i < own.len() {
            return Some(i);
        }
    }
    // Not a select, or options that are not the enum's (a hand-built schema): checked
    // against the field's rules, then read by value.
    if !crate::form::check_value(field, value, report) {
        return None;
    }
    enum_position(value, own).map_err(|problem| report.push(field.name(), problem)).ok()
}
