//! End to end through rmcp: a real rmcp server whose tools call `T::elicit`, and an rmcp
//! client in the same process (the runtime's `ScriptedClient`) that answers from a script
//! and checks every request it receives against the official schema of the negotiated
//! revision. Each scenario runs on 2025-06-18 and on 2025-11-25.

use std::future::IntoFuture;
use std::sync::Arc;
use std::time::Duration;

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession, Transcript};
use elicit_runtime::{Elicit, ElicitError, Elicitation, ProtocolRevision, Violation};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::service::RequestContext;
use rmcp::{Peer, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

const REVISIONS: [ProtocolRevision; 2] = [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25];

#[derive(Elicit, Debug, Clone, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    Free,
    #[elicit(title = "Pro (paid)")]
    Pro,
}

/// Invoice contact
#[derive(Elicit, Debug, Clone, PartialEq)]
struct Contact {
    /// Your full name
    #[elicit(min_length = 1, max_length = 40)]
    name: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(minimum = 18, maximum = 130)]
    age: Option<u8>,
    plan: Plan,
    #[elicit(title = "Send me news", default = true)]
    newsletter: bool,
}

fn ada() -> Contact {
    Contact { name: "Ada Lovelace".into(), email: "ada@example.com".into(), age: Some(36), plan: Plan::Pro, newsletter: false }
}

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Topping {
    Cheese,
    Olives,
}

#[derive(Elicit, Debug)]
struct Pizza {
    toppings: Vec<Topping>,
}

#[derive(Elicit, Debug)]
struct Number {
    n: u32,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct NumberArgs {
    n: u32,
}

/// What a tool reports: the outcome, as text the test can compare.
fn outcome<T: Elicit>(result: Result<Elicitation<T>, ElicitError>) -> String {
    match result {
        Ok(Elicitation::Accept(value)) => format!("accept {}", Value::Object(value.to_content())),
        Ok(Elicitation::Decline) => "decline".into(),
        Ok(Elicitation::Cancel) => "cancel".into(),
        Err(err) => format!("error {err:?}"),
    }
}

#[derive(Clone)]
struct TestServer;

#[tool_router]
impl TestServer {
    #[tool(description = "asks for a contact through the request context")]
    async fn contact(&self, context: RequestContext<RoleServer>) -> String {
        outcome(Contact::elicit(&context, "Where should we send the invoice?").await)
    }

    #[tool(description = "asks for a contact through the peer")]
    async fn contact_via_peer(&self, peer: Peer<RoleServer>) -> String {
        outcome(Contact::elicit(&peer, "Where should we send the invoice?").await)
    }

    #[tool(description = "asks with a 300 ms timeout")]
    async fn contact_timeout(&self, context: RequestContext<RoleServer>) -> String {
        outcome(Contact::elicit(&context, "Quick, who are you?").timeout(Duration::from_millis(300)).await)
    }

    #[tool(description = "stops waiting for the form after 200 ms, its own way")]
    async fn contact_dropped(&self, context: RequestContext<RoleServer>) -> String {
        match tokio::time::timeout(Duration::from_millis(200), Contact::elicit(&context, "Who are you?").into_future()).await {
            Ok(result) => outcome(result),
            Err(_) => "gave up".into(),
        }
    }

    #[tool(description = "stops waiting for the form asked through the peer after 200 ms")]
    async fn contact_via_peer_dropped(&self, peer: Peer<RoleServer>) -> String {
        match tokio::time::timeout(Duration::from_millis(200), Contact::elicit(&peer, "Who are you?").into_future()).await {
            Ok(result) => outcome(result),
            Err(_) => "gave up".into(),
        }
    }

    #[tool(description = "reports progress every 40 ms while the user answers")]
    async fn contact_progress(&self, context: RequestContext<RoleServer>) -> String {
        outcome(Contact::elicit(&context, "Take your time").progress_every(Some(Duration::from_millis(40))).await)
    }

    #[tool(description = "reports no progress")]
    async fn contact_no_progress(&self, context: RequestContext<RoleServer>) -> String {
        outcome(Contact::elicit(&context, "Take your time").progress_every(None).await)
    }

    #[tool(description = "asks again once when the answer is invalid")]
    async fn contact_reask(&self, context: RequestContext<RoleServer>) -> String {
        outcome(Contact::elicit(&context, "Who are you?").reask(1).await)
    }

    #[tool(description = "a URL in the message")]
    async fn contact_url(&self, context: RequestContext<RoleServer>) -> String {
        outcome(Contact::elicit(&context, "See https://example.com first").await)
    }

    #[tool(description = "multi-selects, asked again twice when the answer is invalid")]
    async fn multi_reask(&self, context: RequestContext<RoleServer>) -> String {
        outcome(elicit_tests::forms::MultiSelects::elicit(&context, "Your picks?").reask(2).await)
    }

    #[tool(description = "a multi-select form")]
    async fn pizza(&self, context: RequestContext<RoleServer>) -> String {
        outcome(Pizza::elicit(&context, "Toppings?").await)
    }

    #[tool(description = "asks for the number it was given")]
    async fn number(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<NumberArgs>) -> String {
        match Number::elicit(&context, format!("Number {}", args.n)).await {
            Ok(Elicitation::Accept(number)) => number.n.to_string(),
            other => format!("{other:?}"),
        }
    }
}

#[tool_handler]
impl ServerHandler for TestServer {}

async fn connect(client: ScriptedClient) -> ScriptedSession {
    client.connect(TestServer).await.unwrap_or_else(|e| panic!("cannot connect: {e}"))
}

async fn call(session: &ScriptedSession, tool: &str) -> String {
    session.call_tool_text(tool, json!({})).await.unwrap_or_else(|e| panic!("{tool} failed: {e}"))
}

/// Every request a session saw validates against the official schema of its revision,
/// and carries no key a strict client would drop.
fn assert_wire_valid(transcript: &Transcript, revision: ProtocolRevision) {
    assert!(transcript.violations.is_empty(), "{revision}: requests break the official schema: {:?}", transcript.violations);
    assert!(transcript.undeclared.is_empty(), "{revision}: requests carry undeclared keys: {:?}", transcript.undeclared);
}

#[tokio::test]
async fn accept_yields_the_typed_value_that_was_sent() {
    for revision in REVISIONS {
        for tool in ["contact", "contact_via_peer"] {
            let session = connect(ScriptedClient::new(revision).reply(Reply::accept_value(&ada()))).await;
            let text = call(&session, tool).await;
            assert_eq!(text, format!("accept {}", Value::Object(ada().to_content())), "{revision} {tool}");

            let transcript = session.transcript();
            assert_wire_valid(&transcript, revision);
            assert_eq!(transcript.requests.len(), 1);
            let params = &transcript.requests[0];
            // Exactly the cached schema of the negotiated revision, properties in field order.
            assert_eq!(params["requestedSchema"], *Contact::requested_schema(revision).unwrap().as_json(), "{revision}");
            let order: Vec<&str> = params["requestedSchema"]["properties"].as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(order, ["name", "email", "age", "plan", "newsletter"]);
            assert_eq!(params["message"], "Where should we send the invoice?");
            // `mode` exists from 2025-11-25 on.
            assert_eq!(params.get("mode"), revision.has_modes().then(|| json!("form")).as_ref(), "{revision}");
        }
    }
}

#[tokio::test]
async fn decline_and_cancel_are_answers() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).reply(Reply::Decline).reply(Reply::Cancel)).await;
        assert_eq!(call(&session, "contact").await, "decline", "{revision}");
        assert_eq!(call(&session, "contact").await, "cancel", "{revision}");
        assert_wire_valid(&session.transcript(), revision);
    }
}

#[tokio::test]
async fn invalid_content_reports_every_violation() {
    let bad = json!({ "name": "", "email": "not an email", "age": 12, "plan": "gold" });
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).reply(Reply::accept(bad.clone()))).await;
        let text = call(&session, "contact").await;
        let expected = Contact::from_content(bad.as_object().unwrap()).unwrap_err();
        let fields: Vec<&str> = expected.violations().iter().map(|v: &Violation| &*v.field).collect();
        assert_eq!(fields, ["name", "email", "age", "plan"]);
        assert_eq!(text, format!("error {:?}", ElicitError::from(expected)), "{revision}");
    }
}

#[tokio::test]
async fn reask_sends_the_problems_and_takes_the_corrected_answer() {
    for revision in REVISIONS {
        let client = ScriptedClient::new(revision).reply(Reply::accept(json!({ "name": "Ada" }))).reply(Reply::accept_value(&ada()));
        let session = connect(client).await;
        assert_eq!(call(&session, "contact_reask").await, format!("accept {}", Value::Object(ada().to_content())));
        let transcript = session.transcript();
        assert_wire_valid(&transcript, revision);
        assert_eq!(transcript.requests.len(), 2);
        let second = transcript.requests[1]["message"].as_str().unwrap();
        assert!(second.starts_with("Who are you?\n\nPlease correct your answer:"), "{second}");
        assert!(second.contains("`email`: is required but missing") && second.contains("`plan`: is required but missing"), "{second}");
        // What the user got right comes back as the field's default, where the revision
        // allows a default on it (2025-06-18: booleans only); what was wrong does not.
        let first_schema = &transcript.requests[0]["requestedSchema"]["properties"];
        let second_schema = &transcript.requests[1]["requestedSchema"]["properties"];
        if revision == ProtocolRevision::V2025_06_18 {
            assert_eq!(second_schema, first_schema, "{revision}");
        } else {
            assert_eq!(first_schema["name"].get("default"), None);
            assert_eq!(second_schema["name"]["default"], json!("Ada"), "{revision}");
            assert_eq!(second_schema["email"], first_schema["email"], "{revision}");
            assert_eq!(second_schema["plan"], first_schema["plan"], "{revision}");
        }
    }
}

/// A key the form did not ask for (here a client's rename of a property) is never read
/// past, on every revision: asked again naming it, the valid answers kept; once the
/// re-asks are spent, the error names it.
#[tokio::test]
async fn keys_nobody_asked_for_are_asked_again_then_refused_by_name() {
    for revision in REVISIONS {
        let mut renamed = ada().to_content();
        renamed.insert("full_name".into(), json!("Ada Lovelace"));
        let client = ScriptedClient::new(revision).reply(Reply::accept(Value::Object(renamed.clone()))).reply(Reply::accept_value(&ada()));
        let session = connect(client).await;
        assert_eq!(call(&session, "contact_reask").await, format!("accept {}", Value::Object(ada().to_content())), "{revision}");
        let transcript = session.transcript();
        assert_wire_valid(&transcript, revision);
        assert_eq!(transcript.requests[1]["message"], "Who are you?\n\nPlease correct your answer:\n- `full_name`: is not a field of this form", "{revision}");
        // The answers that were valid come back as defaults where the revision allows.
        let second = &transcript.requests[1]["requestedSchema"]["properties"];
        assert_eq!(second["newsletter"]["default"], json!(ada().newsletter), "{revision}");
        if revision.has_defaults_on_every_type() {
            assert_eq!(second["name"]["default"], json!(ada().name), "{revision}");
        }

        let client = ScriptedClient::new(revision).reply(Reply::accept(Value::Object(renamed.clone()))).reply(Reply::accept(Value::Object(renamed.clone())));
        let session = connect(client).await;
        let text = call(&session, "contact_reask").await;
        let expected = Contact::from_content(&renamed).unwrap_err();
        assert_eq!(expected.violations(), [Violation::new("full_name", elicit_runtime::form::Problem::NotAsked)]);
        assert_eq!(text, format!("error {:?}", ElicitError::from(expected)), "{revision}");
    }
}

/// On 2025-06-18 a multi-select is checkboxes: a problem names the checkbox the user saw,
/// with its title, and a count is said once of the group; no line is written twice.
#[tokio::test]
async fn on_2025_06_18_problems_name_the_checkbox_the_user_saw() {
    let revision = ProtocolRevision::V2025_06_18;
    let valid = json!({ "plans_free": true, "colors_red": true });
    let client = ScriptedClient::new(revision)
        // Checkboxes answered with strings, and too many plans ticked.
        .reply(Reply::accept(json!({ "colors_red": "yes", "colors_blue": "no", "plans_free": true, "plans_pro_monthly": true, "plans_enterprise": true })))
        // No plan ticked at all.
        .reply(Reply::accept(json!({ "colors_green": true, "plans_free": false })))
        .reply(Reply::accept(valid));
    let session = connect(client).await;
    let text = call(&session, "multi_reask").await;
    assert!(text.starts_with("accept "), "{text}");
    let transcript = session.transcript();
    assert_wire_valid(&transcript, revision);
    let messages: Vec<&str> = transcript.requests.iter().map(|r| r["message"].as_str().unwrap()).collect();
    assert_eq!(
        messages[1],
        "Your picks?\n\nPlease correct your answer:\n\
         - colors: red: must be true or false, got text\n\
         - colors: blue: must be true or false, got text\n\
         - choose at most 2 of the Plans options (3 ticked)"
    );
    assert_eq!(messages[2], "Your picks?\n\nPlease correct your answer:\n- choose at least 1 of the Plans options (0 ticked)");
    // Every property a problem names is one the client was shown.
    let shown = transcript.requests[0]["requestedSchema"]["properties"].as_object().unwrap();
    for name in ["colors_red", "colors_blue"] {
        assert!(shown.contains_key(name), "{name}");
    }
    // The typed error names the checkboxes too, and the count under the field.
    let client = ScriptedClient::new(revision)
        .reply(Reply::accept(json!({ "colors_red": 1, "colors_blue": "no", "plans_free": true, "plans_pro_monthly": true, "plans_enterprise": true })))
        .reply(Reply::accept(json!({ "colors_red": 1, "colors_blue": "no", "plans_free": true, "plans_pro_monthly": true, "plans_enterprise": true })))
        .reply(Reply::accept(json!({ "colors_red": 1, "colors_blue": "no", "plans_free": true, "plans_pro_monthly": true, "plans_enterprise": true })));
    let session = connect(client).await;
    let text = call(&session, "multi_reask").await;
    use elicit_runtime::form::Problem;
    let bad = json!({"action": "accept", "content": { "colors_red": 1, "colors_blue": "no", "plans_free": true, "plans_pro_monthly": true, "plans_enterprise": true }});
    let Some(expected) = Elicitation::<elicit_tests::forms::MultiSelects>::from_result_on(&bad, revision).err().and_then(|e| e.invalid().cloned()) else {
        panic!("invalid content accepted")
    };
    assert_eq!(
        expected.violations(),
        [
            Violation::new("colors_red", Problem::WrongType { expected: "boolean", found: "integer" }),
            Violation::new("colors_blue", Problem::WrongType { expected: "boolean", found: "string" }),
            Violation::new("plans", Problem::TooManyItems { max_items: 2, count: 3 }),
        ]
    );
    assert_eq!(text, format!("error {:?}", ElicitError::from(expected)));
    for message in session.transcript().requests.iter().map(|r| r["message"].as_str().unwrap()) {
        let lines: Vec<&str> = message.lines().collect();
        let mut unique = lines.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), lines.len(), "a line repeated in {message}");
    }
}

#[tokio::test]
async fn accept_without_content_and_garbage_are_typed_errors() {
    for revision in REVISIONS {
        let client = ScriptedClient::new(revision)
            .reply(Reply::Raw(json!({ "action": "accept" })))
            .reply(Reply::Raw(json!({ "action": "maybe" })))
            .reply(Reply::Raw(json!({ "action": "accept", "content": [1, 2] })))
            .reply(Reply::Error { code: -32603, message: "the form broke".into() });
        let session = connect(client).await;
        assert_eq!(call(&session, "contact").await, "error AcceptWithoutContent", "{revision}");
        assert_eq!(call(&session, "contact").await, "error Malformed(UnknownAction(\"maybe\"))", "{revision}");
        assert_eq!(call(&session, "contact").await, "error Malformed(ContentNotAnObject)", "{revision}");
        assert_eq!(
            call(&session, "contact").await,
            "error Client { code: -32603, message: \"the form broke\" }",
            "{revision}"
        );
    }
}

#[tokio::test]
async fn a_clients_error_message_is_repeated_in_part() {
    let long = "é".repeat(200_000);
    let session = connect(ScriptedClient::new(ProtocolRevision::V2025_11_25).reply(Reply::Error { code: -32000, message: long })).await;
    let expected = ElicitError::client(-32000, format!("{}…", "é".repeat(256)));
    assert_eq!(call(&session, "contact").await, format!("error {expected:?}"));
}

#[tokio::test]
async fn a_client_without_the_capability_is_never_asked() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::NONE)).await;
        assert_eq!(call(&session, "contact").await, "error NotSupported(ElicitationSupport { form: false, url: false })");
        assert!(session.transcript().requests.is_empty(), "{revision}: a request was sent");
    }
    // A 2025-11-25 client that only does URL mode is not sent a form either.
    let session = connect(ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::URL)).await;
    assert_eq!(call(&session, "contact").await, "error NotSupported(ElicitationSupport { form: false, url: true })");
    assert!(session.transcript().requests.is_empty());
}

#[tokio::test]
async fn one_form_with_a_multi_select_serves_every_revision() {
    // 2025-06-18 has no arrays: the client sees one checkbox per topping, and the tool gets
    // the ticked ones back as the list.
    let client = ScriptedClient::new(ProtocolRevision::V2025_06_18)
        .reply(Reply::accept(json!({ "toppings_olives": true, "toppings_cheese": false })));
    let session = connect(client).await;
    assert_eq!(call(&session, "pizza").await, "accept {\"toppings\":[\"olives\"]}");
    let transcript = session.transcript();
    assert_wire_valid(&transcript, ProtocolRevision::V2025_06_18);
    let properties = transcript.requests[0]["requestedSchema"]["properties"].as_object().unwrap();
    assert!(properties.keys().all(|k| k.starts_with("toppings_")), "{properties:?}");
    assert_eq!(properties["toppings_olives"]["type"], "boolean");

    let session = connect(ScriptedClient::new(ProtocolRevision::V2025_11_25).reply(Reply::accept(json!({ "toppings": ["olives"] })))).await;
    assert_eq!(call(&session, "pizza").await, "accept {\"toppings\":[\"olives\"]}");
    assert_wire_valid(&session.transcript(), ProtocolRevision::V2025_11_25);
}

#[tokio::test]
async fn a_url_in_the_message_is_refused_before_sending() {
    let session = connect(ScriptedClient::new(ProtocolRevision::V2025_11_25)).await;
    assert_eq!(call(&session, "contact_url").await, "error UrlInMessage");
    assert!(session.transcript().requests.is_empty());
}

/// The cancellations the client received, once there are some or after a second: a
/// cancellation travels after the tool's answer.
async fn cancellations_soon(session: &ScriptedSession) -> Vec<Value> {
    for _ in 0..50 {
        let cancellations = session.transcript().cancellations;
        if !cancellations.is_empty() {
            return cancellations;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    session.transcript().cancellations
}

#[tokio::test]
async fn timeout_cancels_the_request_on_the_client() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).reply(Reply::Silence)).await;
        assert_eq!(call(&session, "contact_timeout").await, "error Timeout(300ms)", "{revision}");
        let cancellations = cancellations_soon(&session).await;
        assert_eq!(cancellations.len(), 1, "{revision}: the client was not told");
        assert!(cancellations[0].get("requestId").is_some(), "{revision}: {}", cancellations[0]);
    }
}

/// A body that stops waiting for its form without `.timeout` (its own timer, a
/// `select!`, a `try_join!` that failed on another question) withdraws the form as
/// `.timeout` does: the client gets `notifications/cancelled` for it, and rmcp stops
/// waiting for its response. An answered form is never cancelled.
#[tokio::test]
async fn a_form_the_tool_stops_waiting_for_is_cancelled_on_the_client() {
    for revision in REVISIONS {
        for tool in ["contact_dropped", "contact_via_peer_dropped"] {
            let session = connect(ScriptedClient::new(revision).reply(Reply::Silence)).await;
            assert_eq!(call(&session, tool).await, "gave up", "{revision} {tool}");
            let cancellations = cancellations_soon(&session).await;
            assert_eq!(cancellations.len(), 1, "{revision} {tool}: the form stayed on the client's screen");
            assert!(cancellations[0].get("requestId").is_some_and(Value::is_number), "{revision} {tool}: {}", cancellations[0]);
        }
        let session = connect(ScriptedClient::new(revision).reply(Reply::accept_value(&ada()))).await;
        assert!(call(&session, "contact").await.starts_with("accept"), "{revision}");
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(session.transcript().cancellations, Vec::<Value>::new(), "{revision}: an answered form was cancelled");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_elicitations_reach_their_own_callers() {
    for revision in REVISIONS {
        // Each answer is computed from the question, so a crossed wire shows as a wrong number.
        let client = ScriptedClient::new(revision).respond_with(|params| {
            let n: u32 = params["message"].as_str().and_then(|m| m.strip_prefix("Number ")).and_then(|n| n.parse().ok()).unwrap_or(0);
            Reply::accept(json!({ "n": n }))
        });
        let session = Arc::new(connect(client).await);
        let mut calls = tokio::task::JoinSet::new();
        for n in 0..100u32 {
            let session = session.clone();
            calls.spawn(async move { (n, session.call_tool_text("number", json!({ "n": n })).await) });
        }
        let mut answered = 0;
        while let Some(joined) = calls.join_next().await {
            let (n, text) = joined.expect("the call task ran");
            assert_eq!(text.expect("the call succeeded"), n.to_string(), "{revision}: call {n} got another caller's answer");
            answered += 1;
        }
        assert_eq!(answered, 100);
        let transcript = session.transcript();
        assert_eq!(transcript.requests.len(), 100);
        assert_wire_valid(&transcript, revision);
    }
}

#[tokio::test]
async fn progress_is_reported_while_the_user_answers_when_the_call_carried_a_token() {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25] {
        let slow = || Reply::accept_value(&ada()).after(Duration::from_millis(300));
        let session = connect(ScriptedClient::new(revision).reply(slow()).reply(slow()).reply(slow())).await;

        // rmcp's client sends a progressToken with every request.
        assert!(call(&session, "contact_progress").await.starts_with("accept"), "{revision}");
        let progress = session.transcript().progress;
        // 300 ms of waiting at one notification per 40 ms: several, for the call's token,
        // increasing, saying what the server waits for.
        assert!(progress.len() >= 3, "{revision}: {progress:?}");
        for (i, note) in progress.iter().enumerate() {
            assert_eq!(note["progressToken"], progress[0]["progressToken"], "{revision}");
            assert!(!note["progressToken"].is_null(), "{revision}");
            assert_eq!(note["progress"], json!((i + 1) as f64), "{revision}");
            assert_eq!(note["message"], "waiting for the user to fill in a form", "{revision}");
        }
        // Once the answer is in, the notifications stop.
        let seen = progress.len();
        tokio::time::sleep(Duration::from_millis(150)).await;
        assert_eq!(session.transcript().progress.len(), seen, "{revision}");

        // No token on the call: nothing is sent. Progress switched off: nothing either.
        let text = session.call_tool_without_progress_token("contact_progress", json!({})).await.unwrap();
        assert!(text.content[0].as_text().is_some_and(|t| t.text.starts_with("accept")), "{revision}: {text:?}");
        assert!(call(&session, "contact_no_progress").await.starts_with("accept"), "{revision}");
        assert_eq!(session.transcript().progress.len(), seen, "{revision}");
    }
}
