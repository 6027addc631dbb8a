//! What a person reads of a doc comment. The rule, one for fields, variants, enums and
//! page forms: the comment's **first paragraph**, its lines joined by spaces, with
//! rustdoc's link and code markup removed (`` [`Secret`] `` and `[the key](Key)` read
//! `Secret` and `the key`; `` `sk_` `` reads `sk_`). The paragraphs after it are for
//! rustdoc only. An explicit `title` or `description` replaces it.

use proc_macro2::TokenStream;
use quote::ToTokens as _;
use syn::{Attribute, Expr, ExprLit, Lit, LitStr};

/// The text of a `#[doc = "..."]` (a `///` comment), also when a `macro_rules!` macro
/// passed it as an `$x:expr` (an invisible group around the literal).
fn doc_text(attr: &Attribute) -> Option<&LitStr> {
    if !attr.path().is_ident("doc") {
        return None;
    }
    let syn::Meta::NameValue(nv) = &attr.meta else { return None };
    let mut value = &nv.value;
    while let Expr::Group(group) = value {
        value = &group.expr;
    }
    match value {
        Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) => Some(s),
        _ => None,
    }
}

/// The lines of the first paragraph, trimmed, each with the tokens of its attribute (to
/// point at the line a problem is on), as a person reads them.
pub fn first_paragraph_lines(attrs: &[Attribute]) -> Vec<(String, TokenStream)> {
    let mut lines = Vec::new();
    for attr in attrs {
        let Some(text) = doc_text(attr) else { continue };
        // Not `lines()`: a blank `///` is an empty string, which `lines()` drops, and the
        // paragraph break with it.
        for line in text.value().split('\n').map(str::trim) {
            if line.is_empty() {
                if !lines.is_empty() {
                    return lines;
                }
                continue;
            }
            lines.push((plain(line), attr.to_token_stream()));
        }
    }
    lines
}

/// The first paragraph, as a person reads it; `None` when the comment says nothing.
pub fn first_paragraph(attrs: &[Attribute]) -> Option<String> {
    let mut joined = String::new();
    for attr in attrs {
        let Some(text) = doc_text(attr) else { continue };
        for line in text.value().split('\n').map(str::trim) {
            if line.is_empty() {
                if !joined.is_empty() {
                    return Some(plain(&joined));
                }
                continue;
            }
            if !joined.is_empty() {
                joined.push(' ');
            }
            joined.push_str(line);
        }
    }
    (!joined.is_empty()).then(|| plain(&joined))
}

/// `text` without rustdoc's link and code markup: a link is its text (`[text](target)`,
/// `[text][target]`, `[text]`), inline code is its content.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match c {
            '`' => {
                // A code span: as many backticks close it as opened it.
                let ticks = rest.len() - rest.trim_start_matches('`').len();
                let fence = &rest[..ticks];
                match rest[ticks..].find(fence) {
                    Some(end) => {
                        out.push_str(rest[ticks..ticks + end].trim());
                        rest = &rest[ticks + end + ticks..];
                    }
                    None => {
                        out.push_str(fence);
                        rest = &rest[ticks..];
                    }
                }
            }
            '[' => match link(rest) {
                Some((inner, used)) => {
                    out.push_str(&plain(inner));
                    rest = &rest[used..];
                }
                None => {
                    out.push('[');
                    rest = &rest[1..];
                }
            },
            c => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    out
}

/// A link at the start of `text` (which starts with `[`): its text and how many bytes
/// it takes, the target included. Brackets that are not a link (`[1, 2]` followed by
/// anything but a target, or with no closing bracket) are none.
fn link(text: &str) -> Option<(&str, usize)> {
    let mut depth = 0usize;
    let mut in_code = false;
    let mut close = None;
    for (at, c) in text.char_indices() {
        match c {
            '`' => in_code = !in_code,
            '[' if !in_code => depth += 1,
            ']' if !in_code => {
                depth -= 1;
                if depth == 0 {
                    close = Some(at);
                    break;
                }
            }
            _ => {}
        }
    }
    let close = close?;
    let inner = &text[1..close];
    let after = &text[close + 1..];
    let target = |open: char, end: char| after.strip_prefix(open).and_then(|t| t.find(end)).map(|len| close + 1 + len + 2);
    if let Some(used) = target('(', ')') {
        return Some((inner, used));
    }
    if let Some(used) = target('[', ']') {
        return Some((inner, used));
    }
    // A shortcut link is an intra-doc link to an item: `[`Secret`]`, `[Secret]`,
    // `[Self::check]`. Brackets around prose or a list (`[1, 2]`, `[a b]`) stay.
    let item = inner.trim_matches('`');
    let is_path = !item.is_empty() && item.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '<' | '>' | '!' | '(' | ')' | '@' | '.'));
    is_path.then_some((inner, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_code_read_as_their_text() {
        assert_eq!(plain("its key a [`Secret`] (redacted `Debug`)"), "its key a Secret (redacted Debug)");
        assert_eq!(plain("see [the docs](https://docs.rs/x) and [`Self::check`]"), "see the docs and Self::check");
        assert_eq!(plain("a [reference][r] link, ``a `tick` ``"), "a reference link, a `tick`");
        assert_eq!(plain("a list [1, 2] and [a b] stay"), "a list [1, 2] and [a b] stay");
        assert_eq!(plain("an open [ bracket and a lone ` tick"), "an open [ bracket and a lone ` tick");
        assert_eq!(plain("Dates are `YYYY-MM-DD`: [`chrono::NaiveDate`]"), "Dates are YYYY-MM-DD: chrono::NaiveDate");
    }

    #[test]
    fn only_the_first_paragraph_is_read() {
        let attrs: Vec<Attribute> = vec![
            syn::parse_quote!(#[doc = " Connect your API key."]),
            syn::parse_quote!(#[doc = " A [`Secret`]."]),
            syn::parse_quote!(#[doc = ""]),
            syn::parse_quote!(#[doc = " For developers: zeroized when dropped."]),
        ];
        assert_eq!(first_paragraph(&attrs).as_deref(), Some("Connect your API key. A Secret."));
        assert_eq!(first_paragraph_lines(&attrs).iter().map(|(line, _)| line.as_str()).collect::<Vec<_>>(), ["Connect your API key.", "A Secret."]);
        let leading_blank: Vec<Attribute> = vec![syn::parse_quote!(#[doc = ""]), syn::parse_quote!(#[doc = " Only this"])];
        assert_eq!(first_paragraph(&leading_blank).as_deref(), Some("Only this"));
        assert_eq!(first_paragraph(&[]), None);
    }
}
