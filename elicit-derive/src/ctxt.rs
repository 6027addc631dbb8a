//! Collects every independent error of one derive, so the user sees all of them at once.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// Errors found while reading the input. Must be [`checked`](Ctxt::check) before it is
/// dropped.
#[derive(Default)]
pub struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    pub fn new() -> Self {
        Self::default()
    }

    /// An error spanned on the tokens that show the problem.
    pub fn error_spanned_by<A: ToTokens, T: Display>(&self, obj: A, msg: T) {
        self.errors.borrow_mut().push(syn::Error::new_spanned(obj.into_token_stream(), msg));
    }

    /// An error already built by syn (a parse error of an attribute).
    pub fn syn_error(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    /// All errors combined into one, or `Ok` when there were none.
    pub fn check(self) -> syn::Result<()> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for rest in errors {
            combined.combine(rest);
        }
        Err(combined)
    }
}
