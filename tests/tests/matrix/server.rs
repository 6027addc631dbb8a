//! The server the matrix asks through: a tool per form of the catalogue, each asking
//! its form (re-asking twice, the relay through the model allowed) and saying the typed
//! value it got.

use std::fmt;
use std::time::Duration;

use elicit_runtime::form::Options;
use elicit_runtime::page::{PageForm, Pages};
use elicit_runtime::rmcp::ToolCall;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::url::Interactions;
use elicit_runtime::{
    Elicit, ElicitError, Elicitation, ask_enum, ask_number, ask_select, ask_text,
};
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};

use super::forms::{
    Card, Data, Numbers, Payment, Picks, Plan, REPOS, Repo, Texts, Ticket, data_options,
};

// ---- the server ----------------------------------------------------------------------------

#[derive(Clone)]
pub struct Server {
    sealer: StateSealer,
    pub pages: Pages,
}

/// The tool's text for an answer: the typed value, or the problems it was refused for.
fn said<T: fmt::Debug>(answer: Result<T, ElicitError>) -> Result<CallToolResult, ElicitError> {
    match answer {
        Ok(answer) => Ok(text(format!("{answer:?}"))),
        Err(err) => match err.invalid() {
            Some(invalid) => Ok(text(format!("refused: {invalid}"))),
            None => Err(err),
        },
    }
}

#[tool_router]
impl Server {
    #[tool(description = "texts")]
    async fn texts(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                Ok(said(Texts::elicit(&ask, "Your account?").reask(2).await)?)
            })
            .await
    }

    #[tool(description = "numbers")]
    async fn numbers(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                Ok(said(Numbers::elicit(&ask, "Your numbers?").reask(2).await)?)
            })
            .await
    }

    #[tool(description = "picks")]
    async fn picks(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                Ok(said(Picks::elicit(&ask, "Your order?").reask(2).await)?)
            })
            .await
    }

    #[tool(description = "data")]
    async fn data(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                Ok(said(
                    Data::elicit_with(&ask, "Deploy what?", data_options())
                        .reask(2)
                        .await,
                )?)
            })
            .await
    }

    #[tool(description = "ticket")]
    async fn ticket(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                Ok(said(Ticket::elicit(&ask, "Your ticket?").reask(2).await)?)
            })
            .await
    }

    #[tool(description = "card")]
    async fn card(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        let pages = self.pages.clone();
        call.principal("ada")
            .run(&self.sealer, |ask| async move {
                Ok(text(
                    match Card::elicit_via_page(&ask, &pages, "Your card?")
                        .wait(Duration::from_secs(5))
                        .await?
                    {
                        Elicitation::Accept(card) => {
                            format!("Accept({card:?}) key={}", card.key.expose())
                        }
                        other => format!("{other:?}"),
                    },
                ))
            })
            .await
    }

    #[tool(description = "values")]
    async fn values(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                // Four single values in turn, each a form of one field (`value`).
                macro_rules! accepted {
                    ($answer:expr) => {
                        match $answer {
                            Ok(Elicitation::Accept(value)) => value,
                            other => return Ok(said(other)?),
                        }
                    };
                }
                let number = accepted!(
                    ask_number::<i16, _>(&ask, "A number?")
                        .range(-5..=300)
                        .reask(2)
                        .await
                );
                let name = accepted!(
                    ask_text(&ask, "A name?")
                        .min_length(2)
                        .max_length(12)
                        .reask(2)
                        .await
                );
                let plan = accepted!(ask_enum::<Plan, _>(&ask, "A plan?").reask(2).await);
                let repos = Options::new(REPOS.map(|(v, t, i)| (v, t, Repo(i)))).expect("options");
                let repo = accepted!(ask_select(&ask, "A repository?", repos).reask(2).await);
                Ok(text(format!("Accept({:?})", (number, name, plan, repo))))
            })
            .await
    }

    #[tool(description = "payment")]
    async fn payment(&self, call: ToolCall) -> Result<CallToolResponse, ErrorData> {
        call.relay_through_model(true)
            .run(&self.sealer, |ask| async move {
                Ok(said(
                    Payment::elicit(&ask, "How do you pay?").reask(2).await,
                )?)
            })
            .await
    }
}

#[tool_handler]
impl ServerHandler for Server {}

fn text(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

pub fn server() -> Server {
    let sealer = StateSealer::new(*b"the matrix test key of 32 bytes.").expect("a key");
    Server {
        pages: Pages::new(
            Interactions::default(),
            sealer.clone(),
            "https://app.example/elicit",
        )
        .expect("pages"),
        sealer,
    }
}

/// The server, its pages served on a loopback port (`http://127.0.0.1:PORT/elicit`),
/// where a test browser fills the page form in as the user `ada` (cookie `user=ada`).
pub async fn served() -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let port = listener.local_addr().expect("an address").port();
    let sealer = StateSealer::new(*b"the matrix test key of 32 bytes.").expect("a key");
    let pages = Pages::new(
        Interactions::default().allow_loopback_http(true),
        sealer.clone(),
        &format!("http://127.0.0.1:{port}/elicit"),
    )
    .expect("pages");
    let app = axum::Router::new().nest("/elicit", pages.router(login));
    tokio::spawn(async move { axum::serve(listener, app).await });
    Server { pages, sealer }
}

/// Who the page's request is signed in as: its `user=` cookie.
fn login(request: &axum::http::request::Parts) -> Option<String> {
    let cookies = request.headers.get("cookie")?.to_str().ok()?;
    cookies
        .split(';')
        .find_map(|c| c.trim().strip_prefix("user="))
        .map(str::to_owned)
}

pub fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect()
}
