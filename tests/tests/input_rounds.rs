//! One body asking a form, the client's model and its roots, in tools, prompts and
//! resources: direct requests up to 2025-11-25, one round of input requests on
//! 2026-07-28. Every `InputRequiredResult` is checked against the official schema by the
//! scripted client.
#![allow(deprecated)] // sampling and roots: deprecated in rmcp by SEP-2577, still in 2026-07-28

use std::future::IntoFuture;

use elicit_runtime::rmcp::{Ask, PromptCall, ResourceCall, ToolCall};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient, ScriptedSession};
use elicit_runtime::{Elicit, ElicitError, ProtocolRevision};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CreateMessageRequestParams, GetPromptRequestParams, GetPromptResponse, GetPromptResult,
    ListPromptsResult, ListResourcesResult, PaginatedRequestParams, Prompt, PromptMessage, ReadResourceRequestParams, Resource,
    ReadResourceResponse, ReadResourceResult, ResourceContents, Role, SamplingMessage, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, ServiceError};
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

const REVISIONS: [ProtocolRevision; 2] = [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

#[derive(Elicit, Debug)]
struct Name {
    name: String,
}

#[derive(Clone)]
struct Server {
    sealer: StateSealer,
}

/// A form, the model and the roots, started together so that on 2026-07-28 they travel
/// in one round.
async fn everything(ask: &Ask) -> Result<String, ElicitError> {
    let question = CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Say hello")], 20);
    let (name, hello, roots) = tokio::join!(
        Name::elicit(ask, "Your name?").key("user_name").into_future(),
        ask.create_message(question).key("hello").into_future(),
        ask.list_roots().key("roots").into_future(),
    );
    let name = name?.accepted().map_or("nobody".to_owned(), |n| n.name);
    let hello = hello?.message.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect::<String>();
    let roots: Vec<String> = roots?.roots.into_iter().map(|r| r.uri).collect();
    Ok(format!("{name} | {hello} | {}", roots.join(",")))
}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

#[tool_router]
impl Server {
    #[tool(description = "asks a form, the model and the roots")]
    async fn everything(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(text(everything(&ask).await?)) }).await
    }

    #[tool(description = "asks the roots, then the model, then a name, one round each")]
    async fn one_by_one(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let roots = ask.list_roots().key("roots").await?;
            let question = CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Say hello")], 20);
            let hello = ask.create_message(question).key("hello").await?;
            let name = Name::elicit(&ask, "Your name?").key("user_name").await?.accepted().map_or("nobody".to_owned(), |n| n.name);
            let hello = hello.message.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect::<String>();
            let roots: Vec<String> = roots.roots.into_iter().map(|r| r.uri).collect();
            Ok(text(format!("{name} | {hello} | {}", roots.join(","))))
        })
        .await
    }

    #[tool(description = "asks the model only")]
    async fn sample(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            let question = CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Say hello")], 20);
            let answer = ask.create_message(question).await?;
            Ok(text(answer.model))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_prompts().enable_resources().build())
    }

    async fn list_prompts(&self, _: Option<PaginatedRequestParams>, _: RequestContext<RoleServer>) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(vec![Prompt::new("greeting", Some("asks first"), None)]))
    }

    async fn get_prompt(&self, request: GetPromptRequestParams, context: RequestContext<RoleServer>) -> Result<GetPromptResponse, ErrorData> {
        PromptCall::new(request, context)
            .run(&self.sealer, |ask| async move {
                let answer = Name::elicit(&ask, "Whom should the prompt greet?").await?;
                let name = answer.accepted().map_or("nobody".to_owned(), |n| n.name);
                Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, format!("Greet {name}"))]))
            })
            .await
    }

    async fn list_resources(&self, _: Option<PaginatedRequestParams>, _: RequestContext<RoleServer>) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(vec![Resource::new("memo://everything", "everything")]))
    }

    async fn read_resource(&self, request: ReadResourceRequestParams, context: RequestContext<RoleServer>) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri.clone();
        ResourceCall::new(request, context)
            .run(&self.sealer, |ask| async move {
                let body = everything(&ask).await?;
                Ok(ReadResourceResult::new(vec![ResourceContents::text(body, uri)]))
            })
            .await
    }
}

fn server() -> Server {
    Server { sealer: StateSealer::new(*b"a test key of at least 32 bytes!").unwrap() }
}

fn client(revision: ProtocolRevision) -> ScriptedClient {
    ScriptedClient::new(revision)
        .reply(Reply::accept(json!({"name": "Ada"})))
        .model_answer("Hello!")
        .roots(&[("file:///work", "work"), ("file:///home", "home")])
}

async fn connect(client: ScriptedClient) -> ScriptedSession {
    client.connect(server()).await.unwrap_or_else(|e| panic!("cannot connect: {e}"))
}

#[tokio::test]
async fn a_tool_asks_a_form_the_model_and_the_roots_in_one_round() {
    for revision in REVISIONS {
        let session = connect(client(revision)).await;
        let answer = session.call_tool_text("everything", json!({})).await.unwrap();
        assert_eq!(answer, "Ada | Hello! | file:///work,file:///home", "{revision}");
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
        assert_eq!(transcript.requests.len(), 1, "{revision}");
    }
}

#[tokio::test]
async fn a_prompt_and_a_resource_ask_before_they_answer() {
    for revision in REVISIONS {
        let session = connect(client(revision).reply(Reply::accept(json!({"name": "Grace"})))).await;
        let prompt = session.get_prompt(GetPromptRequestParams::new("greeting")).await.unwrap();
        let text = prompt.messages[0].content.as_text().map(|t| t.text.as_str());
        assert_eq!(text, Some("Greet Ada"), "{revision}");

        let resource = session.read_resource(ReadResourceRequestParams::new("memo://everything")).await.unwrap();
        let ResourceContents::TextResourceContents { text, .. } = &resource.contents[0] else { panic!("{resource:?}") };
        assert_eq!(text, "Grace | Hello! | file:///work,file:///home", "{revision}");
        let transcript = session.transcript();
        assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
    }
}

#[tokio::test]
async fn without_sampling_the_model_is_never_asked() {
    for revision in REVISIONS {
        let session = connect(ScriptedClient::new(revision)).await;
        let err = session.call_tool_text("sample", json!({})).await.unwrap_err();
        let ServiceError::McpError(error) = err else { panic!("{err:?}") };
        assert_eq!(error.code.0, -32021, "{revision}");
        assert_eq!(error.data, Some(json!({"requiredCapabilities": {"sampling": {}}})), "{revision}");
    }
}

/// An answer to the model's question that is not its result is malformed, and the error
/// repeats little of what the client sent (serde's reason quotes the value it refused).
#[tokio::test]
async fn a_wrong_answer_to_the_model_is_malformed_and_quoted_briefly() {
    let session = connect(client(ProtocolRevision::V2026_07_28)).await;
    let CallToolResponse::InputRequired(input) = session.peer().call_tool_once(CallToolRequestParams::new("sample")).await.unwrap() else {
        panic!("expected the model's question")
    };
    let key = input.input_requests.iter().flatten().map(|(key, _)| key.clone()).next().expect("one question");
    let role = "x".repeat(100_000);
    let answer = json!({ "role": role, "content": { "type": "text", "text": "hi" }, "model": "m" });
    let retry = CallToolRequestParams::new("sample")
        .with_request_state(input.request_state.expect("a state"))
        .with_input_responses(serde_json::from_value(json!({ key: answer })).unwrap());
    let Err(ServiceError::McpError(error)) = session.peer().call_tool_once(retry).await else { panic!("expected an error") };
    assert_eq!(error.code.0, -32602);
    assert!(error.message.contains("the answer is not the request's result: unknown variant `xxxx"), "{}", &error.message[..200]);
    assert!(error.message.len() < 600, "{} bytes", error.message.len());
}

/// A root the specification does not allow (not a URI, not `file://`) is no root: the
/// answer is malformed, on every revision, and the error names the kind of request (not
/// an elicitation) and repeats the root briefly.
#[tokio::test]
async fn roots_that_are_not_file_uris_are_malformed_answers() {
    let long = format!("https://{}", "x".repeat(10_000));
    for revision in REVISIONS {
        for uri in ["https://example.com/", "", "not a uri", "/home/ada", "file:///\u{202e}gpj.exe", "file:///a b", long.as_str()] {
            let client = ScriptedClient::new(revision).reply(Reply::accept(json!({"name": "Ada"}))).model_answer("Hello!").roots(&[("file:///work", "work"), (uri, "odd")]);
            let session = connect(client).await;
            let err = session.call_tool_text("one_by_one", json!({})).await.unwrap_err();
            let ServiceError::McpError(error) = err else { panic!("{revision} {uri:.40}: {err:?}") };
            assert_eq!(error.code.0, -32602, "{revision} {uri:.40}");
            assert!(error.message.starts_with("the client's answer to a sampling or roots request cannot be read"), "{revision}: {}", error.message);
            assert!(error.message.contains("root 1 is not a `file://` URI"), "{revision}: {}", error.message);
            assert!(error.message.len() < 300, "{revision}: {} bytes", error.message.len());
        }
        // Spelled otherwise but allowed: the scheme's case, a host, percent-encoding.
        for uri in ["FILE:///work", "file://host/share", "file:///caf%C3%A9/a%2Fb"] {
            let client = ScriptedClient::new(revision).reply(Reply::accept(json!({"name": "Ada"}))).model_answer("Hello!").roots(&[(uri, "ok")]);
            let answer = connect(client).await.call_tool_text("one_by_one", json!({})).await.unwrap();
            assert_eq!(answer, format!("Ada | Hello! | {uri}"), "{revision}");
        }
    }
}

/// The answers to the model and to the roots are carried to the next rounds as they were
/// read: fields nobody reads (a client padding its answer) are not sealed into every
/// later `requestState`, and the body still gets the same answers on every replay.
#[tokio::test]
async fn fields_nobody_reads_in_sampling_and_roots_answers_are_not_carried_between_rounds() {
    let session = connect(client(ProtocolRevision::V2026_07_28)).await;
    let padding = "p".repeat(100_000);
    let retry = |state: String, responses: serde_json::Value| {
        CallToolRequestParams::new("one_by_one").with_request_state(state).with_input_responses(serde_json::from_value(responses).unwrap())
    };
    let round = |response: CallToolResponse| match response {
        CallToolResponse::InputRequired(input) => {
            let keys: Vec<String> = input.input_requests.iter().flatten().map(|(key, _)| key.clone()).collect();
            (keys, input.request_state.expect("a state"))
        }
        other => panic!("expected another round, got {other:?}"),
    };
    let (keys, state) = round(session.peer().call_tool_once(CallToolRequestParams::new("one_by_one")).await.unwrap());
    assert_eq!(keys, ["roots"]);
    let roots = json!({"roots": [{"uri": "file:///work", "name": "work", "padding": padding}], "padding": padding});
    let (keys, state) = round(session.peer().call_tool_once(retry(state, json!({"roots": roots}))).await.unwrap());
    assert_eq!(keys, ["hello"]);
    assert!(state.len() < 2_000, "the roots' padding was sealed: {} bytes", state.len());
    let hello = json!({"role": "assistant", "content": {"type": "text", "text": "Hi"}, "model": "m", "padding": padding});
    let (keys, state) = round(session.peer().call_tool_once(retry(state, json!({"hello": hello}))).await.unwrap());
    assert_eq!(keys, ["user_name"]);
    assert!(state.len() < 2_000, "the model's padding was sealed: {} bytes", state.len());
    let name = json!({"action": "accept", "content": {"name": "Ada"}});
    let CallToolResponse::Complete(result) = session.peer().call_tool_once(retry(state, json!({"user_name": name}))).await.unwrap() else {
        panic!("expected the result")
    };
    let text: String = result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect();
    assert_eq!(text, "Ada | Hi | file:///work");
}
