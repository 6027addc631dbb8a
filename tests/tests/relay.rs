//! When the client cannot ask, the model relays: the fallback of
//! `ToolCall::relay_through_model`, end to end through rmcp on every revision, with the
//! scripted client declaring no elicitation capability (or form only, for URL mode) and
//! the test playing the model: it reads the result, fills the answers, calls back.

use std::time::Duration;

use elicit_runtime::exchange::{ElicitationSupport, Provenance};
use elicit_runtime::rmcp::{RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{ScriptedClient, ScriptedSession};
use elicit_runtime::url::{Interactions, MemoryStore};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::ServiceError;
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Map, Value, json};

const REVISIONS: [ProtocolRevision; 3] = [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

/// Where to sit
#[derive(Elicit, Debug, Clone, Copy)]
#[elicit(rename_all = "lowercase")]
enum Area {
    #[elicit(title = "Indoors")]
    Indoor,
    #[elicit(title = "On the terrace")]
    Terrace,
}

/// A booking
#[derive(Elicit, Debug)]
struct Booking {
    /// Name for the booking
    #[elicit(min_length = 2, max_length = 40)]
    name: String,
    /// How many people
    #[elicit(minimum = 1, maximum = 12)]
    guests: u8,
    area: Area,
    /// Anything we should know
    note: Option<String>,
}

/// Really delete?
#[derive(Elicit, Debug)]
struct Confirm {
    confirm: bool,
}

/// Dessert too?
#[derive(Elicit, Debug)]
struct Dessert {
    dessert: bool,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Args {
    /// Who calls
    #[serde(default)]
    user: String,
    /// The model's call-back.
    #[serde(default, rename = "elicitRelay")]
    #[expect(dead_code, reason = "read by the runtime from the raw arguments; here it puts the argument into tools/list")]
    relay: RelayArg,
}

#[derive(Clone)]
struct Server {
    sealer: StateSealer,
    interactions: Interactions,
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn booking_text(answer: Elicitation<Booking>, by: Provenance) -> String {
    match answer {
        Elicitation::Accept(b) => format!("{} x{} {:?} {:?} by {by:?}", b.name, b.guests, b.area, b.note),
        other => format!("{other:?} by {by:?}"),
    }
}

#[tool_router]
impl Server {
    #[tool(description = "books a table, asking through the model when the client cannot")]
    async fn book(&self, call: ToolCall, Parameters(_args): Parameters<Args>) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let (answer, by) = Booking::elicit(&ask, "Book a table").with_provenance().await?;
                Ok(text(booking_text(answer, by)))
            })
            .await
    }

    #[tool(description = "the same without the fallback")]
    async fn book_strict(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let (answer, by) = Booking::elicit(&ask, "Book a table").with_provenance().await?;
            Ok(text(booking_text(answer, by)))
        })
        .await
    }

    #[tool(description = "two questions, one after the other")]
    async fn book_and_dessert(&self, call: ToolCall, Parameters(_args): Parameters<Args>) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let booking = booking_text(Booking::elicit(&ask, "Book a table").await?, Provenance::Model);
                let dessert = Dessert::elicit(&ask, "Dessert?").await?.accepted().is_some_and(|d| d.dessert);
                Ok(text(format!("{booking}; dessert {dessert}")))
            })
            .await
    }

    #[tool(description = "a confirmation only the user may give")]
    async fn delete(&self, call: ToolCall, Parameters(_args): Parameters<Args>) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let answer = Confirm::elicit(&ask, "Delete everything?").user_only().await;
                Ok(text(match answer {
                    Ok(Elicitation::Accept(c)) => format!("confirm {}", c.confirm),
                    Ok(other) => format!("{other:?}"),
                    Err(err) => format!("error {err:?}"),
                }))
            })
            .await
    }

    #[tool(description = "URL mode through the model")]
    async fn connect(&self, call: ToolCall, Parameters(args): Parameters<Args>) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.principal(args.user.clone())
            .relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let page = interactions
                    .url_request(&ask, &args.user, "api-key", "Open the page to enter your key", |id| format!("https://keys.example.com/k?id={id}"))
                    .await?;
                Ok(text(match page.ask(&ask).await? {
                    Elicitation::Accept(()) => {
                        page.completion(&ask, Duration::from_millis(100)).await?;
                        "connected".to_owned()
                    }
                    other => format!("{other:?}"),
                }))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Server {}

fn server() -> Server {
    Server { sealer: StateSealer::new(*b"the relay test key, 32 bytes....").unwrap(), interactions: Interactions::new(MemoryStore::new(100)) }
}

async fn connect(client: ScriptedClient, server: Server) -> ScriptedSession {
    client.connect(server).await.unwrap_or_else(|e| panic!("cannot connect: {e}"))
}

fn text_of(result: &CallToolResult) -> String {
    result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect()
}

/// The continuation and the question keys of a result for the model.
fn for_model(result: &CallToolResult) -> (String, Vec<String>) {
    let relay = result.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).unwrap_or_else(|| panic!("not for the model: {result:?}"));
    let continuation = relay["continuation"].as_str().unwrap().to_owned();
    let keys = relay["questions"].as_object().unwrap().keys().cloned().collect();
    (continuation, keys)
}

fn with_relay(arguments: Value, continuation: &str, answers: Value) -> Value {
    let mut arguments: Map<String, Value> = arguments.as_object().cloned().unwrap_or_default();
    arguments.insert(RelayArg::NAME.into(), json!({ "continuation": continuation, "answers": answers }));
    Value::Object(arguments)
}

#[tokio::test]
async fn a_client_without_elicitation_gets_a_result_for_the_model_and_the_call_back_finishes() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::NONE), server()).await;
        let first = session.call_tool("book", json!({})).await.unwrap();
        assert_ne!(first.is_error, Some(true), "{revision}: {first:?}");
        let said = text_of(&first);
        // What to ask, field by field, and how to call back.
        for expected in [
            "Book a table",
            "- `name` (text, required) — Name for the booking; at least 2 characters; at most 40 characters\n",
            "- `guests` (a whole number, required) — How many people; at least 1; at most 12\n",
            "; one of: \"indoor\" (Indoors), \"terrace\" (On the terrace)\n",
            "- `note` (text, optional) — Anything we should know\n",
            "never reply for them",
            "\"elicitRelay\"",
        ] {
            assert!(said.contains(expected), "{revision}: {expected:?} missing from:\n{said}");
        }
        let (continuation, keys) = for_model(&first);
        assert_eq!(keys, ["elicit-1"]);
        assert!(session.transcript().requests.is_empty(), "{revision}: nothing may be sent to a client without the capability");

        let answers = json!({ "elicit-1": { "name": "Ada", "guests": 2, "area": "terrace" } });
        let done = session.call_tool("book", with_relay(json!({}), &continuation, answers)).await.unwrap();
        assert_eq!(text_of(&done), "Ada x2 Terrace None by Model", "{revision}");
    }
}

#[tokio::test]
async fn invalid_relayed_answers_come_back_with_every_violation_named() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::NONE), server()).await;
        let (continuation, _) = for_model(&session.call_tool("book", json!({})).await.unwrap());
        let wrong = json!({ "elicit-1": { "name": "A", "guests": 40, "area": "roof" } });
        let again = session.call_tool("book", with_relay(json!({}), &continuation, wrong)).await.unwrap();
        let said = text_of(&again);
        for field in ["`name`", "`guests`", "`area`"] {
            assert!(said.contains(&format!("- {field}")), "{revision}: {field} not named in:\n{said}");
        }
        let (continuation, keys) = for_model(&again);
        assert_eq!(keys, ["elicit-1-retry-1"], "{revision}");
        let right = json!({ "elicit-1-retry-1": { "name": "Ada", "guests": 4, "area": "indoor", "note": "window" } });
        let done = session.call_tool("book", with_relay(json!({}), &continuation, right)).await.unwrap();
        assert_eq!(text_of(&done), "Ada x4 Indoor Some(\"window\") by Model", "{revision}");
    }
}

#[tokio::test]
async fn a_declined_relay_is_a_decline_and_several_questions_take_several_call_backs() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::NONE), server()).await;
        let (continuation, _) = for_model(&session.call_tool("book", json!({})).await.unwrap());
        let declined = session.call_tool("book", with_relay(json!({}), &continuation, json!({"elicit-1": "decline"}))).await.unwrap();
        assert_eq!(text_of(&declined), "Decline by Model", "{revision}");

        let (first, _) = for_model(&session.call_tool("book_and_dessert", json!({})).await.unwrap());
        let booking = json!({ "elicit-1": { "name": "Ada", "guests": 2, "area": "indoor" } });
        let second = session.call_tool("book_and_dessert", with_relay(json!({}), &first, booking)).await.unwrap();
        let (second, keys) = for_model(&second);
        assert_eq!(keys, ["elicit-2"], "{revision}: the first answer is kept, the second question asked");
        let done = session.call_tool("book_and_dessert", with_relay(json!({}), &second, json!({"elicit-2": {"dessert": true}}))).await.unwrap();
        assert_eq!(text_of(&done), "Ada x2 Indoor None by Model; dessert true", "{revision}");
    }
}

#[tokio::test]
async fn tampered_foreign_and_replayed_continuations_are_refused() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::NONE), server()).await;
        let (continuation, _) = for_model(&session.call_tool("book", json!({})).await.unwrap());
        let answers = json!({ "elicit-1": { "name": "Ada", "guests": 2, "area": "terrace" } });
        let mut tampered = continuation.clone().into_bytes();
        let last = tampered.len() - 2;
        tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(tampered).unwrap();
        for (tool, state, arguments) in [
            ("book", tampered.as_str(), json!({})),
            ("book", "es1.not-a-state", json!({})),
            // Another tool, or other arguments: the continuation is bound to both.
            ("book_and_dessert", continuation.as_str(), json!({})),
            ("book", continuation.as_str(), json!({"user": "mallory"})),
        ] {
            let refused = session.call_tool(tool, with_relay(arguments.clone(), state, answers.clone())).await;
            let Err(ServiceError::McpError(error)) = refused else { panic!("{revision}: {tool} {arguments} was not refused: {refused:?}") };
            assert_eq!((error.code.0, error.message.as_ref()), (-32602, "invalid requestState"), "{revision}");
        }
        // A malformed argument names what is wrong.
        let Err(ServiceError::McpError(error)) = session.call_tool("book", json!({ RelayArg::NAME: "yes" })).await else { panic!() };
        assert_eq!(error.code.0, -32602);
        assert!(error.message.contains("`elicitRelay` is not an object"), "{}", error.message);
    }
}

#[tokio::test]
async fn a_user_only_question_is_never_relayed_and_fails_closed() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::NONE), server()).await;
        let result = session.call_tool("delete", json!({})).await.unwrap();
        assert_eq!(text_of(&result), "error NotSupported(ElicitationSupport { form: false, url: false })", "{revision}");
        assert!(result.structured_content.is_none());
        // Without the opt-in, nothing changes: the typed error.
        let strict = session.call_tool("book_strict", json!({})).await;
        assert!(matches!(strict, Err(ServiceError::McpError(ref e)) if e.code.0 == -32021), "{revision}: {strict:?}");
    }
}

#[tokio::test]
async fn a_client_that_can_ask_is_asked_as_before() {
    for revision in REVISIONS {
        let client = ScriptedClient::new(revision).reply(elicit_runtime::testing::Reply::accept(json!({"name": "Bo", "guests": 3, "area": "indoor"})));
        let session = connect(client, server()).await;
        let done = session.call_tool("book", json!({})).await.unwrap();
        assert_eq!(text_of(&done), "Bo x3 Indoor None by User", "{revision}");
    }
}

#[tokio::test]
async fn a_url_question_to_a_form_only_client_goes_through_the_model_and_completion_stays_bound_to_the_user() {
    for revision in REVISIONS {
        let server = server();
        let interactions = server.interactions.clone();
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::FORM), server).await;
        let alice = json!({"user": "alice"});
        let first = session.call_tool("connect", alice.clone()).await.unwrap();
        let said = text_of(&first);
        assert!(said.contains("Show the user this link to open in their browser: https://keys.example.com/k?id="), "{revision}: {said}");
        let id = said.split("?id=").nth(1).unwrap().split_whitespace().next().unwrap().to_owned();
        let (continuation, keys) = for_model(&first);
        // The user agreed to open it, but has not finished: the same kind of result again.
        let waiting = session.call_tool("connect", with_relay(alice.clone(), &continuation, json!({ keys[0].clone(): "accept" }))).await.unwrap();
        assert!(text_of(&waiting).contains("waiting for the user to finish on the page"), "{revision}: {waiting:?}");
        let (continuation, _) = for_model(&waiting);
        // Another user cannot complete it; the user who started it can.
        assert!(interactions.complete(&id, "mallory").await.is_err());
        interactions.complete(&id, "alice").await.unwrap();
        let done = session.call_tool("connect", with_relay(alice.clone(), &continuation, json!({}))).await.unwrap();
        assert_eq!(text_of(&done), "connected", "{revision}");
        assert!(session.transcript().requests.is_empty(), "{revision}: the client was sent nothing");
    }
}

#[tokio::test]
async fn tools_list_shows_the_relay_argument() {
    let session = connect(ScriptedClient::new(ProtocolRevision::V2025_11_25), server()).await;
    let tools = session.peer().list_all_tools().await.unwrap();
    let book = tools.iter().find(|t| t.name == "book").unwrap();
    let schema = serde_json::to_value(&book.input_schema).unwrap();
    let relay = &schema["properties"][RelayArg::NAME];
    // Inline, one type, optional without a `null` branch.
    assert_eq!(relay["type"], "object", "{schema}");
    assert_eq!(relay["required"], json!(["continuation"]), "{schema}");
    // Each map has one type of value: objects of field values, and action strings.
    assert_eq!(relay["properties"]["answers"]["type"], "object", "{schema}");
    assert_eq!(relay["properties"]["answers"]["additionalProperties"], json!({"type": "object"}), "{schema}");
    assert_eq!(relay["properties"]["actions"]["additionalProperties"], json!({"type": "string", "enum": ["accept", "decline", "cancel"]}), "{schema}");
    let text = schema.to_string();
    assert!(!text.contains("$ref") && !text.contains("$defs") && !text.contains("null") && !text.contains("anyOf"), "{schema}");
    assert!(!schema["required"].as_array().is_some_and(|r| r.contains(&json!(RelayArg::NAME))), "{schema}");
}

#[tokio::test]
async fn relayed_answers_of_a_shape_no_question_takes_are_the_models_to_correct() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::NONE), server()).await;
        let (continuation, _) = for_model(&session.call_tool("book", json!({})).await.unwrap());
        // Not an object nor an action: invalid params naming the question, the call can be made again.
        for answer in [json!(42), json!(null), json!([1, 2]), json!("yes"), json!(true)] {
            let refused = session.call_tool("book", with_relay(json!({}), &continuation, json!({ "elicit-1": answer }))).await;
            let Err(ServiceError::McpError(error)) = refused else { panic!("{revision}: {answer} was not refused: {refused:?}") };
            assert_eq!(error.code.0, -32602, "{revision}: {answer}: {error:?}");
            assert!(error.message.contains("a value for `elicit-1` that is neither an object"), "{revision}: {answer}: {}", error.message);
        }
        // "accept" of a form with nothing in it: the required fields go back to the model.
        let again = session.call_tool("book", with_relay(json!({}), &continuation, json!({ "elicit-1": "accept" }))).await.unwrap();
        let said = text_of(&again);
        for field in ["`name`", "`guests`", "`area`"] {
            assert!(said.contains(&format!("- {field}")), "{revision}: {field} not named in:\n{said}");
        }
        let (continuation, keys) = for_model(&again);
        let right = json!({ keys[0].clone(): { "name": "Ada", "guests": 2, "area": "indoor" } });
        let done = session.call_tool("book", with_relay(json!({}), &continuation, right)).await.unwrap();
        assert_eq!(text_of(&done), "Ada x2 Indoor None by Model", "{revision}");
    }
}

#[tokio::test]
async fn a_decline_in_actions_is_the_users_and_a_key_in_both_maps_is_refused() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision).support(ElicitationSupport::NONE), server()).await;
        let (continuation, keys) = for_model(&session.call_tool("book", json!({})).await.unwrap());
        let mut arguments = Map::new();
        arguments.insert(RelayArg::NAME.into(), json!({"continuation": continuation, "actions": {keys[0].clone(): "decline"}}));
        let done = session.call_tool("book", Value::Object(arguments)).await.unwrap();
        assert_eq!(text_of(&done), "Decline by Model", "{revision}");

        let both = json!({"continuation": continuation, "answers": {keys[0].clone(): {"name": "Ada"}}, "actions": {keys[0].clone(): "cancel"}});
        let mut arguments = Map::new();
        arguments.insert(RelayArg::NAME.into(), both);
        let error = session.call_tool("book", Value::Object(arguments)).await.unwrap_err();
        assert!(error.to_string().contains("in both `answers` and `actions`"), "{revision}: {error}");
    }
}
