// `separated` on a field that is not a `Vec` (or an `Option` of one).
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Ticket {
    #[elicit(separated = ",")]
    labels: String,
}

fn main() {}
