//! Whether a `default` is valid for its `format`, as the runtime checks received values
//! (`elicit_runtime::form::format_is_valid`): a default the derive lets through must be
//! one the runtime accepts back when the user keeps it. Dates and date-times follow
//! RFC 3339 and email addresses RFC 5321, as in the runtime; a URI is checked for its
//! scheme and its characters (RFC 3986), the runtime parses it fully.

use crate::attr::Format;

pub fn is_valid(format: Format, s: &str) -> bool {
    match format {
        Format::Email => mailbox(s),
        Format::Uri => uri(s),
        Format::Date => full_date(s.as_bytes()),
        Format::DateTime => date_time(s),
    }
}

fn digits(b: &[u8]) -> Option<u32> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

/// `full-date = date-fullyear "-" date-month "-" date-mday`, with the days of the month.
fn full_date(b: &[u8]) -> bool {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (digits(&b[0..4]), digits(&b[5..7]), digits(&b[8..10])) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// `partial-time`: the hour, minute and second when the syntax and ranges hold.
fn partial_time(b: &[u8]) -> Option<(u32, u32, u32)> {
    if b.len() < 8 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    let (h, m, s) = (digits(&b[0..2])?, digits(&b[3..5])?, digits(&b[6..8])?);
    let frac_ok = match &b[8..] {
        [] => true,
        [b'.', rest @ ..] => !rest.is_empty() && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    (h <= 23 && m <= 59 && s <= 60 && frac_ok).then_some((h, m, s))
}

/// `time-offset`, in minutes east of UTC.
fn offset(b: &[u8]) -> Option<i32> {
    match b {
        [b'Z' | b'z'] => Some(0),
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let (h, m) = (digits(&[*h1, *h2])?, digits(&[*m1, *m2])?);
            if h > 23 || m > 59 {
                return None;
            }
            let minutes = (h * 60 + m) as i32;
            Some(if *sign == b'-' { -minutes } else { minutes })
        }
        _ => None,
    }
}

/// `date-time = full-date "T" full-time`; a leap second only at 23:59:60 UTC.
fn date_time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 20 || !matches!(b[10], b'T' | b't') || !full_date(&b[..10]) {
        return false;
    }
    let time = &b[11..];
    let Some(at) = time.iter().rposition(|&c| matches!(c, b'Z' | b'z' | b'+' | b'-')) else {
        return false;
    };
    let (Some((hour, minute, second)), Some(east)) = (partial_time(&time[..at]), offset(&time[at..])) else {
        return false;
    };
    second != 60 || (hour as i32 * 60 + minute as i32 - east).rem_euclid(24 * 60) == 23 * 60 + 59
}

/// An RFC 5321 `Mailbox`: `Local-part "@" ( Domain / address-literal )`, ASCII only.
fn mailbox(s: &str) -> bool {
    let Some(at) = s.bytes().rposition(|b| b == b'@') else { return false };
    let (local, domain) = (&s.as_bytes()[..at], &s[at + 1..]);
    local_part(local) && domain.len() <= 254 && mailbox_domain(domain)
}

fn atext(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&b)
}

fn local_part(local: &[u8]) -> bool {
    if local.is_empty() || local.len() > 64 {
        return false;
    }
    if let [b'"', inner @ .., b'"'] = local {
        let mut bytes = inner.iter();
        while let Some(&b) = bytes.next() {
            let ok = match b {
                b'\\' => bytes.next().is_some_and(|&escaped| (32..=126).contains(&escaped)),
                b'"' => false,
                _ => (32..=126).contains(&b),
            };
            if !ok {
                return false;
            }
        }
        return !inner.is_empty();
    }
    let mut after_dot = true;
    for &b in local {
        match b {
            b'.' if after_dot => return false,
            b'.' => after_dot = true,
            _ if atext(b) => after_dot = false,
            _ => return false,
        }
    }
    !after_dot
}

fn mailbox_domain(domain: &str) -> bool {
    if let Some(literal) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        return match literal.strip_prefix("IPv6:") {
            Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
            None => literal.parse::<std::net::Ipv4Addr>().is_ok(),
        };
    }
    !domain.is_empty()
        && domain.split('.').all(|label| {
            let b = label.as_bytes();
            (1..=63).contains(&b.len())
                && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
                && b[0] != b'-'
                && b[b.len() - 1] != b'-'
        })
}

/// `scheme ":" ...` with a scheme of a letter then letters, digits, `+`, `-`, `.`, and
/// only characters a URI may hold: no spaces, no `<>"{}|\^` or backquote, `%` before
/// two hex digits.
fn uri(s: &str) -> bool {
    let Some((scheme, _)) = s.split_once(':') else { return false };
    let scheme_ok = scheme.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && scheme.bytes().all(|c| c.is_ascii_alphanumeric() || b"+-.".contains(&c));
    let b = s.as_bytes();
    let chars_ok = b.iter().enumerate().all(|(i, &c)| match c {
        b'%' => b.get(i + 1..i + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)),
        _ => c.is_ascii_graphic() && !b"<>\"{}|\\^`".contains(&c),
    });
    scheme_ok && chars_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_checked_as_the_runtime_checks_answers() {
        let valid = [
            (Format::Date, "2024-02-29"),
            (Format::DateTime, "2025-11-25T10:30:00.5+02:00"),
            (Format::DateTime, "1998-12-31T23:59:60Z"),
            (Format::Email, "octocat@github.com"),
            (Format::Email, "a.b+c@[192.0.2.1]"),
            (Format::Uri, "https://example.com/a?b#c"),
            (Format::Uri, "urn:isbn:0451450523"),
            (Format::Uri, "mailto:a@b.example"),
        ];
        for (format, s) in valid {
            assert!(is_valid(format, s), "{s} is a valid {format:?}");
        }
        let invalid = [
            (Format::Date, "2023-02-29"),
            (Format::Date, "2024-13-01"),
            (Format::Date, "2024-01-32"),
            (Format::Date, "2024-1-01"),
            (Format::DateTime, "2024-01-01T00:00:00"),
            (Format::DateTime, "2024-01-01T25:00:00Z"),
            (Format::DateTime, "2024-01-01Tgarbage00Z"),
            (Format::DateTime, "1998-12-31T23:59:60+01:00"),
            (Format::Email, "a b@example.com"),
            (Format::Email, "a@b@"),
            (Format::Email, ".a@example.com"),
            (Format::Email, "a@-example.com"),
            (Format::Email, "ü@example.com"),
            (Format::Uri, "/relative/path"),
            (Format::Uri, "https://exa mple.com"),
            (Format::Uri, "1http://example.com"),
            (Format::Uri, "https://example.com/%zz"),
        ];
        for (format, s) in invalid {
            assert!(!is_valid(format, s), "{s} is not a valid {format:?}");
        }
    }
}
