use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(format = "email")]
    age: u8,
}

fn main() {}
