//! Typed, validated [MCP elicitation](https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation).
//!
//! An MCP server asks its user for input with an `elicitation/create` request carrying a
//! flat JSON Schema; the client renders a form and answers `accept` (with content),
//! `decline` or `cancel`. With this crate the form is a Rust struct:
//!
//! ```
//! use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
//! use serde_json::json;
//!
//! /// How the invoice is delivered
//! #[derive(Elicit, Debug, PartialEq)]
//! #[elicit(rename_all = "lowercase")]
//! enum Delivery {
//!     Email,
//!     #[elicit(title = "Paper (by post)")]
//!     Paper,
//! }
//!
//! #[derive(Elicit, Debug, PartialEq)]
//! struct Contact {
//!     /// Your full name
//!     #[elicit(min_length = 1)]
//!     name: String,
//!     #[elicit(format = "email")]
//!     email: String,
//!     #[elicit(minimum = 18)]
//!     age: Option<u8>,
//!     delivery: Delivery,
//! }
//!
//! // The flat `requestedSchema`, rendered once per protocol revision.
//! let schema = Contact::requested_schema(ProtocolRevision::V2025_11_25)?;
//! assert_eq!(schema.as_json()["required"], json!(["name", "email", "delivery"]));
//! assert_eq!(schema.as_json()["properties"]["age"], json!({"type": "integer", "minimum": 18, "maximum": 255}));
//!
//! // The client's answer, validated and decoded.
//! let answer = json!({
//!     "action": "accept",
//!     "content": {"name": "Ada", "email": "ada@example.com", "delivery": "paper"}
//! });
//! match Elicitation::<Contact>::from_result(&answer)? {
//!     Elicitation::Accept(contact) => assert_eq!(contact.delivery, Delivery::Paper),
//!     Elicitation::Decline | Elicitation::Cancel => unreachable!(),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A choice that leads to different questions (an enum whose variants carry data) is
//! asked in two flat steps ([`ElicitChoice`]). What the specification cannot express does
//! not compile: a nested struct, a list of strings, a map, a field whose name asks for a secret in form mode, a `min_length` on
//! an integer... each with a message on the field that says what to do instead.
//!
//! # Naming: one rule for the ways to ask
//!
//! A way to ask (or to read an answer) without a suffix takes what the call already knows:
//! the negotiated revision, the call's language, a form without run-time options. A
//! suffix names the one thing the caller gives beyond that, always the same way:
//!
//! | suffix | the caller gives | for instance |
//! |---|---|---|
//! | none | nothing more | `Contact::elicit(&peer, message)`, [`Elicitation::from_result`], [`Elicit::requested_schema`] |
//! | `_on` | a [`ProtocolRevision`] | [`Elicitation::from_result_on`] |
//! | `_with` | options: [`SchemaOptions`], or the options of run-time selects (`#[elicit(options)]`) | [`Elicit::requested_schema_with`], [`Elicitation::from_result_with`], `Form::elicit_with`, `Form::from_content_with` |
//! | `_in` | a [`Locale`](locale::Locale) | [`Violation::text_in`], [`InvalidContent::reask_message_in`] |
//! | `_via_page` | the server's [`Pages`](page): the question is asked on its own page, not in the client | `Form::elicit_via_page(&ask, &pages, message)`, `Form::elicit_via_page_with(.., options)` |
//!
//! Where two apply, `_with` comes last (`elicit_via_page_with`), and it also takes what the
//! call would otherwise assume (`from_result_with(result, revision, options)`).
//!
//! # Where things are
//!
//! One module per concept, each depending only on those listed before it (a test reads
//! every file's paths into the crate to keep this list true):
//!
//! - `rules` (private): the rules `#[derive(Elicit)]` checks at compile time and the
//!   runtime on answers (formats, patterns, URLs in text), one copy compiled by both.
//! - `revision` (private): [`ProtocolRevision`], the revisions this crate speaks and what
//!   each can express, and [`Dialect`](dialect::Dialect), the drafts a server may follow.
//! - [`locale`]: every text the toolkit writes for a person, in their language: the
//!   message [`Catalog`](locale::Catalog) (Project Fluent, seven languages shipped), the
//!   [`Locale`](locale::Locale) of a question, the client's preferred languages (SEP-2792).
//! - [`form`]: what a form is, whatever carries it: the static description
//!   the derive builds, which Rust types are fields ([`ElicitField`](form::ElicitField),
//!   [`ElicitEnum`](form::ElicitEnum)), the cached [`RequestedSchema`] of each revision,
//!   checking received content ([`InvalidContent`] with every [`Violation`]), and the
//!   [`ClientProfile`](form::ClientProfile) of a real client: the form written for what
//!   it shows (Codex, Goose, VS Code...), read back into the same typed value.
//! - [`observe`]: what operators see: the `tracing` spans and events of every
//!   elicitation and round, and the metrics (feature `metrics`), by stable names.
//! - [`exchange`]: one question and its answer: the [`Elicit`] trait, [`Elicitation`]
//!   (`Accept`, `Decline`, `Cancel`), the transport trait [`ElicitPeer`], [`ElicitError`].
//! - [`url`]: URL-mode elicitation: the interactions a web page completes, their stores,
//!   the checks on a URL.
//! - [`dialect`]: the draft dialects, and the transport that speaks `interaction/create`.
//! - `rounds` (feature `rmcp`): 2026-07-28, one body replayed over input rounds, and the
//!   sealed `requestState` (`StateSealer`).
//! - [`page`]: sensitive input on the server's own page: `#[elicit(page)]` forms
//!   ([`PageForm`](page::PageForm)), [`Secret`](page::Secret) fields, and (feature `page`)
//!   the page the toolkit serves and the typed value back in the tool.
//! - `rmcp` (feature `rmcp`): the adapter to rmcp, the official Rust MCP SDK: `ToolCall`,
//!   `Ask`, the relay through the model.
//! - `testing` (feature `testing`): a scripted MCP client and the official schemas.
//!
//! # Feature flags
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `derive` | yes | re-exports `#[derive(Elicit)]` |
//! | `chrono` | no | `chrono::NaiveDate` (`date`), `DateTime<Utc>` and `DateTime<FixedOffset>` (`date-time`) fields |
//! | `schemars` | no | a derived type with `#[elicit(json_schema)]` also implements `schemars::JsonSchema`, with the same flat schema |
//! | `testing` | no | [`testing::ScriptedClient`](crate::testing): a scripted MCP client for your tools' tests, checking every request against the official schema; with `page`, page forms filled in as a given user (`Reply::fill_page`) and a test browser for the page itself (`PageBrowser`) |
//! | `redis` | no | `url::RedisStore`: URL-mode interactions in Redis, shared by several server instances |
//! | `rmcp` | no | [`ElicitPeer`] for rmcp's `Peer<RoleServer>` and `RequestContext<RoleServer>`: `Contact::elicit(&context, "...")` inside a tool; works with rmcp 3.11.0 and every later 3.x (CI tests the oldest allowed and the newest) |
//! | `metrics` | no | counters, a histogram and a gauge through the [`metrics`](https://docs.rs/metrics) facade: outcomes, validation problems, time to answer, pending elicitations, refused `requestState`s, relay and URL-mode page usage ([`observe`]) |
//! | `validator` | no | `exchange::validator_rules`: the rules of a form that also derives `validator::Validate` as the author's rules (`#[elicit(validate = elicit_runtime::exchange::validator_rules)]`) |
//! | `page` | no | `page::Pages`: the page of `#[elicit(page)]` forms (an axum router, or served in one call beside a stdio server: `Pages::serve`), the sealed value back in the tool (`PageForm::elicit_via_page`); `page::Parts`, what a login reads |
//! | `dialects` | no | the draft dialects no released revision carries and no client we know speaks: `Dialect::ElicitationTrack` (`elicitation/track`, with `rmcp::Track`) and `Dialect::UserInteraction` (`interaction/create`); without it [`dialect::Dialect`] has only `Released` |
//!
//! `url::Url` fields (`uri`) need no feature: the `url` crate is a dependency of URL mode.
//! Items behind a feature carry its name on docs.rs, and using one without its feature is a
//! compile error that names it: a `chrono` field says "enable the `chrono` feature of
//! elicit-runtime", `PageForm::elicit_via_page` the `page` feature, and a configured-out
//! item (`testing::ScriptedClient`, `page::Pages`, `rmcp::ToolCall`...) is "gated behind"
//! its feature in rustc's own note.
//!
//! # The derive's attributes
//!
//! On a struct: `rename_all = "..."` (serde's casings), `crate = "path"`, `json_schema`
//! (also implement `schemars::JsonSchema`, feature `schemars`), `validate = path` (the
//! author's rules, run on each decoded answer and re-asked like the schema's own).
//! On a field: `title`, `description` (default: the doc comment's first paragraph, without
//! rustdoc's link and code markup: the rule is under "Doc comments" in the derive's
//! documentation), each also in other
//! languages (`title(ko = "이름", zh_hans = "姓名")`, see [`locale`]), `rename`, `skip`
//! (filled with `Default`), `default = literal`, `format = "email" | "uri" | "date" |
//! "date-time"`, `min_length`, `max_length`, `pattern`, `pattern_hint` (the pattern in
//! words, such as `"MM/YY"`: what the user reads instead of the regular expression, in
//! the re-ask and as the description of a field without one; only beside a `pattern`)
//! (strings), `minimum`, `maximum`
//! (numbers and integers), `min_items`, `max_items` (multi-selects), and
//! `not_sensitive`: the field's name, title or description only looks like it asks for a
//! secret (a map `pin`, a game `token`, a customer's `account_number`). It does not clear
//! a word that is a secret whatever the field holds (`password`, `api_key`, `cvv`,
//! `card_number`, `ssn`, one-time codes, seed phrases): such a field does not compile in
//! form mode; ask for it on the server's own page (`#[elicit(page)]`, [`page`]), or, if it
//! really asks for something else, name and word it for what it asks. The error says
//! which case applies. `page` on a struct: a form shown only on the server's page, which
//! may hold [`Secret`](page::Secret) fields and is never sent in form mode.
//! On a unit-only enum: `rename_all`, `crate`, `json_schema`, and `legacy_enum_names` (its titled
//! options are written as `enum` + `enumNames` on every revision, for clients that predate
//! `oneOf`); on its variants `rename` and `title` (also in other languages, `title(ko = "...")`).
//! `#[serde(rename, rename_all, default, skip)]` are honoured as well, and every other
//! attribute of serde, schemars and validator is honoured or refused with the reason (the
//! table "Other derives' attributes" in the docs of `#[derive(Elicit)]`).

#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod rules;

mod revision;

pub mod locale;

pub mod form;

pub mod observe;

pub mod exchange;

pub mod url;

pub mod dialect;

#[cfg(feature = "rmcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
pub mod rounds;

pub mod page;

#[cfg(feature = "rmcp")]
#[cfg_attr(docsrs, doc(cfg(feature = "rmcp")))]
pub mod rmcp;

#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;

#[doc(no_inline)]
pub use crate::exchange::{Elicit, ElicitChoice, ElicitError, ElicitPeer, ErrorKind, Elicitation, ask_enum, ask_number, ask_select, ask_text};
#[doc(no_inline)]
pub use crate::form::{InvalidContent, RequestedSchema, SchemaError, SchemaOptions, Violation};
pub use crate::revision::ProtocolRevision;

/// Derives [`Elicit`] on a struct with named fields (a form), or makes a unit-only enum
/// usable as a single- or multi-select field. Which Rust types are fields:
/// [`form`](crate::form#supported-field-types).
///
#[doc = include_str!("../docs/attributes.md")]
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
pub use elicit_derive::Elicit;

#[doc(hidden)]
pub mod __private;

/// The names the compiler prints for two traits the derive asks (through `__private`,
/// `doc(hidden)`, whose items the compiler prints by their full path): "the trait
/// `FlattenedForm` is not implemented for `String`". Out of the documentation (the section
/// "Names in compile errors" of `docs/attributes.md` explains each); the others are in
/// `form::holds`.
#[cfg(not(doc))]
pub mod compiler_names {
    /// The type of a flattened field: a form, or an `Option` of one.
    pub use crate::__private::Flatten as FlattenedForm;
    /// The type a variant of a choice holds: a form.
    pub use crate::exchange::choice::VariantForm as ChoiceVariant;
}
