// The draft dialects without the `dialects` feature.
use elicit_runtime::dialect::UserInteraction;

fn main() {}
