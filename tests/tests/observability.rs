//! What operators see (`elicit_runtime::observe`): the metrics, recorded by metrics-util's
//! debugging recorder while real elicitations run against the scripted client, and the
//! `tracing` spans and events, captured whole at `TRACE`, which must never carry an
//! answer, a `requestState` or a URL-mode interaction's id.

use std::any::type_name;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

use elicit_runtime::observe::Metric;
use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::{RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use metrics_util::debugging::{DebugValue, DebuggingRecorder};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, InputResponses};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

/// What a user typed, which no span or event may carry.
const CANARY: &str = "s3cr3t-canary";

#[derive(Elicit, Debug)]
struct Booking {
    name: String,
    #[elicit(pattern = "^[0-9]{3}$", pattern_hint = "three digits")]
    room: String,
}

#[derive(Clone)]
struct Hotel {
    sealer: StateSealer,
    interactions: Interactions,
}

#[tool_router]
impl Hotel {
    #[tool(description = "book a room")]
    async fn book(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let text = match Booking::elicit(&ask, "Who, and which room?").reask(1).await? {
                Elicitation::Accept(booking) => format!("booked {}", booking.room),
                other => format!("{other:?}"),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
        .await
    }

    #[tool(description = "book a room, asking through the model when the client cannot")]
    async fn book_relayed(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let text = match Booking::elicit(&ask, "Who, and which room?").await? {
                    Elicitation::Accept(booking) => format!("booked {}", booking.room),
                    other => format!("{other:?}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }

    #[tool(description = "connect a key on a page, as ada")]
    async fn connect(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                let page = interactions.url_request(&ask, "ada", "key", "Open the page", |id| format!("https://keys.example.com/p/{id}/form")).await?;
                let text = match page.ask(&ask).await? {
                    Elicitation::Accept(()) => {
                        page.completion(&ask, Duration::from_millis(300)).await?;
                        "connected".to_owned()
                    }
                    other => format!("{other:?}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Hotel {}

fn hotel() -> Hotel {
    Hotel { sealer: StateSealer::new(*b"the observability test key: 32 b").expect("a 32-byte key"), interactions: Interactions::default() }
}

/// The first answer: the room breaks its pattern (the problem quotes it) and a property
/// the form did not ask for is named after the canary; the second is right.
fn invalid_then_valid() -> [Reply; 2] {
    [Reply::accept(json!({"name": CANARY, "room": CANARY, CANARY: CANARY})), Reply::accept(json!({"name": CANARY, "room": "101"}))]
}

async fn book(revision: ProtocolRevision, replies: impl IntoIterator<Item = Reply>) -> String {
    let mut client = ScriptedClient::new(revision);
    for reply in replies {
        client = client.reply(reply);
    }
    let session = client.connect(hotel()).await.expect("connect");
    session.call_tool_text("book", json!({})).await.expect("the call")
}

/// One recorded metric: its name, its labels sorted, its value.
type Recorded = (String, Vec<(String, String)>, DebugValue);

/// Runs `flow` on a current-thread runtime with a debugging recorder of its own, and
/// gives what was recorded: (name, sorted labels, value).
fn recorded<F: Future<Output = ()>>(flow: impl FnOnce() -> F) -> Vec<Recorded> {
    let recorder = DebuggingRecorder::new();
    let snapshotter = recorder.snapshotter();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    metrics::with_local_recorder(&recorder, || runtime.block_on(flow()));
    snapshotter
        .snapshot()
        .into_vec()
        .into_iter()
        .map(|(key, _, _, value)| {
            let key = key.key();
            let mut labels: Vec<(String, String)> = key.labels().map(|l| (l.key().to_owned(), l.value().to_owned())).collect();
            labels.sort();
            (key.name().to_owned(), labels, value)
        })
        .collect()
}

fn labels(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut labels: Vec<(String, String)> = pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    labels.sort();
    labels
}

/// The counter's value, 0 when it was never recorded.
fn counter(metrics: &[Recorded], name: &str, pairs: &[(&str, &str)]) -> u64 {
    let wanted = labels(pairs);
    metrics
        .iter()
        .find(|(n, l, _)| n == name && *l == wanted)
        .map_or(0, |(_, _, value)| match value {
            DebugValue::Counter(count) => *count,
            other => panic!("{name} is not a counter: {other:?}"),
        })
}

fn find<'a>(metrics: &'a [Recorded], name: &str, pairs: &[(&str, &str)]) -> Option<&'a DebugValue> {
    let wanted = labels(pairs);
    metrics.iter().find(|(n, l, _)| n == name && *l == wanted).map(|(_, _, value)| value)
}

/// Every label of every metric is one of the bounded names, never the user's data.
fn assert_no_canary_in(metrics: &[Recorded]) {
    for (name, labels, _) in metrics {
        assert!(!labels.iter().any(|(k, v)| k.contains(CANARY) || v.contains(CANARY)), "{name} {labels:?}");
    }
}

#[test]
fn direct_elicitations_count_outcomes_problems_time_and_pending() {
    let form = type_name::<Booking>();
    let metrics = recorded(|| async {
        assert_eq!(book(ProtocolRevision::V2025_11_25, invalid_then_valid()).await, "booked 101");
        assert_eq!(book(ProtocolRevision::V2025_11_25, [Reply::Decline]).await, "Decline");
    });
    assert_no_canary_in(&metrics);
    assert_eq!(counter(&metrics, Metric::Outcomes.name(), &[("form", form), ("mode", "form"), ("outcome", "accept")]), 1, "{metrics:?}");
    assert_eq!(counter(&metrics, Metric::Outcomes.name(), &[("form", form), ("mode", "form"), ("outcome", "decline")]), 1);
    assert_eq!(counter(&metrics, Metric::ValidationProblems.name(), &[("form", form), ("kind", "pattern_mismatch")]), 1);
    assert_eq!(counter(&metrics, Metric::ValidationProblems.name(), &[("form", form), ("kind", "not_asked")]), 1);
    match find(&metrics, Metric::TimeToAnswer.name(), &[("form", form), ("mode", "form")]) {
        // One per elicitation (the accepted one summed over its re-ask), in seconds.
        Some(DebugValue::Histogram(times)) => {
            assert_eq!(times.len(), 2, "{times:?}");
            assert!(times.iter().all(|t| t.0 >= 0.0 && t.0 < 30.0), "{times:?}");
        }
        other => panic!("no time to answer: {other:?}"),
    }
    // Two requests went out and came back: the gauge rose and fell to 0.
    assert_eq!(find(&metrics, Metric::Pending.name(), &[("mode", "form")]), Some(&DebugValue::Gauge(0.0.into())));
    assert_eq!(counter(&metrics, Metric::Rounds.name(), &[("outcome", "complete")]), 0, "a direct call is not replayed");
}

#[test]
fn rounds_count_each_answer_once_and_each_replay() {
    let form = type_name::<Booking>();
    let metrics = recorded(|| async {
        assert_eq!(book(ProtocolRevision::V2026_07_28, invalid_then_valid()).await, "booked 101");
    });
    assert_no_canary_in(&metrics);
    // Round 1 asks, round 2 reads the invalid answer and asks again, round 3 reads the
    // first answer again (not counted again) and accepts the second.
    assert_eq!(counter(&metrics, Metric::Outcomes.name(), &[("form", form), ("mode", "form"), ("outcome", "input_required")]), 2, "{metrics:?}");
    assert_eq!(counter(&metrics, Metric::Outcomes.name(), &[("form", form), ("mode", "form"), ("outcome", "accept")]), 1);
    assert_eq!(counter(&metrics, Metric::ValidationProblems.name(), &[("form", form), ("kind", "pattern_mismatch")]), 1);
    assert_eq!(counter(&metrics, Metric::Rounds.name(), &[("outcome", "input_required")]), 2);
    assert_eq!(counter(&metrics, Metric::Rounds.name(), &[("outcome", "complete")]), 1);
    // Nothing in a round waits for the client.
    assert!(find(&metrics, Metric::TimeToAnswer.name(), &[("form", form), ("mode", "form")]).is_none());
}

async fn first_round(session: &ScriptedSession) -> String {
    match session.peer().call_tool_once(CallToolRequestParams::new("book")).await.expect("the first round") {
        CallToolResponse::InputRequired(input) => input.request_state.expect("a state"),
        other => panic!("expected input_required, got {other:?}"),
    }
}

async fn retry(session: &ScriptedSession, state: &str, responses: Value) -> Result<CallToolResponse, rmcp::service::ServiceError> {
    let responses: InputResponses = serde_json::from_value(responses).expect("responses");
    session.peer().call_tool_once(CallToolRequestParams::new("book").with_request_state(state.to_owned()).with_input_responses(responses)).await
}

#[test]
fn refused_states_are_counted_by_reason() {
    let metrics = recorded(|| async {
        let session = ScriptedClient::new(ProtocolRevision::V2026_07_28).connect(hotel()).await.expect("connect");
        let state = first_round(&session).await;
        assert!(retry(&session, "not a state", json!({})).await.is_err());
        // Sealed by another server's key.
        let other = Hotel { sealer: StateSealer::new([9u8; 32]).expect("a key"), ..hotel() };
        let elsewhere = ScriptedClient::new(ProtocolRevision::V2026_07_28).connect(other).await.expect("connect");
        assert!(retry(&elsewhere, &state, json!({})).await.is_err());
    });
    assert_eq!(counter(&metrics, Metric::StateRefused.name(), &[("reason", "malformed")]), 1, "{metrics:?}");
    assert_eq!(counter(&metrics, Metric::StateRefused.name(), &[("reason", "unknown_key")]), 1);
    assert_eq!(counter(&metrics, Metric::Rounds.name(), &[("outcome", "refused")]), 2);
}

#[test]
fn url_mode_counts_its_pages_and_outcomes() {
    let metrics = recorded(|| async {
        let server = hotel();
        let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).pages(server.interactions.clone()).reply(Reply::open_page("ada")).connect(server.clone()).await.expect("connect");
        assert_eq!(session.call_tool_text("connect", json!({})).await.expect("the call"), "connected");
        let url = session.transcript().requests[0]["url"].as_str().expect("a url").to_owned();
        let id = url.trim_start_matches("https://keys.example.com/p/").trim_end_matches("/form").to_owned();
        // The page again, now that it is done; then an id nobody issued.
        assert!(server.interactions.complete(&id, "ada").await.is_err());
        assert!(server.interactions.complete("nobody", "ada").await.is_err());
    });
    assert_eq!(counter(&metrics, Metric::UrlPages.name(), &[("event", "started")]), 1, "{metrics:?}");
    assert_eq!(counter(&metrics, Metric::UrlPages.name(), &[("event", "completed")]), 1);
    assert_eq!(counter(&metrics, Metric::UrlPages.name(), &[("event", "refused")]), 2);
    assert_eq!(counter(&metrics, Metric::Outcomes.name(), &[("form", "()"), ("mode", "url"), ("outcome", "accept")]), 1);
    assert_eq!(find(&metrics, Metric::Pending.name(), &[("mode", "url")]), Some(&DebugValue::Gauge(0.0.into())));
}

/// The continuation the model is to call back with.
fn continuation_of(result: &CallToolResult) -> String {
    let relay = result.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).unwrap_or_else(|| panic!("not for the model: {result:?}"));
    relay["continuation"].as_str().expect("a continuation").to_owned()
}

#[test]
fn the_relay_counts_questions_for_the_model_and_its_answers() {
    let form = type_name::<Booking>();
    let metrics = recorded(|| async {
        let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).connect(hotel()).await.expect("connect");
        let first = session.call_tool("book_relayed", json!({})).await.expect("the call");
        let answers = json!({"continuation": continuation_of(&first), "answers": {"elicit-1": {"name": CANARY, "room": "103"}}});
        let done = session.call_tool("book_relayed", json!({ RelayArg::NAME: answers })).await.expect("the call back");
        assert_eq!(done.content[0].as_text().map(|t| t.text.as_str()), Some("booked 103"));
    });
    assert_no_canary_in(&metrics);
    assert_eq!(counter(&metrics, Metric::Relay.name(), &[("event", "asked")]), 1, "{metrics:?}");
    assert_eq!(counter(&metrics, Metric::Relay.name(), &[("event", "answered")]), 1);
    assert_eq!(counter(&metrics, Metric::Rounds.name(), &[("outcome", "for_model")]), 1);
    assert_eq!(counter(&metrics, Metric::Rounds.name(), &[("outcome", "complete")]), 1);
    assert_eq!(counter(&metrics, Metric::Outcomes.name(), &[("form", form), ("mode", "form"), ("outcome", "accept")]), 1);
}

// ---- tracing ---------------------------------------------------------------------------

/// A subscriber that keeps everything: each span's name and target with every field
/// given or recorded later, each event's target with every field, as text.
#[derive(Clone, Default)]
struct Capture {
    lines: Arc<Mutex<Vec<String>>>,
    next: Arc<AtomicU64>,
    /// Each span's target, for the fields recorded on it later.
    targets: Arc<Mutex<HashMap<u64, String>>>,
}

struct Fields(String);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.push_str(&format!(" {}={value:?}", field.name()));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.push_str(&format!(" {}={value}", field.name()));
    }
}

impl Subscriber for Capture {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut fields = Fields(format!("span {} {}", span.metadata().target(), span.metadata().name()));
        span.record(&mut fields);
        self.lines.lock().unwrap().push(fields.0);
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        self.targets.lock().unwrap().insert(id, span.metadata().target().to_owned());
        Id::from_u64(id)
    }
    fn record(&self, id: &Id, values: &Record<'_>) {
        let target = self.targets.lock().unwrap().get(&id.into_u64()).cloned().unwrap_or_default();
        let mut fields = Fields(format!("record {target}"));
        values.record(&mut fields);
        self.lines.lock().unwrap().push(fields.0);
    }
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        let mut fields = Fields(format!("event {} {}", event.metadata().level(), event.metadata().target()));
        event.record(&mut fields);
        self.lines.lock().unwrap().push(fields.0);
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

thread_local! {
    /// The capture of the test running on this thread, if any.
    static CAPTURING: RefCell<Option<Capture>> = const { RefCell::new(None) };
}

/// The global subscriber: hands everything to the capture of the current thread. A
/// scoped one (`with_default`) misses events whose callsites other tests' threads
/// register at the same time; a global one that is always interested cannot.
struct Forward;

impl Subscriber for Forward {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &Attributes<'_>) -> Id {
        CAPTURING.with(|c| c.borrow().as_ref().map_or(Id::from_u64(1), |capture| capture.new_span(span)))
    }
    fn record(&self, id: &Id, values: &Record<'_>) {
        CAPTURING.with(|c| c.borrow().as_ref().map(|capture| capture.record(id, values)));
    }
    fn record_follows_from(&self, _: &Id, _: &Id) {}
    fn event(&self, event: &Event<'_>) {
        CAPTURING.with(|c| c.borrow().as_ref().map(|capture| capture.event(event)));
    }
    fn enter(&self, _: &Id) {}
    fn exit(&self, _: &Id) {}
}

/// Runs `f` with everything traced on this thread captured in `capture`.
fn capturing<T>(capture: &Capture, f: impl FnOnce() -> T) -> T {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| tracing::subscriber::set_global_default(Forward).expect("the only global subscriber"));
    CAPTURING.with(|c| *c.borrow_mut() = Some(capture.clone()));
    let out = f();
    CAPTURING.with(|c| *c.borrow_mut() = None);
    out
}

#[test]
fn no_span_or_event_carries_an_answer_a_state_or_an_interaction_id() {
    let capture = Capture::default();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    let secrets = capturing(&capture, || {
        runtime.block_on(async {
            let mut secrets = vec![CANARY.to_owned()];
            // Accepted after a re-ask, directly and in rounds.
            assert_eq!(book(ProtocolRevision::V2025_11_25, invalid_then_valid()).await, "booked 101");
            assert_eq!(book(ProtocolRevision::V2026_07_28, invalid_then_valid()).await, "booked 101");
            // A round answered by hand, then its state tampered with.
            let session = ScriptedClient::new(ProtocolRevision::V2026_07_28).connect(hotel()).await.expect("connect");
            let state = first_round(&session).await;
            let answer = json!({"elicit-1": {"action": "accept", "content": {"name": CANARY, "room": "102"}}});
            assert!(retry(&session, &state, answer.clone()).await.is_ok());
            assert!(retry(&session, &format!("{state}A"), answer).await.is_err());
            secrets.push(state);
            // URL mode on both revisions: the interaction's id is in the URL the client got.
            for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
                let server = hotel();
                let session = ScriptedClient::new(revision).pages(server.interactions.clone()).reply(Reply::open_page("ada")).connect(server).await.expect("connect");
                assert_eq!(session.call_tool_text("connect", json!({})).await.expect("the call"), "connected", "{revision}");
                let url = session.transcript().requests[0]["url"].as_str().expect("a url").to_owned();
                secrets.push(url.trim_start_matches("https://keys.example.com/p/").trim_end_matches("/form").to_owned());
                secrets.push(url);
            }
            // Relayed through the model, on a client that cannot ask.
            let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).connect(hotel()).await.expect("connect");
            let first = session.call_tool("book_relayed", json!({})).await.expect("the call");
            let continuation = continuation_of(&first);
            let answers = json!({"continuation": continuation, "answers": {"elicit-1": {"name": CANARY, "room": "104"}}});
            assert!(session.call_tool("book_relayed", json!({ RelayArg::NAME: answers })).await.is_ok());
            secrets.push(continuation);
            secrets
        })
    });
    let lines = capture.lines.lock().unwrap();
    let ours: Vec<&String> = lines.iter().filter(|line| line.contains("elicit_runtime")).collect();
    // The capture saw what it must judge: both spans, the re-ask's event, the refusal.
    for seen in ["span elicit_runtime::exchange elicit", "span elicit_runtime::rounds elicit_round", "span elicit_runtime::url elicit", "kinds=not_asked,pattern_mismatch", "message=requestState refused reason=", "outcome=accept", "outcome=input_required", "provenance=model", "via=relay", "tool=book ", "revision=2026-07-28", "time_to_answer_ms="] {
        assert!(lines.iter().any(|line| line.contains(seen)), "nothing captured has `{seen}`:\n{}", lines.join("\n"));
    }
    assert!(ours.len() > 20, "{ours:?}");
    for secret in secrets.iter() {
        assert!(secret.len() >= 10, "{secret}");
        // Every span and event, ours and rmcp's under us: rmcp logs at TRACE what it
        // sends, which is why only ours are judged here.
        for line in &ours {
            assert!(!line.contains(secret.as_str()), "`{secret}` is in: {line}");
        }
    }
}
