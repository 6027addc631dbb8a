//! Every client as it really is (issue 34): `stdio_server`'s forms filled in through the
//! clients people type into, each played by the scripted client as its sources say it
//! renders and answers (`RealClient`), end to end through rmcp on 2025-11-25 and
//! 2026-07-28. Through every client the tool receives the same typed value as through a
//! client that follows the specification; Codex's made-up `accept {}` is reported, not
//! re-asked.

// The server declares the option parser it shares with the others (`mod cli;`).
#![allow(clippy::duplicate_mod)]

use elicit_runtime::ProtocolRevision;
use elicit_runtime::form::ClientProfile;
use elicit_runtime::testing::{RealClient, ScriptedClient, Transcript};
use serde_json::{Value, json};

#[allow(dead_code, unreachable_pub)]
#[path = "../servers/stdio_server.rs"]
mod stdio_server;

const REVISIONS: [ProtocolRevision; 2] = [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

/// Every tool of `stdio_server` that asks a form.
const FORM_TOOLS: [&str; 5] = ["book_table", "survey", "pay", "delete_item", "deploy"];

/// The arguments of a tool.
fn arguments(tool: &str) -> Value {
    if tool == "delete_item" { json!({"item": "notes.txt"}) } else { json!({}) }
}

/// Calls `tool` as `client` fills its forms in: the tool's text and what the client saw.
async fn call(client: ScriptedClient, tool: &str, arguments: Value) -> (String, Transcript) {
    call_meaning(client, tool, tool, arguments).await
}

/// [`call`], the user meaning `stdio_server::answers(meaning)`.
async fn call_meaning(client: ScriptedClient, tool: &str, meaning: &str, arguments: Value) -> (String, Transcript) {
    let client = stdio_server::answers(meaning).into_iter().fold(client, ScriptedClient::reply);
    let server = stdio_server::test_server(false).expect("the server starts");
    let session = client.connect(server).await.expect("the client connects");
    let text = session.call_tool_text(tool, arguments).await.expect("the tool answers");
    (text, session.transcript())
}

#[tokio::test]
async fn every_form_of_every_tool_gives_the_same_value_through_every_client() {
    for revision in REVISIONS {
        for tool in FORM_TOOLS {
            let (spec, transcript) = call(ScriptedClient::new(revision), tool, arguments(tool)).await;
            assert!(spec.starts_with("accepted:") || spec.starts_with("deleted"), "{revision} {tool}: {spec}");
            assert!(transcript.violations.is_empty(), "{revision} {tool}: {:?}", transcript.violations);
            for client in RealClient::ALL {
                let (text, transcript) = call(ScriptedClient::new(revision).plays(client), tool, arguments(tool)).await;
                assert_eq!(text, spec, "{revision} {tool} through {client:?}");
                assert!(transcript.violations.is_empty(), "{revision} {tool} through {client:?}: {:?}", transcript.violations);
                // Asked once: nothing was re-asked.
                let forms = stdio_server::answers(tool).len();
                assert_eq!(transcript.requests.len(), forms, "{revision} {tool} through {client:?}: {:#?}", transcript.requests);
            }
        }
    }
}

#[tokio::test]
async fn each_client_is_sent_a_form_it_can_show() {
    for revision in REVISIONS {
        let (_, codex) = call(ScriptedClient::new(revision).plays(RealClient::Codex), "book_table", json!({})).await;
        let properties = &codex.requests[0]["requestedSchema"]["properties"];
        // No number and no array: the guests as text, the diets as checkboxes.
        let mut guests = json!({
            "type": "string",
            "title": "Guests",
            "description": "Number of guests, including you (a whole number from 1 to 12, in digits)",
            "pattern": "^[0-9]+$",
            "default": "2"
        });
        if revision == ProtocolRevision::V2026_07_28 {
            // rmcp writes a round's requests through its typed schema, which has no `pattern`.
            guests.as_object_mut().map(|g| g.remove("pattern"));
        }
        assert_eq!(properties["guests"], guests, "{revision}");
        assert!(properties.get("diets").is_none() && properties["diets_vegan"]["type"] == "boolean", "{revision}: {properties:#}");
        assert!(properties.as_object().unwrap().values().all(|p| p["type"] != "number" && p["type"] != "integer" && p["type"] != "array"));

        let (_, goose) = call(ScriptedClient::new(revision).plays(RealClient::Goose), "book_table", json!({})).await;
        let properties = &goose.requests[0]["requestedSchema"]["properties"];
        // No titled `oneOf`: the titles as plain values; the title in the description.
        assert_eq!(properties["area"]["enum"], json!(["Main room", "Terrace (weather permitting)", "Bar counter"]), "{revision}");
        assert_eq!(properties["area"]["default"], json!("Main room"));
        assert!(properties["area"].get("oneOf").is_none());
        assert_eq!(properties["name"]["description"], json!("Name: The name the table is booked under"));
        // Numbers are shown by Goose: still a number.
        assert_eq!(properties["guests"]["type"], "integer");

        // The specification's client gets the specification's form.
        let (_, spec) = call(ScriptedClient::new(revision), "book_table", json!({})).await;
        let properties = &spec.requests[0]["requestedSchema"]["properties"];
        assert_eq!(properties["guests"]["type"], "integer");
        assert_eq!(properties["diets"]["type"], "array");
    }
}

#[tokio::test]
async fn codex_made_up_accept_is_reported_not_reasked_without_a_profile() {
    for revision in REVISIONS {
        // Codex as it is, under a name the toolkit does not know: the form has a number, so
        // its "Yes" sends `{}`; the tool re-asks up to twice, but this is not re-asked.
        let unknown = ScriptedClient::new(revision).plays(RealClient::Codex).client_info("codex-fork", "9.9.9");
        let (text, transcript) = call(unknown, "book_table", json!({})).await;
        assert!(text.contains("the client could not show this form"), "{revision}: {text}");
        assert_eq!(transcript.requests.len(), 1, "{revision}: asked once");
        assert_eq!(transcript.requests[0]["requestedSchema"]["properties"]["guests"]["type"], "integer");

        // With its profile the form is one Codex renders, and its answer is the booking.
        let (with_profile, transcript) = call(ScriptedClient::new(revision).plays(RealClient::Codex), "book_table", json!({})).await;
        let (spec, _) = call(ScriptedClient::new(revision), "book_table", json!({})).await;
        assert_eq!(with_profile, spec, "{revision}");
        assert!(with_profile.contains("guests: 4"), "{with_profile}");
        assert_eq!(transcript.requests.len(), 1);
    }
}

#[tokio::test]
async fn a_number_typed_wrong_is_reasked_with_the_same_problem_in_words() {
    use elicit_runtime::testing::Reply;
    for revision in REVISIONS {
        // Codex's user types `13` guests, then `4`.
        let mut booking = stdio_server::answers("book_table");
        let Some(Reply::Fill { content, schema }) = booking.pop() else { panic!("a fill") };
        let mut wrong = content.clone();
        wrong.insert("guests".into(), json!(13));
        let client = ScriptedClient::new(revision)
            .plays(RealClient::Codex)
            .reply(Reply::Fill { content: wrong, schema })
            .reply(Reply::Fill { content, schema });
        let server = stdio_server::test_server(false).expect("the server starts");
        let session = client.connect(server).await.expect("the client connects");
        let text = session.call_tool_text("book_table", json!({})).await.expect("the tool answers");
        let transcript = session.transcript();
        assert!(text.contains("guests: 4"), "{revision}: {text}");
        assert_eq!(transcript.requests.len(), 2, "{revision}");
        let reask = transcript.requests[1]["message"].as_str().unwrap_or_default();
        assert!(reask.ends_with("- Guests: must be at most 12, got 13"), "{revision}: {reask}");
        // What was right comes back as defaults, in the form Codex was sent.
        assert_eq!(transcript.requests[1]["requestedSchema"]["properties"]["name"]["default"], "Ada Lovelace", "{revision}");
    }
}

#[test]
fn the_scripted_clients_are_the_profiles_the_toolkit_recognises() {
    let labels: Vec<&str> = RealClient::ALL.iter().map(|c| c.profile().label()).collect();
    assert_eq!(labels, ["spec", "codex", "goose", "vscode", "claude-code", "fast-agent"]);
    assert_eq!(ClientProfile::recognise("CODEX-MCP-CLIENT", "0.1.0"), &ClientProfile::CODEX);
}

#[tokio::test]
async fn with_the_relay_the_model_asks_when_the_client_could_not_show_the_form() {
    use elicit_runtime::rmcp::RelayArg;
    let revision = ProtocolRevision::V2025_11_25;
    let unknown = ScriptedClient::new(revision).plays(RealClient::Codex).client_info("codex-fork", "9.9.9");
    let client = stdio_server::answers("book_table").into_iter().fold(unknown, ScriptedClient::reply);
    let session = client.connect(stdio_server::test_server(true).expect("the server starts")).await.expect("the client connects");
    // The author chose the relay: Codex's `{}` hands the question to the model, once.
    let first = session.call_tool("book_table", json!({})).await.expect("the tool answers");
    let relay = first.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).unwrap_or_else(|| panic!("not for the model: {first:?}"));
    let continuation = relay["continuation"].as_str().expect("a continuation").to_owned();
    let keys: Vec<String> = relay["questions"].as_object().expect("questions").keys().cloned().collect();
    assert_eq!(keys, ["elicit-1-retry-1"]);
    assert_eq!(session.transcript().requests.len(), 1, "the client was asked once");
    // The model relays what the user said; the booking is the same.
    let said = json!({"name": "Ada Lovelace", "date": "2026-12-24", "time": "19:30", "guests": 4, "area": "terrace", "diets": ["vegan", "nut_allergy"]});
    let back = json!({ RelayArg::NAME: { "continuation": continuation, "answers": { keys[0].clone(): said } } });
    let done = session.call_tool_text("book_table", back).await.expect("the tool answers");
    let (spec, _) = call(ScriptedClient::new(revision), "book_table", json!({})).await;
    assert_eq!(done, spec);
    assert_eq!(session.transcript().requests.len(), 1, "the call-back asks the client nothing");

    // `delete_item`'s confirmation is the user's alone: never relayed, the typed error.
    let unknown = ScriptedClient::new(revision).plays(RealClient::Codex).client_info("codex-fork", "9.9.9");
    let client = unknown.reply(elicit_runtime::testing::Reply::accept(json!({})));
    let session = client.connect(stdio_server::test_server(true).expect("the server starts")).await.expect("the client connects");
    let text = session.call_tool_text("delete_item", json!({"item": "notes.txt"})).await.expect("the tool answers");
    // `Confirm` has no required field (its box has a default): `{}` is a real answer there.
    assert_eq!(text, "kept `notes.txt`: the box was not ticked");
}

/// The `client` fields the `elicit` spans were given or recorded later.
#[derive(Clone, Default)]
struct Clients(std::sync::Arc<std::sync::Mutex<Vec<String>>>);

struct ClientField<'a>(&'a Clients);

impl tracing::field::Visit for ClientField<'_> {
    fn record_debug(&mut self, _: &tracing::field::Field, _: &dyn std::fmt::Debug) {}
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        if field.name() == "client" {
            self.0.0.lock().unwrap().push(value.to_owned());
        }
    }
}

thread_local! {
    /// The capture of the test running on this thread, if any.
    static CAPTURING: std::cell::RefCell<Option<Clients>> = const { std::cell::RefCell::new(None) };
}

/// The global subscriber, handing spans to the capture of the current thread: a scoped one
/// misses spans whose callsites other tests' threads register at the same time (as
/// tests/tests/observability.rs found).
struct Forward;

impl tracing::Subscriber for Forward {
    fn enabled(&self, _: &tracing::Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, span: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        CAPTURING.with(|c| c.borrow().as_ref().map(|clients| span.record(&mut ClientField(clients))));
        tracing::span::Id::from_u64(1)
    }
    fn record(&self, _: &tracing::span::Id, values: &tracing::span::Record<'_>) {
        CAPTURING.with(|c| c.borrow().as_ref().map(|clients| values.record(&mut ClientField(clients))));
    }
    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}
    fn event(&self, _: &tracing::Event<'_>) {}
    fn enter(&self, _: &tracing::span::Id) {}
    fn exit(&self, _: &tracing::span::Id) {}
}

#[test]
fn the_profile_used_is_in_the_span_and_a_metric() {
    use metrics_util::debugging::{DebugValue, DebuggingRecorder};
    let recorder = DebuggingRecorder::new();
    let snapshotter = recorder.snapshotter();
    let spans = Clients::default();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    tracing::subscriber::set_global_default(Forward).expect("the only global subscriber of this binary");
    CAPTURING.with(|c| *c.borrow_mut() = Some(spans.clone()));
    metrics::with_local_recorder(&recorder, || {
        runtime.block_on(async {
            call(ScriptedClient::new(ProtocolRevision::V2025_11_25).plays(RealClient::Codex), "book_table", json!({})).await;
            call(ScriptedClient::new(ProtocolRevision::V2025_11_25).plays(RealClient::Goose), "survey", json!({})).await;
            call(ScriptedClient::new(ProtocolRevision::V2025_11_25), "delete_item", json!({"item": "x"})).await;
        });
    });
    CAPTURING.with(|c| *c.borrow_mut() = None);
    assert_eq!(*spans.0.lock().unwrap(), ["codex", "goose", "spec"]);
    let mut counted: Vec<(String, u64)> = snapshotter
        .snapshot()
        .into_vec()
        .into_iter()
        .filter(|(key, ..)| key.key().name() == elicit_runtime::observe::Metric::ClientProfiles.name())
        .map(|(key, _, _, value)| {
            let labels: Vec<String> = key.key().labels().map(|l| format!("{}={}", l.key(), l.value())).collect();
            let DebugValue::Counter(n) = value else { panic!("a counter") };
            (labels.join(","), n)
        })
        .collect();
    counted.sort();
    assert_eq!(counted, [("client=codex,outcome=accept".to_owned(), 1), ("client=goose,outcome=accept".to_owned(), 1), ("client=spec,outcome=accept".to_owned(), 1)]);
}

#[tokio::test]
async fn a_box_left_unticked_is_the_same_answer_through_every_client() {
    // VS Code loses the `false` default and leaves the field out; Codex preselects it.
    for revision in REVISIONS {
        for client in RealClient::ALL {
            let (text, _) = call_meaning(ScriptedClient::new(revision).plays(client), "delete_item", "delete_item_kept", arguments("delete_item")).await;
            assert_eq!(text, "kept `notes.txt`: the box was not ticked", "{revision} {client:?}");
        }
    }
}
