use std::collections::BTreeMap;

use elicit_runtime::Elicit;

#[derive(Elicit)]
struct Scores {
    by_player: BTreeMap<String, u32>,
}

fn main() {}
