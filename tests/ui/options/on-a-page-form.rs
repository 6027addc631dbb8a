// A page form cannot have run-time selects yet.
use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(page)]
struct Card {
    #[elicit(options)]
    account: String,
}

fn main() {}
