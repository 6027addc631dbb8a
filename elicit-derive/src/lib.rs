//! `#[derive(Elicit)]` for [elicit-runtime](https://docs.rs/elicit-runtime): use it through
//! that crate, which re-exports it and documents the attributes.
//!
//! The macro builds a typed model of the input (`ast`, `attr`), checks what the
//! attributes alone can show (`check`, with the secret policy in `rules::secret`), and emits
//! code (`expand`, and `flatten` beside it for a form that flattens another, on `expand`'s helpers; `bound` for the bounds of generic forms and `fallback` for the
//! stub beside an error) that asks the runtime's traits about each field's type, so type
//! aliases and qualified paths work and an unsupported type fails with the runtime's
//! explanation, on the field. For the standard types it recognises by name (`known`),
//! the checks it can see pass are left out of the expansion.

mod ast;
mod attr;
mod bound;
mod case;
mod check;
mod choice;
mod ctxt;
mod doc;
mod expand;
mod fallback;
mod flatten;
mod foreign;
mod known;
mod labels;
mod options;
mod pattern;
mod rules;
mod separated;
mod tokens;

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

/// Derives `elicit_runtime::Elicit` for a struct with named fields (a form), makes a
/// unit-only enum usable as a single- or multi-select field, or makes an enum whose
/// variants carry data an `elicit_runtime::ElicitChoice` (asked in two steps).
#[proc_macro_derive(Elicit, attributes(elicit))]
pub fn derive_elicit(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    // An enum whose variants carry data is asked in two steps, each a form of its own.
    if choice::is_choice(&input) {
        let ((), foreign) = ctxt::Ctxt::collect(|cx| foreign::check(cx, &input));
        let mut tokens = choice::expand(&input);
        if let Err(err) = foreign {
            tokens.extend(err.to_compile_error());
        }
        return tokens.into();
    }
    let ((krate, cont), result) = ctxt::Ctxt::collect(|cx| {
        foreign::check(cx, &input);
        let attrs = attr::Container::from_ast(cx, &input);
        let krate = attrs.crate_path.clone();
        let cont = ast::Container::from_ast(cx, &input, attrs);
        if let Some(cont) = &cont {
            check::check(cx, cont);
        }
        (krate, cont)
    });
    match (result, cont) {
        // A form that flattens another has its own expansion, beside the plain one.
        (Ok(()), Some(cont)) => match cont.flattening() {
            Some(fields) => flatten::expand(&cont, fields).into(),
            None => expand::expand(&cont).into(),
        },
        (result, cont) => {
            let error = result.err();
            let refused = error.iter().flat_map(|e| e.clone().into_iter().map(|e| ctxt::span_key(e.span()))).collect();
            let mut tokens = error.map(|e| e.to_compile_error()).unwrap_or_default();
            tokens.extend(fallback::dummy(&input, krate.as_ref(), cont.as_ref(), &refused));
            tokens.into()
        }
    }
}
