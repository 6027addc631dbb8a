//! An enum whose variants carry data: the two steps of `ElicitChoice`. Each step is a
//! hidden type that derives `Elicit` itself (a unit-only enum of the variants, a form
//! holding it, a form per struct variant), so each is checked like any form, with the
//! errors on the user's own tokens.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;
use syn::{Attribute, DeriveInput, Fields};

use crate::attr::search::{elicit_flag, elicit_string};

/// Whether `input` is an enum with a variant that carries data.
pub fn is_choice(input: &DeriveInput) -> bool {
    matches!(&input.data, syn::Data::Enum(data) if data.variants.iter().any(|v| !matches!(v.fields, Fields::Unit)))
}

/// The attributes a hidden type keeps: the derive's own and the doc comments (a `serde`
/// attribute would need serde's derive on the hidden type).
fn kept(attrs: &[Attribute]) -> impl Iterator<Item = &Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("elicit") || a.path().is_ident("doc"))
}

pub fn expand(input: &DeriveInput) -> TokenStream {
    let syn::Data::Enum(data) = &input.data else {
        return TokenStream::new();
    };
    let ident = &input.ident;
    let krate = match elicit_string(&input.attrs, "crate") {
        Some(path) => match path.parse::<syn::Path>() {
            Ok(path) => quote!(#path),
            Err(_) => return syn::Error::new_spanned(path, "`crate` takes the path of the elicit-runtime crate, such as `crate = \"::elicit_runtime\"`").to_compile_error(),
        },
        None => quote!(::elicit_runtime),
    };
    let crate_attr = elicit_string(&input.attrs, "crate").map(|path| quote!(#[elicit(crate = #path)]));
    let crate_path = elicit_string(&input.attrs, "crate").and_then(|path| path.parse::<syn::Path>().ok());
    // Beside an error, the stub impls: a use of the type adds no error of its own.
    let p = quote!(#krate::__private);
    // Beside an error, the stub impls: a use of the type adds no error of its own. A choice
    // without parameters is a choice still (`ElicitChoice`, `elicit`); every one gets the
    // stub of a select too, so that its use as a field adds nothing to the error either.
    let refused = |error: TokenStream| {
        let mut tokens = error;
        tokens.extend(crate::fallback::dummy(input, crate_path.as_ref(), None, &Default::default()));
        if input.generics.params.is_empty() {
            tokens.extend(quote! {
                #[doc(hidden)]
                #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all)]
                const _: () = {
                    #[automatically_derived]
                    impl #p::ElicitChoice for #ident {
                        fn __ask<'__elicit, __P: #p::ElicitPeer + ?::core::marker::Sized>(
                            _: &'__elicit __P,
                            _: #p::Words,
                            _: #p::Steps,
                        ) -> #p::ChoiceFuture<'__elicit, Self> {
                            ::std::boxed::Box::pin(async { ::core::unimplemented!() })
                        }
                    }
                    #[automatically_derived]
                    impl #ident {
                        #[doc(hidden)]
                        pub fn elicit<'__elicit, __P: #p::ElicitPeer + ?::core::marker::Sized>(
                            peer: &'__elicit __P,
                            message: impl ::core::convert::Into<#p::Words>,
                        ) -> #p::ChoiceRequest<'__elicit, Self, __P> {
                            <Self as #p::ElicitChoice>::elicit(peer, message)
                        }
                    }
                };
            });
        }
        tokens
    };
    if !input.generics.params.is_empty() {
        return refused(
            syn::Error::new_spanned(
                &input.generics,
                "a choice whose variants carry data cannot be generic: each step is a form of its own, built at compile time; name the types of the variants' fields",
            )
            .to_compile_error(),
        );
    }

    let choice = format_ident!("__ElicitChoiceOf{}", ident);
    let step = format_ident!("__ElicitChoiceStepOf{}", ident);
    let container_attrs = kept(&input.attrs);
    let mut errors = TokenStream::new();
    let mut options = Vec::new();
    let mut forms = Vec::new();
    let mut arms = Vec::new();
    let mut checks = Vec::new();
    for (index, variant) in data.variants.iter().enumerate() {
        let name = &variant.ident;
        let attrs = kept(&variant.attrs);
        options.push(quote!(#(#attrs)* #name));
        let chosen = match elicit_string(&variant.attrs, "title") {
            Some(title) => title.value(),
            None => name.to_string(),
        };
        let arm = match &variant.fields {
            Fields::Unit => quote!(#choice::#name => #p::Ok(#p::Elicitation::Accept(#ident::#name))),
            // Nothing to ask, whatever the spelling: no second step.
            Fields::Named(named) if named.named.is_empty() => quote!(#choice::#name => #p::Ok(#p::Elicitation::Accept(#ident::#name {}))),
            Fields::Unnamed(unnamed) if unnamed.unnamed.is_empty() => quote!(#choice::#name => #p::Ok(#p::Elicitation::Accept(#ident::#name()))),
            Fields::Named(named) => {
                // A variant's fields are asked as a form of their own, the second step,
                // which is asked without options.
                for options in named.named.iter().filter_map(|field| elicit_flag(&field.attrs, "options")) {
                    errors.extend(
                        syn::Error::new_spanned(
                            options,
                            format!("a run-time select cannot be in a variant of a choice yet: variant `{name}`'s fields are asked as the choice's second step, which is asked without options; ask the choice, then a form with the run-time select (`Form::elicit_with`)"),
                        )
                        .to_compile_error(),
                    );
                }
                let form = format_ident!("__ElicitChoice{}{}", ident, name);
                // A run-time select is refused above, once: the form is written without it,
                // so that the other fields are checked still (one error for each wrong field).
                let fields = named.named.iter().filter(|field| elicit_flag(&field.attrs, "options").is_none()).map(|field| {
                    let (member, ty, attrs) = (&field.ident, &field.ty, kept(&field.attrs));
                    quote!(#(#attrs)* #member: #ty)
                });
                forms.push(quote! {
                    #[derive(#krate::Elicit)]
                    #crate_attr
                    #[doc(hidden)]
                    #[allow(non_camel_case_types, dead_code)]
                    struct #form { #(#fields,)* }
                });
                let members: Vec<_> = named.named.iter().map(|field| &field.ident).collect();
                quote! {
                    #choice::#name => #p::Ok(
                        steps.ask::<#form, __P>(peer, &steps.second_message_in::<#choice, __P>(peer, &message, #index, #chosen)).await?
                            .map(|form| #ident::#name { #(#members: form.#members,)* })
                    )
                }
            }
            Fields::Unnamed(unnamed) if unnamed.unnamed.len() == 1 => {
                let ty = &unnamed.unnamed[0].ty;
                // The form it holds is asked as the second step, without options: a form
                // with run-time selects is refused, once, on the type (a type that is no
                // form reads as one without, and is refused by the bound below alone).
                let message = format!(
                    "variant `{name}` holds `{}`, a form with run-time selects (`#[elicit(options)]`): a choice's second step is asked without options; hold a form without them in the variant, and ask the run-time selects after the choice with `elicit_with`",
                    ty.to_token_stream()
                );
                let panic = crate::tokens::const_panic(&ty.to_token_stream(), &message);
                checks.push(quote! {
                    const _: () = {
                        #[allow(unused_imports)]
                        use #p::NotAVariantForm as _;
                        if #p::VariantProbe::<#ty>::RUNTIME_SELECTS {
                            #panic
                        }
                    };
                });
                let ask = quote_spanned!(ty.span()=> <#ty as #p::VariantForm>::ask_variant::<__P>(steps, peer, steps.second_message_in::<#choice, __P>(peer, &message, #index, #chosen)));
                quote!(#choice::#name => #p::Ok(#ask.await?.map(#ident::#name)))
            }
            Fields::Unnamed(unnamed) => {
                errors.extend(
                    syn::Error::new_spanned(
                        unnamed,
                        format!(
                            "variant `{name}` holds {} values: a variant of a choice holds named fields (`{name} {{ a: A, b: B }}`, asked as its own form) or one form (`{name}({name}Details)`, a struct that derives `Elicit`)",
                            unnamed.unnamed.len()
                        ),
                    )
                    .to_compile_error(),
                );
                continue;
            }
        };
        arms.push(arm);
    }
    if !errors.is_empty() {
        // The variants' forms still derive `Elicit`: a mistake in a field beside the refused
        // one is reported in the same compile.
        errors.extend(quote! {
            #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all)]
            const _: () = {
                #(#forms)*
            };
        });
        return refused(errors);
    }
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all)]
        const _: () = {
            // The first step: which variant (its doc comment, the enum's, describes the select).
            #[derive(#krate::Elicit)]
            #(#container_attrs)*
            #[doc(hidden)]
                    #[allow(non_camel_case_types, dead_code)]
            enum #choice { #(#options,)* }

            #[derive(#krate::Elicit)]
            #crate_attr
            #[doc(hidden)]
                    #[allow(non_camel_case_types, dead_code)]
            struct #step { choice: #choice }

            #(#forms)*
            #(#checks)*

            #[automatically_derived]
            impl #p::ElicitChoice for #ident {
                fn __ask<'__elicit, __P: #p::ElicitPeer + ?::core::marker::Sized>(
                    peer: &'__elicit __P,
                    message: #p::Words,
                    steps: #p::Steps,
                ) -> #p::ChoiceFuture<'__elicit, Self> {
                    ::std::boxed::Box::pin(async move {
                        let chosen = match steps.ask::<#step, __P>(peer, &message).await? {
                            #p::Elicitation::Accept(step) => step.choice,
                            #p::Elicitation::Decline => return #p::Ok(#p::Elicitation::Decline),
                            #p::Elicitation::Cancel => return #p::Ok(#p::Elicitation::Cancel),
                        };
                        match chosen {
                            #(#arms,)*
                        }
                    })
                }
            }

            // `Payment::elicit(..)` without importing `ElicitChoice`.
            #[automatically_derived]
            impl #ident {
                #[doc(hidden)]
                #[inline]
                pub fn elicit<'__elicit, __P: #p::ElicitPeer + ?::core::marker::Sized>(
                    peer: &'__elicit __P,
                    message: impl ::core::convert::Into<#p::Words>,
                ) -> #p::ChoiceRequest<'__elicit, Self, __P> {
                    <Self as #p::ElicitChoice>::elicit(peer, message)
                }
            }
        };
    }
}
