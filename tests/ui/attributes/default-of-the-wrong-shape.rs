// A list for a select's default, a string for a multi-select's: one type error each, and
// no second about the value not being an option.
use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Size {
    #[elicit(title = "Small")]
    S,
    #[elicit(title = "Large")]
    L,
}

#[derive(Elicit)]
struct Form {
    #[elicit(default = ["red"])]
    size: Size,
    #[elicit(default = "red")]
    sizes: Vec<Size>,
}

fn main() {}
