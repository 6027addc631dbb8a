//! What a 2026-07-28 round costs: the sealed `requestState`, and a whole tool call that
//! asks two forms one after the other (two `InputRequiredResult`s, three `tools/call`),
//! elicit's `ToolCall::run` next to the same flow written by hand with rmcp 3.9's own
//! multi-round types.
//!
//! ```sh
//! cargo bench -p elicit-tests --bench rounds
//! ```
//!
//! Groups:
//!
//! - `state_seal/N`, `state_open/N` with N = 1, 3, 10 answers held (each the client's
//!   result for the seven-field `Booking` form): `elicit` seals with XChaCha20-Poly1305
//!   (encrypted, authenticated, each answer pinned to a digest of its question, bound to
//!   principal, tool and arguments); `rmcp_codec` is rmcp's `RequestStateCodec` (HMAC-SHA256,
//!   signed and readable) sealing the same answers as JSON, for scale. Before the timings
//!   `main` prints the size of each state next to the answers' JSON.
//! - `flow`: one `tools/call` played to completion over an in-memory rmcp connection, by
//!   rmcp's own client (`call_tool` plays the rounds; its handler accepts each form with
//!   the same content). `elicit`: the tool body asks `Booking` twice through
//!   `ToolCall::run`, each answer checked against every rule. `rmcp_by_hand`: the tool
//!   reads rmcp's `RequestState` and `InputResponses` itself, asks with a
//!   `FormElicitationParams` whose schema schemars built once (cached, the cheapest a
//!   hand-written tool can be), carries the first answer in a `RequestStateCodec` state,
//!   and decodes the answers with serde, unchecked (as rmcp's example does).
//!   `elicit_rounds_only`: the same three rounds of elicit's body without rmcp and its
//!   transport (`rounds::harness`), to show where the time goes.
//!
//! Before criterion's groups, `main` also plays the flow in alternating batches, elicit and
//! by hand taking turns, on the thread's CPU clock, and prints the medians and their ratio
//! (`-- interleaved` runs only that, with the state sizes).
//!
//! `ROUNDS_CLOCK=thread-cpu` measures the `flow` group with the CPU time of the bench's
//! thread instead of the wall clock (client, server and transport all run on it): on a
//! machine shared with other work, time spent descheduled then does not count.
#![allow(deprecated)] // rmcp 3.9 marks parts of the 2026-07-28 model deprecated (SEP-2577)

use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use criterion::Criterion;
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::__private::{Harness, Played};
use elicit_runtime::{Elicit, Elicitation};
use rmcp::handler::server::tool::{InputResponses, RequestState};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig, ContentBlock, ElicitRequest,
    ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationCapability, ElicitationSchema, FormElicitationCapability,
    Implementation, InputRequest, InputRequests, InputRequiredResult, ProtocolVersion, RequestStateCodec, SealOptions, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RequestContext, RunningService};
use rmcp::{ClientHandler, ErrorData, RoleClient, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde_json::{Map, Value, json};

#[path = "common/booking.rs"]
mod booking;
use booking::*;

const KEY: &[u8; 32] = b"a benchmark key of 32 bytes, ok!";
const TTL: Duration = Duration::from_secs(600);

// ---------------------------------------------------------------------------------------
// The sealed state.

/// The client's result for the form, as a round holds it.
fn answer() -> Value {
    json!({"action": "accept", "content": valid_content()})
}

fn answers(n: usize) -> Vec<(String, Value)> {
    (1..=n).map(|i| (format!("elicit-{i}"), answer())).collect()
}

fn harness() -> Harness {
    let arguments = Map::from_iter([("day".to_owned(), json!("friday"))]);
    Harness::new(StateSealer::new(*KEY).expect("key").ttl(TTL), Some("alice"), "book", Some(&arguments))
}

const AD: &[u8] = b"alice|tools/call|book|{\"day\":\"friday\"}";

fn codec() -> RequestStateCodec {
    RequestStateCodec::try_new(KEY.to_vec()).expect("key")
}

fn codec_seal(codec: &RequestStateCodec, answers: &Map<String, Value>) -> String {
    codec.seal_json_with(answers, &SealOptions::new().associated_data(AD).ttl(TTL)).expect("seals")
}

fn state_sizes() {
    println!("requestState size, answers held (each the client's result for the seven-field form):");
    println!("  {:>7} {:>13} {:>13} {:>8} {:>15}", "answers", "answers JSON", "elicit state", "ratio", "target 1.5x+200");
    for n in [1, 3, 10] {
        let answers = answers(n);
        let json_len = serde_json::to_string(&Map::from_iter(answers.iter().cloned())).expect("JSON").len();
        let sealed = harness().seal_answers(&answers).expect("seals");
        assert_eq!(harness().open(&sealed), Ok(n), "the state opens with its answers");
        let target = json_len * 3 / 2 + 200;
        let ok = if sealed.len() <= target { "met" } else { "MISSED" };
        println!("  {n:>7} {json_len:>11} B {:>11} B {:>7.2}x {target:>11} B {ok}", sealed.len(), sealed.len() as f64 / json_len as f64);
    }
    println!();
}

fn state(c: &mut Criterion) {
    let harness = harness();
    let codec = codec();
    for n in [1, 3, 10] {
        let answers = answers(n);
        let map = Map::from_iter(answers.iter().cloned());
        let mut group = c.benchmark_group(format!("state_seal/{n}"));
        group.bench_function("elicit", |b| b.iter(|| harness.seal_answers(black_box(&answers)).expect("seals")));
        group.bench_function("rmcp_codec", |b| b.iter(|| codec_seal(&codec, black_box(&map))));
        group.finish();

        let sealed = harness.seal_answers(&answers).expect("seals");
        let signed = codec_seal(&codec, &map);
        let mut group = c.benchmark_group(format!("state_open/{n}"));
        group.bench_function("elicit", |b| b.iter(|| harness.open(black_box(&sealed)).expect("opens")));
        group.bench_function("rmcp_codec", |b| {
            b.iter(|| codec.open_json_with::<Map<String, Value>>(black_box(&signed), AD).expect("opens"))
        });
        group.finish();
    }
}

// ---------------------------------------------------------------------------------------
// The flow: elicit's `ToolCall::run`.

#[derive(Clone)]
struct ElicitServer {
    sealer: StateSealer,
}

fn both(first: bool, second: bool) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(format!("first {first}, second {second}"))])
}

#[tool_router]
impl ElicitServer {
    #[tool(description = "books a table, asking two forms")]
    async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let first = Booking::elicit(&ask, MESSAGE).key("first").await?;
            let second = Booking::elicit(&ask, MESSAGE).key("second").await?;
            Ok(both(first.is_accept(), second.is_accept()))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for ElicitServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

// ---------------------------------------------------------------------------------------
// The flow by hand, with rmcp's types.

#[derive(Clone)]
struct HandServer {
    codec: Arc<RequestStateCodec>,
}

/// rmcp's schema for the form, built once by schemars.
static SCHEMA: LazyLock<ElicitationSchema> = LazyLock::new(|| ElicitationSchema::from_type::<BookingSerde>().expect("rmcp accepts the schema"));

fn question() -> InputRequest {
    let params = ElicitRequestParams::FormElicitationParams { meta: None, message: MESSAGE.to_owned(), requested_schema: SCHEMA.clone() };
    InputRequest::Elicitation(ElicitRequest::new(params))
}

fn refused() -> ErrorData {
    ErrorData::invalid_params("invalid requestState", None)
}

/// An accepted answer decoded by serde, unchecked.
fn accepted(result: &Value) -> Result<bool, ErrorData> {
    if result.get("action").and_then(Value::as_str) != Some("accept") {
        return Ok(false);
    }
    let content = result.get("content").ok_or_else(|| ErrorData::invalid_params("accept without content", None))?;
    <BookingSerde as serde::Deserialize>::deserialize(content).map_err(|e| ErrorData::invalid_params(e.to_string(), None))?;
    Ok(true)
}

#[tool_router]
impl HandServer {
    #[tool(description = "books a table, asking two forms")]
    async fn book(&self, RequestState(state): RequestState, InputResponses(responses): InputResponses) -> Result<CallToolResponse, ErrorData> {
        let mut held: Map<String, Value> = match state {
            None => Map::new(),
            Some(state) => self.codec.open_json_with(&state, AD).map_err(|_| refused())?,
        };
        for (key, answer) in responses.unwrap_or_default() {
            if matches!(key.as_str(), "first" | "second") {
                held.insert(key, answer);
            }
        }
        for key in ["first", "second"] {
            if !held.contains_key(key) {
                let state = codec_seal(&self.codec, &held);
                let requests = InputRequests::from([(key.to_owned(), question())]);
                return Ok(CallToolResponse::InputRequired(InputRequiredResult::new(Some(requests), Some(state))));
            }
        }
        Ok(CallToolResponse::Complete(both(accepted(&held["first"])?, accepted(&held["second"])?)))
    }
}

#[tool_handler]
impl ServerHandler for HandServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

// ---------------------------------------------------------------------------------------
// The client: rmcp's, accepting every form with the same content.

#[derive(Clone)]
struct Answering;

impl ClientHandler for Answering {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = Some(ElicitationCapability::default().with_form(FormElicitationCapability::new()));
        ClientConfig::new(capabilities, Implementation::new("elicit-bench", "0")).with_protocol_version(ProtocolVersion::V_2026_07_28)
    }

    async fn create_elicitation(&self, _: ElicitRequestParams, _: RequestContext<RoleClient>) -> Result<ElicitResult, ErrorData> {
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(valid_content()))
    }
}

async fn connect<S: ServerHandler>(server: S) -> RunningService<RoleClient, Answering> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let mode = ClientLifecycleMode::Discover { preferred_versions: vec![ProtocolVersion::V_2026_07_28] };
    Answering.serve_with_lifecycle(client_io, mode).await.expect("the client connects")
}

fn call() -> CallToolRequestParams {
    CallToolRequestParams::new("book").with_arguments(Map::from_iter([("day".to_owned(), json!("friday"))]))
}

fn text(result: &CallToolResult) -> String {
    result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect()
}

/// Both servers answer the first call with the first question, and the whole flow
/// with the same text.
async fn check_flows(ours: &RunningService<RoleClient, Answering>, theirs: &RunningService<RoleClient, Answering>) {
    for client in [ours, theirs] {
        match client.call_tool_once(call()).await.expect("the first call") {
            CallToolResponse::InputRequired(result) => {
                let keys: Vec<&String> = result.input_requests.as_ref().expect("questions").keys().collect();
                assert_eq!(keys, ["first"], "the first round asks the first form");
                assert!(result.request_state.is_some(), "with a state");
            }
            _ => panic!("the first call needs input"),
        }
        let done = client.call_tool(call()).await.expect("the flow completes");
        assert_eq!(text(&done), "first true, second true");
    }
}

/// The three rounds of elicit's body, without rmcp: the question of each round answered
/// in the next.
fn rounds_only(harness: &Harness) -> usize {
    let mut state = None;
    let mut responses = BTreeMap::new();
    for _ in 0..3 {
        match harness.play::<Booking>(2, state.as_deref(), std::mem::take(&mut responses)).expect("the state opens") {
            Played::InputRequired { keys, state: sealed } => {
                responses = keys.into_iter().map(|key| (key, answer())).collect();
                state = Some(sealed);
            }
            Played::Complete(answers) => return answers.into_iter().filter(|a| matches!(a, Ok(Elicitation::Accept(_)))).count(),
        }
    }
    panic!("the body did not complete in three rounds")
}

/// The CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`).
struct ThreadCpu;

fn thread_cpu_now() -> Duration {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `clock_gettime` writes one `timespec` into the pointer it is given.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } == 0;
    assert!(ok, "the thread's CPU clock is readable");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu_now()
    }
    fn end(&self, start: Duration) -> Duration {
        thread_cpu_now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WallTime.formatter()
    }
}

/// The flow again, elicit and by hand in alternating batches on the thread's CPU clock, so
/// that the drift of a shared machine over the seconds criterion spends on each function
/// weighs on both alike: the median per flow of each side over all batches, their ratio,
/// and the median of the ratios of neighbouring batches. Run with no filter, `flow` or
/// `interleaved`.
fn flow_interleaved(runtime: &tokio::runtime::Runtime, ours: &RunningService<RoleClient, Answering>, theirs: &RunningService<RoleClient, Answering>) {
    const BATCHES: usize = 60;
    const FLOWS: u32 = 40;
    let batch = |client: &RunningService<RoleClient, Answering>| {
        let start = thread_cpu_now();
        for _ in 0..FLOWS {
            black_box(runtime.block_on(client.call_tool(call())).expect("completes"));
        }
        (thread_cpu_now() - start).as_nanos() as f64 / f64::from(FLOWS) / 1000.0
    };
    // Warm both sides up before anything counts.
    batch(ours);
    batch(theirs);
    let (mut elicit, mut hand, mut ratios) = (Vec::with_capacity(BATCHES), Vec::with_capacity(BATCHES), Vec::with_capacity(BATCHES));
    for i in 0..BATCHES {
        // Alternating which goes first, so neither always follows the other.
        let (e, h) = if i % 2 == 0 {
            let e = batch(ours);
            (e, batch(theirs))
        } else {
            let h = batch(theirs);
            (batch(ours), h)
        };
        elicit.push(e);
        hand.push(h);
        ratios.push(e / h);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (e, h, r) = (median(&mut elicit), median(&mut hand), median(&mut ratios));
    println!("flow, interleaved ({BATCHES} batches of {FLOWS} flows each, thread CPU time, medians):");
    println!("  elicit {e:.1} µs, rmcp by hand {h:.1} µs: {:.2}x (median of batch ratios {r:.2}x, target 1.1x)", e / h);
    println!();
}

fn flow<M: Measurement>(c: &mut Criterion<M>) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let (ours, theirs) = runtime.block_on(async {
        let ours = connect(ElicitServer { sealer: StateSealer::new(*KEY).expect("key") }).await;
        let theirs = connect(HandServer { codec: Arc::new(codec()) }).await;
        check_flows(&ours, &theirs).await;
        (ours, theirs)
    });
    let harness = harness();
    assert_eq!(rounds_only(&harness), 2, "both answers accepted");
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    if filter.as_deref().is_none_or(|f| f == "flow" || f.contains("interleaved")) {
        flow_interleaved(&runtime, &ours, &theirs);
    }

    let mut group = c.benchmark_group("flow");
    group.bench_function("elicit", |b| b.iter(|| runtime.block_on(ours.call_tool(call())).expect("completes")));
    group.bench_function("rmcp_by_hand", |b| b.iter(|| runtime.block_on(theirs.call_tool(call())).expect("completes")));
    group.bench_function("elicit_rounds_only", |b| b.iter(|| rounds_only(black_box(&harness))));
    group.finish();
}

fn main() {
    state_sizes();
    let c = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3)).sample_size(50).configure_from_args();
    if std::env::var("ROUNDS_CLOCK").as_deref() == Ok("thread-cpu") {
        let mut c = c.with_measurement(ThreadCpu);
        flow(&mut c);
        c.final_summary();
    } else {
        let mut c = c;
        state(&mut c);
        flow(&mut c);
        c.final_summary();
    }
}
