//! JSON Schema's `email` format: an RFC 5321 `Mailbox`.

/// An RFC 5321 `Mailbox` (section 4.1.2), which is what JSON Schema's `email` format
/// means: `Local-part "@" ( Domain / address-literal )`, ASCII only (non-ASCII addresses
/// are `idn-email`, RFC 6531, which a client checking `email` refuses), with a local part
/// of at most 64 octets and a domain of at most 254. Read in one pass, without
/// allocating.
pub(crate) fn mailbox(s: &str) -> bool {
    // The common address, a dot-string local part, in one forward pass: no byte of it
    // is an `@`, so the first `@` is the last one and everything after it the domain.
    let bytes = s.as_bytes();
    let (mut i, mut after_dot) = (0, true);
    while let Some(&b) = bytes.get(i) {
        if ATEXT[usize::from(b)] {
            after_dot = false;
        } else if b == b'.' && !after_dot {
            after_dot = true;
        } else {
            break;
        }
        i += 1;
    }
    match bytes.get(i) {
        // `Dot-string = Atom *("." Atom)`, 1 to 64 octets: no empty atom, so no leading,
        // trailing or doubled dot.
        Some(b'@') if !after_dot && i <= 64 => s.get(i + 1..).is_some_and(|domain| domain.len() <= 254 && mailbox_domain(domain)),
        // A quoted local part may hold an `@`: the domain is after the last one.
        Some(b'"') if i == 0 => quoted_mailbox(s),
        _ => false,
    }
}

/// A `Mailbox` whose local part starts with a quote, split at its last `@`. No separate
/// ASCII check: every byte the grammar below accepts is ASCII. An address is short: a
/// plain scan for the last `@` beats a call to `memrchr`.
fn quoted_mailbox(s: &str) -> bool {
    let Some(at) = s.bytes().rposition(|b| b == b'@') else { return false };
    let (local, domain) = (&s.as_bytes()[..at], &s[at + 1..]);
    local_part(local) && domain.len() <= 254 && mailbox_domain(domain)
}

/// `Local-part = Dot-string / Quoted-string`, 1 to 64 octets; an empty quoted string
/// (`""`) is refused, as the common validators do.
fn local_part(local: &[u8]) -> bool {
    if local.is_empty() || local.len() > 64 {
        return false;
    }
    if let [b'"', inner @ .., b'"'] = local {
        return !inner.is_empty() && quoted_content(inner);
    }
    // `Dot-string = Atom *("." Atom)`: no empty atom, so no leading, trailing or
    // doubled dot.
    let mut after_dot = true;
    for &b in local {
        match b {
            b'.' if after_dot => return false,
            b'.' => after_dot = true,
            _ if ATEXT[usize::from(b)] => after_dot = false,
            _ => return false,
        }
    }
    !after_dot
}

/// `atext` of RFC 5322, ASCII: letters, digits and ``!#$%&'*+-/=?^_`{|}~``, by byte.
static ATEXT: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || matches!(c, b'!' | b'#'..=b'\'' | b'*' | b'+' | b'-' | b'/' | b'=' | b'?' | b'^'..=b'`' | b'{'..=b'~');
        b += 1;
    }
    table
};

/// `*QcontentSMTP`: printable ASCII and space except `"` and `\`, or a backslash
/// followed by any printable ASCII or space.
fn quoted_content(inner: &[u8]) -> bool {
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
    true
}

/// The domain of an RFC 5321 `Mailbox`: host names (letters, digits and inner hyphens,
/// labels of 1 to 63), or an address literal, `[192.0.2.1]` or `[IPv6:2001:db8::1]`
/// (RFC 5322's looser `dot-atom` would let `a@invalid=domain.com` and
/// `a@[127.0.0.300]` through).
fn mailbox_domain(domain: &str) -> bool {
    if let Some(literal) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        return match literal.strip_prefix("IPv6:") {
            Some(v6) => v6.parse::<std::net::Ipv6Addr>().is_ok(),
            None => literal.parse::<std::net::Ipv4Addr>().is_ok(),
        };
    }
    // Labels of 1 to 63 letters, digits and hyphens, not starting or ending with a
    // hyphen, between dots.
    let mut rest = domain.as_bytes();
    loop {
        let end = rest.iter().position(|&b| !LABEL[usize::from(b)]).unwrap_or(rest.len());
        let (label, after) = rest.split_at(end);
        let (Some(&first), Some(&last)) = (label.first(), label.last()) else { return false };
        if first == b'-' || last == b'-' || label.len() > 63 {
            return false;
        }
        match after {
            [] => return true,
            [b'.', tail @ ..] => rest = tail,
            _ => return false,
        }
    }
}

/// The bytes a host name's label may hold: letters, digits and hyphens.
static LABEL: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'-';
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The reading before the one-pass fast path: the address split at its last `@`,
    /// each side read by its grammar, the host name's labels counted byte by byte.
    fn split_at_last_at(s: &str) -> bool {
        let Some(at) = s.bytes().rposition(|b| b == b'@') else { return false };
        let (local, domain) = (&s.as_bytes()[..at], &s[at + 1..]);
        local_part(local) && domain.len() <= 254 && domain_counted(domain)
    }

    fn domain_counted(domain: &str) -> bool {
        if domain.starts_with('[') {
            return mailbox_domain(domain);
        }
        const NOT_HOST: u8 = 0;
        const LETTER_OR_DIGIT: u8 = 1;
        const HYPHEN: u8 = 2;
        let (mut label, mut last) = (0usize, NOT_HOST);
        for &b in domain.as_bytes() {
            let class = match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => LETTER_OR_DIGIT,
                b'-' => HYPHEN,
                _ => NOT_HOST,
            };
            if class == LETTER_OR_DIGIT || (class == HYPHEN && label > 0) {
                label += 1;
                if label > 63 {
                    return false;
                }
            } else if !(b == b'.' && last == LETTER_OR_DIGIT) {
                return false;
            } else {
                label = 0;
            }
            last = class;
        }
        last == LETTER_OR_DIGIT
    }

    #[test]
    fn the_forward_pass_agrees_with_the_split_at_the_last_at() {
        // Every string of up to six bytes over the bytes the grammar treats apart.
        let alphabet = [b'a', b'1', b'.', b'@', b'"', b'-', b'[', b']', b'\\', b' ', b'!'];
        let mut words: Vec<Vec<u8>> = vec![Vec::new()];
        let mut checked = 0;
        for _ in 0..6 {
            let mut longer = Vec::with_capacity(words.len() * alphabet.len());
            for word in &words {
                for &b in &alphabet {
                    let mut w = word.clone();
                    w.push(b);
                    let s = std::str::from_utf8(&w).expect("ASCII");
                    assert_eq!(mailbox(s), split_at_last_at(s), "{s:?}");
                    checked += 1;
                    longer.push(w);
                }
            }
            words = longer;
        }
        assert!(checked > 1_000_000);
        // Lengths at the limits, and addresses with an `@` on both sides.
        let label = |n: usize| "a".repeat(n);
        for s in [
            format!("{}@example.com", label(64)),
            format!("{}@example.com", label(65)),
            format!("a@{}.com", label(63)),
            format!("a@{}.com", label(64)),
            format!("a@b.{}", label(63)),
            format!("a@b.{}", label(64)),
            format!("a@{}", [label(63).as_str(); 4].join(".")),
            format!("a@{}", [label(60).as_str(); 5].join(".")),
            "\"a@b\"@example.com".to_owned(),
            "\"\"@example.com".to_owned(),
            "a@b@example.com".to_owned(),
            "a@[192.0.2.1]".to_owned(),
            "a@[IPv6:2001:db8::1]".to_owned(),
            "a@[a@b]".to_owned(),
            "a@-b.com".to_owned(),
            "a@b-.com".to_owned(),
            "a@b..com".to_owned(),
            "a@b.com.".to_owned(),
            ".a@b.com".to_owned(),
            "a.@b.com".to_owned(),
            "a..b@c.com".to_owned(),
            "ada@example.com".to_owned(),
            "café@example.com".to_owned(),
        ] {
            assert_eq!(mailbox(&s), split_at_last_at(&s), "{s:?}");
        }
        assert!(mailbox("ada@example.com") && mailbox("\"a@b\"@example.com") && mailbox(&format!("{}@example.com", label(64))));
        assert!(!mailbox(&format!("{}@example.com", label(65))) && !mailbox(&format!("a@{}.com", label(64))) && !mailbox("a@b@example.com"));
    }
}
