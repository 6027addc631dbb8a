// `separated` beside `flatten` on one field: one error, on the attribute that does not
// apply to a flattened field, and none about the form.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Labels {
    first: String,
}

#[derive(Elicit)]
struct Issue {
    #[elicit(flatten, separated = ",")]
    labels: Labels,
    title: String,
}

fn main() {}
