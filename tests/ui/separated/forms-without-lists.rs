// The forms a separated list cannot be in yet: a page form, a generic form, and a form
// that flattens another.
use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(page)]
struct Page {
    #[elicit(separated = ",")]
    labels: Vec<String>,
}

#[derive(Elicit)]
struct Generic<T> {
    #[elicit(separated = ",")]
    labels: Vec<String>,
    value: T,
}

#[derive(Elicit)]
struct Address {
    city: String,
}

#[derive(Elicit)]
struct Order {
    #[elicit(separated = ",")]
    labels: Vec<String>,
    #[elicit(flatten)]
    address: Address,
}

fn main() {}
