//! A yes-or-no question in one line: [`Confirm`], the form with no fields.

use serde_json::{Map, Value};

use super::elicit::Elicit;
use crate::form::{FormSchema, InvalidContent};

/// A confirmation: a form with no fields, where the user's action is the answer.
/// `Accept(Confirm)` is yes; `Decline` and `Cancel` are no, each as the user said it.
/// Asked like any form (`.reask(n)`, `.timeout(d)`, `.user_only()`, a translated
/// message), on every revision, directly, in rounds and through the relay.
///
/// ```
/// use elicit_runtime::exchange::Confirm;
/// use elicit_runtime::{Elicit, ElicitError, ElicitPeer};
///
/// async fn delete(peer: &impl ElicitPeer, files: usize) -> Result<bool, ElicitError> {
///     Ok(Confirm::elicit(peer, format!("Delete {files} files?")).reask(1).await?.is_accept())
/// }
/// ```
///
/// # An answer with a key
///
/// The schema has no properties, so an `accept` is answered with `{}` (or no `content`).
/// An `accept` whose content holds a key (`{"confirm": true}`, `{"confirm": false}`: a
/// client that renders an empty form as a checkbox, a model answering for the user) is
/// not read as yes: the key answers nothing that was asked, and a `false` in it would be
/// turned into a yes. It is [`Problem::NotAsked`](crate::form::Problem::NotAsked) on that
/// key, like a key no form asked for: asked again with the problem named when the
/// request re-asks (`.reask(1)`), else [`ErrorKind::Invalid`](crate::exchange::ErrorKind::Invalid),
/// which a tool body passes on with `?` as an error of the call. Ask a confirmation with
/// `.reask(1)`.
///
/// For a single value (a text with its rules, a number with bounds, a choice), the one
/// line is [`ask_text`](super::ask_text), [`ask_number`](super::ask_number),
/// [`ask_enum`](super::ask_enum) or [`ask_select`](super::ask_select): a form of one
/// field, `value`, with no struct to write.
///
/// ```
/// use elicit_runtime::{ElicitError, ElicitPeer, ask_number};
///
/// async fn guests(peer: &impl ElicitPeer) -> Result<Option<u8>, ElicitError> {
///     Ok(ask_number(peer, "How many guests?").range(1..=12).reask(1).await?.accepted())
/// }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Confirm;

// Not listed among "the other types that implement `Elicit`" in the errors a form's
// author reads: the derive's own diagnostics stay about the author's types.
#[diagnostic::do_not_recommend]
impl Elicit for Confirm {
    const SCHEMA: &'static FormSchema = &FormSchema { fields: &[] };

    fn from_content(content: &Map<String, Value>) -> Result<Self, InvalidContent> {
        Self::SCHEMA.validate(content).map(|()| Confirm)
    }

    fn to_content(&self) -> Map<String, Value> {
        Map::new()
    }
}
