use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(min_length = 10, max_length = 5)]
    name: String,
}

fn main() {}
