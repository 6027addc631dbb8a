// The item type of a run-time select must be marked `SelectItem`: the error is on the type.
use elicit_runtime::Elicit;

#[derive(Clone)]
struct RepoId(u64);

#[derive(Elicit)]
struct Deploy {
    #[elicit(options)]
    repo: RepoId,
}

fn main() {}
