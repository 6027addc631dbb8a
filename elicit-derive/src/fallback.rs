//! The stub emitted beside `compile_error!`, so that one mistake is one error: without it
//! every use of the type would add "trait not implemented".

use std::collections::HashSet;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

use crate::ast::{Container, Data};
use crate::expand::{Paths, field_checks};

/// What the derive emits beside `compile_error!`: an impl with the right shape, so the
/// user does not also see "trait not implemented" wherever the type is used, and, when
/// the input could be read, the checks of each field's type, so that a type error is
/// reported in the same compile as the attribute errors. A field with an error of its own
/// (one of the `refused` spans starts on its tokens) adds no check: one mistake, one error.
///
/// The stub implements traits that require `'static`, so lifetime parameters become
/// `'static` and type parameters get a `'static` bound: the lifetime error the derive
/// reported is then the only one.
pub fn dummy(input: &syn::DeriveInput, crate_path: Option<&syn::Path>, cont: Option<&Container>, refused: &HashSet<String>) -> TokenStream {
    let ident = &input.ident;
    let p = &Paths::new(crate_path).private;
    let (impl_generics, ty_generics, where_clause) = static_generics(&input.generics);
    let body = match &input.data {
        syn::Data::Enum(_) => quote! {
            #[diagnostic::do_not_recommend]
            #[automatically_derived]
            impl #impl_generics #p::ElicitEnum for #ident #ty_generics #where_clause {
                const OPTIONS: &'static [#p::EnumOption] = &[];
                fn from_index(_: ::core::primitive::usize) -> #p::Option<Self> { #p::None }
                fn index(&self) -> ::core::primitive::usize { 0 }
            }
            #[diagnostic::do_not_recommend]
            #[automatically_derived]
            impl #impl_generics #p::ElicitField for #ident #ty_generics #where_clause {
                const KIND: #p::Kind = #p::Kind::Select(&[]);
                type Literal = &'static ::core::primitive::str;
                type IntLiteral = &'static ::core::primitive::str;
                fn from_json(_: &#p::Value) -> #p::Result<Self, #p::Problem> { ::core::unimplemented!() }
                fn to_json(&self) -> #p::Option<#p::Value> { #p::None }
            }
            #[diagnostic::do_not_recommend]
            #[automatically_derived]
            impl #impl_generics #p::NotOption for #ident #ty_generics #where_clause {}
        },
        // A page form's uses ask for `PageForm`, never `Elicit`.
        _ if is_page(input, cont) => quote! {
            #[automatically_derived]
            impl #impl_generics #p::PageForm for #ident #ty_generics #where_clause {
                const SCHEMA: &'static #p::FormSchema = &#p::FormSchema { fields: &[] };
                fn from_content(_: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                    ::core::unimplemented!()
                }
            }
        },
        _ => quote! {
            #[automatically_derived]
            impl #impl_generics #p::Elicit for #ident #ty_generics #where_clause {
                const SCHEMA: &'static #p::FormSchema = &#p::FormSchema { fields: &[] };
                fn from_content(_: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                    ::core::unimplemented!()
                }
                fn to_content(&self) -> #p::Map<#p::String, #p::Value> { #p::Map::new() }
            }
        },
    };
    let checks = match cont {
        // With a lifetime parameter the field types borrow, which the derive already
        // reported; checking them would only repeat it.
        Some(cont @ Container { data: Data::Struct(fields), .. }) if cont.generics.lifetimes().next().is_none() => {
            field_checks(cont, fields, refused, p)
        }
        _ => TokenStream::new(),
    };
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all, clippy::default_numeric_fallback)]
        const _: () = {
            #body
            #checks
        };
    }
}

/// Whether the input is a page form (`#[elicit(page)]`): from the model when it could be
/// built, else from the attribute as written.
fn is_page(input: &syn::DeriveInput, cont: Option<&Container>) -> bool {
    match cont {
        Some(cont) => cont.attrs.page.is_some(),
        None => crate::attr::search::elicit_flag(&input.attrs, "page").is_some(),
    }
}

/// The impl generics, type arguments and where-clause of a stub impl: lifetime
/// parameters replaced by `'static`, type parameters bounded by `'static`.
fn static_generics(generics: &syn::Generics) -> (TokenStream, TokenStream, TokenStream) {
    let lifetimes: Vec<&syn::Ident> = generics.lifetimes().map(|l| &l.lifetime.ident).collect();
    if generics.params.is_empty() {
        let where_clause = &generics.where_clause;
        return (TokenStream::new(), TokenStream::new(), quote!(#where_clause));
    }
    let params = generics.params.iter().filter_map(|param| match param {
        syn::GenericParam::Lifetime(_) => None,
        // An impl's parameters take no defaults (`struct Form<T = String>`).
        syn::GenericParam::Type(t) => {
            let mut t = t.clone();
            t.bounds.push(syn::parse_quote!('static));
            t.eq_token = None;
            t.default = None;
            Some(quote!(#t))
        }
        syn::GenericParam::Const(c) => {
            let mut c = c.clone();
            c.eq_token = None;
            c.default = None;
            Some(quote!(#c))
        }
    });
    let args = generics.params.iter().map(|param| match param {
        syn::GenericParam::Lifetime(_) => quote!('static),
        syn::GenericParam::Type(t) => t.ident.to_token_stream(),
        syn::GenericParam::Const(c) => c.ident.to_token_stream(),
    });
    let where_clause = &generics.where_clause;
    (
        to_static(quote!(<#(#params),*>), &lifetimes),
        quote!(<#(#args),*>),
        to_static(quote!(#where_clause), &lifetimes),
    )
}

/// The tokens with each of these lifetimes replaced by `'static`.
fn to_static(tokens: TokenStream, lifetimes: &[&syn::Ident]) -> TokenStream {
    let mut out = TokenStream::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(tt) = iter.next() {
        match tt {
            proc_macro2::TokenTree::Punct(p) if p.as_char() == '\'' => {
                if let Some(proc_macro2::TokenTree::Ident(i)) = iter.peek()
                    && lifetimes.contains(&i)
                {
                    iter.next();
                    out.extend(quote!('static));
                    continue;
                }
                out.extend([proc_macro2::TokenTree::Punct(p)]);
            }
            proc_macro2::TokenTree::Group(g) => {
                let mut group = proc_macro2::Group::new(g.delimiter(), to_static(g.stream(), lifetimes));
                group.set_span(g.span());
                out.extend([proc_macro2::TokenTree::Group(group)]);
            }
            other => out.extend([other]),
        }
    }
    out
}

