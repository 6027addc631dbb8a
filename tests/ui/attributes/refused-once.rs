// An attribute the derive refuses is refused once: not checked again against the field's
// type, and the field adds no error of its type after it.
use elicit_runtime::Elicit;

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
}

#[derive(Elicit)]
struct Form {
    // No choice at all, and not a multi-select either: the first is said.
    #[elicit(max_items = 0)]
    name: String,
    // A hint without a pattern, on a number.
    #[elicit(pattern_hint = "digits")]
    count: u8,
    // A default a run-time select does not take, which is also not a `u32`.
    #[elicit(options, default = "red")]
    region: Option<u32>,
    // Not a run-time select's attribute, and not a string's either.
    #[elicit(options, pattern = "^[a-z]+$")]
    repo: Option<u64>,
    color: Color,
}

fn main() {}
