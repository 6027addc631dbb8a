//! A single value in one line: [`ask_text`], [`ask_number`], [`ask_enum`] and
//! [`ask_select`], each a form of one field, `value`, whose rules are given when it is
//! asked (an enum's are its own).
//!
//! The form is a hidden type that implements [`Elicit`] like any derived form; its rules
//! travel with the request the way a run-time select's options do (written into the
//! request's schema, checked against the answer), so every path a form takes (directly,
//! 2026-07-28 rounds, the relay through the model), every revision and client profile,
//! re-asks, timeouts and translations are the form machinery's own.

use std::any::Any;
use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::Duration;

use serde_json::{Map, Value};

use super::elicit::{Elicit, FormRequest};
use super::elicitation::Elicitation;
use super::error::ElicitError;
use super::transport::{ElicitPeer, Provenance};
use crate::form::{
    ElicitEnum, ElicitField, FieldSchema, FormOptions, FormSchema, Format, IntegerRules, InvalidContent, Kind, Literal, NumberRules, NumericField, OptionList,
    Options, Problem, Report, RuntimeSelect, SchemaError, SchemaOptions, SelectItem, StringRules, Violation, check_value,
};
use crate::locale::{Locale, Words};

/// The wire name of the one field of a single value.
pub const VALUE_FIELD: &str = "value";

/// The title of the field, in the toolkit's languages: the catalogs' `value-title`
/// (a unit test keeps the two the same).
const TITLE: &str = "Answer";
const TITLES: &[(&str, &str)] = &[("de", "Antwort"), ("es", "Respuesta"), ("fr", "Réponse"), ("ja", "回答"), ("ko", "답변"), ("zh-Hans", "回答")];

/// The field `value` of the kind `kind`, required, titled from the catalogs, written for
/// each request from the rules given with it.
const fn field(kind: Kind) -> FieldSchema {
    FieldSchema { runtime: true, ..fixed(kind) }
}

/// The field `value` of the kind `kind`, as the derive would write it.
const fn fixed(kind: Kind) -> FieldSchema {
    FieldSchema::new(VALUE_FIELD, kind).with_title(TITLE).with_titles(TITLES)
}

/// What a request of a single value carries beside the form: the field as it is asked
/// this time (its bounds, pattern, format), or a select's options.
struct Given<T> {
    field: FieldSchema,
    options: Option<Options<T>>,
}

impl<T: Send + Sync + 'static> FormOptions for Given<T> {
    fn list(&self, field: &str) -> Option<&OptionList> {
        self.options.as_ref().filter(|_| field == VALUE_FIELD).map(Options::__list)
    }
    fn field(&self, field: &str) -> Option<&FieldSchema> {
        (field == VALUE_FIELD && self.options.is_none()).then_some(&self.field)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Reads `content` against the field as it was asked: every problem with `value`, and a
/// key that was not asked for.
fn read<T: 'static, V>(
    schema: &'static FormSchema,
    content: &Map<String, Value>,
    given: Option<&dyn FormOptions>,
    decode: impl FnOnce(&Given<T>, Option<&Value>, &mut Report) -> Option<V>,
) -> Result<V, InvalidContent> {
    let mut report = Report::default();
    let found = content.get(VALUE_FIELD);
    let value = match given.and_then(|g| g.as_any().downcast_ref::<Given<T>>()) {
        Some(given) => decode(given, found, &mut report),
        None => {
            report.push(VALUE_FIELD, Problem::Rule("was asked without its rules".into()));
            None
        }
    };
    report.not_asked(content, schema.fields(), usize::from(found.is_some()));
    match (report.finish(), value) {
        (Ok(()), Some(value)) => Ok(value),
        (Err(invalid), _) => Err(invalid),
        (Ok(()), None) => Err(InvalidContent::of_rules(vec![Violation::new(VALUE_FIELD, Problem::Missing)])),
    }
}

/// A present value checked against the field as asked, then decoded.
fn checked<V>(field: &FieldSchema, found: Option<&Value>, report: &mut Report, decode: impl FnOnce(&Value) -> Result<V, Problem>) -> Option<V> {
    let value = match found {
        None | Some(Value::Null) => {
            report.push(VALUE_FIELD, Problem::Missing);
            return None;
        }
        Some(value) => value,
    };
    if !check_value(field, value, report) {
        return None;
    }
    match decode(value) {
        Ok(v) => Some(v),
        Err(problem) => {
            report.push(VALUE_FIELD, problem);
            None
        }
    }
}

// ---- the forms ---------------------------------------------------------------------------

/// The form of [`ask_text`].
#[doc(hidden)]
#[derive(Debug)]
pub struct TextForm(String);

#[diagnostic::do_not_recommend]
impl Elicit for TextForm {
    const SCHEMA: &'static FormSchema = &FormSchema { fields: &[field(Kind::String(StringRules::PLAIN))] };
    const __RUNTIME_SELECTS: bool = true;

    fn from_content(content: &Map<String, Value>) -> Result<Self, InvalidContent> {
        Self::__from_content_with(content, None)
    }
    fn __from_content_with(content: &Map<String, Value>, given: Option<&dyn FormOptions>) -> Result<Self, InvalidContent> {
        read::<(), _>(Self::SCHEMA, content, given, |given, found, report| {
            checked(&given.field, found, report, |v| v.as_str().map(|s| TextForm(s.to_owned())).ok_or_else(|| Problem::wrong_type("string", v)))
        })
    }
    fn to_content(&self) -> Map<String, Value> {
        Map::from_iter([(VALUE_FIELD.to_owned(), Value::from(self.0.as_str()))])
    }
}

/// The form of [`ask_number`].
#[doc(hidden)]
#[derive(Debug)]
pub struct NumberForm<N>(N);

#[diagnostic::do_not_recommend]
impl<N: Number> Elicit for NumberForm<N> {
    const SCHEMA: &'static FormSchema = &FormSchema { fields: &[field(N::KIND)] };
    const __RUNTIME_SELECTS: bool = true;

    fn from_content(content: &Map<String, Value>) -> Result<Self, InvalidContent> {
        Self::__from_content_with(content, None)
    }
    fn __from_content_with(content: &Map<String, Value>, given: Option<&dyn FormOptions>) -> Result<Self, InvalidContent> {
        read::<(), _>(Self::SCHEMA, content, given, |given, found, report| checked(&given.field, found, report, N::from_json).map(NumberForm))
    }
    fn to_content(&self) -> Map<String, Value> {
        self.0.to_json().map(|v| Map::from_iter([(VALUE_FIELD.to_owned(), v)])).unwrap_or_default()
    }
}

/// The form of [`ask_select`].
#[doc(hidden)]
#[derive(Debug)]
pub struct SelectForm<T>(T);

#[diagnostic::do_not_recommend]
impl<T: SelectItem> Elicit for SelectForm<T> {
    const SCHEMA: &'static FormSchema = &FormSchema { fields: &[field(Kind::Select(&[]))] };
    const __RUNTIME_SELECTS: bool = true;

    fn from_content(content: &Map<String, Value>) -> Result<Self, InvalidContent> {
        Self::__from_content_with(content, None)
    }
    fn __from_content_with(content: &Map<String, Value>, given: Option<&dyn FormOptions>) -> Result<Self, InvalidContent> {
        read::<T, _>(Self::SCHEMA, content, given, |given, found, report| {
            <T as RuntimeSelect>::__decode(found, &Self::SCHEMA.fields()[0], report, given.options.as_ref()).map(SelectForm)
        })
    }
    /// A select's value is in the options, not in the item (as for any run-time select).
    fn to_content(&self) -> Map<String, Value> {
        Map::new()
    }
}

/// The form of [`ask_enum`].
#[doc(hidden)]
#[derive(Debug)]
pub struct EnumForm<E>(E);

#[diagnostic::do_not_recommend]
impl<E: ElicitEnum + ElicitField> Elicit for EnumForm<E> {
    const SCHEMA: &'static FormSchema = &FormSchema {
        fields: &[FieldSchema {
            description: <E as ElicitField>::DESCRIPTION,
            descriptions: <E as ElicitField>::DESCRIPTIONS,
            legacy_enum_names: E::LEGACY_ENUM_NAMES,
            ..fixed(E::KIND)
        }],
    };

    fn from_content(content: &Map<String, Value>) -> Result<Self, InvalidContent> {
        Self::SCHEMA.validate(content)?;
        match content.get(VALUE_FIELD).map(E::from_json) {
            Some(Ok(value)) => Ok(EnumForm(value)),
            Some(Err(problem)) => Err(InvalidContent::of_rules(vec![Violation::new(VALUE_FIELD, problem)])),
            None => Err(InvalidContent::of_rules(vec![Violation::new(VALUE_FIELD, Problem::Missing)])),
        }
    }
    fn to_content(&self) -> Map<String, Value> {
        self.0.to_json().map(|v| Map::from_iter([(VALUE_FIELD.to_owned(), v)])).unwrap_or_default()
    }
}

// ---- numbers -------------------------------------------------------------------------------

/// A number type [`ask_number`] asks for: the integer types (`u8` … `u64`, `i8` …
/// `i64`, `usize`, `isize`), `f32` and `f64`. The answer is one of the type's values,
/// whatever the bounds.
pub trait Number: ElicitField + NumericField + Copy + PartialOrd + std::fmt::Display + Send + Sync + 'static + sealed::Sealed {
    /// The bound as the schema's rules hold it.
    #[doc(hidden)]
    fn __bound(self) -> Bound;
}

#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum Bound {
    Int(i128),
    Float(f64),
}

mod sealed {
    pub trait Sealed {}
}

macro_rules! numbers {
    ($($t:ty => $bound:ident),* $(,)?) => {$(
        impl sealed::Sealed for $t {}
        impl Number for $t {
            fn __bound(self) -> Bound {
                Bound::$bound(self.into())
            }
        }
    )*};
}
numbers!(u8 => Int, u16 => Int, u32 => Int, u64 => Int, i8 => Int, i16 => Int, i32 => Int, i64 => Int, f32 => Float, f64 => Float);

impl sealed::Sealed for usize {}
impl Number for usize {
    fn __bound(self) -> Bound {
        Bound::Int(self as i128)
    }
}
impl sealed::Sealed for isize {}
impl Number for isize {
    fn __bound(self) -> Bound {
        Bound::Int(self as i128)
    }
}

// ---- the requests --------------------------------------------------------------------------

/// The hidden form of one kind of single value: what the author sets on its request before
/// it is sent (the rules of a text, the bounds of a number, a select's options), and the
/// value its answer is.
#[doc(hidden)]
pub trait SingleForm: Elicit + Send {
    /// The value the answer is.
    type Value;
    /// What the author sets before the question is sent.
    #[doc(hidden)]
    type Rules: Send;
    /// The answer's value.
    #[doc(hidden)]
    fn __value(&self) -> &Self::Value;
    /// The answer's value, owned.
    #[doc(hidden)]
    fn __into_value(self) -> Self::Value;
    /// The request as it is sent with `rules`: an author's mistake (a rule no answer could
    /// keep) is [`ErrorKind::Schema`](crate::exchange::ErrorKind::Schema), before anything is sent.
    #[doc(hidden)]
    fn __ready<'a, P: ElicitPeer + ?Sized>(request: FormRequest<'a, Self, P>, rules: Self::Rules) -> Result<FormRequest<'a, Self, P>, ElicitError>;
}

/// The bounds of a number, as the author set them.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Bounds<N> {
    minimum: Option<N>,
    maximum: Option<N>,
}

fn bad(rule: &'static str, why: String) -> ElicitError {
    ElicitError::from(SchemaError::BadRule { field: VALUE_FIELD, rule, why })
}

impl SingleForm for TextForm {
    type Value = String;
    type Rules = StringRules;

    fn __value(&self) -> &String {
        &self.0
    }
    fn __into_value(self) -> String {
        self.0
    }
    fn __ready<'a, P: ElicitPeer + ?Sized>(request: FormRequest<'a, Self, P>, rules: StringRules) -> Result<FormRequest<'a, Self, P>, ElicitError> {
        if let (Some(min), Some(max)) = (rules.min_length, rules.max_length)
            && min > max
        {
            return Err(bad("min_length", format!("`min_length` {min} is more than `max_length` {max}: no text has both")));
        }
        if let Some(pattern) = rules.pattern
            && let Err(error) = crate::rules::ecma::for_regex_crate(pattern, regex::Regex::new)
        {
            return Err(bad("pattern", format!("the pattern `{pattern}` is not a regular expression: {error}")));
        }
        Ok(request.__with_options(Given::<()> { field: field(Kind::String(rules)), options: None }))
    }
}

impl<N: Number> SingleForm for NumberForm<N> {
    type Value = N;
    type Rules = Bounds<N>;

    fn __value(&self) -> &N {
        &self.0
    }
    fn __into_value(self) -> N {
        self.0
    }
    fn __ready<'a, P: ElicitPeer + ?Sized>(request: FormRequest<'a, Self, P>, bounds: Bounds<N>) -> Result<FormRequest<'a, Self, P>, ElicitError> {
        for (rule, bound) in [("minimum", bounds.minimum), ("maximum", bounds.maximum)] {
            if let Some(Bound::Float(x)) = bound.map(Number::__bound)
                && !x.is_finite()
            {
                return Err(bad(rule, format!("`{rule}` is {x}, not a finite number")));
            }
        }
        if let (Some(min), Some(max)) = (bounds.minimum, bounds.maximum)
            && min > max
        {
            return Err(bad("minimum", format!("`minimum` {min} is more than `maximum` {max}: no number has both")));
        }
        let kind = match N::KIND {
            Kind::Integer(rules) => {
                let int = |b: Option<N>| b.map(Number::__bound).and_then(|b| if let Bound::Int(n) = b { Some(n) } else { None });
                // The type's own range where the author gives no bound (as the derive writes it).
                Kind::Integer(IntegerRules { minimum: int(bounds.minimum).or(rules.minimum), maximum: int(bounds.maximum).or(rules.maximum), ..rules })
            }
            Kind::Number(rules) => {
                let float = |b: Option<N>| b.map(Number::__bound).and_then(|b| if let Bound::Float(x) = b { Some(Literal::Float(x)) } else { None });
                Kind::Number(NumberRules { minimum: float(bounds.minimum), maximum: float(bounds.maximum), ..rules })
            }
            other => other,
        };
        Ok(request.__with_options(Given::<()> { field: field(kind), options: None }))
    }
}

impl<T: SelectItem> SingleForm for SelectForm<T> {
    type Value = T;
    type Rules = Options<T>;

    fn __value(&self) -> &T {
        &self.0
    }
    fn __into_value(self) -> T {
        self.0
    }
    fn __ready<'a, P: ElicitPeer + ?Sized>(request: FormRequest<'a, Self, P>, options: Options<T>) -> Result<FormRequest<'a, Self, P>, ElicitError> {
        Ok(request.__with_options(Given { field: Self::SCHEMA.fields()[0], options: Some(options) }))
    }
}

impl<E: ElicitEnum + ElicitField + Send> SingleForm for EnumForm<E> {
    type Value = E;
    type Rules = ();

    fn __value(&self) -> &E {
        &self.0
    }
    fn __into_value(self) -> E {
        self.0
    }
    /// An enum's rules are its own: the request goes as it is.
    fn __ready<'a, P: ElicitPeer + ?Sized>(request: FormRequest<'a, Self, P>, (): ()) -> Result<FormRequest<'a, Self, P>, ElicitError> {
        Ok(request)
    }
}

/// A single value about to be asked ([`ask_text`], [`ask_number`], [`ask_select`],
/// [`ask_enum`]): set its rules (a text's length, pattern and format, a number's bounds),
/// then await it for an [`Elicitation`] of the value. Its other settings are a form's
/// ([`FormRequest`]).
#[must_use = "the question is sent when it is awaited"]
pub struct ValueRequest<'a, F: SingleForm, P: ?Sized> {
    request: FormRequest<'a, F, P>,
    rules: F::Rules,
}

impl<'a, F: SingleForm, P: ElicitPeer + ?Sized> ValueRequest<'a, F, P> {
    fn new(peer: &'a P, message: Words, rules: F::Rules) -> Self {
        ValueRequest { request: FormRequest::new(peer, message), rules }
    }

    /// Ask again up to `times` more times when the answer breaks a rule, with the
    /// problem named under the message ([`FormRequest::reask`]).
    pub fn reask(mut self, times: u32) -> Self {
        self.request = self.request.reask(times);
        self
    }

    /// Give up after `timeout` ([`FormRequest::timeout`]).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.request = self.request.timeout(timeout);
        self
    }

    /// Only the user may answer, never the model relaying for them
    /// ([`FormRequest::user_only`]).
    pub fn user_only(mut self) -> Self {
        self.request = self.request.user_only();
        self
    }

    /// The language of the toolkit's words in this question ([`FormRequest::locale`]).
    pub fn locale(mut self, locale: Locale) -> Self {
        self.request = self.request.locale(locale);
        self
    }

    /// The input key on 2026-07-28 ([`FormRequest::key`]).
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.request = self.request.key(key);
        self
    }

    /// How the schema is written ([`FormRequest::schema_options`]).
    pub fn schema_options(mut self, options: SchemaOptions) -> Self {
        self.request = self.request.schema_options(options);
        self
    }

    /// How often progress is reported while the person answers
    /// ([`FormRequest::progress_every`]).
    pub fn progress_every(mut self, every: Option<Duration>) -> Self {
        self.request = self.request.progress_every(every);
        self
    }

    /// The author's rules that need to wait, on the decoded value
    /// ([`FormRequest::check`]): problems are reported on the field `value`
    /// ([`Violation::rule`]`("value", ..)`).
    pub fn check<C, Fut>(mut self, check: C) -> Self
    where
        C: Fn(&F::Value) -> Fut + Send + Sync + 'a,
        Fut: Future<Output = Result<(), Vec<Violation>>> + Send + 'a,
    {
        self.request = self.request.check(move |form: &F| check(form.__value()));
        self
    }

    /// Sends the question; awaiting the request does the same.
    pub async fn send(self) -> Result<Elicitation<F::Value>, ElicitError> {
        self.with_provenance().await.map(|(answer, _)| answer)
    }

    /// Awaits the answer together with who gave it ([`Provenance`]).
    pub async fn with_provenance(self) -> Result<(Elicitation<F::Value>, Provenance), ElicitError> {
        let (answer, by) = F::__ready(self.request, self.rules)?.with_provenance().await?;
        Ok((answer.map(F::__into_value), by))
    }
}

impl<'a, F: SingleForm, P: ElicitPeer + ?Sized + 'a> IntoFuture for ValueRequest<'a, F, P> {
    type Output = Result<Elicitation<F::Value>, ElicitError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

/// A text in one line: a form of one string field, `value`, with its rules.
///
/// Every single value ([`ask_text`], [`ask_number`], [`ask_enum`], [`ask_select`]) is a form of one
/// required field named `value`, titled in the user's language from
/// the catalogs' `value-title` ("Answer", "回答"...; the shipped texts, fixed when the
/// program is built like a derived form's titles: an override of the message added at
/// run time is not read, and a language the toolkit does not ship gets "Answer"): on 2025-11-25,
/// `ask_text(peer, "Your name?").min_length(2)` sends
/// `{"type": "object", "properties": {"value": {"type": "string", "title": "Answer", "minLength": 2}}, "required": ["value"]}`.
/// Its answer is read like any form's: a wrong one is asked again with `.reask(n)`,
/// the problem named on the field ("Answer: must be at least 2 characters long, got 1"),
/// a key beside `value` is a problem of its own, decline and cancel are answers. It is
/// asked on every revision, in the rounds of 2026-07-28 (inside `ToolCall::run`), through
/// the model where the author allows it (`.user_only()` forbids it), and written for the
/// client's profile (a number as text for a client that shows none). A rule no answer
/// could keep (`min_length` above `max_length`, a pattern that does not compile) is
/// [`ErrorKind::Schema`](crate::exchange::ErrorKind::Schema) with [`SchemaError::BadRule`], before anything is sent.
///
/// ```
/// use elicit_runtime::exchange::ask_text;
/// use elicit_runtime::form::Format;
/// use elicit_runtime::{ElicitError, ElicitPeer};
///
/// async fn contact(peer: &impl ElicitPeer) -> Result<Option<String>, ElicitError> {
///     let name = ask_text(peer, "Your name?").min_length(2).reask(1).await?;
///     let email = ask_text(peer, "Where should we write?").format(Format::Email).reask(1).await?;
///     Ok(name.accepted().zip(email.accepted()).map(|(name, email)| format!("{name} <{email}>")))
/// }
/// ```
pub fn ask_text<P: ElicitPeer + ?Sized>(peer: &P, message: impl Into<Words>) -> ValueRequest<'_, TextForm, P> {
    ValueRequest::new(peer, message.into(), StringRules::PLAIN)
}

/// A text's rules.
impl<'a, P: ElicitPeer + ?Sized> ValueRequest<'a, TextForm, P> {
    /// At least `n` characters (Unicode scalar values): `minLength`.
    pub fn min_length(mut self, n: u64) -> Self {
        self.rules.min_length = Some(n);
        self
    }

    /// At most `n` characters: `maxLength`.
    pub fn max_length(mut self, n: u64) -> Self {
        self.rules.max_length = Some(n);
        self
    }

    /// A `format` the text must have: an email address, a URI, a date, a date-time.
    pub fn format(mut self, format: Format) -> Self {
        self.rules.format = Some(format);
        self
    }

    /// A regular expression (ECMA-262, as JSON Schema's `pattern`) the text must contain
    /// a match of; checked by the server (and sent to the client with
    /// [`SchemaOptions::pattern_on_wire`]). A pattern is written in the program, like the
    /// derive's `#[elicit(pattern = "...")]`: one that does not compile is
    /// [`SchemaError::BadRule`] when the question is sent, with nothing sent.
    pub fn pattern(mut self, pattern: &'static str) -> Self {
        self.rules.pattern = Some(pattern);
        self
    }

    /// What the pattern asks for, in words the user reads (`MM/YY`): in the re-ask when
    /// the text does not match, and the field's description.
    pub fn pattern_hint(mut self, hint: &'static str) -> Self {
        self.rules.pattern_hint = Some(hint);
        self
    }
}

/// A number in one line: a form of one field, `value`, of the author's number type `N`
/// (an integer type, `f32` or `f64`), with its bounds. `N` is named
/// (`ask_number::<u8, _>`), or inferred from the bounds (`.range(1u8..=12)`) or from where
/// the value goes. The answer is a value of `N`: an integer bound the author does not give
/// is the type's own, as a derived field of that type sends it.
///
/// ```
/// use elicit_runtime::exchange::ask_number;
/// use elicit_runtime::{ElicitError, ElicitPeer};
///
/// async fn guests(peer: &impl ElicitPeer) -> Result<Option<u8>, ElicitError> {
///     Ok(ask_number::<u8, _>(peer, "How many guests?").range(1..=12).reask(1).await?.accepted())
/// }
///
/// // The type can also come from where the value goes.
/// async fn price(peer: &impl ElicitPeer) -> Result<Option<f64>, ElicitError> {
///     Ok(ask_number(peer, "Your price?").minimum(0.5).await?.accepted())
/// }
/// ```
pub fn ask_number<N: Number, P: ElicitPeer + ?Sized>(peer: &P, message: impl Into<Words>) -> ValueRequest<'_, NumberForm<N>, P> {
    ValueRequest::new(peer, message.into(), Bounds { minimum: None, maximum: None })
}

/// A number's bounds.
impl<'a, N: Number, P: ElicitPeer + ?Sized> ValueRequest<'a, NumberForm<N>, P> {
    /// The smallest value accepted: `minimum`.
    pub fn minimum(mut self, minimum: N) -> Self {
        self.rules.minimum = Some(minimum);
        self
    }

    /// The largest value accepted: `maximum`.
    pub fn maximum(mut self, maximum: N) -> Self {
        self.rules.maximum = Some(maximum);
        self
    }

    /// Both bounds from an inclusive range (`1..=12`).
    pub fn range(self, range: std::ops::RangeInclusive<N>) -> Self {
        let (minimum, maximum) = range.into_inner();
        self.minimum(minimum).maximum(maximum)
    }
}

/// A choice in one line: a single-select of one field, `value`, among `options` (titled
/// with [`Options::new`], or not with [`Options::untitled`]); the answer is the item of
/// the option picked.
///
/// ```
/// use elicit_runtime::exchange::ask_select;
/// use elicit_runtime::form::Options;
/// use elicit_runtime::{ElicitError, ElicitPeer};
///
/// #[derive(Clone, Debug, PartialEq)]
/// enum Region { Eu, Us }
/// impl elicit_runtime::form::SelectItem for Region {}
///
/// async fn region(peer: &impl ElicitPeer) -> Result<Option<Region>, ElicitError> {
///     let regions = Options::new([("eu", "Europe", Region::Eu), ("us", "Americas", Region::Us)])
///         .map_err(|error| ElicitError::options("value", error))?;
///     Ok(ask_select(peer, "Where should we host it?", regions).reask(1).await?.accepted())
/// }
/// ```
pub fn ask_select<T: SelectItem, P: ElicitPeer + ?Sized>(peer: &P, message: impl Into<Words>, options: Options<T>) -> ValueRequest<'_, SelectForm<T>, P> {
    ValueRequest::new(peer, message.into(), options)
}

/// A choice among the variants of a unit-only enum that derives [`Elicit`] in one line: a
/// single-select of one field, `value`, whose options are the enum's (titled or not, in
/// the user's language as the derive writes them); the answer is the variant picked.
///
/// ```
/// use elicit_runtime::{Elicit, ElicitError, ElicitPeer, ask_enum};
///
/// #[derive(Elicit, Debug, Clone, Copy, PartialEq)]
/// enum Plan {
///     #[elicit(title = "Free", title(ja = "無料"))]
///     Free,
///     #[elicit(title = "Team")]
///     Team,
/// }
///
/// async fn plan(peer: &impl ElicitPeer) -> Result<Option<Plan>, ElicitError> {
///     Ok(ask_enum::<Plan, _>(peer, "Which plan?").reask(1).await?.accepted())
/// }
/// ```
pub fn ask_enum<E: ElicitEnum + ElicitField + Send, P: ElicitPeer + ?Sized>(peer: &P, message: impl Into<Words>) -> ValueRequest<'_, EnumForm<E>, P> {
    ValueRequest::new(peer, message.into(), ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_is_the_catalogs() {
        assert_eq!(Locale::for_tag("en").message("value-title", &[]), TITLE);
        for (tag, title) in TITLES {
            assert_eq!(Locale::for_tag(tag).message("value-title", &[]), *title, "{tag}");
        }
    }
}
