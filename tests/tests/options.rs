//! Run-time selects (`#[elicit(options)]`): options known only when the tool runs, given
//! with each request, checked before anything is sent, read back by value into the
//! author's items, on every revision and path.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::form::{MAX_OPTIONS, Options, OptionsError, SelectItem};
use elicit_runtime::rmcp::{RelayArg, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{RealClient, Reply, ScriptedClient};
use elicit_runtime::{Elicit, ElicitError, ErrorKind, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

#[derive(Clone, Debug, PartialEq)]
struct RepoId(u32);
impl SelectItem for RepoId {}

/// Which environment
#[derive(Elicit, Debug, PartialEq)]
#[elicit(rename_all = "lowercase")]
enum Env {
    Staging,
    Production,
}

#[derive(Elicit, Debug, PartialEq)]
struct Deploy {
    /// The repository to deploy
    #[elicit(options, title = "Repository")]
    repo: RepoId,
    env: Env,
    /// Also notify
    #[elicit(options, max_items = 2)]
    notify: Vec<String>,
    #[elicit(options)]
    region: Option<u8>,
}

fn repos() -> Options<RepoId> {
    Options::new([("api", "API server", RepoId(1)), ("web", "Web site", RepoId(2)), ("docs", "Docs", RepoId(3))]).expect("options")
}

fn options() -> DeployOptions {
    DeployOptions {
        repo: repos(),
        notify: Options::untitled([("ops", "ops".to_owned()), ("dev-team", "dev-team".to_owned())]).expect("options"),
        region: Options::new([("eu", "Europe", 1u8), ("us", "Americas", 2)]).expect("options"),
    }
}

#[test]
fn content_is_read_against_the_options_offered_by_value() {
    let given = options();
    let content = json!({"repo": "web", "env": "staging", "notify": ["dev-team"], "region": "us"});
    let deploy = Deploy::from_content_with(content.as_object().unwrap(), &given).unwrap();
    assert_eq!(deploy, Deploy { repo: RepoId(2), env: Env::Staging, notify: vec!["dev-team".into()], region: Some(2) });
    // An option not offered, a title in place of the value, a repeated item: each a violation on its field.
    let content = json!({"repo": "Web site", "env": "staging", "notify": ["ops", "ops", "qa"]});
    let err = Deploy::from_content_with(content.as_object().unwrap(), &given).unwrap_err();
    let fields: Vec<_> = err.violations().iter().map(|v| v.field.to_string()).collect();
    assert_eq!(fields, ["repo", "notify", "notify", "notify"], "{err}");
    assert!(err.to_string().contains("must have at most 2 choices, got 3"), "{err}");
    // Without the options nothing is decoded.
    assert!(Deploy::from_content(json!({"repo": "web", "env": "staging", "notify": []}).as_object().unwrap()).is_err());
}

#[derive(Clone)]
struct Server {
    sealer: StateSealer,
    /// How many times `deploy_moving`'s body ran: its list changes after the first.
    runs: Arc<AtomicU32>,
}

/// A form whose only run-time select has a `min_items` the options may not satisfy.
#[derive(Elicit, Debug)]
struct Notify {
    #[expect(dead_code, reason = "never decoded: its options cannot be offered")]
    #[elicit(options, min_items = 3)]
    teams: Vec<String>,
}

/// A form whose field titles and descriptions are translated, and whose options are the
/// author's data (here, in the author's own words, German among them).
#[derive(Elicit, Debug)]
#[expect(dead_code, reason = "the test reads the requests and the decline, never a decoded value")]
struct Ship {
    #[elicit(options, title = "Rate", title(ko = "요금", de = "Tarif"))]
    rate: String,
    #[elicit(options, max_items = 1, description = "Extras", description(ko = "추가 서비스", de = "Extras"))]
    extras: Vec<String>,
}

/// A release: a text field beside a run-time multi-select that needs a pick (issue 43).
#[derive(Elicit, Debug, PartialEq)]
struct Release {
    #[elicit(min_length = 1)]
    note: String,
    #[elicit(options, min_items = 1, title = "Repositories")]
    repos: Vec<RepoId>,
}

/// Labels whose values are not identifiers: their checkboxes are not named after them.
#[derive(Elicit, Debug, PartialEq)]
struct Labels {
    #[elicit(options)]
    labels: Vec<String>,
}

const LABELS: [&str; 4] = ["a b", "bug: ui", "日本", "7"];

#[tool_router]
impl Server {
    #[tool(description = "releases some of your repositories")]
    async fn release(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let given = ReleaseOptions { repos: repos() };
            Ok(text(format!("{:?}", Release::elicit_with(&ask, "Release which?", given).reask(2).await?)))
        })
        .await
    }

    #[tool(description = "labels the issue")]
    async fn label(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let labels = Options::untitled(LABELS.map(|l| (l, l.to_owned()))).expect("options");
            Ok(text(format!("{:?}", Labels::elicit_with(&ask, "Which labels?", LabelsOptions { labels }).await?)))
        })
        .await
    }

    #[tool(description = "asks for a shipping rate among today's, and the extras")]
    async fn ship(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let rate = Options::new([("express", "Express (1 day)", "express".to_owned()), ("paket", "DHL Paket", "paket".to_owned())]).expect("options");
            let extras = Options::untitled([("insurance", "insurance".to_owned()), ("gift wrap", "gift wrap".to_owned())]).expect("options");
            Ok(text(format!("{:?}", Ship::elicit_with(&ask, "Ship how?", ShipOptions { rate, extras }).reask(1).await?)))
        })
        .await
    }

    #[tool(description = "deploys one of your repositories")]
    async fn deploy(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true).run(&self.sealer, |ask| async move {
            Ok(text(match Deploy::elicit_with(&ask, "Deploy which?", options()).reask(1).await {
                Ok(answer) => format!("{answer:?}"),
                Err(err) => match err.invalid() {
                    Some(invalid) => format!("refused: {invalid}"),
                    None => return Err(err.into()),
                },
            }))
        })
        .await
    }

    #[tool(description = "deploys one of your repositories, whose list changes while the user answers")]
    async fn deploy_moving(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let runs = self.runs.clone();
        call.run(&self.sealer, |ask| async move {
            // Before the answer comes back, `web` was deleted and another repository took
            // its place in the list (and its title).
            let repo = if runs.fetch_add(1, Ordering::SeqCst) == 0 {
                repos()
            } else {
                Options::new([("api", "API server", RepoId(1)), ("shop", "Web site", RepoId(9)), ("docs", "Docs", RepoId(3))]).expect("options")
            };
            let given = DeployOptions { repo, ..options() };
            Ok(text(match Deploy::elicit_with(&ask, "Deploy which?", given).await {
                Ok(answer) => format!("{answer:?}"),
                Err(err) => return Err(err.into()),
            }))
        })
        .await
    }

    #[tool(description = "asks for more teams than there are")]
    async fn notify(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let teams = Options::untitled([("ops", "ops".to_owned()), ("dev", "dev".to_owned())]).expect("options");
            Ok(text(match Notify::elicit_with(&ask, "Notify whom?", NotifyOptions { teams }).await {
                Ok(answer) => format!("{answer:?}"),
                Err(err) if err.kind() == ErrorKind::Options => format!("{err:?}: {err}"),
                Err(err) => return Err(err.into()),
            }))
        })
        .await
    }

    #[tool(description = "asks a form with run-time selects through code generic over `Elicit`")]
    async fn generic(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        async fn ask_any<T: Elicit + std::fmt::Debug>(ask: &elicit_runtime::rmcp::Ask) -> Result<String, ElicitError> {
            Ok(format!("{:?}", <T as Elicit>::elicit(ask, "Which?").await?))
        }
        call.run(&self.sealer, |ask| async move {
            Ok(text(match ask_any::<Deploy>(&ask).await {
                Ok(said) => said,
                Err(err) if err.kind() == ErrorKind::Options => format!("{err:?}"),
                Err(err) => return Err(err.into()),
            }))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Server {}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

fn server() -> Server {
    Server { sealer: StateSealer::new(*b"the options test key of 32 byte.").expect("a key"), runs: Arc::default() }
}

async fn deploy(client: ScriptedClient) -> (String, Vec<Value>) {
    call("deploy", client).await
}

async fn call(tool: &str, client: ScriptedClient) -> (String, Vec<Value>) {
    let session = client.connect(server()).await.expect("connect");
    let said = session.call_tool_text(tool, json!({})).await.expect("the call");
    let transcript = session.transcript();
    assert!(transcript.violations.is_empty(), "requests that break the official schema: {:?}", transcript.violations);
    (said, transcript.requests)
}

#[tokio::test]
async fn the_options_are_sent_and_the_item_comes_back_on_every_revision() {
    for &revision in ProtocolRevision::ALL {
        let content = if revision.has_multi_select() {
            json!({"repo": "docs", "env": "production", "notify": ["ops"]})
        } else {
            json!({"repo": "docs", "env": "production", "notify_ops": true, "notify_dev_team": false})
        };
        let (said, requests) = deploy(ScriptedClient::new(revision).reply(Reply::accept(content))).await;
        eprintln!("{revision}: {requests:?}");
        assert_eq!(said, r#"Accept(Deploy { repo: RepoId(3), env: Production, notify: ["ops"], region: None })"#, "{revision}");
        // The options as sent: titled `oneOf` / `enum` + `enumNames`, untitled `enum`, and
        // the multi-select as an array or (2025-06-18) one checkbox per option.
        let properties = &requests[0]["requestedSchema"]["properties"];
        let repo = &properties["repo"];
        assert_eq!((&repo["title"], &repo["description"]), (&json!("Repository"), &json!("The repository to deploy")), "{revision}");
        if revision.has_titled_one_of() {
            assert_eq!(repo["oneOf"], json!([{"const": "api", "title": "API server"}, {"const": "web", "title": "Web site"}, {"const": "docs", "title": "Docs"}]));
            assert_eq!(properties["notify"], json!({"type": "array", "description": "Also notify", "maxItems": 2, "items": {"type": "string", "enum": ["ops", "dev-team"]}}));
        } else {
            assert_eq!((&repo["enum"], &repo["enumNames"]), (&json!(["api", "web", "docs"]), &json!(["API server", "Web site", "Docs"])));
            assert_eq!(properties["notify_ops"], json!({"type": "boolean", "title": "notify: ops", "description": "Also notify (tick at most 2)"}));
            assert_eq!(properties["notify_dev_team"], json!({"type": "boolean", "title": "notify: dev-team"}));
        }
        // In field order, the run-time selects where they are declared; `region` optional.
        let names: Vec<&String> = properties.as_object().unwrap().keys().collect();
        let expected: &[&str] = if revision.has_multi_select() { &["repo", "env", "notify", "region"] } else { &["repo", "env", "notify_ops", "notify_dev_team", "region"] };
        assert_eq!(names, expected, "{revision}");
        // A multi-select is required (an empty list is an answer); its checkboxes are not.
        let required = if revision.has_multi_select() { json!(["repo", "env", "notify"]) } else { json!(["repo", "env"]) };
        assert_eq!(requests[0]["requestedSchema"]["required"], required, "{revision}");
    }
}

#[tokio::test]
async fn the_scripted_client_picks_by_title_or_value_and_an_option_not_offered_is_asked_again() {
    for &revision in ProtocolRevision::ALL {
        // By title, as a person reads them; on 2025-06-18 the list ticks checkboxes.
        let client = ScriptedClient::new(revision).reply(Reply::pick(json!({"repo": "Web site", "env": "staging", "notify": ["dev-team"], "region": "Europe"})));
        let (said, _) = deploy(client).await;
        assert_eq!(said, r#"Accept(Deploy { repo: RepoId(2), env: Staging, notify: ["dev-team"], region: Some(1) })"#, "{revision}");
        // A value that was not offered is a violation on the field, asked again with the same options.
        let client = ScriptedClient::new(revision)
            .reply(Reply::pick(json!({"repo": "billing", "env": "staging", "notify": []})))
            .reply(Reply::pick(json!({"repo": "api", "env": "staging", "notify": []})));
        let (said, requests) = deploy(client).await;
        assert_eq!(said, r#"Accept(Deploy { repo: RepoId(1), env: Staging, notify: [], region: None })"#, "{revision}");
        assert_eq!(requests.len(), 2, "{revision}");
        assert!(requests[1]["message"].as_str().unwrap().contains("- Repository: `billing` is not one of the options"), "{revision}: {}", requests[1]["message"]);
        assert_eq!(requests[1]["requestedSchema"]["properties"]["repo"], requests[0]["requestedSchema"]["properties"]["repo"], "{revision}");
        // Decline is an answer.
        let (said, _) = deploy(ScriptedClient::new(revision).reply(Reply::Decline)).await;
        assert_eq!(said, "Decline", "{revision}");
    }
}

#[tokio::test]
async fn on_2026_07_28_an_answer_to_a_list_that_changed_between_rounds_is_asked_again_never_read_against_the_new_list() {
    // Round 1 offers `web` (RepoId 2); the user picks it. When the body replays with the
    // answer, `web` is gone and `shop` (RepoId 9) has its place and its title: the answer
    // is not decoded to RepoId 9, nor accepted; the question comes again with the new list.
    let client = ScriptedClient::new(ProtocolRevision::V2026_07_28)
        .reply(Reply::pick(json!({"repo": "web", "env": "staging", "notify": []})))
        .reply(Reply::pick(json!({"repo": "Web site", "env": "staging", "notify": []})));
    let (said, requests) = call("deploy_moving", client).await;
    assert_eq!(said, r#"Accept(Deploy { repo: RepoId(9), env: Staging, notify: [], region: None })"#);
    assert_eq!(requests.len(), 2, "asked again with the current list");
    let offered = |i: usize| requests[i]["requestedSchema"]["properties"]["repo"]["oneOf"].clone();
    assert_eq!(offered(0)[1], json!({"const": "web", "title": "Web site"}));
    assert_eq!(offered(1)[1], json!({"const": "shop", "title": "Web site"}));
    // On the revisions without rounds, each request is read against the list it offered.
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25] {
        let (said, requests) = call("deploy_moving", ScriptedClient::new(revision).reply(Reply::pick(json!({"repo": "web", "env": "staging", "notify": []})))).await;
        assert_eq!((said.as_str(), requests.len()), (r#"Accept(Deploy { repo: RepoId(2), env: Staging, notify: [], region: None })"#, 1), "{revision}");
    }
}

#[tokio::test]
async fn options_the_form_cannot_offer_and_options_not_given_fail_before_anything_is_sent() {
    for &revision in ProtocolRevision::ALL {
        let (said, requests) = call("notify", ScriptedClient::new(revision)).await;
        assert_eq!(said, "Options { field: \"teams\", error: TooFewForMinItems { min_items: 3, count: 2 } }: the options of the run-time select `teams` cannot be offered; nothing was sent", "{revision}");
        assert!(requests.is_empty(), "{revision}");
        let (said, requests) = call("generic", ScriptedClient::new(revision)).await;
        assert_eq!(said, "Options { field: \"repo\", error: NotGiven }", "{revision}");
        assert!(requests.is_empty(), "{revision}");
    }
}

#[tokio::test]
async fn the_relay_lists_the_options_to_the_model_and_reads_the_answer_against_them() {
    for &revision in ProtocolRevision::ALL {
        let session = ScriptedClient::new(revision).support(ElicitationSupport::NONE).connect(server()).await.expect("connect");
        let first = session.call_tool("deploy", json!({})).await.expect("the call");
        let said: String = first.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
        assert!(said.contains(r#"one of: "api" (API server), "web" (Web site), "docs" (Docs)"#), "{revision}: {said}");
        let relay = &first.structured_content.as_ref().expect("for the model")[RelayArg::NAME];
        let continuation = relay["continuation"].as_str().expect("a continuation");
        // The model answers the properties it was shown: on 2025-06-18, the checkboxes.
        let notify = if revision.has_multi_select() { json!({"notify": ["ops"]}) } else { json!({"notify_ops": true}) };
        let mut answer = json!({"repo": "docs", "env": "staging"});
        answer.as_object_mut().unwrap().extend(notify.as_object().unwrap().clone());
        let answers = json!({ "elicit-1": answer });
        let done = session.call_tool("deploy", json!({ RelayArg::NAME: {"continuation": continuation, "answers": answers} })).await.expect("the call back");
        let said: String = done.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
        assert_eq!(said, r#"Accept(Deploy { repo: RepoId(3), env: Staging, notify: ["ops"], region: None })"#, "{revision}");
    }
}

#[test]
fn the_author_s_data_is_checked_when_the_options_are_built() {
    let titled = |items: Vec<(&str, &str)>| Options::new(items.into_iter().map(|(v, t)| (v, t, 0u8)));
    assert_eq!(titled(vec![]).unwrap_err(), OptionsError::Empty);
    assert_eq!(titled(vec![("a", "A"), ("a", "B")]).unwrap_err(), OptionsError::DuplicateValue("a".into()));
    assert_eq!(titled(vec![("a", "Same"), ("b", "Same")]).unwrap_err(), OptionsError::DuplicateTitle("Same".into()));
    assert_eq!(titled(vec![("a", "see https://evil.example")]).unwrap_err(), OptionsError::UrlInTitle("a".into()));
    assert_eq!(titled(vec![("a", "www.evil.example")]).unwrap_err(), OptionsError::UrlInTitle("a".into()));
    assert!(matches!(titled(vec![("a", "Your password")]).unwrap_err(), OptionsError::SecretInTitle { value, .. } if value == "a"));
    assert!(matches!(titled(vec![("a", "Card number")]).unwrap_err(), OptionsError::SecretInTitle { .. }));
    assert_eq!(titled(vec![("", "Empty")]).unwrap_err(), OptionsError::EmptyValue);
    let long = "x".repeat(257);
    assert!(matches!(titled(vec![(&long, "Long")]).unwrap_err(), OptionsError::ValueTooLong(_)));
    let many: Vec<(String, u32)> = (0..=MAX_OPTIONS as u32).map(|i| (format!("v{i}"), i)).collect();
    assert_eq!(Options::untitled(many.clone()).unwrap_err(), OptionsError::TooMany { max: MAX_OPTIONS });
    assert_eq!(Options::untitled(many[..MAX_OPTIONS].to_vec()).unwrap().len(), MAX_OPTIONS);
    assert_eq!(titled(vec![("a", "A")]).unwrap().with_default("b").unwrap_err(), OptionsError::DefaultNotAnOption("b".into()));
    // What a title may hold: anything else, sent as given (the author's data is not translated).
    assert_eq!(titled(vec![("a", "Bucket: 日本語 \"quoted\"")]).unwrap().title("a"), Some("Bucket: 日本語 \"quoted\""));
}

#[test]
fn a_default_is_sent_and_read_for_a_field_left_out() {
    let given = DeployOptions { repo: repos().with_default("docs").unwrap(), ..options() };
    let content = json!({"env": "staging", "notify": []});
    let deploy = Deploy::from_content_with(content.as_object().unwrap(), &given).unwrap();
    assert_eq!(deploy.repo, RepoId(3));
}

#[tokio::test]
async fn option_titles_are_sent_as_given_in_every_language_and_the_toolkit_s_words_around_them_are_translated() {
    for &revision in ProtocolRevision::ALL {
        // A wrong answer (an option not offered, too many extras), then a decline.
        let wrong = if revision.has_multi_select() {
            json!({"rate": "overnight", "extras": ["insurance", "gift wrap"]})
        } else {
            json!({"rate": "overnight", "extras_insurance": true, "extras_gift_wrap": true})
        };
        let asked = |language: &'static str| {
            let client = ScriptedClient::new(revision).accept_language(json!(language)).reply(Reply::accept(wrong.clone())).reply(Reply::Decline);
            async move {
                let session = client.connect(server()).await.expect("connect");
                assert_eq!(session.call_tool_text("ship", json!({})).await.expect("the call"), "Decline", "{revision} {language}");
                let transcript = session.transcript();
                assert!(transcript.violations.is_empty(), "{revision} {language}: {:?}", transcript.violations);
                transcript.requests
            }
        };
        for (language, rate_title, heading, not_offered, extras, tick) in [
            ("ko-KR", "요금", "답변을 고쳐 주세요:", "`overnight`은(는) 선택지에 없습니다", "추가 서비스", "1개 이하로 선택하세요"),
            ("de-DE", "Tarif", "Bitte korrigieren Sie Ihre Antwort:", "`overnight` ist keine der Optionen", "Extras", "höchstens 1 ankreuzen"),
            ("en", "Rate", "Please correct your answer:", "`overnight` is not one of the options", "Extras", "tick at most 1"),
        ] {
            let requests = asked(language).await;
            let properties = &requests[0]["requestedSchema"]["properties"];
            // The field's own words follow the language; the options are the author's, as given.
            assert_eq!(properties["rate"]["title"], rate_title, "{revision} {language}");
            if revision.has_titled_one_of() {
                assert_eq!(properties["rate"]["oneOf"], json!([{"const": "express", "title": "Express (1 day)"}, {"const": "paket", "title": "DHL Paket"}]), "{revision} {language}");
                assert_eq!(properties["extras"]["description"], extras, "{revision} {language}");
                assert_eq!(properties["extras"]["items"]["enum"], json!(["insurance", "gift wrap"]), "{revision} {language}");
            } else {
                assert_eq!(properties["rate"]["enumNames"], json!(["Express (1 day)", "DHL Paket"]), "{revision} {language}");
                // On 2025-06-18 the option is in the checkbox's title as given, the rule
                // around it in the language.
                assert_eq!(properties["extras_gift_wrap"]["title"], "extras: gift wrap", "{revision} {language}");
                let rule = properties["extras_insurance"]["description"].as_str().unwrap_or_default();
                assert!(rule.starts_with(extras) && rule.contains(tick), "{revision} {language}: {rule}");
            }
            // The re-ask: the toolkit's words in the language, the value sent quoted as it was.
            let reask = requests[1]["message"].as_str().unwrap_or_default();
            assert!(reask.starts_with(&format!("Ship how?\n\n{heading}\n")), "{revision} {language}: {reask}");
            assert!(reask.contains(not_offered), "{revision} {language}: {reask}");
        }
    }
}

#[tokio::test]
async fn a_run_time_multi_select_asked_of_a_codex_user_comes_back_as_the_author_s_items_asked_once() {
    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        // The user ticks "Docs" and "API server" in Codex's form (checkboxes: it shows no arrays).
        let client = ScriptedClient::new(revision).plays(RealClient::Codex).reply(Reply::fill_json(json!({"note": "ship it", "repos": ["Docs", "api"]})));
        let (said, requests) = call("release", client).await;
        assert_eq!(said, r#"Accept(Release { note: "ship it", repos: [RepoId(1), RepoId(3)] })"#, "{revision}");
        assert_eq!(requests.len(), 1, "{revision}: asked once");
        // The multi-select is in the form, as the checkboxes Codex shows, titled with the options.
        let properties = requests[0]["requestedSchema"]["properties"].as_object().expect("properties");
        let names: Vec<&String> = properties.keys().collect();
        assert_eq!(names, ["note", "repos_api", "repos_web", "repos_docs"], "{revision}");
        assert_eq!(properties["repos_web"], json!({"type": "boolean", "title": "Repositories: Web site"}), "{revision}");
        assert_eq!(properties["repos_api"]["description"], "tick at least 1", "{revision}");
        // The same form through every client: the same items.
        for client in RealClient::ALL {
            let scripted = ScriptedClient::new(revision).plays(client).reply(Reply::fill_json(json!({"note": "ship it", "repos": ["Docs", "api"]})));
            let (through, requests) = call("release", scripted).await;
            assert_eq!((through.as_str(), requests.len()), (said.as_str(), 1), "{revision} {client:?}");
        }
    }
}

#[tokio::test]
async fn goose_is_sent_run_time_titles_as_plain_values_and_its_answer_is_read_back() {
    for revision in [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        let client = ScriptedClient::new(revision)
            .plays(RealClient::Goose)
            .reply(Reply::fill_json(json!({"repo": "Web site", "env": "staging", "notify": ["dev-team"], "region": "Europe"})));
        let (said, requests) = deploy(client).await;
        assert_eq!(said, r#"Accept(Deploy { repo: RepoId(2), env: Staging, notify: ["dev-team"], region: Some(1) })"#, "{revision}");
        let properties = &requests[0]["requestedSchema"]["properties"];
        // No titled `oneOf` for Goose: the titles are the values it shows, and it shows the
        // title in the description (it labels fields by their key).
        assert_eq!(properties["repo"]["enum"], json!(["API server", "Web site", "Docs"]), "{revision}");
        assert!(properties["repo"].get("oneOf").is_none(), "{revision}");
        assert_eq!(properties["repo"]["description"], "Repository: The repository to deploy", "{revision}");
        assert_eq!(properties["region"]["enum"], json!(["Europe", "Americas"]), "{revision}");
        // Its multi-selects are checkboxes (it shows no arrays).
        assert!(properties["notify_ops"]["type"] == "boolean", "{revision}: {properties}");
    }
}

#[tokio::test]
async fn the_scripted_client_finds_checkboxes_by_value_or_title_whatever_the_values_hold_and_says_what_it_cannot_find() {
    for &revision in ProtocolRevision::ALL {
        for client in [RealClient::Spec, RealClient::Codex, RealClient::Goose] {
            // By value: `a b` and `bug: ui` are named after their words, `日本` and `7` by
            // position; `Reply::pick` and `Reply::fill` find each the way the server named it.
            for reply in [Reply::pick(json!({"labels": LABELS})), Reply::fill_json(json!({"labels": LABELS}))] {
                let (said, _) = call("label", ScriptedClient::new(revision).plays(client).reply(reply)).await;
                assert_eq!(said, r#"Accept(Labels { labels: ["a b", "bug: ui", "日本", "7"] })"#, "{revision} {client:?}");
            }
            // An option the form does not offer is said, not dropped.
            let session = ScriptedClient::new(revision).plays(client).reply(Reply::pick(json!({"labels": ["bug: ux"]}))).connect(server()).await.expect("connect");
            // (What is sent without the option is then the server's to refuse: not asserted here.)
            let _ = session.call_tool_text("label", json!({})).await;
            let violations = session.transcript().violations;
            let checkboxes = !revision.has_multi_select() || client != RealClient::Spec;
            if checkboxes {
                assert_eq!(violations, ["Reply::pick: no checkbox of `labels` shows the option `bug: ux`"], "{revision} {client:?}");
            }
            let session = ScriptedClient::new(revision).plays(client).reply(Reply::fill_json(json!({"labels": ["bug: ux"]}))).connect(server()).await.expect("connect");
            let _ = session.call_tool_text("label", json!({})).await;
            let expected = if checkboxes { "Reply::fill: no checkbox of `labels` shows the option `bug: ux`" } else { "Reply::fill: `labels` does not offer the option `bug: ux`" };
            assert_eq!(session.transcript().violations, [expected], "{revision} {client:?}");
        }
    }
}

#[test]
fn a_multi_select_comes_back_in_the_options_order_and_a_repeated_item_is_a_problem() {
    // Run-time: the options' order, whatever order the answer lists them in.
    let given = options();
    let content = json!({"repo": "web", "env": "staging", "notify": ["dev-team", "ops"]});
    let deploy = Deploy::from_content_with(content.as_object().unwrap(), &given).unwrap();
    assert_eq!(deploy.notify, ["ops", "dev-team"]);
    // Compile-time: the enum's order.
    #[derive(Elicit, Debug, PartialEq)]
    struct Envs {
        envs: Vec<Env>,
    }
    let envs = Envs::from_content(json!({"envs": ["production", "staging"]}).as_object().unwrap()).unwrap();
    assert_eq!(envs.envs, [Env::Staging, Env::Production]);
    // A repeated item: the same problem on both.
    let twice = Envs::from_content(json!({"envs": ["staging", "staging"]}).as_object().unwrap()).unwrap_err();
    assert_eq!(twice.violations()[0].problem, elicit_runtime::form::Problem::DuplicateItem("staging".into()), "{twice}");
    let content = json!({"repo": "web", "env": "staging", "notify": ["ops", "ops"]});
    let twice = Deploy::from_content_with(content.as_object().unwrap(), &given).unwrap_err();
    assert_eq!(twice.violations()[0].problem, elicit_runtime::form::Problem::DuplicateItem("ops".into()), "{twice}");
}

#[tokio::test]
async fn the_model_may_relay_a_multi_select_as_its_list_whatever_form_the_client_was_to_show() {
    for &revision in ProtocolRevision::ALL {
        for client in [RealClient::Spec, RealClient::Codex] {
            let session = ScriptedClient::new(revision).plays(client).support(ElicitationSupport::NONE).connect(server()).await.expect("connect");
            let first = session.call_tool("deploy", json!({})).await.expect("the call");
            let relay = &first.structured_content.as_ref().expect("for the model")[RelayArg::NAME];
            let continuation = relay["continuation"].as_str().expect("a continuation");
            // The model was shown checkboxes (2025-06-18, Codex) and relays the list: it is
            // read, not dropped as a property nobody asked for.
            let answers = json!({ "elicit-1": {"repo": "docs", "env": "staging", "notify": ["dev-team", "ops"]} });
            let done = session.call_tool("deploy", json!({ RelayArg::NAME: {"continuation": continuation, "answers": answers} })).await.expect("the call back");
            let said: String = done.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
            assert_eq!(said, r#"Accept(Deploy { repo: RepoId(3), env: Staging, notify: ["ops", "dev-team"], region: None })"#, "{revision} {client:?}");
        }
    }
}

#[tokio::test]
async fn a_re_ask_keeps_the_run_time_checkboxes_the_user_ticked() {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        // The note is left empty (wrong), the repositories ticked: the re-ask names the
        // note and offers the ticks back, as it does for the checkboxes the derive knows.
        let client = ScriptedClient::new(revision)
            .plays(RealClient::Codex)
            .reply(Reply::fill_json(json!({"note": "", "repos": ["Docs"]})))
            .reply(Reply::fill_json(json!({"note": "ship it", "repos": ["Docs"]})));
        let (said, requests) = call("release", client).await;
        assert_eq!(said, r#"Accept(Release { note: "ship it", repos: [RepoId(3)] })"#, "{revision}");
        assert_eq!(requests.len(), 2, "{revision}");
        let again = &requests[1]["requestedSchema"]["properties"];
        assert_eq!((&again["repos_docs"]["default"], &again["repos_api"]["default"]), (&json!(true), &json!(false)), "{revision}: {again}");
    }
}
