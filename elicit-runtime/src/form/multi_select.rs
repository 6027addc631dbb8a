//! Multi-selects on a revision without arrays (2025-06-18): one boolean per option on
//! the wire, and the ticked options read back into the list.
//!
//! 2025-06-18 has no `type: "array"` property, so a form with a multi-select would need
//! a second struct for those clients. Instead the field is written as one checkbox per
//! option; the ticked ones are collected back into the field before validation, so
//! `min_items`, `max_items` and the option list are enforced on the server exactly as on
//! later revisions.
//!
//! # Checkbox names
//!
//! Clients turn property names into identifiers (Python, JavaScript, Java: `[A-Za-z_]
//! [A-Za-z0-9_]*`), and one that renames `diets.nut-allergy` gets an answer the server
//! cannot read. So a checkbox is named `{field}__{option}`, with the option written in
//! identifier characters:
//!
//! - the option's value, each ASCII character other than a letter, a digit or `_`
//!   written as `_` (`nut-allergy` gives `diets__nut_allergy`);
//! - its position in the option list, from 0 (`diets__3`), when that is not possible or
//!   not unique: a value with a non-ASCII character, an empty value, a value of digits
//!   only (so that a position never reads as a value), or two values that would be
//!   written alike (`a-b` and `a.b`: both go by position).
//!
//! Names are unique within one field. Across the form, a checkbox named like another
//! field or another field's checkbox is refused: at compile time by `#[derive(Elicit)]`,
//! and by [`render`](super::render) with [`SchemaError::NameCollision`](super::SchemaError)
//! for a form built otherwise. The rules are the `const fn`s below, used by both.

use serde_json::{Map, Value};

use super::schema::{EnumOption, FieldSchema, FormSchema, Kind, MultiSelectRules};
use super::validate::{Problem, Report};

/// Whether an option value can be written in identifier characters and still not read
/// as a position: ASCII, not empty, not only digits.
const fn writable(value: &str) -> bool {
    let bytes = value.as_bytes();
    let (mut i, mut non_digit) = (0, false);
    while i < bytes.len() {
        if !bytes[i].is_ascii() {
            return false;
        }
        non_digit |= !bytes[i].is_ascii_digit();
        i += 1;
    }
    non_digit
}

/// A byte of an option value in identifier characters.
const fn ident_byte(b: u8) -> u8 {
    if b.is_ascii_alphanumeric() || b == b'_' { b } else { b'_' }
}

/// Whether two values are written alike in identifier characters.
const fn written_alike(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if ident_byte(a[i]) != ident_byte(b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether the checkbox of option `i` is named after its value (else its position).
const fn by_value(options: &[EnumOption], i: usize) -> bool {
    let value = options[i].value();
    if !writable(value) {
        return false;
    }
    let mut j = 0;
    while j < options.len() {
        if j != i && writable(options[j].value()) && written_alike(value, options[j].value()) {
            return false;
        }
        j += 1;
    }
    true
}

/// The number of decimal digits of `n`.
const fn digits(mut n: usize) -> usize {
    let mut count = 1;
    while n >= 10 {
        n /= 10;
        count += 1;
    }
    count
}

/// The name of one checkbox, read byte by byte (so that it is compared at compile time
/// without being built).
#[derive(Clone, Copy)]
struct Checkbox<'a> {
    field: &'a str,
    value: &'a str,
    index: usize,
    by_value: bool,
}

impl<'a> Checkbox<'a> {
    const fn new(field: &'a str, options: &'a [EnumOption], index: usize) -> Self {
        Checkbox { field, value: options[index].value(), index, by_value: by_value(options, index) }
    }

    const fn len(&self) -> usize {
        self.field.len() + 2 + if self.by_value { self.value.len() } else { digits(self.index) }
    }

    const fn byte(&self, k: usize) -> u8 {
        let field = self.field.as_bytes();
        if k < field.len() {
            return field[k];
        }
        let k = k - field.len();
        if k < 2 {
            return b'_';
        }
        let k = k - 2;
        if self.by_value {
            return ident_byte(self.value.as_bytes()[k]);
        }
        // Digit `k` of the position, most significant first.
        let mut n = self.index;
        let mut rest = digits(self.index) - 1 - k;
        while rest > 0 {
            n /= 10;
            rest -= 1;
        }
        b'0' + (n % 10) as u8
    }

    const fn is(&self, name: &str) -> bool {
        let name = name.as_bytes();
        if name.len() != self.len() {
            return false;
        }
        let mut k = 0;
        while k < name.len() {
            if name[k] != self.byte(k) {
                return false;
            }
            k += 1;
        }
        true
    }

    const fn same(&self, other: &Checkbox<'_>) -> bool {
        if self.len() != other.len() {
            return false;
        }
        let mut k = 0;
        while k < self.len() {
            if self.byte(k) != other.byte(k) {
                return false;
            }
            k += 1;
        }
        true
    }

    fn to_name(self) -> String {
        (0..self.len()).map(|k| char::from(self.byte(k))).collect()
    }
}

/// The property name of option `index`'s checkbox in the multi-select `field` (see the
/// module docs): `diets__nut_allergy`, or `diets__3`.
pub(crate) fn checkbox_name(field: &str, options: &[EnumOption], index: usize) -> String {
    Checkbox::new(field, options, index).to_name()
}

/// Whether, on 2025-06-18, a checkbox of one field has the name of the other field or of
/// one of its checkboxes (fields that are not multi-selects have no checkboxes). What
/// `#[derive(Elicit)]` asks at compile time for each pair of fields whose names could
/// collide.
pub const fn checkboxes_collide(kind_a: &Kind, name_a: &str, kind_b: &Kind, name_b: &str) -> bool {
    let (a, b) = (multi_options(kind_a), multi_options(kind_b));
    let mut i = 0;
    while i < a.len() {
        let box_a = Checkbox::new(name_a, a, i);
        if box_a.is(name_b) {
            return true;
        }
        let mut j = 0;
        while j < b.len() {
            if box_a.same(&Checkbox::new(name_b, b, j)) {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    let mut j = 0;
    while j < b.len() {
        if Checkbox::new(name_b, b, j).is(name_a) {
            return true;
        }
        j += 1;
    }
    false
}

/// The options of a multi-select; none for other kinds.
const fn multi_options(kind: &Kind) -> &'static [EnumOption] {
    match kind {
        Kind::MultiSelect(rules) => rules.options,
        _ => &[],
    }
}


/// The checkbox properties of a multi-select field: one boolean per option, titled
/// `Field title: Option title`; the field's description (and how many to tick) on the
/// first; `default: true` on the options of the field's default.
pub(crate) fn checkboxes(field: &FieldSchema, rules: &MultiSelectRules) -> Vec<(String, Value)> {
    let label = field.title().unwrap_or(field.name());
    let defaults: &[&str] = match field.default() {
        Some(super::schema::Literal::List(values)) => values,
        _ => &[],
    };
    let mut description = field.description().map(str::to_owned);
    if let Some(bounds) = count_hint(rules) {
        description = Some(match description {
            Some(text) => format!("{text} ({bounds})"),
            None => bounds,
        });
    }
    rules
        .options
        .iter()
        .enumerate()
        .map(|(i, option)| {
            let mut p = Map::with_capacity(4);
            p.insert("type".into(), "boolean".into());
            p.insert("title".into(), checkbox_title(label, option).into());
            if i == 0
                && let Some(text) = &description
            {
                p.insert("description".into(), text.clone().into());
            }
            if defaults.contains(&option.value()) {
                p.insert("default".into(), true.into());
            }
            (checkbox_name(field.name(), rules.options, i), Value::Object(p))
        })
        .collect()
}

fn option_label(option: &EnumOption) -> &str {
    option.title().unwrap_or(option.value())
}

/// The title of a checkbox: `Field title: Option title`.
fn checkbox_title(label: &str, option: &EnumOption) -> String {
    format!("{label}: {}", option_label(option))
}

/// The multi-select field and the title of the checkbox named `name`, if a field of
/// `schema` has one of that name: what the user's client showed for a property a
/// violation names.
pub(crate) fn find_checkbox<'s>(schema: &'s FormSchema, name: &str) -> Option<(&'s FieldSchema, String)> {
    schema.fields().iter().find_map(|field| {
        let Kind::MultiSelect(rules) = field.kind() else { return None };
        let label = field.title().unwrap_or(field.name());
        let i = (0..rules.options.len()).find(|&i| Checkbox::new(field.name(), rules.options, i).is(name))?;
        Some((field, checkbox_title(label, &rules.options[i])))
    })
}

fn count_hint(rules: &MultiSelectRules) -> Option<String> {
    match (rules.min_items, rules.max_items) {
        (Some(min), Some(max)) if min == max => Some(format!("tick exactly {min}")),
        (Some(min), Some(max)) => Some(format!("tick at least {min} and at most {max}")),
        (Some(min), None) => Some(format!("tick at least {min}")),
        (None, Some(max)) => Some(format!("tick at most {max}")),
        (None, None) => None,
    }
}

/// Reads checkbox content back: for each multi-select field of `schema`, the options
/// whose checkbox is `true` become the field's list (in option order), and the
/// checkboxes are removed. Clients often leave unticked boxes out, so for a required
/// field no box ticked is an empty list (which `min_items` may refuse); an optional field
/// none of whose boxes is present stays absent (its default or `None` applies). A
/// checkbox that is neither a boolean nor `null` is a violation named after the checkbox
/// (the property the user's client showed), not after the field. A field
/// sent as a list (as later revisions write it) is left as it is.
///
/// Content without multi-select fields is returned unchanged (borrowed).
pub(crate) fn collect_checkboxes<'c>(
    schema: &FormSchema,
    content: &'c Map<String, Value>,
    report: &mut Report,
) -> std::borrow::Cow<'c, Map<String, Value>> {
    let multi: Vec<(&FieldSchema, &MultiSelectRules)> = schema
        .fields()
        .iter()
        .filter_map(|field| match field.kind() {
            Kind::MultiSelect(rules) => Some((field, rules)),
            _ => None,
        })
        .collect();
    if multi.is_empty() {
        return std::borrow::Cow::Borrowed(content);
    }
    let mut out = content.clone();
    for (field, rules) in multi {
        if out.contains_key(field.name()) {
            continue;
        }
        let mut seen = field.is_required();
        let mut ticked = Vec::new();
        for (i, option) in rules.options.iter().enumerate() {
            let name = checkbox_name(field.name(), rules.options, i);
            let Some(value) = out.remove(&name) else { continue };
            seen = true;
            match value {
                Value::Bool(true) => ticked.push(Value::from(option.value())),
                Value::Bool(false) | Value::Null => {}
                other => report.push(name, Problem::wrong_type("boolean", &other)),
            }
        }
        if seen {
            out.insert(field.name().to_owned(), Value::Array(ticked));
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIETS: &[EnumOption] = &[EnumOption::new("vegan", None), EnumOption::new("nut-allergy", None)];
    const UNDERSCORE_X: &[EnumOption] = &[EnumOption::new("_x", None)];
    const X: &[EnumOption] = &[EnumOption::new("x", None)];
    const MULTI_DIETS: Kind = Kind::MultiSelect(MultiSelectRules::of(DIETS));

    #[test]
    fn names_are_the_values_in_identifier_characters_or_positions() {
        assert_eq!(checkbox_name("diets", DIETS, 1), "diets__nut_allergy");
        let many: Vec<EnumOption> = (0..12).map(|_| EnumOption::new("é", None)).collect();
        assert_eq!(checkbox_name("f", &many, 0), "f__0");
        assert_eq!(checkbox_name("f", &many, 11), "f__11");
        // The byte-by-byte reading is the built name.
        let name = checkbox_name("f", &many, 10);
        assert!(Checkbox::new("f", &many, 10).is(&name) && !Checkbox::new("f", &many, 11).is(&name));
    }

    #[test]
    fn collisions_are_found_between_a_checkbox_and_a_field_or_another_checkbox() {
        // A checkbox named like a field, whichever of the two comes first.
        assert!(checkboxes_collide(&MULTI_DIETS, "diets", &Kind::Boolean, "diets__nut_allergy"));
        assert!(checkboxes_collide(&Kind::Boolean, "diets__vegan", &MULTI_DIETS, "diets"));
        // Two checkboxes of one name: `a` + `_x` and `a_` + `x` are both `a___x`.
        let (a, b) = (Kind::MultiSelect(MultiSelectRules::of(UNDERSCORE_X)), Kind::MultiSelect(MultiSelectRules::of(X)));
        assert!(checkboxes_collide(&a, "a", &b, "a_"));
        // Names that only start alike, and fields without checkboxes.
        assert!(!checkboxes_collide(&MULTI_DIETS, "diets", &Kind::Boolean, "diets_note"));
        assert!(!checkboxes_collide(&MULTI_DIETS, "diets", &Kind::Boolean, "diets__nut-allergy"));
        assert!(!checkboxes_collide(&Kind::Boolean, "diets", &Kind::Boolean, "diets__vegan"));
    }
}
