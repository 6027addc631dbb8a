use elicit_runtime::Elicit;
use elicit_runtime::page::Secret;

#[derive(Elicit)]
struct Login {
    user: String,
    word: Secret,
    again: Option<Secret>,
}

fn main() {}
