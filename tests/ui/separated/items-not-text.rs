// The items of a separated list must be text: a `Vec<u8>` is refused on the attribute.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Scores {
    #[elicit(separated = ",")]
    scores: Vec<u8>,
}

fn main() {}
