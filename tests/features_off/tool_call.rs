// The rmcp adapter without the `rmcp` feature.
use elicit_runtime::rmcp::ToolCall;

fn main() {}
