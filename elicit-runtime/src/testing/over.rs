//! The scripted client over another transport than memory: a bridge between the wire
//! tap's side of the server (JSON-RPC messages, one per line) and an rmcp client
//! transport, such as rmcp's streamable HTTP client to a server's URL. The tap sees
//! every message as it does in memory, so every check of the transcript still applies.

use std::future::Future;
use std::task::Poll;

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
                    send_in_order(transport.send(message)).await;
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

/// Starts sending one message, in the order the tap wrote them, and lets it finish on its
/// own: a request whose answer streams back must not hold up the next message.
///
/// The transport's future is polled once here, before the next line is read: rmcp's
/// transports are lazy (its HTTP client queues the message for its worker on the first
/// poll), so a future spawned as it is could queue after the one of the next message.
/// Over streamable HTTP on 2025-11-25 that lost connections on a multi-threaded runtime:
/// the worker takes the first message after `initialize` to be `notifications/initialized`,
/// and a `tools/call` queued before it ended the session (`TransportClosed`). The queue of
/// a bounded channel is first come, first served, so a message still waiting for room
/// keeps its place when its future moves to the task that finishes it.
async fn send_in_order<F, E>(sent: F)
where
    F: Future<Output = Result<(), E>> + Send + 'static,
    E: std::fmt::Display + Send + 'static,
{
    let mut sent = Box::pin(sent);
    // Outside tokio's budget: a poll refused for want of it would not queue the message.
    let first = tokio::task::unconstrained(std::future::poll_fn(|cx| Poll::Ready(sent.as_mut().poll(cx)))).await;
    let report = |err: E| tracing::debug!(error = %err, "the scripted client's transport could not send");
    match first {
        Poll::Ready(Ok(())) => {}
        Poll::Ready(Err(err)) => report(err),
        Poll::Pending => {
            tokio::spawn(async move {
                if let Err(err) = sent.await {
                    report(err);
                }
            });
        }
    }
}
