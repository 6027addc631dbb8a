// Attributes a run-time select does not take, and `min_items` on a single-select.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Deploy {
    #[elicit(options, default = "api")]
    repo: String,
    #[elicit(options, min_length = 2)]
    branch: String,
    #[elicit(options, min_items = 1)]
    region: u8,
}

fn main() {}
