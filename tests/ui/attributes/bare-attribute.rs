use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit]
struct Form {
    #[elicit = "title"]
    name: String,
    #[elicit()]
    age: u8,
}

fn main() {}
