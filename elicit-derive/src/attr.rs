//! Parsing `#[elicit(...)]`, and reading `#[serde(...)]` and doc comments.
//!
//! Each attribute has one typed slot that reports a duplicate itself. Errors go to the
//! [`Ctxt`] so that one compile shows every mistake.

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::{Expr, ExprLit, ExprUnary, Lit, LitStr, UnOp};

use crate::case::{RULE_NAMES, RenameRule};
use crate::ctxt::Ctxt;

pub const ELICIT: &str = "elicit";
pub const SERDE: &str = "serde";

// Container attributes.
pub const RENAME_ALL: &str = "rename_all";
pub const CRATE: &str = "crate";
pub const LEGACY_ENUM_NAMES: &str = "legacy_enum_names";
pub const JSON_SCHEMA: &str = "json_schema";
pub const VALIDATE: &str = "validate";
pub const PAGE: &str = "page";
// Field and variant attributes.
pub const TITLE: &str = "title";
pub const DESCRIPTION: &str = "description";
pub const RENAME: &str = "rename";
pub const SKIP: &str = "skip";
pub const DEFAULT: &str = "default";
pub const FORMAT: &str = "format";
pub const MIN_LENGTH: &str = "min_length";
pub const MAX_LENGTH: &str = "max_length";
pub const PATTERN: &str = "pattern";
pub const PATTERN_HINT: &str = "pattern_hint";
pub const MINIMUM: &str = "minimum";
pub const MAXIMUM: &str = "maximum";
pub const MIN_ITEMS: &str = "min_items";
pub const MAX_ITEMS: &str = "max_items";
pub const NOT_SENSITIVE: &str = "not_sensitive";
pub const FLATTEN: &str = "flatten";
pub const OPTIONS: &str = "options";
pub const SEPARATED: &str = "separated";
pub const PREFIX: &str = "prefix";
pub const TITLE_PREFIX: &str = "title_prefix";

const STRUCT_ATTRS: &[&str] = &[RENAME_ALL, CRATE, JSON_SCHEMA, VALIDATE, PAGE, TITLE];
const ENUM_ATTRS: &[&str] = &[RENAME_ALL, CRATE, LEGACY_ENUM_NAMES, JSON_SCHEMA, DESCRIPTION];
const VARIANT_ATTRS: &[&str] = &[RENAME, TITLE];

/// One attribute's value, with the tokens to point at when it is wrong.
pub struct Attr<'c, T> {
    cx: &'c Ctxt,
    name: &'static str,
    tokens: TokenStream,
    value: Option<T>,
}

impl<'c, T> Attr<'c, T> {
    fn none(cx: &'c Ctxt, name: &'static str) -> Self {
        Attr { cx, name, tokens: TokenStream::new(), value: None }
    }

    fn set<A: ToTokens>(&mut self, obj: A, value: T) {
        let tokens = obj.into_token_stream();
        if self.value.is_some() {
            self.cx.error_spanned_by(tokens, format!("duplicate elicit attribute `{}`", self.name));
        } else {
            self.tokens = tokens;
            self.value = Some(value);
        }
    }

    fn get(self) -> Option<Spanned<T>> {
        self.value.map(|value| Spanned { value, tokens: self.tokens })
    }
}

/// A value with the tokens it was written as.
#[derive(Clone)]
pub struct Spanned<T> {
    pub value: T,
    pub tokens: TokenStream,
}

impl<T> ToTokens for Spanned<T> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.tokens.to_tokens(tokens);
    }
}

impl<T> Spanned<T> {
    pub fn span(&self) -> Span {
        self.tokens.clone().into_iter().next().map_or_else(Span::call_site, |t| t.span())
    }
}

/// `#[elicit(rename)]` wins; a different `#[serde(rename)]` beside it is an error,
/// because the two derives would then disagree on the wire name.
fn resolve_rename(cx: &Ctxt, elicit: Option<Spanned<String>>, serde: Option<Spanned<String>>) -> Option<Spanned<String>> {
    match (elicit, serde) {
        (Some(e), Some(s)) if e.value != s.value => {
            cx.error_spanned_by(
                &e,
                format!(
                    "`#[elicit({0} = \"{1}\")]` conflicts with `#[serde({0} = \"{2}\")]`: the form and serde would use different wire names; keep one of them",
                    RENAME, e.value, s.value
                ),
            );
            Some(e)
        }
        (Some(e), _) => Some(e),
        (None, s) => s,
    }
}

/// Attributes of the struct or enum itself.
pub struct Container {
    pub rename_all: Option<RenameRule>,
    pub crate_path: Option<syn::Path>,
    /// `#[elicit(legacy_enum_names)]` on an enum: its titled single-selects are written
    /// as `enum` + `enumNames` on every revision.
    pub legacy_enum_names: Option<Spanned<()>>,
    /// `#[elicit(json_schema)]`: the type also implements `schemars::JsonSchema`, with
    /// the same flat schema (the runtime's `schemars` feature).
    pub json_schema: Option<Spanned<()>>,
    /// `#[elicit(validate = path)]` on a struct: the author's rules, a
    /// `fn(&Self) -> Result<(), Vec<Violation>>` run on each decoded answer.
    pub validate: Option<syn::ExprPath>,
    /// `#[elicit(page)]` on a struct: a form only ever shown on the server's own page
    /// (URL mode), which may ask for secrets and is never sent in form mode.
    pub page: Option<Spanned<()>>,
    /// `#[elicit(title = "...")]` on a struct: the heading of its page (a page form's
    /// only; a form sent to the client has no title of its own, its request a message).
    pub title: Option<Spanned<String>>,
    /// `title(ko = "...")` on a struct: the page's heading in other languages.
    pub titles: Vec<Translation>,
    /// `#[elicit(description = "...")]` on an enum: the description of the fields of its
    /// type that have none of their own, in place of the doc comment.
    pub description: Option<Spanned<String>>,
    /// `description(ko = "...")` on an enum: that description in other languages.
    pub descriptions: Vec<Translation>,
    /// The doc comment: on an enum, the description of the fields of its type that have
    /// none of their own.
    pub doc: Option<String>,
    pub doc_lines: Vec<Spanned<String>>,
    /// `#[serde(default)]` or `#[serde(default = "path")]` on the struct: a missing field
    /// takes its value from the struct's default, as serde does.
    pub serde_default: Option<SerdeDefault>,
    /// `#[doc(hidden)]` on the type (the steps of a choice the derive writes): its impls
    /// are `#[diagnostic::do_not_recommend]`, so no error lists a type the user never wrote.
    pub hidden: bool,
}

impl Container {
    pub fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Self {
        let mut rename_all = Attr::none(cx, RENAME_ALL);
        let mut serde_rename_all = Attr::none(cx, RENAME_ALL);
        let mut crate_path = Attr::none(cx, CRATE);
        let mut legacy_enum_names = Attr::none(cx, LEGACY_ENUM_NAMES);
        let mut json_schema = Attr::none(cx, JSON_SCHEMA);
        let mut validate = Attr::none(cx, VALIDATE);
        let mut page = Attr::none(cx, PAGE);
        let mut title = Attr::none(cx, TITLE);
        let mut titles = Vec::new();
        let mut description = Attr::none(cx, DESCRIPTION);
        let mut descriptions = Vec::new();
        let mut serde_default = None;
        let is_enum = matches!(input.data, syn::Data::Enum(_));
        let allowed = if is_enum { ENUM_ATTRS } else { STRUCT_ATTRS };
        for attr in &input.attrs {
            if attr.path().is_ident(ELICIT) {
                let parsed = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident(RENAME_ALL) {
                        let s = lit_str(&meta, "\"camelCase\"")?;
                        rename_all.set(&meta.path, parse_rename_rule(&s)?);
                    } else if meta.path.is_ident(CRATE) {
                        let s = lit_str(&meta, "\"::elicit_runtime\"")?;
                        let path = s.parse::<syn::Path>().map_err(|_| {
                            syn::Error::new_spanned(&s, "`crate` takes the path of the elicit-runtime crate, such as `crate = \"::elicit_runtime\"` or `crate = \"my_crate::elicit\"`")
                        })?;
                        crate_path.set(&meta.path, path);
                    } else if meta.path.is_ident(JSON_SCHEMA) {
                        flag(&meta)?;
                        json_schema.set(&meta.path, ());
                    } else if meta.path.is_ident(VALIDATE) && !is_enum {
                        let path = meta.value()?.parse::<syn::ExprPath>().map_err(|err| {
                            syn::Error::new(err.span(), "`validate` takes the path of a function `fn(&Self) -> Result<(), Vec<Violation>>`, such as `validate = Self::check` or `validate = check_dates`")
                        })?;
                        validate.set(&meta.path, path);
                    } else if meta.path.is_ident(PAGE) && !is_enum {
                        flag(&meta)?;
                        page.set(&meta.path, ());
                    } else if meta.path.is_ident(TITLE) && !is_enum && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut titles)?;
                    } else if meta.path.is_ident(TITLE) && !is_enum {
                        title.set(&meta.path, string_value(&meta)?);
                    } else if meta.path.is_ident(TITLE) {
                        return Err(meta.error(
                            "`title` on an enum has no place: an enum is the options of a field, so title the field (`#[elicit(title = \"...\")]` on it) or each variant",
                        ));
                    } else if meta.path.is_ident(DESCRIPTION) && is_enum && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut descriptions)?;
                    } else if meta.path.is_ident(DESCRIPTION) && is_enum {
                        description.set(&meta.path, string_value(&meta)?);
                    } else if meta.path.is_ident(PAGE) {
                        return Err(meta.error(
                            "`page` goes on a struct that derives `Elicit`: it makes the struct a form shown only on the server's own page (URL mode); an enum is the options of one field of such a form",
                        ));
                    } else if meta.path.is_ident(VALIDATE) {
                        return Err(meta.error(
                            "`validate` goes on a struct that derives `Elicit` (a form): an enum is the options of one field; check the choice in the rules of the form that holds it",
                        ));
                    } else if meta.path.is_ident(LEGACY_ENUM_NAMES) && is_enum {
                        legacy_enum_names.set(&meta.path, ());
                    } else if meta.path.is_ident(LEGACY_ENUM_NAMES) {
                        return Err(meta.error(
                            "`legacy_enum_names` goes on a unit-only enum that derives `Elicit`: it chooses how that enum's options are written, not how a form is; for every enum of a form, ask with `ElicitOptions::new().schema(SchemaOptions::new().legacy_enum_names(true))`",
                        ));
                    } else {
                        return Err(unknown(&meta, "container", allowed));
                    }
                    Ok(())
                });
                if let Err(err) = parsed {
                    cx.syn_error(err);
                }
            } else if attr.path().is_ident(SERDE) {
                read_serde(attr, |meta| {
                    if meta.path.is_ident(RENAME_ALL) {
                        // serde's derive reports a bad rule itself.
                        if let Some(rule) = serde_string(meta, "deserialize")?.as_deref().and_then(RenameRule::from_str) {
                            serde_rename_all.set(&meta.path, rule);
                        }
                        return Ok(true);
                    }
                    if meta.path.is_ident(DEFAULT) && !is_enum {
                        serde_default = Some(serde_default_value(meta)?);
                        return Ok(true);
                    }
                    Ok(false)
                });
            }
        }
        let rename_all = match (rename_all.get(), serde_rename_all.get()) {
            (Some(e), Some(s)) if e.value != s.value => {
                cx.error_spanned_by(
                    &e,
                    format!(
                        "`#[elicit(rename_all = \"{}\")]` conflicts with `#[serde(rename_all = \"{}\")]`: the form and serde would use different wire names; keep one of them",
                        e.value.name(),
                        s.value.name()
                    ),
                );
                Some(e.value)
            }
            (Some(e), _) => Some(e.value),
            (None, s) => s.map(|s| s.value),
        };
        Container {
            rename_all,
            crate_path: crate_path.get().map(|p| p.value),
            legacy_enum_names: legacy_enum_names.get(),
            json_schema: json_schema.get(),
            validate: validate.get().map(|p| p.value),
            page: page.get(),
            title: title.get(),
            titles,
            description: description.get(),
            descriptions,
            doc: doc_comment(&input.attrs),
            doc_lines: doc_lines(&input.attrs),
            serde_default,
            hidden: input.attrs.iter().any(doc_hidden),
        }
    }
}

/// A numeric literal from an attribute: `18`, `-5`, `0.5`.
#[derive(Clone)]
pub struct Number {
    /// The literal as written, for the type check against the field's type.
    pub expr: Expr,
    pub value: f64,
    /// Set when the literal is an integer.
    pub int: Option<i128>,
}

impl Number {
    /// Compares two literals exactly: two integers as integers (an `f64` would round
    /// integers beyond 2^53 and find `9007199254740993` equal to `9007199254740992`).
    pub fn cmp(&self, other: &Number) -> std::cmp::Ordering {
        match (self.int, other.int) {
            (Some(a), Some(b)) => a.cmp(&b),
            (Some(a), None) => int_cmp_float(a, other.value),
            (None, Some(b)) => int_cmp_float(b, self.value).reverse(),
            (None, None) => float_cmp(self.value, other.value),
        }
    }
}

/// `a` against a finite float, exactly when the float is a whole number an `i128` holds.
fn int_cmp_float(a: i128, b: f64) -> std::cmp::Ordering {
    if b.fract() == 0.0 && b.abs() < 1.0e38 {
        a.cmp(&(b as i128))
    } else {
        float_cmp(a as f64, b)
    }
}

/// Finite floats (the parser refuses the others), with `-0.0` equal to `0.0`.
fn float_cmp(a: f64, b: f64) -> std::cmp::Ordering {
    a.partial_cmp(&b).unwrap_or(std::cmp::Ordering::Equal)
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.int {
            Some(i) => write!(f, "{i}"),
            None => write!(f, "{}", self.value),
        }
    }
}

/// A `default = ...` literal.
#[derive(Clone)]
pub enum DefaultLit {
    Str(String),
    Number(Number),
    Bool(bool),
    List(Vec<LitStr>),
}

/// The value of `format = "..."`: the string formats the MCP specification allows, the
/// runtime's own type (`rules/format.rs`, shared with it).
pub use crate::rules::format::Format;

/// How a valid value of `format` is written, for a message.
pub fn format_example(format: Format) -> &'static str {
    match format {
        Format::Email => "write an email address, such as `name@example.com`",
        Format::Uri => "write an absolute URI with its scheme, such as `https://example.com/`",
        Format::Date => "write a date that exists, as `YYYY-MM-DD`",
        Format::DateTime => "write an RFC 3339 date-time with its offset, such as `2025-01-31T09:30:00Z`",
    }
}

/// `#[serde(default)]` or `#[serde(default = "path")]` on a field or on the struct.
#[derive(Clone)]
pub enum SerdeDefault {
    /// Absent means `Default::default()`.
    Trait,
    /// Absent means `path()`, a function the derive cannot evaluate.
    Path(syn::ExprPath),
}

/// The value of serde's `default`: bare, or `= "path"`.
fn serde_default_value(meta: &ParseNestedMeta) -> syn::Result<SerdeDefault> {
    if meta.input.peek(syn::Token![=]) {
        // serde's derive reports a malformed path itself.
        let s: LitStr = meta.value()?.parse()?;
        Ok(SerdeDefault::Path(s.parse()?))
    } else {
        Ok(SerdeDefault::Trait)
    }
}

/// The kind of field an attribute applies to, which the generated code checks (and a
/// generic form's bounds ask for).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Needs {
    /// Any field.
    Any,
    /// A string field: `StringField`.
    String,
    /// A number or integer field: `NumericField`.
    Number,
    /// A multi-select field: `MultiSelectField`.
    MultiSelect,
}

/// Declares the `#[elicit(...)]` field attributes once: each line gives the slot in
/// [`Field`], the attribute's name, how its value is read, and the kind of field it
/// applies to. The list of names for "unknown attribute" messages, the parsing, the
/// duplicate check, the list of attributes a skipped field must not carry, the checks of
/// the field's kind and the bounds of a generic form all follow from it, so a new
/// attribute is one line here (plus what it means in `check` and `expand`).
macro_rules! field_attributes {
    ($($(#[$doc:meta])* $slot:ident: $ty:ty = $name:ident => $read:expr, needs $needs:ident;)*) => {
        /// Attributes of one struct field.
        pub struct Field {
            $($(#[$doc])* pub $slot: Option<Spanned<$ty>>,)*
            /// `title(ko = "...", zh_hans = "...")`: the title in other languages.
            pub titles: Vec<Translation>,
            /// `description(ko = "...")`: the description in other languages.
            pub descriptions: Vec<Translation>,
            /// `pattern_hint(ko = "...")`: the pattern's words in other languages.
            pub pattern_hints: Vec<Translation>,
            pub doc: Option<String>,
            /// Each line of the doc comment with its tokens, to point at the line a problem is on.
            pub doc_lines: Vec<Spanned<String>>,
            /// `#[serde(default)]` / `#[serde(default = "path")]` (without an elicit default).
            pub serde_default: Option<SerdeDefault>,
        }

        const FIELD_ATTRS: &[&str] = &[$($name),*];

        /// One slot per attribute, filled while parsing.
        struct FieldSlots<'c> {
            $($slot: Attr<'c, $ty>,)*
        }

        impl<'c> FieldSlots<'c> {
            fn new(cx: &'c Ctxt) -> Self {
                FieldSlots { $($slot: Attr::none(cx, $name),)* }
            }

            /// Reads one `name = value` (or flag) into its slot; `Ok(false)` when the
            /// name is not a field attribute.
            fn read(&mut self, meta: &ParseNestedMeta) -> syn::Result<bool> {
                $(
                    if meta.path.is_ident($name) {
                        let read: fn(&ParseNestedMeta) -> syn::Result<$ty> = $read;
                        let value = read(meta)?;
                        self.$slot.set(&meta.path, value);
                        return Ok(true);
                    }
                )*
                Ok(false)
            }

            fn finish(self, attrs: &[syn::Attribute], serde_default: Option<SerdeDefault>) -> Field {
                Field {
                    $($slot: self.$slot.get(),)*
                    titles: Vec::new(),
                    descriptions: Vec::new(),
                    pattern_hints: Vec::new(),
                    doc: doc_comment(attrs),
                    doc_lines: doc_lines(attrs),
                    serde_default,
                }
            }
        }

        impl Field {
            /// The tokens of every `#[elicit(...)]` attribute the field carries except
            /// `skip`, to report them on a skipped field.
            pub fn written_besides_skip(&self) -> Vec<TokenStream> {
                let mut out = Vec::new();
                $(
                    if $name != SKIP && let Some(attr) = &self.$slot {
                        out.push(attr.tokens.clone());
                    }
                )*
                out.retain(|t| !t.is_empty());
                out
            }

            /// Every `#[elicit(...)]` attribute the field carries except `except`, by
            /// name, to report them where they have no effect (a flattened field).
            pub fn written_besides(&self, except: &str) -> Vec<(&'static str, TokenStream)> {
                let mut out = Vec::new();
                $(
                    if $name != except && let Some(attr) = &self.$slot && !attr.tokens.is_empty() {
                        out.push(($name, attr.tokens.clone()));
                    }
                )*
                out
            }

            /// The kinds of field the attributes written need, each with the span of
            /// the attribute that needs it.
            pub fn needs(&self) -> Vec<(Needs, Span)> {
                let mut out = Vec::new();
                $(
                    if Needs::$needs != Needs::Any && let Some(attr) = &self.$slot {
                        out.push((Needs::$needs, attr.span()));
                    }
                )*
                out
            }
        }
    };
}

field_attributes! {
    title: String = TITLE => string_value, needs Any;
    description: String = DESCRIPTION => string_value, needs Any;
    rename: String = RENAME => string_value, needs Any;
    skip: () = SKIP => flag, needs Any;
    default: (Expr, DefaultLit) = DEFAULT => default_value, needs Any;
    format: Format = FORMAT => format_value, needs String;
    min_length: u64 = MIN_LENGTH => count_value, needs String;
    max_length: u64 = MAX_LENGTH => count_value, needs String;
    pattern: String = PATTERN => pattern_value, needs String;
    /// What `pattern` asks for in words (`MM/YY`), shown to people instead of the regex.
    pattern_hint: String = PATTERN_HINT => string_value, needs String;
    minimum: Number = MINIMUM => number_value, needs Number;
    maximum: Number = MAXIMUM => number_value, needs Number;
    min_items: u64 = MIN_ITEMS => count_value, needs MultiSelect;
    max_items: u64 = MAX_ITEMS => count_value, needs MultiSelect;
    not_sensitive: () = NOT_SENSITIVE => flag, needs Any;
    /// The field's type is a form whose fields are this form's too.
    flatten: Flatten = FLATTEN => flatten_value, needs Any;
    /// A run-time select: its options are given each time the form is asked.
    options: () = OPTIONS => flag, needs Any;
    /// A free-form list asked as one string, its items separated by this text.
    separated: String = SEPARATED => string_value, needs Any;
}

/// `#[elicit(flatten)]` or `#[elicit(flatten(prefix = "billing_", title_prefix = "Billing "))]`.
#[derive(Clone, Default)]
pub struct Flatten {
    /// Put before the wire name of each of the sub-form's fields.
    pub prefix: Option<LitStr>,
    /// Put before the title of each of the sub-form's fields that has one.
    pub title_prefix: Option<LitStr>,
    /// `title_prefix(ko = "집 ")`: the title prefix in other languages, put before the
    /// sub-form's title in that language.
    pub title_prefixes: Vec<Translation>,
    /// Mistakes in the options, reported with the field.
    pub errors: Vec<syn::Error>,
}

impl Flatten {
    /// The prefix of the wire names (none: the sub-form's own names).
    pub fn prefix(&self) -> String {
        self.prefix.as_ref().map(LitStr::value).unwrap_or_default()
    }

    /// The prefix of the titles: `title_prefix`, or else the words of `prefix` as a
    /// label (`billing_` and `billingAddress` give `Billing `, `Billing address `).
    pub fn title_prefix(&self) -> String {
        if let Some(title) = &self.title_prefix {
            return title.value();
        }
        let words = crate::rules::secret::segments(&self.prefix());
        let mut label = words.join(" ");
        if let Some(first) = label.chars().next() {
            label = first.to_uppercase().chain(label.chars().skip(1)).collect();
            label.push(' ');
        }
        label
    }
}

fn flatten_value(meta: &ParseNestedMeta) -> syn::Result<Flatten> {
    // A mistake in the options is kept and reported with the field (`Field::from_ast`):
    // the field stays flattened, so its type is not also reported as no form field.
    let mut out = Flatten::default();
    if meta.input.peek(syn::Token![=]) {
        out.errors.push(meta.error("`flatten` takes no value: write `flatten`, or `flatten(prefix = \"billing_\")` to prefix the sub-form's names"));
        skip_value(meta)?;
        return Ok(out);
    }
    if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| {
            if let Some(done) = flatten_language(&inner, &mut out) {
                return done;
            }
            let slot = if inner.path.is_ident(PREFIX) {
                &mut out.prefix
            } else if inner.path.is_ident(TITLE_PREFIX) {
                &mut out.title_prefix
            } else {
                out.errors.push(inner.error(format!("unknown `flatten` option `{}`; expected `prefix` or `title_prefix`", attr_name(&inner))));
                return skip_value(&inner);
            };
            match lit_str(&inner, if inner.path.is_ident(PREFIX) { "\"billing_\"" } else { "\"Billing \"" }) {
                Ok(_) if slot.is_some() => out.errors.push(syn::Error::new_spanned(&inner.path, format!("duplicate `{}` in `flatten(...)`", attr_name(&inner)))),
                Ok(s) => *slot = Some(s),
                Err(err) => out.errors.push(err),
            }
            Ok(())
        })?;
    }
    Ok(out)
}

impl Field {
    pub fn from_ast(cx: &Ctxt, field: &syn::Field) -> Self {
        let mut slots = FieldSlots::new(cx);
        let mut serde_rename = Attr::none(cx, RENAME);
        let mut serde_skip = false;
        let mut serde_default = None;
        let mut serde_flatten = None;
        let (mut titles, mut descriptions, mut hints) = (Vec::new(), Vec::new(), Vec::new());

        for attr in &field.attrs {
            if attr.path().is_ident(ELICIT) {
                let parsed = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident(TITLE) && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut titles)
                    } else if meta.path.is_ident(DESCRIPTION) && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut descriptions)
                    } else if meta.path.is_ident(PATTERN_HINT) && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut hints)
                    } else if slots.read(&meta)? {
                        Ok(())
                    } else {
                        Err(misplaced_language(&meta).unwrap_or_else(|| unknown(&meta, "field", FIELD_ATTRS)))
                    }
                });
                if let Err(err) = parsed {
                    cx.syn_error(err);
                }
            } else if attr.path().is_ident(SERDE) {
                read_serde(attr, |meta| {
                    if meta.path.is_ident(RENAME) {
                        if let Some(s) = serde_string(meta, "deserialize")? {
                            serde_rename.set(&meta.path, s);
                        }
                    } else if meta.path.is_ident(DEFAULT) {
                        serde_default = Some(serde_default_value(meta)?);
                    } else if meta.path.is_ident(SKIP) || meta.path.is_ident("skip_deserializing") {
                        serde_skip = true;
                    } else if meta.path.is_ident(FLATTEN) {
                        serde_flatten = Some(meta.path.to_token_stream());
                    } else {
                        return Ok(false);
                    }
                    Ok(true)
                });
            }
        }

        let mut out = slots.finish(&field.attrs, serde_default);
        (out.titles, out.descriptions, out.pattern_hints) = (titles, descriptions, hints);
        out.rename = resolve_rename(cx, out.rename.take(), serde_rename.get());
        if out.skip.is_none() && serde_skip {
            out.skip = Some(Spanned { value: (), tokens: TokenStream::new() });
        }
        for err in out.flatten.iter().flat_map(|f| &f.value.errors) {
            cx.syn_error(err.clone());
        }
        // serde's `flatten` flattens the same way, with no prefix; a prefix beside it
        // would make the form and serde use different names.
        match (&out.flatten, serde_flatten) {
            (None, Some(tokens)) => out.flatten = Some(Spanned { value: Flatten::default(), tokens }),
            (Some(f), Some(_)) if f.value.prefix.as_ref().is_some_and(|p| !p.value().is_empty()) => {
                cx.error_spanned_by(
                    f.value.prefix.as_ref().map(ToTokens::to_token_stream).unwrap_or_default(),
                    "`#[elicit(flatten(prefix = ...))]` conflicts with `#[serde(flatten)]`, which has no prefix: the form and serde would use different wire names; keep one of them",
                );
            }
            _ => {}
        }
        out
    }
}

/// Attributes of one enum variant.
pub struct Variant {
    pub rename: Option<Spanned<String>>,
    pub title: Option<Spanned<String>>,
    /// `title(ko = "...")`: the option's title in other languages.
    pub titles: Vec<Translation>,
}

impl Variant {
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Self {
        let mut rename = Attr::none(cx, RENAME);
        let mut serde_rename = Attr::none(cx, RENAME);
        let mut title = Attr::none(cx, TITLE);
        let mut schemars_title = Attr::none(cx, TITLE);
        let mut titles = Vec::new();
        for attr in &variant.attrs {
            if attr.path().is_ident(ELICIT) {
                let parsed = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident(TITLE) && meta.input.peek(syn::token::Paren) {
                        translations(cx, &meta, &mut titles)?;
                    } else if meta.path.is_ident(RENAME) {
                        rename.set(&meta.path, string_value(&meta)?);
                    } else if meta.path.is_ident(TITLE) {
                        title.set(&meta.path, string_value(&meta)?);
                    } else {
                        return Err(misplaced_language(&meta).unwrap_or_else(|| unknown(&meta, "variant", VARIANT_ATTRS)));
                    }
                    Ok(())
                });
                if let Err(err) = parsed {
                    cx.syn_error(err);
                }
            } else if attr.path().is_ident(SERDE) {
                read_serde(attr, |meta| {
                    if meta.path.is_ident(RENAME) {
                        if let Some(s) = serde_string(meta, "deserialize")? {
                            serde_rename.set(&meta.path, s);
                        }
                        return Ok(true);
                    }
                    Ok(false)
                });
            } else if attr.path().is_ident(SCHEMARS) {
                read_serde(attr, |meta| {
                    if meta.path.is_ident(TITLE) {
                        schemars_title.set(&meta.path, string_value(meta)?);
                        return Ok(true);
                    }
                    Ok(false)
                });
            }
        }
        let mut title = title.get();
        merge(cx, TITLE, &mut title, schemars_title.get(), |a, b| a == b, |t| quoted(t));
        Variant { rename: resolve_rename(cx, rename.get(), serde_rename.get()), title, titles }
    }
}

fn unknown(meta: &ParseNestedMeta, place: &str, allowed: &[&str]) -> syn::Error {
    let name = meta.path.to_token_stream().to_string().replace(' ', "");
    let list = allowed.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ");
    meta.error(format!("unknown elicit {place} attribute `{name}`; expected one of {list}"))
}

pub fn attr_name(meta: &ParseNestedMeta) -> String {
    meta.path.to_token_stream().to_string().replace(' ', "")
}

/// The value after `name =`, or an error on the name that shows how to write it.
fn value_of<'a>(meta: &ParseNestedMeta<'a>, how: &str) -> syn::Result<ParseStream<'a>> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()
    } else {
        Err(syn::Error::new_spanned(&meta.path, format!("`{}` needs a value: {how}", attr_name(meta))))
    }
}

/// A flag such as `skip`, which takes no value.
fn flag(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) || meta.input.peek(syn::token::Paren) {
        let name = attr_name(meta);
        return Err(syn::Error::new_spanned(&meta.path, format!("`{name}` takes no value: write `{name}` alone")));
    }
    Ok(())
}

/// The value of `name = value`, out of the invisible group a `macro_rules!` fragment
/// puts around it: `#[elicit(title = $title)]` with `$title:expr` is the literal it was given.
fn value_expr(meta: &ParseNestedMeta, example: &str) -> syn::Result<Expr> {
    let expr: Expr = value_of(meta, example)?.parse()?;
    Ok(ungroup(expr))
}

/// The expression without the invisible groups around it and its parts.
pub fn ungroup(expr: Expr) -> Expr {
    match expr {
        Expr::Group(group) => ungroup(*group.expr),
        Expr::Unary(ExprUnary { attrs, op, expr }) => Expr::Unary(ExprUnary { attrs, op, expr: Box::new(ungroup(*expr)) }),
        Expr::Array(mut array) => {
            array.elems = array.elems.into_iter().map(ungroup).collect();
            Expr::Array(array)
        }
        expr => expr,
    }
}

/// `name = "..."`.
fn lit_str(meta: &ParseNestedMeta, example: &str) -> syn::Result<LitStr> {
    let name = attr_name(meta);
    let expr = value_expr(meta, &format!("`{name} = {example}`"))?;
    match expr {
        Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => Ok(s),
        other => Err(syn::Error::new_spanned(other, format!("`{name}` takes a string, such as `{name} = {example}`"))),
    }
}

/// An author's text in another language: `ko = "이름"` in `title(ko = "이름")`.
#[derive(Clone)]
pub struct Translation {
    /// The BCP 47 tag, in its canonical case (`zh_hans` is `zh-Hans`).
    pub tag: String,
    /// The text, with the tokens it was written as.
    pub text: Spanned<String>,
}

/// Reads `title(ko = "...", zh_hans = "...")` into `out`: one text per language, each
/// language once; every mistake reported, the others kept.
fn translations(cx: &Ctxt, meta: &ParseNestedMeta, out: &mut Vec<Translation>) -> syn::Result<()> {
    let mut errors = Vec::new();
    let read = read_translations(meta, out, &mut errors);
    for err in errors {
        cx.syn_error(err);
    }
    read
}

/// [`translations`], with the mistakes that leave the rest readable put in `errors`.
fn read_translations(meta: &ParseNestedMeta, out: &mut Vec<Translation>, errors: &mut Vec<syn::Error>) -> syn::Result<()> {
    let what = attr_name(meta);
    meta.parse_nested_meta(|inner| {
        let language = attr_name(&inner);
        let text = lit_str(&inner, "\"...\"")?;
        let Some(tag) = canonical_tag(&language) else {
            errors.push(syn::Error::new_spanned(
                &inner.path,
                format!("`{language}` is not a language tag: write one as an identifier, with `_` for `-`, such as `ko`, `zh_hans`, `pt_br`"),
            ));
            return Ok(());
        };
        if out.iter().any(|t| t.tag == tag) {
            errors.push(syn::Error::new_spanned(&inner.path, format!("duplicate `{what}` in `{tag}`")));
            return Ok(());
        }
        out.push(Translation { tag, text: Spanned { value: text.value(), tokens: text.to_token_stream() } });
        Ok(())
    })
}

/// Inside `flatten(...)`: `title_prefix(ko = "...")`, read into `out`, or a language or
/// a translated `prefix` where they have no place, refused with what to write. `None`
/// for the other options. Every mistake goes into `out.errors`, so that the field stays
/// flattened and nothing follows from it.
fn flatten_language(inner: &ParseNestedMeta, out: &mut Flatten) -> Option<syn::Result<()>> {
    let parenthesized = inner.input.peek(syn::token::Paren);
    if inner.path.is_ident(TITLE_PREFIX) && parenthesized {
        let mut errors = Vec::new();
        let read = read_translations(inner, &mut out.title_prefixes, &mut errors);
        out.errors.extend(errors);
        return Some(read.or_else(|err| {
            out.errors.push(err);
            Ok(())
        }));
    }
    let fix = if inner.path.is_ident(PREFIX) && parenthesized {
        "the `prefix` is a part of the wire names, the same in every language: write `prefix = \"home_\"`, and the title's prefix per language as `title_prefix(ko = \"집 \")`"
            .to_owned()
    } else if let Some(tag) = language_ident(inner) {
        format!("`{tag}` is a language, not an option of `flatten`: write the title prefix in it as `title_prefix({} = \"...\")`", attr_name(inner))
    } else {
        return None;
    };
    out.errors.push(syn::Error::new_spanned(&inner.path, fix));
    Some(skip_value(inner))
}

/// An attribute named as a language (`ko = "이름"` beside `title = "Name"`), refused with
/// where its text goes; `None` for any other name.
fn misplaced_language(meta: &ParseNestedMeta) -> Option<syn::Error> {
    let tag = language_ident(meta)?;
    let name = attr_name(meta);
    Some(meta.error(format!(
        "`{tag}` is a language, not an attribute: put the text in it inside the attribute it translates, such as `title({name} = \"...\")`, `description({name} = \"...\")` or `pattern_hint({name} = \"...\")`"
    )))
}

/// The tag of a name that can only be a language (`ko`, `zh_hans`, `pt_br`: a language of
/// two letters, with its subtags), never an attribute misspelled (`min`, `max_lenght`).
fn language_ident(meta: &ParseNestedMeta) -> Option<String> {
    let name = attr_name(meta);
    (name.split('_').next()?.len() == 2).then(|| canonical_tag(&name)).flatten()
}

/// A language tag written as an identifier (`zh_hans`, `pt_br`, `sr_latn_rs`) in BCP 47's
/// canonical case (`zh-Hans`, `pt-BR`, `sr-Latn-RS`), if it is one: a language of 2 or 3
/// letters (BCP 47's longer ones are reserved or registered for no language), then an optional script (4 letters), region (2 letters or 3
/// digits) and variants (5 to 8 letters or digits, or a digit and 3 more).
fn canonical_tag(ident: &str) -> Option<String> {
    let mut subtags = ident.split('_');
    let language = subtags.next()?;
    if !(matches!(language.len(), 2 | 3) && language.bytes().all(|b| b.is_ascii_alphabetic())) {
        return None;
    }
    let mut out = language.to_ascii_lowercase();
    let mut stage = 0; // 0: script next, 1: region next, 2: variants
    for subtag in subtags {
        out.push('-');
        let alpha = subtag.bytes().all(|b| b.is_ascii_alphabetic());
        let digits = subtag.bytes().all(|b| b.is_ascii_digit());
        if stage == 0 && subtag.len() == 4 && alpha {
            let mut chars = subtag.chars();
            out.extend(chars.next().map(|c| c.to_ascii_uppercase()));
            out.push_str(&chars.as_str().to_ascii_lowercase());
            stage = 1;
        } else if stage <= 1 && ((subtag.len() == 2 && alpha) || (subtag.len() == 3 && digits)) {
            out.push_str(&subtag.to_ascii_uppercase());
            stage = 2;
        } else if (5..=8).contains(&subtag.len()) && subtag.bytes().all(|b| b.is_ascii_alphanumeric())
            || subtag.len() == 4 && subtag.as_bytes()[0].is_ascii_digit() && subtag.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            out.push_str(&subtag.to_ascii_lowercase());
            stage = 2;
        } else {
            return None;
        }
    }
    Some(out)
}

fn string_value(meta: &ParseNestedMeta) -> syn::Result<String> {
    lit_str(meta, "\"...\"").map(|s| s.value())
}

fn default_value(meta: &ParseNestedMeta) -> syn::Result<(Expr, DefaultLit)> {
    let expr = value_expr(meta, "`default = \"text\"`, `default = 3`, `default = true` or `default = [\"option\"]`")?;
    let lit = default_literal(&expr)?;
    Ok((expr, lit))
}

fn format_value(meta: &ParseNestedMeta) -> syn::Result<Format> {
    let s = lit_str(meta, "\"email\"")?;
    Format::from_name(&s.value()).ok_or_else(|| {
        syn::Error::new_spanned(
            &s,
            format!("unknown format `{}`; the MCP specification allows `email`, `uri`, `date` and `date-time`", s.value()),
        )
    })
}

fn pattern_value(meta: &ParseNestedMeta) -> syn::Result<String> {
    let s = lit_str(meta, "\"^[a-z]+$\"")?;
    checked_pattern(&s)
}

/// A `pattern` that compiles and means the same to clients (ECMA-262) as to the runtime.
pub fn checked_pattern(s: &LitStr) -> syn::Result<String> {
    if let Err(err) = regex_syntax::Parser::new().parse(&s.value()) {
        return Err(syn::Error::new_spanned(s, format!("invalid `pattern`: {}", first_line(&err.to_string()))));
    }
    if let Some(problem) = crate::pattern::rust_only(&s.value()) {
        return Err(syn::Error::new_spanned(s, format!("`pattern` is an ECMA-262 regular expression, the dialect of JSON Schema that clients use: {problem}")));
    }
    Ok(s.value())
}

fn count_value(meta: &ParseNestedMeta) -> syn::Result<u64> {
    let name = attr_name(meta);
    let expr = value_expr(meta, &format!("`{name} = 3`"))?;
    match &expr {
        Expr::Lit(ExprLit { lit: Lit::Int(i), .. }) => i.base10_parse::<u64>().ok(),
        _ => None,
    }
    .ok_or_else(|| syn::Error::new_spanned(&expr, format!("`{name}` takes a whole number of 0 or more, such as `{name} = 3`")))
}

fn number_value(meta: &ParseNestedMeta) -> syn::Result<Number> {
    let name = attr_name(meta);
    let expr = value_expr(meta, &format!("`{name} = 0`"))?;
    let number = number_literal(&expr).ok_or_else(|| syn::Error::new_spanned(&expr, format!("`{name}` takes a number, such as `{name} = 0`, `-5` or `2.5`")))?;
    finite(number, &name)
}

/// A float literal too large for an `f64` (`1e400`) reads as infinity, which no JSON
/// number can carry (and no Rust float literal can be written as).
pub fn finite(number: Number, name: &str) -> syn::Result<Number> {
    if number.value.is_finite() {
        return Ok(number);
    }
    Err(syn::Error::new_spanned(
        &number.expr,
        format!("`{name}` is out of range: a JSON number is a 64-bit float, between about -1.8e308 and 1.8e308; write a number in that range"),
    ))
}

pub fn number_literal(expr: &Expr) -> Option<Number> {
    let (negative, lit) = match expr {
        Expr::Lit(ExprLit { lit, .. }) => (false, lit),
        Expr::Unary(ExprUnary { op: UnOp::Neg(_), expr, .. }) => match &**expr {
            Expr::Lit(ExprLit { lit, .. }) => (true, lit),
            _ => return None,
        },
        _ => return None,
    };
    let sign = if negative { -1.0 } else { 1.0 };
    match lit {
        Lit::Int(i) => {
            let n: i128 = i.base10_parse().ok()?;
            let n = if negative { -n } else { n };
            Some(Number { expr: expr.clone(), value: n as f64, int: Some(n) })
        }
        Lit::Float(f) => {
            let x: f64 = f.base10_parse().ok()?;
            Some(Number { expr: expr.clone(), value: sign * x, int: None })
        }
        _ => None,
    }
}

fn default_literal(expr: &Expr) -> syn::Result<DefaultLit> {
    if let Some(number) = number_literal(expr) {
        return finite(number, DEFAULT).map(DefaultLit::Number);
    }
    match expr {
        Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => Ok(DefaultLit::Str(s.value())),
        Expr::Lit(ExprLit { lit: Lit::Bool(b), .. }) => Ok(DefaultLit::Bool(b.value)),
        Expr::Array(array) => array
            .elems
            .iter()
            .map(|e| match e {
                Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => Ok(s.clone()),
                other => Err(syn::Error::new_spanned(other, "a multi-select default lists the wire values of its options as strings")),
            })
            .collect::<syn::Result<_>>()
            .map(DefaultLit::List),
        other => Err(syn::Error::new_spanned(
            other,
            "`default` must be a literal: a string, a number, `true`/`false`, or an array of strings for a multi-select",
        )),
    }
}

fn parse_rename_rule(s: &LitStr) -> syn::Result<RenameRule> {
    RenameRule::from_str(&s.value()).ok_or_else(|| {
        let list = RULE_NAMES.iter().map(|(n, _)| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
        syn::Error::new_spanned(s, format!("unknown rename rule `{}`; expected one of {list}", s.value()))
    })
}

/// Reads `#[serde(...)]` leniently: the keys `visit` knows are used, every other key is
/// skipped with its value (serde's own derive validates them).
fn read_serde(attr: &syn::Attribute, mut visit: impl FnMut(&ParseNestedMeta) -> syn::Result<bool>) {
    let _ = attr.parse_nested_meta(|meta| {
        if !visit(&meta)? {
            skip_value(&meta)?;
        }
        Ok(())
    });
}

fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| skip_value(&inner))?;
    }
    Ok(())
}

/// `rename = "x"` or `rename(serialize = "a", deserialize = "b")` (the `side` one).
fn serde_string(meta: &ParseNestedMeta, side: &str) -> syn::Result<Option<String>> {
    if meta.input.peek(syn::Token![=]) {
        return string_value(meta).map(Some);
    }
    let mut found = None;
    if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| {
            if inner.path.is_ident(side) {
                found = Some(string_value(&inner)?);
            } else {
                skip_value(&inner)?;
            }
            Ok(())
        })?;
    }
    Ok(found)
}

/// The lines of the doc comment a person reads (its first paragraph), with their tokens:
/// the rule is in `doc.rs`.
/// Whether `attr` is `#[doc(hidden)]`.
fn doc_hidden(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("doc") && matches!(&attr.meta, syn::Meta::List(list) if list.tokens.to_string() == "hidden")
}

fn doc_lines(attrs: &[syn::Attribute]) -> Vec<Spanned<String>> {
    crate::doc::first_paragraph_lines(attrs).into_iter().map(|(value, tokens)| Spanned { value, tokens }).collect()
}

/// The doc comment as a person reads it (its first paragraph, without rustdoc's markup).
pub fn doc_comment(attrs: &[syn::Attribute]) -> Option<String> {
    crate::doc::first_paragraph(attrs)
}

fn first_line(s: &str) -> String {
    // regex-syntax errors are multi-line drawings of the pattern; keep the message part.
    s.lines().filter(|l| l.starts_with("error:")).map(|l| l.trim_start_matches("error:").trim().to_owned()).next().unwrap_or_else(|| s.lines().next().unwrap_or_default().to_owned())
}

/// schemars' attribute.
pub const SCHEMARS: &str = "schemars";

/// Puts what a foreign attribute states into the elicit slot, unless the field's own
/// `#[elicit(...)]` says it; the two saying different things is an error.
pub fn merge<T>(cx: &Ctxt, name: &str, slot: &mut Option<Spanned<T>>, foreign: Option<Spanned<T>>, same: impl Fn(&T, &T) -> bool, show: impl Fn(&T) -> String) {
    let Some(foreign) = foreign else { return };
    match slot {
        Some(own) if !same(&own.value, &foreign.value) => cx.error_spanned_by(
            &foreign,
            format!("`{}` here conflicts with `#[elicit({name} = {})]`: the form and the `JsonSchema` would differ; keep one", show(&foreign.value), show(&own.value)),
        ),
        Some(_) => {}
        None => *slot = Some(foreign),
    }
}

/// The tokens of a literal string, for a message.
pub fn quoted(s: &str) -> String {
    LitStr::new(s, proc_macro2::Span::call_site()).to_token_stream().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Ordering::{Equal, Greater, Less};

    fn number(text: &str) -> Number {
        number_literal(&syn::parse_str(text).unwrap()).unwrap()
    }

    #[test]
    fn numbers_compare_exactly() {
        assert_eq!(number("9007199254740993").cmp(&number("9007199254740992")), Greater);
        assert_eq!(number("9007199254740993").cmp(&number("9007199254740992.0")), Greater);
        assert_eq!(number("-3").cmp(&number("-2.5")), Less);
        assert_eq!(number("0.0").cmp(&number("-0.0")), Equal);
        assert_eq!(number("2").cmp(&number("2.0")), Equal);
        assert_eq!(number("9007199254740993").to_string(), "9007199254740993");
        assert_eq!(number("-1.5").to_string(), "-1.5");
    }

    #[test]
    fn a_number_beyond_f64_is_refused() {
        assert!(finite(number("1e400"), MAXIMUM).is_err());
        assert!(finite(number("-1e999"), DEFAULT).is_err());
        assert!(finite(number("1.7e308"), MAXIMUM).is_ok());
    }

    /// The errors `Field::from_ast` reports for a field written as `field`, and its flattening.
    fn field_errors(field: &str) -> (Vec<String>, Option<Flatten>) {
        let parsed: syn::DeriveInput = syn::parse_str(&format!("struct S {{ {field} }}")).unwrap();
        let syn::Data::Struct(data) = parsed.data else { unreachable!() };
        let field = data.fields.iter().next().unwrap().clone();
        let (attrs, result) = Ctxt::collect(|cx| Field::from_ast(cx, &field));
        (result.err().into_iter().flatten().map(|e| e.to_string()).collect(), attrs.flatten.map(|f| f.value))
    }

    #[test]
    fn a_language_where_it_has_no_place_is_one_error_that_says_where_it_goes() {
        let (errors, flatten) = field_errors(r#"#[elicit(flatten(prefix = "home_", title_prefix = "Home ", title_prefix(ko = "자택 ", fr = "Domicile : ")))] home: Address"#);
        assert_eq!(errors, Vec::<String>::new());
        let tags: Vec<(String, String)> = flatten.unwrap().title_prefixes.iter().map(|t| (t.tag.clone(), t.text.value.clone())).collect();
        assert_eq!(tags, [("ko".to_owned(), "자택 ".to_owned()), ("fr".to_owned(), "Domicile : ".to_owned())]);
        for (field, expected) in [
            (
                r#"#[elicit(flatten(prefix = "home_", ko = "자택 "))] home: Address"#,
                "`ko` is a language, not an option of `flatten`: write the title prefix in it as `title_prefix(ko = \"...\")`",
            ),
            (
                r#"#[elicit(flatten(prefix(ko = "자택_")))] home: Address"#,
                "the `prefix` is a part of the wire names, the same in every language: write `prefix = \"home_\"`, and the title's prefix per language as `title_prefix(ko = \"집 \")`",
            ),
            (
                r#"#[elicit(flatten(title_prefix(korean = "직장 ")))] work: Address"#,
                "`korean` is not a language tag: write one as an identifier, with `_` for `-`, such as `ko`, `zh_hans`, `pt_br`",
            ),
            (
                r#"#[elicit(title = "Nights", zh_hans = "晚数")] nights: u8"#,
                "`zh-Hans` is a language, not an attribute: put the text in it inside the attribute it translates, such as `title(zh_hans = \"...\")`, `description(zh_hans = \"...\")` or `pattern_hint(zh_hans = \"...\")`",
            ),
        ] {
            let (errors, flatten) = field_errors(field);
            assert_eq!(errors, [expected], "{field}");
            // A flattened field stays flattened: no error follows from the mistake.
            assert_eq!(flatten.is_some(), field.contains("flatten"), "{field}");
        }
        // A misspelled attribute is not taken for a language.
        let (errors, _) = field_errors(r#"#[elicit(max_lenght = 3)] name: String"#);
        assert!(errors[0].starts_with("unknown elicit field attribute `max_lenght`"), "{errors:?}");
    }

    #[test]
    fn language_identifiers_become_canonical_tags() {
        for (ident, tag) in [
            ("ko", Some("ko")),
            ("zh_hans", Some("zh-Hans")),
            ("ZH_HANT_tw", Some("zh-Hant-TW")),
            ("pt_br", Some("pt-BR")),
            ("sr_latn_rs", Some("sr-Latn-RS")),
            ("es_419", Some("es-419")),
            ("de_ch_1996", Some("de-CH-1996")),
            ("korean_please", None),
            ("k", None),
            ("zh_hans_hans", None),
            ("ko_", None),
            ("en_us_x", None),
        ] {
            assert_eq!(canonical_tag(ident).as_deref(), tag, "{ident}");
        }
    }
}
