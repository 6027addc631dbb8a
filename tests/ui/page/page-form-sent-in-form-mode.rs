use elicit_runtime::{Elicit, ElicitPeer, Elicitation};
use elicit_runtime::page::Secret;

#[derive(Elicit)]
#[elicit(page)]
struct ApiKey {
    key: Secret,
}

async fn ask(peer: &impl ElicitPeer) {
    let _: Result<Elicitation<ApiKey>, _> = ApiKey::elicit(peer, "Your key").await;
}

fn main() {}
