//! The scripted client over another transport than memory: a bridge between the wire
//! tap's side of the server (JSON-RPC messages, one per line) and an rmcp client
//! transport, such as rmcp's streamable HTTP client to a server's URL. The tap sees
//! every message as it does in memory, so every check of the transcript still applies.

use rmcp::RoleClient;
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::Transport;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

/// Carries the tap's messages to `transport`, and what `transport` receives back to the
/// tap, until either side ends. A line that is no client message (a scripted reply of raw
/// JSON that is not JSON-RPC) cannot be carried by a typed transport: it is dropped, and
/// the server never sees it.
pub(super) async fn bridge<T>(stream: DuplexStream, mut transport: T)
where
    T: Transport<RoleClient> + 'static,
{
    let (read, mut write) = tokio::io::split(stream);
    let mut lines = BufReader::new(read).lines();
    loop {
        tokio::select! {
            line = lines.next_line() => {
                let Ok(Some(line)) = line else { break };
                if let Ok(message) = serde_json::from_str::<ClientJsonRpcMessage>(&line) {
                    // Sent concurrently, as rmcp's own services send: a request whose
                    // answer streams back must not hold up the next message.
                    let sent = transport.send(message);
                    tokio::spawn(async move {
                        if let Err(err) = sent.await {
                            tracing::debug!(error = %err, "the scripted client's transport could not send");
                        }
                    });
                }
            }
            received = transport.receive() => {
                let Some(message) = received else { break };
                let Ok(mut text) = serde_json::to_string(&message) else { continue };
                text.push('\n');
                if write.write_all(text.as_bytes()).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = transport.close().await;
}
