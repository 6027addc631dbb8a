//! A single value in one line (`ask_text`, `ask_number`, `ask_enum`, `ask_select`: issue 44, "the
//! small asks in one line"): each kind decoded to its typed value on every revision
//! (2026-07-28 in rounds), a wrong answer asked again with the problem named on the
//! field (in English and Japanese), decline and cancel, the relay through the model, a
//! client that shows numbers as text, `user_only` never relayed, a timeout, every request
//! valid against its revision's official schema, and an author's bad rule refused before
//! anything is sent.

use std::time::Duration;

use elicit_runtime::exchange::{ElicitationSupport, VALUE_FIELD};
use elicit_runtime::form::{Format, Options, SelectItem};
use elicit_runtime::locale::Words;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_tests::spec::{Strictness, check_request};
use elicit_runtime::testing::{RealClient, Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision, ask_enum, ask_number, ask_select, ask_text};
use elicit_tests::spec::elicit_request;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

#[derive(Clone, Debug, PartialEq)]
enum Region {
    Eu,
    Us,
}
impl SelectItem for Region {}

#[derive(Elicit, Clone, Copy, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free", title(ja = "無料"))]
    Free,
    #[elicit(title = "Team", title(ja = "チーム"))]
    Team,
}

#[derive(Clone)]
struct Asks {
    sealer: StateSealer,
}

fn said<T: std::fmt::Debug>(answer: Elicitation<T>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(format!("{answer:?}"))])
}

#[tool_router]
impl Asks {
    #[tool(description = "a name of at least 2 characters")]
    async fn name(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let message = Words::new("Your name?").with("ja", "お名前は？");
                Ok(said(ask_text(&ask, message).min_length(2).max_length(40).reask(1).await?))
            })
            .await
    }

    #[tool(description = "an email address")]
    async fn email(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(said(ask_text(&ask, "Your email?").format(Format::Email).reask(1).await?)) }).await
    }

    #[tool(description = "a code with a pattern")]
    async fn code(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(
            &self.sealer,
            |ask| async move { Ok(said(ask_text(&ask, "Card expiry?").pattern("^[0-9]{2}/[0-9]{2}$").pattern_hint("MM/YY").reask(1).await?)) },
        )
        .await
    }

    #[tool(description = "guests, 1 to 12")]
    async fn guests(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move { Ok(said(ask_number::<u8, _>(&ask, "How many guests?").range(1..=12).reask(1).await?)) })
            .await
    }

    #[tool(description = "a price, 0.5 to 99.5")]
    async fn price(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(said(ask_number::<f64, _>(&ask, "Price?").minimum(0.5).maximum(99.5).reask(1).await?)) }).await
    }

    #[tool(description = "a titled region")]
    async fn region(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let regions = Options::new([("eu", "Europe", Region::Eu), ("us", "Americas", Region::Us)]).expect("options");
                Ok(said(ask_select(&ask, "Where?", regions).reask(1).await?))
            })
            .await
    }

    #[tool(description = "an untitled size")]
    async fn size(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let sizes = Options::untitled([("S", 36u16), ("M", 40), ("L", 44)]).expect("options");
            Ok(said(ask_select(&ask, "Size?", sizes).await?))
        })
        .await
    }

    #[tool(description = "a plan, from an enum")]
    async fn plan(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true).run(&self.sealer, |ask| async move { Ok(said(ask_enum::<Plan, _>(&ask, "Which plan?").reask(1).await?)) }).await
    }

    #[tool(description = "the user's alone, with a timeout")]
    async fn pin(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let pin = ask_number::<u16, _>(&ask, "Your branch number?").range(1..=9999).user_only().timeout(Duration::from_millis(300)).await?;
                Ok(said(pin))
            })
            .await
    }

    #[tool(description = "bounds that no answer keeps")]
    async fn bad_bounds(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(said(ask_number::<i32, _>(&ask, "A number?").minimum(5).maximum(1).await?)) }).await
    }

    #[tool(description = "a pattern that is not one")]
    async fn bad_pattern(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(said(ask_text(&ask, "A code?").pattern("([a-z]").await?)) }).await
    }

    #[tool(description = "lengths that no answer keeps")]
    async fn bad_lengths(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(said(ask_text(&ask, "A code?").min_length(9).max_length(3).await?)) }).await
    }

    #[tool(description = "a bound that is not a number")]
    async fn bad_float(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(said(ask_number::<f64, _>(&ask, "A number?").maximum(f64::NAN).await?)) }).await
    }
}

#[tool_handler]
impl ServerHandler for Asks {}

fn asks() -> Asks {
    Asks { sealer: StateSealer::new(*b"the single test key of 32 bytes!").expect("a key") }
}

const REVISIONS: [ProtocolRevision; 3] = [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

/// Every request of the session, as sent, valid against the official schema.
fn assert_valid(session: &ScriptedSession, revision: ProtocolRevision, what: &str) -> Vec<Value> {
    let transcript = session.transcript();
    assert!(transcript.violations.is_empty(), "{what} on {revision}: {:?}", transcript.violations);
    for params in &transcript.requests {
        let request = elicit_request(revision, params["message"].as_str().expect("a message"), &params["requestedSchema"]);
        if let Err(errors) = check_request(revision, Strictness::Official, &request) {
            panic!("{what} on {revision}: the request breaks the official schema: {errors:?}\n{request:#}");
        }
    }
    transcript.requests
}

async fn call(revision: ProtocolRevision, tool: &str, replies: Vec<Reply>) -> (Result<String, String>, Vec<Value>) {
    call_with(ScriptedClient::new(revision), revision, tool, replies).await
}

async fn call_with(client: ScriptedClient, revision: ProtocolRevision, tool: &str, replies: Vec<Reply>) -> (Result<String, String>, Vec<Value>) {
    let client = replies.into_iter().fold(client, ScriptedClient::reply);
    let session = client.connect(asks()).await.expect("connect");
    let text = session.call_tool_text(tool, json!({})).await.map_err(|e| e.to_string());
    let requests = assert_valid(&session, revision, tool);
    (text, requests)
}

#[tokio::test]
async fn each_kind_is_decoded_to_its_typed_value_on_every_revision() {
    let cases: [(&str, Value, &str); 8] = [
        ("plan", json!("team"), "Accept(Team)"),
        ("name", json!("Ada"), r#"Accept("Ada")"#),
        ("email", json!("ada@example.com"), r#"Accept("ada@example.com")"#),
        ("code", json!("09/27"), r#"Accept("09/27")"#),
        ("guests", json!(4), "Accept(4)"),
        ("price", json!(12.5), "Accept(12.5)"),
        ("region", json!("us"), "Accept(Us)"),
        ("size", json!("M"), "Accept(40)"),
    ];
    for revision in REVISIONS {
        for (tool, value, expected) in &cases {
            let (text, requests) = call(revision, tool, vec![Reply::accept(json!({ VALUE_FIELD: value }))]).await;
            assert_eq!(text.as_deref(), Ok(*expected), "{tool} on {revision}");
            assert_eq!(requests.len(), 1, "{tool} on {revision}");
        }
    }
}

#[tokio::test]
async fn the_schema_is_one_required_field_named_value_with_the_rules_of_the_request() {
    let revision = ProtocolRevision::V2025_11_25;
    let schema = |requests: &[Value]| requests[0]["requestedSchema"].clone();
    let field = |property: Value| json!({"type": "object", "properties": {"value": property}, "required": ["value"]});
    let (_, requests) = call(revision, "name", vec![Reply::accept(json!({"value": "Ada"}))]).await;
    assert_eq!(schema(&requests), field(json!({"type": "string", "title": "Answer", "minLength": 2, "maxLength": 40})));
    let (_, requests) = call(revision, "email", vec![Reply::accept(json!({"value": "a@example.com"}))]).await;
    assert_eq!(schema(&requests), field(json!({"type": "string", "title": "Answer", "format": "email"})));
    // The pattern is the server's to check (pattern_on_wire sends it); its hint is the description.
    let (_, requests) = call(revision, "code", vec![Reply::accept(json!({"value": "01/30"}))]).await;
    assert_eq!(schema(&requests), field(json!({"type": "string", "title": "Answer", "description": "MM/YY"})));
    let (_, requests) = call(revision, "guests", vec![Reply::accept(json!({"value": 2}))]).await;
    assert_eq!(schema(&requests), field(json!({"type": "integer", "title": "Answer", "minimum": 1, "maximum": 12})));
    let (_, requests) = call(revision, "price", vec![Reply::accept(json!({"value": 2.0}))]).await;
    assert_eq!(schema(&requests), field(json!({"type": "number", "title": "Answer", "minimum": 0.5, "maximum": 99.5})));
    let (_, requests) = call(revision, "region", vec![Reply::accept(json!({"value": "eu"}))]).await;
    assert_eq!(
        schema(&requests),
        field(json!({"type": "string", "title": "Answer", "oneOf": [{"const": "eu", "title": "Europe"}, {"const": "us", "title": "Americas"}]}))
    );
    let (_, requests) = call(revision, "plan", vec![Reply::accept(json!({"value": "free"}))]).await;
    assert_eq!(
        schema(&requests),
        field(json!({"type": "string", "title": "Answer", "oneOf": [{"const": "free", "title": "Free"}, {"const": "team", "title": "Team"}]}))
    );
    let (_, requests) = call(revision, "size", vec![Reply::accept(json!({"value": "S"}))]).await;
    assert_eq!(schema(&requests), field(json!({"type": "string", "title": "Answer", "enum": ["S", "M", "L"]})));
    // 2025-06-18 writes a titled select with `enumNames`.
    let (_, requests) = call(ProtocolRevision::V2025_06_18, "region", vec![Reply::accept(json!({"value": "eu"}))]).await;
    assert_eq!(schema(&requests), field(json!({"type": "string", "title": "Answer", "enum": ["eu", "us"], "enumNames": ["Europe", "Americas"]})));
}

#[tokio::test]
async fn a_wrong_answer_is_asked_again_with_the_problem_named_on_the_field() {
    let cases: [(&str, Value, Value, &str, &str); 7] = [
        ("plan", json!("gold"), json!("free"), "Accept(Free)", "- Answer: `gold` is not one of the options"),
        ("name", json!("A"), json!("Ada"), r#"Accept("Ada")"#, "- Answer: must be at least 2 characters long, got 1"),
        ("email", json!("not an address"), json!("a@example.com"), r#"Accept("a@example.com")"#, "- Answer: must be a valid email address"),
        ("code", json!("9/2027"), json!("09/27"), r#"Accept("09/27")"#, "- Answer: must be written as MM/YY"),
        ("guests", json!(20), json!(12), "Accept(12)", "- Answer: must be at most 12, got 20"),
        ("price", json!(0.1), json!(0.5), "Accept(0.5)", "- Answer: must be at least 0.5, got 0.1"),
        ("region", json!("asia"), json!("eu"), "Accept(Eu)", "- Answer: `asia` is not one of the options"),
    ];
    for revision in REVISIONS {
        for (tool, wrong, right, expected, line) in &cases {
            let replies = vec![Reply::accept(json!({ "value": wrong })), Reply::accept(json!({ "value": right }))];
            let (text, requests) = call(revision, tool, replies).await;
            assert_eq!(text.as_deref(), Ok(*expected), "{tool} on {revision}");
            assert_eq!(requests.len(), 2, "{tool} on {revision}: asked again");
            let reask = requests[1]["message"].as_str().expect("a message");
            assert!(reask.ends_with(&format!("Please correct your answer:\n{line}")), "{tool} on {revision}: {reask}");
        }
    }
}

#[tokio::test]
async fn the_reask_is_in_the_users_language() {
    for revision in REVISIONS {
        let client = ScriptedClient::new(revision).accept_language("ja");
        let replies = vec![Reply::accept(json!({"value": "A"})), Reply::accept(json!({"value": "エイダ"}))];
        let (text, requests) = call_with(client, revision, "name", replies).await;
        assert_eq!(text.as_deref(), Ok(r#"Accept("エイダ")"#), "{revision}");
        assert_eq!(requests[0]["message"], "お名前は？", "{revision}");
        assert_eq!(requests[0]["requestedSchema"]["properties"]["value"]["title"], "回答", "{revision}");
        assert_eq!(requests[1]["message"], "お名前は？\n\n回答を修正してください：\n- 回答：2文字以上である必要があります（入力：1文字）", "{revision}");
    }
}

#[tokio::test]
async fn an_enums_options_are_picked_by_their_titles_in_the_users_language() {
    for revision in REVISIONS {
        let client = ScriptedClient::new(revision).accept_language("ja");
        let (text, requests) = call_with(client, revision, "plan", vec![Reply::pick(json!({"value": "チーム"}))]).await;
        assert_eq!(text.as_deref(), Ok("Accept(Team)"), "{revision}");
        assert!(requests[0]["requestedSchema"].to_string().contains("無料"), "{revision}: {}", requests[0]["requestedSchema"]);
    }
}

#[tokio::test]
async fn a_key_beside_the_value_is_asked_again_and_never_read() {
    for revision in REVISIONS {
        let replies = vec![Reply::accept(json!({"value": "Ada", "admin": true})), Reply::accept(json!({"value": "Ada"}))];
        let (text, requests) = call(revision, "name", replies).await;
        assert_eq!(text.as_deref(), Ok(r#"Accept("Ada")"#), "{revision}");
        assert!(requests[1]["message"].as_str().is_some_and(|m| m.contains("`admin`")), "{revision}: {}", requests[1]["message"]);
    }
}

#[tokio::test]
async fn decline_and_cancel_are_answers_on_every_revision() {
    for revision in REVISIONS {
        for tool in ["name", "guests", "region", "plan"] {
            for (reply, expected) in [(Reply::Decline, "Decline"), (Reply::Cancel, "Cancel")] {
                let (text, _) = call(revision, tool, vec![reply]).await;
                assert_eq!(text.as_deref(), Ok(expected), "{tool} on {revision}");
            }
        }
    }
}

#[tokio::test]
async fn a_client_without_elicitation_has_the_model_ask() {
    let relayed = [
        ("name", json!("Ada"), r#"Accept("Ada")"#),
        ("guests", json!(3), "Accept(3)"),
        ("region", json!("eu"), "Accept(Eu)"),
        ("plan", json!("team"), "Accept(Team)"),
    ];
    for (tool, value, expected) in relayed {
        let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).connect(asks()).await.expect("connect");
        let result = session.call_tool(tool, json!({})).await.expect("the call");
        let relay = result.structured_content.as_ref().and_then(|s| s.get("elicitRelay")).expect("a question for the model").clone();
        let (key, question) = relay["questions"].as_object().and_then(|q| q.iter().next()).map(|(k, q)| (k.clone(), q.clone())).expect("a question");
        assert!(question.to_string().contains("\"value\""), "{tool}: {question}");
        let answered = json!({"elicitRelay": {"continuation": relay["continuation"], "answers": {key: {"value": value}}}});
        assert_eq!(session.call_tool_text(tool, answered).await.expect("the call-back"), expected, "{tool}");
    }
}

#[tokio::test]
async fn a_client_that_shows_numbers_as_text_gets_the_typed_number() {
    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let client = ScriptedClient::new(revision).plays(RealClient::Codex);
        let (text, requests) = call_with(client, revision, "guests", vec![Reply::fill_json(json!({"value": 7}))]).await;
        assert_eq!(text.as_deref(), Ok("Accept(7)"), "{revision}");
        assert_eq!(requests[0]["requestedSchema"]["properties"]["value"]["type"], "string", "{revision}: written as text for Codex");
    }
}

#[tokio::test]
async fn an_authors_bad_rule_is_a_typed_error_before_anything_is_sent() {
    for revision in REVISIONS {
        for (tool, words) in [
            ("bad_bounds", "`minimum` 5 is more than `maximum` 1"),
            ("bad_lengths", "`min_length` 9 is more than `max_length` 3"),
            ("bad_pattern", "the pattern `([a-z]` is not a regular expression"),
            ("bad_float", "`maximum` is NaN, not a finite number"),
        ] {
            let (text, requests) = call(revision, tool, vec![]).await;
            let error = text.expect_err("refused");
            assert!(error.contains(words), "{tool} on {revision}: {error}");
            assert!(requests.is_empty(), "{tool} on {revision}: nothing is sent");
        }
    }
}

#[tokio::test]
async fn user_only_is_never_relayed_and_a_timeout_ends_the_question() {
    // A client without elicitation: the question is the user's alone, so the model is not asked.
    let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).connect(asks()).await.expect("connect");
    let error = session.call_tool_text("pin", json!({})).await.expect_err("refused").to_string();
    assert!(error.contains("did not declare the elicitation capability"), "{error}");
    // A user who does not answer: the request is cancelled after the timeout.
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25] {
        let session = ScriptedClient::new(revision).reply(Reply::Silence).connect(asks()).await.expect("connect");
        let error = session.call_tool_text("pin", json!({})).await.expect_err("timed out").to_string();
        assert!(error.contains("did not answer within 300ms"), "{revision}: {error}");
        assert_eq!(session.transcript().cancellations.len(), 1, "{revision}: the client is told");
    }
}
