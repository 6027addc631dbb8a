//! Choices that come from data: deploy one of your repositories.
//!
//! ```sh
//! cargo run -p elicit-examples --example deploy
//! ```
//!
//! The repositories are known only when the tool runs (a function returns them), so the
//! field is a run-time select, `#[elicit(options)]`, beside the compile-time fields of the
//! same form. The derive writes `DeployOptions` beside `Deploy`: forgetting the options is
//! a compile error naming the field, and `Deploy::elicit` without them does not compile.
//! The answer comes back as the author's own `RepoId`, read by value among exactly the
//! options offered. A scripted client plays the user, picking by the titles it reads.

use elicit_runtime::form::{Options, SelectItem};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use elicit_runtime::{Elicit, ElicitError, Elicitation, ProtocolRevision};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::json;

/// The id of a repository: what the tool works with, never a name to look up again.
#[derive(Clone, Debug, PartialEq)]
struct RepoId(u64);
impl SelectItem for RepoId {}

/// Where it runs
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
enum Env {
    Staging,
    Production,
}

#[derive(Elicit, Debug)]
struct Deploy {
    /// The repository to deploy
    #[elicit(options, title = "Repository")]
    repo: RepoId,
    env: Env,
    #[elicit(minimum = 1, maximum = 5, default = 2)]
    replicas: u8,
}

/// The user's repositories, as a database or an API would return them.
fn repositories_of(_user: &str) -> Vec<(u64, &'static str)> {
    vec![(17, "billing-api"), (23, "web-shop"), (42, "docs-site")]
}

#[derive(Clone)]
struct Deployer {
    sealer: StateSealer,
}

#[tool_router]
impl Deployer {
    #[tool(description = "deploys one of your repositories")]
    async fn deploy(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.run(&self.sealer, |ask| async move {
            // Value (sent back by the client), title (read by the user), item (what we get).
            let mine = repositories_of("ada").into_iter().map(|(id, name)| (id.to_string(), name, RepoId(id)));
            let repo = Options::new(mine).map_err(|error| ElicitError::options("repo", error))?;
            let said = match Deploy::elicit_with(&ask, "Deploy which repository?", DeployOptions { repo }).reask(1).await? {
                Elicitation::Accept(deploy) => format!("deploying {:?} to {:?} x{}", deploy.repo, deploy.env, deploy.replicas),
                Elicitation::Decline | Elicitation::Cancel => "nothing deployed".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(said)]))
        })
        .await
    }
}

#[tool_handler]
impl ServerHandler for Deployer {}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    for revision in [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28] {
        // The user first picks something that is not offered, then the web shop by its title.
        let client = ScriptedClient::new(revision)
            .reply(Reply::pick(json!({"repo": "the-old-blog", "env": "staging"})))
            .reply(Reply::pick(json!({"repo": "web-shop", "env": "production"})));
        let deployer = Deployer { sealer: StateSealer::new(*b"the deploy example's 32-byte key")? };
        let session = client.connect(deployer).await?;
        let said = session.call_tool_text("deploy", json!({})).await?;
        let transcript = session.transcript();
        // The options as the client received them, and what the re-ask said.
        println!("{revision}: {}", transcript.requests[0]["requestedSchema"]["properties"]["repo"]);
        println!("{revision}: {}", transcript.requests[1]["message"]);
        println!("{revision}: {said}\n");
        assert_eq!(said, "deploying RepoId(23) to Production x2");
        assert!(transcript.violations.is_empty(), "{:?}", transcript.violations);
    }
    Ok(())
}
