// `options` beside `flatten` or `separated` on one field: one error each, on the
// attribute that does not apply, and none about the form or the field's type.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Address {
    street: String,
}

#[derive(Elicit)]
struct Order {
    #[elicit(flatten, options)]
    shipping: Address,
    note: String,
}

#[derive(Elicit)]
struct Labels {
    #[elicit(options, separated = ",")]
    tags: Option<u32>,
    note: String,
}

fn main() {}
