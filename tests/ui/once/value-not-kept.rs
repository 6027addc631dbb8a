// The value of an effect run once is kept in the sealed state: serde must write it.
use elicit_runtime::rmcp::Ask;

struct Receipt {
    id: u64,
}

async fn body(ask: Ask) -> Result<(), rmcp::ErrorData> {
    let receipt = ask.try_once("charge", || async { Ok::<_, rmcp::ErrorData>(Receipt { id: 1 }) }).await?;
    let _ = receipt.id;
    Ok(())
}

fn main() {
    drop(body);
}
