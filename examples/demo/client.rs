//! The client: an rmcp client that answers each elicitation in the terminal, or by itself
//! from a plan (no terminal on stdin, or `--auto`). Form mode shows the form; URL mode
//! shows the page's address and, once the user agrees, opens the page ([`crate::page`]).

use std::sync::{Arc, Mutex};

use elicit_runtime::url::Interactions;
use rmcp::ClientHandler;
use rmcp::RoleClient;
use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationCapability, ErrorData,
    FormElicitationCapability, Implementation, ProtocolVersion, UrlElicitationCapability,
};
use rmcp::service::RequestContext;
use serde_json::{Map, Value, json};

use crate::schema::auto_fill;
use crate::server::USER;
use crate::{page, terminal};

/// How the scripted client answers the next form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plan {
    Accept,
    Decline,
    Cancel,
    Invalid,
}

/// The answer a user gave to a form.
pub(crate) enum Answer {
    Accept(Map<String, Value>),
    Decline,
    Cancel,
}

#[derive(Clone)]
pub(crate) struct Client {
    pub(crate) version: ProtocolVersion,
    /// `None`: ask in the terminal.
    pub(crate) script: Option<Arc<Mutex<Plan>>>,
    /// The page's side of the URL-mode interactions: the browser this client opens pages
    /// in reaches the server's page ([`page::submit`]), not the MCP server.
    pub(crate) page: Interactions,
}

impl Client {
    fn plan(&self) -> Option<Plan> {
        self.script.as_ref().map(|plan| *plan.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// URL mode: the user consents (or not) in the client, then the browser opens the page
    /// and the user signs in there. The answer carries no content: the server learns the
    /// outcome from its page.
    async fn open_page(&self, message: String, url: String) -> Result<ElicitResult, ErrorData> {
        let consent = match self.plan() {
            None => {
                let url = url.clone();
                tokio::task::spawn_blocking(move || terminal::prompt_url(&message, &url))
                    .await
                    .map_err(|e| ErrorData::internal_error(e.to_string(), None))?
            }
            Some(plan) => {
                println!("[client] non-interactive: answering the request to open {} with plan {plan:?}", terminal::shown(&url));
                match plan {
                    Plan::Accept | Plan::Invalid => ElicitationAction::Accept,
                    Plan::Decline => ElicitationAction::Decline,
                    Plan::Cancel => ElicitationAction::Cancel,
                }
            }
        };
        if consent == ElicitationAction::Accept {
            println!("[browser] opens {}; {USER} signs in on the organiser's page", terminal::shown(&url));
            println!("[page] {}", terminal::shown(&page::submit(&self.page, &url, USER).await));
        }
        Ok(ElicitResult::new(consent))
    }
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let capabilities = if self.version == ProtocolVersion::V_2025_06_18 {
            // 2025-06-18 has one mode and declares it as `elicitation: {}`.
            ClientCapabilities::builder().enable_elicitation().build()
        } else {
            let modes = ElicitationCapability::new().with_form(FormElicitationCapability::new()).with_url(UrlElicitationCapability::new());
            ClientCapabilities::builder().enable_elicitation_with(modes).build()
        };
        ClientConfig::new(capabilities, Implementation::new("elicit-demo-client", env!("CARGO_PKG_VERSION"))).with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(&self, request: ElicitRequestParams, _context: RequestContext<RoleClient>) -> Result<ElicitResult, ErrorData> {
        // Read the request as plain JSON, the way any client sees it.
        let params = serde_json::to_value(&request).map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        let message = params.get("message").and_then(Value::as_str).unwrap_or_default().to_owned();
        if params.get("mode").and_then(Value::as_str) == Some("url") {
            let url = params.get("url").and_then(Value::as_str).unwrap_or_default().to_owned();
            return self.open_page(message, url).await;
        }
        let Some(schema) = params.get("requestedSchema").cloned() else {
            return Err(ErrorData::invalid_params("a form-mode request without a requestedSchema", None));
        };
        let answer = match self.plan() {
            None => tokio::task::spawn_blocking(move || terminal::prompt_form(&message, &schema))
                .await
                .map_err(|e| ErrorData::internal_error(e.to_string(), None))?,
            Some(plan) => {
                println!("[client] non-interactive: answering the form with plan {plan:?}");
                match plan {
                    Plan::Accept => Answer::Accept(auto_fill(&schema)),
                    Plan::Decline => Answer::Decline,
                    Plan::Cancel => Answer::Cancel,
                    Plan::Invalid => Answer::Accept(invalid_content()),
                }
            }
        };
        Ok(match answer {
            Answer::Accept(content) => ElicitResult::new(ElicitationAction::Accept).with_content(Value::Object(content)),
            Answer::Decline => ElicitResult::new(ElicitationAction::Decline),
            Answer::Cancel => ElicitResult::new(ElicitationAction::Cancel),
        })
    }
}

/// Content that breaks the registration form in seven ways (on 2025-06-18 `topics` is not
/// part of the form, so six).
pub(crate) fn invalid_content() -> Map<String, Value> {
    let content = json!({
        "name": "A",
        "email": "ada(at)example.com",
        "arrival": "next friday",
        "workshops": 9,
        "distance_km": -3.5,
        "ticket": "platinum",
        "topics": []
    });
    match content {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

#[cfg(test)]
mod tests {
    use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};

    use super::*;
    use crate::form::{Registration, Ticket};

    #[test]
    fn the_scripted_answers_do_what_the_demo_says() -> Result<(), Box<dyn std::error::Error>> {
        let schema = Registration::requested_schema(ProtocolRevision::V2025_11_25)?;
        let accepted = Registration::from_content(&auto_fill(schema.as_json()))?;
        assert_eq!(accepted.ticket, Ticket::Standard);
        assert_eq!(accepted.notes, None);
        let invalid = Registration::from_content(&invalid_content()).err().ok_or("invalid content was accepted")?;
        assert_eq!(invalid.violations().len(), 7);

        // 2025-06-18: the topics arrive as checkboxes, and are read back into the set.
        let schema = Registration::requested_schema(ProtocolRevision::V2025_06_18)?;
        let result = json!({"action": "accept", "content": auto_fill(schema.as_json())});
        let accepted = Elicitation::<Registration>::from_result_on(&result, ProtocolRevision::V2025_06_18)?.accepted().ok_or("not accepted")?;
        assert_eq!(accepted.topics.len(), 1);
        Ok(())
    }
}
