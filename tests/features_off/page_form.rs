// A page form asked without the `page` feature (the form and its `Secret` exist without it).
use elicit_runtime::page::{PageForm, Secret};
use elicit_runtime::{Elicit, ElicitPeer};

#[derive(Elicit)]
#[elicit(page)]
struct ApiKey {
    key: Secret,
}

fn ask(peer: &impl ElicitPeer) {
    let _ = ApiKey::elicit_via_page(peer, &(), "Connect your API key");
}

fn main() {}
