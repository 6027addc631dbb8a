use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(default = "thirty")]
    age: u8,
    #[elicit(default = 300)]
    score: u8,
    #[elicit(default = 1.5)]
    count: u32,
    #[elicit(default = -1)]
    name: String,
    #[elicit(default = "yes")]
    agree: bool,
}

fn main() {}
