#![doc = include_str!("../../docs/testing.md")]

mod clients;
mod deployment;
mod over;
mod page;
mod reply;
mod scripted;
pub mod spec;
mod tap;
mod transcript;

pub use self::clients::RealClient;
pub use self::deployment::Deployment;
pub use self::reply::Reply;
pub use self::scripted::{ScriptError, ScriptedClient, ScriptedSession};
pub use self::transcript::Transcript;

#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
pub use self::page::{PageAnswer, PageBrowser};
#[doc(hidden)]
pub use self::page::ServerPages;
