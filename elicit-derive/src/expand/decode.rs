//! The decoding of a form, one generator for every form: a form sent to the client
//! (`Elicit`), a page form (`PageForm`: the same code but for the trait's path) and a
//! form that flattens another (`flatten`, whose fields are found at constant positions).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::ast::{Container, Field, Style};

/// The parts of a decoding body: each field's statement (`field::decode`) into its local,
/// and how the struct is built from them.
pub(crate) struct Body<'a> {
    /// The form's trait: `Elicit`, or `PageForm` for a page form.
    pub form_trait: &'a TokenStream,
    /// How many fields the form sends (a literal, or a constant of a flattening form).
    pub count: TokenStream,
    /// Each field's decoding statement, into `locals` in order.
    pub decodes: Vec<TokenStream>,
    pub locals: Vec<syn::Ident>,
    /// The struct's member each local goes to.
    pub members: Vec<&'a syn::Ident>,
    /// `member: Default::default()` for each skipped field.
    pub skipped: Vec<TokenStream>,
    /// The author's `validate` rules, run on the decoded value.
    pub rules: Option<TokenStream>,
    /// The name of the field the error is about when no field is (an expression).
    pub first: TokenStream,
}

/// The locals of a form's decoded fields: `__elicit_0`, `__elicit_1`...
pub(crate) fn locals(n: usize) -> Vec<syn::Ident> {
    (0..n).map(|i| format_ident!("__elicit_{}", i)).collect()
}

/// `from_content`'s body: the fields found by wire name, each decoded with every problem
/// reported, a key the form did not ask for a violation too, and the value or the report.
pub(crate) fn body(b: Body, p: &TokenStream) -> TokenStream {
    let Body { form_trait, count, decodes, locals, members, skipped, rules, first } = b;
    if locals.is_empty() {
        return quote! {
            let mut __elicit_report = <#p::Report as ::core::default::Default>::default();
            if __elicit_report.not_asked(__elicit_content, &[], 0) {
                return #p::Err(__elicit_report.into_error(""));
            }
            #p::Ok(Self { #(#skipped,)* })#rules
        };
    }
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
}

/// The decoding items of the form's trait around `body`: `from_content`, and for a form
/// with run-time selects `__from_content_with`, which finds the options offered among
/// those given (`from_content` gives none), and the marker `Elicit` has for them.
pub(crate) fn items(cont: &Container, fields: &[Field], form_trait: &TokenStream, body: TokenStream, p: &TokenStream) -> TokenStream {
    if !fields.iter().any(|f| f.style == Style::RuntimeSelect) {
        return quote! {
            fn from_content(__elicit_content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                #body
            }
        };
    }
    let companion = format_ident!("{}Options", cont.ident);
    let options = crate::options::at_first_type(
        fields,
        quote!(let __elicit_options: #p::Option<&#companion> = __elicit_given.and_then(|__elicit_given| __elicit_given.as_any().downcast_ref::<#companion>());),
    );
    // A page form is asked on the page only, with its options: `PageForm` has no marker.
    let marker = cont.attrs.page.is_none().then(|| quote!(const __RUNTIME_SELECTS: ::core::primitive::bool = true;));
    quote! {
        #marker

        fn from_content(__elicit_content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
            <Self as #form_trait>::__from_content_with(__elicit_content, #p::None)
        }

        fn __from_content_with(
            __elicit_content: &#p::Map<#p::String, #p::Value>,
            __elicit_given: #p::Option<&dyn #p::FormOptions>,
        ) -> #p::Result<Self, #p::InvalidContent> {
            #options
            #body
        }
    }
}

/// The author's rules (`#[elicit(validate = path)]`), run on the decoded value; a rule of
/// the wrong type is reported on its path.
pub(crate) fn rules(cont: &Container, p: &TokenStream) -> Option<TokenStream> {
    cont.attrs.validate.as_ref().map(|path| {
        let rules = quote::quote_spanned!(syn::spanned::Spanned::span(path)=> let __elicit_rules: fn(&Self) -> #p::Result<(), #p::Vec<#p::Violation>> = #path;);
        quote!(.and_then(|__elicit_value| { #rules #p::checked(__elicit_value, __elicit_rules) }))
    })
}
