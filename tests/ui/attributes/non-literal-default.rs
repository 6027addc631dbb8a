use elicit_runtime::Elicit;

const GUESTS: u8 = 2;

#[derive(Elicit)]
struct Form {
    #[elicit(default = GUESTS)]
    guests: u8,
    #[elicit(default = String::new())]
    name: String,
}

fn main() {}
