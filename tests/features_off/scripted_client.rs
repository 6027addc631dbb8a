// The scripted client without the `testing` feature.
use elicit_runtime::testing::ScriptedClient;

fn main() {}
