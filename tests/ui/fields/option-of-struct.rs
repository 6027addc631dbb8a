use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Address {
    street: String,
}

#[derive(Elicit)]
struct Contact {
    name: String,
    address: Option<Address>,
}

fn main() {}
