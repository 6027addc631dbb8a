// A `chrono` date as a field, without the `chrono` feature.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Trip {
    /// The day you leave
    start: chrono::NaiveDate,
    back: Option<chrono::DateTime<chrono::Utc>>,
}

fn main() {}
