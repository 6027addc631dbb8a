//! Every text the toolkit writes for a person, in their language.
//!
//! The problems listed under a re-asked form, the checkbox titles of a multi-select on
//! 2025-06-18, the instructions the relay through the model gives: each is a message of
//! the [`Catalog`] (Project Fluent, with each language's plural rules), shipped complete
//! for English, Simplified Chinese (`zh-Hans`), Korean, Japanese, German, French and
//! Spanish. An author adds a language or rewords a message with [`Catalog::builder`].
//! Wire names, validation and errors do not change with the language; lengths count
//! Unicode scalar values in every one (`min_length = 2` means two characters of 한국어
//! as of English).
//!
//! # Which language
//!
//! A [`Locale`] is a language of the catalog. For each question, the first of:
//!
//! 1. the call's own: [`FormRequest::locale`](crate::exchange::FormRequest::locale),
//!    [`ChoiceRequest::locale`](crate::exchange::ChoiceRequest::locale);
//! 2. the client's, when it says: SEP-2792 (a draft) has the client send the user's
//!    preferred languages on each request, as
//!    `params._meta["io.modelcontextprotocol/acceptLanguage"]`,
//!    a string in the grammar of HTTP's `Accept-Language` (`"ko-KR, ko;q=0.9, en;q=0.5"`).
//!    Exactly that key is read, on the request that carries the question (the tool call;
//!    on 2026-07-28 each retry); ranges are taken by weight, `q=0` and `*` are left out,
//!    and a value that is not a string, longer than 1024 bytes, or a range that is not a
//!    language tag is ignored, never an error. The first range the catalog has a language
//!    for wins ([`Locale::from_accept_language`]);
//! 3. the server's default: [`ToolCall::locale`](crate::rmcp::ToolCall::locale) (feature
//!    `rmcp`), or the catalog's [default language](CatalogBuilder::default_language)
//!    (English unless the author says otherwise).
//!
//! A tag falls back along its subtags, with CLDR's likely subtags filled in: `ko-KR` →
//! `ko`; `zh-CN`, `zh-SG` and `zh` → `zh-Hans`; `zh-Hant-TW` → `zh-Hant` (if the catalog
//! has it) → the default, never `zh-Hans`; and a message a language lacks is taken the same
//! way (`fr-CA` → `fr` → the default).
//!
//! ```
//! use elicit_runtime::locale::Locale;
//!
//! assert_eq!(Locale::for_tag("ko-KR").to_string(), "ko");
//! assert_eq!(Locale::for_tag("zh-CN").to_string(), "zh-Hans");
//! assert_eq!(Locale::for_tag("zh-Hant-TW"), Locale::default());
//! assert_eq!(Locale::from_accept_language("pt-BR, ja;q=0.8, en;q=0.5").map(|l| l.to_string()), Some("ja".into()));
//! assert_eq!(Locale::from_accept_language("pt-BR"), None);
//! ```
//!
//! # Texts of other modules
//!
//! A module that writes for a person (the pages of URL mode, say) takes a [`Locale`] and
//! writes each text with [`Locale::message`], a message id of the catalog and its
//! arguments; its messages go into `locales/*.ftl` beside the others, and the
//! completeness test holds them to every language.
//!
#![doc = include_str!("../../docs/locale.md")]

mod accept_language;
mod catalog;
mod words;

use std::fmt;

use unic_langid::LanguageIdentifier;

#[doc(hidden)]
pub use accept_language::{ACCEPT_LANGUAGE_META, CONTENT_LANGUAGE_META};
#[cfg(feature = "rmcp")]
pub(crate) use accept_language::of_meta;
pub use catalog::{Arg, Catalog, CatalogBuilder, CatalogError};
#[doc(hidden)]
pub use catalog::SHIPPED;
pub use words::Words;
#[doc(hidden)]
pub use catalog::{check_shipped, message_variables};

/// A language of the installed [`Catalog`], in which texts are written: cheap to copy,
/// compared and hashed as the language.
///
/// ```
/// use elicit_runtime::locale::{Arg, Locale};
///
/// let ja = Locale::for_tag("ja-JP");
/// assert_eq!(ja.to_string(), "ja");
/// assert_eq!(ja.message("problem-missing", &[]), "入力が必要です");
/// let fr = Locale::for_tag("fr");
/// let text = |n: u64| fr.message("problem-too-short", &[("min_length", Arg::Count(n)), ("length", Arg::Count(0))]);
/// assert_eq!(text(1), "doit comporter au moins 1 caractère (actuellement 0)");
/// assert_eq!(text(3), "doit comporter au moins 3 caractères (actuellement 0)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Locale {
    index: u16,
}

impl Default for Locale {
    /// The catalog's default language (English unless the author
    /// [chose another](CatalogBuilder::default_language)).
    fn default() -> Self {
        Locale::at(Catalog::installed().default_index())
    }
}

impl Locale {
    /// English, the first language shipped: what `Display` of the crate's errors writes,
    /// for the developer, whatever the user's language.
    pub(crate) const ENGLISH: Locale = Locale { index: 0 };

    fn at(index: usize) -> Self {
        Locale { index: u16::try_from(index).unwrap_or(0) }
    }

    /// The language of the catalog `tag` falls back to, if any (see the
    /// [module docs](self)); `None` for a tag that is not a language tag.
    pub fn lookup(tag: &str) -> Option<Locale> {
        Catalog::installed().lookup(tag).map(Locale::at)
    }

    /// The language of the catalog `tag` falls back to, or the default language.
    pub fn for_tag(tag: &str) -> Locale {
        Locale::lookup(tag).unwrap_or_default()
    }

    /// The first of the user's preferred languages, most preferred first, that the
    /// catalog has (each along its tag); `None` if it has none of them.
    pub fn negotiate<S: AsRef<str>>(preferred: impl IntoIterator<Item = S>) -> Option<Locale> {
        preferred.into_iter().find_map(|tag| Locale::lookup(tag.as_ref()))
    }

    /// The language for an `Accept-Language` value as SEP-2792 carries it (see the
    /// [module docs](self)): `None` when nothing in it is readable or the catalog has
    /// none of its languages, so that the server's default applies.
    pub fn from_accept_language(value: &str) -> Option<Locale> {
        Locale::negotiate(accept_language::ranges(value))
    }

    /// The language.
    pub fn language(self) -> &'static LanguageIdentifier {
        Catalog::installed().id(usize::from(self.index))
    }

    /// The catalog's message `id` in this language, with its arguments: the message of
    /// the language its tag falls back to, or of the default language, where this one
    /// has none; the id itself if no language has it.
    pub fn message(self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        Catalog::installed().format(usize::from(self.index), id, args)
    }

    /// The tags of this language and of those its tag falls back to, most specific first
    /// (`fr-CA`, `fr`): where the author's translations of a form's texts are looked for.
    pub(crate) fn own_chain(self) -> impl Iterator<Item = &'static str> {
        Catalog::installed().own_tags(usize::from(self.index))
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.language(), f)
    }
}

impl fmt::Debug for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Locale({})", self.language())
    }
}
