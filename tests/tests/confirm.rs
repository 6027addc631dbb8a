//! A confirmation in one line (`exchange::Confirm`, the form with no fields) on every
//! revision: accept is yes, decline and cancel are no; an accept that carries a key
//! (`{"confirm": true}`, `{"confirm": false}`) is not read as yes: it is re-asked with the
//! key named, or ends the call when the request does not re-ask; the message is
//! translated like any form's, and the model can relay it.

use elicit_runtime::exchange::{Confirm, ElicitationSupport};
use elicit_runtime::locale::Words;
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

#[derive(Clone)]
struct Files {
    sealer: StateSealer,
}

fn said(answer: Elicitation<Confirm>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(format!("{answer:?}"))])
}

#[tool_router]
impl Files {
    #[tool(description = "asks once more when the answer does not fit")]
    async fn delete(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                let message = Words::new("Delete 3 files?").with("ko", "파일 3개를 삭제할까요?");
                Ok(said(Confirm::elicit(&ask, message).reask(1).await?))
            })
            .await
    }

    #[tool(description = "does not ask again")]
    async fn delete_once(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move { Ok(said(Confirm::elicit(&ask, "Delete 3 files?").await?)) }).await
    }
}

#[tool_handler]
impl ServerHandler for Files {}

fn files() -> Files {
    Files { sealer: StateSealer::new(*b"the confirm test key of 32 bytes").expect("a key") }
}

const REVISIONS: [ProtocolRevision; 3] = [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

#[tokio::test]
async fn accept_is_yes_and_decline_and_cancel_are_no_on_every_revision() {
    for revision in REVISIONS {
        for (reply, said) in [(Reply::accept(json!({})), "Accept(Confirm)"), (Reply::Decline, "Decline"), (Reply::Cancel, "Cancel")] {
            let session = ScriptedClient::new(revision).reply(reply).connect(files()).await.expect("connect");
            assert_eq!(session.call_tool_text("delete", json!({})).await.expect("the call"), said, "{revision}");
            let transcript = session.transcript();
            assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
            assert_eq!(transcript.requests[0]["requestedSchema"], json!({"type": "object", "properties": {}}), "{revision}");
        }
    }
}

#[tokio::test]
async fn an_accept_with_a_key_is_asked_again_with_the_key_named() {
    for revision in REVISIONS {
        let session = ScriptedClient::new(revision)
            .accept_language("ko")
            .reply(Reply::accept(json!({"confirm": false})))
            .reply(Reply::accept(json!({})))
            .connect(files())
            .await
            .expect("connect");
        assert_eq!(session.call_tool_text("delete", json!({})).await.expect("the call"), "Accept(Confirm)", "{revision}");
        let requests = session.transcript().requests;
        assert_eq!(requests.len(), 2, "{revision}: asked again");
        assert_eq!(requests[0]["message"], "파일 3개를 삭제할까요?", "{revision}");
        let reask = requests[1]["message"].as_str().expect("a message");
        assert!(reask.starts_with("파일 3개를 삭제할까요?") && reask.contains("`confirm`"), "{revision}: {reask}");
    }
}

#[tokio::test]
async fn an_accept_with_a_key_is_never_read_as_yes_without_a_reask() {
    for revision in REVISIONS {
        let session = ScriptedClient::new(revision).reply(Reply::accept(json!({"confirm": true}))).connect(files()).await.expect("connect");
        let error = session.call_tool_text("delete_once", json!({})).await.expect_err("not read as yes").to_string();
        assert!(error.contains("`confirm`: is not a field of this form"), "{revision}: {error}");
    }
}

#[tokio::test]
async fn a_client_without_elicitation_has_the_model_ask() {
    let session = ScriptedClient::new(ProtocolRevision::V2025_11_25).support(ElicitationSupport::NONE).connect(files()).await.expect("connect");
    let result = session.call_tool("delete", json!({})).await.expect("the call");
    let relay = result.structured_content.as_ref().and_then(|s| s.get("elicitRelay")).expect("a question for the model").clone();
    let key = relay["questions"].as_object().and_then(|q| q.keys().next().cloned()).expect("a question key");
    let answered = json!({"elicitRelay": {"continuation": relay["continuation"], "answers": {key: {}}}});
    assert_eq!(session.call_tool_text("delete", answered).await.expect("the call-back"), "Accept(Confirm)");
}
