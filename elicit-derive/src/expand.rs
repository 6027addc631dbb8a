//! The generated code. The only file that calls `quote!`.

use proc_macro2::{Literal as Lit, Span, TokenStream};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Data, Field, Variant};
use crate::attr::{DefaultLit, Number, Spanned};

/// Generated paths: `::elicit_runtime::__private` unless `#[elicit(crate = "...")]`.
struct Paths {
    private: TokenStream,
}

impl Paths {
    fn new(crate_path: Option<&syn::Path>) -> Self {
        let krate = match crate_path {
            Some(path) => quote!(#path),
            None => quote!(::elicit_runtime),
        };
        Paths { private: quote!(#krate::__private) }
    }
}

pub fn expand(cont: &Container) -> TokenStream {
    let paths = Paths::new(cont.attrs.crate_path.as_ref());
    let body = match &cont.data {
        Data::Struct(fields) => expand_struct(cont, fields, &paths),
        Data::Enum(variants) => expand_enum(cont, variants, &paths),
    };
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            #body
        };
    }
}

/// What the derive emits beside `compile_error!`: an impl with the right shape, so the
/// user does not also see "trait not implemented" wherever the type is used, and, when
/// the input could be read, the checks of each field's type, so that a type error is
/// reported in the same compile as the attribute errors.
///
/// The stub implements traits that require `'static`, so lifetime parameters become
/// `'static` and type parameters get a `'static` bound: the lifetime error the derive
/// reported is then the only one.
pub fn dummy(input: &syn::DeriveInput, crate_path: Option<&syn::Path>, cont: Option<&Container>) -> TokenStream {
    let ident = &input.ident;
    let p = &Paths::new(crate_path).private;
    let (impl_generics, ty_generics, where_clause) = static_generics(&input.generics);
    let body = match &input.data {
        syn::Data::Enum(_) => quote! {
            #[automatically_derived]
            impl #impl_generics #p::ElicitEnum for #ident #ty_generics #where_clause {
                const OPTIONS: &'static [#p::EnumOption] = &[];
                fn from_index(_: usize) -> #p::Option<Self> { #p::None }
                fn index(&self) -> usize { 0 }
            }
            #[automatically_derived]
            impl #impl_generics #p::ElicitField for #ident #ty_generics #where_clause {
                const KIND: #p::Kind = #p::Kind::Select(&[]);
                type Literal = &'static str;
                type IntLiteral = &'static str;
                fn from_json(_: &#p::Value) -> #p::Result<Self, #p::Problem> { ::core::unimplemented!() }
                fn to_json(&self) -> #p::Option<#p::Value> { #p::None }
            }
            #[automatically_derived]
            impl #impl_generics #p::NotOption for #ident #ty_generics #where_clause {}
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
            field_checks(cont, fields, p)
        }
        _ => TokenStream::new(),
    };
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
        const _: () = {
            #body
            #checks
        };
    }
}

/// The checks of each form field's type (the type is a form field; its attributes fit
/// it; its literals have its type and range) without the impl around them.
fn field_checks(cont: &Container, fields: &[Field], p: &TokenStream) -> TokenStream {
    let generics = with_bounds(cont, fields, p);
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let active: Vec<&Field> = fields.iter().filter(|f| f.attrs.skip.is_none()).collect();
    let kinds = active.iter().map(|f| {
        let ty = f.ty;
        quote_spanned!(ty.span()=> let _ = <#ty as #p::ElicitField>::KIND;)
    });
    let checks = active.iter().map(|f| type_checks(f, p));
    let const_checks: Vec<_> = active.iter().filter(|f| !uses_type_params(cont, f.ty)).map(|f| const_checks(f, p)).collect();
    quote! {
        #[allow(dead_code)]
        fn __elicit_field_checks #impl_generics () #where_clause {
            #(#kinds)*
            #(#checks)*
        }
        #(#const_checks)*
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
        syn::GenericParam::Type(t) => {
            let mut t = t.clone();
            t.bounds.push(syn::parse_quote!('static));
            Some(quote!(#t))
        }
        syn::GenericParam::Const(c) => Some(quote!(#c)),
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

    let entries = active.iter().map(|f| field_schema(f, p));
    let checks = active.iter().map(|f| type_checks(f, p));
    let const_checks: Vec<_> = active.iter().filter(|f| !uses_type_params(cont, f.ty)).map(|f| const_checks(f, p)).collect();

    let locals: Vec<_> = (0..active.len()).map(|i| format_ident!("__elicit_{}", i)).collect();
    let indices = (0..active.len()).map(Lit::usize_unsuffixed);
    let members: Vec<_> = active.iter().map(|f| f.member).collect();
    let tys: Vec<_> = active.iter().map(|f| f.ty).collect();
    let absents = active.iter().map(|f| {
        let ty = f.ty;
        if f.attrs.serde_default {
            quote_spanned!(ty.span()=> || #p::Some(::core::default::Default::default()))
        } else {
            quote!(<#ty as #p::ElicitField>::absent)
        }
    });
    let names: Vec<_> = active.iter().map(|f| f.wire_name.as_str()).collect();

    let decode = if active.is_empty() {
        quote! {
            let _ = __elicit_content;
            #p::Ok(Self { #(#skipped,)* })
        }
    } else {
        let first = names[0];
        quote! {
            let __elicit_fields = <Self as #p::Elicit>::SCHEMA.fields();
            let mut __elicit_report = #p::Report::default();
            #(
                let #locals = <#tys as #p::ElicitField>::__decode(__elicit_content, &__elicit_fields[#indices], &mut __elicit_report, #absents);
            )*
            match (#(#locals,)*) {
                (#(#p::Some(#locals),)*) => #p::Ok(Self { #(#members: #locals,)* #(#skipped,)* }),
                _ => #p::Err(__elicit_report.into_error(#first)),
            }
        }
    };

    let schemars = if cont.generics.params.is_empty() { json_schema_impl(ident, p, quote!(form_json_schema)) } else { TokenStream::new() };

    quote! {
        #[automatically_derived]
        impl #impl_generics #p::Elicit for #ident #ty_generics #where_clause {
            const SCHEMA: &'static #p::FormSchema = &#p::FormSchema {
                fields: &[#(#entries),*],
            };

            fn from_content(__elicit_content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                #(#checks)*
                #decode
            }

            fn to_content(&self) -> #p::Map<#p::String, #p::Value> {
                #[allow(unused_mut)]
                let mut __elicit_map = #p::Map::new();
                #(
                    if let #p::Some(__elicit_value) = <#tys as #p::ElicitField>::to_json(&self.#members) {
                        __elicit_map.insert(#p::String::from(#names), __elicit_value);
                    }
                )*
                __elicit_map
            }
        }

        #(#const_checks)*
        #schemars
    }
}

/// The user's generics, with `'static` on every type parameter, and for each form field
/// whose type uses a type parameter, the field's type bounded by what the derive asks of
/// it: `Option<T>: ElicitField` (not `T: ElicitField`, which `Option<T>` does not
/// follow from), plus `StringField`, `NumericField` or `MultiSelectField` when an
/// attribute needs it.
fn with_bounds(cont: &Container, fields: &[Field], p: &TokenStream) -> syn::Generics {
    let mut generics = cont.generics.clone();
    let params: Vec<syn::Ident> = generics.type_params().map(|param| param.ident.clone()).collect();
    for param in generics.type_params_mut() {
        param.bounds.push(syn::parse_quote!('static));
    }
    let predicates: Vec<syn::WherePredicate> = fields
        .iter()
        .filter(|f| f.attrs.skip.is_none() && params.iter().any(|param| mentions(f.ty, param)))
        .map(|f| {
            let ty = f.ty;
            let a = &f.attrs;
            let mut bounds = vec![quote!(#p::ElicitField)];
            if a.min_length.is_some() || a.max_length.is_some() || a.pattern.is_some() || a.format.is_some() {
                bounds.push(quote!(#p::StringField));
            }
            if a.minimum.is_some() || a.maximum.is_some() {
                bounds.push(quote!(#p::NumericField));
            }
            if a.min_items.is_some() || a.max_items.is_some() {
                bounds.push(quote!(#p::MultiSelectField));
            }
            syn::parse_quote!(#ty: #(#bounds)+*)
        })
        .collect();
    generics.make_where_clause().predicates.extend(predicates);
    generics
}

/// Whether the type names one of the container's type parameters (the checks in a
/// `const` item outside the impl cannot name them).
fn uses_type_params(cont: &Container, ty: &syn::Type) -> bool {
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

/// `FieldSchema::new(name, kind-with-constraints)` and its labels, default and
/// required-ness, as a constant expression.
fn field_schema(f: &Field, p: &TokenStream) -> TokenStream {
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
    if let Some(format) = &a.format {
        let variant = match format.value {
            "email" => quote!(Email),
            "uri" => quote!(Uri),
            "date" => quote!(Date),
            _ => quote!(DateTime),
        };
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
    let mut schema = quote! {
        #p::FieldSchema::new(#name, #kind)
            .optional_if(<#ty as #p::ElicitField>::OPTIONAL)
            .legacy_enum_names_if(<#ty as #p::ElicitField>::LEGACY_ENUM_NAMES)
    };
    if let Some(title) = &a.title {
        let title = &title.value;
        schema = quote!(#schema.with_title(#title));
    }
    if let Some(description) = a.description.as_ref().map(|d| &d.value).or(a.doc.as_ref()) {
        schema = quote!(#schema.with_description(#description));
    }
    if a.serde_default {
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
fn type_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let mut out = TokenStream::new();
    let string_attrs = [a.min_length.as_ref().map(Spanned::span), a.max_length.as_ref().map(Spanned::span), a.pattern.as_ref().map(Spanned::span), a.format.as_ref().map(Spanned::span)];
    for span in string_attrs.into_iter().flatten() {
        let ty = respan(ty, span);
        out.extend(quote_spanned!(span=> #p::require_string::<#ty>();));
    }
    for span in [a.min_items.as_ref().map(Spanned::span), a.max_items.as_ref().map(Spanned::span)].into_iter().flatten() {
        let ty = respan(ty, span);
        out.extend(quote_spanned!(span=> #p::require_multi_select::<#ty>();));
    }
    for bound in [&a.minimum, &a.maximum].into_iter().flatten() {
        let expr = magnitude(&bound.value);
        let allow = allow_magnitude(&bound.value);
        let ty = respan(ty, bound.span());
        let slot = if bound.value.int.is_some() { quote_spanned!(bound.span()=> IntBound) } else { quote_spanned!(bound.span()=> Bound) };
        out.extend(quote_spanned!(bound.span()=> #allow let _: <#ty as #p::NumericField>::#slot = #expr;));
    }
    if let Some(default) = &a.default {
        let (expr, lit) = &default.value;
        let span = expr.span();
        let check = match lit {
            DefaultLit::Number(n) => {
                let expr = magnitude(n);
                let allow = allow_magnitude(n);
                let slot = if n.int.is_some() { quote_spanned!(expr.span()=> IntLiteral) } else { quote_spanned!(expr.span()=> Literal) };
                quote_spanned!(expr.span()=> #allow let _: <#ty as #p::ElicitField>::#slot = #expr;)
            }
            DefaultLit::List(_) => quote_spanned!(span=> let _: <#ty as #p::ElicitField>::Literal = &#expr;),
            _ => quote_spanned!(span=> let _: <#ty as #p::ElicitField>::Literal = #expr;),
        };
        out.extend(check);
    }
    out
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
fn const_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    let a = &f.attrs;
    let mut out = TokenStream::new();
    if let Some(default) = &a.default {
        let items: Vec<(String, TokenStream)> = match &default.value.1 {
            DefaultLit::Str(s) => vec![(s.clone(), default.value.0.to_token_stream())],
            DefaultLit::List(items) => items.iter().map(|item| (item.value(), item.to_token_stream())).collect(),
            _ => Vec::new(),
        };
        for (value, tokens) in items {
            let message = format!(
                "`{value}` is not an option of field `{}`: write the wire value of a variant of its enum, as `rename` / `rename_all` make it",
                f.member
            );
            let panic = const_panic(&tokens, &message);
            out.extend(quote! {
                const _: () = if !#p::default_is_valid(&<#ty as #p::ElicitField>::KIND, &#p::Literal::Str(#value)) {
                    #panic
                };
            });
        }
    }
    let ints = [
        a.default.as_ref().and_then(|d| match &d.value.1 {
            DefaultLit::Number(n) => n.int.map(|i| (i, &d.value.0, "default")),
            _ => None,
        }),
        a.minimum.as_ref().and_then(|m| m.value.int.map(|i| (i, &m.value.expr, "minimum"))),
        a.maximum.as_ref().and_then(|m| m.value.int.map(|i| (i, &m.value.expr, "maximum"))),
    ];
    for (n, expr, what) in ints.into_iter().flatten() {
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

/// `::core::panic!(message)` spanned from the first to the last of `tokens`, so that the
/// compile-time evaluation error underlines the whole literal (`-1`, not only `-`).
fn const_panic(tokens: &TokenStream, message: &str) -> TokenStream {
    let mut spans = tokens.clone().into_iter().map(|tt| tt.span());
    let first = spans.next().unwrap_or_else(Span::call_site);
    let last = spans.last().unwrap_or(first);
    let path = quote_spanned!(first=> ::core::panic);
    let args = quote_spanned!(last=> !(#message));
    quote!(#path #args)
}

/// A type as the user wrote it, for a message.
fn type_name(ty: &syn::Type) -> String {
    quote!(#ty).to_string().replace(" :: ", "::").replace(":: ", "::").replace(" <", "<").replace("< ", "<").replace(" >", ">").replace(" ,", ",")
}

/// The type's tokens re-spanned onto an attribute, so that a trait error about the
/// attribute points at the attribute rather than at the field's type.
fn respan(ty: &syn::Type, span: Span) -> TokenStream {
    fn walk(tokens: TokenStream, span: Span) -> TokenStream {
        tokens
            .into_iter()
            .map(|mut tt| {
                if let proc_macro2::TokenTree::Group(g) = &tt {
                    let mut group = proc_macro2::Group::new(g.delimiter(), walk(g.stream(), span));
                    group.set_span(span);
                    return proc_macro2::TokenTree::Group(group);
                }
                tt.set_span(span);
                tt
            })
            .collect()
    }
    walk(quote!(#ty), span)
}

/// `schemars::JsonSchema` with the same flat schema, when the runtime's `schemars`
/// feature is on; `helper` is the runtime function that builds it.
fn json_schema_impl(ident: &syn::Ident, p: &TokenStream, helper: TokenStream) -> TokenStream {
    let name = ident.to_string();
    quote! {
        #p::if_schemars! {
            #[automatically_derived]
            impl #p::schemars::JsonSchema for #ident {
                fn schema_name() -> ::std::borrow::Cow<'static, str> {
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
        quote!(#p::EnumOption::new(#value, #title))
    });
    let idents: Vec<_> = variants.iter().map(|v| v.ident).collect();
    let indices: Vec<_> = (0..variants.len()).map(Lit::usize_unsuffixed).collect();
    let legacy = cont.attrs.legacy_enum_names.as_ref().map(|_| quote!(const LEGACY_ENUM_NAMES: bool = true;));
    let span = Span::call_site();
    let schemars = json_schema_impl(ident, p, quote!(enum_json_schema));
    quote_spanned! {span=>
        #[automatically_derived]
        impl #p::ElicitEnum for #ident {
            const OPTIONS: &'static [#p::EnumOption] = &[#(#options),*];

            fn from_index(index: usize) -> #p::Option<Self> {
                match index {
                    #(#indices => #p::Some(Self::#idents),)*
                    _ => #p::None,
                }
            }

            fn index(&self) -> usize {
                match self {
                    #(Self::#idents => #indices,)*
                }
            }
        }

        #[automatically_derived]
        impl #p::ElicitField for #ident {
            const KIND: #p::Kind = #p::Kind::Select(<Self as #p::ElicitEnum>::OPTIONS);
            #legacy
            type Literal = &'static str;
            type IntLiteral = &'static str;

            fn from_json(value: &#p::Value) -> #p::Result<Self, #p::Problem> {
                #p::enum_from_json::<Self>(value)
            }

            fn to_json(&self) -> #p::Option<#p::Value> {
                #p::Some(#p::Value::from(<Self as #p::ElicitEnum>::wire_value(self)))
            }
        }

        #[automatically_derived]
        impl #p::NotOption for #ident {}

        #schemars
    }
}
