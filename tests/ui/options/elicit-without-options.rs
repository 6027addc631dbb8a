// A form with run-time selects asked with `elicit`: the message names `elicit_with`.
use elicit_runtime::{Elicit, ElicitPeer};

#[derive(Elicit)]
struct Deploy {
    #[elicit(options)]
    repo: String,
}

async fn ask(peer: &impl ElicitPeer) {
    let _ = Deploy::elicit(peer, "Deploy which?").await;
}

fn main() {}
