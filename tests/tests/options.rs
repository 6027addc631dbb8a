//! Run-time selects (`#[elicit(options)]`): options known only when the tool runs, given
//! with each request, checked before anything is sent, read back by value into the
//! author's items, on every revision and path.

use elicit_runtime::form::{Options, OptionsError, SelectItem};
#[allow(unused_imports)]
use OptionsError as _;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, ElicitError, ProtocolRevision};
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
}

#[tool_router]
impl Server {
    #[tool(description = "deploys one of your repositories")]
    async fn deploy(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true).run(&self.sealer, |ask| async move {
            Ok(text(match Deploy::elicit_with(&ask, "Deploy which?", options()).reask(1).await {
                Ok(answer) => format!("{answer:?}"),
                Err(ElicitError::Invalid(invalid)) => format!("refused: {invalid}"),
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

async fn deploy(client: ScriptedClient) -> (String, Vec<Value>) {
    let server = Server { sealer: StateSealer::new(*b"the options test key of 32 byte.").expect("a key") };
    let session = client.connect(server).await.expect("connect");
    let said = session.call_tool_text("deploy", json!({})).await.expect("the call");
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
        let schema = &requests[0]["requestedSchema"];
        eprintln!("{revision}: {schema}");
    }
}
