//! Free-form lists asked as one string (`#[elicit(separated = ",")]`): the wire on every
//! revision, the decoding rules (empty items, whitespace, an empty answer), problems named
//! by item and re-asked, through the relay and with every client profile.

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::locale::Locale;
use elicit_runtime::rmcp::{RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{RealClient, Reply, ScriptedClient};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision, SchemaOptions};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Map, Value, json};

/// A ticket
#[derive(Elicit, Debug, PartialEq)]
struct Ticket {
    /// Labels for the ticket
    #[elicit(separated = ",", min_items = 1, max_items = 3, max_length = 10, pattern = "^[a-z-]+$", pattern_hint = "lowercase words")]
    labels: Vec<String>,
    /// Who else to tell
    #[elicit(separated = ";", format = "email")]
    cc: Option<Vec<String>>,
    title: String,
}

/// Links
#[derive(Elicit, Debug, PartialEq)]
struct Links {
    #[elicit(separated = "|")]
    links: Vec<url::Url>,
}

/// Tags, left out when there are none (`serde` reads the same attribute).
#[derive(Elicit, serde::Deserialize, Debug, PartialEq)]
struct Tags {
    #[serde(default)]
    #[elicit(separated = ",")]
    tags: Vec<Box<str>>,
}

/// Labels of a sub-form, flattened into another with a prefix.
#[derive(Elicit, Debug, PartialEq)]
struct Labels {
    #[elicit(separated = ",", max_items = 2)]
    labels: Vec<String>,
}

#[derive(Elicit, Debug, PartialEq)]
struct Issue {
    title: String,
    #[elicit(flatten(prefix = "issue_"))]
    labels: Labels,
}

fn content(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn decoded(value: Value) -> Result<Ticket, Vec<String>> {
    Ticket::from_content(&content(value)).map_err(|e| e.violations().iter().map(ToString::to_string).collect())
}

#[test]
fn the_field_is_one_string_on_every_revision_with_its_separator_in_words() {
    for &revision in ProtocolRevision::ALL {
        let schema = Ticket::requested_schema(revision).unwrap();
        let properties = &schema.as_json()["properties"];
        assert_eq!(properties["labels"], json!({"type": "string", "description": "Labels for the ticket (items separated by “,”)"}), "{revision}");
        assert_eq!(properties["cc"], json!({"type": "string", "description": "Who else to tell (items separated by “;”)"}), "{revision}");
        assert_eq!(schema.as_json()["required"], json!(["labels", "title"]), "{revision}");
    }
    let ko = Ticket::requested_schema_with(ProtocolRevision::V2025_11_25, &SchemaOptions::new().locale(Locale::for_tag("ko"))).unwrap();
    assert_eq!(ko.as_json()["properties"]["labels"]["description"], "Labels for the ticket (요소 사이를 “,” 기호로 구분)");
    let links = Links::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(links.as_json()["properties"]["links"], json!({"type": "string", "description": "items separated by “|”"}));
    assert_eq!(links.as_json()["required"], json!(["links"]));
    let tags = Tags::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(tags.as_json().get("required"), None, "`#[serde(default)]` makes `tags` optional");
}

#[test]
fn items_are_trimmed_empty_ones_dropped_and_an_empty_answer_is_no_items() {
    let ticket = decoded(json!({"labels": " bug ,, ui-kit ,", "cc": " ada@example.com ;; grace@example.com ", "title": "t"})).unwrap();
    assert_eq!(ticket.labels, ["bug", "ui-kit"]);
    assert_eq!(ticket.cc, Some(vec!["ada@example.com".to_owned(), "grace@example.com".to_owned()]));
    // An optional list with no item is `None`, whether empty, blank, only separators or absent.
    for cc in [json!(""), json!("  ; ;"), Value::Null] {
        assert_eq!(decoded(json!({"labels": "bug", "cc": cc, "title": "t"})).unwrap().cc, None, "{cc}");
    }
    assert_eq!(decoded(json!({"labels": "bug", "title": "t"})).unwrap().cc, None);
    // A required list with no item is an empty list, here refused by `min_items`.
    assert_eq!(decoded(json!({"labels": " , ", "title": "t"})).unwrap_err(), ["`labels`: must have at least 1 choice, got 0"]);
    assert_eq!(decoded(json!({"title": "t"})).unwrap_err(), ["`labels`: is required but missing"]);
    // Without `min_items`, an empty answer is an empty list; absent, `#[serde(default)]` gives one.
    let links = Links::from_content(&content(json!({"links": "https://a.example/ | https://b.example/x"}))).unwrap();
    assert_eq!(links.links.iter().map(url::Url::as_str).collect::<Vec<_>>(), ["https://a.example/", "https://b.example/x"]);
    assert!(Links::from_content(&content(json!({"links": ""}))).unwrap().links.is_empty());
    for tags in [json!({}), json!({"tags": ""}), json!({"tags": null})] {
        assert!(Tags::from_content(&content(tags.clone())).unwrap().tags.is_empty(), "{tags}");
    }
    // serde decodes the same content the same way where the field is absent.
    assert_eq!(serde_json::from_value::<Tags>(json!({})).unwrap(), Tags::from_content(&content(json!({}))).unwrap());
}

#[test]
fn every_problem_is_named_by_its_item() {
    let errors = decoded(json!({"labels": "bug, UI, a-very-long-label", "cc": "ada@example.com; grace", "title": "t"})).unwrap_err();
    assert_eq!(
        errors,
        [
            "`labels`: item 2: must be written as lowercase words",
            "`labels`: item 3: must be at most 10 characters long, got 17",
            "`cc`: item 2: must be a valid email address",
        ]
    );
    assert_eq!(decoded(json!({"labels": "a,b,c,d", "title": "t"})).unwrap_err(), ["`labels`: must have at most 3 choices, got 4"]);
    assert_eq!(decoded(json!({"labels": ["bug"], "title": "t"})).unwrap_err(), ["`labels`: must be text, got a list"]);
    // An item's type decodes it: a URL that does not parse is named too.
    let links = Links::from_content(&content(json!({"links": "https://a.example/|not a url"}))).unwrap_err();
    assert_eq!(links.violations()[0].to_string(), "`links`: item 2: must be a valid URI");
    let invalid = Ticket::from_content(&content(json!({"labels": "UI", "title": "t"}))).unwrap_err();
    assert_eq!(invalid.violations()[0].text(Locale::for_tag("de")), "`labels`: Eintrag 1: muss die Form lowercase words haben");
}

#[test]
fn content_joins_the_items_with_the_separator_and_reads_back() {
    let ticket = Ticket { labels: vec!["bug".into(), "ui".into()], cc: None, title: "t".into() };
    assert_eq!(Value::Object(ticket.to_content()), json!({"labels": "bug,ui", "title": "t"}));
    assert_eq!(Ticket::from_content(&ticket.to_content()).unwrap(), ticket);
}

#[test]
fn a_flattened_sub_form_keeps_its_list() {
    let schema = Issue::requested_schema(ProtocolRevision::V2025_11_25).unwrap();
    assert_eq!(schema.as_json()["properties"]["issue_labels"], json!({"type": "string", "description": "items separated by “,”"}));
    let issue = Issue::from_content(&content(json!({"title": "t", "issue_labels": "a, b"}))).unwrap();
    assert_eq!(issue.labels.labels, ["a", "b"]);
    assert_eq!(Value::Object(issue.to_content()), json!({"title": "t", "issue_labels": "a,b"}));
    let wrong = Issue::from_content(&content(json!({"title": "t", "issue_labels": "a, b, c"}))).unwrap_err();
    assert_eq!(wrong.to_string(), "the content does not match the form: `issue_labels`: must have at most 2 choices, got 3");
}

// ---- end to end -----------------------------------------------------------------------

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Args {
    #[serde(default, rename = "elicitRelay")]
    #[expect(dead_code, reason = "read by the runtime from the raw arguments; here it puts the argument into tools/list")]
    relay: RelayArg,
}

#[derive(Clone)]
struct Desk {
    sealer: StateSealer,
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[tool_router]
impl Desk {
    #[tool(description = "files a ticket")]
    async fn file(&self, call: ToolCall, Parameters(_args): Parameters<Args>) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                Ok(text(match Ticket::elicit(&ask, "New ticket").reask(1).await {
                    Ok(Elicitation::Accept(t)) => format!("{:?} {:?} {}", t.labels, t.cc, t.title),
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

fn desk() -> Desk {
    Desk { sealer: StateSealer::new(*b"the separated test key, 32 bytes").expect("a key") }
}

#[tokio::test]
async fn a_wrong_item_is_asked_again_then_the_list_decodes_on_every_revision() {
    for &revision in ProtocolRevision::ALL {
        let session = ScriptedClient::new(revision)
            .reply(Reply::accept(json!({"labels": "bug, UI", "cc": "ada@example.com", "title": "Crash"})))
            .reply(Reply::accept(json!({"labels": "bug, ui,", "cc": "ada@example.com", "title": "Crash"})))
            .connect(desk())
            .await
            .expect("connect");
        assert_eq!(session.call_tool_text("file", json!({})).await.expect("the call"), "[\"bug\", \"ui\"] Some([\"ada@example.com\"]) Crash", "{revision}");
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
        assert_eq!(transcript.requests.len(), 2, "{revision}: asked, then asked again");
        let reask = transcript.requests[1]["message"].as_str().expect("a message");
        assert_eq!(reask, "New ticket\n\nPlease correct your answer:\n- `labels`: item 2: must be written as lowercase words", "{revision}");
        if revision.has_defaults_on_every_type() {
            // The valid answers come back as defaults, as the client sent them.
            assert_eq!(transcript.requests[1]["requestedSchema"]["properties"]["cc"]["default"], "ada@example.com", "{revision}");
        }
    }
}

#[tokio::test]
async fn every_client_profile_sends_the_list_as_text_and_it_decodes() {
    for client in RealClient::ALL {
        for &revision in ProtocolRevision::ALL {
            let session = ScriptedClient::new(revision)
                .plays(client)
                .reply(Reply::accept(json!({"labels": "bug;x, ui", "title": "Crash"})))
                .reply(Reply::accept(json!({"labels": "bug, ui", "title": "Crash"})))
                .connect(desk())
                .await
                .expect("connect");
            let said = session.call_tool_text("file", json!({})).await.expect("the call");
            assert_eq!(said, "[\"bug\", \"ui\"] None Crash", "{client:?} {revision}");
            let transcript = session.transcript();
            assert_eq!(transcript.requests[0]["requestedSchema"]["properties"]["labels"]["type"], "string", "{client:?} {revision}");
        }
    }
}

#[tokio::test]
async fn through_the_relay_the_model_is_told_the_separator_and_its_answer_is_split() {
    for &revision in ProtocolRevision::ALL {
        let session = ScriptedClient::new(revision).support(ElicitationSupport::NONE).connect(desk()).await.expect("connect");
        let first = session.call_tool("file", json!({})).await.expect("the call");
        let said: String = first.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
        assert!(said.contains("Labels for the ticket (items separated by “,”)"), "{revision}: {said}");
        let relay = &first.structured_content.as_ref().expect("for the model")[RelayArg::NAME];
        let continuation = relay["continuation"].as_str().expect("a continuation");
        let answers = json!({"elicit-1": {"labels": "bug , ui", "cc": "a@example.com;b@example.com", "title": "Crash"}});
        let done = session.call_tool_text("file", json!({RelayArg::NAME: {"continuation": continuation, "answers": answers}})).await.expect("the call back");
        assert_eq!(done, "[\"bug\", \"ui\"] Some([\"a@example.com\", \"b@example.com\"]) Crash", "{revision}");
    }
}
