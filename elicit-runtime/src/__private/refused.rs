//! What a refused call returns: the request a page form's `elicit` stands for (a page form
//! is never sent in form mode, and its `elicit` exists only to say so), taking every call
//! that configures a request (`reask`, `locale`, `send`...), so that the refusal is the one
//! error the user reads.

use std::future::{Future, IntoFuture, Pending};
use std::marker::PhantomData;
use std::time::Duration;

use crate::exchange::{ElicitError, Elicitation, Provenance};
use crate::form::{SchemaOptions, Violation};
use crate::locale::Locale;

/// The request of a call refused at compile time (by a bound that never holds): never
/// built, configured as `FormRequest` is.
pub struct RefusedRequest<T>(PhantomData<fn() -> T>);

impl<T> RefusedRequest<T> {
    /// Never called: the bound of the call that returns it never holds.
    pub fn refused() -> Self {
        RefusedRequest(PhantomData)
    }

    /// As `FormRequest::locale`.
    pub fn locale(self, _: Locale) -> Self {
        self
    }

    /// As `FormRequest::user_only`.
    pub fn user_only(self) -> Self {
        self
    }

    /// As `FormRequest::with_provenance`.
    pub async fn with_provenance(self) -> Result<(Elicitation<T>, Provenance), ElicitError> {
        std::future::pending().await
    }

    /// As `FormRequest::timeout`.
    pub fn timeout(self, _: Duration) -> Self {
        self
    }

    /// As `FormRequest::progress_every`.
    pub fn progress_every(self, _: Option<Duration>) -> Self {
        self
    }

    /// As `FormRequest::reask`.
    pub fn reask(self, _: u32) -> Self {
        self
    }

    /// As `FormRequest::key`.
    pub fn key(self, _: impl Into<String>) -> Self {
        self
    }

    /// As `FormRequest::schema_options`.
    pub fn schema_options(self, _: SchemaOptions) -> Self {
        self
    }

    /// As `FormRequest::check`.
    pub fn check<F, Fut>(self, _: F) -> Self
    where
        F: Fn(&T) -> Fut,
        Fut: Future<Output = Result<(), Vec<Violation>>>,
    {
        self
    }

    /// As `FormRequest::send`.
    pub async fn send(self) -> Result<Elicitation<T>, ElicitError> {
        std::future::pending().await
    }
}

impl<T> IntoFuture for RefusedRequest<T> {
    type Output = Result<Elicitation<T>, ElicitError>;
    type IntoFuture = Pending<Self::Output>;

    fn into_future(self) -> Self::IntoFuture {
        std::future::pending()
    }
}
