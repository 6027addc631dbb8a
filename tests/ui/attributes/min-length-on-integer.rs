use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(min_length = 2)]
    age: u8,
}

fn main() {}
