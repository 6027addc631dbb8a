//! Two instances of a server as one deployment (`testing::Deployment`), sharing the
//! `StateSealer` key and URL-mode interactions in a real Redis, driven by the scripted
//! client over streamable HTTP on every revision: 2026-07-28 rounds answered by another
//! instance, a page completed on another instance, an instance stopped between rounds
//! (2026-07-28) or between calls (the sessions of the older revisions).
//!
//! `redis-server` comes from the system's packages (`tests/interop/run.sh` installs it).
//! Without it the suite says so on stderr and checks nothing, unless
//! `ELICIT_REQUIRE_REDIS=1` (as in CI), which makes its absence a failure.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Deployment, Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::url::{Interactions, RedisStore};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// A `redis-server` on a free loopback port, stopped when dropped.
struct Redis {
    child: Child,
    port: u16,
}

impl Redis {
    fn start() -> Option<Self> {
        let installed = Command::new("redis-server").arg("--version").stdout(Stdio::null()).status().is_ok_and(|s| s.success());
        if !installed {
            assert!(std::env::var_os("ELICIT_REQUIRE_REDIS").is_none(), "ELICIT_REQUIRE_REDIS is set but redis-server is not installed");
            eprintln!("redis-server is not installed: this suite checks nothing (tests/interop/run.sh installs it)");
            return None;
        }
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port");
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server starts");
        // Stopped when dropped, a failed start included.
        let redis = Redis { child, port };
        // Bounded: 10 s at most.
        for _ in 0..200 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Some(redis);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("redis-server did not listen on port {port}");
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Elicit)]
struct First {
    a: u8,
}

#[derive(Elicit)]
struct Second {
    b: u8,
}

/// One instance: its own connection to the shared store, the key every instance shares.
#[derive(Clone)]
struct Shop {
    sealer: StateSealer,
    interactions: Interactions,
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[tool_router]
impl Shop {
    #[tool(description = "two questions")]
    async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let Elicitation::Accept(First { a }) = First::elicit(&ask, "a?").await? else { return Ok(text("no a")) };
            let Elicitation::Accept(Second { b }) = Second::elicit(&ask, "b?").await? else { return Ok(text("no b")) };
            Ok(text(format!("{a} {b}")))
        })
        .await
    }

    #[tool(description = "a page of the shop's own, for ada")]
    async fn connect(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                let page = interactions.url_request(&ask, "ada", "api-key", "Open the page", |id| format!("https://shop.example/keys?id={id}")).await?;
                Ok(text(match page.ask(&ask).await? {
                    Elicitation::Accept(()) => {
                        page.completion(&ask, Duration::from_secs(5)).await?;
                        "completed".to_owned()
                    }
                    other => format!("{other:?}"),
                }))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Shop {}

async fn shop(redis: &Redis) -> Shop {
    let store = RedisStore::connect(&format!("redis://127.0.0.1:{}/", redis.port)).await.expect("connects").recheck_every(Duration::from_millis(100));
    Shop { sealer: StateSealer::new(*b"the ring every instance shares!!").expect("a key"), interactions: Interactions::new(store) }
}

async fn connect(client: ScriptedClient, deployment: &Deployment) -> ScriptedSession {
    client.connect_over(StreamableHttpClientTransport::from_uri(deployment.url())).await.expect("connects")
}

const REVISIONS: [ProtocolRevision; 3] = [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rounds_are_answered_by_another_instance_and_sessions_stay_on_theirs() {
    let Some(redis) = Redis::start() else { return };
    for revision in REVISIONS {
        let deployment = Deployment::serve(vec![shop(&redis).await, shop(&redis).await], |n| n as usize).await.expect("serves");
        let client = ScriptedClient::new(revision).reply(Reply::accept(json!({"a": 1}))).reply(Reply::accept(json!({"b": 2})));
        let session = connect(client, &deployment).await;
        assert_eq!(session.call_tool_text("book", json!({})).await.expect("the call"), "1 2", "{revision}");
        assert!(session.transcript().violations.is_empty(), "{revision}: {:?}", session.transcript().violations);
        let served = deployment.served();
        if revision == ProtocolRevision::V2026_07_28 {
            // Three rounds of one call, one after the other on each instance.
            let rounds = &served[served.len() - 3..];
            assert!(rounds.windows(2).all(|w| w[0] != w[1]), "{revision}: {served:?}");
        } else {
            assert!(served.iter().all(|&i| i == served[0]), "{revision}: a session left its instance: {served:?}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_completed_on_another_instance_ends_the_wait() {
    let Some(redis) = Redis::start() else { return };
    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let (a, b) = (shop(&redis).await, shop(&redis).await);
        let b_interactions = b.interactions.clone();
        // Every request to instance 0: the call asks there, the page completes on 1.
        let deployment = Deployment::serve(vec![a, b], |_| 0).await.expect("serves");
        let client = ScriptedClient::new(revision).support(ElicitationSupport::FORM_AND_URL).pages(b_interactions).reply(Reply::open_page("ada"));
        let session = connect(client, &deployment).await;
        assert_eq!(session.call_tool_text("connect", json!({})).await.expect("the call"), "completed", "{revision}");
        assert!(deployment.served().iter().all(|&i| i == 0), "{revision}");
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
        assert_eq!(transcript.requests[0]["mode"], "url", "{revision}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_stopped_between_rounds_leaves_the_call_to_the_other() {
    let Some(redis) = Redis::start() else { return };
    let deployment = Arc::new(Deployment::serve(vec![shop(&redis).await, shop(&redis).await], |_| 0).await.expect("serves"));
    // While the user answers the first question, the instance that asked it stops.
    let stopping = deployment.clone();
    let client = ScriptedClient::new(ProtocolRevision::V2026_07_28)
        .respond_with(move |params| {
            if params["message"] == "a?" {
                stopping.stop(0);
                Reply::accept(json!({"a": 1}))
            } else {
                Reply::accept(json!({"b": 2}))
            }
        });
    let session = connect(client, &deployment).await;
    assert_eq!(session.call_tool_text("book", json!({})).await.expect("the call"), "1 2");
    let served = deployment.served();
    assert_eq!(&served[served.len() - 3..], [0, 1, 1], "the first round on 0, the next ones on 1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_stopped_between_calls_takes_its_sessions_and_the_client_starts_one_on_the_other() {
    let Some(redis) = Redis::start() else { return };
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25] {
        let deployment = Deployment::serve(vec![shop(&redis).await, shop(&redis).await], |_| 0).await.expect("serves");
        let (a, b) = (Reply::accept(json!({"a": 1})), Reply::accept(json!({"b": 2})));
        let client = ScriptedClient::new(revision).reply(a.clone()).reply(b.clone()).reply(a).reply(b);
        let session = connect(client, &deployment).await;
        assert_eq!(session.call_tool_text("book", json!({})).await.expect("the call"), "1 2", "{revision}");
        let before = deployment.served().len();
        deployment.stop(0);
        // The session is gone with its instance (404); rmcp's HTTP client starts a new
        // one, which the rule sends to the running instance, and the call is served there.
        assert_eq!(session.call_tool_text("book", json!({})).await.expect("the call after the stop"), "1 2", "{revision}");
        let after = deployment.served();
        assert!(after[before..].iter().all(|&i| i == 1), "{revision}: {after:?}");
    }
}
