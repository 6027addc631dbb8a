//! The server: one form tool and one URL-mode tool, each run with `ToolCall::run`, so the
//! same body serves every revision.

use std::fmt::Debug;
use std::time::Duration;

use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::url::Interactions;
use elicit_runtime::{Elicit, ElicitError, Elicitation, ErrorKind, InvalidContent};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorData, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};

use crate::form::Registration;
use crate::page;

const MESSAGE: &str = "Register for the conference";

/// Give up after ten minutes.
const TIMEOUT: Duration = Duration::from_secs(600);

/// The user of the demo's one session. A real server names the authenticated user of the
/// MCP request (its access token's subject); only that user may complete the page.
pub(crate) const USER: &str = "ada";

/// What the URL-mode interaction is for (one per user and purpose at a time, so that the
/// retried call of 2026-07-28 finds the interaction it started).
const ACCOUNT_PURPOSE: &str = "account";

/// What the client shows beside the page's URL (no URL in it: the specification allows
/// one only in `url`).
const ACCOUNT_MESSAGE: &str = "Connect your conference account: sign in on the organiser's page (your password never passes through this client).";

#[derive(Clone)]
pub(crate) struct Server {
    /// Seals the `requestState` of 2026-07-28 rounds.
    pub(crate) sealer: StateSealer,
    /// The URL-mode interactions, shared with the page ([`page::submit`]).
    pub(crate) interactions: Interactions,
}

/// Prints what the tool got, and turns it into the tool's result. On 2026-07-28 the first
/// run of the body ends at its question: `Continuation::InputRequired` is passed on, and
/// `ToolCall::run` answers with the `InputRequiredResult`.
fn report<T: Debug>(form: &str, answer: Result<Elicitation<T>, ElicitError>) -> Result<CallToolResult, ErrorData> {
    match &answer {
        Err(err) if err.is_input_required() => {
            println!("[server] {form}::elicit returned Err(Continues(InputRequired)): the answer comes with the client's retry;");
            println!("[server]   the tool answers this call with an InputRequiredResult, and its body runs again on the retry");
            return Err(err.clone().into());
        }
        Ok(value) => println!("[server] {form}::elicit returned Ok({value:#?})"),
        Err(err) if err.is_invalid() => {
            let violations = err.invalid().map(InvalidContent::violations).unwrap_or_default();
            println!("[server] {form}::elicit returned an invalid answer (ErrorKind::Invalid), {} violations:", violations.len());
            for violation in violations {
                println!("[server]   - {violation}");
            }
        }
        Err(err) => println!("[server] {form}::elicit returned Err({err:?})"),
    }
    let text = match answer {
        Ok(Elicitation::Accept(value)) => format!("accepted: {value:?}"),
        Ok(Elicitation::Decline) => "declined: the user chose not to register".to_owned(),
        Ok(Elicitation::Cancel) => "cancelled: the user dismissed the form".to_owned(),
        Err(err) => {
            // The error and its sources, as an error reporter prints them.
            let mut message = format!("elicitation failed: {err}");
            let mut source = std::error::Error::source(&err);
            while let Some(cause) = source {
                message.push_str(&format!(": {cause}"));
                source = cause.source();
            }
            return Ok(CallToolResult::error(vec![ContentBlock::text(message)]));
        }
    };
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
}

/// Prints how the URL-mode tool ended, and turns it into the tool's result. On 2026-07-28
/// `Continuation::InputRequired` is passed on: the URL request goes to the client in an
/// `InputRequiredResult` (or the page is not done yet and the client's retry looks again).
fn report_url(outcome: Result<&'static str, ElicitError>) -> Result<CallToolResult, ErrorData> {
    let text = match outcome {
        Err(err) if err.is_input_required() => {
            println!("[server] connect_account: Err(Continues(InputRequired)): the URL request goes to the client in an InputRequiredResult;");
            println!("[server]   the body runs again on the retry, and finds the interaction completed by the page");
            return Err(err.into());
        }
        Ok(text) => text.to_owned(),
        // The revision has no URL mode (2025-06-18): the error says which.
        Err(err) if err.kind() == ErrorKind::UnsupportedRevision => format!("not connected: {err}"),
        Err(err) => {
            println!("[server] connect_account: Err({err:?})");
            return Ok(CallToolResult::error(vec![ContentBlock::text(format!("connect_account failed: {err}"))]));
        }
    };
    println!("[server] connect_account: {text}");
    Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
}

#[tool_router]
impl Server {
    #[tool(description = "Register the user for the conference (asks for a form)")]
    async fn register(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let revision = call.revision().map_or("?", |r| r.as_str());
        call.run(&self.sealer, |ask| async move {
            println!("[server] register (protocol {revision}): Registration::elicit(&ask, {MESSAGE:?}).reask(1).timeout(..)");
            report("Registration", Registration::elicit(&ask, MESSAGE).reask(1).timeout(TIMEOUT).await)
        })
        .await
    }

    #[tool(description = "Connect the user's conference account (URL mode: sends the user to the organiser's page)")]
    async fn connect_account(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let revision = call.revision().map_or("?", |r| r.as_str());
        let interactions = self.interactions.clone();
        // The principal binds the sealed state of 2026-07-28 to the user, as the
        // interaction is bound to them.
        call.principal(USER)
            .run(&self.sealer, |ask| async move {
                let outcome = async {
                    println!("[server] connect_account (protocol {revision}): interactions.url_request(&ask, {USER:?}, {ACCOUNT_PURPOSE:?}, ..), then page.ask(&ask)");
                    let page = interactions.url_request(&ask, USER, ACCOUNT_PURPOSE, ACCOUNT_MESSAGE, page::url_for).await?;
                    match page.ask(&ask).await? {
                        Elicitation::Accept(()) => {
                            // Consent, not completion: wait for the page (2025-11-25), or
                            // end the round until the page is done (2026-07-28).
                            println!("[server] connect_account: the user consented; page.completion(&ask, ..) waits for the page");
                            // Once complete, the interaction is used up: the next call asks again.
                            page.completion(&ask, TIMEOUT).await?;
                            Ok("connected: the organiser's page confirmed the account (the tool never saw the password)")
                        }
                        // Declined, the interaction is given up: its link stops working.
                        Elicitation::Decline => Ok("not connected: the user declined to open the page"),
                        Elicitation::Cancel => Ok("not connected: the user dismissed the request"),
                    }
                };
                report_url(outcome.await)
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(Implementation::new("elicit-demo-server", env!("CARGO_PKG_VERSION")))
    }
}

/// A sealer with a random key for this run of the demo.
pub(crate) fn random_sealer() -> Result<StateSealer, Box<dyn std::error::Error>> {
    let mut key = [0u8; 32];
    getrandom::fill(&mut key).map_err(|e| format!("cannot generate a requestState key: {e}"))?;
    Ok(StateSealer::new(key.to_vec())?)
}
