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
use quote::{format_ident, quote};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Field};
use crate::attr;
use crate::ctxt::Ctxt;

/// The attributes a run-time select takes besides `options`.
const ALLOWED: &[&str] = &[attr::OPTIONS, attr::TITLE, attr::DESCRIPTION, attr::RENAME, attr::MIN_ITEMS, attr::MAX_ITEMS, attr::NOT_SENSITIVE];

/// The checks of `#[elicit(options)]` on one field: the attributes beside it, and the
/// forms it cannot be in yet.
pub fn check(cx: &Ctxt, cont: &Container, field: &Field) {
    let Some(options) = field.attrs.options.as_ref().filter(|_| field.is_runtime_select()) else { return };
    let member = field.member;
    for (name, tokens) in field.attrs.written_besides(attr::OPTIONS) {
        // `separated` beside `options` is reported once, by `separated`.
        if ALLOWED.contains(&name) || name == attr::SEPARATED {
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

/// The tokens shown at the field's type: the place of every token is the type's, its
/// meaning the macro's own (names resolve as the derive wrote them).
fn at_type(tokens: TokenStream, ty: &syn::Type) -> TokenStream {
    crate::tokens::respan(tokens, proc_macro2::Span::call_site().located_at(ty.span()))
}

/// The tokens shown at the type of the form's first run-time select (code that looks at
/// every item type at once: the error of one that is none is shown there, as elsewhere).
pub fn at_first_type(fields: &[Field], tokens: TokenStream) -> TokenStream {
    match fields.iter().find(|f| f.is_runtime_select()) {
        Some(f) => at_type(tokens, f.ty),
        None => tokens,
    }
}

/// The name of the companion struct: `DeployOptions` for `Deploy`.
fn companion(cont: &Container) -> syn::Ident {
    format_ident!("{}Options", cont.ident)
}

/// The companion struct, outside the form's `const _` block so that the author can name
/// it; empty when the form has no run-time select.
///
/// Every token that makes the compiler look at a field's item type is shown at the
/// field's type (`at_type`): when the type is no run-time select, each place that looks
/// reports the same error at the same place, and the user reads it once.
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
        let field_ty = at_type(quote!(#p::Options<<#ty as #p::RuntimeSelect>::Item>), ty);
        quote!(#[doc = #doc] pub #member: #field_ty)
    });
    quote! {
        #[doc = #doc]
        #vis struct #name {
            #(#entries,)*
        }
    }
}

/// `Clone` and `Debug` for the companion struct, written out (a derive would ask
/// `Debug` of the items, which a `SelectItem` need not be, and look at the item types
/// from the derive's place): `Debug` shows each select's options without their items.
fn companion_impls(cont: &Container, fields: &[Field]) -> TokenStream {
    let runtime: Vec<&Field> = fields.iter().filter(|f| f.is_runtime_select()).collect();
    let name = companion(cont);
    let label = name.to_string();
    let clones = runtime.iter().map(|f| {
        let member = f.member;
        at_type(quote!(#member: ::core::clone::Clone::clone(&self.#member)), f.ty)
    });
    let debugs = runtime.iter().map(|f| {
        let member = f.member;
        let field = member.to_string();
        at_type(quote!(.field(#field, self.#member.__list())), f.ty)
    });
    // Not re-spanned as a whole: that would move each field's part (and its error) to
    // one place.
    let clone = quote!(#name { #(#clones,)* });
    let debug = quote!(__elicit_f.debug_struct(#label)#(#debugs)*.finish());
    quote! {
        #[automatically_derived]
        impl ::core::clone::Clone for #name {
            fn clone(&self) -> Self {
                #clone
            }
        }
        #[automatically_derived]
        impl ::core::fmt::Debug for #name {
            fn fmt(&self, __elicit_f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #debug
            }
        }
    }
}

/// The schema entry of a run-time select: its kind without options, marked run-time.
pub fn field_schema(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let mut kind = at_type(quote!(<#ty as #p::RuntimeSelect>::KIND), ty);
    kind = crate::labels::item_rules(kind, a);
    let name = &f.wire_name;
    let optional = at_type(quote!(<#ty as #p::RuntimeSelect>::OPTIONAL), ty);
    let schema = quote!(#p::FieldSchema::new(#name, #kind).optional_if(#optional).runtime_select());
    crate::labels::labels(schema, a, None)
}

/// The check of a run-time select's type, a statement: one error on the type when it is
/// not an item, an `Option` of one or a `Vec` of them.
pub fn type_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let kind = at_type(quote!(<#ty as #p::RuntimeSelect>::KIND), ty);
    quote!(let _ = #kind;)
}

/// The checks of every run-time select's type, at its own type, first in a body that
/// holds the struct of options by value (`elicit_with`): when one is no run-time select,
/// the body has an error there and the compiler checks nothing more of it. Without them,
/// its check of the struct as a whole (what dropping it needs) would report the first
/// field that is none at the place of the parameter, a second error about that field.
fn by_value_checks(fields: &[Field], p: &TokenStream) -> TokenStream {
    fields.iter().filter(|f| f.is_runtime_select()).map(|f| type_checks(f, p)).collect()
}

/// The checks of `min_items` / `max_items`, which need a multi-select: constants, beside
/// the form's impl (an error names the constant it is in).
pub fn const_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let mut out = TokenStream::new();
    for (attr, name) in [(&f.attrs.min_items, attr::MIN_ITEMS), (&f.attrs.max_items, attr::MAX_ITEMS)] {
        let Some(attr) = attr else { continue };
        let message = format!("`{name}` applies to a multi-select: run-time select `{}` holds one item; make it a `Vec` of items, or remove `{name}`", f.member);
        let panic = crate::tokens::const_panic(&attr.tokens, &message);
        let kind = at_type(quote!(<#ty as #p::RuntimeSelect>::KIND), ty);
        out.extend(quote! {
            const _: () = if !#p::is_multi_select(&#kind) {
                #panic
            };
        });
    }
    out
}

/// The decoding of a run-time select, against the options offered (`__elicit_options`).
pub fn decode(f: &Field, local: &syn::Ident, index: &TokenStream, p: &TokenStream) -> TokenStream {
    let (ty, member) = (f.ty, f.member);
    at_type(
        quote! {
            let #local = <#ty as #p::RuntimeSelect>::__decode(
                __elicit_found[#index],
                &__elicit_fields[#index],
                &mut __elicit_report,
                __elicit_options.map(|__elicit_options| &__elicit_options.#member),
            );
        },
        ty,
    )
}

/// `CompanionOptions` for the companion struct (and so `FormOptions`), with its `Clone`
/// and `Debug`: each run-time select's list, by wire name.
fn form_options(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    let runtime: Vec<&Field> = fields.iter().filter(|f| f.is_runtime_select()).collect();
    let name = companion(cont);
    let names = runtime.iter().map(|f| f.wire_name.as_str());
    let lists = runtime.iter().map(|f| {
        let member = f.member;
        at_type(quote!(self.#member.__list()), f.ty)
    });
    let impls = companion_impls(cont, fields);
    quote! {
        #impls

        #[automatically_derived]
        impl #p::CompanionOptions for #name {
            fn list(&self, __elicit_field: &::core::primitive::str) -> #p::Option<&#p::OptionList> {
                match __elicit_field {
                    #(#names => #p::Some(#lists),)*
                    _ => #p::None,
                }
            }
        }
    }
}

/// What a page form (`#[elicit(page)]`) with run-time selects adds inside its `const _`
/// block: `FormOptions` for the companion struct, and `elicit_via_page_with` (and the
/// refused `elicit_via_page`) on the form.
pub fn page_impls(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    let (ident, name) = (cont.ident, companion(cont));
    let form_options = form_options(cont, fields, p);
    let checks = by_value_checks(fields, p);
    let asked = quote! {
        #form_options

        #[automatically_derived]
        impl #ident {
            /// Asks the user behind `peer` to fill in this form on the server's page, with
            /// the options of its run-time selects; configure and await it as
            /// `elicit_runtime::page::PageForm::elicit_via_page` (feature `page`). The message
            /// is a text or `elicit_runtime::locale::Words`, as `elicit_via_page`'s.
            #[inline]
            pub fn elicit_via_page_with<'__elicit, __ElicitPeer: ?::core::marker::Sized, __ElicitPages: ?::core::marker::Sized>(
                peer: &'__elicit __ElicitPeer,
                pages: &'__elicit __ElicitPages,
                message: impl ::core::convert::Into<#p::Words>,
                options: #name,
            ) -> <__ElicitPages as #p::AsksOnPage<'__elicit, Self, __ElicitPeer>>::Request
            where
                __ElicitPages: #p::AsksOnPage<'__elicit, Self, __ElicitPeer>,
                #name: #p::GivenFor<'__elicit>,
            {
                #checks
                #p::AsksOnPage::__ask_with(pages, peer, ::core::convert::Into::into(message), #p::GivenFor::shared(options))
            }

            /// Validates `content` against the form and these options, and decodes it:
            /// each run-time select's value must be one of its options.
            #[inline]
            pub fn from_content_with<'__elicit>(
                content: &#p::Map<#p::String, #p::Value>,
                options: &'__elicit #name,
            ) -> #p::Result<Self, #p::InvalidContent>
            where
                #name: #p::GivenFor<'__elicit>,
            {
                <Self as #p::PageForm>::__from_content_with(content, #p::Some(#p::GivenFor::given(options)))
            }
        }
    };
    quote! {
        #asked

        #[automatically_derived]
        impl #ident {
            /// Refused: a page form with run-time selects is asked with their options. It
            /// returns the request `elicit_via_page_with` returns, so that configuring and
            /// awaiting it as any page request adds no error to the refusal.
            #[doc(hidden)]
            pub fn elicit_via_page<'__elicit, __ElicitPeer: ?::core::marker::Sized, __ElicitPages: ?::core::marker::Sized, __ElicitMessage>(
                _: &'__elicit __ElicitPeer,
                _: &'__elicit __ElicitPages,
                _: __ElicitMessage,
            ) -> <__ElicitPages as #p::AsksOnPage<'__elicit, Self, __ElicitPeer>>::Request
            where
                __ElicitPeer: #p::AskedOnPageWithOptions<Self>,
                __ElicitPages: #p::AsksOnPage<'__elicit, Self, __ElicitPeer>,
            {
                ::core::unreachable!("the bound `AskedOnPageWithOptions` is never met")
            }
        }
    }
}

/// What a form with run-time selects adds inside its `const _` block: `FormOptions` for
/// the companion struct, and `elicit_with` (and the refused `elicit`) on the form.
pub fn impls(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    let (ident, name) = (cont.ident, companion(cont));
    let form_options = form_options(cont, fields, p);
    let give = quote!(#p::GivenFor::give(options, <Self as #p::Elicit>::elicit(peer, message)));
    let checks = by_value_checks(fields, p);
    let with_options = quote! {
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
            ) -> #p::FormRequest<'__elicit, Self, __ElicitPeer>
            where
                #name: #p::GivenFor<'__elicit>,
            {
                #checks
                #give
            }

            /// Validates `content` against the schema and these options, and decodes it:
            /// each run-time select's value must be one of its options.
            #[inline]
            pub fn from_content_with<'__elicit>(
                content: &#p::Map<#p::String, #p::Value>,
                options: &'__elicit #name,
            ) -> #p::Result<Self, #p::InvalidContent>
            where
                #name: #p::GivenFor<'__elicit>,
            {
                <Self as #p::Elicit>::__from_content_with(content, #p::Some(#p::GivenFor::given(options)))
            }
        }
    };
    quote! {
        #with_options

        #[automatically_derived]
        impl #ident {
            /// Refused: a form with run-time selects is asked with their options. It
            /// returns the request `elicit_with` returns, so that configuring and awaiting
            /// it as any request adds no error to the refusal.
            #[doc(hidden)]
            pub fn elicit<'__elicit, __ElicitPeer: #p::ElicitPeer + ?::core::marker::Sized>(
                peer: &'__elicit __ElicitPeer,
                message: impl ::core::convert::Into<#p::Words>,
            ) -> #p::FormRequest<'__elicit, Self, __ElicitPeer>
            where
                __ElicitPeer: #p::AskedWithOptions<Self>,
            {
                <Self as #p::Elicit>::elicit(peer, message)
            }
        }
    }
}
