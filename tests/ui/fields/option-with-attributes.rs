use elicit_runtime::Elicit;

struct Address {
    street: String,
}

// One error per unsupported type: the attributes of the field add none.
#[derive(Elicit)]
struct Contact {
    #[elicit(title = "Address", min_length = 3)]
    address: Option<Address>,
    #[elicit(minimum = 0, default = 5)]
    balance: Option<i128>,
    #[elicit(max_length = 1)]
    initial: char,
}

fn main() {}
