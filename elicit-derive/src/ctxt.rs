//! Collects every independent error of one derive, so the user sees all of them at once,
//! and no more than one on the same token: an attribute refused is not checked again.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt::Display;

use quote::ToTokens;

/// Errors found while reading the input. A context exists only inside [`Ctxt::collect`],
/// which hands back every error reported to it: none can be lost by forgetting to look
/// (the check serde_derive makes with a panic on drop, made here by construction).
pub struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
    /// Where each error starts ([`span_key`]): a second error there is left out.
    refused: RefCell<HashSet<String>>,
}

/// A span, as a key that tells two tokens of the input apart (`Span` itself has no
/// equality on stable Rust; its `Debug` names its position in the file).
pub fn span_key(span: proc_macro2::Span) -> String {
    format!("{span:?}")
}

impl Ctxt {
    /// Runs `read` with a fresh context, and returns what it built with all the errors it
    /// reported, combined into one (`Ok` when there were none).
    pub fn collect<T>(read: impl FnOnce(&Ctxt) -> T) -> (T, syn::Result<()>) {
        let cx = Ctxt { errors: RefCell::new(Vec::new()), refused: RefCell::new(HashSet::new()) };
        let built = read(&cx);
        let mut errors = cx.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else {
            return (built, Ok(()));
        };
        for rest in errors {
            combined.combine(rest);
        }
        (built, Err(combined))
    }

    /// An error spanned on the tokens that show the problem, unless an error was reported
    /// on the same token already (a second message about one attribute is a cascade).
    pub fn error_spanned_by<A: ToTokens, T: Display>(&self, obj: A, msg: T) {
        self.syn_error(syn::Error::new_spanned(obj.into_token_stream(), msg));
    }

    /// Where the errors reported so far start ([`span_key`]s), to tell whether a part of
    /// the input has one already (`ast::Field::is_refused`).
    pub fn refused(&self) -> HashSet<String> {
        self.refused.borrow().clone()
    }

    /// An error already built by syn (a parse error of an attribute), unless an error was
    /// reported on the same token already.
    pub fn syn_error(&self, err: syn::Error) {
        let key = span_key(err.span());
        // Tokens the macro made (and every token, outside a macro) share one span.
        if key == span_key(proc_macro2::Span::call_site()) || self.refused.borrow_mut().insert(key) {
            self.errors.borrow_mut().push(err);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_combined_in_order() {
        let (built, result) = Ctxt::collect(|cx| {
            cx.error_spanned_by(quote::quote!(a), "first");
            cx.error_spanned_by(quote::quote!(b), "second");
            7
        });
        let messages: Vec<String> = result.err().into_iter().flatten().map(|e| e.to_string()).collect();
        assert_eq!((built, messages), (7, vec!["first".to_owned(), "second".to_owned()]));
    }

    #[test]
    fn a_context_without_errors_is_ok() {
        assert!(Ctxt::collect(|_| ()).1.is_ok());
    }
}
