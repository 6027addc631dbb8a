//! What a form field adds to each part of its form's expansion, by its style (`ast::Style`):
//! its schema entry, the checks of its type, its decoding and its content. The one place
//! that matches on what kind of field this is.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Field, Style};
use crate::attr::SerdeDefault;
use crate::bound::uses_type_params;
use super::*;

/// The struct's `#[serde(default)]`, when it gives this field its value: the field has
/// no default of its own (serde's or elicit's).
pub(crate) fn container_default<'c>(cont: &'c Container, f: &Field) -> Option<&'c SerdeDefault> {
    if f.attrs.serde_default.is_some() || f.attrs.default.is_some() {
        return None;
    }
    cont.attrs.serde_default.as_ref()
}

/// What a missing field decodes to: `#[serde(default)]` of the field or the struct, or
/// the field type's own (`None` for an `Option`).
pub(crate) fn absent(cont: &Container, f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let member = f.member;
    match (&f.attrs.serde_default, container_default(cont, f)) {
        (Some(SerdeDefault::Trait), _) => quote_spanned!(ty.span()=> || #p::Some(::core::default::Default::default())),
        // serde calls the function for a missing field; so does the form. Its value is
        // not known here, so the schema shows no `default` for it.
        (Some(SerdeDefault::Path(path)), _) => quote_spanned!(path.span()=> || #p::Some(#path())),
        // `#[serde(default)]` on the struct: the field of the struct's default.
        (None, Some(SerdeDefault::Trait)) => quote!(|| #p::Some(<Self as ::core::default::Default>::default().#member)),
        (None, Some(SerdeDefault::Path(path))) => quote_spanned!(path.span()=> || #p::Some(#path().#member)),
        // A separated list is absent as its type says (`SeparatedList::__decode`).
        (None, None) if f.is_separated() => quote!(|| #p::None),
        (None, None) => quote!(<#ty as #p::ElicitField>::absent),
    }
}

/// The field's entry in the form's schema, a constant expression.
pub(crate) fn entry(cont: &Container, f: &Field, p: &TokenStream) -> TokenStream {
    let defaulted = container_default(cont, f).is_some();
    match f.style {
        Style::RuntimeSelect => crate::options::field_schema(f, p),
        Style::Separated => crate::separated::field_schema(f, defaulted, p),
        Style::Typed | Style::Skipped | Style::Flattened => field_schema(f, defaulted, p),
    }
}

/// The checks of the field's type and of its attributes against it, statements of the
/// function never called (a generic form's typed field is checked by its bounds).
pub(crate) fn type_check(cont: &Container, f: &Field, p: &TokenStream) -> TokenStream {
    match f.style {
        Style::RuntimeSelect => crate::options::type_checks(f, p),
        Style::Separated => crate::separated::type_checks(f, p),
        Style::Typed | Style::Skipped | Style::Flattened => type_checks(f, uses_type_params(cont, f.ty), p),
    }
}

/// The constants that check the field's literals and attributes (none for a typed field
/// of a generic form whose type uses its parameters: its bounds say it).
pub(crate) fn const_check(cont: &Container, f: &Field, p: &TokenStream) -> TokenStream {
    match f.style {
        Style::RuntimeSelect => crate::options::const_checks(f, p),
        Style::Separated => crate::separated::const_checks(f, p),
        Style::Typed | Style::Skipped | Style::Flattened if !uses_type_params(cont, f.ty) => const_checks(f, p),
        Style::Typed | Style::Skipped | Style::Flattened => TokenStream::new(),
    }
}

/// The statement that decodes the field into `local`: what was found for the field at
/// `at` in the form's fields (an index, or a constant expression in a form that
/// flattens another), problems to `__elicit_report`.
pub(crate) fn decode(cont: &Container, f: &Field, local: &syn::Ident, at: &TokenStream, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    match f.style {
        Style::RuntimeSelect => crate::options::decode(f, local, at, p),
        Style::Separated => crate::separated::decode(f, local, at, &absent(cont, f, p), p),
        Style::Typed | Style::Skipped | Style::Flattened => {
            let absent = absent(cont, f, p);
            quote!(let #local = <#ty as #p::ElicitField>::__decode(__elicit_found[#at], &__elicit_fields[#at], &mut __elicit_report, #absent);)
        }
    }
}

/// The statement that writes the field's value into `__elicit_map` (`to_content`): none
/// for a run-time select, whose value is in its options, not in its item.
pub(crate) fn content(f: &Field, p: &TokenStream) -> TokenStream {
    let (ty, member, name) = (f.ty, f.member, f.wire_name.as_str());
    match f.style {
        Style::RuntimeSelect => TokenStream::new(),
        Style::Separated => crate::separated::to_content(f, p),
        Style::Typed | Style::Skipped | Style::Flattened => quote!(#p::put_json(&mut __elicit_map, #name, <#ty as #p::ElicitField>::to_json(&self.#member));),
    }
}
