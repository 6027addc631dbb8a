//! JSON Schema `pattern`: ECMA-262 regular expressions, translated for the regex crate
//! (the rule shared with the derive, `rules::ecma`) and compiled once per pattern.

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
    let regex = crate::rules::ecma::for_regex_crate(pattern, regex::Regex::new).ok().map(Arc::new);
    cache.write().unwrap_or_else(|e| e.into_inner()).insert(pattern, regex.clone());
    regex
}

/// JSON Schema `pattern` semantics: the value must contain a match (not be one).
pub(crate) fn pattern_matches(pattern: &'static str, s: &str) -> bool {
    // The derive checked the pattern at compile time; a pattern that still does not
    // compile matches nothing, so bad content is never accepted because of it.
    compiled(pattern).is_some_and(|re| re.is_match(s))
}
