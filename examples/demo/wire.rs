//! The wire: the demo's server and client talk newline-delimited JSON-RPC through an
//! in-memory tap that prints the messages that matter (the forms, the URL-mode requests,
//! their answers, and on 2026-07-28 the `InputRequiredResult`s and the retries).

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream};

/// Decides which JSON-RPC messages the demo prints: the forms and the answers to them.
///
/// - 2025-06-18 and 2025-11-25: each `elicitation/create` request (server to client) and
///   the client's answer to it; on 2025-11-25 also URL mode's
///   `notifications/elicitation/complete` (the page is done).
/// - 2026-07-28: each `InputRequiredResult` the server answers a `tools/call` with, and
///   each retry of the call (`tools/call` with `inputResponses` and `requestState`).
///
/// Each `requestedSchema` is printed in full once; later copies of it are shortened in
/// the printout only (the wire carries it every time).
#[derive(Default)]
pub(crate) struct Wire {
    /// Ids of the `elicitation/create` requests sent, awaiting their answers.
    elicitations: HashSet<String>,
    /// Ids of the `tools/call` requests sent, awaiting their results.
    calls: HashSet<String>,
    schemas_shown: Vec<Value>,
}

fn id_of(message: &Value) -> String {
    message.get("id").map(Value::to_string).unwrap_or_default()
}

impl Wire {
    /// What to print of a message from the server, if anything.
    fn on_server_message(&mut self, message: &Value) -> Option<String> {
        match message.get("method").and_then(Value::as_str) {
            Some("elicitation/create") => {
                self.elicitations.insert(id_of(message));
                let mode = if message.pointer("/params/mode").and_then(Value::as_str) == Some("url") {
                    " (URL mode: the page's address, no form)"
                } else {
                    ""
                };
                return Some(format!("[wire] server -> client: elicitation/create{mode}\n{}", indent(&pretty(&self.shorten(message)))));
            }
            Some("notifications/elicitation/complete") => {
                return Some(format!(
                    "[wire] server -> client: notifications/elicitation/complete (the page is done; the id is the request's elicitationId)\n{}",
                    indent(&pretty(message))
                ));
            }
            _ => {}
        }
        if message.get("method").is_none() && self.calls.remove(&id_of(message)) {
            let result = message.get("result")?;
            if result.get("resultType").and_then(Value::as_str) == Some("input_required") {
                let questions = result.get("inputRequests").and_then(Value::as_object).map_or(0, |r| r.len());
                return Some(format!(
                    "[wire] server -> client: the tools/call result is an InputRequiredResult ({questions} input request{}; the sealed requestState carries the answers so far, bound to the tool and its arguments)\n{}",
                    if questions == 1 { "" } else { "s" },
                    indent(&pretty(&self.shorten(message)))
                ));
            }
        }
        None
    }

    /// What to print of a message from the client, if anything.
    fn on_client_message(&mut self, message: &Value) -> Option<String> {
        match message.get("method").and_then(Value::as_str) {
            None if self.elicitations.remove(&id_of(message)) => {
                Some(format!("[wire] client -> server: the answer\n{}", indent(&pretty(message))))
            }
            Some("tools/call") => {
                self.calls.insert(id_of(message));
                let params = message.get("params")?;
                (params.get("inputResponses").is_some() || params.get("requestState").is_some()).then(|| {
                    format!(
                        "[wire] client -> server: tools/call again, with the answers in inputResponses and the requestState echoed\n{}",
                        indent(&pretty(message))
                    )
                })
            }
            _ => None,
        }
    }

    /// The message with every `requestedSchema` printed before replaced by a note.
    fn shorten(&mut self, message: &Value) -> Value {
        let mut pointers = vec!["/params/requestedSchema".to_owned()];
        if let Some(requests) = message.pointer("/result/inputRequests").and_then(Value::as_object) {
            // JSON Pointer escapes `~` and `/` in keys.
            let escape = |key: &str| key.replace('~', "~0").replace('/', "~1");
            pointers.extend(requests.keys().map(|key| format!("/result/inputRequests/{}/params/requestedSchema", escape(key))));
        }
        let mut shown = message.clone();
        for pointer in pointers {
            let Some(schema) = shown.pointer_mut(&pointer) else { continue };
            if self.schemas_shown.contains(schema) {
                *schema = Value::from("<the same requestedSchema as printed above>");
            } else {
                self.schemas_shown.push(schema.clone());
            }
        }
        shown
    }
}

/// Forwards newline-delimited JSON-RPC between the two ends, printing what [`Wire`]
/// picks.
pub(crate) fn tap(server_end: DuplexStream, client_end: DuplexStream) {
    let (server_read, server_write) = tokio::io::split(server_end);
    let (client_read, client_write) = tokio::io::split(client_end);
    let wire: Arc<Mutex<Wire>> = Arc::default();
    let from_client = wire.clone();
    tokio::spawn(async move {
        let _ = forward(server_read, client_write, |message| {
            if let Some(text) = wire.lock().unwrap_or_else(|e| e.into_inner()).on_server_message(message) {
                println!("{text}");
            }
        })
        .await;
    });
    tokio::spawn(async move {
        let _ = forward(client_read, server_write, |message| {
            if let Some(text) = from_client.lock().unwrap_or_else(|e| e.into_inner()).on_client_message(message) {
                println!("{text}");
            }
        })
        .await;
    });
}

async fn forward(from: impl tokio::io::AsyncRead + Unpin, mut to: impl tokio::io::AsyncWrite + Unpin, mut inspect: impl FnMut(&Value)) -> std::io::Result<()> {
    let mut lines = BufReader::new(from).lines();
    while let Some(line) = lines.next_line().await? {
        if let Ok(message) = serde_json::from_str::<Value>(&line) {
            inspect(&message);
        }
        to.write_all(line.as_bytes()).await?;
        to.write_all(b"\n").await?;
        to.flush().await?;
    }
    to.shutdown().await
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}")).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_wire_shows_forms_and_answers_on_every_revision() {
        let schema = json!({"type": "object", "properties": {"name": {"type": "string"}}});
        let mut wire = Wire::default();

        // 2025-x: the request and its answer; other traffic is left out.
        let request = json!({"jsonrpc": "2.0", "id": 0, "method": "elicitation/create", "params": {"message": "?", "requestedSchema": schema}});
        let shown = wire.on_server_message(&request).unwrap_or_default();
        assert!(shown.starts_with("[wire] server -> client: elicitation/create") && shown.contains("\"name\""), "{shown}");
        let answer = json!({"jsonrpc": "2.0", "id": 0, "result": {"action": "decline"}});
        assert!(wire.on_client_message(&answer).is_some_and(|s| s.contains("decline")));
        assert_eq!(wire.on_client_message(&answer), None, "an answer is shown once");
        assert_eq!(wire.on_client_message(&json!({"jsonrpc": "2.0", "id": 5, "result": {}})), None);

        // 2026-07-28: the first call is not shown, its InputRequiredResult is (with the
        // schema shortened, as it was shown above), and so is the retry.
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "register"}});
        assert_eq!(wire.on_client_message(&call), None);
        let input_required = json!({"jsonrpc": "2.0", "id": 1, "result": {
            "resultType": "input_required",
            "inputRequests": {"elicit-1": {"method": "elicitation/create", "params": {"mode": "form", "message": "?", "requestedSchema": schema}}},
            "requestState": "rs1.sealed"
        }});
        let shown = wire.on_server_message(&input_required).unwrap_or_default();
        assert!(shown.contains("InputRequiredResult (1 input request;"), "{shown}");
        assert!(shown.contains("rs1.sealed") && shown.contains("<the same requestedSchema as printed above>"), "{shown}");
        assert!(!shown.contains("\"name\""), "{shown}");
        let retry = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "register", "inputResponses": {"elicit-1": {"action": "cancel"}}, "requestState": "rs1.sealed"
        }});
        assert!(wire.on_client_message(&retry).is_some_and(|s| s.contains("tools/call again") && s.contains("\"cancel\"")));
        let complete = json!({"jsonrpc": "2.0", "id": 2, "result": {"resultType": "complete", "content": []}});
        assert_eq!(wire.on_server_message(&complete), None);

        // A schema not seen before is printed in full, inside an InputRequiredResult too.
        let mut fresh = Wire::default();
        assert_eq!(fresh.on_client_message(&call), None);
        assert!(fresh.on_server_message(&input_required).is_some_and(|s| s.contains("\"name\"")));

        // URL mode (2025-11-25): the request says so, and the completion notice is shown.
        let url_request = json!({"jsonrpc": "2.0", "id": 3, "method": "elicitation/create", "params": {
            "mode": "url", "message": "Sign in", "url": "https://conference.example.com/connect?id=abc", "elicitationId": "abc"
        }});
        let shown = fresh.on_server_message(&url_request).unwrap_or_default();
        assert!(shown.starts_with("[wire] server -> client: elicitation/create (URL mode") && shown.contains("\"elicitationId\": \"abc\""), "{shown}");
        let complete = json!({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": "abc"}});
        let shown = fresh.on_server_message(&complete).unwrap_or_default();
        assert!(shown.starts_with("[wire] server -> client: notifications/elicitation/complete") && shown.contains("\"abc\""), "{shown}");
    }
}
