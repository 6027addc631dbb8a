// An effect that can fail, run with `once`: `once` would keep the `Result`, error and
// all, and the error type cannot be written into the sealed state.
use elicit_runtime::rmcp::Ask;

async fn charge() -> Result<u64, std::io::Error> {
    Ok(1)
}

async fn body(ask: Ask) -> Result<(), rmcp::ErrorData> {
    let _receipt = ask.once("charge", || async { charge().await }).await?;
    Ok(())
}

fn main() {
    drop(body);
}
