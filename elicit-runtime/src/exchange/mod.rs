//! One question and its answer: the [`Elicit`] trait, [`Elicitation`] (`Accept`, `Decline`, `Cancel`), the
//! transport trait a transport author implements ([`ElicitPeer`]), the request being
//! configured before it is sent ([`FormRequest`]; a single value's, [`ValueRequest`]), and why it
//! failed ([`ElicitError`], what to do about it in its [`ErrorKind`]).
//!
//! Read bottom to top: `support` (what the client declared), `continuation` (how a call
//! that cannot answer yet goes on), `error`, `elicitation` (the
//! answer), `operation` (what a transport says of the call that asks), `transport` (what a
//! transport author writes), then `elicit`, which follows
//! one question from the tool to the wire and back: the checks before sending, the
//! params, the client's result validated and decoded, re-asking; and `choice`, an enum
//! whose variants carry data, asked as two of those questions ([`ElicitChoice`]).

pub(crate) mod choice;
mod confirm;
mod continuation;
mod elicitation;
mod elicit;
mod read;
mod reask;
mod single;
pub(crate) mod error;
mod operation;
mod support;
mod transport;
#[cfg(feature = "validator")]
mod validator;

pub use self::elicitation::Elicitation;
pub use self::continuation::Continuation;
pub use self::error::{ElicitError, ErrorKind};
pub(crate) use self::reask::contains_url;
pub(crate) use self::elicit::{Watch, send_watched};
#[cfg(feature = "rmcp")]
pub(crate) use self::transport::RELAYED_META;
#[cfg(feature = "validator")]
pub use self::validator::validator_rules;
pub use self::elicit::{Elicit, FormRequest};
#[doc(hidden)]
pub use self::elicit::DEFAULT_PROGRESS_EVERY;
pub use self::choice::{ChoiceRequest, ElicitChoice};
pub use self::confirm::Confirm;
pub use self::single::{Number, ValueRequest, ask_enum, ask_number, ask_select, ask_text};
#[doc(hidden)]
pub use self::single::{Bounds, EnumForm, NumberForm, SelectForm, SingleForm, TextForm};
#[doc(hidden)]
pub use self::single::VALUE_FIELD;
pub use self::support::{ClientInfo, ElicitationSupport};
pub use self::operation::Operation;
pub use self::transport::{Answer, ElicitPeer, Outgoing, Provenance, Question};
