//! RFC 3339 section 5.6, as JSON Schema's `date` and `date-time` formats use it.

fn digits(b: &[u8]) -> Option<u32> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

/// `full-date = date-fullyear "-" date-month "-" date-mday`
pub(crate) fn full_date(b: &[u8]) -> bool {
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

/// `partial-time = time-hour ":" time-minute ":" time-second [time-secfrac]`
fn partial_time(b: &[u8]) -> bool {
    if b.len() < 8 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let (Some(h), Some(m), Some(s)) = (digits(&b[0..2]), digits(&b[3..5]), digits(&b[6..8])) else {
        return false;
    };
    // A leap second (60) is valid syntax; RFC 3339 leaves its plausibility to the reader.
    let frac_ok = match &b[8..] {
        [] => true,
        // Any number of digits: not folded into a number, which would overflow.
        [b'.', rest @ ..] => !rest.is_empty() && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    h <= 23 && m <= 59 && s <= 60 && frac_ok
}

/// `time-offset = "Z" / time-numoffset`
fn offset(b: &[u8]) -> bool {
    match b {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            matches!((digits(&[*h1, *h2]), digits(&[*m1, *m2])), (Some(h), Some(m)) if h <= 23 && m <= 59)
        }
        _ => false,
    }
}

/// `date-time = full-date "T" full-time`
pub(crate) fn date_time(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 20 || !matches!(b[10], b'T' | b't') || !full_date(&b[..10]) {
        return false;
    }
    let time = &b[11..];
    let split = time.iter().rposition(|&c| matches!(c, b'Z' | b'z' | b'+' | b'-'));
    match split {
        Some(at) => partial_time(&time[..at]) && offset(&time[at..]),
        None => false,
    }
}
