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

/// `partial-time = time-hour ":" time-minute ":" time-second [time-secfrac]`: the
/// hour, minute and second when the syntax and ranges hold.
fn partial_time(b: &[u8]) -> Option<(u32, u32, u32)> {
    if b.len() < 8 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    let (h, m, s) = (digits(&b[0..2])?, digits(&b[3..5])?, digits(&b[6..8])?);
    let frac_ok = match &b[8..] {
        [] => true,
        // Any number of digits: not folded into a number, which would overflow.
        [b'.', rest @ ..] => !rest.is_empty() && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    (h <= 23 && m <= 59 && s <= 60 && frac_ok).then_some((h, m, s))
}

/// `time-offset = "Z" / time-numoffset`: the offset east of UTC, in minutes.
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

/// `date-time = full-date "T" full-time`
///
/// A leap second (`:60`) is valid only where RFC 3339 (section 5.7) puts leap seconds: at
/// the end of a UTC day, so the time converted to UTC must read 23:59:60
/// (`1998-12-31T15:59:60-08:00` is one; `1998-12-31T23:59:60+01:00` is 22:59:60 UTC and
/// is not). As in the JSON-Schema-Test-Suite, the date itself is not checked against the
/// list of leap seconds actually inserted.
pub(crate) fn date_time(s: &str) -> bool {
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
