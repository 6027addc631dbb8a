use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Form {
    #[elicit(min_items = 1)]
    name: String,
    #[elicit(max_items = 2)]
    color: Color,
}

fn main() {}
