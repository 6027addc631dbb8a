//! The author's own rules: `#[elicit(validate = path)]` on the form (run wherever an
//! answer is decoded: direct requests, 2026-07-28 rounds, the relay, `from_result`) and
//! `FormRequest::check` in the tool (async: a lookup). Their problems travel the path of
//! the schema's own: named by field in the re-ask, the valid answers kept as defaults, and
//! listed in the error when the re-asks run out.

use elicit_runtime::locale::Locale;
use elicit_runtime::form::{Problem, Violation};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use serde_json::json;

/// A stay.
#[derive(Elicit, Debug, PartialEq)]
#[elicit(validate = Stay::check)]
struct Stay {
    #[elicit(format = "date")]
    arrive: String,
    #[elicit(format = "date")]
    leave: String,
    phone: Option<String>,
    #[elicit(format = "email")]
    email: Option<String>,
}

impl Stay {
    fn check(&self) -> Result<(), Vec<Violation>> {
        let mut broken = Vec::new();
        // RFC 3339 full dates compare as strings.
        if self.leave <= self.arrive {
            broken.push(Violation::rule("leave", "must be after the arrival date"));
        }
        if self.phone.is_none() && self.email.is_none() {
            broken.push(Violation::form_rule("give a phone number or an email address"));
        }
        if broken.is_empty() { Ok(()) } else { Err(broken) }
    }
}

fn content(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    value.as_object().expect("an object").clone()
}

#[test]
fn a_decoded_answer_that_breaks_a_rule_is_invalid_content_named_by_field() {
    let ok = Stay::from_content(&content(json!({"arrive": "2026-12-24", "leave": "2026-12-27", "email": "ada@example.com"})));
    assert_eq!(ok.unwrap().leave, "2026-12-27");
    let err = Stay::from_content(&content(json!({"arrive": "2026-12-24", "leave": "2026-12-20"}))).unwrap_err();
    assert_eq!(
        err.violations(),
        [Violation::rule("leave", "must be after the arrival date"), Violation::form_rule("give a phone number or an email address")]
    );
    assert_eq!(err.violations()[0].problem, Problem::Rule("must be after the arrival date".into()));
    assert_eq!(
        err.to_string(),
        "the content does not match the form: `leave`: must be after the arrival date; give a phone number or an email address"
    );
    // The schema's own problems come first: the rules run on a decoded value only.
    let err = Stay::from_content(&content(json!({"arrive": "24.12.2026", "leave": "2026-12-20"}))).unwrap_err();
    assert_eq!(err.violations().len(), 1, "{err}");
    assert_eq!(err.violations()[0].field, "arrive");
}

#[test]
fn from_result_applies_the_rules_on_every_revision() {
    let broken = json!({"action": "accept", "content": {"arrive": "2026-12-24", "leave": "2026-12-24", "phone": "+1 555 0100"}});
    for &revision in ProtocolRevision::ALL {
        let err = Elicitation::<Stay>::from_result_on(&broken, revision).unwrap_err();
        let Some(invalid) = err.invalid() else { panic!("{revision}: {err:?}") };
        assert_eq!(invalid.violations(), [Violation::rule("leave", "must be after the arrival date")], "{revision}");
    }
}

// ---- through rmcp, on every revision ---------------------------------------------------

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

#[derive(Elicit, Debug)]
struct Signup {
    #[elicit(min_length = 2)]
    username: String,
}

#[derive(Clone)]
struct Desk {
    sealer: StateSealer,
    lookups: Arc<AtomicUsize>,
}

#[tool_router]
impl Desk {
    #[tool(description = "books a stay, re-asking when a rule of the form is broken")]
    async fn stay(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true).run(&self.sealer, |ask| async move {
            Ok(text(match Stay::elicit(&ask, "When do you come?").reask(1).await {
                Ok(Elicitation::Accept(stay)) => format!("booked {} to {}", stay.arrive, stay.leave),
                Ok(other) => format!("{other:?}"),
                Err(err) => match err.invalid() {
                    Some(invalid) => format!("refused: {invalid}"),
                    None => return Err(err.into()),
                },
            }))
        })
        .await
    }

    #[tool(description = "a username that must not be taken: an async rule")]
    async fn signup(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let lookups = self.lookups.clone();
        call.run(&self.sealer, |ask| async move {
            let answer = Signup::elicit(&ask, "Choose a username")
                .check(move |signup| {
                    let (name, lookups) = (signup.username.clone(), lookups.clone());
                    async move {
                        lookups.fetch_add(1, Ordering::SeqCst);
                        tokio::task::yield_now().await;
                        if name == "ada" { Err(vec![Violation::rule("username", "is taken")]) } else { Ok(()) }
                    }
                })
                .reask(1)
                .await;
            Ok(text(match answer {
                Ok(Elicitation::Accept(signup)) => format!("welcome {}", signup.username),
                Ok(other) => format!("{other:?}"),
                Err(err) => match err.invalid() {
                    Some(invalid) => format!("refused: {invalid}"),
                    None => return Err(err.into()),
                },
            }))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Desk {}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn desk() -> Desk {
    Desk { sealer: StateSealer::new(*b"the rules test key of 32 bytes..").expect("a key"), lookups: Arc::default() }
}

#[tokio::test]
async fn a_broken_rule_is_asked_again_with_the_problem_and_the_valid_answers_on_every_revision() {
    for &revision in ProtocolRevision::ALL {
        let session = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"arrive": "2026-12-24", "leave": "2026-12-20", "email": "ada@example.com"})))
            .reply(Reply::accept(json!({"arrive": "2026-12-24", "leave": "2026-12-28", "email": "ada@example.com"})))
            .connect(desk())
            .await
            .expect("connect");
        assert_eq!(session.call_tool_text("stay", json!({})).await.expect("the call"), "booked 2026-12-24 to 2026-12-28", "{revision}");
        let requests = session.transcript().requests;
        assert_eq!(requests.len(), 2, "{revision}: asked, then asked again");
        let reask = requests[1]["message"].as_str().expect("a message");
        assert_eq!(reask, "When do you come?\n\nPlease correct your answer:\n- `leave`: must be after the arrival date", "{revision}");
        if revision.has_defaults_on_every_type() {
            // The answers that broke no rule come back as defaults; the broken one does not.
            let properties = &requests[1]["requestedSchema"]["properties"];
            assert_eq!(properties["arrive"]["default"], "2026-12-24", "{revision}");
            assert_eq!(properties["leave"].get("default"), None, "{revision}");
        }
    }
}

#[tokio::test]
async fn when_the_reasks_run_out_the_rules_problems_are_the_error() {
    for &revision in ProtocolRevision::ALL {
        let broken = Reply::accept(json!({"arrive": "2026-12-24", "leave": "2026-12-24"}));
        let session = ScriptedClient::new(revision).reply(broken.clone()).reply(broken).connect(desk()).await.expect("connect");
        assert_eq!(
            session.call_tool_text("stay", json!({})).await.expect("the call"),
            "refused: the content does not match the form: `leave`: must be after the arrival date; give a phone number or an email address",
            "{revision}"
        );
    }
}

#[tokio::test]
async fn an_async_rule_refuses_then_accepts_on_every_revision() {
    for &revision in ProtocolRevision::ALL {
        let server = desk();
        let session = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"username": "ada"})))
            .reply(Reply::accept(json!({"username": "grace"})))
            .connect(server.clone())
            .await
            .expect("connect");
        assert_eq!(session.call_tool_text("signup", json!({})).await.expect("the call"), "welcome grace", "{revision}");
        let requests = session.transcript().requests;
        assert_eq!(requests.len(), 2, "{revision}");
        assert!(requests[1]["message"].as_str().unwrap().ends_with("- `username`: is taken"), "{revision}: {}", requests[1]["message"]);
        assert!(server.lookups.load(Ordering::SeqCst) >= 2, "{revision}: the rule ran on each answer");
    }
}

#[tokio::test]
async fn an_async_rule_never_runs_on_content_the_schema_refused() {
    let server = desk();
    let session = ScriptedClient::new(ProtocolRevision::V2025_11_25)
        .reply(Reply::accept(json!({"username": "a"})))
        .reply(Reply::accept(json!({"username": "ada"})))
        .connect(server.clone())
        .await
        .expect("connect");
    assert_eq!(session.call_tool_text("signup", json!({})).await.expect("the call"), "refused: the content does not match the form: `username`: is taken");
    assert_eq!(server.lookups.load(Ordering::SeqCst), 1, "only the answer that decoded was looked up");
}

#[tokio::test]
async fn the_model_relaying_an_answer_is_told_which_rule_it_broke() {
    use elicit_runtime::exchange::ElicitationSupport;
    use elicit_runtime::rmcp::RelayArg;

    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let session = ScriptedClient::new(revision).support(ElicitationSupport::NONE).connect(desk()).await.expect("connect");
        let mut arguments = json!({});
        let mut said = Vec::new();
        for answer in [json!({"arrive": "2026-12-24", "leave": "2026-12-01", "phone": "+1 555 0100"}), json!({"arrive": "2026-12-24", "leave": "2026-12-26", "phone": "+1 555 0100"})] {
            let result = session.call_tool("stay", arguments.clone()).await.expect("the call");
            said.push(result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect::<String>());
            let relay = result.structured_content.as_ref().and_then(|s| s.get(RelayArg::NAME)).unwrap_or_else(|| panic!("{revision}: not for the model: {result:?}")).clone();
            let key = relay["questions"].as_object().and_then(|q| q.keys().next().cloned()).expect("a question key");
            arguments = json!({RelayArg::NAME: {"continuation": relay["continuation"], "answers": {key: answer}}});
        }
        assert_eq!(session.call_tool_text("stay", arguments).await.expect("the call"), "booked 2026-12-24 to 2026-12-26", "{revision}");
        assert!(!said[0].contains("must be after the arrival date"), "{revision}: {}", said[0]);
        assert!(said[1].contains("`leave`: must be after the arrival date"), "{revision}: the model is told what to correct:\n{}", said[1]);
    }
}

// ---- the rules of the `validator` crate ------------------------------------------------

/// A form whose rules are written with `validator`.
#[derive(Elicit, validator::Validate, Debug)]
#[elicit(rename_all = "camelCase", validate = elicit_runtime::exchange::validator_rules)]
struct Account {
    #[validate(length(min = 3, max = 20))]
    user_name: String,
    #[validate(must_match(other = "password_hint"))]
    repeat_hint: String,
    password_hint: String,
}

#[test]
fn validator_rules_are_the_authors_rules_named_by_wire_name_in_field_order() {
    // validator's `length` is the form's own `min_length` / `max_length` too: checked with
    // the schema, before the rules.
    let err = Account::from_content(&content(json!({"userName": "al", "repeatHint": "x", "passwordHint": "zebra-canary"}))).unwrap_err();
    assert_eq!(err.violations(), [Violation::new("userName", Problem::TooShort { min_length: 3, length: 2 })]);
    let err = Account::from_content(&content(json!({"userName": "ada", "repeatHint": "x", "passwordHint": "zebra-canary"}))).unwrap_err();
    let texts = |violations: &[Violation], locale: Locale| violations.iter().map(|v| v.text(locale)).collect::<Vec<_>>();
    assert_eq!(texts(err.violations(), Locale::for_tag("en")), ["`repeatHint`: must match the field it repeats"]);
    // Validator's own rules are said in the user's language.
    assert_eq!(texts(err.violations(), Locale::for_tag("fr")), ["`repeatHint`\u{202f}: doit être identique au champ qu’il répète"]);
    assert_eq!(texts(err.violations(), Locale::for_tag("ko")), ["`repeatHint`: 확인 대상 항목과 같아야 합니다"]);
    // What the user typed in the other field is never repeated.
    assert!(!format!("{err} {err:?}").contains("zebra-canary"), "{err:?}");
    assert!(Account::from_content(&content(json!({"userName": "ada", "repeatHint": "y", "passwordHint": "y"}))).is_ok());
    // The re-ask of a relayed or direct answer reads them as any other problem.
    let broken = json!({"action": "accept", "content": {"userName": "a-very-long-user-name-indeed", "repeatHint": "y", "passwordHint": "y"}});
    let err = Elicitation::<Account>::from_result(&broken).unwrap_err();
    let Some(invalid) = err.invalid() else { panic!("{err:?}") };
    assert_eq!(invalid.violations(), [Violation::new("userName", Problem::TooLong { max_length: 20, length: 28 })]);
}
