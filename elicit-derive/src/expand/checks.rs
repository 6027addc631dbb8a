//! The checks of a field's attributes against its type: bounds in a function never
//! called (type-checked where the attributes are written), constants the compiler
//! evaluates (a literal's range, a default among the options, names that ask for a secret).

use proc_macro2::{Literal as Lit, Span, TokenStream};
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned as _;

use crate::ast::{Container, Field};
use crate::attr::{DefaultLit, Format, Needs, Number};
use crate::bound::uses_type_params;
use crate::tokens::{const_panic, format_variant, respan};

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
        let slot = if bound.value.int.is_some() { quote_spanned!(span=> int_bound) } else { quote_spanned!(span=> number_bound) };
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
                let slot = if n.int.is_some() { quote_spanned!(span=> int_default_literal) } else { quote_spanned!(span=> default_literal) };
                literal_check(respan(quote!(#p::#slot(#found)), span), magnitude(n), allow_magnitude(n), p)
            }
            DefaultLit::List(_) => literal_check(respan(quote!(#p::default_literal(#found)), span), &syn::parse_quote_spanned!(span=> &#expr), TokenStream::new(), p),
            _ => literal_check(respan(quote!(#p::default_literal(#found)), span), expr, TokenStream::new(), p),
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

/// `literal` must have the type of the slot `slot` returns: the mismatch, if any, is
/// reported on the literal alone ("expected `u8`, found `&str`").
pub(crate) fn literal_check(slot: TokenStream, literal: &syn::Expr, allow: TokenStream, p: &TokenStream) -> TokenStream {
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
pub(crate) fn magnitude(n: &Number) -> &syn::Expr {
    match &n.expr {
        syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Neg(_), expr, .. }) => expr,
        expr => expr,
    }
}

/// The magnitude of the smallest value of a signed type is one more than its largest
/// (`-128` gives `128` for `i8`): for a negative integer, the overflow lint is silenced on
/// the type check, and the range is left to [`const_checks`].
pub(crate) fn allow_magnitude(n: &Number) -> TokenStream {
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
             help: mark the form `#[elicit(page)]` to ask for it on the server's own page (URL mode), with `{}::elicit_via_page`",
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
pub(crate) fn kept_characters(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).collect()
}

/// A type as the user wrote it, for a message.
pub(crate) fn type_name(ty: &syn::Type) -> String {
    quote!(#ty).to_string().replace(" :: ", "::").replace(":: ", "::").replace(" <", "<").replace("< ", "<").replace(" >", ">").replace(" ,", ",")
}
