use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(max_len = 10)]
    name: String,
}

fn main() {}
