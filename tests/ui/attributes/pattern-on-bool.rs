use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(pattern = "^yes$")]
    agree: bool,
}

fn main() {}
