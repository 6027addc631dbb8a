//! What a call can ask its user, known before anything is asked: [`Reach`], from
//! [`ToolCall::reach`](super::ToolCall::reach) and [`Ask::reach`](super::Ask::reach).

use crate::exchange::ElicitationSupport;
use crate::revision::ProtocolRevision;

/// How a question of one mode reaches the user of a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Route {
    /// The client shows it to the user: it declared the mode, on a revision that has it.
    Client,
    /// Only through the client's model ([`ToolCall::relay_through_model`](super::ToolCall::relay_through_model)):
    /// the model asks the user and calls the tool back with the answer, which is
    /// [`Provenance::Model`](crate::exchange::Provenance). A question asked
    /// [`user_only`](crate::exchange::FormRequest::user_only) fails closed.
    Model,
    /// Not at all: asking fails with [`ErrorKind::NotSupported`](crate::exchange::ErrorKind::NotSupported)
    /// (the client lacks the mode) or [`ErrorKind::UnsupportedRevision`](crate::exchange::ErrorKind::UnsupportedRevision)
    /// (the revision has no elicitation, or no URL mode), with nothing sent.
    Unavailable,
}

/// What the client of a call can show, read from what it declared and the negotiated
/// revision, so that a tool can decline early or take another flow before the user has
/// answered anything: the [`Route`] of a form and of a URL-mode request.
///
/// It says what the client declared, not what it renders: a client that declared forms
/// may still not show one with a number or a multi-select (Codex; see
/// [`ClientProfile`](crate::form::ClientProfile)).
///
/// ```
/// use elicit_runtime::rmcp::{Reach, Route};
///
/// // A tool that asks a choice, then a confirmation only the user may give: it says so
/// // before the first question rather than after the user answered it.
/// fn start(reach: Reach) -> Result<(), &'static str> {
///     if !reach.user_only() {
///         return Err("this client cannot show a confirmation to the user: approve it in the web app");
///     }
///     assert_eq!(reach.form(), Route::Client);
///     Ok(())
/// }
/// # let _ = start;
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    form: Route,
    url: Route,
}

impl Reach {
    /// What a call on `revision` can ask of a client that declared `support`, with or
    /// without the relay through the model.
    pub(crate) fn of(revision: Option<ProtocolRevision>, support: ElicitationSupport, relay: bool) -> Self {
        let Some(revision) = revision else {
            return Reach { form: Route::Unavailable, url: Route::Unavailable };
        };
        let route = |client: bool| match (client, relay) {
            (true, _) => Route::Client,
            (false, true) => Route::Model,
            (false, false) => Route::Unavailable,
        };
        Reach { form: route(support.form), url: route(support.url && revision.has_url_mode()) }
    }

    /// How a form reaches the user.
    pub fn form(&self) -> Route {
        self.form
    }

    /// How a URL-mode request (a page: `Interactions::url_request`,
    /// `PageForm::elicit_via_page`) reaches the user. On 2025-06-18, which has no URL mode,
    /// it is [`Route::Model`] with the relay (the model gives the user the link) and
    /// [`Route::Unavailable`] without.
    pub fn url(&self) -> Route {
        self.url
    }

    /// Whether a form asked [`user_only`](crate::exchange::FormRequest::user_only) can
    /// be answered: the client shows forms itself, so the answer is the user's and not
    /// the model's.
    pub fn user_only(&self) -> bool {
        self.form == Route::Client
    }
}
