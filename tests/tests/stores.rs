//! The interaction store's contract, one suite run against `MemoryStore` and against
//! `RedisStore` on a real `redis-server` (started here on a free loopback port); and two
//! server instances sharing URL-mode interactions through Redis.
//!
//! `redis-server` comes from the system's packages (`tests/interop/run.sh` installs it).
//! Without it the Redis half says so on stderr and checks nothing, unless
//! `ELICIT_REQUIRE_REDIS=1` (as in CI), which makes its absence a failure.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::url::{CompleteError, InteractionId, InteractionStore, Interactions, MemoryStore, RedisStore, StoreError};
use elicit_runtime::{ElicitError, ElicitPeer, Elicitation, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, InputResponses};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

const V11: ProtocolRevision = ProtocolRevision::V2025_11_25;
const V07: ProtocolRevision = ProtocolRevision::V2026_07_28;
const TTL: Duration = Duration::from_secs(60);

// ---- a real redis-server ---------------------------------------------------------------

/// A `redis-server` on a free loopback port, stopped when dropped. No persistence: a
/// restart loses everything, as a crashed cache would.
struct RedisServer {
    child: Option<Child>,
    port: u16,
}

impl RedisServer {
    /// Starts one, or `None` when `redis-server` is not installed (and not required).
    fn start() -> Option<Self> {
        let installed = Command::new("redis-server").arg("--version").stdout(Stdio::null()).status().is_ok_and(|s| s.success());
        if !installed {
            assert!(std::env::var_os("ELICIT_REQUIRE_REDIS").is_none(), "ELICIT_REQUIRE_REDIS is set but redis-server is not installed");
            eprintln!("redis-server is not installed: the Redis half of this suite checks nothing (tests/interop/run.sh installs it)");
            return None;
        }
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port");
        let mut server = RedisServer { child: None, port };
        server.run();
        Some(server)
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    fn run(&mut self) {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server starts");
        self.child = Some(child);
        // Bounded: 10 s at most.
        for _ in 0..200 {
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("redis-server did not listen on port {}", self.port);
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
    }
}

async fn redis_store(server: &RedisServer, prefix: &str) -> RedisStore {
    RedisStore::connect(&server.url()).await.expect("connects").prefix(prefix).recheck_every(Duration::from_millis(200))
}

// ---- the contract ----------------------------------------------------------------------

/// What every store does. `a` and `b` are two handles on one store (for Redis: two
/// instances with their own connections).
async fn contract(a: Arc<dyn InteractionStore>, b: Arc<dyn InteractionStore>) {
    // One pending interaction per principal and purpose, found again by either instance.
    let alice = a.start("alice", "api-key", TTL).await.unwrap();
    assert!(!alice.completed);
    assert_eq!((alice.principal.as_str(), alice.purpose.as_str()), ("alice", "api-key"));
    assert_eq!(a.start("alice", "api-key", TTL).await.unwrap().id, alice.id);
    assert_eq!(b.start("alice", "api-key", TTL).await.unwrap().id, alice.id);
    assert_ne!(a.start("bob", "api-key", TTL).await.unwrap().id, alice.id);
    assert_ne!(a.start("alice", "payment", TTL).await.unwrap().id, alice.id);
    assert_eq!(b.get(&alice.id).await.unwrap().map(|i| i.principal), Some("alice".to_owned()));

    // Completion is bound to the principal who started it.
    assert_eq!(b.check(&alice.id, "mallory").await, Err(CompleteError::WrongUser));
    assert_eq!(b.complete(&alice.id, "mallory").await, Err(CompleteError::WrongUser));
    assert_eq!(b.check(&alice.id, "alice").await.map(|i| i.completed), Ok(false));
    let completed = b.complete(&alice.id, "alice").await.unwrap();
    assert!(completed.completed);
    assert!(a.get(&alice.id).await.unwrap().is_some_and(|i| i.completed));
    assert!(a.wait_completed(&alice.id).await.unwrap());
    assert_eq!(a.complete(&alice.id, "alice").await, Err(CompleteError::AlreadyCompleted));
    assert_eq!(a.check(&alice.id, "alice").await, Err(CompleteError::AlreadyCompleted));

    // Consumed: forgotten, a repeat is refused as completed, the next start is new.
    a.forget(&alice.id).await.unwrap();
    assert_eq!(a.get(&alice.id).await.unwrap(), None);
    assert_eq!(b.complete(&alice.id, "alice").await, Err(CompleteError::AlreadyCompleted));
    let next = b.start("alice", "api-key", TTL).await.unwrap();
    assert_ne!(next.id, alice.id);
    assert!(!next.completed);

    // Given up (a decline): its link no longer works.
    b.forget(&next.id).await.unwrap();
    assert_eq!(a.complete(&next.id, "alice").await, Err(CompleteError::Expired));
    assert!(!a.wait_completed(&next.id).await.unwrap());

    // Atomic: many completions at once from both instances, exactly one succeeds.
    let racing = a.start("carol", "api-key", TTL).await.unwrap();
    let attempts: Vec<_> = (0..16)
        .map(|n| {
            let store = if n % 2 == 0 { a.clone() } else { b.clone() };
            let id = racing.id.clone();
            tokio::spawn(async move { store.complete(&id, "carol").await })
        })
        .collect();
    let mut won = 0;
    for attempt in attempts {
        match attempt.await.unwrap() {
            Ok(_) => won += 1,
            Err(err) => assert_eq!(err, CompleteError::AlreadyCompleted),
        }
    }
    assert_eq!(won, 1, "one interaction completed {won} times");

    // A waiter on one instance learns of a completion on the other.
    let waited = a.start("dave", "api-key", TTL).await.unwrap();
    let waiting = tokio::spawn({
        let (a, id) = (a.clone(), waited.id.clone());
        async move { a.wait_completed(&id).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(!waiting.is_finished());
    b.complete(&waited.id, "dave").await.unwrap();
    assert!(tokio::time::timeout(Duration::from_secs(5), waiting).await.expect("the waiter wakes").unwrap().unwrap());

    // Expiry: gone from get, refused as expired, nothing to wait for.
    let brief = a.start("erin", "api-key", Duration::from_millis(200)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(350)).await;
    assert_eq!(a.get(&brief.id).await.unwrap(), None);
    assert_eq!(b.complete(&brief.id, "erin").await, Err(CompleteError::Expired));
    assert!(!a.wait_completed(&brief.id).await.unwrap());
    assert_ne!(a.start("erin", "api-key", TTL).await.unwrap().id, brief.id);

    // An id never issued.
    let unknown = InteractionId::random().unwrap();
    assert_eq!(a.complete(&unknown, "alice").await, Err(CompleteError::Unknown));
    assert_eq!(a.get(&unknown).await.unwrap(), None);
}

#[tokio::test]
async fn memory_store_keeps_the_contract() {
    let store: Arc<dyn InteractionStore> = Arc::new(MemoryStore::new(100));
    contract(store.clone(), store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_store_keeps_the_contract() {
    let Some(server) = RedisServer::start() else { return };
    let a = Arc::new(redis_store(&server, "contract").await);
    let b = Arc::new(redis_store(&server, "contract").await);
    contract(a, b).await;
    // Another prefix is another store.
    let other = redis_store(&server, "other").await;
    assert_eq!(other.start("alice", "payment", TTL).await.unwrap().id, other.start("alice", "payment", TTL).await.unwrap().id);
    assert_ne!(
        other.start("alice", "payment", TTL).await.unwrap().id,
        redis_store(&server, "contract").await.start("alice", "payment", TTL).await.unwrap().id
    );
}

/// What any store must do with a `ttl` past every clock, and with principals and
/// purposes that run into each other: a typed answer, each user their own interaction.
async fn edges(store: Arc<dyn InteractionStore>) {
    let forever = store.start("alice", "forever", Duration::MAX).await.expect("a ttl past any clock is cut, not a panic or an error");
    assert!(forever.expires_at > std::time::SystemTime::now() + Duration::from_secs(365 * 24 * 3600));
    store.complete(&forever.id, "alice").await.unwrap();
    // "alice" for "x\0y" and "alice\0x" for "y": one text joined with NUL, two users.
    let alice = store.start("alice", "x\0y", TTL).await.unwrap();
    let other = store.start("alice\0x", "y", TTL).await.unwrap();
    assert_ne!(alice.id, other.id);
    assert_eq!((other.principal.as_str(), other.purpose.as_str()), ("alice\0x", "y"));
    assert_eq!(store.complete(&alice.id, "alice\0x").await, Err(CompleteError::WrongUser));
}

#[tokio::test]
async fn memory_store_edges() {
    edges(Arc::new(MemoryStore::new(100))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_store_edges() {
    let Some(server) = RedisServer::start() else { return };
    edges(Arc::new(redis_store(&server, "edges").await)).await;
}

/// An interaction lives its TTL to the millisecond, on the real clock: its `expires_at`
/// is the start plus the TTL; it is pending whenever it is looked at before that, and
/// expired when looked at after. (Exact boundaries with a controlled clock are the
/// memory store's unit tests; here a look that lands late under load is judged by when
/// it really happened, not by when it was meant to.)
async fn lifetimes(store: Arc<dyn InteractionStore>) {
    let ms = Duration::from_millis;
    let now = SystemTime::now;
    for (n, ttl) in [ms(50), ms(300), ms(1500), Duration::from_secs(7 * 60)].into_iter().enumerate() {
        let principal = format!("user-{n}");
        let (before, started, after) = (now(), store.start(&principal, "lifetime", ttl).await.unwrap(), now());
        // The expiry kept to the millisecond (Redis's clock is in whole ms).
        assert!(started.expires_at + ms(1) >= before + ttl && started.expires_at <= after + ttl + ms(1), "{ttl:?}: {started:?} not within 1 ms of {before:?}..{after:?} + ttl");
        if ttl > Duration::from_secs(60) {
            assert_eq!(store.check(&started.id, &principal).await.map(|i| i.id), Ok(started.id.clone()));
            continue;
        }
        // Looked at three times before the expiry, then once after.
        for at in [ttl / 10, ttl / 2, ttl - ms(20)] {
            sleep_until(before + at).await;
            let asked = now();
            let seen = store.check(&started.id, &principal).await;
            if asked < started.expires_at {
                // Asked in time: pending (unless the answer itself came after the expiry).
                assert!(seen.is_ok() || now() >= started.expires_at, "{ttl:?}: refused {:?} before its expiry: {seen:?}", started.expires_at.duration_since(asked));
            } else {
                assert_eq!(seen.map(|i| i.id), Err(CompleteError::Expired), "{ttl:?}: pending after its expiry");
            }
        }
        sleep_until(started.expires_at + ms(2)).await;
        assert_eq!(store.check(&started.id, &principal).await, Err(CompleteError::Expired), "{ttl:?}: pending after its expiry");
        assert_eq!(store.get(&started.id).await.unwrap(), None, "{ttl:?}");
    }
}

async fn sleep_until(at: SystemTime) {
    if let Ok(left) = at.duration_since(SystemTime::now()) {
        tokio::time::sleep(left).await;
    }
}

#[tokio::test]
async fn memory_store_interactions_live_their_ttl_to_the_millisecond() {
    lifetimes(Arc::new(MemoryStore::new(100))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_store_interactions_live_their_ttl_to_the_millisecond() {
    let Some(server) = RedisServer::start() else { return };
    lifetimes(Arc::new(redis_store(&server, "lifetimes").await)).await;
}

// ---- two server instances -------------------------------------------------------------

const PAGE: &str = "Open the page to enter your API key";

fn page_url(id: &InteractionId) -> String {
    format!("https://keys.example.com/connect?id={id}")
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct UserArgs {
    /// Who calls (the tests stand in for the server's authentication).
    user: String,
}

/// One server instance: its own connection to the shared store, the shared key ring.
#[derive(Clone)]
struct Instance {
    interactions: Interactions,
    sealer: StateSealer,
}

async fn connect_flow(ask: &impl ElicitPeer, interactions: &Interactions, user: &str) -> Result<String, ElicitError> {
    let page = interactions.url_request(ask, user, "api-key", PAGE, page_url).await?;
    Ok(match page.ask(ask).await? {
        Elicitation::Accept(()) => {
            page.completion(ask, Duration::from_secs(5)).await?;
            format!("completed for {user}")
        }
        other => format!("{other:?}"),
    })
}

#[tool_router]
impl Instance {
    #[tool(description = "asks for consent and waits for the page")]
    async fn connect(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<UserArgs>) -> String {
        match connect_flow(&context, &self.interactions, &args.user).await {
            Ok(text) => text,
            Err(err) => format!("error {err}"),
        }
    }

    #[tool(description = "the same in rounds")]
    async fn connect_rounds(&self, call: ToolCall, Parameters(args): Parameters<UserArgs>) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.principal(args.user.clone())
            .run(&self.sealer, |ask| async move {
                let text = connect_flow(&ask, &interactions, &args.user).await?;
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Instance {}

async fn instance(server: &RedisServer) -> Instance {
    Instance {
        interactions: Interactions::new(redis_store(server, "instances").await),
        sealer: StateSealer::new(*b"the ring every instance shares!!").unwrap(),
    }
}

async fn session(revision: ProtocolRevision, instance: &Instance, reply: Reply) -> Arc<ScriptedSession> {
    let client = ScriptedClient::new(revision).support(ElicitationSupport::FORM_AND_URL).reply(reply);
    Arc::new(client.connect(instance.clone()).await.expect("connects"))
}

/// The interaction id in the URL of the session's `n`th URL-mode request (bounded wait).
async fn requested_id(session: &ScriptedSession, n: usize) -> String {
    for _ in 0..500 {
        if let Some(request) = session.transcript().requests.get(n - 1) {
            let url = request["url"].as_str().unwrap_or_default();
            return url.rsplit_once("id=").map(|(_, id)| id.to_owned()).unwrap_or_default();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no URL-mode request arrived");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_on_one_instance_completes_from_the_page_on_another_2025_11_25() {
    let Some(server) = RedisServer::start() else { return };
    let (a, b) = (instance(&server).await, instance(&server).await);
    let on_a = session(V11, &a, Reply::accept(json!({}))).await;
    let running = tokio::spawn({
        let on_a = on_a.clone();
        async move { on_a.call_tool_text("connect", json!({"user": "alice"})).await }
    });
    let id = requested_id(&on_a, 1).await;
    // The page is served by instance B.
    assert_eq!(b.interactions.complete(&id, "mallory").await, Err(CompleteError::WrongUser));
    b.interactions.complete(&id, "alice").await.unwrap();
    assert_eq!(running.await.unwrap().unwrap(), "completed for alice");
    let transcript = on_a.transcript();
    assert_eq!(transcript.completions, vec![json!({"elicitationId": id})]);
    assert!(transcript.violations.is_empty(), "{:?}", transcript.violations);
    // Consumed on A: B refuses a second completion.
    assert_eq!(b.interactions.complete(&id, "alice").await, Err(CompleteError::AlreadyCompleted));
}

fn call_params(state: Option<&str>, responses: Option<Value>) -> CallToolRequestParams {
    let mut params = CallToolRequestParams::new("connect_rounds").with_arguments(json!({"user": "alice"}).as_object().unwrap().clone());
    if let Some(state) = state {
        params = params.with_request_state(state.to_owned());
    }
    if let Some(responses) = responses {
        params = params.with_input_responses(serde_json::from_value::<InputResponses>(responses).unwrap());
    }
    params
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_started_on_a_stopped_instance_finishes_on_another_2026_07_28() {
    let Some(server) = RedisServer::start() else { return };
    let a = instance(&server).await;
    let on_a = session(V07, &a, Reply::accept(json!({}))).await;
    // Round 1 on A: the URL-mode request.
    let CallToolResponse::InputRequired(first) = on_a.peer().call_tool_once(call_params(None, None)).await.unwrap() else { panic!() };
    let (key, request) = first.input_requests.clone().unwrap().into_iter().next().unwrap();
    let url = serde_json::to_value(&request).unwrap()["params"]["url"].as_str().unwrap().to_owned();
    let id = url.rsplit_once("id=").unwrap().1.to_owned();
    // Round 2 on A: consent given, the page is not done: a state-only round.
    let consent = json!({ key: {"action": "accept"} });
    let CallToolResponse::InputRequired(second) =
        on_a.peer().call_tool_once(call_params(first.request_state.as_deref(), Some(consent))).await.unwrap()
    else {
        panic!()
    };
    assert!(second.input_requests.is_none());
    // A stops; the page completes on B; the client's retry reaches B and finishes.
    drop(on_a);
    drop(a);
    let b = instance(&server).await;
    b.interactions.complete(&id, "alice").await.unwrap();
    let on_b = session(V07, &b, Reply::Decline).await;
    let done = on_b.peer().call_tool_once(call_params(second.request_state.as_deref(), None)).await.unwrap();
    let CallToolResponse::Complete(result) = done else { panic!("expected the result, got {done:?}") };
    assert_eq!(result.content[0].as_text().map(|t| t.text.as_str()), Some("completed for alice"));
    // Consumed: a replay of the same state cannot complete it a second time.
    assert_eq!(b.interactions.complete(&id, "alice").await, Err(CompleteError::AlreadyCompleted));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_down_or_restarted_mid_flow_gives_typed_errors_and_completes_nothing_twice() {
    let Some(mut server) = RedisServer::start() else { return };
    let a = instance(&server).await;
    let on_a = session(V11, &a, Reply::accept(json!({}))).await;
    let waiting = tokio::spawn({
        let on_a = on_a.clone();
        async move { on_a.call_tool_text("connect", json!({"user": "alice"})).await }
    });
    let id = requested_id(&on_a, 1).await;
    // Redis goes away while the tool waits for the page.
    server.stop();
    let outcome = tokio::time::timeout(Duration::from_secs(10), waiting).await.expect("the waiting tool ends").unwrap().unwrap();
    assert!(outcome.starts_with("error the URL-mode interaction store failed"), "{outcome}");
    // The page's completion is a typed store error too.
    assert!(matches!(a.interactions.complete(&id, "alice").await, Err(CompleteError::Store(StoreError::Unavailable(_)))));
    // A new call while Redis is down: a typed error, nothing sent.
    let before = on_a.transcript().requests.len();
    let down = on_a.call_tool_text("connect", json!({"user": "alice"})).await.unwrap();
    assert!(down.starts_with("error the URL-mode interaction store failed"), "{down}");
    assert_eq!(on_a.transcript().requests.len(), before);

    // Redis back, empty (no persistence): the old interaction is unknown, never completed.
    server.run();
    let mut after = Err(CompleteError::Store(StoreError::Unavailable(String::new())));
    for _ in 0..100 {
        after = a.interactions.complete(&id, "alice").await;
        if !matches!(after, Err(CompleteError::Store(_))) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(after, Err(CompleteError::Unknown));
    // And the instance works again: a new interaction completes once.
    let fresh = a.interactions.store().start("alice", "api-key", TTL).await.unwrap();
    assert_ne!(fresh.id.as_str(), id);
    a.interactions.complete(fresh.id.as_str(), "alice").await.unwrap();
    assert_eq!(a.interactions.complete(fresh.id.as_str(), "alice").await, Err(CompleteError::AlreadyCompleted));
}
