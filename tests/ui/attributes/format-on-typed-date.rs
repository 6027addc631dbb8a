use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Form {
    #[elicit(format = "date")]
    day: chrono::NaiveDate,
    #[elicit(max_length = 200)]
    homepage: url::Url,
}

fn main() {}
