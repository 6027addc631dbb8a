//! A typed field's schema entry: its kind with the attribute's rules, its labels, default
//! and required-ness, as a constant expression; and the labels every kind of entry shares.

use proc_macro2::{Literal as Lit, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::Field;
use crate::attr::{self, DefaultLit, Number};
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

/// `FieldSchema::new(name, kind-with-constraints)` and its labels, default and
/// required-ness, as a constant expression. `defaulted`: the struct's `#[serde(default)]`
/// fills the field in when it is missing.
pub(crate) fn field_schema(f: &Field, defaulted: bool, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let mut kind = quote_spanned!(ty.span()=> <#ty as #p::ElicitField>::KIND);
    kind = text_rules(kind, a, p);
    if let Some(min) = &a.minimum {
        let lit = number(&min.value, p);
        kind = quote!(#kind.minimum(#lit));
    }
    if let Some(max) = &a.maximum {
        let lit = number(&max.value, p);
        kind = quote!(#kind.maximum(#lit));
    }
    if let Some(n) = &a.min_items {
        let n = n.value;
        kind = quote!(#kind.min_items(#n));
    }
    if let Some(n) = &a.max_items {
        let n = n.value;
        kind = quote!(#kind.max_items(#n));
    }

    let name = &f.wire_name;
    // The type's answers as projections, like the kind's: for a type that is no field
    // type, one error on the type, not one per bound of a generic helper.
    let mut schema = quote! {
        #p::FieldSchema::typed(
            #name,
            #kind,
            <#ty as #p::ElicitField>::OPTIONAL,
            <#ty as #p::ElicitField>::LEGACY_ENUM_NAMES,
            <#ty as #p::ElicitField>::SENSITIVE,
        )
    };
    // A derived enum's doc comment, when the field has no description of its own.
    let otherwise = quote!(.with_type_description(<#ty as #p::ElicitField>::DESCRIPTION, <#ty as #p::ElicitField>::DESCRIPTIONS));
    schema = labels(schema, a, Some(otherwise));
    if a.serde_default.is_some() || defaulted {
        schema = quote!(#schema.optional_if(true));
    }
    if let Some(default) = &a.default {
        let lit = default_literal(&default.value.1, p);
        schema = quote!(#schema.with_default(#lit));
    }
    schema
}

pub(crate) fn number(n: &Number, p: &TokenStream) -> TokenStream {
    match n.int {
        Some(i) => {
            let i = Lit::i128_unsuffixed(i);
            quote!(#p::Literal::Int(#i))
        }
        None => {
            let x = Lit::f64_unsuffixed(n.value);
            quote!(#p::Literal::Float(#x))
        }
    }
}

pub(crate) fn default_literal(lit: &DefaultLit, p: &TokenStream) -> TokenStream {
    match lit {
        DefaultLit::Str(s) => quote!(#p::Literal::Str(#s)),
        DefaultLit::Number(n) => number(n, p),
        DefaultLit::Bool(b) => quote!(#p::Literal::Bool(#b)),
        DefaultLit::List(items) => quote!(#p::Literal::List(&[#(#items),*])),
    }
}
