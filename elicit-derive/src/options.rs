//! Run-time selects (`#[elicit(options)]`): a select whose options are given each time
//! the form is asked. The checks of the attribute, and the code it adds to the form's
//! expansion (`expand.rs` calls these): the companion struct with one `Options` per
//! run-time select (`DeployOptions`), the field's schema entry and decoding, `elicit_with`,
//! and the refused `elicit`.
//!
//! Asking is made impossible to get wrong by the type system: the options travel in a
//! struct literal (a field left out is E0063 naming it, a field that is not a run-time
//! select is E0560 "has no field named"), and `Deploy::elicit` without them is refused
//! with a message naming `elicit_with`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Field};
use crate::attr;
use crate::ctxt::Ctxt;

/// The attributes a run-time select takes besides `options`.
const ALLOWED: &[&str] = &[attr::OPTIONS, attr::TITLE, attr::DESCRIPTION, attr::RENAME, attr::MIN_ITEMS, attr::MAX_ITEMS, attr::NOT_SENSITIVE];

/// The checks of `#[elicit(options)]` on one field: the attributes beside it, and the
/// forms it cannot be in yet.
pub fn check(cx: &Ctxt, cont: &Container, field: &Field) {
    let Some(options) = &field.attrs.options else { return };
    let member = field.member;
    for (name, tokens) in field.attrs.written_besides(attr::OPTIONS) {
        // `separated` beside `options` is reported once, by `separated`.
        if ALLOWED.contains(&name) || name == attr::SEPARATED || field.attrs.skip.is_some() {
            continue;
        }
        let why = if name == attr::DEFAULT {
            "a run-time select's default is one of the options given when it is asked: `Options::with_default(value)`".to_owned()
        } else {
            format!("the options of run-time select `{member}` are given when it is asked, and `{name}` does not apply to a select")
        };
        cx.error_spanned_by(tokens, format!("`{name}` does not apply to run-time select `{member}`: {why}"));
    }
    if cont.generics.type_params().next().is_some() || cont.generics.lifetimes().next().is_some() {
        cx.error_spanned_by(&options.tokens, format!("run-time selects are not available in a generic form: `{}` gets a struct of options beside it, which has no type parameters", cont.ident));
    }
    if cont.attrs.serde_default.is_some() || field.attrs.serde_default.is_some() {
        cx.error_spanned_by(&options.tokens, format!("`#[serde(default)]` does not apply to run-time select `{member}`: its default is one of its options, `Options::with_default(value)`"));
    }
}

/// Whether the form has a flattened field beside a run-time select (refused).
pub fn check_form(cx: &Ctxt, fields: &[Field]) {
    if fields.iter().any(|f| f.flattened().is_some())
        && let Some(field) = fields.iter().find(|f| f.is_runtime_select())
        && let Some(options) = &field.attrs.options
    {
        cx.error_spanned_by(&options.tokens, "a form that flattens another cannot have run-time selects yet: ask the choice in a form of its own");
    }
}

/// The name of the companion struct: `DeployOptions` for `Deploy`.
fn companion(cont: &Container) -> syn::Ident {
    format_ident!("{}Options", cont.ident)
}

/// The companion struct, outside the form's `const _` block so that the author can name
/// it; empty when the form has no run-time select.
pub fn companion_struct(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    let runtime: Vec<&Field> = fields.iter().filter(|f| f.is_runtime_select()).collect();
    if runtime.is_empty() {
        return TokenStream::new();
    }
    let (ident, vis, name) = (cont.ident, cont.vis, companion(cont));
    let doc = format!("The options of the run-time selects of [`{ident}`], given each time it is asked: `{ident}::elicit_with(&peer, message, {name} {{ .. }})`.");
    let entries = runtime.iter().map(|f| {
        let (member, ty) = (f.member, f.ty);
        let doc = format!("The options of `{member}`.");
        let field_ty = quote_spanned!(ty.span()=> #p::Options<<#ty as #p::RuntimeSelect>::Item>);
        quote!(#[doc = #doc] pub #member: #field_ty)
    });
    quote! {
        #[doc = #doc]
        #[derive(::core::fmt::Debug, ::core::clone::Clone)]
        #vis struct #name {
            #(#entries,)*
        }
    }
}

/// The schema entry of a run-time select: its kind without options, marked run-time.
pub fn field_schema(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let mut kind = quote_spanned!(ty.span()=> <#ty as #p::RuntimeSelect>::KIND);
    if let Some(n) = &a.min_items {
        let n = n.value;
        kind = quote!(#kind.min_items(#n));
    }
    if let Some(n) = &a.max_items {
        let n = n.value;
        kind = quote!(#kind.max_items(#n));
    }
    let name = &f.wire_name;
    let mut schema = quote!(#p::FieldSchema::new(#name, #kind).optional_if(<#ty as #p::RuntimeSelect>::OPTIONAL).runtime_select());
    if let Some(title) = &a.title {
        let title = &title.value;
        schema = quote!(#schema.with_title(#title));
    }
    if !a.titles.is_empty() {
        let titles = crate::tokens::translations(&a.titles);
        schema = quote!(#schema.with_titles(#titles));
    }
    if !a.descriptions.is_empty() {
        let descriptions = crate::tokens::translations(&a.descriptions);
        schema = quote!(#schema.with_descriptions(#descriptions));
    }
    if let Some(description) = a.description.as_ref().map(|d| &d.value).or(a.doc.as_ref()) {
        schema = quote!(#schema.with_description(#description));
    }
    schema
}

/// The checks of a run-time select's type (one error on the type when it is not an
/// item, an `Option` of one or a `Vec` of them) and of `min_items` / `max_items`, which
/// need a multi-select.
pub fn type_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let mut out = quote_spanned!(ty.span()=> let _ = <#ty as #p::RuntimeSelect>::KIND;);
    for (attr, name) in [(&f.attrs.min_items, attr::MIN_ITEMS), (&f.attrs.max_items, attr::MAX_ITEMS)] {
        let Some(attr) = attr else { continue };
        let message = format!("`{name}` applies to a multi-select: run-time select `{}` holds one item; make it a `Vec` of items, or remove `{name}`", f.member);
        let panic = crate::tokens::const_panic(&attr.tokens, &message);
        out.extend(quote! {
            const _: () = if !#p::is_multi_select(&<#ty as #p::RuntimeSelect>::KIND) {
                #panic
            };
        });
    }
    out
}

/// The decoding of a run-time select, against the options offered (`__elicit_options`).
pub fn decode(f: &Field, local: &syn::Ident, index: &proc_macro2::Literal, p: &TokenStream) -> TokenStream {
    let (ty, member) = (f.ty, f.member);
    quote! {
        let #local = <#ty as #p::RuntimeSelect>::__decode(
            __elicit_found[#index],
            &__elicit_fields[#index],
            &mut __elicit_report,
            __elicit_options.map(|__elicit_options| &__elicit_options.#member),
        );
    }
}

/// `FormOptions` for the companion struct: each run-time select's list, by wire name.
fn form_options(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    let runtime: Vec<&Field> = fields.iter().filter(|f| f.is_runtime_select()).collect();
    let name = companion(cont);
    let names = runtime.iter().map(|f| f.wire_name.as_str());
    let members = runtime.iter().map(|f| f.member);
    quote! {
        #[automatically_derived]
        impl #p::FormOptions for #name {
            fn list(&self, __elicit_field: &::core::primitive::str) -> #p::Option<&#p::OptionList> {
                match __elicit_field {
                    #(#names => #p::Some(self.#members.__list()),)*
                    _ => #p::None,
                }
            }
            fn as_any(&self) -> &dyn #p::Any {
                self
            }
        }
    }
}

/// What a page form (`#[elicit(page)]`) with run-time selects adds inside its `const _`
/// block: `FormOptions` for the companion struct, and `elicit_on_page_with` (and the
/// refused `elicit_on_page`) on the form.
pub fn page_impls(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    let (ident, name) = (cont.ident, companion(cont));
    let form_options = form_options(cont, fields, p);
    quote! {
        #form_options

        #[automatically_derived]
        impl #ident {
            /// Asks the user behind `peer` to fill in this form on the server's page, with
            /// the options of its run-time selects; configure and await it as
            /// `elicit_runtime::page::PageForm::elicit_on_page` (feature `page`). The message
            /// is a text or `elicit_runtime::locale::Words`, as `elicit_on_page`'s.
            #[inline]
            pub fn elicit_on_page_with<'__elicit, __ElicitPeer: ?::core::marker::Sized, __ElicitPages: ?::core::marker::Sized>(
                peer: &'__elicit __ElicitPeer,
                pages: &'__elicit __ElicitPages,
                message: impl ::core::convert::Into<#p::Words>,
                options: #name,
            ) -> <__ElicitPages as #p::AsksOnPage<'__elicit, Self, __ElicitPeer>>::Request
            where
                __ElicitPages: #p::AsksOnPage<'__elicit, Self, __ElicitPeer>,
            {
                #p::AsksOnPage::__ask_with(pages, peer, ::core::convert::Into::into(message), ::std::sync::Arc::new(options))
            }

            /// Validates `content` against the form and these options, and decodes it:
            /// each run-time select's value must be one of its options.
            #[inline]
            pub fn from_content_with(
                content: &#p::Map<#p::String, #p::Value>,
                options: &#name,
            ) -> #p::Result<Self, #p::InvalidContent> {
                <Self as #p::PageForm>::__from_content_with(content, #p::Some(options))
            }

            /// Refused: a page form with run-time selects is asked with their options.
            #[doc(hidden)]
            pub fn elicit_on_page<__ElicitPeer: ?::core::marker::Sized, __ElicitPages: ?::core::marker::Sized, __ElicitMessage>(
                _: &__ElicitPeer,
                _: &__ElicitPages,
                _: __ElicitMessage,
            ) -> ::core::future::Pending<#p::Result<#p::Elicitation<Self>, #p::ElicitError>>
            where
                __ElicitPeer: #p::AskedOnPageWithOptions<Self>,
            {
                ::core::future::pending()
            }
        }
    }
}

/// What a form with run-time selects adds inside its `const _` block: `FormOptions` for
/// the companion struct, and `elicit_with` (and the refused `elicit`) on the form.
pub fn impls(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    let (ident, name) = (cont.ident, companion(cont));
    let form_options = form_options(cont, fields, p);
    quote! {
        #form_options

        #[automatically_derived]
        impl #ident {
            /// Asks the client of the current request to fill in this form, with the
            /// options of its run-time selects; configure and await it as
            /// `elicit_runtime::Elicit::elicit`. The message is a text or
            /// `elicit_runtime::locale::Words`, as `elicit`'s.
            #[inline]
            pub fn elicit_with<'__elicit, __ElicitPeer: #p::ElicitPeer + ?::core::marker::Sized>(
                peer: &'__elicit __ElicitPeer,
                message: impl ::core::convert::Into<#p::Words>,
                options: #name,
            ) -> #p::ElicitRequest<'__elicit, Self, __ElicitPeer> {
                <Self as #p::Elicit>::elicit(peer, message).__with_options(options)
            }

            /// Validates `content` against the schema and these options, and decodes it:
            /// each run-time select's value must be one of its options.
            #[inline]
            pub fn from_content_with(
                content: &#p::Map<#p::String, #p::Value>,
                options: &#name,
            ) -> #p::Result<Self, #p::InvalidContent> {
                <Self as #p::Elicit>::__from_content_with(content, #p::Some(options))
            }

            /// Refused: a form with run-time selects is asked with their options.
            #[doc(hidden)]
            pub fn elicit<__ElicitPeer: ?::core::marker::Sized, __ElicitMessage>(
                _: &__ElicitPeer,
                _: __ElicitMessage,
            ) -> ::core::future::Pending<#p::Result<#p::Elicitation<Self>, #p::ElicitError>>
            where
                __ElicitPeer: #p::AskedWithOptions<Self>,
            {
                ::core::future::pending()
            }
        }
    }
}
