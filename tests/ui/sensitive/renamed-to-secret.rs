use elicit_runtime::Elicit;

// The check is on the wire name: an innocent Rust name renamed to a secret is caught.
#[derive(Elicit)]
struct Form {
    #[elicit(rename = "userPassword")]
    value: String,
}

fn main() {}
