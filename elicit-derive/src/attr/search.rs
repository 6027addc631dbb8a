//! One attribute found among the `#[elicit(...)]` of an item without reading the rest:
//! what the derive needs to know before it parses the item whole (whether an enum is a
//! page form, the path of the runtime crate), where the full parse reports every error.

use syn::Attribute;

/// Steps over another attribute's value, `= value` or `(...)`, so that the search goes on
/// after it; the hidden types' own derives report whatever is wrong with it.
fn skip(meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        meta.value()?.parse::<syn::Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _ = meta.parse_nested_meta(|inner| {
            if inner.input.peek(syn::Token![=]) {
                inner.value()?.parse::<syn::Expr>()?;
            }
            Ok(())
        });
    }
    Ok(())
}

/// A string attribute `name = "..."` among the `#[elicit(...)]` of `attrs`, if any; the
/// hidden types' own derives report whatever else is wrong with them.
pub(crate) fn elicit_string(attrs: &[Attribute], name: &str) -> Option<syn::LitStr> {
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("elicit")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident(name) && meta.input.peek(syn::Token![=]) {
                found = Some(meta.value()?.parse::<syn::LitStr>()?);
                Ok(())
            } else {
                skip(&meta)
            }
        });
    }
    found
}

/// The path of a flag `name` among the `#[elicit(...)]` of `attrs`, if it is there.
pub(crate) fn elicit_flag(attrs: &[Attribute], name: &str) -> Option<syn::Path> {
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("elicit")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident(name) && !meta.input.peek(syn::Token![=]) && !meta.input.peek(syn::token::Paren) {
                found = Some(meta.path.clone());
            }
            skip(&meta)
        });
    }
    found
}
