use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    name: String,
    #[elicit(skip, title = "Internal id", minimum = 1)]
    id: u64,
}

fn main() {}
