// A run-time select's type that is no item, no `Option` of one and no `Vec` of them: one
// error on the type, however many places the derive's code looks at it (the struct of
// options, its `Clone` and `Debug`, the schema, the decoding).
use elicit_runtime::Elicit;

#[derive(Clone, Debug)]
struct Address {
    street: String,
}

#[derive(Elicit)]
struct Confirm {
    #[elicit(options)]
    confirm: bool,
    note: String,
}

#[derive(Elicit)]
struct Ship {
    #[elicit(options, min_items = 1)]
    targets: Vec<Address>,
}

#[derive(Elicit)]
struct Place {
    #[elicit(options)]
    region: Option<f64>,
}

fn main() {}
