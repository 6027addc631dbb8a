// The types refused for a reason of their own, written with their paths: the same reason.
// Through an alias the derive cannot see the type: the general message, once.
use elicit_runtime::Elicit;

type Wide = i128;

#[derive(Elicit)]
struct Ledger {
    initial: std::primitive::char,
    nickname: core::option::Option<core::option::Option<String>>,
    limit: Option<core::primitive::u128>,
    balance: Wide,
}

fn main() {}
