// A separator that is empty, only whitespace, or padded with whitespace (each item is
// trimmed, so the padding would only stop `a,b` from splitting).
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Ticket {
    #[elicit(separated = "")]
    labels: Vec<String>,
    #[elicit(separated = " ")]
    tags: Vec<String>,
    #[elicit(separated = ", ")]
    owners: Vec<String>,
}

fn main() {}
