use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(min_length = 3, default = "al")]
    name: String,
    #[elicit(max_length = 2, default = "abc")]
    code: String,
}

fn main() {}
