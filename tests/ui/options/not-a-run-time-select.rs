// Options for a field that is not a run-time select: the struct has no such field.
use elicit_runtime::form::Options;
use elicit_runtime::{Elicit, ElicitPeer};

#[derive(Elicit)]
#[elicit(rename_all = "lowercase")]
enum Env {
    Staging,
    Production,
}

#[derive(Elicit)]
struct Deploy {
    #[elicit(options)]
    repo: String,
    env: Env,
}

async fn ask(peer: &impl ElicitPeer) {
    let repo = Options::untitled([("api", "api".to_owned())]).unwrap();
    let env = Options::untitled([("staging", "staging".to_owned())]).unwrap();
    let _ = Deploy::elicit_with(peer, "Deploy which?", DeployOptions { repo, env }).await;
}

fn main() {}
