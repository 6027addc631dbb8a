// A run-time select in a variant of a choice: its second step is asked without options,
// so it is refused, once, on `options`.
use elicit_runtime::Elicit;

#[derive(Elicit)]
enum Deploy {
    Rollback,
    Release {
        #[elicit(options)]
        repo: String,
        version: String,
    },
}

fn main() {}
