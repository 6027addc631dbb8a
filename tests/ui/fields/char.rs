use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Initials {
    first: char,
    middle: Option<char>,
}

fn main() {}
