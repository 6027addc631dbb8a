//! The generated code of a form with a flattened field (`#[elicit(flatten)]`,
//! `#[serde(flatten)]`): the sub-form's fields, prefixed, at the field's position.
//!
//! The sub-form's fields are known only to its own derive, so everything that depends on
//! them is a `const` the compiler evaluates: the list of fields (the runtime's
//! `parts_fields`), the wire-name collisions with the other fields, and the names a
//! prefix would turn into a secret's (`api_` before `key`). Each check is spanned on the
//! field it is about.

use proc_macro2::{Literal as Lit, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Field, Style};
use crate::expand::{Paths, checkbox_checks, const_check, entry, json_schema_impl, not_secret_checks, type_check, type_name, wrap};
use crate::tokens::const_panic;

/// The `Elicit` impl of a form with at least one flattened field (`fields`, all of the
/// struct's). `check` refused the combinations that have no meaning here (a generic form,
/// attributes of a field's own).
pub(crate) fn expand(cont: &Container, fields: &[Field]) -> TokenStream {
    let paths = Paths::new(cont.attrs.crate_path.as_ref());
    wrap(expand_flattening(cont, fields, &paths))
}

fn expand_flattening(cont: &Container, fields: &[Field], paths: &Paths) -> TokenStream {
    let p = &paths.private;
    let ident = cont.ident;
    let active: Vec<&Field> = fields.iter().filter(|f| f.style != Style::Skipped).collect();
    let plain: Vec<&Field> = active.iter().copied().filter(|f| f.is_form_field()).collect();
    let skipped = fields.iter().filter(|f| f.style == Style::Skipped).map(|f| {
        let member = f.member;
        quote_spanned!(f.ty.span()=> #member: ::core::default::Default::default())
    });

    let parts = active.iter().map(|f| match f.flattened() {
        None => {
            let schema = entry(cont, f, p);
            quote!(#p::Part::Field(#schema))
        }
        Some((flatten, _)) => {
            let (prefix, title_prefix) = (flatten.prefix(), flatten.title_prefix());
            let title_prefixes = crate::tokens::translations(&flatten.title_prefixes);
            let ty = flattened_type(f, p);
            quote! {
                #p::Part::Flatten {
                    fields: #ty::FIELDS,
                    prefix: #prefix,
                    title_prefix: #title_prefix,
                    title_prefixes: #title_prefixes,
                    optional: #ty::OPTIONAL,
                }
            }
        }
    });
    let checks = plain.iter().map(|f| type_check(cont, f, p));
    let mut consts: Vec<TokenStream> = plain.iter().map(|f| const_check(cont, f, p)).collect();
    consts.push(checkbox_checks(cont, &plain, p));
    consts.push(not_secret_checks(cont, &plain, p));
    consts.push(collision_checks(&active, p));
    consts.extend(active.iter().map(|f| secret_checks(f, p)));

    let locals = crate::expand::decode::locals(active.len());
    let decodes = active
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let local = &locals[i];
            let i = Lit::usize_unsuffixed(i);
            let at = quote!(const { #p::part_start(__ELICIT_PARTS, #i) });
            match f.flattened() {
                None => crate::expand::decode(cont, f, local, &at, p),
                Some((flatten, _)) => {
                    let prefix = flatten.prefix();
                    let len = quote!(const { #p::part_len(&__ELICIT_PARTS[#i]) });
                    let ty = flattened_type(f, p);
                    quote!(let #local = #ty::decode(&__elicit_found[#at..#at + #len], #prefix, &mut __elicit_report);)
                }
            }
        })
        .collect();
    let encodes = active.iter().map(|f| match f.flattened() {
        None => crate::expand::content(f, p),
        Some((flatten, _)) => {
            let (member, prefix) = (f.member, flatten.prefix());
            let ty = flattened_type(f, p);
            quote!(#ty::encode(&self.#member, #prefix, &mut __elicit_map);)
        }
    });
    let form_trait = quote!(#p::Elicit);
    let body = crate::expand::decode::body(
        crate::expand::decode::Body {
            form_trait: &form_trait,
            count: quote!(__ELICIT_COUNT),
            decodes,
            members: active.iter().map(|f| f.member).collect(),
            locals,
            skipped: skipped.collect(),
            rules: crate::expand::decode::rules(cont, p),
            first: quote! {
                match __elicit_fields.first() {
                    #p::Some(__elicit_field) => __elicit_field.name(),
                    #p::None => "",
                }
            },
        },
        p,
    );
    let schemars = json_schema_impl(cont, paths, quote!(form_json_schema));
    let not_recommended = crate::expand::not_recommended(cont);

    quote! {
        const __ELICIT_PARTS: &[#p::Part] = &[#(#parts),*];
        const __ELICIT_COUNT: ::core::primitive::usize = #p::parts_len(__ELICIT_PARTS);
        const __ELICIT_TEXT_LEN: ::core::primitive::usize = #p::parts_text_len(__ELICIT_PARTS);
        const __ELICIT_TEXT: [::core::primitive::u8; __ELICIT_TEXT_LEN] = #p::parts_text(__ELICIT_PARTS);
        const __ELICIT_TITLES_LEN: ::core::primitive::usize = #p::parts_titles_len(__ELICIT_PARTS);
        const __ELICIT_TITLES_TEXT_LEN: ::core::primitive::usize = #p::parts_titles_text_len(__ELICIT_PARTS);
        const __ELICIT_TITLES_TEXT: [::core::primitive::u8; __ELICIT_TITLES_TEXT_LEN] = #p::parts_titles_text(__ELICIT_PARTS);
        const __ELICIT_TITLES: [(&'static ::core::primitive::str, &'static ::core::primitive::str); __ELICIT_TITLES_LEN] = #p::parts_titles(__ELICIT_PARTS, &__ELICIT_TITLES_TEXT);
        const __ELICIT_FIELDS: [#p::FieldSchema; __ELICIT_COUNT] = #p::parts_fields(__ELICIT_PARTS, &__ELICIT_TEXT, &__ELICIT_TITLES);

        #not_recommended
        #[automatically_derived]
        impl #p::Elicit for #ident {
            const SCHEMA: &'static #p::FormSchema = &#p::FormSchema { fields: &__ELICIT_FIELDS };

            fn from_content(__elicit_content: &#p::Map<#p::String, #p::Value>) -> #p::Result<Self, #p::InvalidContent> {
                #(#checks)*
                #body
            }

            fn to_content(&self) -> #p::Map<#p::String, #p::Value> {
                let mut __elicit_map = #p::Map::new();
                #(#encodes)*
                __elicit_map
            }
        }

        #(#consts)*
        #schemars
    }
}

/// `<Type as Flatten>`, spanned on the field's type: a type that is neither a form nor
/// an `Option` of one is reported once, there (every use is the same unmet bound).
fn flattened_type(f: &Field, p: &TokenStream) -> TokenStream {
    let ty = f.ty;
    quote_spanned!(ty.span()=> <#ty as #p::Flatten>)
}

/// For each pair of parts of which one at least is flattened: no property name in
/// common, and on 2025-06-18 no checkbox named as another property. One error per pair,
/// on the flattened field (the later one when both are).
fn collision_checks(active: &[&Field], p: &TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    for (i, a) in active.iter().enumerate() {
        for (j, b) in active.iter().enumerate().skip(i + 1) {
            let (on, other) = match (a.flattened(), b.flattened()) {
                (None, None) => continue,
                (Some(_), None) => (a, b),
                _ => (b, a),
            };
            let Some((flatten, form)) = on.flattened() else { continue };
            let form = type_name(form);
            let fix = if flatten.prefix().is_empty() {
                format!("give `{0}` a prefix, such as `#[elicit(flatten(prefix = \"{0}_\"))]`", on.member)
            } else {
                format!("give `{}` another prefix than `{}`", on.member, flatten.prefix())
            };
            let names = if other.flattened().is_some() {
                format!("field `{}` flattens `{form}`, whose fields would be sent under names that field `{}` sends already: {fix}", on.member, other.member)
            } else {
                format!(
                    "field `{}` flattens `{form}`, one of whose fields would be sent as `{}`, the wire name of field `{}`: {fix}, or rename `{}`",
                    on.member, other.wire_name, other.member, other.member
                )
            };
            let checkboxes = format!(
                "field `{}` (which flattens `{form}`) and field `{}` would send properties of the same name on protocol revision 2025-06-18, where a multi-select is sent as one checkbox per option named `field_option`: {fix}, or rename `{}`",
                on.member, other.member, other.member
            );
            let (i, j) = (Lit::usize_unsuffixed(i), Lit::usize_unsuffixed(j));
            let args = quote! {
                &__ELICIT_FIELDS,
                #p::part_start(__ELICIT_PARTS, #i), #p::part_len(&__ELICIT_PARTS[#i]),
                #p::part_start(__ELICIT_PARTS, #j), #p::part_len(&__ELICIT_PARTS[#j])
            };
            let tokens = on.member.to_token_stream();
            let (names, checkboxes) = (const_panic(&tokens, &names), const_panic(&tokens, &checkboxes));
            out.extend(quote! {
                const _: () = if #p::parts_share_a_name(#args) {
                    #names
                } else if #p::parts_checkboxes_collide(#args) {
                    #checkboxes
                };
            });
        }
    }
    out
}

/// A prefix that ends with the first words of a secret's name (`api_`, `card_`) must
/// not meet a field of the sub-form whose name (or title, for the title prefix) starts
/// with the rest (`key`, `number`): together they would ask for the secret.
fn secret_checks(f: &Field, p: &TokenStream) -> TokenStream {
    let Some((flatten, form)) = f.flattened() else { return TokenStream::new() };
    let mut out = TokenStream::new();
    let ty = type_name(form);
    let flattened = flattened_type(f, p);
    let prefixes = [
        (flatten.prefix(), false, "prefix", flatten.prefix.as_ref().map(ToTokens::to_token_stream), "name"),
        (flatten.title_prefix(), true, "title prefix", flatten.title_prefix.as_ref().or(flatten.prefix.as_ref()).map(ToTokens::to_token_stream), "title"),
    ];
    for (prefix, titles, what, tokens, of) in prefixes {
        let tokens = tokens.unwrap_or_else(|| f.member.to_token_stream());
        for (words, secret) in crate::rules::secret::continuations(&prefix) {
            let message = format!(
                "the {what} `{prefix}` of field `{}` before a field of `{ty}` whose {of} starts with `{}` would ask for a secret (`{secret}`), which the MCP specification forbids in form mode: choose another prefix",
                f.member,
                words.join(" ")
            );
            let panic = const_panic(&tokens, &message);
            out.extend(quote! {
                const _: () = if #p::starts_a_secret(#flattened::FIELDS, #titles, &[#(#words),*]) {
                    #panic
                };
            });
        }
    }
    out
}
