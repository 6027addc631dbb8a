//! What the scripted client saw ([`Transcript`]) and the state it shares with its wire
//! tap ([`super::tap`]): the script's replies still to give, and what the tap recorded.

use std::collections::VecDeque;
use std::sync::Arc;

use serde_json::Value;

use super::reply::picked;
use super::{RealClient, Reply, ServerPages, page};

/// What the scripted client saw.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct Transcript {
    /// The `params` of every `elicitation/create` received, exactly as they arrived.
    pub requests: Vec<Value>,
    /// Where a request broke the official schema of its revision.
    pub violations: Vec<String>,
    /// Keys of a request that the official schema types do not declare, so that a strict
    /// client would drop them (such as `pattern`).
    pub undeclared: Vec<String>,
    /// The `params` of every `notifications/cancelled` received.
    pub cancellations: Vec<Value>,
    /// The `params` of every `notifications/progress` received.
    pub progress: Vec<Value>,
    /// The `params` of every `notifications/elicitation/complete` received (URL mode,
    /// 2025-11-25), each checked against the official schema.
    pub completions: Vec<Value>,
    /// The `error` of every `-32042` (URLElicitationRequiredError) response received,
    /// each checked against the official schema.
    pub url_required: Vec<Value>,
}

/// Computes a reply from the `params` of the request it answers.
pub(super) type Responder = Arc<dyn Fn(&Value) -> Reply + Send + Sync>;

pub(super) struct Shared {
    pub(super) replies: VecDeque<Reply>,
    pub(super) responder: Option<Responder>,
    pub(super) transcript: Transcript,
    /// 2026-07-28: raw replies to put in the retry's `inputResponses`, by input key.
    pub(super) substitutions: std::collections::HashMap<String, Value>,
    /// Remove the `progressToken` of the next `tools/call` on the wire.
    pub(super) strip_progress_token: bool,
    /// Where [`Reply::OpenPage`] and [`Reply::FillPage`] complete interactions.
    pub(super) pages: Option<ServerPages>,
    /// SEP-2792: the user's preferred languages, put in the `_meta` of every request.
    pub(super) accept_language: Option<Value>,
    /// The client whose form fills in [`Reply::Fill`].
    pub(super) plays: RealClient,
}

impl Shared {
    /// The reply to a request with these `params`: the script, then the responder, then
    /// decline.
    pub(super) fn next_reply(&mut self, params: &Value) -> Reply {
        let reply = match (self.replies.pop_front(), &self.responder) {
            (Some(reply), _) => reply,
            (None, Some(responder)) => responder(params),
            (None, None) => Reply::Decline,
        };
        let mut missing = Vec::new();
        let reply = picked(reply, params, &mut missing);
        let reply = self.fill(reply, params, &mut missing);
        self.transcript.violations.extend(missing);
        self.open_page(reply, params)
    }

    /// Plays [`Reply::Fill`] in the client played.
    fn fill(&self, reply: Reply, params: &Value, missing: &mut Vec<String>) -> Reply {
        match reply {
            Reply::Delayed { after, reply } => Reply::Delayed { after, reply: Box::new(self.fill(*reply, params, missing)) },
            Reply::Fill { content, schema } => self.plays.fill(params, &content, schema, missing),
            other => other,
        }
    }

    /// Plays [`Reply::OpenPage`] and [`Reply::FillPage`]: completes the interaction as
    /// its user (in a task, as a browser would, while the client answers) and answers
    /// with consent.
    fn open_page(&mut self, reply: Reply, params: &Value) -> Reply {
        let (user, content, name) = match reply {
            Reply::Delayed { after, reply } => return Reply::Delayed { after, reply: Box::new(self.open_page(*reply, params)) },
            Reply::OpenPage { user } => (user, None, "Reply::OpenPage"),
            Reply::FillPage { user, content } => (user, Some(content), "Reply::FillPage"),
            other => return other,
        };
        match (&self.pages, page::page_interaction(params)) {
            (Some(pages), Some(id)) => pages.play(id, user, content),
            (None, _) => self.transcript.violations.push(format!("{name} needs the server's pages to complete the page: ScriptedClient::pages(..)")),
            (Some(_), None) => self.transcript.violations.push(format!("{name} answered a request with no interaction id: {params}")),
        }
        Reply::consent()
    }

    /// Records a request and what the official schema says of it.
    pub(super) fn record(&mut self, params: Value, official: Result<(), Vec<String>>, strict: Result<(), Vec<String>>) {
        if let Err(errors) = official {
            self.transcript.violations.extend(errors);
        } else if let Err(errors) = strict {
            self.transcript.undeclared.extend(errors);
        }
        self.transcript.requests.push(params);
    }
}
