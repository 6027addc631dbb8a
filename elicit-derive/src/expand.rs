//! The generated code. The only file that calls `quote!`.

use proc_macro2::{Literal as Lit, Span, TokenStream};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Data, Field, Variant};
use crate::attr::{DefaultLit, Format, Needs, Number, SerdeDefault};
use crate::bound::{uses_type_params, with_bounds};
use crate::tokens::{const_panic, format_variant, translations};

/// Generated paths: `::elicit_runtime::__private` unless `#[elicit(crate = "...")]`.
pub(crate) struct Paths {
    pub(crate) private: TokenStream,
}

impl Paths {
    pub(crate) fn new(crate_path: Option<&syn::Path>) -> Self {
        let krate = match crate_path {
            Some(path) => quote!(#path),
            None => quote!(::elicit_runtime),
        };
        Paths { private: quote!(#krate::__private) }
    }
}

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
        if f.is_runtime_select() {
            checks.push(crate::options::type_checks(f, p));
            consts.push(crate::options::const_checks(f, p));
        } else if f.is_separated() {
            checks.push(crate::separated::type_checks(f, p));
            consts.push(crate::separated::const_checks(f, p));
        } else {
            let ty = f.ty;
            checks.push(quote_spanned!(ty.span()=> let _ = <#ty as #p::ElicitField>::KIND;));
            checks.push(type_checks(f, uses_type_params(cont, f.ty), p));
            if !uses_type_params(cont, f.ty) {
                consts.push(const_checks(f, p));
            }
        }
    }
    quote! {
        #[allow(dead_code)]
        fn __elicit_field_checks #impl_generics () #where_clause {
            #(#checks)*
        }
        #(#consts)*
    }
}

// ---- forms ---------------------------------------------------------------------------

fn expand_struct(cont: &Container, fields: &[Field], paths: &Paths) -> TokenStream {
    let p = &paths.private;
    let ident = cont.ident;
    let generics = with_bounds(cont, fields, p);
    let (impl_generics, ty_generics, where_clause) = generics.split_for_impl();
    let active: Vec<&Field> = fields.iter().filter(|f| f.attrs.skip.is_none()).collect();
    let skipped = fields.iter().filter(|f| f.attrs.skip.is_some()).map(|f| {
        let member = f.member;
        quote_spanned!(f.ty.span()=> #member: ::core::default::Default::default())
    });

    // Run-time selects (`#[elicit(options)]`) are the runtime's `RuntimeSelect`, not field
    // types: their entry, checks and decoding are in `options`.
    let runtime = active.iter().any(|f| f.is_runtime_select());
    // Separated lists (`#[elicit(separated = ",")]`) are the runtime's `SeparatedList`:
    // theirs are in `separated`.
    let typed: Vec<&Field> = active.iter().copied().filter(|f| !f.is_runtime_select() && !f.is_separated()).collect();
    let separated: Vec<&Field> = active.iter().copied().filter(|f| f.is_separated()).collect();
    let entries = active.iter().map(|f| {
        if f.is_runtime_select() {
            crate::options::field_schema(f, p)
        } else if f.is_separated() {
            crate::separated::field_schema(f, container_default(cont, f).is_some(), p)
        } else {
            field_schema(f, container_default(cont, f).is_some(), p)
        }
    });
    let checks: Vec<TokenStream> = active.iter().map(|f| {
        if f.is_runtime_select() {
            crate::options::type_checks(f, p)
        } else if f.is_separated() {
            crate::separated::type_checks(f, p)
        } else {
            type_checks(f, uses_type_params(cont, f.ty), p)
        }
    }).collect();
    let mut const_checks: Vec<_> = typed.iter().filter(|f| !uses_type_params(cont, f.ty)).map(|f| const_checks(f, p)).collect();
    for f in &active {
        if f.is_runtime_select() {
            const_checks.push(crate::options::const_checks(f, p));
        } else if f.is_separated() {
            const_checks.push(crate::separated::const_checks(f, p));
        }
    }
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

    let locals: Vec<_> = (0..active.len()).map(|i| format_ident!("__elicit_{}", i)).collect();
    let indices: Vec<_> = (0..active.len()).map(Lit::usize_unsuffixed).collect();
    let count = Lit::usize_unsuffixed(active.len());
    let members: Vec<_> = active.iter().map(|f| f.member).collect();
    let decodes = active.iter().zip(&locals).zip(&indices).map(|((f, local), index)| {
        if f.is_runtime_select() {
            return crate::options::decode(f, local, index, p);
        }
        let (ty, absent) = (f.ty, absent(cont, f, p));
        if f.is_separated() {
            return crate::separated::decode(f, local, index, &absent, p);
        }
        quote! {
            let #local = <#ty as #p::ElicitField>::__decode(__elicit_found[#index], &__elicit_fields[#index], &mut __elicit_report, #absent);
        }
    });
    let names: Vec<_> = active.iter().map(|f| f.wire_name.as_str()).collect();
    // The author's rules run on the decoded value; a rule of the wrong type is reported on
    // its path.
    let rules = cont.attrs.validate.as_ref().map(|path| {
        let rules = quote_spanned!(path.span()=> let __elicit_rules: fn(&Self) -> #p::Result<(), #p::Vec<#p::Violation>> = #path;);
        quote!(.and_then(|__elicit_value| { #rules #p::checked(__elicit_value, __elicit_rules) }))
    });

    let decode = if active.is_empty() {
        quote! {
            let mut __elicit_report = <#p::Report as ::core::default::Default>::default();
            if __elicit_report.not_asked(__elicit_content, &[], 0) {
                return #p::Err(__elicit_report.into_error(""));
            }
            #p::Ok(Self { #(#skipped,)* })#rules
        }
    } else {
        let first = names[0];
        quote! {
            let __elicit_fields = <Self as #form_trait>::SCHEMA.fields();
            let __elicit_found: [#p::Option<&#p::Value>; #count] = #p::find_fields(__elicit_content, __elicit_fields);
            let mut __elicit_report = <#p::Report as ::core::default::Default>::default();
            #(#decodes)*
            // A key the form did not ask for is a violation too: never read past.
            let __elicit_not_asked = __elicit_report.not_asked_beside(__elicit_content, __elicit_fields, &__elicit_found);
            match (#(#locals,)*) {
                (#(#p::Some(#locals),)*) if !__elicit_not_asked => #p::Ok(Self { #(#members: #locals,)* #(#skipped,)* })#rules,
                _ => #p::Err(__elicit_report.into_error(#first)),
            }
        }
    };

    // The page's heading: the struct's `title`, else its doc comment; and its translations.
    let heading = cont.attrs.title.as_ref().map(|t| t.value.clone()).or_else(|| cont.attrs.doc.clone());
    let page_title = heading.map(|heading| quote!(const TITLE: #p::Option<&'static ::core::primitive::str> = #p::Some(#heading);));
    let page_titles = (!cont.attrs.titles.is_empty()).then(|| {
        let titles = crate::tokens::translations(&cont.attrs.titles);
        quote!(const TITLES: #p::Translations = #titles;)
    });
    if page {
        let (decoding, with_options) = if runtime {
            let companion = format_ident!("{}Options", ident);
        let options = crate::options::at_first_type(
            fields,
            quote!(let __elicit_options: #p::Option<&#companion> = __elicit_given.and_then(|__elicit_given| __elicit_given.as_any().downcast_ref::<#companion>());),
        );
            (
                quote! {
                    fn from_content(__elicit_content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                        <Self as #p::PageForm>::__from_content_with(__elicit_content, #p::None)
                    }

                    fn __from_content_with(
                        __elicit_content: &#p::Map<#p::String, #p::Value>,
                        __elicit_given: #p::Option<&dyn #p::FormOptions>,
                    ) -> #p::Result<Self, #p::InvalidContent> {
                        #options
                        #decode
                    }
                },
                crate::options::page_impls(cont, fields, p),
            )
        } else {
            (
                quote! {
                    fn from_content(__elicit_content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                        #decode
                    }
                },
                TokenStream::new(),
            )
        };
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
                /// Refused: a page form is asked with `elicit_on_page`, never in form mode.
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

    let schemars = json_schema_impl(cont, p, quote!(form_json_schema));
    let path_calls = path_calls(cont, fields, p);
    // The value of a run-time select is in its options, not in its item: not written back.
    let tys: Vec<_> = typed.iter().map(|f| f.ty).collect();
    let members: Vec<_> = typed.iter().map(|f| f.member).collect();
    let names: Vec<_> = typed.iter().map(|f| f.wire_name.as_str()).collect();
    let separated_content = separated.iter().map(|f| crate::separated::to_content(f, p));
    let (decoding, with_options) = if runtime {
        let companion = format_ident!("{}Options", ident);
        let options = crate::options::at_first_type(
            fields,
            quote!(let __elicit_options: #p::Option<&#companion> = __elicit_given.and_then(|__elicit_given| __elicit_given.as_any().downcast_ref::<#companion>());),
        );
        (
            quote! {
                const __RUNTIME_SELECTS: ::core::primitive::bool = true;

                fn from_content(__elicit_content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                    <Self as #p::Elicit>::__from_content_with(__elicit_content, #p::None)
                }

                fn __from_content_with(
                    __elicit_content: &#p::Map<#p::String, #p::Value>,
                    __elicit_given: #p::Option<&dyn #p::FormOptions>,
                ) -> #p::Result<Self, #p::InvalidContent> {
                    #options
                    #decode
                }
            },
            crate::options::impls(cont, fields, p),
        )
    } else {
        (
            quote! {
                fn from_content(__elicit_content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                    #decode
                }
            },
            TokenStream::new(),
        )
    };

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
                #(#p::put_json(&mut __elicit_map, #names, <#tys as #p::ElicitField>::to_json(&self.#members));)*
                #(#separated_content)*
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
            ) -> #p::ElicitRequest<'__elicit, Self, __ElicitPeer> #bound {
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

/// `FieldSchema::new(name, kind-with-constraints)` and its labels, default and
/// required-ness, as a constant expression. `defaulted`: the struct's `#[serde(default)]`
/// fills the field in when it is missing.
pub(crate) fn field_schema(f: &Field, defaulted: bool, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let mut kind = quote_spanned!(ty.span()=> <#ty as #p::ElicitField>::KIND);
    if let Some(n) = &a.min_length {
        let n = n.value;
        kind = quote!(#kind.min_length(#n));
    }
    if let Some(n) = &a.max_length {
        let n = n.value;
        kind = quote!(#kind.max_length(#n));
    }
    if let Some(pattern) = &a.pattern {
        let pattern = &pattern.value;
        kind = quote!(#kind.pattern(#pattern));
    }
    if let Some(hint) = &a.pattern_hint {
        let hint = &hint.value;
        kind = quote!(#kind.pattern_hint(#hint));
    }
    if !a.pattern_hints.is_empty() {
        let hints = translations(&a.pattern_hints);
        kind = quote!(#kind.pattern_hints(#hints));
    }
    if let Some(format) = &a.format {
        let variant = format_variant(format.value);
        kind = quote!(#kind.format(#p::Format::#variant));
    }
    if let Some(min) = &a.minimum {
        let lit = number(&min.value, p);
        kind = quote!(#kind.minimum(#lit));
    }
    if let Some(max) = &a.maximum {
        let lit = number(&max.value, p);
        kind = quote!(#kind.maximum(#lit));
    }
    if let Some(n) = &a.min_items {
        let n = n.value;
        kind = quote!(#kind.min_items(#n));
    }
    if let Some(n) = &a.max_items {
        let n = n.value;
        kind = quote!(#kind.max_items(#n));
    }

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
    if let Some(title) = &a.title {
        let title = &title.value;
        schema = quote!(#schema.with_title(#title));
    }
    if !a.titles.is_empty() {
        let titles = translations(&a.titles);
        schema = quote!(#schema.with_titles(#titles));
    }
    if !a.descriptions.is_empty() {
        let descriptions = translations(&a.descriptions);
        schema = quote!(#schema.with_descriptions(#descriptions));
    }
    match a.description.as_ref().map(|d| &d.value).or(a.doc.as_ref()) {
        Some(description) => schema = quote!(#schema.with_description(#description)),
        // A derived enum's doc comment, when the field has no description of its own.
        None => schema = quote!(#schema.with_type_description(<#ty as #p::ElicitField>::DESCRIPTION, <#ty as #p::ElicitField>::DESCRIPTIONS)),
    }
    if a.serde_default.is_some() || defaulted {
        schema = quote!(#schema.optional_if(true));
    }
    if let Some(default) = &a.default {
        let lit = default_literal(&default.value.1, p);
        schema = quote!(#schema.with_default(#lit));
    }
    schema
}

fn number(n: &Number, p: &TokenStream) -> TokenStream {
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

fn default_literal(lit: &DefaultLit, p: &TokenStream) -> TokenStream {
    match lit {
        DefaultLit::Str(s) => quote!(#p::Literal::Str(#s)),
        DefaultLit::Number(n) => number(n, p),
        DefaultLit::Bool(b) => quote!(#p::Literal::Bool(#b)),
        DefaultLit::List(items) => quote!(#p::Literal::List(&[#(#items),*])),
    }
}

/// Checks that depend on the field's type, answered by the runtime's traits: the
/// attribute fits the kind of field, and literals have the field's type. Each is spanned
/// on the attribute or literal it is about. They cost nothing at run time.
///
/// They ask `(&Probe::<Type>::NEW).field()`, which is the field's type when it is a
/// field type and a stand-in that every check accepts when it is not: a type that is no
/// field type is then reported once, on the type, and its attributes add nothing.
///
/// For a field whose type names a type parameter, the literals are not checked here:
/// `check` refused them, and the checks would only add a type mismatch.
pub(crate) fn type_checks(f: &Field, generic: bool, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let mut out = TokenStream::new();
    // Every token on the attribute, so that an error about the call points there alone.
    let probe = |span: Span, method: TokenStream| respan(quote!((&#p::Probe::<#ty>::NEW).#method()), span);
    // What a standard type can be seen to pass is not checked again (`known`).
    let known = crate::known::known(ty);
    for (needs, span) in a.needs() {
        if needs == Needs::String && known.is_some_and(|k| k.is_string()) {
            continue;
        }
        let require = match needs {
            Needs::String => quote!(require_string),
            Needs::MultiSelect => quote!(require_multi_select),
            // The literal of `minimum` / `maximum` is checked below, against the bound
            // type of a number field, which checks the kind as well.
            Needs::Number | Needs::Any => continue,
        };
        let found = probe(span, quote!(field));
        out.extend(respan(quote!(#p::#require(#found);), span));
    }
    for bound in [&a.minimum, &a.maximum].into_iter().flatten().filter(|_| !generic) {
        if known.is_some_and(|k| k.takes_bound(&bound.value)) {
            continue;
        }
        let span = bound.span();
        let slot = if bound.value.int.is_some() { quote_spanned!(span=> int_bound) } else { quote_spanned!(span=> bound) };
        let found = probe(span, quote_spanned!(span=> field_for));
        out.extend(literal_check(respan(quote!(#p::#slot(#found)), span), magnitude(&bound.value), allow_magnitude(&bound.value), p));
    }
    let default = a.default.as_ref().filter(|d| !generic && !known.is_some_and(|k| k.takes_default(&d.value.1)));
    if let Some(default) = default {
        let (expr, lit) = &default.value;
        let span = expr.span();
        let found = probe(span, quote_spanned!(span=> field_for));
        let check = match lit {
            DefaultLit::Number(n) => {
                let slot = if n.int.is_some() { quote_spanned!(span=> int_literal) } else { quote_spanned!(span=> literal) };
                literal_check(respan(quote!(#p::#slot(#found)), span), magnitude(n), allow_magnitude(n), p)
            }
            DefaultLit::List(_) => literal_check(respan(quote!(#p::literal(#found)), span), &syn::parse_quote_spanned!(span=> &#expr), TokenStream::new(), p),
            _ => literal_check(respan(quote!(#p::literal(#found)), span), expr, TokenStream::new(), p),
        };
        out.extend(check);
    }
    if out.is_empty() {
        return out;
    }
    quote! {
        {
            #[allow(unused_imports)]
            use #p::{IsField as _, NotAField as _};
            #out
        }
    }
}

/// The tokens re-spanned onto an attribute, so that a trait error about the attribute
/// points at the attribute rather than at the field's type.
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let proc_macro2::TokenTree::Group(g) = &tt {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                return proc_macro2::TokenTree::Group(group);
            }
            tt.set_span(span);
            tt
        })
        .collect()
}

/// `literal` must have the type of the slot `slot` returns: the mismatch, if any, is
/// reported on the literal alone ("expected `u8`, found `&str`").
fn literal_check(slot: TokenStream, literal: &syn::Expr, allow: TokenStream, p: &TokenStream) -> TokenStream {
    let span = literal.span();
    // One identifier for the local, spanned here: spanned on the literal, which may come
    // from a `macro_rules!` fragment, it would name another variable (hygiene).
    let local = format_ident!("__elicit_slot");
    let assign = quote_spanned!(span=> let () = #local = #p::Some(#p::Slot { value: #literal }););
    quote! {
        {
            let mut #local = #slot;
            let _ = &#local;
            #allow #assign
            let _ = &#local;
        }
    }
}

/// The literal to type-check a number against the field's type: without its minus sign,
/// so that `-1` on an unsigned field is reported once, as out of range (by
/// [`const_checks`]), rather than as "cannot apply unary operator `-`" as well.
fn magnitude(n: &Number) -> &syn::Expr {
    match &n.expr {
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => expr,
        expr => expr,
    }
}

/// The magnitude of the smallest value of a signed type is one more than its largest
/// (`-128` gives `128` for `i8`): for a negative integer, the overflow lint is silenced on
/// the type check, and the range is left to [`const_checks`].
fn allow_magnitude(n: &Number) -> TokenStream {
    match n.int {
        Some(i) if i < 0 => quote!(#[allow(overflowing_literals)]),
        _ => TokenStream::new(),
    }
}

/// Checks of literal values against the field's type that the type checker cannot do:
/// a default of a select must be one of the enum's wire values, and an integer default
/// or bound must fit the Rust integer type. They run when the constant is evaluated, at
/// compile time, and each points at the literal it is about.
pub(crate) fn const_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let mut out = TokenStream::new();
    if let Some(default) = &a.default {
        // Each item of a list on its own, as a list: a list for a select (or a string for
        // a multi-select) is the type checker's one error, not this check's too.
        let items: Vec<(String, TokenStream, bool)> = match &default.value.1 {
            DefaultLit::Str(s) => vec![(s.clone(), default.value.0.to_token_stream(), false)],
            DefaultLit::List(items) => items.iter().map(|item| (item.value(), item.to_token_stream(), true)).collect(),
            _ => Vec::new(),
        };
        for (value, tokens, listed) in items {
            let message = format!(
                "`{value}` is not an option of field `{}`: write the wire value of a variant of its enum, as `rename` / `rename_all` make it",
                f.member
            );
            let panic = const_panic(&tokens, &message);
            let literal = if listed { quote!(#p::Literal::List(&[#value])) } else { quote!(#p::Literal::Str(#value)) };
            out.extend(quote! {
                const _: () = if !#p::default_is_valid(&<#ty as #p::ElicitField>::KIND, &#literal) {
                    #panic
                };
            });
        }
    }
    // A string default on a type sent with a `format` of its own (`NaiveDate`, `Url`):
    // for each format the default is not valid for, the type must not have it. (With a
    // `format` attribute the default was checked against it already.)
    if a.format.is_none()
        && let Some(default) = &a.default
        && let DefaultLit::Str(value) = &default.value.1
    {
        for format in Format::ALL.into_iter().filter(|&f| !crate::rules::format::is_valid(f, value)) {
            let message = format!(
                "the default `{value}` of field `{}` is not a valid `{}`, the format of its type `{}`: {}",
                f.member,
                format.as_str(),
                type_name(ty),
                crate::attr::format_example(format)
            );
            let panic = const_panic(&default.value.0.to_token_stream(), &message);
            let variant = format_variant(format);
            out.extend(quote! {
                const _: () = if #p::has_format(&<#ty as #p::ElicitField>::KIND, #p::Format::#variant) {
                    #panic
                };
            });
        }
    }
    if let Some(min) = &a.min_items {
        let n = min.value;
        let message = format!("`min_items = {n}` asks for more choices than field `{}` has options, so no answer could satisfy it", f.member);
        let panic = const_panic(&min.tokens, &message);
        out.extend(quote! {
            const _: () = if !#p::min_items_fit(&<#ty as #p::ElicitField>::KIND, #n) {
                #panic
            };
        });
    }
    let ints = [
        a.default.as_ref().and_then(|d| match &d.value.1 {
            DefaultLit::Number(n) => n.int.map(|i| (i, &d.value.0, "default")),
            _ => None,
        }),
        a.minimum.as_ref().and_then(|m| m.value.int.map(|i| (i, &m.value.expr, "minimum"))),
        a.maximum.as_ref().and_then(|m| m.value.int.map(|i| (i, &m.value.expr, "maximum"))),
    ];
    let known = crate::known::known(ty);
    for (n, expr, what) in ints.into_iter().flatten().filter(|(n, ..)| !known.is_some_and(|k| k.takes_int(*n))) {
        let message = format!("the {what} {n} of field `{}` does not fit in its type `{}`", f.member, type_name(ty));
        let panic = const_panic(&expr.to_token_stream(), &message);
        let n = Lit::i128_unsuffixed(n);
        out.extend(quote! {
            const _: () = if !#p::int_fits(&<#ty as #p::ElicitField>::KIND, #n) {
                #panic
            };
        });
    }
    out
}

/// The fields of a form sent in form mode must not hold a secret ([`Secret`] or an
/// `Option` of one): the type decides, so the check is a `const` on each type's
/// `SENSITIVE`, underlining the type. One `const` for the form (one constant to
/// evaluate, not one per field): it stops at the first field that holds a secret, whose
/// remedy (a page form) is the remedy of all of them.
///
/// [`Secret`]: https://docs.rs/elicit-runtime/latest/elicit_runtime/page/struct.Secret.html
pub(crate) fn not_secret_checks(cont: &Container, fields: &[&Field], p: &TokenStream) -> TokenStream {
    // A standard type holds no secret (`known`).
    let fields: Vec<&&Field> = fields.iter().filter(|f| crate::known::known(f.ty).is_none()).collect();
    let checks = fields.iter().map(|f| {
        let ty = f.ty;
        let message = format!(
            "field `{}` of `{}` holds a secret (`{}`): the MCP specification forbids requesting sensitive information in form mode\n\n\
             help: mark the form `#[elicit(page)]` to ask for it on the server's own page (URL mode), with `{}::elicit_on_page`",
            f.member,
            cont.ident,
            type_name(ty),
            cont.ident,
        );
        let panic = const_panic(&ty.to_token_stream(), &message);
        quote!(if <#ty as #p::ElicitField>::SENSITIVE { #panic })
    });
    if fields.is_empty() {
        return TokenStream::new();
    }
    quote! {
        const _: () = { #(#checks)* };
    }
}

/// On 2025-06-18 a multi-select is sent as one checkbox per option, named
/// `field_option` (the runtime's `form::multi_select` says how the option is written):
/// a checkbox must not have the name of another field, nor of another field's checkbox.
/// Which fields are multi-selects, and their options, are known only to the runtime's
/// traits (the enum may be in another module), so the check is a `const` that the
/// compiler evaluates, one per pair of fields whose names could collide at all (the
/// letters and digits of one name start those of the other), spanned on each of the two
/// fields so that the error shows on both.
pub(crate) fn checkbox_checks(cont: &Container, active: &[&Field], p: &TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    let fields: Vec<&&Field> = active.iter().filter(|f| !uses_type_params(cont, f.ty)).collect();
    for (i, a) in fields.iter().enumerate() {
        for b in &fields[i + 1..] {
            // A checkbox name keeps the ASCII letters and digits of its field's name and
            // of the option, in order: two names can meet only if those of one field's
            // name start those of the other's.
            let (a_kept, b_kept) = (kept_characters(&a.wire_name), kept_characters(&b.wire_name));
            if !a_kept.starts_with(&b_kept) && !b_kept.starts_with(&a_kept) {
                continue;
            }
            let (ty_a, name_a, ty_b, name_b) = (a.ty, a.wire_name.as_str(), b.ty, b.wire_name.as_str());
            for (this, other) in [(a, b), (b, a)] {
                let message = format!(
                    "field `{}` and field `{}` would send properties of the same name on protocol revision 2025-06-18, where a multi-select is sent as one checkbox per option named `field_option`: rename one of them",
                    this.member, other.member
                );
                let panic = const_panic(&this.member.to_token_stream(), &message);
                out.extend(quote! {
                    const _: () = if #p::checkboxes_collide(&<#ty_a as #p::ElicitField>::KIND, #name_a, &<#ty_b as #p::ElicitField>::KIND, #name_b) {
                        #panic
                    };
                });
            }
        }
    }
    out
}

/// The ASCII letters and digits of a name, in order: what a checkbox name keeps of it.
fn kept_characters(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).collect()
}

/// A type as the user wrote it, for a message.
pub(crate) fn type_name(ty: &syn::Type) -> String {
    quote!(#ty).to_string().replace(" :: ", "::").replace(":: ", "::").replace(" <", "<").replace("< ", "<").replace(" >", ">").replace(" ,", ",")
}

/// `schemars::JsonSchema` with the same flat schema, for a type that asks for it with
/// `#[elicit(json_schema)]` (opt-in, so that a crate deriving `JsonSchema` itself keeps
/// compiling whoever turns the runtime's `schemars` feature on); `helper` is the runtime
/// function that builds it. Without the feature, the runtime's `if_schemars!` is an error
/// that says to turn it on.
pub(crate) fn json_schema_impl(cont: &Container, p: &TokenStream, helper: TokenStream) -> TokenStream {
    if cont.attrs.json_schema.is_none() || !cont.generics.params.is_empty() {
        // On a generic form, `check` refused it.
        return TokenStream::new();
    }
    let ident = cont.ident;
    let name = ident.to_string();
    quote! {
        #p::if_schemars! {
            #[automatically_derived]
            impl #p::schemars::JsonSchema for #ident {
                // Written where it is used, never as a `$ref` into `$defs`: tool schemas
                // stay readable by clients that follow no references.
                fn inline_schema() -> ::core::primitive::bool {
                    true
                }
                fn schema_name() -> ::std::borrow::Cow<'static, ::core::primitive::str> {
                    ::std::borrow::Cow::Borrowed(#name)
                }
                fn json_schema(_: &mut #p::schemars::SchemaGenerator) -> #p::schemars::Schema {
                    #p::#helper::<Self>()
                }
            }
        }
    }
}

// ---- choices -------------------------------------------------------------------------

fn expand_enum(cont: &Container, variants: &[Variant], paths: &Paths) -> TokenStream {
    let p = &paths.private;
    let ident = cont.ident;
    let options = variants.iter().map(|v| {
        let value = &v.wire_name;
        let title = match &v.attrs.title {
            Some(t) => {
                let t = &t.value;
                quote!(#p::Some(#t))
            }
            None => quote!(#p::None),
        };
        if v.attrs.titles.is_empty() {
            quote!(#p::EnumOption::new(#value, #title))
        } else {
            let titles = translations(&v.attrs.titles);
            quote!(#p::EnumOption::new(#value, #title).with_titles(#titles))
        }
    });
    let idents: Vec<_> = variants.iter().map(|v| v.ident).collect();
    let indices: Vec<_> = (0..variants.len()).map(Lit::usize_unsuffixed).collect();
    let legacy = cont.attrs.legacy_enum_names.as_ref().map(|_| quote!(const LEGACY_ENUM_NAMES: ::core::primitive::bool = true;));
    let own = cont.attrs.description.as_ref().map(|d| &d.value).or(cont.attrs.doc.as_ref());
    let description = own.map(|doc| quote!(const DESCRIPTION: #p::Option<&'static ::core::primitive::str> = #p::Some(#doc);));
    let descriptions = (!cont.attrs.descriptions.is_empty()).then(|| {
        let texts = translations(&cont.attrs.descriptions);
        quote!(const DESCRIPTIONS: #p::Translations = #texts;)
    });
    let span = Span::call_site();
    let schemars = json_schema_impl(cont, p, quote!(enum_json_schema));
    quote_spanned! {span=>
        #[diagnostic::do_not_recommend]
        #[automatically_derived]
        impl #p::ElicitEnum for #ident {
            const OPTIONS: &'static [#p::EnumOption] = &[#(#options),*];
            #description
            #descriptions

            fn from_index(index: ::core::primitive::usize) -> #p::Option<Self> {
                match index {
                    #(#indices => #p::Some(Self::#idents),)*
                    _ => #p::None,
                }
            }

            fn index(&self) -> ::core::primitive::usize {
                match self {
                    #(Self::#idents => #indices,)*
                }
            }
        }

        #[diagnostic::do_not_recommend]

        #[automatically_derived]
        impl #p::ElicitField for #ident {
            const KIND: #p::Kind = #p::Kind::Select(<Self as #p::ElicitEnum>::OPTIONS);
            #legacy
            const DESCRIPTION: #p::Option<&'static ::core::primitive::str> = <Self as #p::ElicitEnum>::DESCRIPTION;
            const DESCRIPTIONS: #p::Translations = <Self as #p::ElicitEnum>::DESCRIPTIONS;
            type Literal = &'static ::core::primitive::str;
            type IntLiteral = &'static ::core::primitive::str;

            fn from_json(value: &#p::Value) -> #p::Result<Self, #p::Problem> {
                #p::enum_from_json::<Self>(value)
            }

            fn __read(value: &#p::Value, field: &'static #p::FieldSchema, report: &mut #p::Report) -> #p::Option<Self> {
                #p::enum_read::<Self>(value, field, report)
            }

            fn to_json(&self) -> #p::Option<#p::Value> {
                #p::Some(<#p::Value as ::core::convert::From<&::core::primitive::str>>::from(<Self as #p::ElicitEnum>::wire_value(self)))
            }
        }

        #[diagnostic::do_not_recommend]

        #[automatically_derived]
        impl #p::NotOption for #ident {}

        #schemars
    }
}
