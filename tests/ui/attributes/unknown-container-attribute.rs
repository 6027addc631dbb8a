use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(tag = "kind")]
struct Form {
    name: String,
}

fn main() {}
