//! JSON Schema's `email` format: an RFC 5321 `Mailbox`.

/// An RFC 5321 `Mailbox` (section 4.1.2), which is what JSON Schema's `email` format
/// means: `Local-part "@" ( Domain / address-literal )`, ASCII only (non-ASCII addresses
/// are `idn-email`, RFC 6531, which a client checking `email` refuses), with a local part
/// of at most 64 octets and a domain of at most 254. Read in one pass, without
/// allocating.
pub(crate) fn mailbox(s: &str) -> bool {
    // No separate ASCII check: every byte the grammar below accepts is ASCII. An address
    // is short: a plain scan for the last `@` beats a call to `memrchr`.
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
    // Labels of 1 to 63 letters, digits and hyphens, not starting or ending with one.
    let (mut label, mut last) = (0usize, NOT_HOST);
    for &b in domain.as_bytes() {
        let class = HOST[usize::from(b)];
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

const NOT_HOST: u8 = 0;
const LETTER_OR_DIGIT: u8 = 1;
const HYPHEN: u8 = 2;

/// The bytes of a host name's labels, by class.
static HOST: [u8; 256] = {
    let mut table = [NOT_HOST; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = if c.is_ascii_alphanumeric() {
            LETTER_OR_DIGIT
        } else if c == b'-' {
            HYPHEN
        } else {
            NOT_HOST
        };
        b += 1;
    }
    table
};

