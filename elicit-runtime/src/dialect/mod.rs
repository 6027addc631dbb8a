//! Dialects: what the server speaks beyond the negotiated revision, taken from drafts of
//! the specification that no released revision carries.
//!
//! The draft dialects are compiled in with the `dialects` feature (off by default: no
//! client we know speaks them); without it [`Dialect`] has only `Released`, the default.
//!
//! | | released (2025-11-25) | [`Dialect::ElicitationTrack`] (the draft chapter with `elicitation/track`) |
//! |---|---|---|
//! | how the server asks | `elicitation/create`, `mode` form or url | the same |
//! | a request that needs a page first | error `-32042` (URLElicitationRequiredError) | error `-32604` (ElicitationRequired) |
//! | how the client learns the page is done | `notifications/elicitation/complete` | it asks: `elicitation/track` is answered `{"status": "complete"}` |
//! | progress while the user is on the page | — | `notifications/progress` for the track request's `progressToken` |
//!
//! | | [`Dialect::UserInteraction`] (the draft "User Interaction" proposal) |
//! |---|---|
//! | how the server asks | `interaction/create` with `type` `prompt` (`{message, schema}`) or `ua` (`{url, message}`), through [`UserInteraction`] |
//! | capability | `userInteraction: {types, progress}`; no type the client did not list is sent |
//! | the user says no | an error response (code `-1`), read as `Decline` |
//! | a request that needs a page first | error `-32003`, message `interaction_required`, `data` a `ua` interaction |
//! | how the client learns the page is done | `interaction/notify` (`rmcp::Track::NOTIFY_METHOD`) is answered `{}` (never answered for an id that is not the client's) |
//!
//! A dialect is the server's choice ([`Interactions::dialect`](crate::url::Interactions::dialect)):
//! the draft has no revision string of its own, so nothing on the wire selects it. The
//! forms, the URL-mode interactions and the [`Elicitation`](crate::Elicitation) results are
//! the same in every dialect; only the messages above change. The rmcp adapter answers
//! `elicitation/track` with [`Track`](crate::rmcp::Track).

#[cfg(feature = "dialects")]
mod user_interaction;

#[cfg(feature = "dialects")]
#[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
pub use self::user_interaction::{InteractionTypes, UserInteraction};

pub use crate::revision::Dialect;
