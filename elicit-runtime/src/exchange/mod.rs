//! One question and its answer: [`Elicitation`] (`Accept`, `Decline`, `Cancel`), the
//! transport trait a transport author implements ([`ElicitPeer`]), the request being
//! configured before it is sent ([`ElicitRequest`]), and why it failed ([`ElicitError`]).
//!
//! `request` follows one question from the tool to the wire and back: the checks before
//! sending, the params, the client's result validated and decoded, re-asking.

mod elicitation;
mod error;
mod request;
mod transport;

pub use self::elicitation::{Action, Elicitation};
pub use self::error::{ElicitError, MalformedResult};
pub(crate) use self::request::contains_url;
#[cfg(feature = "rmcp")]
pub(crate) use self::request::params_of;
#[cfg(feature = "rmcp")]
pub(crate) use self::request::RELAYED_META;
pub use self::request::{DEFAULT_PROGRESS_EVERY, ElicitRequest, Provenance, form_params, form_params_json, reask_message};
pub use self::transport::{ElicitPeer, ElicitationSupport, Outgoing};
