use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(minimum = 1)]
    name: String,
}

fn main() {}
