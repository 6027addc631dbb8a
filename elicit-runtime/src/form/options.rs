//! Run-time selects: a single- or multi-select field whose options are known only when
//! the tool runs (the user's repositories, calendars, time slots), given with each
//! request as [`Options`], checked before anything is sent, and read back by value into
//! the author's own items.
//!
//! The static part of the form (every other field) still comes from the cached schema;
//! the run-time selects' properties are rendered per request and put in their place.

use std::any::Any;
use std::collections::HashSet;
use std::fmt;

use serde_json::Value;

use super::problem::{Problem, Report, echo};
use super::schema::{FieldSchema, Kind, same_name};

/// The most options one run-time select may offer: 100.
///
/// Clients show a select as a dropdown, radio buttons or (on 2025-06-18, for a
/// multi-select) one checkbox per option, and nobody picks reliably from a longer list:
/// past it, ask for a search term first and offer what matches. It also bounds what a
/// request costs to build and to check (each option is a property on 2025-06-18).
pub const MAX_OPTIONS: usize = 100;

/// The longest option value, in bytes: 256. A value is an identifier (an id, a key, a
/// slug), not a text.
pub const MAX_VALUE_LEN: usize = 256;

/// A type whose values can be the items of a run-time select: what the field gives back
/// is the item the user picked, cloned from the [`Options`] offered.
///
/// Implemented for `String` and the integer types; for a type of your own, write
/// `impl SelectItem for RepoId {}`.
///
/// ```
/// use elicit_runtime::form::SelectItem;
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct RepoId(u64);
/// impl SelectItem for RepoId {}
/// ```
// The words of `RuntimeSelect`'s error, which the compiler may give in its place: the
// user reads one error, whichever of the two it names.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the type of a run-time select",
    label = "not an item type, an `Option` of one or a `Vec` of them",
    note = "an `#[elicit(options)]` field holds the item picked, an `Option` of it, or a `Vec` of them; an item is a `String`, an integer, a `char`, or a type of your own crate marked with an empty `impl elicit_runtime::form::SelectItem for ... {{}}` (a type that is `Clone + Send + Sync + 'static`)"
)]
pub trait SelectItem: Clone + Send + Sync + 'static {}

macro_rules! select_items {
    ($($t:ty),*) => { $(impl SelectItem for $t {})* };
}
select_items!(String, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, char);

/// The options of one run-time select, built from the author's items: each with a value
/// (the string the client sends back), a title (what the user reads) and the item the
/// field decodes to. The constructor refuses what no client could show well or the
/// answer could not be read back from ([`OptionsError`]); the field's name is added when
/// the form is asked.
///
/// ```
/// use elicit_runtime::form::{Options, OptionsError};
///
/// let repos = Options::new([("api", "API server", 1u64), ("web", "Web site", 2)])?;
/// assert_eq!(repos.len(), 2);
/// assert_eq!(repos.item("web"), Some(&2));
/// assert_eq!(repos.title("api"), Some("API server"));
///
/// assert_eq!(Options::<u64>::new(Vec::<(String, String, u64)>::new()).unwrap_err(), OptionsError::Empty);
/// assert_eq!(Options::new([("a", "A", 1u8), ("a", "B", 2)]).unwrap_err(), OptionsError::DuplicateValue("a".into()));
/// # Ok::<(), OptionsError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Options<T> {
    list: OptionList,
    items: Vec<T>,
}

/// The values, titles and defaults of a run-time select, without its items.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionList {
    pub(super) values: Vec<String>,
    pub(super) titles: Vec<Option<String>>,
    pub(super) defaults: Vec<usize>,
}

impl OptionList {
    /// The position of the option with this value.
    pub(super) fn position(&self, value: &str) -> Option<usize> {
        self.values.iter().position(|v| same_name(v, value))
    }

    pub(super) fn has_titles(&self) -> bool {
        self.titles.iter().any(Option::is_some)
    }

    /// What the user reads for option `i`: its title, else its value.
    pub(crate) fn label(&self, i: usize) -> &str {
        self.titles[i].as_deref().unwrap_or(&self.values[i])
    }

    #[cfg(feature = "page")]
    /// The options' values, in order.
    pub(crate) fn values(&self) -> &[String] {
        &self.values
    }

    #[cfg(feature = "page")]
    /// Whether option `i` is chosen before the user changes anything.
    pub(crate) fn is_default(&self, i: usize) -> bool {
        self.defaults.contains(&i)
    }

    #[cfg(feature = "page")]
    /// Appends what identifies the list as offered (values, titles, defaults, each
    /// length-prefixed) to `out`: two lists append the same bytes only if they are the same.
    pub(crate) fn fingerprint(&self, out: &mut Vec<u8>) {
        fn put(out: &mut Vec<u8>, bytes: &[u8]) {
            out.extend_from_slice(&(bytes.len() as u64).to_be_bytes());
            out.extend_from_slice(bytes);
        }
        out.extend_from_slice(&(self.values.len() as u64).to_be_bytes());
        for (value, title) in self.values.iter().zip(&self.titles) {
            put(out, value.as_bytes());
            match title {
                Some(title) => {
                    out.push(1);
                    put(out, title.as_bytes());
                }
                None => out.push(0),
            }
        }
        out.extend_from_slice(&(self.defaults.len() as u64).to_be_bytes());
        for &i in &self.defaults {
            out.extend_from_slice(&(i as u64).to_be_bytes());
        }
    }
}

impl<T> Options<T> {
    /// Options from `(value, title, item)`, in the order shown.
    pub fn new<V: Into<String>, L: Into<String>>(items: impl IntoIterator<Item = (V, L, T)>) -> Result<Self, OptionsError> {
        Self::build(items.into_iter().map(|(v, t, item)| (v.into(), Some(t.into()), item)))
    }

    /// Options from `(value, item)`, without titles: the client shows the values.
    ///
    /// ```
    /// use elicit_runtime::form::Options;
    ///
    /// let slots = Options::untitled([("09:00", 9u8), ("10:30", 10)])?;
    /// assert_eq!(slots.item("10:30"), Some(&10));
    /// assert_eq!(slots.title("10:30"), None);
    /// # Ok::<(), elicit_runtime::form::OptionsError>(())
    /// ```
    pub fn untitled<V: Into<String>>(items: impl IntoIterator<Item = (V, T)>) -> Result<Self, OptionsError> {
        Self::build(items.into_iter().map(|(v, item)| (v.into(), None, item)))
    }

    fn build(items: impl Iterator<Item = (String, Option<String>, T)>) -> Result<Self, OptionsError> {
        let mut list = OptionList { values: Vec::new(), titles: Vec::new(), defaults: Vec::new() };
        let mut kept = Vec::new();
        // Duplicates found by hash: a walk over the earlier values and titles for each
        // option would compare up to 2 × 4,950 strings at 100 options.
        let (mut seen_values, mut seen_titles) = (HashSet::new(), HashSet::new());
        for (value, title, item) in items {
            if kept.len() == MAX_OPTIONS {
                return Err(OptionsError::TooMany { max: MAX_OPTIONS });
            }
            if value.is_empty() {
                return Err(OptionsError::EmptyValue);
            }
            if value.len() > MAX_VALUE_LEN {
                return Err(OptionsError::ValueTooLong(echo(&value)));
            }
            if !seen_values.insert(value.clone()) {
                return Err(OptionsError::DuplicateValue(value));
            }
            if let Some(title) = &title {
                if !seen_titles.insert(title.clone()) {
                    return Err(OptionsError::DuplicateTitle(title.clone()));
                }
                if crate::rules::url_in_text::find_url(title).is_some() {
                    return Err(OptionsError::UrlInTitle(value));
                }
                if let Some(word) = crate::rules::secret::secret_in(title) {
                    return Err(OptionsError::SecretInTitle { value, word });
                }
            }
            list.values.push(value);
            list.titles.push(title);
            kept.push(item);
        }
        if kept.is_empty() {
            return Err(OptionsError::Empty);
        }
        Ok(Options { list, items: kept })
    }

    /// Marks the option with this value as chosen before the user changes anything (the
    /// field's `default`); call it again for more than one on a multi-select.
    ///
    /// ```
    /// use elicit_runtime::form::{Options, OptionsError};
    ///
    /// let regions = Options::new([("eu", "Europe", 1u8), ("us", "Americas", 2)])?.with_default("eu")?;
    /// assert_eq!(Options::new([("eu", "Europe", 1u8)])?.with_default("asia").unwrap_err(), OptionsError::DefaultNotAnOption("asia".into()));
    /// # Ok::<(), OptionsError>(())
    /// ```
    pub fn with_default(mut self, value: &str) -> Result<Self, OptionsError> {
        let i = self.list.position(value).ok_or_else(|| OptionsError::DefaultNotAnOption(echo(value)))?;
        if !self.list.defaults.contains(&i) {
            self.list.defaults.push(i);
        }
        Ok(self)
    }

    /// How many options there are (at least one).
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Always `false`: an empty list is refused when it is built.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The values, in order.
    pub fn values(&self) -> impl Iterator<Item = &str> {
        self.list.values.iter().map(String::as_str)
    }

    /// The item of the option with this value.
    pub fn item(&self, value: &str) -> Option<&T> {
        self.list.position(value).map(|i| &self.items[i])
    }

    /// The title of the option with this value, if it has one.
    pub fn title(&self, value: &str) -> Option<&str> {
        self.list.position(value).and_then(|i| self.list.titles[i].as_deref())
    }

    #[doc(hidden)]
    pub fn __list(&self) -> &OptionList {
        &self.list
    }
}

/// What is wrong with the options given for a run-time select. Nothing was sent.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum OptionsError {
    /// No options: there is nothing to choose from (ask something else, or say so).
    Empty,
    /// More than 100 options.
    TooMany {
        /// The bound.
        max: usize,
    },
    /// An option's value is the empty string.
    EmptyValue,
    /// An option's value is longer than 256 bytes.
    ValueTooLong(String),
    /// Two options have this value: the answer could not tell them apart.
    DuplicateValue(String),
    /// Two options have this title: the user could not tell them apart.
    DuplicateTitle(String),
    /// The title of the option with this value contains a URL, which form mode must not
    /// show.
    UrlInTitle(String),
    /// The title of the option with this value asks for a secret (`word`), which form
    /// mode must not.
    SecretInTitle {
        /// The option's value.
        value: String,
        /// The words that ask for a secret.
        word: String,
    },
    /// The default is not the value of an option.
    DefaultNotAnOption(String),
    /// A single-select was given more than one default.
    SeveralDefaults,
    /// The form was asked without options for this field (a generic caller that went
    /// around `elicit_with`).
    NotGiven,
    /// `min_items` asks for more choices than there are options.
    TooFewForMinItems {
        /// The field's `min_items`.
        min_items: u64,
        /// How many options were given.
        count: usize,
    },
    /// On 2025-06-18 a multi-select travels as one checkbox per option; this checkbox's
    /// name is the name of another property of the form.
    CheckboxTaken(String),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Empty => f.write_str("there are no options to choose from: ask something else, or tell the user there is nothing to pick"),
            OptionsError::TooMany { max } => {
                write!(f, "there are more than {max} options, more than a person can pick from: ask for a search term first and offer what matches")
            }
            OptionsError::EmptyValue => f.write_str("an option's value is empty: give each option a non-empty id"),
            OptionsError::ValueTooLong(value) => write!(f, "the value `{value}` is longer than {MAX_VALUE_LEN} bytes: use a short id"),
            OptionsError::DuplicateValue(value) => write!(f, "two options have the value `{value}`: the answer could not tell them apart"),
            OptionsError::DuplicateTitle(title) => write!(f, "two options have the title `{title}`: the user could not tell them apart"),
            OptionsError::UrlInTitle(value) => write!(f, "the title of option `{value}` contains a URL, which form mode must not show"),
            OptionsError::SecretInTitle { value, word } => {
                write!(f, "the title of option `{value}` asks for a secret (`{word}`), which form mode must not")
            }
            OptionsError::DefaultNotAnOption(value) => write!(f, "the default `{value}` is not the value of an option"),
            OptionsError::SeveralDefaults => f.write_str("a single-select has one default at most"),
            OptionsError::NotGiven => f.write_str("no options were given: ask the form with `elicit_with` and its options"),
            OptionsError::TooFewForMinItems { min_items, count } => {
                write!(f, "`min_items = {min_items}` asks for more choices than the {count} options given")
            }
            OptionsError::CheckboxTaken(property) => write!(
                f,
                "on protocol revision 2025-06-18 an option's checkbox is named `{property}`, the name of another property of the form: rename the field"
            ),
        }
    }
}

impl std::error::Error for OptionsError {}

/// The options of every run-time select of a form: the struct `#[derive(Elicit)]`
/// writes beside it (`DeployOptions`), seen without its item types.
#[doc(hidden)]
pub trait FormOptions: Any + Send + Sync {
    /// The list of the run-time select `field` (its wire name).
    fn list(&self, field: &str) -> Option<&OptionList>;
    /// The field `field` (its wire name) as this request asks it, where its rules are
    /// given with the request rather than known at compile time (a single value's bounds,
    /// [`ask_text`](crate::exchange::ask_text)): its property is written from it.
    fn field(&self, field: &str) -> Option<&FieldSchema> {
        let _ = field;
        None
    }
    /// Itself, for the form's decoding to read its items.
    fn as_any(&self) -> &dyn Any;
}

/// What `#[derive(Elicit)]` implements for the struct of options it writes beside a form
/// (`DeployOptions`): [`FormOptions`] follows, for a struct that is `Send + Sync`, and
/// is asked for where the options are given (`__private::GivenFor`), never where the struct is
/// declared: an item type that is no run-time select is then reported once, on itself.
#[doc(hidden)]
pub trait CompanionOptions {
    /// The list of the run-time select `field` (its wire name).
    fn list(&self, field: &str) -> Option<&OptionList>;
}

impl<C: CompanionOptions + Send + Sync + 'static> FormOptions for C {
    fn list(&self, field: &str) -> Option<&OptionList> {
        CompanionOptions::list(self, field)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Never implemented: the bound of the `elicit` a form with run-time selects has only to
/// be refused, naming the call that gives the options.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{F}` has run-time selects (`#[elicit(options)]`): it is asked with their options",
    label = "the options of its run-time selects are missing",
    note = "ask it with `{F}::elicit_with(&peer, message, options)`, where `options` is the struct `#[derive(Elicit)]` wrote beside `{F}` (its name ends in `Options`), one `Options` per run-time select"
)]
pub trait AskedWithOptions<F>: never::Never {}

mod never {
    /// Implemented by nothing.
    pub trait Never {}
}

/// Whether a kind is a multi-select (what `min_items` / `max_items` on a run-time
/// select need).
#[doc(hidden)]
pub const fn is_multi_select(kind: &Kind) -> bool {
    matches!(kind, Kind::MultiSelect(_))
}

/// What an `#[elicit(options)]` field's type is: an item type, an `Option` of one, or a
/// `Vec` of them (a multi-select). Decided by these impls, never by the type's spelling.
/// Not `doc(hidden)` itself (its re-exports are): the compiler prints it under the name
/// `form::holds` gives it, `OptionsField`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the type of a run-time select",
    label = "not an item type, an `Option` of one or a `Vec` of them",
    note = "an `#[elicit(options)]` field holds the item picked, an `Option` of it, or a `Vec` of them; an item is a `String`, an integer, a `char`, or a type of your own crate marked with an empty `impl elicit_runtime::form::SelectItem for ... {{}}` (a type that is `Clone + Send + Sync + 'static`)"
)]
pub trait RuntimeSelect: Sized {
    /// The item type (a [`SelectItem`], as every impl says: not a bound here, so that a
    /// type that is no run-time select is reported once, as that).
    type Item;
    /// The field's kind, with no options.
    const KIND: Kind;
    /// Whether the field may be left out.
    const OPTIONAL: bool;
    /// Reads the field from its property, against the options offered.
    fn __decode(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, options: Option<&Options<Self::Item>>) -> Option<Self>;
}

const SINGLE: Kind = Kind::Select(&[]);
const MULTI: Kind = Kind::MultiSelect(super::MultiSelectRules { options: &[], min_items: None, max_items: None });

#[diagnostic::do_not_recommend]
impl<T: SelectItem> RuntimeSelect for T {
    type Item = T;
    const KIND: Kind = SINGLE;
    const OPTIONAL: bool = false;
    fn __decode(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, options: Option<&Options<T>>) -> Option<Self> {
        let options = given(field, report, options)?;
        match found {
            None | Some(Value::Null) => match options.list.defaults.first() {
                Some(&i) => Some(options.items[i].clone()),
                None => {
                    report.push(field.name(), Problem::Missing);
                    None
                }
            },
            Some(value) => read_one(value, field, report, options),
        }
    }
}

#[diagnostic::do_not_recommend]
impl<T: SelectItem> RuntimeSelect for Option<T> {
    type Item = T;
    const KIND: Kind = SINGLE;
    const OPTIONAL: bool = true;
    fn __decode(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, options: Option<&Options<T>>) -> Option<Self> {
        let options = given(field, report, options)?;
        match found {
            None | Some(Value::Null) => Some(options.list.defaults.first().map(|&i| options.items[i].clone())),
            Some(value) => read_one(value, field, report, options).map(Some),
        }
    }
}

#[diagnostic::do_not_recommend]
impl<T: SelectItem> RuntimeSelect for Vec<T> {
    type Item = T;
    const KIND: Kind = MULTI;
    const OPTIONAL: bool = false;
    fn __decode(found: Option<&Value>, field: &'static FieldSchema, report: &mut Report, options: Option<&Options<T>>) -> Option<Self> {
        let options = given(field, report, options)?;
        let name = field.name();
        let items = match found {
            None | Some(Value::Null) if !options.list.defaults.is_empty() => {
                return Some(options.list.defaults.iter().map(|&i| options.items[i].clone()).collect());
            }
            None | Some(Value::Null) => {
                report.push(name, Problem::Missing);
                return None;
            }
            Some(Value::Array(items)) => items,
            Some(other) => {
                report.push(name, Problem::wrong_type("array", other));
                return None;
            }
        };
        let (min_items, max_items) = match field.kind() {
            Kind::MultiSelect(rules) => (rules.min_items, rules.max_items),
            _ => (None, None),
        };
        let count = items.len() as u64;
        if let Some(max_items) = max_items.filter(|&m| count > m) {
            report.push(name, Problem::TooManyItems { max_items, count });
        }
        if let Some(min_items) = min_items.filter(|&m| count < m) {
            report.push(name, Problem::TooFewItems { min_items, count });
        }
        // Far more items than options: refused before each is looked at.
        if items.len() > 2 * options.len() {
            return None;
        }
        let mut picked: Vec<usize> = Vec::with_capacity(items.len());
        let mut clean = report.is_clean();
        for item in items {
            let Some(s) = item.as_str() else {
                report.push(name, Problem::wrong_type("string", item));
                clean = false;
                continue;
            };
            report.add_work(options.len());
            match options.list.position(s) {
                Some(i) if picked.contains(&i) => {
                    report.push(name, Problem::DuplicateItem(echo(s)));
                    clean = false;
                }
                Some(i) => picked.push(i),
                None => {
                    report.push(name, Problem::UnknownItem(echo(s)));
                    clean = false;
                }
            }
        }
        let fits = min_items.is_none_or(|m| count >= m) && max_items.is_none_or(|m| count <= m);
        // In the options' order, whatever order the client sent them in: the same list on
        // every revision and through every client (checkboxes are read in that order).
        picked.sort_unstable();
        (clean && fits).then(|| picked.into_iter().map(|i| options.items[i].clone()).collect())
    }
}

/// The options given for the field, or a violation saying none were.
fn given<'o, T>(field: &'static FieldSchema, report: &mut Report, options: Option<&'o Options<T>>) -> Option<&'o Options<T>> {
    if options.is_none() {
        report.push(field.name(), Problem::Rule("was asked without its options".into()));
    }
    options
}

/// One value: the item of the offered option with that value.
fn read_one<T: Clone>(value: &Value, field: &'static FieldSchema, report: &mut Report, options: &Options<T>) -> Option<T> {
    let Some(s) = value.as_str() else {
        report.push(field.name(), Problem::wrong_type("string", value));
        return None;
    };
    match options.list.position(s) {
        Some(i) => Some(options.items[i].clone()),
        None => {
            report.push(field.name(), Problem::NotAnOption(echo(s)));
            None
        }
    }
}
