use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Address {
    street: String,
}

// A flattened field is not sent itself: attributes of a field of its own name nothing.
#[derive(Elicit)]
struct Order {
    #[elicit(flatten, title = "Billing", min_length = 2, default = "x")]
    billing: Address,
    #[elicit(flatten(prefix = "ship_"), rename = "shipping", description = "Where to")]
    shipping: Address,
    #[elicit(flatten(prefix = "gift_"), format = "email", not_sensitive)]
    gift: Option<Address>,
}

fn main() {}
