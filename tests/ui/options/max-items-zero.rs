// `max_items = 0` on a run-time multi-select: the one error on the attribute, and nothing
// about the field's type (which is a run-time multi-select, not a field type).
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Deploy {
    #[elicit(options, max_items = 0)]
    repos: Vec<String>,
    #[elicit(options, min_items = 3, max_items = 2)]
    regions: Vec<u32>,
}

fn main() {}
