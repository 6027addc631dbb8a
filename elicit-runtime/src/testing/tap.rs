//! The scripted client's wire tap: sits between server and client, answers each
//! `elicitation/create` (and the dialects' `interaction/create`) from the script, checks
//! every request, notification and `InputRequiredResult` against the official schema of
//! its revision, and passes everything else through.

use std::sync::{Arc, Mutex};

use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream};
use tokio_util::sync::CancellationToken;

use super::transcript::Shared;
use super::{Reply, spec};
use crate::revision::ProtocolRevision;

/// Sits on the wire between server and client: answers `elicitation/create` from the
/// script (so any JSON can be sent back), records what it sees, and passes everything
/// else through.
pub(super) async fn tap(server: DuplexStream, client: DuplexStream, revision: ProtocolRevision, shared: Arc<Mutex<Shared>>, cut: CancellationToken) {
    let (server_read, server_write) = tokio::io::split(server);
    let (client_read, client_write) = tokio::io::split(client);
    let server_write = Arc::new(tokio::sync::Mutex::new(server_write));
    let client_write = Arc::new(tokio::sync::Mutex::new(client_write));

    let upstream = {
        let server_write = server_write.clone();
        let substitutions = shared.clone();
        async move {
            let mut lines = BufReader::new(client_read).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let line = substitute(line, &substitutions);
                if write_line(&mut *server_write.lock().await, &line).await.is_err() {
                    break;
                }
            }
            // The client is gone: the server must see its connection close, as it would
            // over stdio or HTTP, or whatever it waits for would wait forever.
            let _ = server_write.lock().await.shutdown().await;
        }
    };
    let downstream = {
        let (server_write, client_write) = (server_write.clone(), client_write.clone());
        async move {
            let mut lines = BufReader::new(server_read).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let message: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
                match message.get("method").and_then(Value::as_str) {
                    Some(method @ ("elicitation/create" | "interaction/create")) if message.get("id").is_some() => {
                        let answered = match method {
                            #[cfg(feature = "dialects")]
                            "interaction/create" => answer_interaction(&message, &shared),
                            _ => answer(&message, revision, &shared),
                        };
                        match answered {
                            Some((Some(after), answer)) => {
                                let server_write = server_write.clone();
                                tokio::spawn(async move {
                                    tokio::time::sleep(after).await;
                                    let _ = write_line(&mut *server_write.lock().await, &answer.to_string()).await;
                                });
                            }
                            Some((None, answer)) if write_line(&mut *server_write.lock().await, &answer.to_string()).await.is_err() => break,
                            Some((None, _)) | None => {}
                        }
                        continue;
                    }
                    Some("notifications/elicitation/complete") => {
                        let checked = spec::check(revision, spec::Strictness::Official, "ElicitationCompleteNotification", &message);
                        if let Ok(mut shared) = shared.lock() {
                            if let Err(errors) = checked {
                                shared.transcript.violations.extend(errors);
                            }
                            shared.transcript.completions.push(message.get("params").cloned().unwrap_or(Value::Null));
                        }
                    }
                    None if message.pointer("/error/code") == Some(&json!(-32042)) => {
                        let checked = spec::check(revision, spec::Strictness::Official, "URLElicitationRequiredError", &message);
                        if let Ok(mut shared) = shared.lock() {
                            if let Err(errors) = checked {
                                shared.transcript.violations.extend(errors);
                            }
                            shared.transcript.url_required.push(message["error"].clone());
                        }
                    }
                    Some("notifications/progress") => {
                        if let Ok(mut shared) = shared.lock() {
                            shared.transcript.progress.push(message.get("params").cloned().unwrap_or(Value::Null));
                        }
                    }
                    Some("notifications/cancelled") => {
                        if let Ok(mut shared) = shared.lock() {
                            shared.transcript.cancellations.push(message.get("params").cloned().unwrap_or(Value::Null));
                        }
                    }
                    None if message.pointer("/result/resultType") == Some(&json!("input_required")) => {
                        record_input_required(&message["result"], revision, &shared);
                    }
                    _ => {}
                }
                if write_line(&mut *client_write.lock().await, &line).await.is_err() {
                    break;
                }
            }
            let _ = client_write.lock().await.shutdown().await;
        }
    };
    tokio::select! {
        _ = async { tokio::join!(upstream, downstream) } => {}
        () = cut.cancelled() => {
            // The network between them fails: each side sees its connection close, and
            // neither hears from the other again.
            let _ = server_write.lock().await.shutdown().await;
            let _ = client_write.lock().await.shutdown().await;
        }
    }
}

/// Checks an `InputRequiredResult` against the official schema and records its
/// elicitation requests.
fn record_input_required(result: &Value, revision: ProtocolRevision, shared: &Mutex<Shared>) {
    let Ok(mut shared) = shared.lock() else { return };
    if let Err(errors) = spec::check(revision, spec::Strictness::Official, "InputRequiredResult", result) {
        shared.transcript.violations.extend(errors);
    }
    for request in result.get("inputRequests").and_then(Value::as_object).into_iter().flat_map(|m| m.values()) {
        if request.get("method").and_then(Value::as_str) != Some("elicitation/create") {
            continue;
        }
        let official = spec::check_request(revision, spec::Strictness::Official, request);
        let strict = spec::check_request(revision, spec::Strictness::Strict, request);
        shared.record(request.get("params").cloned().unwrap_or(Value::Null), official, strict);
    }
}

/// A request with the preferred languages in its `_meta` (responses and notifications as
/// they were).
fn with_accept_language(line: String, value: &Value) -> String {
    let Ok(mut message) = serde_json::from_str::<Value>(&line) else { return line };
    if message.get("method").is_none() || message.get("id").is_none() {
        return line;
    }
    let Some(params) = message.as_object_mut().and_then(|m| m.entry("params").or_insert_with(|| Value::Object(Map::new())).as_object_mut()) else {
        return line;
    };
    let Some(meta) = params.entry("_meta").or_insert_with(|| Value::Object(Map::new())).as_object_mut() else { return line };
    meta.insert(crate::locale::ACCEPT_LANGUAGE_META.to_owned(), value.clone());
    message.to_string()
}

/// Puts the scripted raw replies into a retry's `inputResponses`.
fn substitute(line: String, shared: &Mutex<Shared>) -> String {
    let Ok(mut shared) = shared.lock() else { return line };
    let line = match &shared.accept_language {
        Some(value) => with_accept_language(line, value),
        None => line,
    };
    if shared.strip_progress_token && line.contains("\"tools/call\"") {
        let Ok(mut message) = serde_json::from_str::<Value>(&line) else { return line };
        if let Some(meta) = message.pointer_mut("/params/_meta").and_then(Value::as_object_mut) {
            meta.remove("progressToken");
        }
        shared.strip_progress_token = false;
        return message.to_string();
    }
    if shared.substitutions.is_empty() || !line.contains("inputResponses") {
        return line;
    }
    let Ok(mut message) = serde_json::from_str::<Value>(&line) else { return line };
    let Some(responses) = message.pointer_mut("/params/inputResponses").and_then(Value::as_object_mut) else { return line };
    let keys: Vec<String> = responses.keys().filter(|k| shared.substitutions.contains_key(*k)).cloned().collect();
    for key in keys {
        if let Some(raw) = shared.substitutions.remove(&key) {
            responses.insert(key, raw);
        }
    }
    message.to_string()
}

async fn write_line<W: AsyncWrite + Unpin>(writer: &mut W, line: &str) -> std::io::Result<()> {
    writer.write_all(line.as_bytes()).await?;
    writer.write_all(b"\n").await?;
    writer.flush().await
}

/// The draft "User Interaction" dialect: records an `interaction/create`
/// request (the tests check it against the dialect's schema) and answers it from the
/// script: accept is `{content}` for a `prompt`, `{}` for a `ua`; decline and cancel are
/// the error the draft shows (code -1).
#[cfg(feature = "dialects")]
fn answer_interaction(request: &Value, shared: &Mutex<Shared>) -> Option<(Option<std::time::Duration>, Value)> {
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    let prompt = params.get("type") == Some(&json!("prompt"));
    let mut shared = shared.lock().ok()?;
    let mut reply = shared.next_reply(&params);
    shared.transcript.requests.push(params);
    let mut delay = None;
    while let Reply::Delayed { after, reply: inner } = reply {
        delay = Some(delay.unwrap_or_default() + after);
        reply = *inner;
    }
    let outcome = match reply {
        Reply::Accept(content) | Reply::Pick(content) if prompt => Ok(json!({ "content": content })),
        Reply::Accept(_) | Reply::Pick(_) => Ok(json!({})),
        Reply::Raw(result) => Ok(result),
        Reply::OpenPage { .. } | Reply::FillPage { .. } => Ok(json!({})),
        Reply::Decline | Reply::Cancel | Reply::Fill { .. } => Err(json!({ "code": -1, "message": "User did not consent to the interaction" })),
        Reply::Error { code, message } => Err(json!({ "code": code, "message": message })),
        Reply::Silence | Reply::Delayed { .. } => return None,
    };
    let response = match outcome {
        Ok(result) => json!({ "jsonrpc": "2.0", "id": id, "result": result }),
        Err(error) => json!({ "jsonrpc": "2.0", "id": id, "error": error }),
    };
    Some((delay, response))
}

/// Records and checks one request, and builds the scripted JSON-RPC answer and how long
/// to wait before sending it (`None`: stay silent).
fn answer(request: &Value, revision: ProtocolRevision, shared: &Mutex<Shared>) -> Option<(Option<std::time::Duration>, Value)> {
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    let official = spec::check_request(revision, spec::Strictness::Official, request);
    let strict = spec::check_request(revision, spec::Strictness::Strict, request);
    let mut shared = shared.lock().ok()?;
    let mut reply = shared.next_reply(&params);
    shared.record(params, official, strict);
    let mut delay = None;
    while let Reply::Delayed { after, reply: inner } = reply {
        delay = Some(delay.unwrap_or_default() + after);
        reply = *inner;
    }
    let result = match reply {
        Reply::Accept(content) | Reply::Pick(content) => json!({ "action": "accept", "content": content }),
        Reply::Decline | Reply::Fill { .. } => json!({ "action": "decline" }),
        Reply::Cancel => json!({ "action": "cancel" }),
        Reply::Raw(result) => result,
        Reply::OpenPage { .. } | Reply::FillPage { .. } => json!({ "action": "accept" }),
        Reply::Error { code, message } => {
            return Some((delay, json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })));
        }
        Reply::Silence | Reply::Delayed { .. } => return None,
    };
    let mut response = Map::new();
    response.insert("jsonrpc".into(), "2.0".into());
    response.insert("id".into(), id);
    response.insert("result".into(), result);
    Some((delay, Value::Object(response)))
}
