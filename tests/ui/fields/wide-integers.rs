use elicit_runtime::Elicit;

// A 128-bit integer is refused with what a JSON number carries, in an `Option` too.
#[derive(Elicit)]
struct Ledger {
    balance: i128,
    limit: Option<u128>,
}

fn main() {}
