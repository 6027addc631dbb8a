// A run-time select's options left out of the struct literal: the field is named.
use elicit_runtime::form::Options;
use elicit_runtime::{Elicit, ElicitPeer};

#[derive(Elicit)]
struct Deploy {
    #[elicit(options)]
    repo: String,
    #[elicit(options)]
    region: Option<u8>,
}

async fn ask(peer: &impl ElicitPeer) {
    let repo = Options::untitled([("api", "api".to_owned())]).unwrap();
    let _ = Deploy::elicit_with(peer, "Deploy which?", DeployOptions { repo }).await;
}

fn main() {}
