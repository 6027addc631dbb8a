//! What one MCP client can really show of a form ([`ClientProfile`]), the forms written
//! for it, and its answers read back into the form the derive describes.
//!
//! The specification lets a server send numbers, multi-selects and titled options; the
//! clients people type into do not all show them. A profile says what a client shows;
//! the runtime recognises the profile from the client's `clientInfo` (name and version),
//! or the author chooses one ([`SchemaOptions::client_profile`](super::SchemaOptions::client_profile)),
//! or registers one for an in-house client ([`ClientProfile::register`]). The form sent
//! is then one the client can show, and its answer is read back into the same typed
//! value, so the tool body does not change:
//!
//! - **without numbers**: an integer or number field is asked as a string, with its
//!   bounds in words in the description and a `pattern` of digits; the text is read back
//!   exactly (an integer through its digits, never through a float) and checked against
//!   the same bounds, so the same problems are re-asked in the same words;
//! - **without arrays**: a multi-select is one checkbox per option, as on 2025-06-18
//!   (see [`FieldSchema::checkbox_name`](super::FieldSchema::checkbox_name));
//! - **without titled `oneOf`**: a titled single-select is a plain `enum` whose values are
//!   the titles when that is unambiguous (every title different, and none the value of
//!   another option), mapped back to the option's value; otherwise the plain values;
//! - **without titles shown as labels**: the title goes first in the description, which
//!   the client shows.
//!
//! What no profile can fix (a client without forms at all) is what it was: the relay
//! through the model, URL mode, or [`ErrorKind::NotSupported`](crate::exchange::ErrorKind::NotSupported).
//! The clients and what each does are in the repository's `docs/clients.md`.

use std::borrow::Cow;
use std::sync::RwLock;

use serde_json::{Map, Value};

use super::problem::{InvalidContent, Problem, Report};
use super::schema::{EnumOption, FieldSchema, FormSchema, IntegerRules, Kind, Literal, NumberRules};
use crate::locale::{Arg, Locale};

/// What one MCP client shows of a form, and what it is known to send that the user did
/// not choose. The shipped profiles are constants ([`ClientProfile::CODEX`], ...); an
/// author builds one for an in-house client with [`ClientProfile::new`] and the `const`
/// methods, and [registers](Self::register) it or passes it in
/// [`SchemaOptions`](super::SchemaOptions::client_profile).
///
/// ```
/// use elicit_runtime::form::ClientProfile;
///
/// // Recognised from `clientInfo`; an unknown client gets the specification as written.
/// assert_eq!(ClientProfile::recognise("codex-mcp-client", "0.63.0"), &ClientProfile::CODEX);
/// assert_eq!(ClientProfile::recognise("my-client", "1.0.0"), &ClientProfile::SPEC);
/// assert!(!ClientProfile::CODEX.shows_numbers() && ClientProfile::CODEX.invents_empty_accept());
///
/// // An in-house client without multi-selects, from version 2.0 on.
/// static DESK: ClientProfile = ClientProfile::new("acme-desk", &["acme-desk"]).arrays(false).from_version([2, 0, 0]);
/// ClientProfile::register(&DESK);
/// assert_eq!(ClientProfile::recognise("acme-desk", "2.3.1").label(), "acme-desk");
/// assert_eq!(ClientProfile::recognise("acme-desk", "1.9.0").label(), "spec");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientProfile {
    label: &'static str,
    clients: &'static [&'static str],
    from_version: Option<[u64; 3]>,
    before_version: Option<[u64; 3]>,
    numbers: bool,
    arrays: bool,
    titled_one_of: bool,
    titles_shown: bool,
    string_rules_checked: bool,
    defaults_kept: bool,
    url_mode: bool,
    decline_and_cancel: bool,
    invents_empty_accept: bool,
}

impl ClientProfile {
    /// A client that shows everything the specification describes, known by the
    /// `clientInfo.name`s in `clients` (compared without regard to ASCII case), reported
    /// as `label` in spans and metrics (keep it short and fixed: it is a metric label).
    pub const fn new(label: &'static str, clients: &'static [&'static str]) -> Self {
        ClientProfile {
            label,
            clients,
            from_version: None,
            before_version: None,
            numbers: true,
            arrays: true,
            titled_one_of: true,
            titles_shown: true,
            string_rules_checked: true,
            defaults_kept: true,
            url_mode: true,
            decline_and_cancel: true,
            invents_empty_accept: false,
        }
    }

    /// The specification as written: every client no other profile names.
    pub const SPEC: ClientProfile = ClientProfile::new("spec", &[]);

    /// Codex CLI (`codex-mcp-client`). Its TUI renders strings, booleans and single-selects
    /// (titles shown, defaults preselected). A `number` or `integer` field or a
    /// multi-select array makes the whole form unparseable: the user sees only "Yes,
    /// provide the requested info / No, but continue without it / Cancel", and "Yes"
    /// answers `accept` with `{}`. A string's `default`, `format`, `minLength` and
    /// `pattern` are neither shown nor checked (the toolkit checks them and re-asks).
    /// With `approval_policy = never` every elicitation is declined: the toolkit cannot
    /// tell that from the user's decline. URL mode ("auth elicitation") is stable and on
    /// by default since late 2026: a Codex that declares `elicitation.url` shows the link
    /// (one that has it turned off does not declare it). The sources name no version:
    /// every version is matched.
    pub const CODEX: ClientProfile = ClientProfile::new("codex", &["codex-mcp-client"])
        .numbers(false)
        .arrays(false)
        .string_rules_checked(false)
        .defaults_kept(false)
        .empty_accept(true);

    /// Goose (desktop `JsonSchemaForm.tsx`, and the CLI). Desktop: a titled `oneOf` falls
    /// through to free text, a multi-select is a text box whose value is sent as a
    /// string, labels show the property key rather than the title, there is no Decline or
    /// Cancel, a URL request shows an Accept button without the URL. An optional number
    /// starts at its minimum (or 0) and is sent: the toolkit cannot tell that value from
    /// one the user chose. The CLI renders one select for a form of one enum, prompts line
    /// by line otherwise, sends arrays as strings, and declines the whole form when a
    /// required number does not parse (a decline the toolkit cannot tell from the
    /// user's). Numbers are shown by both, so they stay numbers. Not said by the sources:
    /// the `clientInfo.name` (`goose` is assumed) and whether `enumNames` is shown
    /// (plain `enum` values are sent, which both render).
    pub const GOOSE: ClientProfile = ClientProfile::new("goose", &["goose"])
        .arrays(false)
        .titled_one_of(false)
        .titles_shown(false)
        .url_mode(false)
        .decline_and_cancel(false);

    /// Visual Studio Code: everything renders (a multi-step quick pick, multi-selects,
    /// URL mode), but `pattern` is not checked (the toolkit checks it and re-asks), a
    /// `false` default is lost (the field is then left out, and the form's default
    /// applies: the same value), and "None" on an optional boolean sends `false`, which
    /// the toolkit cannot tell from the user's "No". Not said by the sources: the
    /// `clientInfo.name` (`Visual Studio Code` is assumed).
    pub const VS_CODE: ClientProfile =
        ClientProfile::new("vscode", &["Visual Studio Code", "Visual Studio Code - Insiders"]).string_rules_checked(false).defaults_kept(false);

    /// Claude Code: forms render; it declares `elicitation: {}` (form mode only, which the
    /// toolkit reads from the capability anyway) and has no URL mode. Not said by the
    /// sources: the `clientInfo.name` (`claude-code` is assumed), and anything about
    /// numbers, arrays or titles beyond "forms render" (the specification is assumed).
    pub const CLAUDE_CODE: ClientProfile = ClientProfile::new("claude-code", &["claude-code"]).url_mode(false);

    /// fast-agent: the sources say nothing that departs from the specification, so this
    /// is the specification under its own label (so that spans and metrics name it). Not
    /// said by the sources: the `clientInfo.name` (`fast-agent` and `fast-agent-mcp` are
    /// assumed).
    pub const FAST_AGENT: ClientProfile = ClientProfile::new("fast-agent", &["fast-agent", "fast-agent-mcp"]);

    /// The shipped profiles, in the order they are looked up (after those registered).
    pub const SHIPPED: &'static [&'static ClientProfile] =
        &[&ClientProfile::CODEX, &ClientProfile::GOOSE, &ClientProfile::VS_CODE, &ClientProfile::CLAUDE_CODE, &ClientProfile::FAST_AGENT];

    /// Only from this client version on (`[major, minor, patch]`).
    pub const fn from_version(mut self, version: [u64; 3]) -> Self {
        self.from_version = Some(version);
        self
    }

    /// Only before this client version.
    pub const fn before_version(mut self, version: [u64; 3]) -> Self {
        self.before_version = Some(version);
        self
    }

    /// Whether `number` and `integer` fields are shown (else they are asked as text).
    pub const fn numbers(mut self, yes: bool) -> Self {
        self.numbers = yes;
        self
    }

    /// Whether multi-select arrays are shown (else one checkbox per option).
    pub const fn arrays(mut self, yes: bool) -> Self {
        self.arrays = yes;
        self
    }

    /// Whether titled `oneOf` / `anyOf` options are shown (else plain `enum` values).
    pub const fn titled_one_of(mut self, yes: bool) -> Self {
        self.titled_one_of = yes;
        self
    }

    /// Whether a property's `title` is its label (else the title goes in the description).
    pub const fn titles_shown(mut self, yes: bool) -> Self {
        self.titles_shown = yes;
        self
    }

    /// Whether a string's `format`, `minLength` and `pattern` are shown or checked
    /// (documentation: the toolkit checks them on every answer either way).
    pub const fn string_rules_checked(mut self, yes: bool) -> Self {
        self.string_rules_checked = yes;
        self
    }

    /// Whether every `default` is shown and kept (documentation).
    pub const fn defaults_kept(mut self, yes: bool) -> Self {
        self.defaults_kept = yes;
        self
    }

    /// Whether a URL request's link is shown to the user. A client that declares URL mode
    /// but does not show the link (Goose desktop) is not sent URL mode: the relay, if on,
    /// gives the model the link, else URL mode is `ErrorKind::NotSupported` before
    /// anything is sent. A client that does not declare it is never sent it, whatever
    /// this says.
    pub const fn url_mode(mut self, yes: bool) -> Self {
        self.url_mode = yes;
        self
    }

    /// Whether the user can decline or cancel (documentation).
    pub const fn decline_and_cancel(mut self, yes: bool) -> Self {
        self.decline_and_cancel = yes;
        self
    }

    /// Whether the client answers `accept` with `{}` when it could not render a form
    /// (documentation: such an answer is reported as
    /// [`ErrorKind::FormNotShown`](crate::exchange::ErrorKind::FormNotShown) from every client).
    pub const fn empty_accept(mut self, yes: bool) -> Self {
        self.invents_empty_accept = yes;
        self
    }

    /// The profile's name in spans and metrics.
    pub const fn label(&self) -> &'static str {
        self.label
    }

    /// The `clientInfo.name`s it is recognised by.
    pub const fn clients(&self) -> &'static [&'static str] {
        self.clients
    }

    /// Whether numbers are shown.
    pub const fn shows_numbers(&self) -> bool {
        self.numbers
    }

    /// Whether multi-select arrays are shown.
    pub const fn shows_arrays(&self) -> bool {
        self.arrays
    }

    /// Whether titled options are shown.
    pub const fn shows_titled_one_of(&self) -> bool {
        self.titled_one_of
    }

    /// Whether titles are the labels.
    pub const fn shows_titles(&self) -> bool {
        self.titles_shown
    }

    /// Whether string `format`, `minLength` and `pattern` are shown or checked.
    pub const fn checks_string_rules(&self) -> bool {
        self.string_rules_checked
    }

    /// Whether defaults are shown and kept.
    pub const fn keeps_defaults(&self) -> bool {
        self.defaults_kept
    }

    /// Whether a URL request's link is shown to the user ([`url_mode`](Self::url_mode)).
    pub const fn shows_url_mode(&self) -> bool {
        self.url_mode
    }

    /// Whether the user can decline or cancel.
    pub const fn offers_decline_and_cancel(&self) -> bool {
        self.decline_and_cancel
    }

    /// Whether the client answers `accept` with `{}` for a form it could not render.
    pub const fn invents_empty_accept(&self) -> bool {
        self.invents_empty_accept
    }

    /// Whether this profile is the one of the client `name` at `version`.
    pub fn matches(&self, name: &str, version: &str) -> bool {
        if !self.clients.iter().any(|c| c.eq_ignore_ascii_case(name.trim())) {
            return false;
        }
        if self.from_version.is_none() && self.before_version.is_none() {
            return true;
        }
        let Some(version) = parse_version(version) else { return false };
        self.from_version.is_none_or(|from| version >= from) && self.before_version.is_none_or(|before| version < before)
    }

    /// Makes `profile` recognised (before the shipped ones, and before those registered
    /// earlier) for every elicitation from now on. Registering a profile twice has no
    /// further effect.
    pub fn register(profile: &'static ClientProfile) {
        let mut registered = REGISTERED.write().unwrap_or_else(|e| e.into_inner());
        if !registered.iter().any(|p| std::ptr::eq(*p, profile)) {
            registered.insert(0, profile);
        }
    }

    /// The profile of the client `name` at `version` (its `clientInfo`): the last one
    /// registered that matches, else a shipped one, else [`SPEC`](Self::SPEC).
    pub fn recognise(name: &str, version: &str) -> &'static ClientProfile {
        let registered = REGISTERED.read().unwrap_or_else(|e| e.into_inner());
        registered
            .iter()
            .chain(Self::SHIPPED)
            .find(|p| p.matches(name, version))
            .copied()
            .unwrap_or(&ClientProfile::SPEC)
    }

    /// Whether a multi-select is written as checkboxes on `revision` for this client.
    pub(crate) fn checkboxes_on(&self, revision: crate::revision::ProtocolRevision) -> bool {
        !revision.has_multi_select() || !self.arrays
    }

    /// Whether `field` is written as one checkbox per option on `revision` for this
    /// client: a multi-select (compile-time or run-time) where [`checkboxes_on`](Self::checkboxes_on).
    /// The one rule the schema, the request's run-time options, the re-ask and the
    /// reading of the answer all ask.
    pub(crate) fn checkboxes_for(&self, field: &FieldSchema, revision: crate::revision::ProtocolRevision) -> bool {
        matches!(field.kind(), Kind::MultiSelect(_)) && self.checkboxes_on(revision)
    }
}

impl Default for ClientProfile {
    fn default() -> Self {
        ClientProfile::SPEC
    }
}

static REGISTERED: RwLock<Vec<&'static ClientProfile>> = RwLock::new(Vec::new());

/// `major.minor.patch` read leniently: leading digits of up to three dot-separated parts
/// (`0.63.0`, `1.101`, `2.0.0-beta.1`); missing parts are 0.
fn parse_version(version: &str) -> Option<[u64; 3]> {
    let version = version.trim().trim_start_matches(['v', 'V']);
    let mut out = [0u64; 3];
    let mut parts = version.split('.');
    for (i, slot) in out.iter_mut().enumerate() {
        let Some(part) = parts.next() else { break };
        let digits: &str = &part[..part.find(|c: char| !c.is_ascii_digit()).unwrap_or(part.len())];
        if digits.is_empty() {
            if i == 0 {
                return None;
            }
            break;
        }
        *slot = digits.parse().ok()?;
        if digits.len() != part.len() {
            break;
        }
    }
    Some(out)
}

// ---- the form written for a profile ----------------------------------------------------

/// Rewrites the rendered property of `field` for `profile` (numbers as text, plain
/// options). Multi-selects as checkboxes are written by `render` itself; titles are
/// carried by [`carry_titles`] once every property is written.
pub(crate) fn adapt_property(field: &FieldSchema, property: &mut Map<String, Value>, profile: &ClientProfile, locale: Locale) {
    match field.kind() {
        Kind::Integer(rules) if !profile.numbers => {
            let (min, max) = (rules.minimum, rules.maximum);
            let words = integer_words(min, max, locale);
            as_text(property, &words, if min.is_some_and(|m| m >= 0) { r"^[0-9]+$" } else { r"^-?[0-9]+$" }, locale);
        }
        Kind::Number(rules) if !profile.numbers => {
            let words = number_words(rules, locale);
            as_text(property, &words, r"^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$", locale);
        }
        Kind::Select(options) if !profile.titled_one_of && (property.contains_key("oneOf") || property.contains_key("enumNames")) => {
            property.remove("oneOf");
            property.remove("enumNames");
            let labels = plain_values(options, locale);
            if let Some(default) = property.get_mut("default") {
                relabel(default, options, &labels);
            }
            property.insert("enum".into(), labels.into_iter().map(Value::from).collect());
        }
        Kind::MultiSelect(rules) if !profile.titled_one_of && property.get("items").is_some_and(|items| items.get("anyOf").is_some()) => {
            let labels = plain_values(rules.options, locale);
            if let Some(Value::Array(items)) = property.get_mut("default") {
                items.iter_mut().for_each(|item| relabel(item, rules.options, &labels));
            }
            let items: Value = labels.into_iter().map(Value::from).collect();
            property.insert("items".into(), serde_json::json!({ "type": "string", "enum": items }));
        }
        _ => {}
    }
}

/// A number field as a string: the bounds in words after the description, a pattern of
/// digits, the default as text.
fn as_text(property: &mut Map<String, Value>, words: &str, pattern: &str, locale: Locale) {
    property.insert("type".into(), "string".into());
    property.remove("minimum");
    property.remove("maximum");
    let description = match property.get("description").and_then(Value::as_str) {
        Some(text) => locale.message("checkbox-description", &[("description", Arg::Text(text)), ("rule", Arg::Text(words))]),
        None => words.to_owned(),
    };
    property.insert("description".into(), description.into());
    property.insert("pattern".into(), pattern.into());
    if let Some(default) = property.get_mut("default") {
        *default = Value::from(default.to_string());
    }
}

/// What an integer field takes, in words.
fn integer_words(min: Option<i128>, max: Option<i128>, locale: Locale) -> String {
    let (min, max) = (min.map(|n| n.to_string()), max.map(|n| n.to_string()));
    bounded_words("as-text-integer", min.as_deref(), max.as_deref(), locale)
}

/// What a number field takes, in words.
fn number_words(rules: &NumberRules, locale: Locale) -> String {
    let written = |bound: Option<Literal>| bound.map(|b| b.to_json().to_string());
    let (min, max) = (written(rules.minimum), written(rules.maximum));
    bounded_words("as-text-number", min.as_deref(), max.as_deref(), locale)
}

fn bounded_words(id: &str, min: Option<&str>, max: Option<&str>, locale: Locale) -> String {
    match (min, max) {
        (Some(min), Some(max)) => locale.message(&format!("{id}-between"), &[("min", Arg::Text(min)), ("max", Arg::Text(max))]),
        (Some(min), None) => locale.message(&format!("{id}-at-least"), &[("min", Arg::Text(min))]),
        (None, Some(max)) => locale.message(&format!("{id}-at-most"), &[("max", Arg::Text(max))]),
        (None, None) => locale.message(id, &[]),
    }
}

/// The values a client without titled options is sent: the titles where they tell the
/// options apart (every title different, none the value of another option), else the
/// values.
fn plain_values(options: &[EnumOption], locale: Locale) -> Vec<&'static str> {
    let labels: Vec<&'static str> = options.iter().map(|o| o.title_in(locale).unwrap_or(o.value())).collect();
    let distinct = labels.iter().enumerate().all(|(i, label)| {
        !label.is_empty()
            && labels.iter().enumerate().all(|(j, other)| i == j || label != other)
            && options.iter().enumerate().all(|(j, o)| i == j || o.value() != *label)
    });
    if distinct { labels } else { options.iter().map(EnumOption::value).collect() }
}

/// An option's value written as its plain value.
fn relabel(value: &mut Value, options: &[EnumOption], labels: &[&str]) {
    if let Some(i) = value.as_str().and_then(|v| options.iter().position(|o| o.value() == v)) {
        *value = Value::from(labels[i]);
    }
}

/// For a client that shows property keys rather than titles: each title goes first in
/// the description.
pub(crate) fn carry_titles(properties: &mut Map<String, Value>, profile: &ClientProfile, locale: Locale) {
    if profile.titles_shown {
        return;
    }
    for property in properties.values_mut().filter_map(Value::as_object_mut) {
        let Some(title) = property.get("title").and_then(Value::as_str).map(str::to_owned) else { continue };
        let description = match property.get("description").and_then(Value::as_str) {
            Some(text) if !text.is_empty() => locale.message("title-description", &[("title", Arg::Text(&title)), ("description", Arg::Text(text))]),
            _ => title,
        };
        property.insert("description".into(), description.into());
    }
}

// ---- the answer read back --------------------------------------------------------------

/// Content sent for a form written for `profile`, read back into the content of the
/// form the derive describes: numbers from their text, options from their titles. What
/// cannot be read is reported by field, and the field left out, so that decoding
/// reports everything else; [`finish`] merges both.
pub(crate) fn read_back<'c>(schema: &FormSchema, profile: &ClientProfile, locale: Locale, content: Cow<'c, Map<String, Value>>, report: &mut Report) -> Cow<'c, Map<String, Value>> {
    let touched = schema.fields().iter().any(|f| match f.kind() {
        Kind::Integer(_) | Kind::Number(_) => !profile.numbers,
        Kind::Select(options) => !profile.titled_one_of && super::schema::has_titles(options),
        Kind::MultiSelect(rules) => !profile.titled_one_of && super::schema::has_titles(rules.options),
        _ => false,
    });
    if !touched {
        return content;
    }
    let mut content = content.into_owned();
    for field in schema.fields() {
        let Some(value) = content.get_mut(field.name()) else { continue };
        match field.kind() {
            Kind::Integer(rules) if !profile.numbers => {
                if let Some(text) = value.as_str() {
                    match integer_of(text.trim(), rules) {
                        Ok(Some(n)) => *value = n,
                        Ok(None) => {
                            content.remove(field.name());
                        }
                        Err(problem) => {
                            report.push(field.name(), problem);
                            content.remove(field.name());
                        }
                    }
                }
            }
            Kind::Number(_) if !profile.numbers => {
                if let Some(text) = value.as_str() {
                    let text = text.trim();
                    if text.is_empty() {
                        content.remove(field.name());
                    } else if let Ok(n) = serde_json::from_str::<serde_json::Number>(text) {
                        *value = Value::Number(n);
                    } else {
                        report.push(field.name(), Problem::NotANumber);
                        content.remove(field.name());
                    }
                }
            }
            Kind::Select(options) if !profile.titled_one_of => {
                let labels = plain_values(options, locale);
                unlabel(value, options, &labels);
            }
            Kind::MultiSelect(rules) if !profile.titled_one_of => {
                let labels = plain_values(rules.options, locale);
                if let Value::Array(items) = value {
                    items.iter_mut().for_each(|item| unlabel(item, rules.options, &labels));
                }
            }
            _ => {}
        }
    }
    Cow::Owned(content)
}

/// The option whose plain value was sent, as its value.
fn unlabel(value: &mut Value, options: &[EnumOption], labels: &[&str]) {
    if let Some(i) = value.as_str().and_then(|v| labels.iter().position(|l| *l == v)) {
        *value = Value::from(options[i].value());
    }
}

/// An integer typed as text: its digits read exactly (`Ok(None)`: nothing typed). A
/// spelling that is a JSON number but not plain digits (`12.0`, `1e2`) is read as JSON
/// would read it, with the same rules for fractions; anything else is not an integer.
fn integer_of(text: &str, rules: &IntegerRules) -> Result<Option<Value>, Problem> {
    if text.is_empty() {
        return Ok(None);
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        let out_of_range = Problem::IntegerOutOfRange { min: rules.type_min, max: rules.type_max };
        let n: i128 = text.parse().map_err(|_| out_of_range.clone())?;
        return match (i64::try_from(n), u64::try_from(n)) {
            (Ok(n), _) => Ok(Some(Value::from(n))),
            (_, Ok(n)) => Ok(Some(Value::from(n))),
            _ => Err(out_of_range),
        };
    }
    match serde_json::from_str::<serde_json::Number>(text) {
        Ok(n) => Ok(Some(Value::Number(n))),
        Err(_) => Err(Problem::NotAnInteger),
    }
}

/// The problems of reading back (`report`) and of decoding, merged: a field whose text
/// could not be read is named once, by what was wrong with the text, not also as
/// missing.
pub(crate) fn finish<V>(report: Report, decoded: Result<V, InvalidContent>) -> Result<V, InvalidContent> {
    match (decoded, report.finish()) {
        (Ok(value), Ok(())) => Ok(value),
        (Ok(_), Err(read)) => Err(read),
        (Err(invalid), Ok(())) => Err(invalid),
        (Err(mut invalid), Err(read)) => {
            invalid.violations.retain(|v| !(v.problem == Problem::Missing && read.violations.iter().any(|r| r.field == v.field)));
            Err(read.merged(invalid))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_leniently() {
        assert_eq!(parse_version("0.63.0"), Some([0, 63, 0]));
        assert_eq!(parse_version("1.101"), Some([1, 101, 0]));
        assert_eq!(parse_version("v2.0.0-beta.1"), Some([2, 0, 0]));
        assert_eq!(parse_version("1.2rc3.9"), Some([1, 2, 0]));
        assert_eq!(parse_version("dev"), None);
    }

    #[test]
    fn integers_typed_as_text_are_read_exactly() {
        let u8_rules = IntegerRules::for_range(0, 255);
        assert_eq!(integer_of("12", &u8_rules), Ok(Some(Value::from(12))));
        assert_eq!(integer_of("-0", &u8_rules), Ok(Some(Value::from(0))));
        assert_eq!(integer_of("", &u8_rules), Ok(None));
        assert_eq!(integer_of("twelve", &u8_rules), Err(Problem::NotAnInteger));
        // Beyond 2^53 the digits are kept, not rounded through a float.
        let u64_rules = IntegerRules::for_range(0, u64::MAX.into());
        assert_eq!(integer_of("9007199254740993", &u64_rules), Ok(Some(Value::from(9_007_199_254_740_993u64))));
        assert_eq!(integer_of("18446744073709551616", &u64_rules), Err(Problem::IntegerOutOfRange { min: 0, max: u64::MAX.into() }));
        // A JSON spelling of a number is read as JSON reads it; the field's rules decide.
        assert_eq!(integer_of("2.5", &u8_rules), Ok(Some(serde_json::json!(2.5))));
    }

    #[test]
    fn titles_are_values_only_when_they_tell_options_apart() {
        const TITLED: &[EnumOption] = &[EnumOption::new("a", Some("Alpha")), EnumOption::new("b", None)];
        assert_eq!(plain_values(TITLED, Locale::default()), ["Alpha", "b"]);
        // A title that is another option's value, or two equal titles: the values.
        const CLASH: &[EnumOption] = &[EnumOption::new("a", Some("b")), EnumOption::new("b", None)];
        assert_eq!(plain_values(CLASH, Locale::default()), ["a", "b"]);
        const SAME: &[EnumOption] = &[EnumOption::new("a", Some("X")), EnumOption::new("b", Some("X"))];
        assert_eq!(plain_values(SAME, Locale::default()), ["a", "b"]);
    }
}
