//! The "User Interaction" proposal (seed 000) as a dialect: `interaction/create` with the
//! types `prompt` (a derived form) and `ua` (a URL-mode interaction), the error `-32003
//! interaction_required`, `interaction/notify`, through rmcp with a scripted client of the
//! dialect. Every message is validated against the schema written from the seed's text
//! (`tests/dialects/user-interaction.schema.json`), and the seed's examples are reproduced.

use std::sync::Arc;
use std::time::Duration;

use elicit_runtime::dialect::{Dialect, InteractionTypes, UserInteraction};
use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::{INTERACTION_REQUIRED, Track};
use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::url::{Interactions, MemoryStore};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{ClientRequest, CustomRequest, CustomResult, ServerResult};
use rmcp::service::{RequestContext, ServiceError};
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use elicit_tests::dialects::{self, PAGE, USER};
use serde_json::{Value, json};


/// The seed's prompt example, as a derived form.
#[derive(Elicit, Debug)]
struct AboutYou {
    /// Your full name
    name: String,
    /// Your email address
    #[elicit(format = "email")]
    email: String,
    /// Your age
    #[elicit(minimum = 18)]
    age: Option<f64>,
}

/// A form whose fields are all optional: an accept without content is an empty answer.
#[derive(Elicit, Debug)]
struct Remark {
    note: Option<String>,
}

fn assert_valid(definition: &str, message: &Value) {
    elicit_tests::dialects::assert_valid(elicit_tests::dialects::USER_INTERACTION, definition, message);
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct NoArgs {}

#[derive(Clone)]
struct Server {
    interactions: Interactions,
    types: InteractionTypes,
}

#[tool_router]
impl Server {
    #[tool(description = "a prompt interaction")]
    async fn profile(&self, context: RequestContext<RoleServer>, Parameters(_): Parameters<NoArgs>) -> String {
        let client = UserInteraction::new(&context, self.types);
        match AboutYou::elicit(&client, "Let us know some information about you.").await {
            Ok(Elicitation::Accept(about)) => format!("{} <{}> {:?}", about.name, about.email, about.age),
            Ok(other) => format!("{other:?}"),
            Err(err) => format!("error {err:?}"),
        }
    }

    #[tool(description = "a prompt interaction the server gives up after 100 ms")]
    async fn profile_briefly(&self, context: RequestContext<RoleServer>, Parameters(_): Parameters<NoArgs>) -> String {
        let client = UserInteraction::new(&context, self.types);
        match AboutYou::elicit(&client, "Let us know some information about you.").timeout(Duration::from_millis(100)).await {
            Ok(answer) => format!("{answer:?}"),
            Err(err) => format!("error {err:?}"),
        }
    }

    #[tool(description = "a prompt interaction of a form whose fields are all optional")]
    async fn remark(&self, context: RequestContext<RoleServer>, Parameters(_): Parameters<NoArgs>) -> String {
        let client = UserInteraction::new(&context, self.types);
        match Remark::elicit(&client, "Anything to add?").await {
            Ok(answer) => format!("{answer:?}"),
            Err(err) => format!("error {err:?}"),
        }
    }

    #[tool(description = "a ua interaction, the consent only")]
    async fn consent(&self, context: RequestContext<RoleServer>, Parameters(_): Parameters<NoArgs>) -> String {
        let client = UserInteraction::new(&context, self.types);
        let page = match self.interactions.url_request(&client, USER, "consent", PAGE, |id| format!("https://oauth.example.com/authorize?state={id}")).await {
            Ok(page) => page,
            Err(err) => return format!("error {err:?}"),
        };
        match page.ask(&client).await {
            Ok(answer) => format!("{answer:?}"),
            Err(err) => format!("error {err:?}"),
        }
    }

    #[tool(description = "a ua interaction, waited for")]
    async fn connect(&self, context: RequestContext<RoleServer>, Parameters(_): Parameters<NoArgs>) -> String {
        dialects::connect(&self.interactions, &UserInteraction::new(&context, self.types)).await
    }

    #[tool(description = "cannot go on before the page: -32003")]
    async fn files(&self, context: RequestContext<RoleServer>, Parameters(_): Parameters<NoArgs>) -> Result<String, ErrorData> {
        let client = UserInteraction::new(&context, self.types);
        let page = self.interactions.url_request(&client, USER, "files", PAGE, |id| format!("https://oauth.example.com/authorize?state={id}")).await?;
        Ok(match page.require(&client).await? {
            Elicitation::Accept(()) => "listed the files".to_owned(),
            other => format!("{other:?}"),
        })
    }
}

#[tool_handler]
impl ServerHandler for Server {
    async fn on_custom_request(&self, request: CustomRequest, context: RequestContext<RoleServer>) -> Result<CustomResult, ErrorData> {
        match request.method.as_str() {
            Track::NOTIFY_METHOD => Track::new(&self.interactions, USER).every(Duration::from_millis(40)).message("Reticulating splines...").answer_notify(request, context).await,
            other => Err(ErrorData::new(rmcp::model::ErrorCode::METHOD_NOT_FOUND, format!("no method {other}"), None)),
        }
    }
}

const BOTH: InteractionTypes = InteractionTypes { prompt: true, ua: true, progress: true };

fn interactions() -> Interactions {
    Interactions::new(MemoryStore::new(100)).dialect(Dialect::UserInteraction)
}

async fn connect(client: ScriptedClient, interactions: &Interactions, types: InteractionTypes) -> Arc<ScriptedSession> {
    let server = Server { interactions: interactions.clone(), types };
    Arc::new(client.connect(server).await.unwrap_or_else(|e| panic!("cannot connect: {e}")))
}

fn client() -> ScriptedClient {
    // The client's `elicitation` capability plays no part here: the dialect's types do.
    ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE)
}

fn assert_create_valid(params: &Value) {
    assert_valid("InteractionCreateRequest", &json!({ "jsonrpc": "2.0", "id": 1, "method": "interaction/create", "params": params }));
}

#[tokio::test]
async fn a_form_is_a_prompt_interaction_and_its_content_is_accepted() {
    let seed_answer = json!({ "name": "Monalisa", "email": "monalisa@example.com", "age": 30 });
    let session = connect(client().reply(Reply::accept(seed_answer)).reply(Reply::Decline), &interactions(), BOTH).await;
    assert_eq!(session.call_tool_text("profile", json!({})).await.unwrap(), "Monalisa <monalisa@example.com> Some(30.0)");
    let params = session.transcript().requests[0].clone();
    assert_create_valid(&params);
    // The seed's example, exactly, but for the id (unique per interaction).
    assert_eq!(params["id"].as_str().map(str::len), Some(64));
    assert_eq!(
        json!({ "type": params["type"], "interaction": params["interaction"] }),
        json!({
            "type": "prompt",
            "interaction": {
                "message": { "type": "text", "text": "Let us know some information about you." },
                "schema": {
                    "type": "object",
                    "properties": {
                        "name": { "type": "string", "description": "Your full name" },
                        "email": { "type": "string", "format": "email", "description": "Your email address" },
                        "age": { "type": "number", "minimum": 18, "description": "Your age" }
                    },
                    "required": ["name", "email"]
                }
            }
        })
    );
    // The user did not consent: the seed's error -1 is a decline, not a failure.
    assert_eq!(session.call_tool_text("profile", json!({})).await.unwrap(), "Decline");
    let requests = session.transcript().requests;
    assert_ne!(requests[0]["id"], requests[1]["id"], "ids are unique across interactions");
}

/// The proposal's results are objects: `{content}` for a prompt, `{}` for a ua. Anything
/// else is a malformed result, never consent and never an empty form.
#[tokio::test]
async fn a_result_that_is_not_an_object_is_malformed_not_an_answer() {
    let garbage = [json!(5), json!("accept"), json!(true), json!(null)];
    let scripted = garbage.iter().chain(&garbage).fold(client(), |scripted, result| scripted.reply(Reply::Raw(result.clone())));
    let session = connect(scripted, &interactions(), BOTH).await;
    let malformed = "error Malformed(NotAnObject)";
    for result in &garbage {
        assert_eq!(session.call_tool_text("remark", json!({})).await.unwrap(), malformed, "prompt answered {result}");
    }
    for result in &garbage {
        assert_eq!(session.call_tool_text("consent", json!({})).await.unwrap(), malformed, "ua answered {result}");
    }
    // The objects the proposal shows still answer.
    let session = connect(client().reply(Reply::Raw(json!({}))).reply(Reply::Raw(json!({}))), &interactions(), BOTH).await;
    assert_eq!(session.call_tool_text("remark", json!({})).await.unwrap(), "Accept(Remark { note: None })");
    assert_eq!(session.call_tool_text("consent", json!({})).await.unwrap(), "Accept(())");
}

/// A client that answers an interaction in the shape of an elicitation result (an
/// `action`, which the proposal's results do not carry) is read in that shape: a decline
/// or a cancel is never taken as consent (an empty answer to a form whose fields are all
/// optional, or the consent to a page), and an action nobody knows is malformed.
#[tokio::test]
async fn a_result_with_an_action_is_read_as_that_action_never_as_consent() {
    let cases = [
        (json!({ "action": "decline" }), "Decline"),
        (json!({ "action": "cancel", "content": { "note": "x" } }), "Cancel"),
        (json!({ "action": "nope" }), "error Malformed(UnknownAction(\"nope\"))"),
        (json!({ "action": 5 }), "error Malformed(MissingAction)"),
    ];
    let scripted = cases.iter().chain(&cases).fold(client(), |scripted, (result, _)| scripted.reply(Reply::Raw(result.clone())));
    let session = connect(scripted, &interactions(), BOTH).await;
    for (result, expected) in &cases {
        let answer = session.call_tool_text("remark", json!({})).await.unwrap();
        assert_eq!(&answer, expected, "prompt answered {result}");
    }
    for (result, expected) in &cases {
        let answer = session.call_tool_text("consent", json!({})).await.unwrap();
        assert_eq!(&answer, expected, "ua answered {result}");
    }
}

#[tokio::test]
async fn a_url_request_is_a_ua_interaction_tracked_with_interaction_notify() {
    let interactions = interactions();
    let session = connect(client().reply(Reply::accept(json!({}))), &interactions, BOTH).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { session.call_tool_text("connect", json!({})).await }
    });
    let mut params = Value::Null;
    for _ in 0..300 {
        if let Some(request) = session.transcript().requests.first() {
            params = request.clone();
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_create_valid(&params);
    let id = params["id"].as_str().unwrap().to_owned();
    // rmcp puts a progressToken on every request it sends.
    params.as_object_mut().unwrap().remove("_meta");
    assert_eq!(
        params,
        json!({
            "id": id,
            "type": "ua",
            "interaction": { "url": format!("https://oauth.example.com/authorize?state={id}"), "message": { "type": "text", "text": PAGE } }
        })
    );
    // The client tracks it; progress arrives; the answer is {} once the page is done.
    let notify = json!({ "id": id });
    assert_valid("InteractionNotifyRequest", &json!({ "jsonrpc": "2.0", "id": "track-progress-123", "method": Track::NOTIFY_METHOD, "params": notify }));
    let tracking = tokio::spawn({
        let session = session.clone();
        async move { session.peer().send_request(ClientRequest::CustomRequest(CustomRequest::new(Track::NOTIFY_METHOD, Some(notify)))).await }
    });
    for _ in 0..300 {
        if session.transcript().progress.len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(!tracking.is_finished());
    interactions.complete(&id, USER).await.unwrap();
    // rmcp's client reads `{}` as its empty result.
    let answer = match tracking.await.unwrap() {
        Ok(ServerResult::CustomResult(CustomResult(answer))) => answer,
        Ok(ServerResult::EmptyResult(empty)) => serde_json::to_value(empty).unwrap(),
        other => panic!("no answer to interaction/notify: {other:?}"),
    };
    assert_eq!(answer, json!({}));
    assert_valid("InteractionNotifyResult", &answer);
    assert_eq!(running.await.unwrap().unwrap(), "connected");
    let transcript = session.transcript();
    assert!(transcript.progress.iter().all(|p| p["message"] == "Reticulating splines..."));
    assert!(transcript.completions.is_empty(), "the proposal has no completion notification");
}

#[tokio::test]
async fn interaction_notify_is_never_answered_for_an_id_that_is_not_the_clients() {
    let interactions = interactions();
    let session = connect(client(), &interactions, BOTH).await;
    let bobs = interactions.store().start("bob", "files", Duration::from_secs(60)).await.unwrap();
    for id in [bobs.id.to_string(), "0".repeat(64), "not-an-id".to_owned()] {
        let request = session.peer().send_request(ClientRequest::CustomRequest(CustomRequest::new(Track::NOTIFY_METHOD, Some(json!({ "id": id })))));
        assert!(tokio::time::timeout(Duration::from_millis(300), request).await.is_err(), "{id}: answered");
    }
}

#[tokio::test]
async fn a_request_that_needs_the_page_ends_with_32003_interaction_required() {
    let session = connect(client(), &interactions(), BOTH).await;
    let Err(ServiceError::McpError(error)) = session.call_tool("files", json!({})).await else { panic!("expected -32003") };
    assert_eq!(error.code.0, INTERACTION_REQUIRED);
    let error = serde_json::to_value(&error).unwrap();
    assert_valid("InteractionRequiredError", &error);
    let id = error["data"]["id"].as_str().unwrap().to_owned();
    // The seed's example.
    assert_eq!(
        error,
        json!({
            "code": -32003,
            "message": "interaction_required",
            "data": { "id": id, "type": "ua", "url": format!("https://oauth.example.com/authorize?state={id}"), "message": { "type": "text", "text": PAGE } }
        })
    );
    assert!(session.transcript().requests.is_empty());
}

#[tokio::test]
async fn no_type_the_client_did_not_list_is_sent() {
    let prompt_only = InteractionTypes { prompt: true, ua: false, progress: false };
    let session = connect(client(), &interactions(), prompt_only).await;
    let refused = session.call_tool_text("connect", json!({})).await.unwrap();
    assert_eq!(refused, "error UrlNotSupported(ElicitationSupport { form: true, url: false })");
    let ua_only = InteractionTypes { prompt: false, ua: true, progress: false };
    let session_ua = connect(client(), &interactions(), ua_only).await;
    let refused = session_ua.call_tool_text("profile", json!({})).await.unwrap();
    assert_eq!(refused, "error NotSupported(ElicitationSupport { form: false, url: true })");
    assert!(session.transcript().requests.is_empty() && session_ua.transcript().requests.is_empty());
}

#[tokio::test]
async fn the_server_cancels_an_interaction_with_notifications_cancelled() {
    let session = connect(client().reply(Reply::Silence), &interactions(), BOTH).await;
    assert_eq!(session.call_tool_text("profile_briefly", json!({})).await.unwrap(), "error Timeout(100ms)");
    let transcript = session.transcript();
    assert_eq!(transcript.requests.len(), 1);
    assert_eq!(transcript.cancellations.len(), 1, "{:?}", transcript.cancellations);
}
