// A variant of a choice that holds a form with run-time selects: the choice's second
// step is asked without options, so the variant is refused, once, on its form's type.
use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Release {
    #[elicit(options)]
    repo: String,
    version: String,
}

#[derive(Elicit)]
enum Deploy {
    Rollback,
    Release(Release),
}

fn main() {}
