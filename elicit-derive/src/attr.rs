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
pub const MINIMUM: &str = "minimum";
pub const MAXIMUM: &str = "maximum";
pub const MIN_ITEMS: &str = "min_items";
pub const MAX_ITEMS: &str = "max_items";
pub const NOT_SENSITIVE: &str = "not_sensitive";

const STRUCT_ATTRS: &[&str] = &[RENAME_ALL, CRATE];
const ENUM_ATTRS: &[&str] = &[RENAME_ALL, CRATE, LEGACY_ENUM_NAMES];
const FIELD_ATTRS: &[&str] = &[
    TITLE, DESCRIPTION, RENAME, SKIP, DEFAULT, FORMAT, MIN_LENGTH, MAX_LENGTH, PATTERN, MINIMUM, MAXIMUM, MIN_ITEMS, MAX_ITEMS,
    NOT_SENSITIVE,
];
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

/// Where a name comes from, to report conflicts between `elicit` and `serde`.
struct Names<'c> {
    elicit: Attr<'c, String>,
    serde: Attr<'c, String>,
}

impl<'c> Names<'c> {
    fn new(cx: &'c Ctxt, name: &'static str) -> Self {
        Names { elicit: Attr::none(cx, name), serde: Attr::none(cx, name) }
    }

    /// `#[elicit(rename)]` wins; a different `#[serde(rename)]` beside it is an error,
    /// because the two derives would then disagree on the wire name.
    fn resolve(self, cx: &Ctxt) -> Option<Spanned<String>> {
        match (self.elicit.get(), self.serde.get()) {
            (Some(e), Some(s)) if e.value != s.value => {
                cx.error_spanned_by(
                    &e,
                    format!(
                        "`#[elicit({0} = \"{1}\")]` conflicts with `#[serde({0} = \"{2}\")]`: the form and serde would use different wire names; keep one of them",
                        "rename", e.value, s.value
                    ),
                );
                Some(e)
            }
            (Some(e), _) => Some(e),
            (None, s) => s,
        }
    }
}

/// Attributes of the struct or enum itself.
pub struct Container {
    pub rename_all: Option<RenameRule>,
    pub crate_path: Option<syn::Path>,
    /// `#[elicit(legacy_enum_names)]` on an enum: its titled single-selects are written
    /// as `enum` + `enumNames` on every revision.
    pub legacy_enum_names: Option<Spanned<()>>,
}

impl Container {
    pub fn from_ast(cx: &Ctxt, input: &syn::DeriveInput) -> Self {
        let mut rename_all = Attr::none(cx, RENAME_ALL);
        let mut serde_rename_all = Attr::none(cx, RENAME_ALL);
        let mut crate_path = Attr::none(cx, CRATE);
        let mut legacy_enum_names = Attr::none(cx, LEGACY_ENUM_NAMES);
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
                        crate_path.set(&meta.path, s.parse::<syn::Path>()?);
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
        Container { rename_all, crate_path: crate_path.get().map(|p| p.value), legacy_enum_names: legacy_enum_names.get() }
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

/// A `default = ...` literal.
#[derive(Clone)]
pub enum DefaultLit {
    Str(String),
    Number(Number),
    Bool(bool),
    List(Vec<LitStr>),
}

/// Attributes of one struct field.
pub struct Field {
    pub title: Option<Spanned<String>>,
    pub description: Option<Spanned<String>>,
    pub doc: Option<String>,
    /// Each line of the doc comment with its tokens, to point at the line a problem is on.
    pub doc_lines: Vec<Spanned<String>>,
    pub rename: Option<Spanned<String>>,
    pub skip: Option<Spanned<()>>,
    /// `#[serde(default)]` (without an elicit default): absent means `Default::default()`.
    pub serde_default: bool,
    pub default: Option<Spanned<(Expr, DefaultLit)>>,
    pub format: Option<Spanned<&'static str>>,
    pub min_length: Option<Spanned<u64>>,
    pub max_length: Option<Spanned<u64>>,
    pub pattern: Option<Spanned<String>>,
    pub minimum: Option<Spanned<Number>>,
    pub maximum: Option<Spanned<Number>>,
    pub min_items: Option<Spanned<u64>>,
    pub max_items: Option<Spanned<u64>>,
    pub not_sensitive: Option<Spanned<()>>,
}

pub const FORMATS: &[&str] = &["email", "uri", "date", "date-time"];

impl Field {
    pub fn from_ast(cx: &Ctxt, field: &syn::Field) -> Self {
        let mut title = Attr::none(cx, TITLE);
        let mut description = Attr::none(cx, DESCRIPTION);
        let mut rename = Names::new(cx, RENAME);
        let mut skip = Attr::none(cx, SKIP);
        let mut serde_skip = false;
        let mut serde_default = false;
        let mut default = Attr::none(cx, DEFAULT);
        let mut format = Attr::none(cx, FORMAT);
        let mut min_length = Attr::none(cx, MIN_LENGTH);
        let mut max_length = Attr::none(cx, MAX_LENGTH);
        let mut pattern = Attr::none(cx, PATTERN);
        let mut minimum = Attr::none(cx, MINIMUM);
        let mut maximum = Attr::none(cx, MAXIMUM);
        let mut min_items = Attr::none(cx, MIN_ITEMS);
        let mut max_items = Attr::none(cx, MAX_ITEMS);
        let mut not_sensitive = Attr::none(cx, NOT_SENSITIVE);

        for attr in &field.attrs {
            if attr.path().is_ident(ELICIT) {
                let parsed = attr.parse_nested_meta(|meta| {
                    let path = &meta.path;
                    if path.is_ident(TITLE) {
                        title.set(path, string_value(&meta)?);
                    } else if path.is_ident(DESCRIPTION) {
                        description.set(path, string_value(&meta)?);
                    } else if path.is_ident(RENAME) {
                        rename.elicit.set(path, string_value(&meta)?);
                    } else if path.is_ident(SKIP) {
                        skip.set(path, flag(&meta)?);
                    } else if path.is_ident(NOT_SENSITIVE) {
                        not_sensitive.set(path, flag(&meta)?);
                    } else if path.is_ident(DEFAULT) {
                        let expr: Expr = value_of(&meta, "`default = \"text\"`, `default = 3`, `default = true` or `default = [\"option\"]`")?.parse()?;
                        let lit = default_literal(&expr)?;
                        default.set(path, (expr, lit));
                    } else if path.is_ident(FORMAT) {
                        let s = lit_str(&meta, "\"email\"")?;
                        let Some(known) = FORMATS.iter().find(|f| **f == s.value()) else {
                            return Err(syn::Error::new_spanned(
                                &s,
                                format!(
                                    "unknown format `{}`; the MCP specification allows `email`, `uri`, `date` and `date-time`",
                                    s.value()
                                ),
                            ));
                        };
                        format.set(path, *known);
                    } else if path.is_ident(MIN_LENGTH) {
                        min_length.set(path, count_value(&meta)?);
                    } else if path.is_ident(MAX_LENGTH) {
                        max_length.set(path, count_value(&meta)?);
                    } else if path.is_ident(MIN_ITEMS) {
                        min_items.set(path, count_value(&meta)?);
                    } else if path.is_ident(MAX_ITEMS) {
                        max_items.set(path, count_value(&meta)?);
                    } else if path.is_ident(PATTERN) {
                        let s = lit_str(&meta, "\"^[a-z]+$\"")?;
                        if let Err(err) = regex_syntax::Parser::new().parse(&s.value()) {
                            return Err(syn::Error::new_spanned(&s, format!("invalid `pattern`: {}", first_line(&err.to_string()))));
                        }
                        pattern.set(path, s.value());
                    } else if path.is_ident(MINIMUM) {
                        minimum.set(path, number_value(&meta)?);
                    } else if path.is_ident(MAXIMUM) {
                        maximum.set(path, number_value(&meta)?);
                    } else {
                        return Err(unknown(&meta, "field", FIELD_ATTRS));
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
                            rename.serde.set(&meta.path, s);
                        }
                    } else if meta.path.is_ident(DEFAULT) {
                        if meta.input.peek(syn::Token![=]) {
                            let _: Expr = meta.value()?.parse()?;
                            // `default = "path"` calls a function we cannot evaluate at compile
                            // time; the field is optional and decodes to `Default::default()`
                            // only if the type has one, which is the honest approximation.
                        }
                        serde_default = true;
                    } else if meta.path.is_ident(SKIP) || meta.path.is_ident("skip_deserializing") {
                        serde_skip = true;
                    } else {
                        return Ok(false);
                    }
                    Ok(true)
                });
            }
        }

        let mut skip = skip.get();
        if skip.is_none() && serde_skip {
            skip = Some(Spanned { value: (), tokens: TokenStream::new() });
        }
        Field {
            title: title.get(),
            description: description.get(),
            doc: doc_comment(&field.attrs),
            doc_lines: doc_lines(&field.attrs),
            rename: rename.resolve(cx),
            skip,
            serde_default,
            default: default.get(),
            format: format.get(),
            min_length: min_length.get(),
            max_length: max_length.get(),
            pattern: pattern.get(),
            minimum: minimum.get(),
            maximum: maximum.get(),
            min_items: min_items.get(),
            max_items: max_items.get(),
            not_sensitive: not_sensitive.get(),
        }
    }
}

/// Attributes of one enum variant.
pub struct Variant {
    pub rename: Option<Spanned<String>>,
    pub title: Option<Spanned<String>>,
}

impl Variant {
    pub fn from_ast(cx: &Ctxt, variant: &syn::Variant) -> Self {
        let mut rename = Names::new(cx, RENAME);
        let mut title = Attr::none(cx, TITLE);
        for attr in &variant.attrs {
            if attr.path().is_ident(ELICIT) {
                let parsed = attr.parse_nested_meta(|meta| {
                    if meta.path.is_ident(RENAME) {
                        rename.elicit.set(&meta.path, string_value(&meta)?);
                    } else if meta.path.is_ident(TITLE) {
                        title.set(&meta.path, string_value(&meta)?);
                    } else {
                        return Err(unknown(&meta, "variant", VARIANT_ATTRS));
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
                            rename.serde.set(&meta.path, s);
                        }
                        return Ok(true);
                    }
                    Ok(false)
                });
            }
        }
        Variant { rename: rename.resolve(cx), title: title.get() }
    }
}

fn unknown(meta: &ParseNestedMeta, place: &str, allowed: &[&str]) -> syn::Error {
    let name = meta.path.to_token_stream().to_string().replace(' ', "");
    let list = allowed.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ");
    meta.error(format!("unknown elicit {place} attribute `{name}`; expected one of {list}"))
}

fn attr_name(meta: &ParseNestedMeta) -> String {
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

/// `name = "..."`.
fn lit_str(meta: &ParseNestedMeta, example: &str) -> syn::Result<LitStr> {
    let name = attr_name(meta);
    let expr: Expr = value_of(meta, &format!("`{name} = {example}`"))?.parse()?;
    match expr {
        Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => Ok(s),
        other => Err(syn::Error::new_spanned(other, format!("`{name}` takes a string, such as `{name} = {example}`"))),
    }
}

fn string_value(meta: &ParseNestedMeta) -> syn::Result<String> {
    lit_str(meta, "\"...\"").map(|s| s.value())
}

fn count_value(meta: &ParseNestedMeta) -> syn::Result<u64> {
    let name = attr_name(meta);
    let expr: Expr = value_of(meta, &format!("`{name} = 3`"))?.parse()?;
    match &expr {
        Expr::Lit(ExprLit { lit: Lit::Int(i), .. }) => i.base10_parse::<u64>().ok(),
        _ => None,
    }
    .ok_or_else(|| syn::Error::new_spanned(&expr, format!("`{name}` takes a whole number of 0 or more, such as `{name} = 3`")))
}

fn number_value(meta: &ParseNestedMeta) -> syn::Result<Number> {
    let name = attr_name(meta);
    let expr: Expr = value_of(meta, &format!("`{name} = 0`"))?.parse()?;
    number_literal(&expr).ok_or_else(|| syn::Error::new_spanned(&expr, format!("`{name}` takes a number, such as `{name} = 0`, `-5` or `2.5`")))
}

fn number_literal(expr: &Expr) -> Option<Number> {
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
        return Ok(DefaultLit::Number(number));
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

/// The `#[doc = "..."]` attributes (one per `///` line), with their tokens.
fn doc_lines(attrs: &[syn::Attribute]) -> Vec<Spanned<String>> {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("doc"))
        .filter_map(|attr| match &attr.meta {
            syn::Meta::NameValue(syn::MetaNameValue { value: Expr::Lit(ExprLit { lit: Lit::Str(s), .. }), .. }) => {
                Some(Spanned { value: s.value(), tokens: attr.to_token_stream() })
            }
            _ => None,
        })
        .collect()
}

/// The doc comment, lines trimmed and joined; paragraphs keep their blank line.
pub fn doc_comment(attrs: &[syn::Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &attr.meta
            && let Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) = &nv.value {
                // Not `lines()`: a blank `///` is an empty string, which `lines()` drops,
                // and the paragraph break with it.
                lines.extend(s.value().split('\n').map(|l| l.trim().to_owned()).collect::<Vec<_>>());
            }
    }
    let mut text = String::new();
    for line in lines {
        if line.is_empty() {
            if !text.is_empty() && !text.ends_with("\n\n") {
                text.push_str("\n\n");
            }
        } else {
            if !text.is_empty() && !text.ends_with('\n') {
                text.push(' ');
            }
            text.push_str(&line);
        }
    }
    let text = text.trim().to_owned();
    (!text.is_empty()).then_some(text)
}

fn first_line(s: &str) -> String {
    // regex-syntax errors are multi-line drawings of the pattern; keep the message part.
    s.lines().filter(|l| l.starts_with("error:")).map(|l| l.trim_start_matches("error:").trim().to_owned()).next().unwrap_or_else(|| s.lines().next().unwrap_or_default().to_owned())
}
