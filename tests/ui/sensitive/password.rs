use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Login {
    username: String,
    password: String,
    #[elicit(rename = "apiKey")]
    key: String,
}

fn main() {}
