//! The message catalog: every text the toolkit writes for a person, in each language, as
//! Project Fluent messages ([`Catalog`]); the languages shipped, and what an author adds
//! or overrides ([`CatalogBuilder`]).

use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use unic_langid::LanguageIdentifier;

/// The languages shipped with the crate, with their Fluent sources.
pub const SHIPPED: [(&str, &str); 7] = [
    ("en", include_str!("../../locales/en.ftl")),
    ("zh-Hans", include_str!("../../locales/zh-Hans.ftl")),
    ("ko", include_str!("../../locales/ko.ftl")),
    ("ja", include_str!("../../locales/ja.ftl")),
    ("de", include_str!("../../locales/de.ftl")),
    ("fr", include_str!("../../locales/fr.ftl")),
    ("es", include_str!("../../locales/es.ftl")),
];

/// The largest count passed to Fluent as a number (2^53): beyond it a count is text,
/// so that no plural rule is asked about a number a double does not hold exactly.
const EXACT_COUNT: u64 = 1 << 53;

/// A value given to a message: text, or a count that plural rules select on.
///
/// ```
/// use elicit_runtime::locale::{Arg, Locale};
///
/// let ko = Locale::for_tag("ko");
/// assert_eq!(ko.message("tick-at-least", &[("min", Arg::Count(2))]), "2개 이상 선택하세요");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Arg<'a> {
    /// Text, written as it is.
    Text(&'a str),
    /// A count: written in digits, and chooses the plural form (`1 character`, `2
    /// characters`; `1 caractère`, `0 caractère` in French).
    Count(u64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(text)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(text)
    }
}

impl From<u64> for Arg<'_> {
    fn from(count: u64) -> Self {
        Arg::Count(count)
    }
}

impl From<u32> for Arg<'_> {
    fn from(count: u32) -> Self {
        Arg::Count(u64::from(count))
    }
}

impl From<usize> for Arg<'_> {
    fn from(count: usize) -> Self {
        Arg::Count(u64::try_from(count).unwrap_or(u64::MAX))
    }
}

impl<'a> Arg<'a> {
    fn value(self) -> FluentValue<'a> {
        match self {
            Arg::Text(text) => FluentValue::from(text),
            Arg::Count(count) if count <= EXACT_COUNT => FluentValue::from(count),
            Arg::Count(count) => FluentValue::from(count.to_string()),
        }
    }
}

/// A catalog that cannot be built, or installed; or a message the author's words use that
/// a language lacks ([`Catalog::check_messages`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CatalogError {
    /// The language tag is not a BCP 47 language tag.
    BadTag(String),
    /// The Fluent source of a language does not parse: each error, with its position.
    Syntax {
        /// The language.
        language: String,
        /// What the parser said, each with the byte offset where it stopped.
        errors: Vec<String>,
    },
    /// A message would put a URL in a text that form mode shows (the specification
    /// forbids URLs there): write it without one.
    UrlInMessage {
        /// The language.
        language: String,
        /// The message.
        id: String,
    },
    /// A catalog is already in use: install it before the first text is written (at the
    /// start of `main`).
    AlreadyInstalled,
    /// A message uses a glossary term (`{ -field }`) that its language does not define
    /// (the shipped languages define theirs; a language an author adds defines the terms
    /// its messages use, in the same source or one added before).
    MissingTerm {
        /// The language.
        language: String,
        /// The message.
        id: String,
        /// The term, without its `-`.
        term: String,
    },
    /// The author's words use a message that a language lacks in its own messages
    /// ([`Catalog::check_messages`]).
    NoSuchMessage {
        /// The language.
        language: String,
        /// The message.
        id: String,
    },
    /// The author's words give a message other arguments than its text in a language
    /// takes ([`Catalog::check_messages`]).
    ArgumentsDiffer {
        /// The language.
        language: String,
        /// The message.
        id: String,
        /// The variables the message takes, sorted.
        takes: Vec<String>,
        /// The arguments the words give, sorted.
        given: Vec<String>,
    },
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogError::BadTag(tag) => write!(f, "`{tag}` is not a BCP 47 language tag (such as `ko`, `zh-Hans`, `fr-CA`)"),
            CatalogError::Syntax { language, errors } => {
                write!(f, "the Fluent messages for `{language}` do not parse: {}", errors.join("; "))
            }
            CatalogError::UrlInMessage { language, id } => {
                write!(f, "the message `{id}` for `{language}` contains a URL, which form-mode texts must not carry; write it without one")
            }
            CatalogError::AlreadyInstalled => f.write_str("a message catalog is already in use; install yours before the first elicitation (at the start of `main`)"),
            CatalogError::MissingTerm { language, id, term } => {
                write!(f, "the message `{id}` for `{language}` uses the term `-{term}`, which `{language}` does not define: add `-{term} = ...` to its messages")
            }
            CatalogError::NoSuchMessage { language, id } => write!(f, "`{id}` in `{language}`: the language has no such message"),
            CatalogError::ArgumentsDiffer { language, id, takes, given } => {
                let list = |names: &[String]| if names.is_empty() { "nothing".to_owned() } else { names.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ") };
                write!(f, "`{id}` in `{language}`: the message takes {}, the words give {}", list(takes), list(given))
            }
        }
    }
}

impl std::error::Error for CatalogError {}

/// One language of the catalog.
struct Language {
    id: LanguageIdentifier,
    /// Its tag as written (`zh-Hans`), for comparisons with the derive's tags.
    tag: String,
    /// Where a message is looked for: this language, the languages of the catalog its
    /// tag falls back to (`fr-CA` → `fr`), the default.
    chain: Vec<usize>,
    /// How many of `chain` are this language and those its tag falls back to, before the
    /// default that ends every chain.
    own: usize,
    bundle: FluentBundle<FluentResource>,
}

/// Every text the toolkit writes for a person, in each language: the problems listed
/// under a re-asked form, the checkbox titles of a multi-select on 2025-06-18, the
/// instructions the relay through the model gives. Project Fluent messages
/// (`locales/*.ftl` in the crate), shipped complete for English (the default),
/// Simplified Chinese, Korean, Japanese, German, French and Spanish.
///
/// One catalog serves the process: the shipped one unless an author
/// [installs](CatalogBuilder::install) another at start-up, with languages added or
/// messages overridden, without a fork.
///
/// ```
/// use elicit_runtime::locale::Catalog;
///
/// let tags: Vec<String> = Catalog::installed().languages().map(|l| l.to_string()).collect();
/// assert_eq!(tags, ["en", "zh-Hans", "ko", "ja", "de", "fr", "es"]);
/// ```
pub struct Catalog {
    languages: Vec<Language>,
    default: usize,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog").field("languages", &self.languages.iter().map(|l| l.tag.as_str()).collect::<Vec<_>>()).field("default", &self.languages[self.default].tag).finish()
    }
}

static INSTALLED: OnceLock<Catalog> = OnceLock::new();

impl Catalog {
    /// The shipped catalog, to add languages to or override messages of before
    /// [installing](CatalogBuilder::install) it.
    pub fn builder() -> CatalogBuilder {
        CatalogBuilder { sources: Vec::new(), default: None }
    }

    /// The catalog in use: the one [installed](CatalogBuilder::install), or else the
    /// shipped one (from then on, no other can be installed).
    pub fn installed() -> &'static Catalog {
        INSTALLED.get_or_init(|| match CatalogBuilder::build(Catalog::builder()) {
            Ok(catalog) => catalog,
            // The shipped sources are tested to build; were one broken, its messages
            // would be missing and the default language's written instead.
            Err(_) => CatalogBuilder::build_lenient(),
        })
    }

    /// Its languages: the shipped ones, then those the author added.
    pub fn languages(&self) -> impl Iterator<Item = &LanguageIdentifier> {
        self.languages.iter().map(|l| &l.id)
    }

    pub(crate) fn default_index(&self) -> usize {
        self.default
    }

    pub(crate) fn id(&self, index: usize) -> &LanguageIdentifier {
        &self.languages[index.min(self.languages.len() - 1)].id
    }

    /// The tags of a language and of those its tag falls back to, most specific first
    /// (`fr-CA`, `fr`), without the default that ends its chain (unless it is one of
    /// them): where the author's translations of a form's texts are looked for.
    pub(crate) fn own_tags(&self, index: usize) -> impl Iterator<Item = &str> {
        self.languages.get(index).into_iter().flat_map(|l| l.chain[..l.own].iter()).map(|&i| self.languages[i].tag.as_str())
    }

    /// The language of the catalog a tag falls back to, if any: the most specific
    /// language whose subtags all agree with the tag's, once the tag's likely subtags
    /// are filled in (CLDR): `ko-KR` → `ko`; `zh-SG` and `zh` → `zh-Hans`; `zh-TW`
    /// and `zh-Hant-TW` → `zh-Hant` if the catalog has it, never `zh-Hans`.
    pub(crate) fn lookup(&self, tag: &str) -> Option<usize> {
        let requested: LanguageIdentifier = tag.parse().ok()?;
        if let Some(exact) = self.languages.iter().position(|l| l.id == requested) {
            return Some(exact);
        }
        let mut maximized = requested.clone();
        maximized.maximize();
        self.languages
            .iter()
            .enumerate()
            .filter(|(_, l)| (l.id.matches(&requested, true, false) || l.id.matches(&maximized, true, false)) && same_script(&l.id, &maximized))
            .max_by_key(|(i, l)| (specificity(&l.id), std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    /// The message `id` in language `index` (along its chain), with `args`; the id
    /// itself if no language has it.
    pub(crate) fn format(&self, index: usize, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(language) = self.languages.get(index) else { return id.to_owned() };
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent_args.set(*name, value.value());
        }
        for &i in &language.chain {
            let bundle = &self.languages[i].bundle;
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return bundle.format_pattern(pattern, Some(&fluent_args), &mut errors).into_owned();
            }
        }
        tracing::warn!(target: "elicit_runtime::locale", id, "no language of the catalog has this message");
        id.to_owned()
    }
}

/// Whether `language` is written in the script of `maximized` (a requested tag with its
/// likely subtags added): a language is never offered in another script than the one
/// asked for or implied (`ko-Latn` is not Korean in Hangul, `zh-TW` not simplified
/// Chinese), even where the catalog's tag names no script (`ko`) and so matches as a range.
fn same_script(language: &LanguageIdentifier, maximized: &LanguageIdentifier) -> bool {
    let mut shipped = language.clone();
    shipped.maximize();
    shipped.script == maximized.script
}

impl Catalog {
    /// The variables of message `id` in the language `tag` itself (not through its
    /// fallback); `None` if the catalog has no such language or it no such message.
    pub(crate) fn own_variables(&self, tag: &str, id: &str) -> Option<BTreeSet<String>> {
        let wanted: LanguageIdentifier = tag.parse().ok()?;
        let language = self.languages.iter().find(|l| l.id == wanted)?;
        let pattern = language.bundle.get_message(id)?.value()?;
        let mut names = BTreeSet::new();
        pattern_variables(pattern, &mut names);
        Some(names)
    }
}

/// How many subtags a language names: the more, the closer a match.
fn specificity(id: &LanguageIdentifier) -> usize {
    usize::from(id.script.is_some()) + usize::from(id.region.is_some()) + id.variants().len()
}

/// The shipped catalog with the author's languages and messages, to
/// [install](Self::install).
///
/// ```
/// use elicit_runtime::locale::{Catalog, Locale};
///
/// // At the start of `main`: Italian added, one English message worded otherwise.
/// Catalog::builder()
///     .add("it", "reask-heading = Correggi la tua risposta:\n")?
///     .add("en", "reask-heading = Please fix these answers:\n")?
///     .install()?;
/// assert_eq!(Locale::for_tag("it-IT").message("reask-heading", &[]), "Correggi la tua risposta:");
/// // What Italian does not have comes from the default language.
/// assert_eq!(Locale::for_tag("it").message("problem-missing", &[]), "is required but missing");
/// assert_eq!(Locale::for_tag("en-GB").message("reask-heading", &[]), "Please fix these answers:");
/// # Ok::<(), elicit_runtime::locale::CatalogError>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "a catalog is used once installed"]
pub struct CatalogBuilder {
    sources: Vec<(LanguageIdentifier, String)>,
    default: Option<LanguageIdentifier>,
}

impl CatalogBuilder {
    /// Adds Fluent messages to a language: a new language, or messages of a shipped one,
    /// which override the shipped messages of the same id. A new language needs no
    /// complete catalog: what it lacks is looked for along its tag (`fr-CA` → `fr`), then
    /// in the default language.
    pub fn add(mut self, tag: &str, ftl: &str) -> Result<Self, CatalogError> {
        let id: LanguageIdentifier = tag.parse().map_err(|_| CatalogError::BadTag(tag.to_owned()))?;
        let resource = parse(&id, ftl.to_owned())?;
        check_urls(&id, &resource)?;
        // The terms the language has: the shipped ones, those added before, these.
        let mut defined = terms_defined(&resource);
        let shipped = SHIPPED.iter().filter(|(tag, _)| tag.parse::<LanguageIdentifier>().is_ok_and(|t| t == id)).map(|(_, ftl)| *ftl);
        for earlier in shipped.chain(self.sources.iter().filter(|(t, _)| *t == id).map(|(_, ftl)| ftl.as_str())) {
            if let Ok(earlier) = FluentResource::try_new(earlier.to_owned()) {
                defined.extend(terms_defined(&earlier));
            }
        }
        check_terms(&id, &resource, &defined)?;
        self.sources.push((id, ftl.to_owned()));
        Ok(self)
    }

    /// The language used when neither the call, the client nor the server chose one (the
    /// shipped default is English): the server's default language.
    pub fn default_language(mut self, tag: &str) -> Result<Self, CatalogError> {
        self.default = Some(tag.parse().map_err(|_| CatalogError::BadTag(tag.to_owned()))?);
        Ok(self)
    }

    /// Makes this the catalog of the process. Only before the first text was written
    /// ([`CatalogError::AlreadyInstalled`] after).
    pub fn install(self) -> Result<(), CatalogError> {
        let catalog = self.build()?;
        INSTALLED.set(catalog).map_err(|_| CatalogError::AlreadyInstalled)
    }

    /// The catalog, without installing it.
    pub fn build(self) -> Result<Catalog, CatalogError> {
        let mut tags: Vec<LanguageIdentifier> = Vec::new();
        let shipped: Vec<(LanguageIdentifier, &str)> =
            SHIPPED.iter().filter_map(|(tag, ftl)| tag.parse::<LanguageIdentifier>().ok().map(|id| (id, *ftl))).collect();
        for id in shipped.iter().map(|(id, _)| id).chain(self.sources.iter().map(|(id, _)| id)) {
            if !tags.contains(id) {
                tags.push(id.clone());
            }
        }
        if let Some(default) = &self.default
            && !tags.contains(default)
        {
            tags.push(default.clone());
        }
        let mut languages = Vec::with_capacity(tags.len());
        for id in &tags {
            let mut bundle = FluentBundle::new_concurrent(vec![id.clone()]);
            bundle.set_use_isolating(false);
            for (_, ftl) in shipped.iter().filter(|(shipped, _)| shipped == id) {
                let _ = bundle.add_resource(parse(id, (*ftl).to_owned())?);
            }
            for (_, ftl) in self.sources.iter().filter(|(added, _)| added == id) {
                bundle.add_resource_overriding(parse(id, ftl.clone())?);
            }
            languages.push(Language { id: id.clone(), tag: id.to_string(), chain: Vec::new(), own: 0, bundle });
        }
        let default = self.default.as_ref().and_then(|d| tags.iter().position(|t| t == d)).unwrap_or(0);
        let parents: Vec<(Vec<usize>, usize)> = tags
            .iter()
            .enumerate()
            .map(|(i, id)| {
                let mut chain = vec![i];
                let mut up: Vec<usize> = (0..tags.len()).filter(|&p| p != i && tags[p].matches(id, true, false)).collect();
                up.sort_by_key(|&p| std::cmp::Reverse(specificity(&tags[p])));
                chain.extend(up);
                let own = chain.len();
                if !chain.contains(&default) {
                    chain.push(default);
                }
                (chain, own)
            })
            .collect();
        for (language, (chain, own)) in languages.iter_mut().zip(parents) {
            language.chain = chain;
            language.own = own;
        }
        Ok(Catalog { languages, default })
    }

    /// The shipped languages, each with whatever of its source parses.
    fn build_lenient() -> Catalog {
        let mut languages = Vec::new();
        for (tag, ftl) in SHIPPED {
            let Ok(id) = tag.parse::<LanguageIdentifier>() else { continue };
            let resource = FluentResource::try_new(ftl.to_owned()).unwrap_or_else(|(partial, _)| partial);
            let mut bundle = FluentBundle::new_concurrent(vec![id.clone()]);
            bundle.set_use_isolating(false);
            let _ = bundle.add_resource(resource);
            let index = languages.len();
            languages.push(Language { id, tag: tag.to_owned(), chain: if index == 0 { vec![0] } else { vec![index, 0] }, own: 1, bundle });
        }
        Catalog { languages, default: 0 }
    }
}

fn parse(id: &LanguageIdentifier, ftl: String) -> Result<FluentResource, CatalogError> {
    FluentResource::try_new(ftl).map_err(|(_, errors)| CatalogError::Syntax {
        language: id.to_string(),
        errors: errors.iter().map(|e| format!("{e} at byte {}", e.pos.start)).collect(),
    })
}

/// Every pattern of a source with the name an error gives it: a message's id, or a
/// term's with its `-` (`-field`).
fn patterns(resource: &FluentResource) -> impl Iterator<Item = (String, &ast::Pattern<&str>)> {
    resource.entries().filter_map(|entry| match entry {
        ast::Entry::Message(message) => message.value.as_ref().map(|pattern| (message.id.name.to_owned(), pattern)),
        ast::Entry::Term(term) => Some((format!("-{}", term.id.name), &term.value)),
        _ => None,
    })
}

/// Refuses a message whose text carries a URL, whatever its variables hold, and a term
/// (`-field`) whose text does (messages put it in their own).
fn check_urls(id: &LanguageIdentifier, resource: &FluentResource) -> Result<(), CatalogError> {
    for (name, pattern) in patterns(resource) {
        let mut text = String::new();
        pattern_text(pattern, &mut text);
        if crate::rules::url_in_text::find_url(&text).is_some() {
            return Err(CatalogError::UrlInMessage { language: id.to_string(), id: name });
        }
    }
    Ok(())
}

/// The terms a source defines, by name (without their `-`).
fn terms_defined(resource: &FluentResource) -> BTreeSet<String> {
    resource
        .entries()
        .filter_map(|entry| match entry {
            ast::Entry::Term(term) => Some(term.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

/// Refuses a message (or a term) that uses a term not in `defined`.
fn check_terms(id: &LanguageIdentifier, resource: &FluentResource, defined: &BTreeSet<String>) -> Result<(), CatalogError> {
    for (name, pattern) in patterns(resource) {
        let mut used = Vec::new();
        pattern_terms(pattern, &mut used);
        if let Some(term) = used.into_iter().find(|term| !defined.contains(*term)) {
            return Err(CatalogError::MissingTerm { language: id.to_string(), id: name, term: term.to_owned() });
        }
    }
    Ok(())
}

/// The terms a pattern uses, in every variant.
fn pattern_terms<'s>(pattern: &ast::Pattern<&'s str>, out: &mut Vec<&'s str>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_terms(expression, out);
        }
    }
}

fn expression_terms<'s>(expression: &ast::Expression<&'s str>, out: &mut Vec<&'s str>) {
    match expression {
        ast::Expression::Select { variants, .. } => variants.iter().for_each(|v| pattern_terms(&v.value, out)),
        ast::Expression::Inline(ast::InlineExpression::TermReference { id, .. }) => out.push(id.name),
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => expression_terms(expression, out),
        ast::Expression::Inline(_) => {}
    }
}

/// The literal text of a pattern, each variant of a select on its own line.
fn pattern_text(pattern: &ast::Pattern<&str>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable { expression } => expression_text(expression, out),
        }
    }
}

fn expression_text(expression: &ast::Expression<&str>, out: &mut String) {
    match expression {
        ast::Expression::Select { variants, .. } => {
            for variant in variants {
                out.push('\n');
                pattern_text(&variant.value, out);
            }
            out.push('\n');
        }
        ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => out.push_str(value),
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => expression_text(expression, out),
        ast::Expression::Inline(_) => out.push(' '),
    }
}

/// The variables a message uses, by name (for the test that every language's message
/// takes the same ones).
#[doc(hidden)]
pub fn message_variables(ftl: &str) -> Vec<(String, BTreeSet<String>)> {
    let resource = FluentResource::try_new(ftl.to_owned()).unwrap_or_else(|(partial, _)| partial);
    let mut out = Vec::new();
    for entry in resource.entries() {
        if let ast::Entry::Message(message) = entry {
            let mut names = BTreeSet::new();
            if let Some(pattern) = &message.value {
                pattern_variables(pattern, &mut names);
            }
            out.push((message.id.name.to_owned(), names));
        }
    }
    out
}

fn pattern_variables(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, names);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, names);
            for variant in variants {
                pattern_variables(&variant.value, names);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, names),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, names),
        _ => {}
    }
}

/// Whether the shipped source of each language parses, with no URL in any message and
/// every term a message uses defined.
#[doc(hidden)]
pub fn check_shipped() -> Result<(), CatalogError> {
    for (tag, ftl) in SHIPPED {
        let id: LanguageIdentifier = tag.parse().map_err(|_| CatalogError::BadTag(tag.to_owned()))?;
        let resource = parse(&id, ftl.to_owned())?;
        check_urls(&id, &resource)?;
        check_terms(&id, &resource, &terms_defined(&resource))?;
    }
    Ok(())
}
