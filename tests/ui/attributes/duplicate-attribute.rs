use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(title = "Name")]
    #[elicit(title = "Full name")]
    name: String,
    #[elicit(minimum = 1, minimum = 2)]
    guests: u8,
}

fn main() {}
