//! A typed field's schema entry: its kind with the attribute's rules, its labels, default
//! and required-ness, as a constant expression.

use proc_macro2::{Literal as Lit, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::Field;
use crate::attr::{DefaultLit, Number};
use crate::labels::{item_rules, labels, text_rules};

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
    kind = item_rules(kind, a);

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
