//! JSON Schema `pattern`: ECMA-262 regular expressions, translated for the regex crate
//! and compiled once per pattern.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

/// Compiled patterns, built once per distinct pattern. The set is bounded by the
/// patterns written in the program's own `#[elicit(pattern = ...)]` attributes.
fn compiled(pattern: &'static str) -> Option<Arc<regex::Regex>> {
    type Compiled = HashMap<&'static str, Option<Arc<regex::Regex>>>;
    static CACHE: OnceLock<RwLock<Compiled>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.read().unwrap_or_else(|e| e.into_inner()).get(pattern) {
        return found.clone();
    }
    let regex = regex::Regex::new(&ecma_classes(pattern)).or_else(|_| regex::Regex::new(pattern)).ok().map(Arc::new);
    cache.write().unwrap_or_else(|e| e.into_inner()).insert(pattern, regex.clone());
    regex
}

/// JSON Schema writes patterns in the ECMA-262 dialect, whose `\d` and `\w` are ASCII
/// (`[0-9]`, `[A-Za-z0-9_]`); the regex crate's are Unicode-aware, so `^\d{5}$` would
/// accept `١٢٣٤٥`, which the client was told to refuse. Rewrite those four escapes (as the
/// `jsonschema` crate does); the rest of the syntax means the same in both dialects.
fn ecma_classes(pattern: &str) -> Cow<'_, str> {
    if !pattern.contains('\\') {
        return Cow::Borrowed(pattern);
    }
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        // Inside a class too: the regex crate nests classes, `[\d.]` → `[[0-9].]`.
        match chars.next() {
            Some('d') => out.push_str("[0-9]"),
            Some('D') => out.push_str("[^0-9]"),
            Some('w') => out.push_str("[A-Za-z0-9_]"),
            Some('W') => out.push_str("[^A-Za-z0-9_]"),
            Some(escaped) => {
                out.push('\\');
                out.push(escaped);
            }
            None => out.push('\\'),
        }
    }
    Cow::Owned(out)
}

/// JSON Schema `pattern` semantics: the value must contain a match (not be one).
pub(crate) fn pattern_matches(pattern: &'static str, s: &str) -> bool {
    // The derive checked the pattern at compile time; a pattern that still does not
    // compile matches nothing, so bad content is never accepted because of it.
    compiled(pattern).is_some_and(|re| re.is_match(s))
}
