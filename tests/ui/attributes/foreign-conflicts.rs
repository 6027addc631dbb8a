// A constraint schemars or validator states must be one the form can know at compile
// time, and say what `#[elicit(...)]` says beside it.
use elicit_runtime::Elicit;
use schemars::JsonSchema;

const MAX: u8 = 5;

#[derive(JsonSchema, Elicit)]
struct Form {
    #[schemars(range(min = 1, max = MAX))]
    priority: u8,
    #[schemars(length(min = 2))]
    #[elicit(min_length = 3)]
    name: String,
    #[schemars(email)]
    #[elicit(format = "uri")]
    contact: String,
    #[schemars(regex(pattern = "(?i)^[a-z]+$"))]
    code: String,
    #[schemars(range(min = 1))]
    label: String,
}

fn main() {}
