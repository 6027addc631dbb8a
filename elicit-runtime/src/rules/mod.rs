//! The rules the derive checks at compile time and the runtime checks on answers,
//! written once: the string formats (`format`, with `rfc3339` dates and `mailbox`
//! addresses), the translation of ECMA-262 patterns for the regex crate (`ecma`), and
//! the detection of URLs in text shown to the user (`url_in_text`), and which texts ask
//! for a secret (`secret`: field names at compile time, option titles at run time). A default the derive
//! lets through is then one the runtime accepts back, and a title the derive refuses for
//! its URL is refused for the same URL in a message.
//!
//! # How both crates compile these files
//!
//! This directory is the only copy. `elicit-derive/src/rules` is a symbolic link to it
//! (`../../elicit-runtime/src/rules`), and each crate declares `mod rules;`, as
//! `serde_derive_internals/src` links to serde_derive's `internals/`. The link, rather
//! than `#[path = "../../elicit-runtime/src/rules/mod.rs"]`, because `cargo package`
//! packages each crate alone: a `#[path]` out of the crate's directory names a file the
//! packaged derive does not have, while cargo packages a linked file's contents, so the
//! published `elicit-derive` carries its own copy of these files, taken from here when
//! it is packaged (`cargo publish --dry-run --workspace` builds both packages from their
//! archives). A third crate would have to be published and versioned for a few hundred
//! lines; a build script copying files would write into the source tree. On Windows the
//! checkout needs `git config core.symlinks true` (and symlinks allowed, Developer Mode).
//! `tests/tests/layout.rs` fails if the link is replaced by a copy that drifts.
//!
//! The files are plain Rust with no dependency the derive lacks: `std`, and
//! `fluent-uri` for URIs, which both crates depend on. Items are `pub(crate)` (or `pub`
//! where the runtime re-exports them) and used by both crates, so neither compiles dead
//! code.

pub(crate) mod ecma;
pub(crate) mod format;
pub(crate) mod mailbox;
pub(crate) mod rfc3339;
// The derive reads every rule of it; the runtime, which checks option titles, `secret_in`.
#[cfg_attr(not(proc_macro), allow(dead_code))]
pub(crate) mod secret;
pub(crate) mod url_in_text;
