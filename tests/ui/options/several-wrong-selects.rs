// Several run-time selects whose types are no run-time select, in one form: one error on
// each type, and no copy of one where the form's code looks at all of them at once (its
// struct of options, its `Clone` and `Debug`, `elicit_with`), whichever comes first.
use elicit_runtime::Elicit;
use elicit_runtime::page::Secret;

#[derive(Clone)]
struct RepoId(u64);
impl elicit_runtime::form::SelectItem for RepoId {}

#[derive(Elicit)]
struct Deploy {
    #[elicit(options)]
    confirm: bool,
    #[elicit(options)]
    region: Option<f64>,
}

#[derive(Elicit)]
struct Release {
    #[elicit(options)]
    repo: RepoId,
    #[elicit(options)]
    targets: Vec<f32>,
    #[elicit(options)]
    branch: String,
}

#[derive(Elicit)]
#[elicit(page)]
struct Card {
    #[elicit(options)]
    account: RepoId,
    #[elicit(options)]
    plan: Option<bool>,
    number: Secret,
}

fn main() {}
