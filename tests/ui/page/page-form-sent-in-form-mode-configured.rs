// A page form sent in form mode and configured as any request is: the one error names
// `elicit_via_page`, and the request's methods add none.
use elicit_runtime::page::Secret;
use elicit_runtime::{Elicit, ElicitPeer};

#[derive(Elicit)]
#[elicit(page)]
struct ApiKey {
    key: Secret,
}

async fn ask(peer: &impl ElicitPeer) {
    let _ = ApiKey::elicit(peer, "Your key").reask(2).send().await;
}

fn main() {}
