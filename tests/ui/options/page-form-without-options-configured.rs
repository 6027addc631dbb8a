// A page form with run-time selects asked with `elicit_via_page` and configured as any
// page request is: the one error names `elicit_via_page_with`, and the request's methods
// add none.
use std::time::Duration;

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
    let _ = Card::elicit_via_page(peer, pages, "Which account?").wait(Duration::from_secs(60)).purpose("payment").send().await;
}

fn main() {}
