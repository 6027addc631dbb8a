use elicit_runtime::Elicit;

// A default is checked as the runtime checks the answer the user sends back: a date that
// does not exist, a time out of range, an address with a space.
#[derive(Elicit)]
struct Form {
    #[elicit(format = "date", default = "2023-02-29")]
    day: String,
    #[elicit(format = "date", default = "2024-13-01")]
    month: String,
    #[elicit(format = "date-time", default = "2024-01-01T25:00:00Z")]
    at: String,
    #[elicit(format = "email", default = "first last@example.com")]
    email: String,
    #[elicit(format = "uri", default = "https://exa mple.com")]
    home: Option<String>,
}

fn main() {}
