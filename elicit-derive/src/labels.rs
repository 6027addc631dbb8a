//! What every kind of schema entry shares, written once for typed fields, run-time
//! selects and separated lists: the labels (title, description, their translations) and
//! the rules of a text (a typed field's own, a separated list's items') and of a list's
//! length (a typed multi-select's, a run-time one's).

use proc_macro2::TokenStream;
use quote::quote;

use crate::attr;
use crate::tokens::{format_variant, translations};

/// The rules of a text written in the attributes (`min_length`, `max_length`, `pattern`
/// and its words, `format`), added to `kind`: a typed field's own, a separated list's
/// items'.
pub(crate) fn text_rules(mut kind: TokenStream, a: &attr::Field, p: &TokenStream) -> TokenStream {
    if let Some(n) = &a.min_length {
        let n = n.value;
        kind = quote!(#kind.min_length(#n));
    }
    if let Some(n) = &a.max_length {
        let n = n.value;
        kind = quote!(#kind.max_length(#n));
    }
    if let Some(pattern) = &a.pattern {
        let pattern = &pattern.value;
        kind = quote!(#kind.pattern(#pattern));
    }
    if let Some(hint) = &a.pattern_hint {
        let hint = &hint.value;
        kind = quote!(#kind.pattern_hint(#hint));
    }
    if !a.pattern_hints.is_empty() {
        let hints = translations(&a.pattern_hints);
        kind = quote!(#kind.pattern_hints(#hints));
    }
    if let Some(format) = &a.format {
        let variant = format_variant(format.value);
        kind = quote!(#kind.format(#p::Format::#variant));
    }
    kind
}

/// The labels every kind of entry has, added to `schema`: the title and its translations,
/// the description's translations, and the description (the attribute's, else the doc
/// comment's, else `otherwise`'s call: a typed field's type may have its own).
pub(crate) fn labels(mut schema: TokenStream, a: &attr::Field, otherwise: Option<TokenStream>) -> TokenStream {
    if let Some(title) = &a.title {
        let title = &title.value;
        schema = quote!(#schema.with_title(#title));
    }
    if !a.titles.is_empty() {
        let titles = translations(&a.titles);
        schema = quote!(#schema.with_titles(#titles));
    }
    if !a.descriptions.is_empty() {
        let descriptions = translations(&a.descriptions);
        schema = quote!(#schema.with_descriptions(#descriptions));
    }
    match a.description.as_ref().map(|d| &d.value).or(a.doc.as_ref()) {
        Some(description) => quote!(#schema.with_description(#description)),
        None => quote!(#schema #otherwise),
    }
}

/// The bounds of a multi-select's length written in the attributes (`min_items`,
/// `max_items`), added to `kind`: a typed multi-select's, a run-time one's.
pub(crate) fn item_rules(mut kind: TokenStream, a: &attr::Field) -> TokenStream {
    if let Some(n) = &a.min_items {
        let n = n.value;
        kind = quote!(#kind.min_items(#n));
    }
    if let Some(n) = &a.max_items {
        let n = n.value;
        kind = quote!(#kind.max_items(#n));
    }
    kind
}
