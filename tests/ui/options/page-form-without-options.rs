// A page form with run-time selects asked with `elicit_via_page`: the message names
// `elicit_via_page_with`.
use elicit_runtime::page::{Pages, Secret};
use elicit_runtime::{Elicit, ElicitPeer};

#[derive(Elicit)]
#[elicit(page)]
struct Card {
    #[elicit(options)]
    account: String,
    pin: Secret,
}

async fn ask(peer: &impl ElicitPeer, pages: &Pages) {
    let _ = Card::elicit_via_page(peer, pages, "Which account?").await;
}

fn main() {}
