use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    name: String,
    #[elicit(rename = "name")]
    full_name: String,
}

#[derive(Elicit)]
enum Size {
    Small,
    #[elicit(rename = "Small")]
    Tiny,
}

fn main() {}
