//! Clients that vanish while their forms wait: every pending elicitation ends with a
//! typed error in the tool, and nothing stays pending on the server. Many sessions, each
//! with several tool calls waiting on a client that never answers, are dropped at once
//! (the connection goes away), on 2025-06-18 and 2025-11-25.
//!
//! Calls whose cancellation reached the server end at once with `Cancelled`. The rest
//! end when the server sees the connection close: rmcp then gives running handlers 5 s
//! to finish (its drain on end of input) before it cancels them, so a vanished client's
//! forms are all gone about 5 s after it left, never later.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::{Elicit, ProtocolRevision};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

const REVISIONS: [ProtocolRevision; 2] = [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25];
const SESSIONS: usize = 20;
const CALLS_PER_SESSION: usize = 5;

#[derive(Elicit, Debug)]
struct Name {
    name: String,
}

/// Counts the elicitations in flight, and how each one ended.
#[derive(Clone, Default)]
struct Server {
    pending: Arc<AtomicUsize>,
    endings: Arc<Mutex<BTreeMap<String, usize>>>,
}

#[tool_router]
impl Server {
    #[tool(description = "asks for a name and waits")]
    async fn ask(&self, context: RequestContext<RoleServer>) -> String {
        self.pending.fetch_add(1, Ordering::SeqCst);
        let ending = match Name::elicit(&context, "Your name?").progress_every(None).await {
            Ok(answer) => format!("answered {}", answer.action()),
            Err(err) if err.is_cancelled() => "Cancelled".to_owned(),
            Err(err) if err.is_transport() => "Transport".to_owned(),
            Err(other) => format!("other {other:?}"),
        };
        *self.endings.lock().unwrap().entry(ending.clone()).or_default() += 1;
        self.pending.fetch_sub(1, Ordering::SeqCst);
        ending
    }
}

#[tool_handler]
impl ServerHandler for Server {}

async fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..3000 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{what} did not happen within 30 s");
}

/// How a client goes away.
#[derive(Debug, Clone, Copy)]
enum Vanish {
    /// Its calls are dropped (rmcp's client then sends `notifications/cancelled` for what
    /// it can) and then its connection.
    DropsEverything,
    /// The network fails: the server's input ends with nothing said about the calls in
    /// flight, and the client's calls fail with a transport error.
    ConnectionCut,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vanished_clients_leave_nothing_pending_and_each_tool_gets_a_typed_error() {
    for vanish in [Vanish::DropsEverything, Vanish::ConnectionCut] {
        for revision in REVISIONS {
            vanish_while_forms_wait(revision, vanish).await;
        }
    }
}

async fn vanish_while_forms_wait(revision: ProtocolRevision, vanish: Vanish) {
    let server = Server::default();
    let mut calls = tokio::task::JoinSet::new();
    let mut sessions = Vec::new();
    for _ in 0..SESSIONS {
        let client = ScriptedClient::new(revision).reply(Reply::Silence).respond_with(|_| Reply::Silence);
        let session: Arc<ScriptedSession> = Arc::new(client.connect(server.clone()).await.expect("connects"));
        for _ in 0..CALLS_PER_SESSION {
            let session = session.clone();
            calls.spawn(async move { session.call_tool_text("ask", json!({})).await });
        }
        sessions.push(session);
    }
    let total = SESSIONS * CALLS_PER_SESSION;
    wait_for("every form pending", || server.pending.load(Ordering::SeqCst) == total).await;

    let dropped = std::time::Instant::now();
    match vanish {
        Vanish::DropsEverything => {
            calls.abort_all();
            while calls.join_next().await.is_some() {}
            drop(sessions);
        }
        Vanish::ConnectionCut => {
            for session in &sessions {
                session.cut_connection();
            }
            let mut failed = 0;
            while let Some(call) = calls.join_next().await {
                let call = call.expect("the call's task runs to its end");
                assert!(call.is_err(), "{revision}: a call over a cut connection cannot succeed, got {call:?}");
                failed += 1;
            }
            assert_eq!(failed, total);
        }
    }

    wait_for("nothing pending", || server.pending.load(Ordering::SeqCst) == 0).await;
    let waited = dropped.elapsed();
    let endings = server.endings.lock().unwrap().clone();
    eprintln!("{revision}, {vanish:?}: {total} pending elicitations ended {waited:?} after the clients vanished: {endings:?}");
    assert!(waited < Duration::from_secs(15), "{revision}, {vanish:?}: the forms of vanished clients lived {waited:?}");
    assert_eq!(endings.values().sum::<usize>(), total, "{revision}, {vanish:?}: {endings:?}");
    assert!(
        endings.keys().all(|ending| ending == "Cancelled" || ending == "Transport"),
        "{revision}, {vanish:?}: every tool gets a typed error, got {endings:?}"
    );
}
