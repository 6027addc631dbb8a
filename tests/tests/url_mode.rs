//! URL mode end to end through rmcp: consent, completion bound to the user who started
//! the interaction, -32042 and retries (2025-11-25), rounds (2026-07-28), and every
//! check before sending. Every message the client sees is checked against the official
//! schema of its revision by the scripted client.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_runtime::exchange::{Continuation, ElicitationSupport};
use elicit_runtime::rmcp::{ToolCall, URL_ELICITATION_REQUIRED};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession, Transcript};
use elicit_runtime::url::{CompleteError, InteractionStore as _, Interactions, MemoryStore, UrlError};
use elicit_runtime::exchange::{Answer, Outgoing};
use elicit_runtime::{Elicit, ElicitError, ElicitPeer, Elicitation, ErrorKind, ProtocolRevision};
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::{RequestContext, ServiceError};
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

const V11: ProtocolRevision = ProtocolRevision::V2025_11_25;
const V07: ProtocolRevision = ProtocolRevision::V2026_07_28;
const PAGE: &str = "Open the page to enter your API key";

fn page_url(id: &elicit_runtime::url::InteractionId) -> String {
    format!("https://keys.example.com/connect?id={id}")
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct UserArgs {
    /// Who calls (tests stand in for the server's authentication).
    user: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct UrlArgs {
    url: String,
    message: String,
}

/// A form asked after the page is done.
#[derive(Elicit, Debug)]
struct KeyLabel {
    /// What to call the key
    label: String,
}

#[derive(Clone)]
struct KeyServer {
    interactions: Interactions,
    sealer: StateSealer,
    /// The user the server's own authentication signed in (not an argument of the call).
    signed_in: Arc<Mutex<String>>,
}

/// The outcome of asking, waiting, or requiring, as text the tests compare.
async fn connect_flow(ask: &impl ElicitPeer, interactions: &Interactions, user: &str, wait: Duration) -> Result<String, ElicitError> {
    let page = interactions.url_request(ask, user, "api-key", PAGE, page_url).await?;
    Ok(match page.ask(ask).await? {
        Elicitation::Accept(()) => {
            page.completion(ask, wait).await?;
            format!("completed for {user}")
        }
        Elicitation::Decline => "declined".to_owned(),
        Elicitation::Cancel => "cancelled".to_owned(),
    })
}

fn text(result: Result<String, ElicitError>) -> String {
    match result {
        Ok(text) => text,
        Err(err) => format!("error {err:?}"),
    }
}

#[tool_router]
impl KeyServer {
    #[tool(description = "asks for consent and waits up to 2 s for the page")]
    async fn connect(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<UserArgs>) -> String {
        text(connect_flow(&context, &self.interactions, &args.user, Duration::from_secs(2)).await)
    }

    #[tool(description = "waits up to 2 s, reporting progress every 40 ms")]
    async fn connect_reporting(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<UserArgs>) -> String {
        let outcome = async {
            let page = self.interactions.url_request(&context, &args.user, "api-key", PAGE, page_url).await?.progress_every(Some(Duration::from_millis(40)));
            if !matches!(page.ask(&context).await?, Elicitation::Accept(())) {
                return Ok("not accepted".to_owned());
            }
            page.completion(&context, Duration::from_secs(2)).await?;
            Ok::<_, ElicitError>("completed".to_owned())
        };
        text(outcome.await)
    }

    #[tool(description = "waits 200 ms only")]
    async fn connect_briefly(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<UserArgs>) -> String {
        text(connect_flow(&context, &self.interactions, &args.user, Duration::from_millis(200)).await)
    }

    #[tool(description = "cannot go on without the key: -32042 until the page is completed")]
    async fn require(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<UserArgs>) -> Result<String, ErrorData> {
        let page = self.interactions.url_request(&context, &args.user, "api-key", PAGE, page_url).await?;
        match page.require(&context).await? {
            Elicitation::Accept(()) => Ok(format!("key present for {}", args.user)),
            other => Ok(format!("{other:?}")),
        }
    }

    #[tool(description = "any URL and message, to test the checks")]
    async fn custom(&self, context: RequestContext<RoleServer>, Parameters(args): Parameters<UrlArgs>) -> String {
        let result = async {
            let page = self.interactions.url_request(&context, "alice", "custom", &args.message, |_| args.url.clone()).await?;
            page.ask(&context).await.map(|answer| format!("{answer:?}"))
        };
        text(result.await)
    }

    #[tool(description = "the connect flow in rounds on every revision")]
    async fn connect_rounds(&self, call: ToolCall, Parameters(args): Parameters<UserArgs>) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.principal(args.user.clone())
            .run(&self.sealer, |ask| async move {
                let outcome = connect_flow(&ask, &interactions, &args.user, Duration::from_secs(2)).await;
                match outcome {
                    Err(err) if err.is_input_required() => Err(err.into()),
                    other => Ok(CallToolResult::success(vec![ContentBlock::text(text(other))])),
                }
            })
            .await
    }

    #[tool(description = "the connect flow, then a form, in rounds on every revision")]
    async fn connect_then_name(&self, call: ToolCall, Parameters(args): Parameters<UserArgs>) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.principal(args.user.clone())
            .run(&self.sealer, |ask| async move {
                let connected = connect_flow(&ask, &interactions, &args.user, Duration::from_secs(2)).await?;
                let label = match KeyLabel::elicit(&ask, "Name the key").await? {
                    Elicitation::Accept(KeyLabel { label }) => label,
                    other => format!("{other:?}"),
                };
                Ok(CallToolResult::success(vec![ContentBlock::text(format!("{connected}, named {label}"))]))
            })
            .await
    }

    #[tool(description = "the connect flow, then a form, for the signed-in user; states not bound to the principal")]
    async fn connect_signed_in(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        let user = self.signed_in.lock().map(|u| u.clone()).unwrap_or_default();
        call.run(&self.sealer, |ask| async move {
            let connected = connect_flow(&ask, &interactions, &user, Duration::from_secs(2)).await?;
            let label = KeyLabel::elicit(&ask, "Name the key").await?.accepted().map_or_else(String::new, |k| k.label);
            Ok(CallToolResult::success(vec![ContentBlock::text(format!("{connected}, named {label}"))]))
        })
        .await
    }

    #[tool(description = "require in rounds")]
    async fn require_rounds(&self, call: ToolCall, Parameters(args): Parameters<UserArgs>) -> Result<CallToolResponse, ErrorData> {
        let interactions = self.interactions.clone();
        call.principal(args.user.clone())
            .run(&self.sealer, |ask| async move {
                let page = interactions.url_request(&ask, &args.user, "api-key", PAGE, page_url).await?;
                let answer = page.require(&ask).await?;
                Ok(CallToolResult::success(vec![ContentBlock::text(format!("{answer:?}"))]))
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for KeyServer {}

fn server(interactions: &Interactions) -> KeyServer {
    KeyServer {
        interactions: interactions.clone(),
        sealer: StateSealer::new(*b"a test key of at least 32 bytes!").unwrap(),
        signed_in: Arc::new(Mutex::new("alice".to_owned())),
    }
}

/// A 2025-11-25 client with URL mode that is never reached: for checks made before
/// anything is sent.
struct Offline;

impl ElicitPeer for Offline {
    fn protocol_version(&self) -> Option<String> {
        Some(V11.as_str().to_owned())
    }
    fn elicitation_support(&self) -> ElicitationSupport {
        ElicitationSupport::FORM_AND_URL
    }
    async fn send_elicitation(&self, _outgoing: Outgoing) -> Result<Answer, ElicitError> {
        Err(ElicitError::timeout(Duration::ZERO))
    }
}

fn interactions() -> Interactions {
    Interactions::new(MemoryStore::new(100))
}

fn url_client(revision: ProtocolRevision) -> ScriptedClient {
    ScriptedClient::new(revision).support(ElicitationSupport::FORM_AND_URL)
}

fn accept() -> Reply {
    Reply::Raw(json!({"action": "accept"}))
}

async fn connect(client: ScriptedClient, interactions: &Interactions) -> Arc<ScriptedSession> {
    connect_to(client, server(interactions)).await
}

async fn connect_to(client: ScriptedClient, server: KeyServer) -> Arc<ScriptedSession> {
    Arc::new(client.connect(server).await.unwrap_or_else(|e| panic!("cannot connect: {e}")))
}

async fn call(session: &ScriptedSession, tool: &str, arguments: Value) -> Result<String, ServiceError> {
    session.call_tool_text(tool, arguments).await
}

fn assert_wire_valid(transcript: &Transcript, revision: ProtocolRevision) {
    assert!(transcript.violations.is_empty(), "{revision}: messages break the official schema: {:?}", transcript.violations);
}

/// Waits (bounded) until the client has received `n` URL-mode requests, and returns the
/// interaction id carried in the last one's URL.
async fn requested_id(session: &ScriptedSession, n: usize) -> String {
    for _ in 0..200 {
        let transcript = session.transcript();
        if transcript.requests.len() >= n {
            let url = transcript.requests[n - 1]["url"].as_str().unwrap_or_default().to_owned();
            return url.rsplit_once("id=").map(|(_, id)| id.to_owned()).unwrap_or_default();
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("no URL-mode request arrived: {:?}", session.transcript());
}

// ---- 2025-11-25 ----------------------------------------------------------------------

#[tokio::test]
async fn consent_then_completion_by_the_same_user_finishes_the_call_and_notifies_the_client() {
    let interactions = interactions();
    let session = connect(url_client(V11).reply(accept()), &interactions).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "connect", json!({"user": "alice"})).await }
    });
    let id = requested_id(&session, 1).await;
    // The request on the wire: mode, message, url, and the id as elicitationId.
    let mut request = session.transcript().requests[0].clone();
    // rmcp puts a progressToken on every request it sends.
    request.as_object_mut().unwrap().remove("_meta");
    assert_eq!(request, json!({"mode": "url", "message": PAGE, "url": format!("https://keys.example.com/connect?id={id}"), "elicitationId": id}));
    assert_eq!(id.len(), 64);

    assert!(interactions.complete(&id, "alice").await.is_ok());
    assert_eq!(running.await.unwrap().unwrap(), "completed for alice");
    let transcript = session.transcript();
    assert_eq!(transcript.completions, vec![json!({"elicitationId": id})]);
    assert_wire_valid(&transcript, V11);
    // Completed and consumed: completing it again is refused as such.
    assert_eq!(interactions.complete(&id, "alice").await, Err(CompleteError::AlreadyCompleted));
    assert_eq!(interactions.pending(&id, "alice").await, Err(CompleteError::AlreadyCompleted));
}

#[tokio::test]
async fn decline_and_cancel_are_answers_and_nothing_waits() {
    let interactions = interactions();
    let session = connect(url_client(V11).reply(Reply::Decline).reply(Reply::Cancel), &interactions).await;
    assert_eq!(call(&session, "connect", json!({"user": "alice"})).await.unwrap(), "declined");
    assert_eq!(call(&session, "connect", json!({"user": "alice"})).await.unwrap(), "cancelled");
    let transcript = session.transcript();
    assert!(transcript.completions.is_empty());
    assert_wire_valid(&transcript, V11);
}

#[tokio::test]
async fn another_user_cannot_complete_the_interaction_phishing() {
    let interactions = interactions();
    let session = connect(url_client(V11).reply(accept()), &interactions).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "connect_briefly", json!({"user": "alice"})).await }
    });
    let id = requested_id(&session, 1).await;
    // Mallory opens Alice's link: refused, and Alice's call does not finish as completed.
    assert_eq!(interactions.pending(&id, "mallory").await, Err(CompleteError::WrongUser));
    assert_eq!(interactions.complete(&id, "mallory").await, Err(CompleteError::WrongUser));
    let outcome = running.await.unwrap().unwrap();
    assert!(outcome.starts_with("error Continues(StillPending { waited: 200ms"), "{outcome}");
    assert!(session.transcript().completions.is_empty());
    // Alice can still complete her own.
    assert!(interactions.pending(&id, "alice").await.is_ok());
    assert!(interactions.complete(&id, "alice").await.is_ok());
}

#[tokio::test]
async fn unknown_expired_malformed_and_replayed_ids_are_refused() {
    let interactions = Interactions::new(MemoryStore::new(100)).ttl(Duration::from_millis(100));
    assert_eq!(interactions.complete("nope", "alice").await, Err(CompleteError::Unknown));
    assert_eq!(interactions.complete(&"0".repeat(64), "alice").await, Err(CompleteError::Unknown));
    assert_eq!(interactions.complete(&"A".repeat(64), "alice").await, Err(CompleteError::Unknown));

    let page = interactions.url_request(&Offline, "alice", "api-key", PAGE, page_url).await.unwrap();
    let id = page.id().to_string();
    assert!(interactions.complete(&id, "alice").await.is_ok());
    assert_eq!(interactions.complete(&id, "alice").await, Err(CompleteError::AlreadyCompleted));

    let page = interactions.url_request(&Offline, "bob", "api-key", PAGE, page_url).await.unwrap();
    tokio::time::sleep(Duration::from_millis(150)).await;
    assert_eq!(interactions.pending(page.id().as_str(), "bob").await, Err(CompleteError::Expired));
    assert_eq!(interactions.complete(page.id().as_str(), "bob").await, Err(CompleteError::Expired));
    // Forgotten by a later purge, it is still refused as expired, not as unknown.
    let _ = interactions.url_request(&Offline, "carol", "api-key", PAGE, page_url).await.unwrap();
    assert_eq!(interactions.complete(page.id().as_str(), "bob").await, Err(CompleteError::Expired));
}

#[tokio::test]
async fn an_interaction_that_expires_while_the_tool_waits_is_a_typed_error() {
    let interactions = Interactions::new(MemoryStore::new(100)).ttl(Duration::from_millis(150));
    let session = connect(url_client(V11).reply(accept()), &interactions).await;
    assert_eq!(call(&session, "connect", json!({"user": "alice"})).await.unwrap(), "error Expired");
}

#[tokio::test]
async fn require_ends_the_call_with_32042_until_the_page_is_completed() {
    let interactions = interactions();
    let session = connect(url_client(V11), &interactions).await;
    let err = call(&session, "require", json!({"user": "alice"})).await.unwrap_err();
    let ServiceError::McpError(error) = err else { panic!("{err:?}") };
    assert_eq!(error.code.0, URL_ELICITATION_REQUIRED);
    let data = error.data.expect("data");
    let elicitation = &data["elicitations"][0];
    assert_eq!(elicitation["mode"], "url");
    let id = elicitation["elicitationId"].as_str().unwrap().to_owned();
    assert_eq!(elicitation["url"], json!(format!("https://keys.example.com/connect?id={id}")));
    // Nothing was sent as a request: the error carries it.
    assert!(session.transcript().requests.is_empty());

    // A retry before completion gets -32042 again, for the same interaction.
    let ServiceError::McpError(again) = call(&session, "require", json!({"user": "alice"})).await.unwrap_err() else { panic!() };
    assert_eq!(again.data.unwrap()["elicitations"][0]["elicitationId"], json!(id));

    assert!(interactions.complete(&id, "alice").await.is_ok());
    assert_eq!(call(&session, "require", json!({"user": "alice"})).await.unwrap(), "key present for alice");
    let transcript = session.transcript();
    assert_eq!(transcript.url_required.len(), 2);
    assert_wire_valid(&transcript, V11);
}

#[tokio::test]
async fn a_client_without_url_mode_or_on_2025_06_18_is_never_asked() {
    let interactions = interactions();
    let session = connect(ScriptedClient::new(V11).support(ElicitationSupport::FORM), &interactions).await;
    assert_eq!(call(&session, "connect", json!({"user": "alice"})).await.unwrap(), "error UrlNotSupported(ElicitationSupport { form: true, url: false })");
    let session_06 = connect(ScriptedClient::new(ProtocolRevision::V2025_06_18), &interactions).await;
    assert_eq!(
        call(&session_06, "connect", json!({"user": "alice"})).await.unwrap(),
        "error UrlUnavailable(V2025_06_18)"
    );
    assert!(session.transcript().requests.is_empty() && session_06.transcript().requests.is_empty());
}

#[tokio::test]
async fn every_url_check_refuses_before_sending() {
    let interactions = interactions();
    let session = connect(url_client(V11).reply(accept()), &interactions).await;
    let cases = [
        ("/relative", PAGE, "Invalid"),
        ("not a url", PAGE, "Invalid"),
        ("http://example.com/connect", PAGE, "NotHttps"),
        ("ftp://example.com/connect", PAGE, "NotHttps"),
        ("javascript:alert(1)", PAGE, "NotHttps"),
        ("http://127.0.0.1:8080/connect", PAGE, "LoopbackHttpNotAllowed"),
        ("http://localhost/connect", PAGE, "LoopbackHttpNotAllowed"),
        ("https://user:secret@example.com/", PAGE, "UserInfo"),
        ("https://user@example.com/", PAGE, "UserInfo"),
        ("https://example.com/", "", "EmptyMessage"),
        ("https://example.com/", "   ", "EmptyMessage"),
        ("https://example.com/", "Go to https://evil.example now", "UrlInMessage"),
    ];
    for (url, message, expected) in cases {
        let got = call(&session, "custom", json!({"url": url, "message": message})).await.unwrap();
        assert!(got.starts_with(&format!("error UrlRule({expected}")), "{url:?} {message:?}: {got}");
    }
    assert!(session.transcript().requests.is_empty());

    // An internationalized host goes out in ASCII.
    let got = call(&session, "custom", json!({"url": "https://bücher.example/k", "message": PAGE})).await.unwrap();
    assert_eq!(got, "Accept(())");
    assert_eq!(session.transcript().requests[0]["url"], "https://xn--bcher-kva.example/k");
    // Loopback http only with the opt-in.
    let dev = Interactions::new(MemoryStore::new(10)).allow_loopback_http(true);
    assert!(dev.url_request(&Offline, "alice", "k", PAGE, |_| "http://127.0.0.1:9/k".into()).await.is_ok());
    assert!(matches!(dev.url_request(&Offline, "alice", "k2", PAGE, |_| "http://10.0.0.1/k".into()).await, Err(e) if matches!(e.url_rule(), Some(UrlError::NotHttps { .. }))));
}

// ---- 2026-07-28 ----------------------------------------------------------------------

#[tokio::test]
async fn rounds_ask_in_an_input_required_result_and_a_retry_before_completion_gets_another_round() {
    let interactions = interactions();
    let session = connect(url_client(V07).reply(accept()), &interactions).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "connect_rounds", json!({"user": "alice"})).await }
    });
    let id = requested_id(&session, 1).await;
    let request = session.transcript().requests[0].clone();
    assert_eq!(request["mode"], "url");
    assert_eq!(request["message"], PAGE);
    // rmcp's typed URL params (3.9 to 3.11) always write `elicitationId`, empty on 2026-07-28
    // (elicit_runtime::rmcp, "Supported rmcp versions").
    assert!(request.get("elicitationId").is_none_or(|v| v == ""), "{request}");
    // The client retries with its consent; the page is not done yet: state-only rounds.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!running.is_finished());
    assert!(interactions.complete(&id, "alice").await.is_ok());
    assert_eq!(running.await.unwrap().unwrap(), "completed for alice");
    let transcript = session.transcript();
    assert_wire_valid(&transcript, V07);
    // No completion notification on this revision.
    assert!(transcript.completions.is_empty());
}

#[tokio::test]
async fn rounds_decline_and_require() {
    let interactions = interactions();
    let session = connect(url_client(V07).reply(Reply::Decline).reply(accept()), &interactions).await;
    assert_eq!(call(&session, "connect_rounds", json!({"user": "alice"})).await.unwrap(), "declined");

    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "require_rounds", json!({"user": "bob"})).await }
    });
    let id = requested_id(&session, 2).await;
    assert_eq!(interactions.complete(&id, "alice").await, Err(CompleteError::WrongUser));
    assert!(interactions.complete(&id, "bob").await.is_ok());
    assert_eq!(running.await.unwrap().unwrap(), "Accept(())");
    assert_wire_valid(&session.transcript(), V07);
}

/// One round of `tool` played by hand: the client's `requestState` and `inputResponses`
/// as given, whatever state they carry.
async fn round_once(session: &ScriptedSession, tool: &str, state: Option<&str>, responses: Value) -> CallToolResponse {
    let mut params = CallToolRequestParams::new(tool.to_owned());
    if let Some(state) = state {
        params = params.with_request_state(state.to_owned());
    }
    if let Value::Object(responses) = responses {
        params = params.with_input_responses(responses.into_iter().collect());
    }
    session.peer().call_tool_once(params).await.unwrap_or_else(|e| panic!("{tool}: {e}"))
}

/// The state of an `InputRequiredResult`, and the interaction id of its URL-mode request
/// (if it asks one) with the request's input key.
fn asked_page(response: &CallToolResponse) -> (String, Option<(String, String)>) {
    let CallToolResponse::InputRequired(input) = response else { panic!("expected input_required, got {response:?}") };
    let page = input.input_requests.iter().flatten().find_map(|(key, request)| {
        let request = serde_json::to_value(request).ok()?;
        let url = request.pointer("/params/url")?.as_str()?;
        Some((key.clone(), url.rsplit_once("id=")?.1.to_owned()))
    });
    (input.request_state.clone().expect("a state"), page)
}

/// A server that signs its users in itself but does not bind the round states to them
/// (no `ToolCall::principal`): a state that reaches another user must not carry the first
/// user's page, nor its completion, to them. Each user is asked about a page of their own.
#[tokio::test]
async fn a_state_carried_to_another_user_never_hands_them_the_first_users_page() {
    let interactions = interactions();
    let server = server(&interactions);
    let signed_in = server.signed_in.clone();
    let session = connect_to(url_client(V07), server).await;
    let consent = |key: &str| json!({ key: { "action": "accept" } });

    // Alice's first round asks her page; she completes it and consents: the form comes next.
    let first = round_once(&session, "connect_signed_in", None, Value::Null).await;
    let (before_consent, Some((key, alice_page))) = asked_page(&first) else { panic!("no page asked: {first:?}") };
    assert!(interactions.complete(&alice_page, "alice").await.is_ok());
    let second = round_once(&session, "connect_signed_in", Some(&before_consent), consent(&key)).await;
    let (after_completion, page) = asked_page(&second);
    assert_eq!(page, None, "the page is done: the form is asked");

    // Bob presents Alice's states (they open: nothing binds them to Alice).
    *signed_in.lock().unwrap() = "bob".to_owned();
    for (what, state, responses) in [
        ("the state before her consent, with a consent", &before_consent, consent(&key)),
        ("the state after her completion, with a label", &after_completion, json!({ "elicit-2": { "action": "accept", "content": { "label": "work" } } })),
    ] {
        let response = round_once(&session, "connect_signed_in", Some(state), responses).await;
        let CallToolResponse::InputRequired(_) = &response else { panic!("{what}: Bob finished on Alice's page: {response:?}") };
        let (_, page) = asked_page(&response);
        let (_, bob_page) = page.unwrap_or_else(|| panic!("{what}: Bob was not asked a page: {response:?}"));
        assert_ne!(bob_page, alice_page, "{what}: Bob was asked Alice's page");
        // The page Bob is asked is his: Alice cannot complete it.
        assert_eq!(interactions.pending(&bob_page, "alice").await, Err(CompleteError::WrongUser), "{what}");
        assert!(interactions.pending(&bob_page, "bob").await.is_ok(), "{what}");
    }
}

#[tokio::test]
async fn rounds_without_the_url_capability_are_refused_with_32021() {
    let interactions = interactions();
    let session = connect(ScriptedClient::new(V07).support(ElicitationSupport::FORM), &interactions).await;
    let err = call(&session, "connect_rounds", json!({"user": "alice"})).await;
    // The body turns the typed error into its text; `require` propagates it as -32021.
    assert_eq!(err.unwrap(), "error UrlNotSupported(ElicitationSupport { form: true, url: false })");
    let ServiceError::McpError(error) = call(&session, "require_rounds", json!({"user": "alice"})).await.unwrap_err() else { panic!() };
    assert_eq!(error.code.0, -32021);
    assert_eq!(error.data.unwrap(), json!({"requiredCapabilities": {"elicitation": {"url": {}}}}));
}

// ---- an interaction is consumed once ------------------------------------------------

#[tokio::test]
async fn a_completed_or_declined_interaction_is_not_reused_by_the_next_call() {
    let interactions = interactions();
    let session = connect(url_client(V11).reply(accept()).reply(Reply::Decline).reply(Reply::Decline), &interactions).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "connect", json!({"user": "alice"})).await }
    });
    let first = requested_id(&session, 1).await;
    assert!(interactions.complete(&first, "alice").await.is_ok());
    assert_eq!(running.await.unwrap().unwrap(), "completed for alice");
    // The next call asks again, about a new interaction: not completed at once.
    assert_eq!(call(&session, "connect", json!({"user": "alice"})).await.unwrap(), "declined");
    let second = requested_id(&session, 2).await;
    assert_ne!(second, first);
    // Declined, it is given up: its link no longer works, and the next call has a new id.
    assert_eq!(interactions.complete(&second, "alice").await, Err(CompleteError::Expired));
    assert_eq!(call(&session, "connect", json!({"user": "alice"})).await.unwrap(), "declined");
    let third = requested_id(&session, 3).await;
    assert!(third != first && third != second);
    let transcript = session.transcript();
    let ids: Vec<&Value> = transcript.requests.iter().map(|r| &r["elicitationId"]).collect();
    assert_eq!(ids, [&json!(first), &json!(second), &json!(third)]);
    assert_wire_valid(&transcript, V11);
}

#[tokio::test]
async fn rounds_consume_a_completed_interaction_and_the_next_call_asks_again() {
    let interactions = interactions();
    let session = connect(url_client(V07).reply(accept()).reply(accept()), &interactions).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "connect_rounds", json!({"user": "alice"})).await }
    });
    let first = requested_id(&session, 1).await;
    assert!(interactions.complete(&first, "alice").await.is_ok());
    assert_eq!(running.await.unwrap().unwrap(), "completed for alice");

    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "connect_rounds", json!({"user": "alice"})).await }
    });
    let second = requested_id(&session, 2).await;
    assert_ne!(second, first, "a new call must not find the consumed interaction completed");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!running.is_finished(), "the second call waits for its own page");
    assert!(interactions.complete(&second, "alice").await.is_ok());
    assert_eq!(running.await.unwrap().unwrap(), "completed for alice");
    assert_wire_valid(&session.transcript(), V07);
}

#[tokio::test]
async fn rounds_after_completion_remember_it_while_the_body_asks_more() {
    let interactions = interactions();
    let session = connect(url_client(V07).reply(accept()).reply(Reply::accept(json!({"label": "work"}))), &interactions).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "connect_then_name", json!({"user": "alice"})).await }
    });
    let id = requested_id(&session, 1).await;
    assert!(interactions.complete(&id, "alice").await.is_ok());
    // The round that sees the completion asks the form; its retry replays the body,
    // which must find the same (consumed) interaction completed, not start a new one.
    assert_eq!(running.await.unwrap().unwrap(), "completed for alice, named work");
    let transcript = session.transcript();
    assert_eq!(transcript.requests.len(), 2, "the page once, the form once: {:?}", transcript.requests);
    assert_eq!(transcript.requests[1]["message"], "Name the key");
    assert_wire_valid(&transcript, V07);
}

#[tokio::test]
async fn concurrent_calls_of_one_user_share_the_interaction_and_both_finish() {
    let interactions = interactions();
    // Typed accepts: the scripted client keys raw replies by input key, which both calls share.
    let session = connect(url_client(V07).reply(Reply::accept(json!({}))).reply(Reply::accept(json!({}))), &interactions).await;
    let calls: Vec<_> = (0..2)
        .map(|_| {
            let session = session.clone();
            tokio::spawn(async move { call(&session, "connect_rounds", json!({"user": "alice"})).await })
        })
        .collect();
    let id = requested_id(&session, 2).await;
    assert_eq!(requested_id(&session, 1).await, id, "one page for one user and purpose at a time");
    let completed = interactions.complete(&id, "alice").await;
    assert!(completed.is_ok(), "{completed:?}");
    for running in calls {
        assert_eq!(running.await.unwrap().unwrap(), "completed for alice");
    }
}

#[tokio::test]
async fn a_page_not_completed_in_time_ends_the_call_with_32042_and_the_request_again() {
    let elicitation = json!({"mode": "url", "message": PAGE, "url": "https://keys.example.com/connect?id=x", "elicitationId": "x"});
    let err = ElicitError::from(Continuation::StillPending { waited: Duration::from_secs(1), elicitation: elicitation.as_object().unwrap().clone() });
    assert_eq!(err.to_string(), "the user did not complete the URL-mode interaction within 1s; it is still pending");
    let data = ErrorData::from(err);
    assert_eq!(data.code.0, URL_ELICITATION_REQUIRED);
    assert_eq!(data.data, Some(json!({"elicitations": [elicitation]})));
}

#[tokio::test]
async fn nothing_is_stored_when_url_mode_cannot_be_used() {
    let store = Arc::new(MemoryStore::new(10));
    let interactions = Interactions::new(SharedStore(store.clone()));
    let session_06 = connect(ScriptedClient::new(ProtocolRevision::V2025_06_18), &interactions).await;
    let form_only = connect(ScriptedClient::new(V11).support(ElicitationSupport::FORM), &interactions).await;
    for session in [&session_06, &form_only] {
        assert!(call(session, "connect", json!({"user": "alice"})).await.unwrap().starts_with("error Url"));
    }
    assert!(store.is_empty(), "a refused request left {} interactions", store.len());
}

/// A store shared with the test, to look inside.
struct SharedStore(Arc<MemoryStore>);

impl elicit_runtime::url::InteractionStore for SharedStore {
    fn start<'a>(&'a self, principal: &'a str, purpose: &'a str, ttl: Duration) -> Pin<Box<dyn Future<Output = Result<elicit_runtime::url::Interaction, elicit_runtime::url::StoreError>> + Send + 'a>> {
        self.0.start(principal, purpose, ttl)
    }
    fn get<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId) -> Pin<Box<dyn Future<Output = Result<Option<elicit_runtime::url::Interaction>, elicit_runtime::url::StoreError>> + Send + 'a>> {
        self.0.get(id)
    }
    fn check<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<elicit_runtime::url::Interaction, CompleteError>> + Send + 'a>> {
        self.0.check(id, principal)
    }
    fn complete<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<elicit_runtime::url::Interaction, CompleteError>> + Send + 'a>> {
        self.0.complete(id, principal)
    }
    fn wait_completed<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId) -> Pin<Box<dyn Future<Output = Result<bool, elicit_runtime::url::StoreError>> + Send + 'a>> {
        self.0.wait_completed(id)
    }
    fn forget<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId) -> Pin<Box<dyn Future<Output = Result<(), elicit_runtime::url::StoreError>> + Send + 'a>> {
        self.0.forget(id)
    }
}

#[tokio::test]
async fn waiting_for_the_page_reports_progress_to_the_request_that_asked() {
    let interactions = interactions();
    let session = connect(url_client(V11).reply(accept()).reply(accept()), &interactions).await;
    let running = tokio::spawn({
        let session = session.clone();
        async move { call(&session, "connect_reporting", json!({"user": "alice"})).await }
    });
    let id = requested_id(&session, 1).await;
    for _ in 0..300 {
        if session.transcript().progress.len() >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(interactions.complete(&id, "alice").await.is_ok());
    assert_eq!(running.await.unwrap().unwrap(), "completed");
    let transcript = session.transcript();
    assert!(transcript.progress.len() >= 3, "{:?}", transcript.progress);
    let token = &transcript.progress[0]["progressToken"];
    for (n, progress) in transcript.progress.iter().enumerate() {
        assert_eq!(&progress["progressToken"], token);
        assert_eq!(progress["progress"], json!(n as f64 + 1.0));
        assert_eq!(progress["message"], "waiting for the user to finish on the page");
    }
    assert_wire_valid(&transcript, V11);

    // Without a progress token on the tool call, nothing is reported.
    let running = tokio::spawn({
        let session = session.clone();
        async move { session.call_tool_without_progress_token("connect_reporting", json!({"user": "bob"})).await }
    });
    let id = requested_id(&session, 2).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = session.transcript().progress.len();
    assert!(interactions.complete(&id, "bob").await.is_ok());
    running.await.unwrap().unwrap();
    assert_eq!(session.transcript().progress.len(), before);
    assert_eq!(before, transcript.progress.len(), "progress arrived for a call without a token");
}

#[tokio::test]
async fn a_url_browsers_open_without_slashes_or_behind_invisible_characters_is_refused_and_nothing_stays_pending() {
    let store = Arc::new(MemoryStore::new(10));
    let interactions = Interactions::new(SharedStore(store.clone()));
    for message in [
        // `https:host`, `https:/host`, `https:\\host`: a browser opens each as https://host/.
        "Open https:evil.example to continue",
        "Open https:/evil.example to continue",
        "Open HTTPS:\\\\evil.example to continue",
        // Characters that show nothing, and full-width letters, hide nothing from the user.
        "Open https\u{200b}://evil.example to continue",
        "Open h\u{ad}ttps\u{2060}://evil.example to continue",
        "Open www\u{feff}.evil.example to continue",
        "Open \u{ff48}\u{ff54}\u{ff54}\u{ff50}\u{ff53}\u{ff1a}//evil.example to continue",
        // Shown right to left: `https://evil.example`.
        "Open \u{202e}elpmaxe.live//:sptth\u{202c} to continue",
    ] {
        let refused = interactions.url_request(&Offline, "alice", "api-key", message, page_url).await;
        assert!(matches!(&refused, Err(e) if e.url_rule() == Some(&UrlError::UrlInMessage)), "{message:?}: {refused:?}");
    }
    // A URL refused once the interaction's id is in it leaves nothing pending either.
    for url in ["http://keys.example.com/connect", "https://user:pw@keys.example.com/connect", "/connect"] {
        let refused = interactions.url_request(&Offline, "alice", "api-key", PAGE, |_| url.to_owned()).await;
        assert!(matches!(&refused, Err(e) if e.url_rule().is_some()), "{url}: {refused:?}");
    }
    assert!(store.is_empty(), "a refused request left {} interactions pending", store.len());
    // Prose with a colon after a scheme's name is no URL.
    assert!(interactions.url_request(&Offline, "alice", "api-key", "HTTPS: the page keeps your key safe", page_url).await.is_ok());
}

#[tokio::test]
async fn an_empty_principal_is_refused_and_a_page_that_identified_nobody_completes_nothing() {
    let store = Arc::new(MemoryStore::new(10));
    let interactions = Interactions::new(SharedStore(store.clone()));
    for nobody in ["", "  "] {
        let refused = interactions.url_request(&Offline, nobody, "api-key", PAGE, page_url).await;
        assert!(matches!(&refused, Err(e) if e.url_rule() == Some(&UrlError::NoPrincipal)), "{nobody:?}: {refused:?}");
    }
    assert!(store.is_empty());
    // An interaction some other code bound to nobody is not completed by a page without a user.
    let anonymous = store.start("", "api-key", Duration::from_secs(60)).await.unwrap();
    assert_eq!(interactions.pending(anonymous.id.as_str(), "").await, Err(CompleteError::WrongUser));
    assert_eq!(interactions.complete(anonymous.id.as_str(), "").await, Err(CompleteError::WrongUser));
    assert!(!store.get(&anonymous.id).await.unwrap().unwrap().completed);
}

/// A store that answers every `start` with the interaction of `victim` (a tampered or
/// colliding shared store).
struct Impersonating {
    store: Arc<MemoryStore>,
    victim: &'static str,
}

impl elicit_runtime::url::InteractionStore for Impersonating {
    fn start<'a>(&'a self, _principal: &'a str, purpose: &'a str, ttl: Duration) -> Pin<Box<dyn Future<Output = Result<elicit_runtime::url::Interaction, elicit_runtime::url::StoreError>> + Send + 'a>> {
        self.store.start(self.victim, purpose, ttl)
    }
    fn get<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId) -> Pin<Box<dyn Future<Output = Result<Option<elicit_runtime::url::Interaction>, elicit_runtime::url::StoreError>> + Send + 'a>> {
        self.store.get(id)
    }
    fn check<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<elicit_runtime::url::Interaction, CompleteError>> + Send + 'a>> {
        self.store.check(id, principal)
    }
    fn complete<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<elicit_runtime::url::Interaction, CompleteError>> + Send + 'a>> {
        self.store.complete(id, principal)
    }
    fn wait_completed<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId) -> Pin<Box<dyn Future<Output = Result<bool, elicit_runtime::url::StoreError>> + Send + 'a>> {
        self.store.wait_completed(id)
    }
    fn forget<'a>(&'a self, id: &'a elicit_runtime::url::InteractionId) -> Pin<Box<dyn Future<Output = Result<(), elicit_runtime::url::StoreError>> + Send + 'a>> {
        self.store.forget(id)
    }
}

#[tokio::test]
async fn a_store_answering_with_another_users_interaction_sends_nothing() {
    let store = Arc::new(MemoryStore::new(10));
    let alice = store.start("alice", "api-key", Duration::from_secs(60)).await.unwrap();
    let interactions = Interactions::new(Impersonating { store: store.clone(), victim: "alice" });
    let refused = interactions.url_request(&Offline, "mallory", "api-key", PAGE, page_url).await;
    let failed = refused.as_ref().err().filter(|e| e.kind() == ErrorKind::Store).and_then(|e| std::error::Error::source(e)?.downcast_ref::<elicit_runtime::url::StoreError>());
    assert!(matches!(failed, Some(elicit_runtime::url::StoreError::Unavailable(_))), "{refused:?}");
    // Alice's interaction is hers, untouched.
    let kept = store.get(&alice.id).await.unwrap().unwrap();
    assert_eq!((kept.principal.as_str(), kept.completed), ("alice", false));
}
