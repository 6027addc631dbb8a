//! The code of a unit-only enum: a select's options, `ElicitEnum`, `ElicitField`, and the
//! schemars glue of `#[elicit(json_schema)]`.

use proc_macro2::{Literal as Lit, Span, TokenStream};
use quote::{quote, quote_spanned};

use crate::ast::{Container, Variant};
use crate::tokens::translations;
use super::*;

/// `schemars::JsonSchema` with the same flat schema, for a type that asks for it with
/// `#[elicit(json_schema)]` (opt-in, so that a crate deriving `JsonSchema` itself keeps
/// compiling whoever turns the runtime's `schemars` feature on); `helper` is the runtime
/// function that builds it. Without the feature, the runtime's `__elicit_if_schemars!` is an
/// error that says to turn it on, on the `json_schema` that asked for it (the invocation is
/// spanned there).
pub(crate) fn json_schema_impl(cont: &Container, paths: &Paths, helper: TokenStream) -> TokenStream {
    let Some(attr) = &cont.attrs.json_schema else { return TokenStream::new() };
    if !cont.generics.params.is_empty() {
        // On a generic form, `check` refused it.
        return TokenStream::new();
    }
    let p = &paths.private;
    let krate = &paths.krate;
    let span = attr.tokens.clone().into_iter().next().map_or_else(Span::call_site, |tt| tt.span());
    // The macro is `#[macro_export]`ed, so it stands at the runtime's root.
    let if_schemars = crate::tokens::respan(quote!(#krate::__elicit_if_schemars), span);
    let ident = cont.ident;
    let name = ident.to_string();
    let implementation = quote! {
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
    };
    quote_spanned! {span=> #if_schemars! { #implementation } }
}

pub(crate) fn expand_enum(cont: &Container, variants: &[Variant], paths: &Paths) -> TokenStream {
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
    let wires = variants.iter().map(|v| Lit::byte_string(v.wire_name.as_bytes()));
    let legacy = cont.attrs.legacy_enum_names.as_ref().map(|_| quote!(const LEGACY_ENUM_NAMES: ::core::primitive::bool = true;));
    let own = cont.attrs.description.as_ref().map(|d| &d.value).or(cont.attrs.doc.as_ref());
    let description = own.map(|doc| quote!(const DESCRIPTION: #p::Option<&'static ::core::primitive::str> = #p::Some(#doc);));
    let descriptions = (!cont.attrs.descriptions.is_empty()).then(|| {
        let texts = translations(&cont.attrs.descriptions);
        quote!(const DESCRIPTIONS: #p::Translations = #texts;)
    });
    let span = Span::call_site();
    let schemars = json_schema_impl(cont, paths, quote!(enum_json_schema));
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

            #[inline]
            fn __read(value: &#p::Value, field: &'static #p::FieldSchema, report: &mut #p::Report) -> #p::Option<Self> {
                // A derived form's select offers this enum's own options (its `KIND`): the
                // value is matched on its bytes. Any other field (options of its own, a value
                // that is no option or no string) is read and reported as before.
                if let (#p::Kind::Select(options), #p::Value::String(s)) = (field.kind(), value) {
                    if ::core::ptr::eq(*options, <Self as #p::ElicitEnum>::OPTIONS) {
                        match s.as_bytes() {
                            #(#wires => return #p::Some(Self::#idents),)*
                            _ => {}
                        }
                    }
                }
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
