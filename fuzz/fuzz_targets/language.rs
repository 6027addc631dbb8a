//! The languages a client or a browser prefers: any bytes as an `Accept-Language` value
//! (the page's header, and SEP-2792's `_meta` value on every request, read by the same
//! function), and as one tag looked up alone.
//!
//! Invariants: nothing panics; a language chosen is one the catalog ships; it is chosen
//! for a range the value holds with a weight above zero, of the same language and, where
//! the range names or implies a script (`zh-Hant`, `sr-Latn`, `zh-TW`), of that script:
//! a preference never falls back across scripts (traditional to simplified Chinese).
#![no_main]

use elicit_runtime::locale::{Catalog, Locale};
use libfuzzer_sys::fuzz_target;
use unic_langid::LanguageIdentifier;

/// The language and script of a tag, the script filled in from likely subtags.
fn language_and_script(tag: &str) -> Option<(String, Option<String>)> {
    let mut id: LanguageIdentifier = tag.parse().ok()?;
    id.maximize();
    Some((id.language.as_str().to_owned(), id.script.map(|s| s.as_str().to_owned())))
}

/// Whether `locale` may be chosen for the range `range`.
fn allowed_for(locale: Locale, range: &str) -> bool {
    let Some((language, script)) = language_and_script(range) else { return false };
    let Some((chosen_language, chosen_script)) = language_and_script(&locale.language().to_string()) else { return false };
    language == chosen_language && (script.is_none() || chosen_script.is_none() || script == chosen_script)
}

/// The ranges of the value with a weight other than zero, as written (weights unread:
/// an item with an unreadable weight is left out by the toolkit, so allowing it here
/// only makes the check weaker, never wrong).
fn ranges(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').filter_map(|item| {
        let mut parts = item.split(';');
        let range = parts.next()?.trim();
        let zero = parts.any(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")).is_some_and(|q| q.trim().trim_end_matches('0').trim_end_matches('.') == "0" || q.trim() == "0"));
        (!zero).then_some(range)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = std::str::from_utf8(data) else { return };
    let shipped: Vec<&LanguageIdentifier> = Catalog::installed().languages().collect();
    if let Some(locale) = Locale::from_accept_language(value) {
        assert!(shipped.contains(&locale.language()), "{locale} is not shipped");
        assert!(ranges(value).any(|range| allowed_for(locale, range)), "{locale} chosen for {value:?}");
    }
    if let Some(locale) = Locale::lookup(value) {
        assert!(shipped.contains(&locale.language()), "{locale} is not shipped");
        assert!(allowed_for(locale, value), "{locale} chosen for the tag {value:?}");
    }
});
