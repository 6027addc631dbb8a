use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Choice {
    #[elicit(rename = "")]
    Nothing,
    Something,
}

#[derive(Elicit)]
struct Form {
    #[elicit(rename = "")]
    name: String,
    choice: Choice,
}

fn main() {}
