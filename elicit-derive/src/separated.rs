//! Free-form lists asked as one string (`#[elicit(separated = ",")] labels: Vec<String>`):
//! the checks of the attribute, and the code it adds to the form's expansion
//! (`expand.rs` calls these): the field's schema entry (a plain string on the wire, the
//! list's rules beside it), the checks of its type, its decoding and its content.
//!
//! The field's type is the runtime's `SeparatedList` (a `Vec` of a text-like field type,
//! or an `Option` of one), never decided here by its spelling. `min_items` / `max_items`
//! bound the number of items; `min_length`, `max_length`, `pattern`, `pattern_hint` and
//! `format` apply to each item.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Field};
use crate::attr;
use crate::ctxt::Ctxt;

/// The attributes a separated list takes besides `separated`.
const ALLOWED: &[&str] = &[
    attr::SEPARATED,
    attr::TITLE,
    attr::DESCRIPTION,
    attr::RENAME,
    attr::MIN_ITEMS,
    attr::MAX_ITEMS,
    attr::MIN_LENGTH,
    attr::MAX_LENGTH,
    attr::PATTERN,
    attr::PATTERN_HINT,
    attr::FORMAT,
    attr::NOT_SENSITIVE,
];

/// The checks of `#[elicit(separated = "...")]` on one field: the separator itself, the
/// attributes beside it, and the forms it cannot be in.
pub fn check(cx: &Ctxt, cont: &Container, field: &Field) {
    // Beside `options` too (the field is then a run-time select): that is refused here.
    let Some(separated) = field.attrs.separated.as_ref().filter(|_| field.is_form_field()) else { return };
    // A page form cannot hold the list at all: that is its one error, whatever else is
    // written on it.
    if cont.attrs.page.is_some() {
        // Unless an error of its own (`separated` written twice) says it already.
        if !field.is_refused(&cx.refused()) {
            cx.error_spanned_by(separated, "a `#[elicit(page)]` form cannot have a separated list yet: ask the list in a form of its own");
        }
        return;
    }
    let member = field.member;
    let separator = separated.value.as_str();
    if separator.is_empty() {
        cx.error_spanned_by(separated, "the separator of `separated` is empty: write the text that goes between two items, such as `separated = \",\"`");
    } else if separator.trim().is_empty() {
        cx.error_spanned_by(
            separated,
            "a separator of whitespace alone cannot be told from the spaces around the items (each item is trimmed): use a visible one, such as `separated = \",\"`",
        );
    } else if separator.trim() != separator {
        cx.error_spanned_by(
            separated,
            format!("each item is trimmed, so the whitespace around the separator is not needed and would not split `a{0}b`: write `separated = \"{0}\"`", separator.trim()),
        );
    }
    for (name, tokens) in field.attrs.written_besides(attr::SEPARATED) {
        if ALLOWED.contains(&name) {
            continue;
        }
        let why = match name {
            attr::DEFAULT => "a separated list has no `default` on the wire: write `#[serde(default)]` for an empty list when the field is left out, or make it an `Option<Vec<_>>`".to_owned(),
            attr::MINIMUM | attr::MAXIMUM => "its items are text: bound their number with `min_items` / `max_items`, their length with `min_length` / `max_length`".to_owned(),
            attr::OPTIONS => "a list whose items come from data is a run-time multi-select: remove `separated`".to_owned(),
            _ => format!("`{name}` and `separated` cannot be on one field"),
        };
        cx.error_spanned_by(tokens, format!("`{name}` does not apply to separated list `{member}`: {why}"));
    }
    if cont.generics.type_params().next().is_some() {
        cx.error_spanned_by(separated, format!("separated lists are not available in a generic form yet: `{}` has type parameters", cont.ident));
    }
}

/// Whether the form flattens another beside a separated list (refused).
pub fn check_form(cx: &Ctxt, fields: &[Field]) {
    if fields.iter().any(|f| f.flattened().is_some())
        // A field that is a run-time select too is refused once, by `options`.
        && let Some(field) = fields.iter().find(|f| f.is_separated())
        && let Some(separated) = &field.attrs.separated
    {
        cx.error_spanned_by(separated, "a form that flattens another cannot have a separated list yet: move the list into the flattened form, or ask it in a form of its own");
    }
}

/// The schema entry of a separated list: a plain string on the wire, with the list's
/// separator, bounds and item rules beside it.
pub fn field_schema(f: &Field, defaulted: bool, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let item = quote_spanned!(ty.span()=> <#ty as #p::SeparatedList>::ITEM_KIND);
    let item = crate::labels::text_rules(item, a, p);
    let separator = a.separated.as_ref().map(|s| s.value.as_str()).unwrap_or(",");
    let mut list = quote!(#p::ListRules::new(#separator, #item));
    if let Some(n) = &a.min_items {
        let n = n.value;
        list = quote!(#list.with_min_items(#n));
    }
    if let Some(n) = &a.max_items {
        let n = n.value;
        list = quote!(#list.with_max_items(#n));
    }
    let name = &f.wire_name;
    let mut schema = quote!(#p::FieldSchema::new(#name, #p::PLAIN_STRING).optional_if(<#ty as #p::SeparatedList>::OPTIONAL).separated(&#list));
    schema = crate::labels::labels(schema, a, None);
    if a.serde_default.is_some() || defaulted {
        schema = quote!(#schema.optional_if(true));
    }
    schema
}

/// The check of a separated list's type, a statement: one error on the type when it is
/// not a `Vec` of field types (or an `Option` of one).
pub fn type_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    quote_spanned!(ty.span()=> let _ = <#ty as #p::SeparatedList>::OPTIONAL;)
}

/// The check that the list's items are text, a constant on the attribute (beside the
/// form's impl: an error names the constant it is in).
pub fn const_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let Some(separated) = &f.attrs.separated else { return TokenStream::new() };
    let message = format!(
        "the items of separated list `{}` are not text: `separated` asks a `Vec` of a string type (`String`, `Box<str>`...) or of a type sent as a string (`url::Url`); for numbers, ask a `String` and parse it in a rule",
        f.member
    );
    let panic = crate::tokens::const_panic(&separated.tokens, &message);
    quote! {
        const _: () = if !#p::is_text_kind(&<#ty as #p::SeparatedList>::ITEM_KIND) {
            #panic
        };
    }
}

/// The decoding of a separated list: split, trimmed, each item checked.
pub fn decode(f: &Field, local: &syn::Ident, index: &TokenStream, absent: &TokenStream, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    quote! {
        let #local = <#ty as #p::SeparatedList>::__decode(__elicit_found[#index], &__elicit_fields[#index], &mut __elicit_report, #absent);
    }
}

/// The content of a separated list: its items joined by the separator.
pub fn to_content(f: &Field, p: &TokenStream) -> TokenStream {
    let (ty, member, name) = (f.ty, f.member, f.wire_name.as_str());
    let separator = f.attrs.separated.as_ref().map(|s| s.value.as_str()).unwrap_or(",");
    quote!(#p::put_json(&mut __elicit_map, #name, <#ty as #p::SeparatedList>::__to_json(&self.#member, #separator));)
}
