// `#[elicit(json_schema)]` without the `schemars` feature.
use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(json_schema)]
struct Review {
    comment: String,
}

fn main() {}
