//! What a JSON number holds, read exactly.
//!
//! serde_json reads a number written as a plain integer (`42`, `-7`) that fits `i64` or
//! `u64` exactly. Anything else (a fraction part `42.0`, an exponent `4.2e1`, or an
//! integer too large for 64 bits) it reads as the nearest IEEE 754 double, and the
//! spelling is gone. Up to 2^53 − 1 in magnitude every whole double is exactly the integer
//! that was written; beyond it, neighbouring integers share one double
//! (`9007199254740993.0` reads as `9007199254740992`), so a whole double there is not
//! proof of what the user sent.

use serde_json::Value;

use super::schema::JSON_SAFE_INTEGER;
use super::problem::Problem;

/// Reads a JSON number for an integer field whose Rust type holds `min..=max`.
///
/// Accepts exactly the integers the type holds, whatever the spelling, as far as the
/// JSON reading keeps them:
///
/// - a plain integer (`-7`, `18446744073709551615`): exact, kept if in range;
/// - a fraction part or exponent (`3.0`, `1e2`, `-0.0`): JSON Schema counts a number
///   whose fraction is zero as an integer, so it is that integer, kept if in range and
///   at most 2^53 − 1 in magnitude ([`JSON_SAFE_INTEGER`]);
/// - anything else is refused: a fraction ([`Problem::NotAnInteger`]), a value outside
///   the type ([`Problem::IntegerOutOfRange`], whatever the spelling: `1e300`,
///   `18446744073709551616`, `-9223372036854775809`), a whole number beyond 2^53 − 1
///   written with a fraction part or exponent that the type would hold
///   ([`Problem::InexactInteger`]).
#[inline]
pub(crate) fn json_integer(value: &Value, min: i128, max: i128) -> Result<i128, Problem> {
    let Value::Number(number) = value else {
        return Err(Problem::wrong_type("integer", value));
    };
    // Built only when refused: a `Problem` has drop glue, which an eager value would run on
    // every accepted integer.
    let out_of_range = || Problem::IntegerOutOfRange { min, max };
    let n = if let Some(i) = number.as_i64() {
        i128::from(i)
    } else if let Some(u) = number.as_u64() {
        i128::from(u)
    } else {
        // A double (or, with serde_json's `arbitrary_precision`, a spelling that is not
        // a plain 64-bit integer, read here as the nearest double, as without it).
        let x = number.as_f64().unwrap_or(f64::NAN);
        if x.is_infinite() {
            return Err(out_of_range());
        }
        if x.fract() != 0.0 {
            // NaN (nothing serde_json produces) lands here too.
            return Err(Problem::NotAnInteger);
        }
        // Every integer type a field can have lies within ±2^127; a whole double below
        // that converts to i128 exactly.
        if x.abs() >= 1.7e38 {
            return Err(out_of_range());
        }
        let whole = x as i128;
        // -2^63 is also what every plain integer just below i64::MIN reads as (the only
        // double in a field's range that a plain spelling can give): out of range.
        if whole < min || whole > max || whole <= i128::from(i64::MIN) {
            return Err(out_of_range());
        }
        if whole.abs() > JSON_SAFE_INTEGER {
            return Err(Problem::InexactInteger);
        }
        whole
    };
    if n < min || n > max {
        return Err(out_of_range());
    }
    Ok(n)
}
