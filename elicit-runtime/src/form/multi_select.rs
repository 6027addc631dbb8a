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
//! Clients turn property names into identifiers: a Python dataclass or Pydantic model, a
//! generated TypeScript type, a Java record. One that renames `diets.nut-allergy` sends
//! an answer the server cannot read, and some also fold a double underscore into one
//! (FastMCP's typed handler does). So a checkbox name is written in the characters every
//! such client keeps as they are: ASCII letters and digits, words joined by one `_`, none
//! at either end. It is `{field}_{option}` with every other character (and a run of them)
//! written as one `_`:
//!
//! - the option's value: `nut-allergy` gives `diets_nut_allergy`, `Gluten Free` gives
//!   `diets_Gluten_Free`;
//! - its position in the option list, from 0 (`diets_3`), when the value cannot be
//!   written so or not uniquely: a value with a non-ASCII character, without an ASCII
//!   letter (so that a position never reads as a value), or two values that would be
//!   written alike (`a-b` and `a.b`: both go by position).
//!
//! Names are unique within one field. Across the form, a checkbox named like another
//! field or another field's checkbox is refused: at compile time by `#[derive(Elicit)]`,
//! and by [`render`](super::render) with [`SchemaError::NameCollision`](super::SchemaError)
//! for a form built otherwise. The rules are the `const fn`s below, used by both.

use serde_json::{Map, Value};

use crate::locale::{Arg, Locale};

use super::schema::{EnumOption, FieldSchema, FormSchema, Kind, MultiSelectRules};
use super::problem::{Problem, Report};

/// Whether a byte is kept in a checkbox name (an ASCII letter or digit); every other
/// byte separates words.
const fn kept(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// Whether an option value can be written in a checkbox name and still not read as a
/// position: ASCII, with a letter.
const fn writable(value: &str) -> bool {
    let bytes = value.as_bytes();
    let (mut i, mut letter) = (0, false);
    while i < bytes.len() {
        if !bytes[i].is_ascii() {
            return false;
        }
        letter |= bytes[i].is_ascii_alphabetic();
        i += 1;
    }
    letter
}

/// Whether two values are written alike: the same words of kept bytes.
const fn written_alike(a: &str, b: &str) -> bool {
    let (a, b) = (Words::of(a.as_bytes(), &[], &[]), Words::of(b.as_bytes(), &[], &[]));
    a.same(&b)
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

/// Up to three byte strings read one after the other, written as words of kept bytes
/// joined by one `_` (a run of other bytes is one separator; none at either end). Read
/// byte by byte, so that names are compared at compile time without being built.
#[derive(Clone, Copy)]
struct Words<'a> {
    parts: [&'a [u8]; 3],
}

impl<'a> Words<'a> {
    const fn of(a: &'a [u8], b: &'a [u8], c: &'a [u8]) -> Self {
        Words { parts: [a, b, c] }
    }

    /// Byte `k` of the parts as one string.
    const fn raw(&self, mut k: usize) -> u8 {
        let mut p = 0;
        while p < 3 {
            if k < self.parts[p].len() {
                return self.parts[p][k];
            }
            k -= self.parts[p].len();
            p += 1;
        }
        b'_'
    }

    const fn raw_len(&self) -> usize {
        self.parts[0].len() + self.parts[1].len() + self.parts[2].len()
    }

    /// Byte `k` of the written name, and the name's length: (`byte`, `len`); `byte` is 0
    /// past the end.
    const fn scan(&self, k: usize) -> (u8, usize) {
        let (mut out, mut pending, mut i, mut found) = (0, false, 0, 0u8);
        while i < self.raw_len() {
            let b = self.raw(i);
            if kept(b) {
                if pending && out > 0 {
                    if out == k {
                        found = b'_';
                    }
                    out += 1;
                }
                pending = false;
                if out == k {
                    found = b;
                }
                out += 1;
            } else {
                pending = true;
            }
            i += 1;
        }
        (found, out)
    }

    const fn len(&self) -> usize {
        self.scan(usize::MAX).1
    }

    const fn same(&self, other: &Words<'_>) -> bool {
        let len = self.len();
        if len != other.len() {
            return false;
        }
        let mut k = 0;
        while k < len {
            if self.scan(k).0 != other.scan(k).0 {
                return false;
            }
            k += 1;
        }
        true
    }
}

/// The decimal digits of a position, as bytes (at most 20).
const fn position(index: usize) -> ([u8; 20], usize) {
    let mut out = [0u8; 20];
    let len = digits(index);
    let (mut n, mut k) = (index, len);
    while k > 0 {
        k -= 1;
        out[k] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    (out, len)
}

/// The name of one checkbox: the field, `_`, and the option's value or its position,
/// written as words (see the module docs).
#[derive(Clone, Copy)]
struct Checkbox<'a> {
    field: &'a str,
    value: &'a str,
    position: ([u8; 20], usize),
    by_value: bool,
}

impl<'a> Checkbox<'a> {
    const fn new(field: &'a str, options: &'a [EnumOption], index: usize) -> Self {
        Checkbox { field, value: options[index].value(), position: position(index), by_value: by_value(options, index) }
    }

    /// Compares this name with the words of `other` (a name written the same way).
    const fn same_words(&self, other: &Words<'_>) -> bool {
        let (digits, len) = &self.position;
        let (head, _) = digits.split_at(*len);
        let tail = if self.by_value { self.value.as_bytes() } else { head };
        Words::of(self.field.as_bytes(), b"_", tail).same(other)
    }

    /// Whether this checkbox has the property name `name` (compared as written: a name
    /// that is already words is itself).
    const fn is(&self, name: &str) -> bool {
        let name = name.as_bytes();
        // Only a name with no byte dropped or joined can be sent under this name.
        if !is_words(name) {
            return false;
        }
        self.same_words(&Words::of(name, &[], &[]))
    }

    const fn same(&self, other: &Checkbox<'_>) -> bool {
        let (digits, len) = &other.position;
        let (head, _) = digits.split_at(*len);
        if other.by_value {
            self.same_words(&Words::of(other.field.as_bytes(), b"_", other.value.as_bytes()))
        } else {
            self.same_words(&Words::of(other.field.as_bytes(), b"_", head))
        }
    }

    fn to_name(self) -> String {
        let (digits, len) = &self.position;
        let words = if self.by_value {
            Words::of(self.field.as_bytes(), b"_", self.value.as_bytes())
        } else {
            Words::of(self.field.as_bytes(), b"_", &digits[..*len])
        };
        (0..words.len()).map(|k| char::from(words.scan(k).0)).collect()
    }
}

/// Whether a name is already written as words: kept bytes joined by single `_`.
const fn is_words(name: &[u8]) -> bool {
    if name.is_empty() || !kept(name[0]) || !kept(name[name.len() - 1]) {
        return false;
    }
    let mut i = 1;
    while i < name.len() {
        let b = name[i];
        if !kept(b) && (b != b'_' || !kept(name[i - 1])) {
            return false;
        }
        i += 1;
    }
    true
}

/// The property name of option `index`'s checkbox in the multi-select `field` (see the
/// module docs): `diets_nut_allergy`, or `diets_3`.
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
pub(crate) fn checkboxes(field: &FieldSchema, rules: &MultiSelectRules, locale: Locale) -> Vec<(String, Value)> {
    let label = field.title_in(locale).unwrap_or(field.name());
    let defaults: &[&str] = match field.default() {
        Some(super::schema::Literal::List(values)) => values,
        _ => &[],
    };
    let mut description = field.description_in(locale).map(str::to_owned);
    if let Some(bounds) = count_hint(rules, locale) {
        description = Some(match description {
            Some(text) => locale.message("checkbox-description", &[("description", Arg::Text(&text)), ("rule", Arg::Text(&bounds))]),
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
            p.insert("title".into(), checkbox_title(label, option, locale).into());
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

/// The checkbox names of a run-time multi-select's options (values given when the form
/// is asked), by the rules of the module docs: unique within the field and made of
/// identifier characters whatever the values hold. Linear in the values' length.
pub(crate) fn checkbox_names(field: &str, values: &[String]) -> Vec<String> {
    let written: Vec<Option<String>> = values.iter().map(|v| writable(v).then(|| words_of(&[v.as_bytes()]))).collect();
    let mut counts: std::collections::HashMap<&str, usize> = std::collections::HashMap::with_capacity(values.len());
    for w in written.iter().flatten() {
        *counts.entry(w.as_str()).or_default() += 1;
    }
    written
        .iter()
        .enumerate()
        .map(|(i, w)| match w {
            Some(w) if counts.get(w.as_str()) == Some(&1) => words_of(&[field.as_bytes(), b"_", w.as_bytes()]),
            _ => words_of(&[field.as_bytes(), b"_", i.to_string().as_bytes()]),
        })
        .collect()
}

/// The checkbox property in `properties` (a request's) of the option `wanted` of the
/// multi-select `field`, found as the user finds it: by the option's value or by what its
/// checkbox shows, under the same rules the server names and titles checkboxes with.
///
/// - an option the form knows (`schema` is the field, with its options): its checkbox
///   name, the option found by value or by title in any language of the catalog;
/// - otherwise (a run-time select, or no schema): the name written from the value, else
///   the title the catalog's `checkbox-title` writes for the option in any language
///   (with the field's title, or its name, where `schema` gives them; else any title
///   ending so), among the field's boolean properties.
///
/// `None` when no checkbox of the field is that option. Used by the scripted client.
#[cfg(feature = "testing")]
pub(crate) fn checkbox_in(properties: &Map<String, Value>, field: &str, schema: Option<&FieldSchema>, wanted: &str) -> Option<String> {
    let boolean = |name: &str| properties.get(name).is_some_and(|p| p.get("type").and_then(Value::as_str) == Some("boolean"));
    let locales: Vec<Locale> = crate::locale::Catalog::installed().languages().map(|id| Locale::for_tag(&id.to_string())).collect();
    if let Some(Kind::MultiSelect(rules)) = schema.map(FieldSchema::kind)
        && !rules.options.is_empty()
    {
        let found = rules.options.iter().position(|o| o.value() == wanted).or_else(|| {
            rules.options.iter().position(|o| o.title() == Some(wanted) || locales.iter().any(|&l| o.title_in(l) == Some(wanted)))
        })?;
        let name = checkbox_name(field, rules.options, found);
        return boolean(&name).then_some(name);
    }
    if writable(wanted) {
        let name = words_of(&[field.as_bytes(), b"_", wanted.as_bytes()]);
        if boolean(&name) {
            return Some(name);
        }
    }
    let title_of = |name: &str| properties.get(name).and_then(|p| p.get("title")).and_then(Value::as_str);
    let mine: Vec<&String> = checkboxes_of(properties, field).collect();
    for &locale in &locales {
        let title = |label: &str| locale.message("checkbox-title", &[("field", Arg::Text(label)), ("option", Arg::Text(wanted))]);
        let found = match schema {
            Some(schema) => {
                let shown = title(schema.title_in(locale).unwrap_or(field));
                mine.iter().find(|name| title_of(name) == Some(shown.as_str()))
            }
            None => {
                // The field's label unknown: the title as written after it.
                let written = title("\u{1}");
                let tail = written.split_once('\u{1}').map_or(written.as_str(), |(_, tail)| tail);
                mine.iter().find(|name| title_of(name).is_some_and(|t| t.ends_with(tail)))
            }
        };
        if let Some(name) = found {
            return Some((*name).clone());
        }
    }
    None
}

/// The fields whose checkboxes may be among `properties`, written as words (each boolean
/// property's name up to one of its `_`): a key `k` may be a multi-select answered as its
/// list where this holds `words(k)`. One pass over the properties, then a hash lookup a key.
#[cfg(feature = "rmcp")]
pub(crate) fn checkbox_fields(properties: &Map<String, Value>) -> std::collections::HashSet<&str> {
    properties
        .iter()
        .filter(|(_, p)| p.get("type").and_then(Value::as_str) == Some("boolean"))
        .flat_map(|(name, _)| name.match_indices('_').map(move |(i, _)| &name[..i]))
        .collect()
}

/// A name written as words of ASCII letters and digits joined by one `_` (the checkbox
/// rules of the module docs).
#[cfg(feature = "rmcp")]
pub(crate) fn words(name: &str) -> String {
    words_of(&[name.as_bytes()])
}

/// The boolean properties of `properties` that may be checkboxes of the multi-select
/// `field`: those whose name is the field's, written as words, then `_`.
pub(crate) fn checkboxes_of<'p>(properties: &'p Map<String, Value>, field: &str) -> impl Iterator<Item = &'p String> {
    let prefix = words_of(&[field.as_bytes()]) + "_";
    properties
        .iter()
        .filter(move |(name, p)| name.starts_with(&prefix) && p.get("type").and_then(Value::as_str) == Some("boolean"))
        .map(|(name, _)| name)
}

/// The parts read one after the other, written as words of kept bytes joined by one `_`
/// (what [`Words`] reads byte by byte, built in one pass).
fn words_of(parts: &[&[u8]]) -> String {
    let mut out = String::new();
    let mut pending = false;
    for &b in parts.iter().flat_map(|p| p.iter()) {
        if kept(b) {
            if pending && !out.is_empty() {
                out.push('_');
            }
            pending = false;
            out.push(char::from(b));
        } else {
            pending = true;
        }
    }
    out
}

/// The checkbox properties of a run-time multi-select, as [`checkboxes`] writes those of
/// a compile-time one: `names` and `labels` by option, `defaults` the positions ticked.
pub(crate) fn runtime_checkboxes(
    field: &FieldSchema,
    rules: &MultiSelectRules,
    names: &[String],
    labels: &[&str],
    defaults: &[usize],
    locale: Locale,
) -> Vec<(String, Value)> {
    let label = field.title_in(locale).unwrap_or(field.name());
    let mut description = field.description_in(locale).map(str::to_owned);
    if let Some(bounds) = count_hint(rules, locale) {
        description = Some(match description {
            Some(text) => locale.message("checkbox-description", &[("description", Arg::Text(&text)), ("rule", Arg::Text(&bounds))]),
            None => bounds,
        });
    }
    names
        .iter()
        .zip(labels)
        .enumerate()
        .map(|(i, (name, option))| {
            let mut p = Map::with_capacity(4);
            p.insert("type".into(), "boolean".into());
            p.insert("title".into(), locale.message("checkbox-title", &[("field", Arg::Text(label)), ("option", Arg::Text(option))]).into());
            if i == 0
                && let Some(text) = &description
            {
                p.insert("description".into(), text.clone().into());
            }
            if defaults.contains(&i) {
                p.insert("default".into(), true.into());
            }
            (name.clone(), Value::Object(p))
        })
        .collect()
}

fn option_label(option: &EnumOption, locale: Locale) -> &str {
    option.title_in(locale).unwrap_or(option.value())
}

/// The title of a checkbox: `Field title: Option title` (the catalog's `checkbox-title`).
fn checkbox_title(label: &str, option: &EnumOption, locale: Locale) -> String {
    locale.message("checkbox-title", &[("field", Arg::Text(label)), ("option", Arg::Text(option_label(option, locale)))])
}

/// The multi-select field and the title of the checkbox named `name`, if a field of
/// `schema` has one of that name: what the user's client showed for a property a
/// violation names.
pub(crate) fn find_checkbox<'s>(schema: &'s FormSchema, name: &str, locale: Locale) -> Option<(&'s FieldSchema, String)> {
    schema.fields().iter().find_map(|field| {
        let Kind::MultiSelect(rules) = field.kind() else { return None };
        let label = field.title_in(locale).unwrap_or(field.name());
        let i = (0..rules.options.len()).find(|&i| Checkbox::new(field.name(), rules.options, i).is(name))?;
        Some((field, checkbox_title(label, &rules.options[i], locale)))
    })
}

fn count_hint(rules: &MultiSelectRules, locale: Locale) -> Option<String> {
    let count = |n: u64| Arg::Count(n);
    match (rules.min_items, rules.max_items) {
        (Some(min), Some(max)) if min == max => Some(locale.message("tick-exactly", &[("count", count(min))])),
        (Some(min), Some(max)) => Some(locale.message("tick-between", &[("min", count(min)), ("max", count(max))])),
        (Some(min), None) => Some(locale.message("tick-at-least", &[("min", count(min))])),
        (None, Some(max)) => Some(locale.message("tick-at-most", &[("max", count(max))])),
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
            // A run-time select's options come with the request: `collect_runtime_checkboxes`.
            Kind::MultiSelect(rules) if !field.is_runtime_select() => Some((field, rules)),
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
    fn names_are_words_of_the_value_or_positions() {
        assert_eq!(checkbox_name("diets", DIETS, 0), "diets_vegan");
        assert_eq!(checkbox_name("diets", DIETS, 1), "diets_nut_allergy");
        // Runs of other characters are one `_`, none at either end, whatever the field.
        let odd: &[EnumOption] = &[EnumOption::new("__Gluten--Free!", None)];
        assert_eq!(checkbox_name("my-diets_", odd, 0), "my_diets_Gluten_Free");
        assert_eq!(checkbox_name("a", UNDERSCORE_X, 0), "a_x");
        // Positions: non-ASCII values, values without a letter, values written alike.
        let many: Vec<EnumOption> = (0..12).map(|_| EnumOption::new("é", None)).collect();
        assert_eq!(checkbox_name("f", &many, 0), "f_0");
        assert_eq!(checkbox_name("f", &many, 11), "f_11");
        let numbers: &[EnumOption] = &[EnumOption::new("12:00", None), EnumOption::new("7", None)];
        assert_eq!((checkbox_name("t", numbers, 0), checkbox_name("t", numbers, 1)), ("t_0".to_owned(), "t_1".to_owned()));
        let alike: &[EnumOption] = &[EnumOption::new("a-b", None), EnumOption::new("a.b", None), EnumOption::new("c", None)];
        assert_eq!([0, 1, 2].map(|i| checkbox_name("f", alike, i)), ["f_0", "f_1", "f_c"]);
        // The byte-by-byte reading is the built name.
        let name = checkbox_name("f", &many, 10);
        assert!(Checkbox::new("f", &many, 10).is(&name) && !Checkbox::new("f", &many, 11).is(&name));
    }

    #[test]
    fn run_time_names_are_the_compile_time_names() {
        let values = ["vegan", "nut-allergy", "Gluten Free", "_x_", "a__b", "12:00", "é", "x.y.z", "a-b", "a.b", "c"];
        let options: Vec<EnumOption> = values.into_iter().map(|v| EnumOption::new(v, None)).collect();
        let owned: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
        for field in ["diets", "my-field", "f_", "_g"] {
            let names = checkbox_names(field, &owned);
            for (i, name) in names.iter().enumerate() {
                assert_eq!(*name, checkbox_name(field, &options, i), "{field} {i}");
            }
        }
    }

    #[test]
    fn every_name_survives_clients_that_make_identifiers() {
        // ASCII letters and digits joined by single underscores: what a Python dataclass,
        // a TypeScript type or a Java record keeps, and what folding `__` cannot change.
        let options: Vec<EnumOption> =
            ["vegan", "nut-allergy", "Gluten Free", "_x_", "a__b", "12:00", "é", "x.y.z"].into_iter().map(|v| EnumOption::new(v, None)).collect();
        for field in ["diets", "my-field", "f_", "_g"] {
            for i in 0..options.len() {
                let name = checkbox_name(field, &options, i);
                assert!(is_words(name.as_bytes()) && !name.contains("__"), "{field} {i}: {name}");
            }
        }
    }

    #[test]
    fn collisions_are_found_between_a_checkbox_and_a_field_or_another_checkbox() {
        // A checkbox named like a field, whichever of the two comes first.
        assert!(checkboxes_collide(&MULTI_DIETS, "diets", &Kind::Boolean, "diets_nut_allergy"));
        assert!(checkboxes_collide(&Kind::Boolean, "diets_vegan", &MULTI_DIETS, "diets"));
        // Two checkboxes of one name: `a` + `_x` and `a_` + `x` are both `a_x`.
        let (a, b) = (Kind::MultiSelect(MultiSelectRules::of(UNDERSCORE_X)), Kind::MultiSelect(MultiSelectRules::of(X)));
        assert!(checkboxes_collide(&a, "a", &b, "a_"));
        // Names that only start alike, names that are not words, fields without checkboxes.
        assert!(!checkboxes_collide(&MULTI_DIETS, "diets", &Kind::Boolean, "diets_note"));
        assert!(!checkboxes_collide(&MULTI_DIETS, "diets", &Kind::Boolean, "diets_nut-allergy"));
        assert!(!checkboxes_collide(&Kind::Boolean, "diets", &Kind::Boolean, "diets_vegan"));
    }
}
