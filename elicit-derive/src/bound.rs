//! The bounds of a generic form's impl: what the generated code asks of the types of
//! fields that use a type parameter, and nothing of the parameters themselves.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Field};
use crate::attr::Needs;

/// The user's generics, with `'static` on every type parameter, and for each form field
/// whose type uses a type parameter, the field's type bounded by what the derive asks of
/// it: `Option<T>: ElicitField` (not `T: ElicitField`, which `Option<T>` does not
/// follow from), plus `StringField`, `NumericField` or `MultiSelectField` when an
/// attribute needs it.
pub fn with_bounds(cont: &Container, fields: &[Field], p: &TokenStream) -> syn::Generics {
    let mut generics = cont.generics.clone();
    let params: Vec<syn::Ident> = generics.type_params().map(|param| param.ident.clone()).collect();
    for param in generics.type_params_mut() {
        param.bounds.push(syn::parse_quote!('static));
    }
    let predicates: Vec<syn::WherePredicate> = fields
        .iter()
        .filter(|f| f.is_form_field() && params.iter().any(|param| mentions(f.ty, param)))
        .map(|f| {
            let ty = f.ty;
            let mut needs: Vec<Needs> = f.attrs.needs().into_iter().map(|(needs, _)| needs).collect();
            needs.sort_unstable();
            needs.dedup();
            let bounds = std::iter::once(quote!(#p::ElicitField)).chain(needs.into_iter().filter_map(|needs| match needs {
                Needs::String => Some(quote!(#p::StringField)),
                Needs::Number => Some(quote!(#p::NumericField)),
                Needs::MultiSelect => Some(quote!(#p::MultiSelectField)),
                Needs::Any => None,
            }));
            syn::parse_quote!(#ty: #(#bounds)+*)
        })
        .collect();
    generics.make_where_clause().predicates.extend(predicates);
    generics
}

/// Whether the type names one of the container's type parameters (the checks in a
/// `const` item outside the impl cannot name them).
pub fn uses_type_params(cont: &Container, ty: &syn::Type) -> bool {
    cont.generics.type_params().any(|param| mentions(ty, &param.ident))
}

fn mentions(ty: &syn::Type, ident: &syn::Ident) -> bool {
    let mut found = false;
    let tokens = quote!(#ty);
    visit_idents(tokens, &mut |i| found |= i == ident);
    found
}

fn visit_idents(tokens: TokenStream, f: &mut impl FnMut(&proc_macro2::Ident)) {
    for tt in tokens {
        match tt {
            proc_macro2::TokenTree::Ident(i) => f(&i),
            proc_macro2::TokenTree::Group(g) => visit_idents(g.stream(), f),
            _ => {}
        }
    }
}

