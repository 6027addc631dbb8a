//! Clients that vanish while their forms wait: every pending elicitation ends with a
//! typed error in the tool, and nothing stays pending on the server. Many sessions, each
//! with several tool calls waiting on a client that never answers, are dropped at once
//! (the connection goes away), on 2025-06-18 and 2025-11-25.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::{Elicit, ElicitError, ProtocolRevision};
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
            Ok(answer) => format!("answered {:?}", answer.action()),
            Err(ElicitError::Cancelled(_)) => "Cancelled".to_owned(),
            Err(ElicitError::Transport(_)) => "Transport".to_owned(),
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vanished_clients_leave_nothing_pending_and_each_tool_gets_a_typed_error() {
    for revision in REVISIONS {
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

        // Every client goes away mid-elicitation: its calls and its connection are dropped.
        calls.abort_all();
        while calls.join_next().await.is_some() {}
        drop(sessions);

        let dropped = std::time::Instant::now();
        wait_for("nothing pending", || server.pending.load(Ordering::SeqCst) == 0).await;
        let endings = server.endings.lock().unwrap().clone();
        eprintln!("{revision}: {total} pending elicitations ended {:?} after the clients vanished: {endings:?}", dropped.elapsed());
        assert_eq!(endings.values().sum::<usize>(), total, "{revision}: {endings:?}");
        assert!(
            endings.keys().all(|ending| ending == "Cancelled" || ending == "Transport"),
            "{revision}: every tool gets a typed error, got {endings:?}"
        );
    }
}
