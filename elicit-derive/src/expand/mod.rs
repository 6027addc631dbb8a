//! The generated code of a form or a select (`flatten`, `options`, `separated` and
//! `choice` add theirs beside it), by job: `field` (what each field adds, by its style),
//! `schema` (a typed field's entry), `checks` (attributes against types), `enums` (selects).

use proc_macro2::{Literal as Lit, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Data, Field, Style};
use crate::bound::{uses_type_params, with_bounds};

/// Generated paths: `::elicit_runtime::__private` unless `#[elicit(crate = "...")]`.
pub(crate) struct Paths {
    /// The runtime crate (`::elicit_runtime`, or the form's `#[elicit(crate = ..)]`).
    pub(crate) krate: TokenStream,
    /// Its `__private` module, which the generated code names.
    pub(crate) private: TokenStream,
}

impl Paths {
    pub(crate) fn new(crate_path: Option<&syn::Path>) -> Self {
        let krate = match crate_path {
            Some(path) => quote!(#path),
            None => quote!(::elicit_runtime),
        };
        Paths { private: quote!(#krate::__private), krate }
    }
}

mod checks;
pub(crate) mod decode;
mod enums;
mod field;
mod schema;

pub(crate) use self::checks::*;
pub(crate) use self::enums::*;
pub(crate) use self::field::*;
pub(crate) use self::schema::*;

/// The code of a form without flattened fields (those are `flatten`'s), or of a select.
pub fn expand(cont: &Container) -> TokenStream {
    let paths = Paths::new(cont.attrs.crate_path.as_ref());
    let body = wrap(match &cont.data {
        Data::Struct(fields) => expand_struct(cont, fields, &paths),
        Data::Enum(variants) => expand_enum(cont, variants, &paths),
    });
    // The options of the run-time selects: a struct the author names, so outside the block.
    let companion = match &cont.data {
        Data::Struct(fields) => crate::options::companion_struct(cont, fields, &paths.private),
        Data::Enum(_) => TokenStream::new(),
    };
    quote! {
        #companion
        #body
    }
}

/// The generated items, inside the anonymous `const` that keeps their names private.
pub(crate) fn wrap(body: TokenStream) -> TokenStream {
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all, clippy::default_numeric_fallback)]
        const _: () = {
            #body
        };
    }
}

/// The checks of each form field's type (the type is a form field, a run-time select or a
/// separated list; its attributes fit it; its literals have its type and range) without
/// the impl around them, for the stub beside an error. A field with an error of its own
/// (`refused`) adds none: its one error is said.
pub(crate) fn field_checks(cont: &Container, fields: &[Field], refused: &std::collections::HashSet<String>, p: &TokenStream) -> TokenStream {
    let generics = with_bounds(cont, fields, p);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let active: Vec<&Field> = fields.iter().filter(|f| f.is_form_field() && !f.is_refused(refused)).collect();
    let mut checks = Vec::new();
    let mut consts = Vec::new();
    for f in &active {
        // A typed field's type is a field type, whatever its attributes ask of it.
        if f.style == Style::Typed {
            let ty = f.ty;
            checks.push(quote_spanned!(ty.span()=> let _ = <#ty as #p::ElicitField>::KIND;));
        }
        checks.push(type_check(cont, f, p));
        consts.push(const_check(cont, f, p));
    }
    quote! {
        #[allow(dead_code)]
        fn __elicit_field_checks #impl_generics () #where_clause {
            #(#checks)*
        }
        #(#consts)*
    }
}

fn expand_struct(cont: &Container, fields: &[Field], paths: &Paths) -> TokenStream {
    let p = &paths.private;
    let ident = cont.ident;
    let generics = with_bounds(cont, fields, p);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let active: Vec<&Field> = fields.iter().filter(|f| f.style != Style::Skipped).collect();
    let skipped = fields.iter().filter(|f| f.style == Style::Skipped).map(|f| {
        let member = f.member;
        quote_spanned!(f.ty.span()=> #member: ::core::default::Default::default())
    });

    // Run-time selects (`#[elicit(options)]`) are the runtime's `RuntimeSelect`, not field
    // types: their entry, checks and decoding are in `options`.
    let runtime = active.iter().any(|f| f.style == Style::RuntimeSelect);
    // Separated lists (`#[elicit(separated = ",")]`) are the runtime's `SeparatedList`:
    // theirs are in `separated`.
    let typed: Vec<&Field> = active.iter().copied().filter(|f| f.style == Style::Typed).collect();
    let entries = active.iter().map(|f| entry(cont, f, p));
    let checks: Vec<TokenStream> = active.iter().map(|f| type_check(cont, f, p)).collect();
    // The typed fields' constants first, then the others' (the order the errors are read in).
    let mut const_checks: Vec<_> = typed.iter().chain(active.iter().filter(|f| f.style != Style::Typed)).map(|f| const_check(cont, f, p)).collect();
    const_checks.push(checkbox_checks(cont, &typed, p));
    let page = cont.attrs.page.is_some();
    if !page {
        let concrete: Vec<&Field> = typed.iter().copied().filter(|f| !uses_type_params(cont, f.ty)).collect();
        const_checks.push(not_secret_checks(cont, &concrete, p));
    }
    // The checks of the attributes against the field types: type-checked where they are
    // written, in a function never called (no code is generated for it). None at all when
    // every check could be left out.
    let field_checks = if checks.iter().all(TokenStream::is_empty) {
        TokenStream::new()
    } else {
        quote! {
            #[allow(dead_code, non_snake_case, clippy::all)]
            fn __elicit_field_checks #impl_generics () #where_clause {
                #(#checks)*
            }
        }
    };
    // A page form implements `PageForm` instead of `Elicit`: it is never sent in form mode.
    let form_trait = if page { quote!(#p::PageForm) } else { quote!(#p::Elicit) };

    let locals = decode::locals(active.len());
    let decodes = active.iter().enumerate().map(|(i, f)| decode(cont, f, &locals[i], &Lit::usize_unsuffixed(i).to_token_stream(), p)).collect();
    let body = decode::body(
        decode::Body {
            form_trait: &form_trait,
            count: Lit::usize_unsuffixed(active.len()).to_token_stream(),
            decodes,
            members: active.iter().map(|f| f.member).collect(),
            locals,
            skipped: skipped.collect(),
            rules: decode::rules(cont, p),
            first: active.first().map(|f| f.wire_name.to_token_stream()).unwrap_or_default(),
        },
        p,
    );
    let decoding = decode::items(cont, fields, &form_trait, body, p);

    // The page's heading: the struct's `title`, else its doc comment; and its translations.
    let heading = cont.attrs.title.as_ref().map(|t| t.value.clone()).or_else(|| cont.attrs.doc.clone());
    let page_title = heading.map(|heading| quote!(const TITLE: #p::Option<&'static ::core::primitive::str> = #p::Some(#heading);));
    let page_titles = (!cont.attrs.titles.is_empty()).then(|| {
        let titles = crate::tokens::translations(&cont.attrs.titles);
        quote!(const TITLES: #p::Translations = #titles;)
    });
    if page {
        let with_options = if runtime { crate::options::page_impls(cont, fields, p) } else { TokenStream::new() };
        return quote! {
            #[automatically_derived]
            impl #impl_generics #p::PageForm for #ident #ty_generics #where_clause {
                const SCHEMA: &'static #p::FormSchema = &#p::FormSchema {
                    fields: &[#(#entries),*],
                };
                #page_title
                #page_titles

                #decoding
            }
            #with_options

            #field_checks
            #(#const_checks)*
            #[automatically_derived]
            #[doc(hidden)]
            impl #impl_generics #ident #ty_generics #where_clause {
                /// Refused: a page form is asked with `elicit_via_page`, never in form mode.
                /// It returns a request configured as any is, so that configuring and
                /// awaiting it adds no error to the refusal.
                #[doc(hidden)]
                pub fn elicit<__ElicitPeer: ?::core::marker::Sized, __ElicitMessage>(
                    _: &__ElicitPeer,
                    _: __ElicitMessage,
                ) -> #p::RefusedRequest<Self>
                where
                    __ElicitPeer: #p::SentInFormMode<Self>,
                {
                    #p::RefusedRequest::refused()
                }
            }
        };
    }

    let schemars = json_schema_impl(cont, paths, quote!(form_json_schema));
    let path_calls = path_calls(cont, fields, p);
    // The typed fields first, then the separated lists (a run-time select's value is in
    // its options, not written back).
    let contents = typed.iter().chain(active.iter().filter(|f| f.style == Style::Separated)).map(|f| content(f, p));
    let with_options = if runtime { crate::options::impls(cont, fields, p) } else { TokenStream::new() };

    let not_recommended = not_recommended(cont);
    quote! {
        #not_recommended
        #[automatically_derived]
        impl #impl_generics #p::Elicit for #ident #ty_generics #where_clause {
            const SCHEMA: &'static #p::FormSchema = &#p::FormSchema {
                fields: &[#(#entries),*],
            };

            #decoding

            fn to_content(&self) -> #p::Map<#p::String, #p::Value> {
                #[allow(unused_mut)]
                let mut __elicit_map = #p::Map::new();
                #(#contents)*
                __elicit_map
            }
        }

        #field_checks
        #(#const_checks)*
        #schemars
        #path_calls
        #with_options
    }
}

/// `#[diagnostic::do_not_recommend]` for the impls of a type the user never wrote (a
/// choice's steps, `#[doc(hidden)]`): no error lists it among the forms.
pub(crate) fn not_recommended(cont: &Container) -> Option<TokenStream> {
    cont.attrs.hidden.then(|| quote!(#[diagnostic::do_not_recommend]))
}

/// For a generic form whose fields use its type parameters, the methods of `Elicit`
/// again as inherent methods bounded by `Self: Elicit`, each forwarding to the trait.
///
/// They exist for one error message. `Labeled::<Address>::elicit(..)` on the trait
/// alone is resolved against an impl whose bounds fail, and rustc answers with a bare
/// "the function exists but its trait bounds were not satisfied" (E0599), which names
/// no field and ignores `#[diagnostic::on_unimplemented]`. An inherent method is found
/// first, and its unmet `where` clause is an ordinary unmet bound (E0277), reported with
/// the message of the field type that failed, as a generic function's bound is.
fn path_calls(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    if !fields.iter().any(|f| f.is_form_field() && uses_type_params(cont, f.ty)) {
        return TokenStream::new();
    }
    let ident = cont.ident;
    let mut generics = cont.generics.clone();
    for param in generics.type_params_mut() {
        param.bounds.push(syn::parse_quote!('static));
    }
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let bound = quote!(where Self: #p::Elicit);
    quote! {
        #[automatically_derived]
        #[doc(hidden)]
        impl #impl_generics #ident #ty_generics #where_clause {
            #[doc(hidden)]
            #[inline]
            pub fn elicit<'__elicit, __ElicitPeer: #p::ElicitPeer + ?::core::marker::Sized>(
                peer: &'__elicit __ElicitPeer,
                message: &'__elicit ::core::primitive::str,
            ) -> #p::FormRequest<'__elicit, Self, __ElicitPeer> #bound {
                <Self as #p::Elicit>::elicit(peer, message)
            }

            #[doc(hidden)]
            #[inline]
            pub fn from_content(content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> #bound {
                <Self as #p::Elicit>::from_content(content)
            }

            #[doc(hidden)]
            #[inline]
            pub fn to_content(&self) -> #p::Map<#p::String, #p::Value> #bound {
                <Self as #p::Elicit>::to_content(self)
            }

            #[doc(hidden)]
            #[inline]
            pub fn requested_schema(
                revision: #p::ProtocolRevision,
            ) -> #p::Result<&'static #p::RequestedSchema, #p::SchemaError> #bound {
                <Self as #p::Elicit>::requested_schema(revision)
            }

            #[doc(hidden)]
            #[inline]
            pub fn requested_schema_with(
                revision: #p::ProtocolRevision,
                options: &#p::SchemaOptions,
            ) -> #p::Result<&'static #p::RequestedSchema, #p::SchemaError> #bound {
                <Self as #p::Elicit>::requested_schema_with(revision, options)
            }
        }
    }
}
