//! The draft elicitation chapter (seed 002) as a dialect: `elicitation/track` with progress
//! and completion, the ElicitationRequired error `-32604`, through rmcp, with the test as
//! a client of that dialect. Every message of the dialect is validated against the schema
//! written from the seed's text (`tests/dialects/elicitation-track.schema.json`), and the
//! seed's own examples are reproduced.

use std::sync::Arc;
use std::time::Duration;

use elicit_runtime::dialect::Dialect;
use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::{ELICITATION_REQUIRED, Track};
use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::url::{Interactions, MemoryStore};
use elicit_runtime::{Elicitation, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{ClientRequest, CustomRequest, CustomResult, ServerResult};
use rmcp::service::{RequestContext, ServiceError};
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use elicit_tests::dialects::{self, PAGE, USER};
use serde_json::{Value, json};

const V11: ProtocolRevision = ProtocolRevision::V2025_11_25;

fn assert_valid(definition: &str, message: &Value) {
    elicit_tests::dialects::assert_valid(elicit_tests::dialects::ELICITATION_TRACK, definition, message);
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct NoArgs {}

#[derive(Clone)]
struct Server {
    interactions: Interactions,
}

#[tool_router]
impl Server {
    #[tool(description = "asks for consent and waits for the page")]
    async fn connect(&self, context: RequestContext<RoleServer>, Parameters(_): Parameters<NoArgs>) -> String {
        dialects::connect(&self.interactions, &context).await
    }

    #[tool(description = "cannot go on before the page: -32604")]
    async fn files(&self, context: RequestContext<RoleServer>, Parameters(_): Parameters<NoArgs>) -> Result<String, ErrorData> {
        let page = self.interactions.url_request(&context, USER, "files", PAGE, |id| format!("https://oauth.example.com/authorize?state={id}")).await?;
        Ok(match page.require(&context).await? {
            Elicitation::Accept(()) => "listed the files".to_owned(),
            other => format!("{other:?}"),
        })
    }
}

#[tool_handler]
impl ServerHandler for Server {
    async fn on_custom_request(&self, request: CustomRequest, context: RequestContext<RoleServer>) -> Result<CustomResult, ErrorData> {
        match request.method.as_str() {
            Track::METHOD => Track::new(&self.interactions, USER).every(Duration::from_millis(40)).message("Consent pending...").answer(request, context).await,
            other => Err(ErrorData::new(rmcp::model::ErrorCode::METHOD_NOT_FOUND, format!("no method {other}"), None)),
        }
    }
}

fn interactions() -> Interactions {
    Interactions::new(MemoryStore::new(100)).dialect(Dialect::ElicitationTrack)
}

async fn connect(client: ScriptedClient, interactions: &Interactions) -> Arc<ScriptedSession> {
    Arc::new(client.connect(Server { interactions: interactions.clone() }).await.unwrap_or_else(|e| panic!("cannot connect: {e}")))
}

fn url_client() -> ScriptedClient {
    ScriptedClient::new(V11).support(ElicitationSupport::FORM_AND_URL)
}

/// The client's `elicitation/track`, as the seed's example writes it; the request is
/// checked against the dialect's schema before it is sent.
async fn track(session: &ScriptedSession, id: &str, token: Option<&str>) -> Result<Value, ServiceError> {
    let mut params = json!({ "elicitationId": id });
    if let Some(token) = token {
        params["_meta"] = json!({ "progressToken": token });
    }
    assert_valid("ElicitationTrackRequest", &json!({ "jsonrpc": "2.0", "id": 4, "method": Track::METHOD, "params": params }));
    match session.peer().send_request(ClientRequest::CustomRequest(CustomRequest::new(Track::METHOD, Some(params)))).await? {
        ServerResult::CustomResult(CustomResult(result)) => Ok(result),
        other => panic!("not a custom result: {other:?}"),
    }
}

/// The interaction id of the session's `n`th URL-mode request (bounded wait).
async fn requested_id(session: &ScriptedSession, n: usize) -> String {
    for _ in 0..300 {
        if let Some(request) = session.transcript().requests.get(n - 1) {
            return request["elicitationId"].as_str().unwrap_or_default().to_owned();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no URL-mode request arrived");
}

#[tokio::test]
async fn track_sends_progress_while_the_page_is_open_and_answers_complete() {
    let interactions = interactions();
    let session = connect(url_client().reply(Reply::accept(json!({}))), &interactions).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { session.call_tool_text("connect", json!({})).await }
    });
    let id = requested_id(&session, 1).await;
    // The seed's example: `_meta.progressToken` "abc123" and the elicitationId.
    let tracking = tokio::spawn({
        let (session, id) = (session.clone(), id.clone());
        async move { track(&session, &id, Some("abc123")).await }
    });
    // Progress arrives while the user is on the page.
    for _ in 0..300 {
        if session.transcript().progress.len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(!tracking.is_finished());
    interactions.complete(&id, USER).await.unwrap();
    let answer = tracking.await.unwrap().unwrap();
    // The seed's response, exactly.
    assert_eq!(answer, json!({ "status": "complete" }));
    assert_valid("ElicitationTrackResult", &answer);
    assert_eq!(running.await.unwrap().unwrap(), "connected");

    let transcript = session.transcript();
    assert!(transcript.progress.len() >= 2, "{:?}", transcript.progress);
    // rmcp's client puts a progress token of its own on every request (in place of the
    // seed's "abc123"): every notification is for that one token.
    let token = transcript.progress[0]["progressToken"].clone();
    assert!(!token.is_null());
    for (n, params) in transcript.progress.iter().enumerate() {
        // The seed's notification: token, progress, message, nothing else.
        assert_eq!(params.as_object().unwrap().keys().collect::<Vec<_>>(), ["progressToken", "progress", "message"]);
        assert_eq!(params["progressToken"], token);
        assert_eq!(params["message"], "Consent pending...");
        assert_eq!(params["progress"], json!(n as f64 + 1.0));
        assert_valid("ProgressNotification", &json!({ "jsonrpc": "2.0", "method": "notifications/progress", "params": params }));
    }
    // The draft has no completion notification: the client learned it from track.
    assert!(transcript.completions.is_empty());
    assert!(transcript.violations.is_empty(), "{:?}", transcript.violations);
}

#[tokio::test]
async fn a_request_that_needs_the_page_ends_with_32604_and_the_retry_after_tracking_finishes() {
    let interactions = interactions();
    let session = connect(url_client(), &interactions).await;
    let Err(ServiceError::McpError(error)) = session.call_tool("files", json!({})).await else { panic!("expected -32604") };
    assert_eq!(error.code.0, ELICITATION_REQUIRED);
    let error = serde_json::to_value(&error).unwrap();
    assert_valid("ElicitationRequiredError", &error);
    let elicitation = &error["data"]["elicitations"][0];
    let id = elicitation["elicitationId"].as_str().unwrap().to_owned();
    // The seed's example, with the key its text names (`elicitationId`, not `elicitionId`).
    assert_eq!(
        error,
        json!({
            "code": -32604,
            "message": "This request requires more information.",
            "data": { "elicitations": [{
                "mode": "url",
                "message": PAGE,
                "url": format!("https://oauth.example.com/authorize?state={id}"),
                "elicitationId": id,
            }]}
        })
    );
    assert!(session.transcript().requests.is_empty(), "nothing is sent: the error carries the request");

    // Tracked: the answer comes when the page is done.
    let tracking = tokio::spawn({
        let (session, id) = (session.clone(), id.clone());
        async move { track(&session, &id, None).await }
    });
    tokio::time::sleep(Duration::from_millis(150)).await;
    assert!(!tracking.is_finished());
    interactions.complete(&id, USER).await.unwrap();
    assert_eq!(tracking.await.unwrap().unwrap(), json!({ "status": "complete" }));
    assert_eq!(session.call_tool_text("files", json!({})).await.unwrap(), "listed the files");
    // Consumed by the retry: tracking it again says complete at once.
    assert_eq!(track(&session, &id, None).await.unwrap(), json!({ "status": "complete" }));
}

#[tokio::test]
async fn unknown_foreign_expired_and_malformed_track_requests_are_errors() {
    let interactions = interactions();
    let session = connect(url_client(), &interactions).await;
    let error = |result: Result<Value, ServiceError>| match result {
        Err(ServiceError::McpError(error)) => (error.code.0, error.message.into_owned()),
        other => panic!("expected an error, got {other:?}"),
    };
    let unknown = (-32602, "unknown elicitationId".to_owned());
    assert_eq!(error(track(&session, &"0".repeat(64), None).await), unknown);
    assert_eq!(error(track(&session, "not-an-id", None).await), unknown);
    // Started by another user: the same answer, no oracle.
    let bobs = interactions.store().start("bob", "files", Duration::from_secs(60)).await.unwrap();
    assert_eq!(error(track(&session, bobs.id.as_str(), None).await), unknown);
    // Expired.
    let brief = Interactions::new(MemoryStore::new(10)).dialect(Dialect::ElicitationTrack).ttl(Duration::from_millis(50));
    let brief_session = connect(url_client(), &brief).await;
    let started = brief.store().start(USER, "files", Duration::from_millis(50)).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(error(track(&brief_session, started.id.as_str(), None).await), (-32602, "the elicitation expired".to_owned()));
    // No id at all.
    let missing = session.peer().send_request(ClientRequest::CustomRequest(CustomRequest::new(Track::METHOD, Some(json!({}))))).await;
    let Err(ServiceError::McpError(missing)) = missing else { panic!("{missing:?}") };
    assert_eq!((missing.code.0, missing.message.as_ref()), (-32602, "`elicitationId` (a string) is required"));
}

#[tokio::test]
async fn the_released_dialect_keeps_32042_and_the_completion_notification() {
    let released = Interactions::new(MemoryStore::new(100));
    let session = connect(url_client(), &released).await;
    let Err(ServiceError::McpError(error)) = session.call_tool("files", json!({})).await else { panic!() };
    assert_eq!(error.code.0, -32042);
    // And a client without URL mode is refused in both dialects, nothing sent.
    let form_only = connect(ScriptedClient::new(V11).support(ElicitationSupport::FORM), &interactions()).await;
    assert_eq!(
        form_only.call_tool_text("connect", json!({})).await.unwrap(),
        "error UrlNotSupported(ElicitationSupport { form: true, url: false })"
    );
    assert!(form_only.transcript().requests.is_empty());
}
