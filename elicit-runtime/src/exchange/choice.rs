//! A choice that leads to different questions: [`ElicitChoice`], an enum whose variants
//! carry their own fields, asked as two flat forms (the specification has no conditional
//! fields): a single-select of the variants, then the chosen variant's fields.

use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::Duration;

use super::elicit::Elicit;
use super::elicitation::Elicitation;
use super::error::ElicitError;
use super::transport::ElicitPeer;
use crate::form::ElicitEnum;
use crate::locale::{Locale, Words};

/// An enum whose variants carry data, asked in two steps: `#[derive(Elicit)]` on an enum
/// with a struct variant (`Card { number: String, expiry: String }`), a variant holding a
/// form (`Invoice(InvoiceDetails)`, where `InvoiceDetails` derives `Elicit`) or a unit
/// variant (`Cash`: no second step).
///
/// The first step is a form with one single-select, `choice`, of the variants (their
/// `title`s and doc comments as for any select); the second is the chosen variant's form,
/// sent with the message and the variant's title. Each step is a flat, spec-compliant
/// form, checked at compile time like any other (a secret in a variant does not compile).
/// Decline or cancel at either step is the answer; on 2026-07-28 both steps are rounds of
/// the same body; the value is the typed enum.
///
/// ```
/// use elicit_runtime::{Elicit, ElicitChoice, ElicitError, ElicitPeer, Elicitation};
/// use elicit_runtime::exchange::{Answer, ElicitationSupport, Outgoing};
/// use serde_json::json;
///
/// /// How do you pay?
/// #[derive(Elicit, Debug, PartialEq)]
/// #[elicit(rename_all = "lowercase")]
/// enum Payment {
///     /// By card
///     Card {
///         #[elicit(pattern = "^[0-9 ]{12,23}$", pattern_hint = "the digits on the card")]
///         number: String,
///     },
///     /// By invoice, sent by email
///     Invoice {
///         #[elicit(format = "email")]
///         email: String,
///     },
///     Cash,
/// }
///
/// // A client that picks the invoice, then fills it in.
/// struct Client;
/// impl ElicitPeer for Client {
///     fn protocol_version(&self) -> Option<String> {
///         Some("2025-11-25".into())
///     }
///     fn elicitation_support(&self) -> ElicitationSupport {
///         ElicitationSupport::FORM
///     }
///     async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
///         let properties = &outgoing.params()["requestedSchema"]["properties"];
///         Ok(Answer::new(if properties.get("choice").is_some() {
///             json!({"action": "accept", "content": {"choice": "invoice"}})
///         } else {
///             json!({"action": "accept", "content": {"email": "ada@example.com"}})
///         }))
///     }
/// }
///
/// # fn block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     let mut f = std::pin::pin!(f);
/// #     let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
/// #     loop { if let std::task::Poll::Ready(out) = f.as_mut().poll(&mut cx) { return out; } }
/// # }
/// # block_on(async {
/// let answer = Payment::elicit(&Client, "How would you like to pay?").reask(1).await?;
/// assert_eq!(answer, Elicitation::Accept(Payment::Invoice { email: "ada@example.com".into() }));
/// # Ok::<(), ElicitError>(())
/// # }).unwrap();
/// ```
pub trait ElicitChoice: Sized + Send + 'static {
    /// Asks the client of the current request to choose, then to fill in the chosen
    /// variant's form; awaiting it gives the typed enum. Configure it before awaiting:
    /// `.reask(n)`, `.timeout(d)` apply to each step ([`ChoiceRequest`]).
    /// The message is a text, or [`Words`] with its translations or from the author's
    /// catalog, as for a form ([`Elicit::elicit`]): both steps are asked with it, in the
    /// language of the question.
    fn elicit<'a, P: ElicitPeer + ?Sized>(peer: &'a P, message: impl Into<Words>) -> ChoiceRequest<'a, Self, P> {
        ChoiceRequest { peer, message: message.into(), steps: Steps::default(), choice: std::marker::PhantomData }
    }

    /// The two steps, written by the derive.
    #[doc(hidden)]
    fn __ask<'a, P: ElicitPeer + ?Sized>(peer: &'a P, message: Words, steps: Steps) -> ChoiceFuture<'a, Self>;
}

/// The future of a two-step choice.
#[doc(hidden)]
pub type ChoiceFuture<'a, T> = Pin<Box<dyn Future<Output = Result<Elicitation<T>, ElicitError>> + Send + 'a>>;

/// How each step is asked.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Steps {
    reasks: u32,
    timeout: Option<Duration>,
    locale: Option<Locale>,
}

impl Steps {
    /// One step: the form `F`, with these settings. A form with no field to ask (a
    /// variant whose fields are all skipped, or a form of nothing) is no step: nothing is
    /// sent, and its value is what an empty answer decodes to.
    pub async fn ask<F: Elicit, P: ElicitPeer + ?Sized>(self, peer: &P, message: impl Into<Words>) -> Result<Elicitation<F>, ElicitError> {
        if F::SCHEMA.fields().is_empty() {
            return F::from_content(&serde_json::Map::new()).map(Elicitation::Accept).map_err(ElicitError::from);
        }
        let mut request = F::elicit(peer, message).reask(self.reasks);
        if let Some(timeout) = self.timeout {
            request = request.timeout(timeout);
        }
        if let Some(locale) = self.locale {
            request = request.locale(locale);
        }
        request.await
    }

    /// The message of the second step: the question, then what was chosen, in English.
    pub fn second_message(message: &str, chosen: &str) -> String {
        Self::second_message_said(message, chosen, Locale::ENGLISH)
    }

    /// The message of the second step in `locale`'s language: the question, then the
    /// catalog's `choice-chosen` around what was chosen.
    fn second_message_said(message: &str, chosen: &str, locale: Locale) -> String {
        let chosen = locale.message("choice-chosen", &[("choice", crate::locale::Arg::Text(chosen))]);
        format!("{message}\n\n{chosen}")
    }

    /// [`second_message`](Self::second_message) in the language of the question: the
    /// message's text in it, and the title of option `index` of the first step's select
    /// `C`, as the author translated it, else `chosen`.
    pub fn second_message_in<C: ElicitEnum, P: ElicitPeer + ?Sized>(self, peer: &P, message: &Words, index: usize, chosen: &str) -> String {
        let locale = self.locale.or_else(|| peer.locale()).unwrap_or_default();
        let translated = C::OPTIONS.get(index).filter(|option| !option.titles().is_empty()).and_then(|option| option.title_in(locale));
        Self::second_message_said(&message.text(locale), translated.unwrap_or(chosen), locale)
    }
}

/// The form a variant of a choice holds (`Cheque(ChequeDetails)`): a type that derives
/// `Elicit`, asked as the second step.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the form of a choice's variant: it is not an elicitation form",
    label = "`{Self}` does not implement `Elicit`",
    note = "a variant of a choice holds one form (a struct that derives `Elicit`), or named fields (`Variant {{ a: A, b: B }}`), which are asked as a form of their own"
)]
pub trait VariantForm: Sized {
    /// Asks the form as the second step (its message already in the question's language).
    fn ask_variant<'a, P: ElicitPeer + ?Sized>(steps: Steps, peer: &'a P, message: String) -> Pin<Box<dyn Future<Output = Result<Elicitation<Self>, ElicitError>> + Send + 'a>>;
}

impl<F: Elicit> VariantForm for F {
    fn ask_variant<'a, P: ElicitPeer + ?Sized>(steps: Steps, peer: &'a P, message: String) -> Pin<Box<dyn Future<Output = Result<Elicitation<F>, ElicitError>> + Send + 'a>> {
        Box::pin(async move { steps.ask::<F, P>(peer, &message).await })
    }
}

/// A two-step choice about to be asked: built by [`ElicitChoice::elicit`], sent when
/// awaited.
#[must_use = "a choice is asked when it is awaited"]
pub struct ChoiceRequest<'a, T, P: ?Sized> {
    peer: &'a P,
    message: Words,
    steps: Steps,
    choice: std::marker::PhantomData<fn() -> T>,
}

impl<T, P: ?Sized> std::fmt::Debug for ChoiceRequest<'_, T, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChoiceRequest").field("choice", &std::any::type_name::<T>()).field("message", &self.message).field("steps", &self.steps).finish_non_exhaustive()
    }
}

impl<'a, T: ElicitChoice, P: ElicitPeer + ?Sized> ChoiceRequest<'a, T, P> {
    /// When a step's accepted content fails validation, ask that step again up to `times`
    /// more times ([`FormRequest::reask`](super::FormRequest::reask)).
    pub fn reask(mut self, times: u32) -> Self {
        self.steps.reasks = times;
        self
    }

    /// Give up on a step after `timeout` ([`FormRequest::timeout`](super::FormRequest::timeout)).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.steps.timeout = Some(timeout);
        self
    }

    /// Write each step's texts in `locale`'s language
    /// ([`FormRequest::locale`](super::FormRequest::locale)): the variants' and the
    /// fields' translated titles, the problems of a re-ask.
    pub fn locale(mut self, locale: Locale) -> Self {
        self.steps.locale = Some(locale);
        self
    }
}

impl<'a, T: ElicitChoice, P: ElicitPeer + ?Sized> IntoFuture for ChoiceRequest<'a, T, P> {
    type Output = Result<Elicitation<T>, ElicitError>;
    type IntoFuture = ChoiceFuture<'a, T>;

    fn into_future(self) -> Self::IntoFuture {
        T::__ask(self.peer, self.message, self.steps)
    }
}
