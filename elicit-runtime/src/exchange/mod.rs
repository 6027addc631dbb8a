//! One question and its answer: [`Elicitation`] (`Accept`, `Decline`, `Cancel`), the
//! transport trait a transport author implements ([`ElicitPeer`]), how a request is sent
//! ([`ElicitOptions`]), and why it failed ([`ElicitError`]).
//!
//! `request` follows one question from the tool to the wire and back: the checks before
//! sending, the params, the client's result validated and decoded, re-asking.

mod elicitation;
mod error;
mod options;
mod request;
mod transport;

pub use self::elicitation::{Action, Elicitation, ResponseError};
pub use self::error::ElicitError;
pub use self::options::ElicitOptions;
pub(crate) use self::request::elicit;
pub use self::request::{form_params, reask_message};
pub use self::transport::{ElicitPeer, ElicitationSupport, Outgoing, PeerError};
