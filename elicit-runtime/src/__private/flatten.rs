//! `#[elicit(flatten)]`: the constant evaluation of a form that flattens another.

use super::checks::str_eq;
use super::*;

// ---- flattened sub-forms ------------------------------------------------------------
//
// `#[elicit(flatten)]`: a field whose type is another form contributes that form's
// fields, renamed with a prefix, at its position. The sub-form's fields are known only
// to its own derive, so the outer form's field list is built here, by `const fn`s the
// compiler evaluates: the derive lists the form's parts (its own fields, and the
// sub-forms with their prefixes), asks how many fields and how many bytes of prefixed
// names and titles they make, and builds the array of fields from them.

/// One part of a form that flattens another: a field of its own, or a sub-form.
#[derive(Clone, Copy)]
pub enum Part {
    /// A field of the form itself.
    Field(FieldSchema),
    /// The fields of a flattened form.
    Flatten {
        /// The sub-form's fields (its own flattenings already done).
        fields: &'static [FieldSchema],
        /// Put before each field's wire name.
        prefix: &'static str,
        /// Put before each field's title, when it has one.
        title_prefix: &'static str,
        /// The title prefix in other languages (`title_prefix(ko = "집 ")`), each put
        /// before the field's title in that language (or its own title).
        title_prefixes: Translations,
        /// `Option<Sub>`: every field is optional.
        optional: bool,
    },
}

/// How many fields the parts make.
pub const fn parts_len(parts: &[Part]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < parts.len() {
        n += part_len(&parts[i]);
        i += 1;
    }
    n
}

/// How many fields one part makes.
pub const fn part_len(part: &Part) -> usize {
    match part {
        Part::Field(_) => 1,
        Part::Flatten { fields, .. } => fields.len(),
    }
}

/// Where part `index`'s fields start in the form's fields.
pub const fn part_start(parts: &[Part], index: usize) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < index && i < parts.len() {
        n += part_len(&parts[i]);
        i += 1;
    }
    n
}

/// How many bytes the prefixed names and titles of the flattened fields take.
pub const fn parts_text_len(parts: &[Part]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < parts.len() {
        if let Part::Flatten { fields, prefix, title_prefix, .. } = &parts[i] {
            let mut j = 0;
            while j < fields.len() {
                if !prefix.is_empty() {
                    n += prefix.len() + fields[j].name.len();
                }
                if let (false, Some(title)) = (title_prefix.is_empty(), fields[j].title) {
                    n += title_prefix.len() + title.len();
                }
                j += 1;
            }
        }
        i += 1;
    }
    n
}

/// Copies `s` into `out` at `at`; returns the position after it.
const fn put(out: &mut [u8], at: usize, s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        out[at + i] = bytes[i];
        i += 1;
    }
    at + bytes.len()
}

/// The prefixed names and titles, one after another, in the order [`parts_fields`]
/// reads them.
pub const fn parts_text<const B: usize>(parts: &[Part]) -> [u8; B] {
    let mut out = [0u8; B];
    let mut at = 0;
    let mut i = 0;
    while i < parts.len() {
        if let Part::Flatten { fields, prefix, title_prefix, .. } = &parts[i] {
            let mut j = 0;
            while j < fields.len() {
                if !prefix.is_empty() {
                    at = put(&mut out, at, prefix);
                    at = put(&mut out, at, fields[j].name);
                }
                if let (false, Some(title)) = (title_prefix.is_empty(), fields[j].title) {
                    at = put(&mut out, at, title_prefix);
                    at = put(&mut out, at, title);
                }
                j += 1;
            }
        }
        i += 1;
    }
    out
}

/// The next `len` bytes of `text` as a string, and the rest.
const fn take(text: &'static [u8], len: usize) -> (&'static str, &'static [u8]) {
    let (head, rest) = text.split_at(len);
    match core::str::from_utf8(head) {
        Ok(s) => (s, rest),
        // Two UTF-8 strings one after another are UTF-8.
        Err(_) => panic!("a prefixed name is not UTF-8"),
    }
}

/// The text a field's title in language `tag` is made from: its translation for the tag,
/// or else its own title.
const fn title_for(field: &FieldSchema, tag: &str) -> Option<&'static str> {
    let mut i = 0;
    while i < field.titles.len() {
        if str_eq(field.titles[i].0, tag) {
            return Some(field.titles[i].1);
        }
        i += 1;
    }
    field.title
}

/// How many translated titles, and how many bytes of them, the languages of the title
/// prefixes make: one per language of a sub-form's `title_prefix(...)` for each of its
/// fields with a title.
const fn translated_titles_size(parts: &[Part]) -> (usize, usize) {
    let (mut count, mut bytes) = (0, 0);
    let mut i = 0;
    while i < parts.len() {
        if let Part::Flatten { fields, title_prefixes, .. } = &parts[i] {
            let mut j = 0;
            while j < fields.len() {
                let mut k = 0;
                while k < title_prefixes.len() {
                    if let Some(title) = title_for(&fields[j], title_prefixes[k].0) {
                        count += 1;
                        bytes += title_prefixes[k].1.len() + title.len();
                    }
                    k += 1;
                }
                j += 1;
            }
        }
        i += 1;
    }
    (count, bytes)
}

/// How many translated titles the prefixes in other languages make.
pub const fn parts_titles_len(parts: &[Part]) -> usize {
    translated_titles_size(parts).0
}

/// How many bytes the translated titles with their prefixes take.
pub const fn parts_titles_text_len(parts: &[Part]) -> usize {
    translated_titles_size(parts).1
}

/// The translated titles with their prefixes, one after another, in the order
/// [`parts_titles`] reads them.
pub const fn parts_titles_text<const B: usize>(parts: &[Part]) -> [u8; B] {
    let mut out = [0u8; B];
    let mut at = 0;
    let mut i = 0;
    while i < parts.len() {
        if let Part::Flatten { fields, title_prefixes, .. } = &parts[i] {
            let mut j = 0;
            while j < fields.len() {
                let mut k = 0;
                while k < title_prefixes.len() {
                    if let Some(title) = title_for(&fields[j], title_prefixes[k].0) {
                        at = put(&mut out, at, title_prefixes[k].1);
                        at = put(&mut out, at, title);
                    }
                    k += 1;
                }
                j += 1;
            }
        }
        i += 1;
    }
    out
}

/// The translated titles of the flattened fields, by language, field after field (the
/// texts from [`parts_titles_text`]).
pub const fn parts_titles<const M: usize>(parts: &[Part], text: &'static [u8]) -> [(&'static str, &'static str); M] {
    let mut out = [("", ""); M];
    let mut text = text;
    let mut at = 0;
    let mut i = 0;
    while i < parts.len() {
        if let Part::Flatten { fields, title_prefixes, .. } = &parts[i] {
            let mut j = 0;
            while j < fields.len() {
                let mut k = 0;
                while k < title_prefixes.len() {
                    if let Some(title) = title_for(&fields[j], title_prefixes[k].0) {
                        let (prefixed, rest) = take(text, title_prefixes[k].1.len() + title.len());
                        out[at] = (title_prefixes[k].0, prefixed);
                        text = rest;
                        at += 1;
                    }
                    k += 1;
                }
                j += 1;
            }
        }
        i += 1;
    }
    out
}

/// How many of the translated titles are field `field`'s.
const fn titles_of(field: &FieldSchema, title_prefixes: Translations) -> usize {
    let mut n = 0;
    let mut k = 0;
    while k < title_prefixes.len() {
        if title_for(field, title_prefixes[k].0).is_some() {
            n += 1;
        }
        k += 1;
    }
    n
}

/// The form's fields: its own, and each flattened form's with the prefixes put on
/// (names and titles from `text`, [`parts_text`]; the titles in other languages from
/// `titles`, [`parts_titles`]).
pub const fn parts_fields<const N: usize>(parts: &[Part], text: &'static [u8], titles: &'static [(&'static str, &'static str)]) -> [FieldSchema; N] {
    let mut out = [FieldSchema::new("", Kind::Boolean); N];
    let mut text = text;
    let mut titles = titles;
    let mut at = 0;
    let mut i = 0;
    while i < parts.len() {
        match &parts[i] {
            Part::Field(field) => {
                out[at] = *field;
                at += 1;
            }
            Part::Flatten { fields, prefix, title_prefix, title_prefixes, optional } => {
                let mut j = 0;
                while j < fields.len() {
                    let mut field = fields[j];
                    let translated = titles_of(&field, title_prefixes);
                    if !prefix.is_empty() {
                        let (name, rest) = take(text, prefix.len() + field.name.len());
                        field.name = name;
                        text = rest;
                    }
                    if let (false, Some(title)) = (title_prefix.is_empty(), field.title) {
                        let (title, rest) = take(text, title_prefix.len() + title.len());
                        field.title = Some(title);
                        // The prefix is in the author's base language: the translations,
                        // which lack it, are not used for this field, unless the prefix
                        // is written in their languages too.
                        field.titles = &[];
                        text = rest;
                    }
                    if !title_prefixes.is_empty() {
                        let (own, rest) = titles.split_at(translated);
                        field.titles = own;
                        titles = rest;
                    }
                    if *optional {
                        field.required = false;
                    }
                    out[at] = field;
                    at += 1;
                    j += 1;
                }
            }
        }
        i += 1;
    }
    out
}

/// Whether two parts of a form (at `a` and `b` in `fields`, `a_len` and `b_len` fields
/// long) send a property of the same name.
pub const fn parts_share_a_name(fields: &[FieldSchema], a: usize, a_len: usize, b: usize, b_len: usize) -> bool {
    let mut i = a;
    while i < a + a_len {
        let mut j = b;
        while j < b + b_len {
            if str_eq(fields[i].name, fields[j].name) {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    false
}

/// Whether two parts of a form would send properties of the same name on 2025-06-18,
/// where a multi-select is sent as one checkbox per option.
pub const fn parts_checkboxes_collide(fields: &[FieldSchema], a: usize, a_len: usize, b: usize, b_len: usize) -> bool {
    let mut i = a;
    while i < a + a_len {
        let mut j = b;
        while j < b + b_len {
            if checkboxes_collide(&fields[i].kind, fields[i].name, &fields[j].kind, fields[j].name) {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    false
}

/// Whether `text` starts with the words `words` (ASCII, any case), the last one
/// possibly in the plural, followed by the end of a word (`key`, `keys`, `key_id`,
/// `keyName`, `Key 2`, but not `keyboard`).
const fn starts_with_words(text: &str, words: &[&str]) -> bool {
    let text = text.as_bytes();
    let mut at = 0;
    let mut w = 0;
    while w < words.len() {
        // Separators between words.
        while at < text.len() && !text[at].is_ascii_alphanumeric() {
            at += 1;
        }
        let word = words[w].as_bytes();
        let mut k = 0;
        while k < word.len() {
            if at + k >= text.len() || text[at + k].to_ascii_lowercase() != word[k] {
                return false;
            }
            k += 1;
        }
        at += k;
        if w + 1 == words.len() && at < text.len() && text[at] == b's' {
            let next = at + 1;
            if next == text.len() || !text[next].is_ascii_lowercase() {
                at = next;
            }
        }
        // The word ends here: the text ends, or a separator, a digit or a capital follows.
        if at < text.len() && text[at].is_ascii_lowercase() {
            return false;
        }
        w += 1;
    }
    true
}

/// Whether a field of `fields` has a name (`titles`: a title) that starts with `words`:
/// a prefix ending in the first words of a secret's name (`api_`, `card_`) would make a
/// name that asks for the secret (`api_key`, `card_number`).
pub const fn starts_a_secret(fields: &[FieldSchema], titles: bool, words: &[&str]) -> bool {
    let mut i = 0;
    while i < fields.len() {
        let text = if titles {
            match fields[i].title {
                Some(title) => title,
                None => "",
            }
        } else {
            fields[i].name
        };
        if !text.is_empty() && starts_with_words(text, words) {
            return true;
        }
        i += 1;
    }
    false
}

/// The prefix put before a violation's field, unless it is about the whole form.
fn prefixed(prefix: &'static str, violation: Violation) -> Violation {
    if prefix.is_empty() || violation.field.is_empty() {
        return violation;
    }
    Violation { field: std::borrow::Cow::Owned(format!("{prefix}{}", violation.field)), ..violation }
}

/// The sub-form's content: each of its fields found in the outer content under its
/// prefixed name (`found`, in the sub-form's field order), under its own name.
fn sub_content<T: Elicit>(found: &[Option<&Value>]) -> Map<String, Value> {
    let mut content = Map::new();
    for (field, value) in T::SCHEMA.fields().iter().zip(found) {
        if let Some(value) = value {
            content.insert(field.name().to_owned(), (*value).clone());
        }
    }
    content
}

/// Decodes a flattened form `T` from the values of its fields (`found`): its own
/// decoding and rules, its violations named by their prefixed (wire) names.
fn flattened<T: Elicit>(found: &[Option<&Value>], prefix: &'static str, report: &mut Report) -> Option<T> {
    match T::from_content(&sub_content::<T>(found)) {
        Ok(value) => Some(value),
        Err(err) => {
            report.violations.extend(err.into_violations().into_iter().map(|v| prefixed(prefix, v)));
            None
        }
    }
}

/// Writes a flattened form's content into the outer content, each name prefixed.
fn put_flattened<T: Elicit>(value: &T, prefix: &'static str, content: &mut Map<String, Value>) {
    for (name, value) in value.to_content() {
        content.insert(format!("{prefix}{name}"), value);
    }
}

/// The type of a flattened field: a form, or an `Option` of one. The derive asks this
/// trait rather than reading the type's spelling, so aliases and paths work.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be flattened: it is not a form",
    label = "not a struct that derives `Elicit`, nor an `Option` of one",
    note = "`#[elicit(flatten)]` puts the fields of a form (a struct with named fields that derives `Elicit`) into this one; a field of any other type is a field of its own: remove `flatten`"
)]
pub trait Flatten: Sized {
    /// The form whose fields are flattened.
    type Form: Elicit;
    /// The form's fields.
    const FIELDS: &'static [FieldSchema] = <Self::Form as Elicit>::SCHEMA.fields;
    /// `Option<Form>`: every field is optional, and the value `None` when none is given.
    const OPTIONAL: bool;
    /// Decodes the value from its fields' values (`found`, in the form's field order).
    fn decode(found: &[Option<&Value>], prefix: &'static str, report: &mut Report) -> Option<Self>;
    /// Writes the value's fields into `content`, prefixed.
    fn encode(&self, prefix: &'static str, content: &mut Map<String, Value>);
}

#[diagnostic::do_not_recommend]
impl<T: Elicit> Flatten for T {
    type Form = T;
    const OPTIONAL: bool = false;
    fn decode(found: &[Option<&Value>], prefix: &'static str, report: &mut Report) -> Option<Self> {
        flattened(found, prefix, report)
    }
    fn encode(&self, prefix: &'static str, content: &mut Map<String, Value>) {
        put_flattened(self, prefix, content);
    }
}

/// `None` when none of `T`'s fields was given (or each was `null`); otherwise `T`
/// decoded, with a violation for each required field missing.
#[diagnostic::do_not_recommend]
impl<T: Elicit> Flatten for Option<T> {
    type Form = T;
    const OPTIONAL: bool = true;
    fn decode(found: &[Option<&Value>], prefix: &'static str, report: &mut Report) -> Option<Self> {
        if found.iter().all(|value| matches!(value, None | Some(Value::Null))) {
            return Some(None);
        }
        flattened(found, prefix, report).map(Some)
    }
    fn encode(&self, prefix: &'static str, content: &mut Map<String, Value>) {
        if let Some(value) = self {
            put_flattened(value, prefix, content);
        }
    }
}

/// `to_content` of one field: its value, when it has one, under its wire name.
#[doc(hidden)]
pub fn put_json(map: &mut Map<String, Value>, name: &str, value: Option<Value>) {
    if let Some(json) = value {
        map.insert(name.to_owned(), json);
    }
}
