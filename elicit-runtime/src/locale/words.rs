//! The author's words in the user's language: a text written per language, or a message
//! of the author's own Fluent catalog by id with its arguments ([`Words`]).

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::fmt;

use unic_langid::LanguageIdentifier;

use super::{Arg, Catalog, CatalogError, Locale};

/// Words of the form's author, written in the user's language when they are shown: the
/// message of a request, a rule's violation ([`Violation::rule`](crate::form::Violation::rule)).
/// Either a text with its translations (`Words::new("...").with("ko", "...")`), or a
/// message of the installed [`Catalog`] by id with its arguments (the author's own
/// messages, added with [`CatalogBuilder::add`](super::CatalogBuilder::add)), checked by
/// [`Catalog::check_messages`] in a test.
///
/// ```
/// use elicit_runtime::locale::{Catalog, Locale, Words};
///
/// // The author's own messages, installed at the start of `main`.
/// Catalog::builder()
///     .add("en", "trip-nights = { $nights ->\n    [one] One night\n   *[other] { $nights } nights\n} in { $city }\n")?
///     .add("ko", "trip-nights = { $city }에서 { $nights }박\n")?
///     .install()?;
///
/// // A text and its translations: the text itself for every other language.
/// let ask = Words::new("Where are you going?").with("ko", "어디로 가시나요?").with("fr", "Où allez-vous\u{202f}?");
/// assert_eq!(ask.text(Locale::for_tag("ko-KR")), "어디로 가시나요?");
/// assert_eq!(ask.text(Locale::for_tag("fr-CA")), "Où allez-vous\u{202f}?");
/// assert_eq!(ask.text(Locale::for_tag("de")), "Where are you going?");
///
/// // A message of the author's catalog, with its arguments.
/// let nights = Words::message("trip-nights").arg("city", "Busan").count("nights", 3);
/// assert_eq!(nights.text(Locale::for_tag("en")), "3 nights in Busan");
/// assert_eq!(nights.text(Locale::for_tag("ko")), "Busan에서 3박");
/// # Ok::<(), elicit_runtime::locale::CatalogError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Words {
    kind: Kind,
}

#[derive(Clone, PartialEq, Eq)]
enum Kind {
    /// A text in the author's language, and its translations by canonical tag.
    Text { text: Cow<'static, str>, translations: Vec<(String, Cow<'static, str>)> },
    /// A message of the catalog, with its arguments.
    Message { id: Cow<'static, str>, args: Vec<(Cow<'static, str>, Value)> },
}

/// An argument of a message, owned.
#[derive(Clone, PartialEq, Eq)]
enum Value {
    Text(String),
    Count(u64),
}

impl Words {
    /// A text in the author's language (the catalog's default language), shown as it is
    /// to a user whose language has no translation.
    pub fn new(text: impl Into<Cow<'static, str>>) -> Self {
        Words { kind: Kind::Text { text: text.into(), translations: Vec::new() } }
    }

    /// The text in the language `tag` (BCP 47: `ko`, `zh-Hans`, `fr-CA`), used for it and
    /// for the languages that fall back to it (`fr` serves `fr-CA`). Only on a text of
    /// [`new`](Self::new); a second text for a language replaces the first.
    pub fn with(mut self, tag: &str, text: impl Into<Cow<'static, str>>) -> Self {
        if let Kind::Text { translations, .. } = &mut self.kind {
            let tag = canonical(tag);
            translations.retain(|(t, _)| *t != tag);
            translations.push((tag, text.into()));
        }
        self
    }

    /// The message `id` of the installed [`Catalog`], in the user's language (along its
    /// tag, then the default language, as the toolkit's own messages).
    pub fn message(id: impl Into<Cow<'static, str>>) -> Self {
        Words { kind: Kind::Message { id: id.into(), args: Vec::new() } }
    }

    /// A text argument of the message.
    pub fn arg(self, name: impl Into<Cow<'static, str>>, value: impl Into<String>) -> Self {
        self.push(name.into(), Value::Text(value.into()))
    }

    /// A count argument of the message: written in digits, and chooses the plural form.
    pub fn count(self, name: impl Into<Cow<'static, str>>, count: u64) -> Self {
        self.push(name.into(), Value::Count(count))
    }

    fn push(mut self, name: Cow<'static, str>, value: Value) -> Self {
        if let Kind::Message { args, .. } = &mut self.kind {
            args.retain(|(n, _)| *n != name);
            args.push((name, value));
        }
        self
    }

    /// The words in `locale`'s language.
    pub fn text(&self, locale: Locale) -> String {
        match &self.kind {
            Kind::Text { text, translations } => locale
                .own_chain()
                .find_map(|tag| translations.iter().find(|(t, _)| t == tag))
                .map_or_else(|| text.clone().into_owned(), |(_, t)| t.clone().into_owned()),
            Kind::Message { id, args } => {
                let args: Vec<(&str, Arg<'_>)> = args
                    .iter()
                    .map(|(name, value)| {
                        (
                            name.as_ref(),
                            match value {
                                Value::Text(text) => Arg::Text(text),
                                Value::Count(n) => Arg::Count(*n),
                            },
                        )
                    })
                    .collect();
                locale.message(id, &args)
            }
        }
    }

    /// Whether these are exactly the text `text`, with no translation.
    pub(crate) fn is_text(&self, text: &str) -> bool {
        matches!(&self.kind, Kind::Text { text: t, translations } if t == text && translations.is_empty())
    }

    /// The message id and the names of its arguments, for a message of the catalog.
    fn used(&self) -> Option<(&str, BTreeSet<String>)> {
        match &self.kind {
            Kind::Message { id, args } => Some((id, args.iter().map(|(n, _)| n.to_string()).collect())),
            Kind::Text { .. } => None,
        }
    }
}

impl fmt::Debug for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Text { text, translations } => {
                f.debug_struct("Words").field("text", text).field("languages", &translations.iter().map(|(t, _)| t).collect::<Vec<_>>()).finish()
            }
            Kind::Message { id, args } => f.debug_struct("Words").field("message", id).field("args", &args.iter().map(|(n, _)| n).collect::<Vec<_>>()).finish(),
        }
    }
}

/// Written in English (the developer's language), as `Display` of the crate's errors.
impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Locale::ENGLISH))
    }
}

impl From<&str> for Words {
    fn from(text: &str) -> Self {
        Words::new(text.to_owned())
    }
}

impl From<&String> for Words {
    fn from(text: &String) -> Self {
        Words::new(text.clone())
    }
}

impl From<&Words> for Words {
    fn from(words: &Words) -> Self {
        words.clone()
    }
}

impl From<String> for Words {
    fn from(text: String) -> Self {
        Words::new(text)
    }
}

impl From<Cow<'static, str>> for Words {
    fn from(text: Cow<'static, str>) -> Self {
        Words::new(text)
    }
}

impl PartialEq<str> for Words {
    fn eq(&self, other: &str) -> bool {
        self.is_text(other)
    }
}

impl PartialEq<&str> for Words {
    fn eq(&self, other: &&str) -> bool {
        self.is_text(other)
    }
}

/// A tag in BCP 47's canonical case (`zh-hans` is `zh-Hans`), or as written if it is none.
fn canonical(tag: &str) -> String {
    tag.parse::<LanguageIdentifier>().map_or_else(|_| tag.to_owned(), |id| id.to_string())
}

impl Catalog {
    /// For a test of the author's: every message the `words` use is in each of
    /// `languages` of this catalog, in that language's own messages (not found through its
    /// fallback), and takes exactly the arguments the words give it. Every mismatch is
    /// listed ([`CatalogError::NoSuchMessage`], [`CatalogError::ArgumentsDiffer`]).
    ///
    /// ```
    /// use elicit_runtime::locale::{Catalog, Words};
    ///
    /// Catalog::builder()
    ///     .add("en", "trip-ask = Where to, { $name }?\ntrip-late = Too late\n")?
    ///     .add("ko", "trip-ask = { $name }님, 어디로 가시나요?\n")?
    ///     .install()?;
    /// let ask = Words::message("trip-ask").arg("name", "Minsu");
    /// assert_eq!(Catalog::installed().check_messages(&[&ask], &["en", "ko"]), Ok(()));
    /// let late = Words::message("trip-late");
    /// let wrong = Words::message("trip-ask").arg("who", "Minsu");
    /// let found = Catalog::installed().check_messages(&[&late, &wrong], &["en", "ko"]).unwrap_err();
    /// assert_eq!(found.iter().map(ToString::to_string).collect::<Vec<_>>(), [
    ///     "`trip-late` in `ko`: the language has no such message",
    ///     "`trip-ask` in `en`: the message takes `name`, the words give `who`",
    ///     "`trip-ask` in `ko`: the message takes `name`, the words give `who`",
    /// ]);
    /// # Ok::<(), elicit_runtime::locale::CatalogError>(())
    /// ```
    pub fn check_messages(&self, words: &[&Words], languages: &[&str]) -> Result<(), Vec<CatalogError>> {
        let mut found = Vec::new();
        for (id, given) in words.iter().filter_map(|w| w.used()) {
            for tag in languages {
                let (language, id) = ((*tag).to_owned(), id.to_owned());
                match self.own_variables(tag, &id) {
                    None => found.push(CatalogError::NoSuchMessage { language, id }),
                    Some(takes) if takes != given => {
                        found.push(CatalogError::ArgumentsDiffer { language, id, takes: takes.into_iter().collect(), given: given.iter().cloned().collect() })
                    }
                    Some(_) => {}
                }
            }
        }
        if found.is_empty() { Ok(()) } else { Err(found) }
    }
}
