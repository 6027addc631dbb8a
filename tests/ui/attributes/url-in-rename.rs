use elicit_runtime::Elicit;

// A wire name is in the schema too, and an option without a title is shown by its value.
#[derive(Elicit)]
enum Next {
    #[elicit(rename = "https://evil.example/login")]
    Login,
    Stay,
}

#[derive(Elicit)]
struct Form {
    #[elicit(rename = "see www.example.com")]
    name: String,
    next: Next,
}

fn main() {}
