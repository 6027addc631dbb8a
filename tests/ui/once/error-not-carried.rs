// The error of `try_once` must also carry the toolkit's own (`ElicitError`).
use elicit_runtime::rmcp::Ask;

async fn body(ask: Ask) -> Result<(), std::io::Error> {
    let _receipt: u64 = ask.try_once("charge", || async { Ok::<u64, std::io::Error>(1) }).await?;
    Ok(())
}

fn main() {
    drop(body);
}
