// A form with run-time selects asked with `elicit` and configured as any request is: the
// one error names `elicit_with`, and the request's methods add none.
use elicit_runtime::{Elicit, ElicitPeer};

#[derive(Elicit)]
struct Deploy {
    #[elicit(options)]
    repo: String,
}

async fn ask(peer: &impl ElicitPeer) {
    let _ = Deploy::elicit(peer, "Deploy which?").reask(2).send().await;
}

fn main() {}
