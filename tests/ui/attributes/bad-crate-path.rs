use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(crate = "elicit runtime")]
struct Form {
    name: String,
}

fn main() {}
