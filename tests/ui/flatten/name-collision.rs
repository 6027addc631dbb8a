use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Address {
    street: String,
    city: String,
}

// `address` brings `city`, which the form has already.
#[derive(Elicit)]
struct Plain {
    city: String,
    #[elicit(flatten)]
    address: Address,
}

// Two flattenings of one form without prefixes, then with the same prefix.
#[derive(Elicit)]
struct Twice {
    #[elicit(flatten)]
    billing: Address,
    #[elicit(flatten)]
    shipping: Address,
}

#[derive(Elicit)]
struct SamePrefix {
    #[elicit(flatten(prefix = "a_"))]
    billing: Address,
    #[elicit(flatten(prefix = "a_"))]
    shipping: Option<Address>,
    // A prefixed name meets a field of the form's own.
    #[elicit(rename = "b_city")]
    other_city: String,
    #[elicit(flatten(prefix = "b_"))]
    other: Address,
}

// Distinct prefixes: accepted.
#[derive(Elicit)]
struct Fine {
    #[elicit(flatten(prefix = "billing_"))]
    billing: Address,
    #[elicit(flatten(prefix = "shipping_"))]
    shipping: Address,
}

fn main() {}
