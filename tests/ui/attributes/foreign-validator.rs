// validator's rules the form cannot state or would skip: refused on the attribute.
use std::sync::LazyLock;

use elicit_runtime::Elicit;
use validator::{Validate, ValidationError};

static CODE: LazyLock<regex::Regex> = LazyLock::new(|| regex::Regex::new("^[A-Z]+$").unwrap());

fn odd(n: u32) -> Result<(), ValidationError> {
    if n % 2 == 1 { Ok(()) } else { Err(ValidationError::new("odd")) }
}

// Without `#[elicit(validate = elicit_runtime::exchange::validator_rules)]`, validator's
// own rules would never run on an answer.
#[derive(Validate, Elicit)]
struct Form {
    #[validate(regex(path = *CODE))]
    code: String,
    #[validate(required)]
    nickname: Option<String>,
    #[validate(custom(function = "odd"))]
    seats: u32,
}

fn main() {}
