//! Pieces of generated code that the expand files (`expand`, `flatten`, `options`,
//! `separated`) all write: a compile-time panic spanned on the author's tokens, the
//! author's translations as static data, the runtime's name of a format.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

/// `::core::panic!(message)` spanned from the first to the last of `tokens`, so that the
/// compile-time evaluation error underlines the whole literal (`-1`, not only `-`).
pub(crate) fn const_panic(tokens: &TokenStream, message: &str) -> TokenStream {
    let mut spans = tokens.clone().into_iter().map(|tt| tt.span());
    let first = spans.next().unwrap_or_else(Span::call_site);
    let last = spans.last().unwrap_or(first);
    let path = quote_spanned!(first=> ::core::panic);
    let args = quote_spanned!(last=> !(#message));
    quote!(#path #args)
}

/// The author's texts in other languages, as `&'static` pairs of tag and text.
pub(crate) fn translations(list: &[crate::attr::Translation]) -> TokenStream {
    let pairs = list.iter().map(|t| {
        let (tag, text) = (&t.tag, &t.text.value);
        quote!((#tag, #text))
    });
    quote!(&[#(#pairs),*])
}

/// The runtime's `Format` variant.
pub(crate) fn format_variant(format: crate::attr::Format) -> TokenStream {
    match format {
        crate::attr::Format::Email => quote!(Email),
        crate::attr::Format::Uri => quote!(Uri),
        crate::attr::Format::Date => quote!(Date),
        crate::attr::Format::DateTime => quote!(DateTime),
    }
}

/// The tokens re-spanned onto an attribute, so that a trait error about the attribute
/// points at the attribute rather than at the field's type.
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let proc_macro2::TokenTree::Group(g) = &tt {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                return proc_macro2::TokenTree::Group(group);
            }
            tt.set_span(span);
            tt
        })
        .collect()
}
