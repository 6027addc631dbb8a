use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(title = "Sign up")]
struct Form {
    name: String,
}

fn main() {}
