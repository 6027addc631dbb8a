//! What a JSON number holds, read exactly.

use serde_json::Value;

use super::validate::Problem;

/// Reads a JSON number as an integer, accepting `3.0` (JSON Schema counts it as one).
pub(crate) fn json_integer(value: &Value) -> Result<i128, Problem> {
    let Value::Number(n) = value else {
        return Err(Problem::wrong_type("integer", value));
    };
    if let Some(i) = n.as_i64() {
        Ok(i.into())
    } else if let Some(u) = n.as_u64() {
        Ok(u.into())
    } else {
        match n.as_f64() {
            // 2^127 is far beyond every integer type a field can have.
            Some(x) if x.fract() == 0.0 && x.abs() < 1.7e38 => Ok(x as i128),
            Some(x) if x.fract() == 0.0 => Err(Problem::IntegerOutOfRange { min: i128::MIN, max: i128::MAX }),
            _ => Err(Problem::NotAnInteger),
        }
    }
}
