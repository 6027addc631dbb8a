// A run-time select in a variant of a choice, beside a field with a mistake of its own:
// the select is refused on `options`, and the other field's mistake is reported in the
// same compile (the variant's form is checked without the select).
use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Deploy {
    Rollback,
    Release {
        #[elicit(options)]
        repo: String,
        #[elicit(separated = ",", default = 3)]
        tags: Vec<String>,
    },
}

fn main() {}
