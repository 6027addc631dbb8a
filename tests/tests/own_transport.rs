//! A second transport, written against the public `ElicitPeer` alone: JSON-RPC as
//! newline-delimited messages over a pair of byte streams (MCP's stdio framing), in
//! under 80 lines (the last test counts them). Everything else (the checks before
//! sending, the schema of each revision, validation, decoding, re-asking) comes from
//! `Elicit::elicit`, as it does over rmcp; the rounds of 2026-07-28 and the relay through
//! the model come from wrapping it (`Replay::rounds`, `Replay::relay`), with nothing
//! added to the transport.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use elicit_runtime::exchange::{Answer, ElicitationSupport, Operation, Outgoing, Provenance, Question};
use elicit_runtime::rounds::{Binding, Played, Replay, StateSealer};
use elicit_runtime::{Elicit, ElicitError, ElicitPeer, Elicitation, ErrorKind, ProtocolRevision};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader, Lines};
use tokio::sync::Mutex;

// ---- the transport ------------------------------------------------------------------

/// The server's end of a connection: requests are written to `out`, answers read from
/// `answers`, one JSON-RPC message per line.
struct LineTransport<R, W> {
    revision: ProtocolRevision,
    support: ElicitationSupport,
    out: Mutex<W>,
    answers: Mutex<Lines<BufReader<R>>>,
    next_id: AtomicU64,
}

impl<R: AsyncRead + Unpin + Send, W: AsyncWrite + Unpin + Send> LineTransport<R, W> {
    fn new(revision: ProtocolRevision, support: ElicitationSupport, answers: R, out: W) -> Self {
        let answers = Mutex::new(BufReader::new(answers).lines());
        Self { revision, support, out: Mutex::new(out), answers, next_id: AtomicU64::new(1) }
    }

    async fn write(&self, message: Value) -> Result<(), ElicitError> {
        let mut line = serde_json::to_vec(&message).map_err(ElicitError::transport)?;
        line.push(b'\n');
        let mut out = self.out.lock().await;
        out.write_all(&line).await.map_err(ElicitError::transport)?;
        out.flush().await.map_err(ElicitError::transport)
    }

    /// The response to request `id`: its `result`, or its `error` as the client's.
    async fn response(&self, id: u64) -> Result<Value, ElicitError> {
        let mut answers = self.answers.lock().await;
        loop {
            let line = answers.next_line().await.map_err(ElicitError::transport)?;
            let line = line.ok_or_else(|| ElicitError::transport(std::io::Error::from(std::io::ErrorKind::UnexpectedEof)))?;
            let mut message: Value = serde_json::from_str(&line).map_err(ElicitError::transport)?;
            if message["id"] != id {
                continue; // not ours (a notification, another request's answer)
            }
            if let Some(error) = message.get("error") {
                let message = error["message"].as_str().unwrap_or_default().to_owned();
                return Err(ElicitError::client(error["code"].as_i64().unwrap_or(0), message));
            }
            return Ok(message["result"].take());
        }
    }
}

impl<R: AsyncRead + Unpin + Send, W: AsyncWrite + Unpin + Send> ElicitPeer for LineTransport<R, W> {
    fn protocol_version(&self) -> Option<String> {
        Some(self.revision.as_str().to_owned())
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        self.support
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.write(json!({"jsonrpc": "2.0", "id": id, "method": outgoing.method, "params": outgoing.params()})).await?;
        let Some(timeout) = outgoing.timeout else { return self.response(id).await.map(Answer::new) };
        match tokio::time::timeout(timeout, self.response(id)).await {
            Ok(answer) => answer.map(Answer::new),
            Err(_) => {
                let reason = "the user did not answer in time";
                self.write(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": id, "reason": reason}})).await?;
                Err(ElicitError::timeout(timeout))
            }
        }
    }
}

// ---- end of the transport -----------------------------------------------------------

/// Where to send the invoice.
#[derive(Elicit, Debug, PartialEq)]
struct Invoice {
    /// The address the invoice goes to
    #[elicit(format = "email")]
    email: String,
    #[elicit(minimum = 1, maximum = 12)]
    copies: u8,
}

/// The `elicitation/create` params the crate itself writes for the invoice form on `revision`.
fn invoice_params(revision: ProtocolRevision) -> serde_json::Map<String, Value> {
    let schema = Invoice::requested_schema(revision).unwrap();
    Question::Form { schema, message: "Where should the invoice go?".into() }.into_params()
}

/// The client's end: reads each request the server writes, and answers it with what
/// `answer` makes of it (`None`: no answer). Returns every message it read.
fn client(
    requests: tokio::io::DuplexStream,
    mut answer: impl FnMut(&Value) -> Option<Value> + Send + 'static,
) -> (tokio::io::DuplexStream, tokio::task::JoinHandle<Vec<Value>>) {
    let (answers, mut replies) = tokio::io::duplex(1 << 16);
    let task = tokio::spawn(async move {
        let mut seen = Vec::new();
        let mut requests = BufReader::new(requests).lines();
        while let Ok(Some(line)) = requests.next_line().await {
            let message: Value = serde_json::from_str(&line).expect("the server writes JSON");
            if let Some(result) = answer(&message) {
                let mut reply = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": message["id"], "result": result})).unwrap();
                reply.push(b'\n');
                replies.write_all(&reply).await.expect("the server reads");
            }
            seen.push(message);
        }
        seen
    });
    (answers, task)
}

/// A transport to a client that answers with `answer`, on `revision`.
fn connect(
    revision: ProtocolRevision,
    answer: impl FnMut(&Value) -> Option<Value> + Send + 'static,
) -> (LineTransport<tokio::io::DuplexStream, tokio::io::DuplexStream>, tokio::task::JoinHandle<Vec<Value>>) {
    let (requests, server_writes) = tokio::io::duplex(1 << 16);
    let (answers, client) = client(server_writes, answer);
    (LineTransport::new(revision, ElicitationSupport::FORM, answers, requests), client)
}

#[tokio::test]
async fn a_form_goes_out_as_json_rpc_and_comes_back_typed_on_every_revision() {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25] {
        let (peer, client) = connect(revision, |_| Some(json!({"action": "accept", "content": {"email": "ada@example.com", "copies": 2}})));
        let answer = Invoice::elicit(&peer, "Where should the invoice go?").await.expect("answered");
        assert_eq!(answer, Elicitation::Accept(Invoice { email: "ada@example.com".into(), copies: 2 }));
        drop(peer);
        let seen = client.await.unwrap();
        assert_eq!(seen.len(), 1, "{revision}: one request");
        assert_eq!(seen[0]["method"], "elicitation/create");
        // The same params as the crate's own for the form and the revision.
        let params = invoice_params(revision);
        assert_eq!(seen[0]["params"], Value::Object(params), "{revision}");
    }
}

#[tokio::test]
async fn invalid_content_is_asked_again_through_the_transport_then_decline_and_cancel_are_answers() {
    let mut round = 0;
    let (peer, client) = connect(ProtocolRevision::V2025_11_25, move |_| {
        round += 1;
        Some(match round {
            1 => json!({"action": "accept", "content": {"email": "not an address", "copies": 40}}),
            2 => json!({"action": "accept", "content": {"email": "ada@example.com", "copies": 3}}),
            3 => json!({"action": "decline"}),
            _ => json!({"action": "cancel"}),
        })
    });
    let answer = Invoice::elicit(&peer, "Where should the invoice go?").reask(1).await.unwrap();
    assert_eq!(answer, Elicitation::Accept(Invoice { email: "ada@example.com".into(), copies: 3 }));
    assert_eq!(Invoice::elicit(&peer, "Once more?").await.unwrap(), Elicitation::Decline);
    assert_eq!(Invoice::elicit(&peer, "And again?").await.unwrap(), Elicitation::Cancel);
    drop(peer);
    let seen = client.await.unwrap();
    let reask = seen[1]["params"]["message"].as_str().unwrap();
    assert!(reask.contains("`email`") && reask.contains("`copies`: must be at most 12, got 40"), "{reask}");
    // Each request has its own id.
    let ids: Vec<&Value> = seen.iter().map(|m| &m["id"]).collect();
    assert_eq!(ids, [&json!(1), &json!(2), &json!(3), &json!(4)]);
}

#[tokio::test]
async fn a_json_rpc_error_a_closed_connection_and_a_timeout_are_typed_errors() {
    // The client answers with an error.
    let (requests, server_writes) = tokio::io::duplex(1 << 16);
    let (answers, mut from_client) = tokio::io::duplex(1 << 16);
    let peer = LineTransport::new(ProtocolRevision::V2025_11_25, ElicitationSupport::FORM, answers, requests);
    let reply = tokio::spawn(async move {
        let mut lines = BufReader::new(server_writes).lines();
        let request: Value = serde_json::from_str(&lines.next_line().await.unwrap().unwrap()).unwrap();
        let error = json!({"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": "Method not found"}});
        from_client.write_all(format!("{error}\n").as_bytes()).await.unwrap();
        drop(from_client); // then the connection closes
        lines
    });
    let err = Invoice::elicit(&peer, "Where?").await.unwrap_err();
    assert_eq!(err, ElicitError::client(-32601, "Method not found"));
    let _requests = reply.await.unwrap();
    let closed = Invoice::elicit(&peer, "Where?").await.unwrap_err();
    assert!(closed.is_transport(), "{closed:?}");

    // The client never answers: after the timeout it is told the request is cancelled.
    let (peer, client) = connect(ProtocolRevision::V2025_11_25, |_| None);
    let err = Invoice::elicit(&peer, "Where?").timeout(Duration::from_millis(50)).await.unwrap_err();
    assert_eq!(err, ElicitError::timeout(Duration::from_millis(50)));
    drop(peer);
    let seen = client.await.unwrap();
    assert_eq!(seen[1]["method"], "notifications/cancelled");
    assert_eq!(seen[1]["params"]["requestId"], seen[0]["id"]);
}

#[tokio::test]
async fn the_checks_before_sending_hold_for_any_transport() {
    // Nothing reaches the wire: a URL in a form's message, a client without forms.
    let (peer, client) = connect(ProtocolRevision::V2025_11_25, |_| panic!("nothing is sent"));
    assert_eq!(Invoice::elicit(&peer, "See https://evil.example").await.unwrap_err().kind(), ErrorKind::Rule);
    drop(peer);
    assert!(client.await.unwrap().is_empty());
    let (requests, _server_writes) = tokio::io::duplex(64);
    let (answers, _client) = tokio::io::duplex(64);
    let no_forms = LineTransport::new(ProtocolRevision::V2025_11_25, ElicitationSupport::URL, answers, requests);
    let refused = Invoice::elicit(&no_forms, "Where?").await.unwrap_err();
    assert!(refused.is_not_supported() && refused.nothing_sent(), "{refused:?}");
    assert_eq!(refused.to_string(), "the client supports only URL-mode elicitation, not forms; nothing was sent");
}

#[test]
fn the_transport_is_under_80_lines() {
    let file = include_str!("own_transport.rs");
    let start = file.find("// ---- the transport").expect("the transport's start marker");
    let end = file.find("// ---- end of the transport").expect("the transport's end marker");
    let lines = file[start..end].lines().count();
    assert!(lines < 80, "the transport takes {lines} lines");
}

/// The body of a tool that asks for the invoice, over whatever transport it is given.
async fn invoice_body<P: ElicitPeer>(peer: P) -> Result<(Elicitation<Invoice>, Provenance), ElicitError> {
    Invoice::elicit(&peer, "Where should the invoice go?").with_provenance().await
}

#[tokio::test]
async fn wrapped_in_rounds_the_same_transport_asks_on_2026_07_28() {
    let sealer = StateSealer::new(vec![7u8; 32]).unwrap();
    let binding = Binding::new(Some("ada"), "tools/call", "invoice", None);
    // A client that is never sent a request: on 2026-07-28 the questions travel in the result.
    let (peer, client) = connect(ProtocolRevision::V2026_07_28, |request| panic!("nothing is sent on 2026-07-28: {request}"));
    let operation = || Operation::new().called("invoice").for_user("ada");

    let replay = Replay::resume(&sealer, binding.clone(), None, Default::default(), operation(), false).unwrap();
    let outcome = invoice_body(replay.rounds(&peer)).await;
    assert!(outcome.as_ref().is_err_and(ElicitError::is_input_required), "{outcome:?}");
    let Ok(Played::InputRequired { questions, state }) = replay.finish(outcome).await else { panic!("the round ends on the question") };
    assert_eq!((questions[0].key.as_str(), questions[0].method), ("elicit-1", "elicitation/create"));
    let params = invoice_params(ProtocolRevision::V2026_07_28);
    assert_eq!(questions[0].question.params().into_owned(), params);

    // The client's retry: the state and its answer.
    let answer = json!({"action": "accept", "content": {"email": "ada@example.com", "copies": 2}});
    let replay = Replay::resume(&sealer, binding.clone(), Some(&state), [("elicit-1".to_owned(), answer)].into(), operation(), false).unwrap();
    let outcome = invoice_body(replay.rounds(&peer)).await;
    let Ok(Played::Complete(Ok((invoice, provenance)))) = replay.finish(outcome).await else { panic!("answered") };
    assert_eq!(invoice, Elicitation::Accept(Invoice { email: "ada@example.com".into(), copies: 2 }));
    assert_eq!(provenance, Provenance::User);

    // The state is bound to the call: another user's retry is refused before the body runs.
    let other = Binding::new(Some("bob"), "tools/call", "invoice", None);
    assert!(Replay::resume(&sealer, other, Some(&state), Default::default(), operation(), false).is_err());
    drop(peer);
    assert_eq!(client.await.unwrap(), Vec::<Value>::new());
}

#[tokio::test]
async fn wrapped_in_the_relay_a_client_without_forms_is_answered_through_its_model() {
    let sealer = StateSealer::new(vec![7u8; 32]).unwrap();
    let binding = Binding::new(None, "tools/call", "invoice", None);
    // The client declared no elicitation: the transport is never asked to send.
    let (requests, _client_end) = tokio::io::duplex(1 << 16);
    let (answers, _replies) = tokio::io::duplex(1 << 16);
    let peer = LineTransport::new(ProtocolRevision::V2025_11_25, ElicitationSupport::NONE, answers, requests);

    let replay = Replay::relayed(&sealer, binding.clone(), None, Default::default(), Operation::new()).unwrap();
    let outcome = invoice_body(replay.relay(&peer)).await;
    let Ok(Played::ForModel { questions, state }) = replay.finish(outcome).await else { panic!("the question goes to the model") };
    assert!(questions[0].via_model && questions[0].key == "elicit-1", "{questions:?}");

    // The model calls back with the user's words: the body completes, and knows who answered.
    let relayed = json!({"action": "accept", "content": {"email": "ada@example.com", "copies": 1}});
    let replay = Replay::relayed(&sealer, binding, Some(&state), [("elicit-1".to_owned(), relayed)].into(), Operation::new()).unwrap();
    let outcome = invoice_body(replay.relay(&peer)).await;
    let Ok(Played::Complete(Ok((invoice, provenance)))) = replay.finish(outcome).await else { panic!("answered") };
    assert_eq!(invoice, Elicitation::Accept(Invoice { email: "ada@example.com".into(), copies: 1 }));
    assert_eq!(provenance, Provenance::Model);

    // A client that shows forms gets them through the wrapped transport, as without the relay.
    let (peer, client) = connect(ProtocolRevision::V2025_11_25, |_| Some(json!({"action": "decline"})));
    let replay = Replay::relayed(&sealer, Binding::new(None, "tools/call", "invoice", None), None, Default::default(), Operation::new()).unwrap();
    let outcome = invoice_body(replay.relay(&peer)).await;
    assert!(matches!(replay.finish(outcome).await, Ok(Played::Complete(Ok((Elicitation::Decline, Provenance::User))))));
    drop(peer);
    assert_eq!(client.await.unwrap().len(), 1);
}
