//! URLs in text the user is shown: the MCP specification forbids them in form-mode
//! messages and schemas, and in URL-mode messages outside `url`. The derive refuses them
//! in titles and descriptions, the runtime in messages, by this one rule.

/// Schemes whose URLs have no `//` (`mailto:a@b.example`), recognised by name; any
/// other scheme counts when `//` follows it (`ftp://`, `file:///`, `myapp://`).
const OPAQUE_SCHEMES: &[&str] = &[
    "mailto", "tel", "sms", "data", "javascript", "vbscript", "urn", "news", "magnet", "geo", "sip", "sips", "xmpp", "callto", "about",
    "blob", "intent", "market", "bitcoin", "file",
];

/// Schemes a URL parser (WHATWG, every browser) reads as a URL even without `//`:
/// `https:evil.example`, `https:/evil.example` and `https:\\evil.example` all open
/// `https://evil.example/`.
const SPECIAL_SCHEMES: &[&str] = &["http", "https", "ftp", "ws", "wss", "file"];

/// The first URL in `text`, of any scheme (`https://`, `ftp://`, `mailto:`, `javascript:`,
/// a custom `app://`, any case; `https:host` and `https:\\host`, which browsers open too),
/// or a `www.` address, without the punctuation that ends the sentence or parenthesis
/// around it. Characters that show nothing (a zero-width space, a soft hyphen, a word
/// joiner) do not hide a URL, nor do full-width letters (`ｈｔｔｐｓ://`) or a
/// right-to-left override: the user sees the URL all the same, and the error quotes it as
/// it shows.
pub(crate) fn find_url(text: &str) -> Option<String> {
    if text.is_ascii() {
        return find_shown_url(text).map(str::to_owned);
    }
    let shown: String = text
        .chars()
        .filter(|&c| !is_invisible(c))
        .map(|c| match c {
            // Full-width ASCII (U+FF01..U+FF5E) shows as its ASCII letter.
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(u32::from(c) - 0xfee0).unwrap_or(c),
            _ => c,
        })
        .collect();
    if let Some(url) = find_shown_url(&shown) {
        return Some(url.to_owned());
    }
    // After a right-to-left override the letters show in reverse: `moc.live//:sptth`
    // reads `https://evil.com`.
    if !text.contains('\u{202e}') {
        return None;
    }
    let reversed: String = shown.chars().rev().collect();
    find_shown_url(&reversed).map(str::to_owned)
}

/// Characters that take no room where they stand: format characters (zero-width spaces
/// and joiners, bidirectional controls, the soft hyphen, the word joiner, invisible
/// operators, the byte order mark).
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}')
}

/// [`find_url`] in text as it shows.
fn find_shown_url(text: &str) -> Option<&str> {
    let bytes = text.as_bytes();
    let starts_word = |i: usize| i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || matches!(bytes[i - 1], b'+' | b'-' | b'.'));
    for (i, &b) in bytes.iter().enumerate() {
        if !b.is_ascii_alphabetic() || !starts_word(i) {
            continue;
        }
        let rest = &text[i..];
        let scheme_len = rest.bytes().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')).count();
        let after = &rest[scheme_len..];
        let scheme = &rest[..scheme_len];
        // Compared without allocating: the runtime reads every message through here.
        let named = |names: &[&str]| names.iter().any(|name| name.eq_ignore_ascii_case(scheme));
        let is_url = if let Some(target) = after.strip_prefix(':') {
            let first = target.chars().next();
            target.starts_with("//")
                || (named(OPAQUE_SCHEMES) && first.is_some_and(|c| !c.is_whitespace()))
                || (named(SPECIAL_SCHEMES) && first.is_some_and(|c| c.is_alphanumeric() || matches!(c, '/' | '\\' | '[')))
        } else {
            scheme.len() > 4 && scheme[..4].eq_ignore_ascii_case("www.")
        };
        if is_url {
            let mut url = rest.split_whitespace().next().unwrap_or("");
            // Sentence punctuation after the URL, and a closing bracket it did not open.
            while let Some(last) = url.chars().last() {
                let opened = |open: char| url.matches(open).count() >= url.matches(last).count();
                let keep = match last {
                    ')' => opened('('),
                    ']' => opened('['),
                    '}' => opened('{'),
                    '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '"' => false,
                    _ => true,
                };
                if keep {
                    break;
                }
                url = &url[..url.len() - last.len_utf8()];
            }
            return Some(url);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_found_in_text() {
        assert_eq!(find_url("see https://example.com/x for more").as_deref(), Some("https://example.com/x"));
        assert_eq!(find_url("Pro (see https://example.com/pricing).").as_deref(), Some("https://example.com/pricing"));
        assert_eq!(find_url("https://b.example or http://a.example").as_deref(), Some("https://b.example"));
        assert_eq!(find_url("plain words"), None);
        assert_eq!(find_url("files at ftp://files.example/x").as_deref(), Some("ftp://files.example/x"));
        assert_eq!(find_url("FILE:///etc/passwd").as_deref(), Some("FILE:///etc/passwd"));
        assert_eq!(find_url("write to mailto:help@example.com.").as_deref(), Some("mailto:help@example.com"));
        assert_eq!(find_url("click javascript:alert(1)").as_deref(), Some("javascript:alert(1)"));
        assert_eq!(find_url("call tel:+15550100").as_deref(), Some("tel:+15550100"));
        assert_eq!(find_url("open myapp://settings").as_deref(), Some("myapp://settings"));
        assert_eq!(find_url("urn:isbn:0451450523").as_deref(), Some("urn:isbn:0451450523"));
        assert_eq!(find_url("see www.example.com").as_deref(), Some("www.example.com"));
        assert_eq!(find_url("data:text/html,hi").as_deref(), Some("data:text/html,hi"));
        for text in ["Time: 10:30", "Note: read this", "ratio 1:2", "a www word", "mailto: nobody", "Step 1: open the app", "e.g. this", "key:value"] {
            assert_eq!(find_url(text), None, "{text}");
        }
    }

    /// What a browser opens, and what hides behind characters that show nothing or show
    /// as ASCII.
    #[test]
    fn urls_a_browser_opens_or_that_hide_are_found() {
        let found = [
            ("open https:evil.example", "https:evil.example"),
            ("open https:/evil.example", "https:/evil.example"),
            ("open HTTPS:\\\\evil.example", "HTTPS:\\\\evil.example"),
            ("ws:evil.example", "ws:evil.example"),
            ("https:[::1]", "https:[::1]"),
            ("see https\u{200b}://evil.example", "https://evil.example"),
            ("see h\u{ad}ttps\u{2060}://evil.example", "https://evil.example"),
            ("see www\u{200b}.evil.example", "www.evil.example"),
            ("see \u{ff48}\u{ff54}\u{ff54}\u{ff50}\u{ff53}\u{ff1a}//evil.example", "https://evil.example"),
            ("see \u{202e}elpmaxe.live//:sptth\u{202c} now", "https://evil.example"),
        ];
        for (text, url) in found {
            assert_eq!(find_url(text).as_deref(), Some(url), "{text:?}");
        }
        for text in ["HTTPS: always", "ftp: no", "zero\u{200b}width: fine", "\u{ff21}\u{ff22}: fine", "Café: open daily"] {
            assert_eq!(find_url(text), None, "{text:?}");
        }
    }
}
