//! Protocol 2026-07-28: elicitation inside `InputRequiredResult` rounds, with a sealed
//! `requestState`. A real rmcp server whose tools run their bodies through
//! `ToolCall::run`, and rmcp's client in the same process (the runtime's
//! `ScriptedClient`, which checks every `InputRequiredResult` and input request against
//! the official 2026-07-28 schema). The same tool bodies also serve 2025-06-18 and
//! 2025-11-25 clients.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_runtime::exchange::ElicitationSupport;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use elicit_runtime::rmcp::{INVALID_STATE, ToolCall};
use elicit_runtime::rounds::{StateError, StateSealer};
use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession, Transcript};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, InputResponses};
use rmcp::handler::server::tool::{InputResponses as ExtractedResponses, RequestState};
use rmcp::service::ServiceError;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

const KEY: &[u8] = b"test key for the rounds suite, 32+ bytes long";

#[derive(Elicit, Debug, Clone, Copy, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Course {
    Starter,
    Main,
}

#[derive(Elicit, Debug, Clone, PartialEq)]
struct Order {
    course: Course,
    #[elicit(minimum = 1, maximum = 8)]
    plates: u8,
}

#[derive(Elicit, Debug, Clone, PartialEq)]
struct Name {
    #[elicit(min_length = 1)]
    name: String,
}

/// [`Name`] as a redeployed server asks it: a changed form.
#[derive(Elicit, Debug, Clone, PartialEq)]
struct NameV2 {
    #[elicit(min_length = 2)]
    name: String,
}

#[derive(Elicit, Debug, Clone, PartialEq)]
struct Dessert {
    #[elicit(default = false)]
    dessert: bool,
}

fn text(body: String) -> Result<CallToolResult, ErrorData> {
    Ok(CallToolResult::success(vec![ContentBlock::text(body)]))
}

fn show<T: Elicit>(answer: &Elicitation<T>) -> String {
    match answer {
        Elicitation::Accept(value) => Value::Object(value.to_content()).to_string(),
        Elicitation::Decline => "decline".into(),
        Elicitation::Cancel => "cancel".into(),
    }
}

#[derive(Clone)]
struct Restaurant {
    sealer: StateSealer,
    short: StateSealer,
    /// The authenticated user, as an auth layer would tell the server.
    user: Arc<Mutex<String>>,
    /// How many times a tool body ran to its end.
    completed: Arc<AtomicUsize>,
    /// The server was redeployed with a changed form for `name`.
    redeployed: bool,
}

impl Restaurant {
    fn new() -> Self {
        Restaurant {
            sealer: StateSealer::new(KEY.to_vec()).expect("a long enough key"),
            short: StateSealer::new(KEY.to_vec()).expect("a long enough key").ttl(Duration::from_millis(50)),
            user: Arc::new(Mutex::new("alice".into())),
            completed: Arc::new(AtomicUsize::new(0)),
            redeployed: false,
        }
    }

    fn done(&self, body: String) -> Result<CallToolResult, ErrorData> {
        self.completed.fetch_add(1, Ordering::SeqCst);
        text(body)
    }
}

#[tool_router]
impl Restaurant {
    #[tool(description = "one form")]
    async fn name(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let user = self.user.lock().map(|u| u.clone()).unwrap_or_default();
        call.principal(user)
            .run(&self.sealer, |ask| async move {
                if self.redeployed {
                    let answer = NameV2::elicit(&ask, "Your name?").await?;
                    return self.done(format!("v2 {}", show(&answer)));
                }
                let answer = Name::elicit(&ask, "Your name?").await?;
                self.done(show(&answer))
            })
            .await
    }

    #[tool(description = "one form, state valid for 50 ms")]
    async fn name_short(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.short, |ask| async move { self.done(show(&Name::elicit(&ask, "Your name?").await?)) }).await
    }

    #[tool(description = "two forms in one round")]
    async fn both(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let (name, order) = tokio::join!(Name::elicit(&ask, "Your name?"), Order::elicit(&ask, "Your order?"));
            let (name, order) = (name?, order?);
            self.done(format!("{} {}", show(&name), show(&order)))
        })
        .await
    }

    #[tool(description = "a second form that depends on the first")]
    async fn two_rounds(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let order = Order::elicit(&ask, "Your order?").await?;
            let Elicitation::Accept(order) = order else { return self.done(show(&order)) };
            if order.course == Course::Main {
                let dessert = Dessert::elicit(&ask, "Dessert with your main course?").await?;
                return self.done(format!("{} {}", Value::Object(order.to_content()), show(&dessert)));
            }
            self.done(Value::Object(order.to_content()).to_string())
        })
        .await
    }

    #[tool(description = "asks through the request context, without ToolCall")]
    async fn direct(&self, context: rmcp::service::RequestContext<rmcp::RoleServer>) -> String {
        format!("{:?}", Name::elicit(&context, "Your name?").await)
    }

    #[tool(description = "one form, with rmcp's own round extractors after ToolCall")]
    async fn name_then_extractors(
        &self,
        call: ToolCall,
        RequestState(state): RequestState,
        ExtractedResponses(responses): ExtractedResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        let seen = format!("state {}, responses {}", state.is_some(), responses.is_some());
        call.run(&self.sealer, |ask| async move { self.done(format!("{} ({seen})", show(&Name::elicit(&ask, "Your name?").await?))) }).await
    }

    #[tool(description = "two forms in one round under one key")]
    async fn one_key_together(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let (name, order) = tokio::join!(Name::elicit(&ask, "Your name?").key("k"), Order::elicit(&ask, "Your order?").key("k"));
            let (name, order) = (name?, order?);
            self.done(format!("{} {}", show(&name), show(&order)))
        })
        .await
    }

    #[tool(description = "two forms one after the other under one key")]
    async fn one_key_in_turn(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let name = Name::elicit(&ask, "Your name?").key("k").await?;
            let again = Name::elicit(&ask, "Your name, again?").key("k").await?;
            self.done(format!("{} {}", show(&name), show(&again)))
        })
        .await
    }

    #[tool(description = "one form asked twice under its key: the same question")]
    async fn same_question_twice(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let name = Name::elicit(&ask, "Your name?").key("k").await?;
            let again = Name::elicit(&ask, "Your name?").key("k").await?;
            self.done(format!("{} {}", show(&name), show(&again)))
        })
        .await
    }

    #[tool(description = "asks again once on invalid content")]
    async fn name_reask(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            self.done(show(&Name::elicit(&ask, "Your name?").reask(1).await?))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Restaurant {}

async fn connect(client: ScriptedClient, server: Restaurant) -> ScriptedSession {
    client.connect(server).await.unwrap_or_else(|e| panic!("cannot connect: {e}"))
}

fn modern() -> ScriptedClient {
    ScriptedClient::new(ProtocolRevision::V2026_07_28)
}

async fn call(session: &ScriptedSession, tool: &str) -> Result<String, ServiceError> {
    session.call_tool_text(tool, json!({})).await
}

fn assert_wire_valid(transcript: &Transcript) {
    assert!(transcript.violations.is_empty(), "break the official schema: {:?}", transcript.violations);
    assert!(transcript.undeclared.is_empty(), "carry undeclared keys: {:?}", transcript.undeclared);
}

/// The JSON-RPC error code of a failed call.
fn error_code(result: Result<impl std::fmt::Debug, ServiceError>) -> i32 {
    match result {
        Err(ServiceError::McpError(data)) => data.code.0,
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
}

/// A refused state: always the one frozen error, whatever failed.
fn assert_frozen(result: Result<impl std::fmt::Debug, ServiceError>, what: &str) {
    match result {
        Err(ServiceError::McpError(data)) => {
            assert_eq!((data.code.0, data.message.as_ref(), &data.data), (-32602, INVALID_STATE, &None), "{what}");
        }
        other => panic!("{what}: expected the frozen error, got {other:?}"),
    }
}

#[tokio::test]
async fn single_form() {
    let session = connect(modern().reply(Reply::accept(json!({ "name": "Ada" }))), Restaurant::new()).await;
    assert_eq!(call(&session, "name").await.unwrap(), r#"{"name":"Ada"}"#);
    let transcript = session.transcript();
    assert_wire_valid(&transcript);
    assert_eq!(transcript.requests.len(), 1);
    assert_eq!(transcript.requests[0]["mode"], "form");
    assert_eq!(transcript.requests[0]["requestedSchema"], *Name::requested_schema(ProtocolRevision::V2026_07_28).unwrap().as_json());
}

#[tokio::test]
async fn decline_and_cancel() {
    let session = connect(modern().reply(Reply::Decline).reply(Reply::Cancel), Restaurant::new()).await;
    assert_eq!(call(&session, "name").await.unwrap(), "decline");
    assert_eq!(call(&session, "name").await.unwrap(), "cancel");
    assert_wire_valid(&session.transcript());
}

#[tokio::test]
async fn two_forms_in_one_round() {
    let client = modern().reply(Reply::accept(json!({ "name": "Ada" }))).reply(Reply::accept(json!({ "course": "main", "plates": 2 })));
    let server = Restaurant::new();
    let session = connect(client, server.clone()).await;
    assert_eq!(call(&session, "both").await.unwrap(), r#"{"name":"Ada"} {"course":"main","plates":2}"#);

    // Both questions travelled in the first InputRequiredResult.
    let first = session.peer().call_tool_once(CallToolRequestParams::new("both")).await.unwrap();
    let CallToolResponse::InputRequired(input) = first else { panic!("expected input_required, got {first:?}") };
    let keys: Vec<&String> = input.input_requests.as_ref().unwrap().keys().collect();
    assert_eq!(keys, ["elicit-1", "elicit-2"]);
    assert_wire_valid(&session.transcript());
    assert_eq!(server.completed.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn two_rounds_where_the_second_depends_on_the_first() {
    let client = modern().reply(Reply::accept(json!({ "course": "main", "plates": 3 }))).reply(Reply::accept(json!({ "dessert": true })));
    let session = connect(client, Restaurant::new()).await;
    assert_eq!(call(&session, "two_rounds").await.unwrap(), r#"{"course":"main","plates":3} {"dessert":true}"#);
    let transcript = session.transcript();
    assert_wire_valid(&transcript);
    let messages: Vec<&str> = transcript.requests.iter().map(|r| r["message"].as_str().unwrap()).collect();
    assert_eq!(messages, ["Your order?", "Dessert with your main course?"]);

    // A starter needs no second round.
    let session = connect(modern().reply(Reply::accept(json!({ "course": "starter", "plates": 1 }))), Restaurant::new()).await;
    assert_eq!(call(&session, "two_rounds").await.unwrap(), r#"{"course":"starter","plates":1}"#);
    assert_eq!(session.transcript().requests.len(), 1);
}

#[tokio::test]
async fn invalid_content_is_asked_again_then_the_correction_is_taken() {
    let client = modern().reply(Reply::accept(json!({ "name": "" }))).reply(Reply::accept(json!({ "name": "Ada" })));
    let session = connect(client, Restaurant::new()).await;
    assert_eq!(call(&session, "name_reask").await.unwrap(), r#"{"name":"Ada"}"#);
    let transcript = session.transcript();
    assert_wire_valid(&transcript);
    assert_eq!(transcript.requests.len(), 2);
    let again = transcript.requests[1]["message"].as_str().unwrap();
    assert_eq!(again, "Your name?\n\nPlease correct your answer:\n- `name`: must be at least 1 character long, got 0");

    // Without re-asking, invalid content is a typed error for the tool, reported as such.
    let session = connect(modern().reply(Reply::accept(json!({ "name": "" }))), Restaurant::new()).await;
    let err = call(&session, "name").await.unwrap_err();
    assert!(err.to_string().contains("`name`: must be at least 1 character long"), "{err}");
}

/// A key the question did not ask for is never read past: asked again naming it (the
/// valid answer kept as the default), and once the re-asks are spent, an error naming it.
#[tokio::test]
async fn keys_nobody_asked_for_are_asked_again_then_refused_by_name() {
    let renamed = json!({ "name": "Ada", "nick_name": "Ada L." });
    let client = modern().reply(Reply::accept(renamed.clone())).reply(Reply::accept(json!({ "name": "Ada" })));
    let session = connect(client, Restaurant::new()).await;
    assert_eq!(call(&session, "name_reask").await.unwrap(), r#"{"name":"Ada"}"#);
    let transcript = session.transcript();
    assert_wire_valid(&transcript);
    let again = &transcript.requests[1];
    assert_eq!(again["message"], "Your name?\n\nPlease correct your answer:\n- `nick_name`: is not a field of this form");
    assert_eq!(again["requestedSchema"]["properties"]["name"]["default"], "Ada");

    let client = modern().reply(Reply::accept(renamed.clone())).reply(Reply::accept(renamed));
    let session = connect(client, Restaurant::new()).await;
    let err = call(&session, "name_reask").await.unwrap_err();
    assert!(err.to_string().contains("`nick_name`: is not a field of this form"), "{err}");
}

#[tokio::test]
async fn a_client_without_the_capability_gets_no_input_request() {
    let session = connect(modern().support(ElicitationSupport::NONE), Restaurant::new()).await;
    assert_eq!(error_code(call(&session, "name").await), -32021);
    assert!(session.transcript().requests.is_empty());
}

#[tokio::test]
async fn asking_directly_on_2026_is_a_typed_error_and_sends_nothing() {
    let session = connect(modern(), Restaurant::new()).await;
    assert_eq!(call(&session, "direct").await.unwrap(), "Err(NeedsInputRound)");
    assert!(session.transcript().requests.is_empty());
}

#[tokio::test]
async fn the_same_tool_bodies_serve_older_revisions() {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25] {
        let client = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({ "course": "main", "plates": 3 })))
            .reply(Reply::accept(json!({ "dessert": false })));
        let session = connect(client, Restaurant::new()).await;
        assert_eq!(call(&session, "two_rounds").await.unwrap(), r#"{"course":"main","plates":3} {"dessert":false}"#);
        assert_wire_valid(&session.transcript());
    }
}

// ---- untrusted input on the retry --------------------------------------------------------

/// The first round of `tool`: the genuine `requestState` and the input keys.
async fn first_round(session: &ScriptedSession, tool: &str, arguments: Value) -> (String, Vec<String>) {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    if let Value::Object(arguments) = arguments {
        params = params.with_arguments(arguments);
    }
    match session.peer().call_tool_once(params).await.unwrap() {
        CallToolResponse::InputRequired(input) => {
            (input.request_state.expect("a state"), input.input_requests.unwrap_or_default().keys().cloned().collect())
        }
        other => panic!("expected input_required, got {other:?}"),
    }
}

async fn retry(session: &ScriptedSession, tool: &str, arguments: Value, state: &str, responses: Value) -> Result<CallToolResponse, ServiceError> {
    let responses: InputResponses = serde_json::from_value(responses).expect("an object of responses");
    let mut params = CallToolRequestParams::new(tool.to_owned()).with_request_state(state.to_owned()).with_input_responses(responses);
    if let Value::Object(arguments) = arguments {
        params = params.with_arguments(arguments);
    }
    session.peer().call_tool_once(params).await
}

fn complete_text(response: CallToolResponse) -> String {
    match response {
        CallToolResponse::Complete(result) => result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect(),
        other => panic!("expected a complete result, got {other:?}"),
    }
}

/// `ToolCall` takes the round's answers and state out of the call, as rmcp's own
/// extractors do: the round is still played, and an extractor after it sees neither.
#[tokio::test]
async fn tool_call_takes_the_round_from_extractors_after_it() {
    let session = connect(modern(), Restaurant::new()).await;
    let (state, keys) = first_round(&session, "name_then_extractors", json!({})).await;
    assert_eq!(keys, ["elicit-1"]);
    let responses = json!({ "elicit-1": { "action": "accept", "content": { "name": "Ada" } } });
    let done = retry(&session, "name_then_extractors", json!({}), &state, responses).await.expect("the retry completes");
    assert_eq!(complete_text(done), r#"{"name":"Ada"} (state false, responses false)"#);
}

#[tokio::test]
async fn retry_input_has_defined_outcomes() {
    let session = connect(modern(), Restaurant::new()).await;
    let (state, keys) = first_round(&session, "name", json!({})).await;
    assert_eq!(keys, ["elicit-1"]);
    let ada = json!({ "action": "accept", "content": { "name": "Ada" } });

    // Extra keys are ignored.
    let done = retry(&session, "name", json!({}), &state, json!({ "elicit-1": ada, "elicit-9": ada, "other": 1 })).await.unwrap();
    assert_eq!(complete_text(done), r#"{"name":"Ada"}"#);

    // A missing answer is asked again, in a new round with a new state.
    let again = retry(&session, "name", json!({}), &state, json!({ "unrelated": ada })).await.unwrap();
    let CallToolResponse::InputRequired(input) = again else { panic!("expected the question again, got {again:?}") };
    assert_eq!(input.input_requests.unwrap().keys().collect::<Vec<_>>(), ["elicit-1"]);
    assert_ne!(input.request_state.as_deref(), Some(state.as_str()));

    // Answers without a state answer nothing this server asked: the question is asked.
    let mut params = CallToolRequestParams::new("name");
    params = params.with_input_responses(serde_json::from_value(json!({ "elicit-1": ada })).unwrap());
    assert!(matches!(session.peer().call_tool_once(params).await.unwrap(), CallToolResponse::InputRequired(_)));

    // The wrong kind of result, accept without content, invalid content: typed errors.
    for (response, expected) in [
        (json!({ "role": "assistant", "content": { "type": "text", "text": "hi" }, "model": "m" }), "has no `action`"),
        (json!("accept"), "is not a JSON object"),
        (json!({ "action": "accept" }), "sent no `content`"),
        (json!({ "action": "accept", "content": { "name": 7 } }), "`name`: must be text, got a whole number"),
        (json!({ "action": "perhaps" }), "unknown action `perhaps`"),
    ] {
        let err = retry(&session, "name", json!({}), &state, json!({ "elicit-1": response })).await.unwrap_err();
        assert!(err.to_string().contains(expected), "{response}: {err}");
    }
}

/// Properties nobody asked for are named when the answer is read, and are not carried
/// whole to the next round: padding an answer (in a value or in a key) cannot make the
/// server's state too large to seal (which ended the call with an internal error).
#[tokio::test]
async fn properties_nobody_asked_for_are_not_carried_between_rounds() {
    let session = connect(modern(), Restaurant::new()).await;
    let padding = "x".repeat(300_000);
    // Without re-asks, the answer is refused, the padded key named (cut).
    let (state, keys) = first_round(&session, "two_rounds", json!({})).await;
    let content = json!({ "course": "main", "plates": 2, "note": padding, padding.clone(): 1 });
    let responses = json!({ keys[0].clone(): { "action": "accept", "content": content } });
    let err = retry(&session, "two_rounds", json!({}), &state, responses).await.unwrap_err().to_string();
    let cut = format!("`{}…`: is not a field", "x".repeat(64));
    assert!(err.contains("`note`: is not a field of this form") && err.contains(&cut), "{}", &err[..err.len().min(500)]);
    assert!(err.len() < 2_000, "the error repeats {} bytes", err.len());
    let many: serde_json::Map<String, Value> = (0..1000).map(|i| (format!("k{i}"), json!(i))).chain([("name".to_owned(), json!(""))]).collect();
    for (tool, content, next) in [
        ("name_reask", json!({ "name": "", "note": padding }), "elicit-1-retry-1"),
        ("name_reask", json!({ "name": "", padding.clone(): padding }), "elicit-1-retry-1"),
        ("name_reask", Value::Object(many), "elicit-1-retry-1"),
    ] {
        let (state, keys) = first_round(&session, tool, json!({})).await;
        let responses = json!({ keys[0].clone(): { "action": "accept", "content": content } });
        let response = retry(&session, tool, json!({}), &state, responses).await.unwrap_or_else(|e| panic!("{tool}: {e}"));
        let CallToolResponse::InputRequired(input) = response else { panic!("{tool}: expected the next question, got {response:?}") };
        assert_eq!(input.input_requests.unwrap().keys().collect::<Vec<_>>(), [next], "{tool}");
        let carried = input.request_state.expect("a state");
        assert!(carried.len() < 2_000, "{tool}: the state carries {} bytes", carried.len());
    }
}

// ---- the tampering suite -------------------------------------------------------------

fn flip(state: &str, at: usize) -> String {
    let mut bytes = state.as_bytes().to_vec();
    let at = at.min(bytes.len() - 1);
    // Stay within the base64url alphabet so only the seal can tell.
    bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
    String::from_utf8(bytes).expect("ASCII")
}

#[tokio::test]
async fn tampered_states_are_rejected_before_the_body_runs() {
    let server = Restaurant::new();
    let session = connect(modern(), server.clone()).await;
    let ada = json!({ "elicit-1": { "action": "accept", "content": { "name": "Ada" } } });
    let (state, _) = first_round(&session, "name", json!({})).await;
    let len = state.len();

    let other_key_server = Restaurant { sealer: StateSealer::new(b"another key, also at least 32 bytes".to_vec()).unwrap(), ..Restaurant::new() };
    let other_session = connect(modern(), other_key_server).await;
    let (foreign, _) = first_round(&other_session, "name", json!({})).await;

    let blob = || URL_SAFE_NO_PAD.decode(&state[4..]).unwrap();
    let encode = |bytes: &[u8]| format!("es1.{}", URL_SAFE_NO_PAD.encode(bytes));
    let mut mutations: Vec<(&str, String)> = vec![
        ("bit flip in the key id", flip(&state, 5)),
        ("bit flip in the nonce", flip(&state, 20)),
        ("bit flip in the middle", flip(&state, len / 2)),
        ("bit flip near the end of the ciphertext", flip(&state, len - 30)),
        ("bit flip in the tag", flip(&state, len - 2)),
        ("last character changed", flip(&state, len - 1)),
        ("version prefix changed", state.replacen("es1.", "es2.", 1)),
        ("rmcp's format prefix", state.replacen("es1.", "rs1.", 1)),
        ("truncated by one character", state[..len - 1].to_owned()),
        ("truncated to half", state[..len / 2].to_owned()),
        ("only the prefix", "es1.".to_owned()),
        ("tag removed", encode(&blob()[..blob().len() - 16])),
        ("nonce and ciphertext swapped", {
            let b = blob();
            encode(&[&b[..4], &b[28..52], &b[4..28], &b[52..]].concat())
        }),
        ("key id of another key", {
            let mut b = blob();
            b[..4].copy_from_slice(&URL_SAFE_NO_PAD.decode(&foreign[4..]).unwrap()[..4]);
            encode(&b)
        }),
        ("re-encoded with padding", format!("{state}==")),
        ("re-encoded as standard base64", state.replace('-', "+").replace('_', "/") + "+/"),
        ("whitespace appended", format!("{state} ")),
        ("doubled", format!("{state}{state}")),
        ("empty", String::new()),
        ("huge", "A".repeat(elicit_runtime::rounds::MAX_STATE_LEN + 1)),
        ("plain JSON", r#"{"answers":{"elicit-1":{"action":"accept","content":{"name":"Mallory"}}},"pending":[]}"#.to_owned()),
        ("sealed with another server's key", foreign),
        ("non-ASCII garbage", "es1.ÿÿÿÿ.ÿÿÿÿ".to_owned()),
    ];
    // Letters that are not flipped by `flip` (it writes `A` or `B`) still make distinct cases.
    mutations.dedup_by(|a, b| a.1 == b.1);
    assert!(mutations.len() >= 20, "only {} distinct mutations", mutations.len());
    for (what, mutated) in &mutations {
        assert_ne!(mutated, &state, "{what}: not a mutation");
        let result = retry(&session, "name", json!({}), mutated, ada.clone()).await;
        assert_frozen(result, what);
    }

    // Genuine, but presented against another tool, other arguments, by another user, or late.
    assert_frozen(retry(&session, "name_reask", json!({}), &state, ada.clone()).await, "another tool");
    assert_frozen(retry(&session, "name", json!({ "table": 4 }), &state, ada.clone()).await, "other arguments");
    *server.user.lock().unwrap() = "mallory".into();
    assert_frozen(retry(&session, "name", json!({}), &state, ada.clone()).await, "another principal");
    *server.user.lock().unwrap() = "alice".into();

    let (short, _) = first_round(&session, "name_short", json!({})).await;
    tokio::time::sleep(Duration::from_millis(120)).await;
    assert_frozen(retry(&session, "name_short", json!({}), &short, ada.clone()).await, "expired");

    // None of them reached a tool body; the genuine state still works.
    assert_eq!(server.completed.load(Ordering::SeqCst), 0);
    let done = retry(&session, "name", json!({}), &state, ada.clone()).await.unwrap();
    assert_eq!(complete_text(done), r#"{"name":"Ada"}"#);
    assert_eq!(server.completed.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn arguments_bind_by_value_not_by_key_order() {
    let session = connect(modern(), Restaurant::new()).await;
    let (state, _) = first_round(&session, "name", json!({ "a": 1, "b": { "x": 1, "y": 2 } })).await;
    let ada = json!({ "elicit-1": { "action": "accept", "content": { "name": "Ada" } } });
    let done = retry(&session, "name", json!({ "b": { "y": 2, "x": 1 }, "a": 1 }), &state, ada).await.unwrap();
    assert_eq!(complete_text(done), r#"{"name":"Ada"}"#);
}

/// Two different questions under one input key would take each other's answers round
/// after round (the client gives up after its own limit of rounds, never told why): the
/// call fails at once with an error naming the key, asked together or in turn. The same
/// question asked twice under its key is one question, with one answer.
#[tokio::test]
async fn two_questions_under_one_key_are_an_error_naming_it() {
    let session = connect(modern().reply(Reply::accept(json!({ "name": "Ada" }))).reply(Reply::accept(json!({ "name": "Bob" }))), Restaurant::new()).await;
    for tool in ["one_key_together", "one_key_in_turn"] {
        let Err(ServiceError::McpError(error)) = call(&session, tool).await else { panic!("{tool}: expected an error") };
        assert_eq!(error.code.0, -32603, "{tool}");
        assert!(error.message.contains("two different questions of one body use the input key `k`"), "{tool}: {}", error.message);
    }
    // Together, the error comes with the first round: no question is sent.
    let Err(ServiceError::McpError(_)) = session.peer().call_tool_once(CallToolRequestParams::new("one_key_together")).await else {
        panic!("expected the error on the first round")
    };
    let session = connect(modern().reply(Reply::accept(json!({ "name": "Ada" }))), Restaurant::new()).await;
    assert_eq!(call(&session, "same_question_twice").await.unwrap(), r#"{"name":"Ada"} {"name":"Ada"}"#);
    assert_eq!(session.transcript().requests.len(), 1);
}

/// No `arguments` and `arguments: {}` are the same call (the schema's `arguments` is an
/// optional object): a client that writes one on the first call and the other on the
/// retry is not refused. Any argument, even `null`, is still a different call.
#[tokio::test]
async fn absent_and_empty_arguments_bind_alike() {
    let session = connect(modern(), Restaurant::new()).await;
    let ada = json!({ "elicit-1": { "action": "accept", "content": { "name": "Ada" } } });
    for (first, again) in [(Value::Null, json!({})), (json!({}), Value::Null)] {
        let (state, _) = first_round(&session, "name", first.clone()).await;
        let done = retry(&session, "name", again.clone(), &state, ada.clone()).await.unwrap_or_else(|e| panic!("{first} then {again}: {e}"));
        assert_eq!(complete_text(done), r#"{"name":"Ada"}"#);
    }
    let (state, _) = first_round(&session, "name", Value::Null).await;
    assert_frozen(retry(&session, "name", json!({ "a": null }), &state, ada).await, "an argument added");
}

#[test]
fn a_server_without_a_key_refuses_to_start_rounds() {
    assert!(matches!(StateSealer::from_env("ELICIT_ROUNDS_SUITE_UNSET"), Err(StateError::MissingKey { .. })));
    assert!(matches!(StateSealer::new(Vec::new()), Err(StateError::KeyTooShort { len: 0 })));
    assert!(matches!(StateSealer::new(vec![7; 31]), Err(StateError::KeyTooShort { len: 31 })));
    assert!(StateSealer::new(vec![7; 32]).is_ok());
}

/// `StateSealer::ephemeral` reads `ELICIT_PRODUCTION` from the real environment: this test
/// runs itself again as a child process with the variable set (the environment of this
/// process, shared by every test thread, is left alone).
#[test]
fn an_ephemeral_sealer_is_refused_where_the_environment_marks_production() {
    const CHILD: &str = "ELICIT_ROUNDS_SUITE_EPHEMERAL_CHILD";
    if std::env::var_os(CHILD).is_some() {
        let err = StateSealer::ephemeral().unwrap_err();
        assert_eq!(err, StateError::EphemeralInProduction { var: elicit_runtime::rounds::PRODUCTION_VAR });
        return;
    }
    if std::env::var_os(elicit_runtime::rounds::PRODUCTION_VAR).is_none() {
        let sealer = StateSealer::ephemeral().unwrap();
        assert!(format!("{sealer:?}").contains("ephemeral"), "{sealer:?}");
    }
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["an_ephemeral_sealer_is_refused_where_the_environment_marks_production", "--exact", "--test-threads=1"])
        .env(CHILD, "1")
        .env(elicit_runtime::rounds::PRODUCTION_VAR, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&child.stdout);
    assert!(child.status.success() && stdout.contains("1 passed"), "{stdout}{}", String::from_utf8_lossy(&child.stderr));
}

// ---- keys and forms change -------------------------------------------------------------

const NEW_KEY: &[u8] = b"the rotated-in key, also 32 bytes or more";

#[tokio::test]
async fn keys_rotate_old_states_open_new_ones_are_sealed_with_the_new_key_removed_keys_fail() {
    let ada = json!({ "elicit-1": { "action": "accept", "content": { "name": "Ada" } } });
    let old = connect(modern(), Restaurant::new()).await;
    let (old_state, _) = first_round(&old, "name", json!({})).await;

    // The ring: the new key seals, the old one still opens.
    let rotated = Restaurant { sealer: StateSealer::new(NEW_KEY.to_vec()).unwrap().with_previous_key(KEY.to_vec()).unwrap(), ..Restaurant::new() };
    let ring = connect(modern(), rotated).await;
    assert_eq!(complete_text(retry(&ring, "name", json!({}), &old_state, ada.clone()).await.unwrap()), r#"{"name":"Ada"}"#);
    let (new_state, _) = first_round(&ring, "name", json!({})).await;
    // Sealed with the new key: the old-key-only server cannot open it.
    assert_frozen(retry(&old, "name", json!({}), &new_state, ada.clone()).await, "sealed with the new key");

    // The old key removed: its states no longer open; the new key's still do.
    let only_new = connect(modern(), Restaurant { sealer: StateSealer::new(NEW_KEY.to_vec()).unwrap(), ..Restaurant::new() }).await;
    assert_frozen(retry(&only_new, "name", json!({}), &old_state, ada.clone()).await, "removed key");
    assert_eq!(complete_text(retry(&only_new, "name", json!({}), &new_state, ada).await.unwrap()), r#"{"name":"Ada"}"#);
}

#[tokio::test]
async fn a_redeployed_form_asks_again_instead_of_consuming_a_stale_answer() {
    let before = Restaurant::new();
    let session = connect(modern(), before.clone()).await;
    let (state, _) = first_round(&session, "name", json!({})).await;
    let ada = json!({ "elicit-1": { "action": "accept", "content": { "name": "Ada" } } });

    // The same key, the same tool, but its form changed: the answer was to another question.
    let after = Restaurant { redeployed: true, ..before };
    let redeployed = connect(modern(), after.clone()).await;
    match retry(&redeployed, "name", json!({}), &state, ada.clone()).await.unwrap() {
        CallToolResponse::InputRequired(input) => {
            let requests = input.input_requests.expect("the changed form is asked");
            let request = serde_json::to_value(&requests["elicit-1"]).unwrap();
            assert_eq!(request["params"]["requestedSchema"]["properties"]["name"]["minLength"], json!(2));
        }
        other => panic!("expected the changed form to be asked again, got {other:?}"),
    }
    assert_eq!(after.completed.load(Ordering::SeqCst), 0);
    // The unchanged server takes the same answer.
    assert_eq!(complete_text(retry(&session, "name", json!({}), &state, ada).await.unwrap()), r#"{"name":"Ada"}"#);
}
