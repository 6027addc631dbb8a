use elicit_runtime::Elicit;

// A type sent with a `format` of its own takes a default valid for that format, checked
// when the constant is evaluated (the derive does not know the type's format).
#[derive(Elicit)]
struct Form {
    #[elicit(default = "2024-13-45")]
    day: chrono::NaiveDate,
    #[elicit(default = "not a url")]
    home: url::Url,
    #[elicit(default = "2024-01-01T00:00:00")]
    at: Option<chrono::DateTime<chrono::Utc>>,
}

fn main() {}
