//! The user's preferred languages as a client sends them on a request (SEP-2792, a draft):
//! `params._meta["io.modelcontextprotocol/acceptLanguage"]`, a string in the grammar of
//! HTTP's `Accept-Language` (RFC 9110 §12.5.4): language ranges separated by commas,
//! each with an optional weight `;q=0.8`.

#[cfg(feature = "rmcp")]
use serde_json::{Map, Value};

/// The `_meta` key of a request that carries the user's preferred languages (SEP-2792).
pub const ACCEPT_LANGUAGE_META: &str = "io.modelcontextprotocol/acceptLanguage";

/// The `_meta` key of a response that names the language its texts were written in
/// (SEP-2792).
pub const CONTENT_LANGUAGE_META: &str = "io.modelcontextprotocol/contentLanguage";

/// How much of the value is read: a real preference is a few dozen bytes.
const MAX_BYTES: usize = 1024;

/// How many ranges are read.
const MAX_RANGES: usize = 32;

/// The language ranges of an `Accept-Language` value, most preferred first (by weight,
/// then in the order written). A range with weight 0 ("not acceptable"), the wildcard
/// `*` (any language: the server's default does) and a range that cannot be read are
/// left out; a value longer than 1024 bytes is not read at all.
pub(crate) fn ranges(value: &str) -> Vec<&str> {
    if value.len() > MAX_BYTES {
        return Vec::new();
    }
    let mut weighted: Vec<(u16, &str)> = value
        .split(',')
        .take(MAX_RANGES)
        .filter_map(|item| {
            let mut parts = item.split(';');
            let range = parts.next()?.trim();
            // RFC 9110's grammar: a range and at most one weight, `;q=`. Any other
            // parameter, or a second weight (`q=0;q=0.8`: refused, then accepted?), makes
            // the item unreadable, never read by one of its weights.
            let weight = match (parts.next(), parts.next()) {
                (None, _) => 1000,
                (Some(parameter), None) => {
                    let (name, value) = parameter.trim().split_once('=')?;
                    if !name.trim().eq_ignore_ascii_case("q") {
                        return None;
                    }
                    qvalue(value.trim())?
                }
                (Some(_), Some(_)) => return None,
            };
            let well_formed = !range.is_empty()
                && range.len() <= 64
                && range.split('-').all(|subtag| (1..=8).contains(&subtag.len()) && subtag.bytes().all(|b| b.is_ascii_alphanumeric()));
            (weight > 0 && well_formed).then_some((weight, range))
        })
        .collect();
    // Stable: equal weights keep the order the client wrote.
    weighted.sort_by_key(|w| std::cmp::Reverse(w.0));
    weighted.into_iter().map(|(_, range)| range).collect()
}

/// A weight as RFC 9110 writes it (`0`, `0.5`, `1.000`), in thousandths.
fn qvalue(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = fraction.bytes().chain(std::iter::repeat(b'0')).take(3).fold(0u16, |n, b| n * 10 + u16::from(b - b'0'));
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

/// The `Accept-Language` value in a request's `_meta`, if there is one and it is a
/// string; anything else is ignored.
#[cfg(feature = "rmcp")]
pub(crate) fn of_meta(meta: &Map<String, Value>) -> Option<&str> {
    meta.get(ACCEPT_LANGUAGE_META).and_then(Value::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_read_by_weight_and_malformed_ones_dropped() {
        assert_eq!(ranges("ko-KR, ko;q=0.9, en;q=0.5"), ["ko-KR", "ko", "en"]);
        assert_eq!(ranges("en;q=0.5, ja"), ["ja", "en"]);
        assert_eq!(ranges("de;q=0, fr"), ["fr"]);
        assert_eq!(ranges("*, es"), ["es"]);
        assert_eq!(ranges("zh-Hant-TW;q=1.000"), ["zh-Hant-TW"]);
        // A weight above 1, four decimals, another parameter, a bad range: that range is dropped.
        assert_eq!(ranges("de;q=2, fr;q=0.1234, it;x=1, ko_KR, <b>, ja"), ["ja"]);
        assert!(ranges("").is_empty());
        assert!(ranges(&"a,".repeat(600)).is_empty());
    }
}
