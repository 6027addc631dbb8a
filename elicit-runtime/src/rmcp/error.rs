//! How the crate's errors reach an rmcp client: `From<ElicitError>` and
//! `From<StateError>` for rmcp's `ErrorData`, so a tool body propagates them with `?`.

use rmcp::ErrorData;
use serde_json::json;

use crate::exchange::error::Repr;
use crate::exchange::{Continuation, ElicitError};
use crate::rounds::StateError;

impl From<StateError> for ErrorData {
    /// A state from a client that fails in any way is one frozen error, `-32602` "invalid
    /// requestState", whatever the reason (the reason goes to the server's logs): no
    /// oracle for an attacker. The server's own problems (no key, a state too large to
    /// seal) are internal errors that say what to fix.
    fn from(err: StateError) -> Self {
        if err.is_from_client() {
            ErrorData::invalid_params(INVALID_STATE, None)
        } else {
            ErrorData::internal_error(err.to_string(), None)
        }
    }
}

/// The one message of every refused `requestState`.
pub const INVALID_STATE: &str = "invalid requestState";

impl From<ElicitError> for ErrorData {
    /// A tool body can propagate [`ElicitError`] with `?`. A client without the
    /// elicitation capability gets `-32021` (missing required client capability) with
    /// the capability it lacks; other errors are internal errors with the error's text and
    /// its sources.
    fn from(err: ElicitError) -> Self {
        match err.repr() {
            Repr::NotSupported(_) => ErrorData::new(
                rmcp::model::ErrorCode(-32021),
                err.to_string(),
                Some(json!({ "requiredCapabilities": { "elicitation": { "form": {} } } })),
            ),
            Repr::UrlNotSupported(_) => ErrorData::new(
                rmcp::model::ErrorCode(-32021),
                err.to_string(),
                Some(json!({ "requiredCapabilities": { "elicitation": { "url": {} } } })),
            ),
            Repr::ClientLacks(capability) => ErrorData::new(
                rmcp::model::ErrorCode(-32021),
                err.to_string(),
                Some(json!({ "requiredCapabilities": { *capability: {} } })),
            ),
            // What the client sent as an answer cannot be read: its parameters were wrong.
            Repr::Malformed(_) => ErrorData::invalid_params(with_sources(&err), None),
            // URLElicitationRequiredError (2025-11-25): the client opens the pages and retries.
            Repr::Continues(Continuation::UrlRequired(elicitations)) => ErrorData::new(
                rmcp::model::ErrorCode(URL_ELICITATION_REQUIRED),
                MORE_INFORMATION,
                Some(json!({ "elicitations": elicitations })),
            ),
            // The draft chapter's ElicitationRequired (seed 002).
            #[cfg(feature = "dialects")]
            Repr::Continues(Continuation::ElicitationRequired(elicitations)) => ErrorData::new(
                rmcp::model::ErrorCode(ELICITATION_REQUIRED),
                MORE_INFORMATION,
                Some(json!({ "elicitations": elicitations })),
            ),
            // The User Interaction proposal's error (seed 000).
            #[cfg(feature = "dialects")]
            Repr::Continues(Continuation::InteractionRequired(data)) => {
                ErrorData::new(rmcp::model::ErrorCode(INTERACTION_REQUIRED), "interaction_required", Some(serde_json::Value::Object(data.clone())))
            }
            // Consented but not completed in time: the client may retry once the page is done.
            Repr::Continues(Continuation::StillPending { elicitation, .. }) => ErrorData::new(
                rmcp::model::ErrorCode(URL_ELICITATION_REQUIRED),
                MORE_INFORMATION,
                Some(json!({ "elicitations": [elicitation] })),
            ),
            _ => ErrorData::internal_error(with_sources(&err), None),
        }
    }
}

/// The message of the errors that ask the client to open a page and retry, in English
/// (the specification's own words); [`in_language`] writes it in the user's.
const MORE_INFORMATION: &str = "This request requires more information.";

/// `err` with the message of an error that asks the client to open a page and retry
/// (`-32042`, the draft's `-32604`) in `locale`'s language (the catalog's
/// `error-more-information`): a client may show it to the user while the page is open.
pub(crate) fn in_language(mut err: ErrorData, locale: crate::locale::Locale) -> ErrorData {
    if err.message == MORE_INFORMATION {
        err.message = locale.message("error-more-information", &[]).into();
    }
    err
}

/// The JSON-RPC error code of URLElicitationRequiredError (2025-11-25).
pub const URL_ELICITATION_REQUIRED: i32 = -32042;

/// The JSON-RPC error code of `interaction_required` in the User Interaction proposal
/// ([`Dialect::UserInteraction`](crate::dialect::Dialect::UserInteraction)).
#[cfg(feature = "dialects")]
#[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
pub const INTERACTION_REQUIRED: i32 = -32003;

/// The JSON-RPC error code of ElicitationRequired in the draft chapter
/// ([`Dialect::ElicitationTrack`](crate::dialect::Dialect::ElicitationTrack)).
#[cfg(feature = "dialects")]
#[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
pub const ELICITATION_REQUIRED: i32 = -32604;

/// The error's text and its chain of sources, as an error reporter prints it: the
/// client sees one line.
fn with_sources(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
