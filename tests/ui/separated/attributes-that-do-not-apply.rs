// Attributes a separated list does not take: a `default` (decided: none on the wire),
// number bounds, and `options` (a list from data is a run-time multi-select).
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Ticket {
    #[elicit(separated = ",", default = "bug")]
    labels: Vec<String>,
    #[elicit(separated = ",", maximum = 3)]
    tags: Vec<String>,
    #[elicit(separated = ",", options)]
    owners: Vec<String>,
}

fn main() {}
