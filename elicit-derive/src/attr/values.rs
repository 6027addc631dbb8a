//! The values attributes take (numbers, defaults, formats, translations, serde's
//! defaults) and the readers every attribute shares.

use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::{Expr, ExprLit, ExprUnary, Lit, LitStr, UnOp};

use crate::case::{RULE_NAMES, RenameRule};
use crate::ctxt::Ctxt;
use super::*;

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
pub(crate) fn int_cmp_float(a: i128, b: f64) -> std::cmp::Ordering {
    if b.fract() == 0.0 && b.abs() < 1.0e38 {
        a.cmp(&(b as i128))
    } else {
        float_cmp(a as f64, b)
    }
}

/// Finite floats (the parser refuses the others), with `-0.0` equal to `0.0`.
pub(crate) fn float_cmp(a: f64, b: f64) -> std::cmp::Ordering {
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
pub(crate) fn serde_default_value(meta: &ParseNestedMeta) -> syn::Result<SerdeDefault> {
    if meta.input.peek(syn::Token![=]) {
        // serde's derive reports a malformed path itself.
        let s: LitStr = meta.value()?.parse()?;
        Ok(SerdeDefault::Path(s.parse()?))
    } else {
        Ok(SerdeDefault::Trait)
    }
}

pub(crate) fn unknown(meta: &ParseNestedMeta, place: &str, allowed: &[&str]) -> syn::Error {
    let name = meta.path.to_token_stream().to_string().replace(' ', "");
    let list = allowed.iter().map(|a| format!("`{a}`")).collect::<Vec<_>>().join(", ");
    meta.error(format!("unknown elicit {place} attribute `{name}`; expected one of {list}"))
}

pub fn attr_name(meta: &ParseNestedMeta) -> String {
    meta.path.to_token_stream().to_string().replace(' ', "")
}

/// The value after `name =`, or an error on the name that shows how to write it.
pub(crate) fn value_of<'a>(meta: &ParseNestedMeta<'a>, how: &str) -> syn::Result<ParseStream<'a>> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()
    } else {
        Err(syn::Error::new_spanned(&meta.path, format!("`{}` needs a value: {how}", attr_name(meta))))
    }
}

/// A flag such as `skip`, which takes no value.
pub(crate) fn flag(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) || meta.input.peek(syn::token::Paren) {
        let name = attr_name(meta);
        return Err(syn::Error::new_spanned(&meta.path, format!("`{name}` takes no value: write `{name}` alone")));
    }
    Ok(())
}

/// The value of `name = value`, out of the invisible group a `macro_rules!` fragment
/// puts around it: `#[elicit(title = $title)]` with `$title:expr` is the literal it was given.
pub(crate) fn value_expr(meta: &ParseNestedMeta, example: &str) -> syn::Result<Expr> {
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
pub(crate) fn lit_str(meta: &ParseNestedMeta, example: &str) -> syn::Result<LitStr> {
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
pub(crate) fn translations(cx: &Ctxt, meta: &ParseNestedMeta, out: &mut Vec<Translation>) -> syn::Result<()> {
    let mut errors = Vec::new();
    let read = read_translations(meta, out, &mut errors);
    for err in errors {
        cx.syn_error(err);
    }
    read
}

/// [`translations`], with the mistakes that leave the rest readable put in `errors`.
pub(crate) fn read_translations(meta: &ParseNestedMeta, out: &mut Vec<Translation>, errors: &mut Vec<syn::Error>) -> syn::Result<()> {
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
pub(crate) fn flatten_language(inner: &ParseNestedMeta, out: &mut Flatten) -> Option<syn::Result<()>> {
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
pub(crate) fn misplaced_language(meta: &ParseNestedMeta) -> Option<syn::Error> {
    let tag = language_ident(meta)?;
    let name = attr_name(meta);
    Some(meta.error(format!(
        "`{tag}` is a language, not an attribute: put the text in it inside the attribute it translates, such as `title({name} = \"...\")`, `description({name} = \"...\")` or `pattern_hint({name} = \"...\")`"
    )))
}

/// The tag of a name that can only be a language (`ko`, `zh_hans`, `pt_br`: a language of
/// two letters, with its subtags), never an attribute misspelled (`min`, `max_lenght`).
pub(crate) fn language_ident(meta: &ParseNestedMeta) -> Option<String> {
    let name = attr_name(meta);
    (name.split('_').next()?.len() == 2).then(|| canonical_tag(&name)).flatten()
}

/// A language tag written as an identifier (`zh_hans`, `pt_br`, `sr_latn_rs`) in BCP 47's
/// canonical case (`zh-Hans`, `pt-BR`, `sr-Latn-RS`), if it is one: a language of 2 or 3
/// letters (BCP 47's longer ones are reserved or registered for no language), then an optional script (4 letters), region (2 letters or 3
/// digits) and variants (5 to 8 letters or digits, or a digit and 3 more).
pub(crate) fn canonical_tag(ident: &str) -> Option<String> {
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

pub(crate) fn string_value(meta: &ParseNestedMeta) -> syn::Result<String> {
    lit_str(meta, "\"...\"").map(|s| s.value())
}

pub(crate) fn default_value(meta: &ParseNestedMeta) -> syn::Result<(Expr, DefaultLit)> {
    let expr = value_expr(meta, "`default = \"text\"`, `default = 3`, `default = true` or `default = [\"option\"]`")?;
    let lit = default_literal(&expr)?;
    Ok((expr, lit))
}

pub(crate) fn format_value(meta: &ParseNestedMeta) -> syn::Result<Format> {
    let s = lit_str(meta, "\"email\"")?;
    Format::from_name(&s.value()).ok_or_else(|| {
        syn::Error::new_spanned(
            &s,
            format!("unknown format `{}`; the MCP specification allows `email`, `uri`, `date` and `date-time`", s.value()),
        )
    })
}

pub(crate) fn pattern_value(meta: &ParseNestedMeta) -> syn::Result<String> {
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

pub(crate) fn count_value(meta: &ParseNestedMeta) -> syn::Result<u64> {
    let name = attr_name(meta);
    let expr = value_expr(meta, &format!("`{name} = 3`"))?;
    match &expr {
        Expr::Lit(ExprLit { lit: Lit::Int(i), .. }) => i.base10_parse::<u64>().ok(),
        _ => None,
    }
    .ok_or_else(|| syn::Error::new_spanned(&expr, format!("`{name}` takes a whole number of 0 or more, such as `{name} = 3`")))
}

pub(crate) fn number_value(meta: &ParseNestedMeta) -> syn::Result<Number> {
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

pub(crate) fn default_literal(expr: &Expr) -> syn::Result<DefaultLit> {
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

pub(crate) fn parse_rename_rule(s: &LitStr) -> syn::Result<RenameRule> {
    RenameRule::from_str(&s.value()).ok_or_else(|| {
        let list = RULE_NAMES.iter().map(|(n, _)| format!("\"{n}\"")).collect::<Vec<_>>().join(", ");
        syn::Error::new_spanned(s, format!("unknown rename rule `{}`; expected one of {list}", s.value()))
    })
}

/// Reads `#[serde(...)]` leniently: the keys `visit` knows are used, every other key is
/// skipped with its value (serde's own derive validates them).
pub(crate) fn read_serde(attr: &syn::Attribute, mut visit: impl FnMut(&ParseNestedMeta) -> syn::Result<bool>) {
    let _ = attr.parse_nested_meta(|meta| {
        if !visit(&meta)? {
            skip_value(&meta)?;
        }
        Ok(())
    });
}

pub(crate) fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| skip_value(&inner))?;
    }
    Ok(())
}

/// `rename = "x"` or `rename(serialize = "a", deserialize = "b")` (the `side` one).
pub(crate) fn serde_string(meta: &ParseNestedMeta, side: &str) -> syn::Result<Option<String>> {
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
pub(crate) fn doc_hidden(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("doc") && matches!(&attr.meta, syn::Meta::List(list) if list.tokens.to_string() == "hidden")
}

pub(crate) fn doc_lines(attrs: &[syn::Attribute]) -> Vec<Spanned<String>> {
    crate::doc::first_paragraph_lines(attrs).into_iter().map(|(value, tokens)| Spanned { value, tokens }).collect()
}

/// The doc comment as a person reads it (its first paragraph, without rustdoc's markup).
pub fn doc_comment(attrs: &[syn::Attribute]) -> Option<String> {
    crate::doc::first_paragraph(attrs)
}

pub(crate) fn first_line(s: &str) -> String {
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
