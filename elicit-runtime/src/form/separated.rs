//! Free-form lists asked as one string: `#[elicit(separated = ",")] labels: Vec<String>`.
//!
//! The MCP specification's arrays hold choices from a fixed list only, so a list of free
//! text cannot be an array on the wire. A field marked `separated` is sent as one string
//! property whose description says, in the user's language, how to separate the items;
//! the answer is split on the separator and each item is trimmed, checked and decoded.
//! The rules, decided once:
//!
//! - **Splitting**: on every occurrence of the separator, exactly as written (no
//!   escaping: an item cannot contain the separator, so choose one the items never hold).
//! - **Whitespace**: each item is trimmed of leading and trailing whitespace.
//! - **Empty items** (`"a,,b"`, `"a, b,"`, `"  "`): dropped, so a trailing separator or a
//!   doubled one is no mistake; `min_items` says how many items must remain.
//! - **An empty answer** (`""`, or only separators and spaces): no items. A required
//!   field then decodes to an empty `Vec` (unless `min_items` asks for more); an
//!   `Option<Vec<_>>` field decodes to `None`, as if the property were absent.
//! - **Checks**: `min_items` / `max_items` on the number of items; `min_length`,
//!   `max_length`, `pattern` and `format` on each item, with the item type's own format
//!   (`url::Url` items are URIs). A problem names its item by position, counted from 1
//!   after dropping empty ones: "`labels`: item 3: must be at most 20 characters long".

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use serde_json::Value;

use super::field::{ElicitField, NotOption};
use super::problem::{Problem, Report};
use super::schema::{FieldSchema, Kind};
use super::validate::check_string;

/// A type a `#[elicit(separated = "...")]` field can have: a `Vec` of a text-like field
/// type, or an `Option` of one. Implemented here; the derive calls it. Not `doc(hidden)`
/// itself (its re-export is): the compiler prints it by the path `form::holds` gives it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be asked as a separated list",
    label = "`separated` needs a `Vec` of text-like items",
    note = "`#[elicit(separated = \",\")]` asks a `Vec<T>` (or an `Option<Vec<T>>`) as one string, where `T` is a string type (`String`, `Box<str>`, `Arc<str>`...) or a type sent as a string with a format (`url::Url`, chrono's dates)"
)]
pub trait SeparatedList: Sized {
    /// Whether the field may be absent.
    const OPTIONAL: bool;
    /// The kind of one item, which must be a string kind (the derive checks it).
    const ITEM_KIND: Kind;
    /// Reads the field from its property (`None` when it is absent), reporting problems.
    fn __decode(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, absent: fn() -> Option<Self>) -> Option<Self>;
    /// The items joined by `separator`, as content (`None` leaves the property out).
    fn __to_json(&self, separator: &str) -> Option<Value>;
}

/// Whether `kind` is a string kind: what an item of a separated list must be.
#[doc(hidden)]
pub const fn is_text_kind(kind: &Kind) -> bool {
    matches!(kind, Kind::String(_))
}

/// A form field's text: the field types whose content is a JSON string.
fn item_text<T: ElicitField>(item: &T) -> Option<String> {
    match item.to_json() {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

/// The items of `value` checked and decoded, every problem reported by item; `None` when
/// any is wrong. `Some(None)` when the answer holds no item and the field may be absent.
fn read_items<T: ElicitField>(value: &Value, field: &'static FieldSchema, report: &mut Report, optional: bool) -> Option<Option<Vec<T>>> {
    let name = field.name();
    let Some(list) = field.separated_list() else {
        report.push(name, Problem::wrong_type("string", value));
        return None;
    };
    let Some(text) = value.as_str() else {
        report.push(name, Problem::wrong_type("string", value));
        return None;
    };
    report.add_work(text.len());
    let count = list.items(text).count() as u64;
    if count == 0 && optional {
        return Some(None);
    }
    let before = report.violations.len();
    if let Some(min_items) = list.min_items.filter(|&m| count < m) {
        report.push(name, Problem::TooFewItems { min_items, count });
    }
    if let Some(max_items) = list.max_items.filter(|&m| count > m) {
        // Far too many: said once, before any item is read.
        report.push(name, Problem::TooManyItems { max_items, count });
        return None;
    }
    let rules = list.item_rules();
    let mut items = Vec::with_capacity(count as usize);
    for (index, item) in list.items(text).enumerate() {
        let mut scratch = Report::default();
        check_string(name, &rules, item, &mut scratch);
        let decoded = if scratch.violations.is_empty() { T::from_json(&Value::from(item)).map_err(|p| scratch.push(name, p)).ok() } else { None };
        report.add_work(scratch.work as usize);
        for violation in scratch.violations {
            report.push(name, Problem::Item { index: index as u64 + 1, problem: Box::new(violation.problem) });
        }
        items.extend(decoded);
    }
    (report.violations.len() == before).then_some(Some(items))
}

#[diagnostic::do_not_recommend]
impl<T: NotOption> SeparatedList for Vec<T> {
    const OPTIONAL: bool = false;
    const ITEM_KIND: Kind = T::KIND;
    fn __decode(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, absent: fn() -> Option<Self>) -> Option<Self> {
        match found {
            Some(value) if field.is_required() || !value.is_null() => read_items(value, field, report, false).map(Option::unwrap_or_default),
            _ if field.is_required() => {
                report.push(field.name(), Problem::Missing);
                None
            }
            _ => absent().or_else(|| {
                report.push(field.name(), Problem::Missing);
                None
            }),
        }
    }
    fn __to_json(&self, separator: &str) -> Option<Value> {
        let items: Option<Vec<String>> = self.iter().map(item_text).collect();
        Some(Value::from(items?.join(separator)))
    }
}

#[diagnostic::do_not_recommend]
impl<T: NotOption> SeparatedList for Option<Vec<T>> {
    const OPTIONAL: bool = true;
    const ITEM_KIND: Kind = T::KIND;
    fn __decode(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, absent: fn() -> Option<Self>) -> Option<Self> {
        match found {
            Some(value) if !value.is_null() => read_items(value, field, report, true),
            _ => absent().or(Some(None)),
        }
    }
    fn __to_json(&self, separator: &str) -> Option<Value> {
        self.as_ref().and_then(|items| items.__to_json(separator))
    }
}

// The item types named in messages and docs, to keep them honest: each is a text kind.
const _: () = {
    assert!(is_text_kind(&<String as ElicitField>::KIND));
    assert!(is_text_kind(&<Box<str> as ElicitField>::KIND));
    assert!(is_text_kind(&<Arc<str> as ElicitField>::KIND));
    assert!(is_text_kind(&<Rc<str> as ElicitField>::KIND));
    assert!(is_text_kind(&<Cow<'static, str> as ElicitField>::KIND));
    assert!(is_text_kind(&<url::Url as ElicitField>::KIND));
    assert!(!is_text_kind(&<u8 as ElicitField>::KIND));
};
