#![doc = include_str!("../../docs/testing.md")]

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, ElicitationCapability, FormElicitationCapability, Implementation,
    ProtocolVersion, UrlElicitationCapability,
};
use rmcp::service::{RunningService, ServiceError};
use rmcp::{ClientHandler, RoleClient, ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream};
use tokio_util::sync::CancellationToken;

use crate::exchange::ElicitationSupport;
use crate::exchange::Elicit;
use crate::revision::ProtocolRevision;

mod page;
pub mod spec;
mod clients;
mod over;
mod deployment;

pub use self::clients::RealClient;
pub use self::deployment::{Deployment, Spread};

#[cfg(feature = "page")]
#[cfg_attr(docsrs, doc(cfg(feature = "page")))]
pub use self::page::{PageAnswer, PageBrowser};
pub use self::page::{PageFillError, ServerPages};

/// One scripted answer to an `elicitation/create`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Reply {
    /// `{"action": "accept", "content": ...}`.
    Accept(Value),
    /// `{"action": "decline"}`.
    Decline,
    /// `{"action": "cancel"}`.
    Cancel,
    /// This JSON as the result, whatever it is (to test malformed answers).
    Raw(Value),
    /// A JSON-RPC error.
    Error {
        /// The error code.
        code: i64,
        /// The message.
        message: String,
    },
    /// Accept, picking options as a person does, by what they read: each string of this
    /// content (or of a list in it) that is the value or the title of an option of the
    /// select of that name in the request is sent as that option's value; where a
    /// multi-select is shown as checkboxes (2025-06-18, or a client without arrays) a
    /// list ticks the checkboxes of the options it names, found by value or title as the
    /// server names and titles them (in any language), and unticks the others. An option
    /// no checkbox shows, or a field the form does not show, is a line in the
    /// transcript's `violations`. Any other value is sent as it is (a select's value
    /// that is not an option included, to test a wrong answer). For selects whose options
    /// the tool gives at run time, where the test knows the titles it offered.
    Pick(Value),
    /// No answer at all (to test timeouts).
    Silence,
    /// URL mode: the user consents, opens the page and completes it there as `user`, who
    /// is logged in on the page. The client answers `accept` (consent) and completes the
    /// interaction in the [`Interactions`](crate::url::Interactions) given to [`ScriptedClient::pages`], as the
    /// server's page would once its login identified `user`: pass the principal that
    /// started the interaction to see the tool go on, another one to play the
    /// specification's phishing case (the completion is refused, nothing is stored). The
    /// interaction is found the same way on every revision: by the request's
    /// `elicitationId` where it has one (2025-11-25), else by an interaction id in the
    /// request's `url` (a query value or a path segment), which is where a page finds it.
    OpenPage {
        /// Who is logged in on the page.
        user: String,
    },
    /// The user fills in the form meaning to answer `content` (a value's
    /// [`to_content`](crate::Elicit::to_content); an option may be written as its title
    /// in any language, as the user reads it), in the client the [`ScriptedClient`] plays
    /// ([`plays`](ScriptedClient::plays)): what that client then sends. Options and
    /// checkboxes are found as for [`Reply::Pick`]; what the user means and the form does
    /// not show (a field, an option) is a line in the transcript's `violations`, never
    /// dropped silently. Build it with [`Reply::fill`].
    Fill {
        /// What the user means to answer, as the form's content.
        content: Map<String, Value>,
        /// The form, to find an option's title and a multi-select's checkboxes.
        schema: Option<&'static crate::form::FormSchema>,
    },
    /// A page form's page (`#[elicit(page)]`, feature `page`): the user consents, and fills
    /// in the form on the page as `user` with `content` (the form's content JSON, secrets
    /// included), which the page checks, seals and keeps as it completes the interaction,
    /// as it does for a browser. Give the client the server's
    /// [`Pages`](crate::page::Pages) with [`ScriptedClient::pages`]. Content the form
    /// refuses, or a page that refuses `user` (another user: the phishing case), completes
    /// nothing, and is said in the transcript's `violations`.
    FillPage {
        /// Who is logged in on the page.
        user: String,
        /// What they submit.
        content: Value,
    },
    /// This reply, sent after a while (a person taking their time).
    Delayed {
        /// How long the client waits before answering.
        after: std::time::Duration,
        /// The answer it then sends.
        reply: Box<Reply>,
    },
}

impl Reply {
    /// Accept with this content.
    pub fn accept(content: Value) -> Self {
        Reply::Accept(content)
    }

    /// Accept, picking options by value or title ([`Reply::Pick`]).
    ///
    /// ```
    /// use elicit_runtime::testing::Reply;
    /// use serde_json::json;
    ///
    /// let reply = Reply::pick(json!({"repo": "Web site", "notify": ["ops"]}));
    /// assert!(matches!(reply, Reply::Pick(_)));
    /// ```
    pub fn pick(content: Value) -> Self {
        Reply::Pick(content)
    }

    /// URL mode: consent to open the page, and nothing more (the page is never completed).
    pub fn consent() -> Self {
        Reply::Raw(json!({ "action": "accept" }))
    }

    /// URL mode: consent, then complete the page as `user`. See [`Reply::OpenPage`]. A
    /// page form (`#[elicit(page)]`) is answered with [`fill_page`](Self::fill_page).
    pub fn open_page(user: impl Into<String>) -> Self {
        Reply::OpenPage { user: user.into() }
    }

    /// A page form: consent, then fill in the form on the page as `user` with `content`.
    /// See [`Reply::FillPage`].
    ///
    /// ```
    /// use elicit_runtime::testing::Reply;
    /// use serde_json::json;
    ///
    /// let reply = Reply::fill_page("ada", json!({"key": "sk_live_0123456789abcdef"}));
    /// assert!(matches!(reply, Reply::FillPage { ref user, .. } if user == "ada"));
    /// ```
    pub fn fill_page(user: impl Into<String>, content: Value) -> Self {
        Reply::FillPage { user: user.into(), content }
    }

    /// This reply, sent after `after`.
    pub fn after(self, after: std::time::Duration) -> Self {
        Reply::Delayed { after, reply: Box::new(self) }
    }

    /// Accept with the content a client would send for `value`.
    pub fn accept_value<T: Elicit>(value: &T) -> Self {
        Reply::Accept(Value::Object(value.to_content()))
    }

    /// The user fills in the form meaning `value`, in the client played
    /// ([`Reply::Fill`]).
    pub fn fill<T: Elicit>(value: &T) -> Self {
        Reply::Fill { content: value.to_content(), schema: Some(T::SCHEMA) }
    }

    /// The user fills in a form meaning `content` (an object; options by value or by
    /// title), in the client played: for a form whose type the test cannot name (a step
    /// of an `ElicitChoice`).
    pub fn fill_json(content: Value) -> Self {
        Reply::Fill { content: content.as_object().cloned().unwrap_or_default(), schema: None }
    }
}

/// [`Reply::Pick`] as the content it sends for the request with `params` (and any other
/// reply as it is). A multi-select's options go to its checkboxes where the form shows
/// them so (found as [`Reply::Fill`] finds them); a field the form does not show, or an
/// option no checkbox of the field shows, is said in `missing`.
fn picked(reply: Reply, params: &Value, missing: &mut Vec<String>) -> Reply {
    let (Reply::Pick(Value::Object(content)), Some(properties)) = (&reply, params.pointer("/requestedSchema/properties").and_then(Value::as_object)) else {
        return match reply {
            Reply::Pick(content) => Reply::Accept(content),
            Reply::Delayed { after, reply } => Reply::Delayed { after, reply: Box::new(picked(*reply, params, missing)) },
            other => other,
        };
    };
    let mut out = Map::new();
    for (name, wanted) in content {
        match properties.get(name) {
            Some(property) => {
                let options = options_of(property);
                let value = match wanted {
                    Value::String(s) => value_of(&options, s),
                    Value::Array(items) => Value::Array(items.iter().map(|i| i.as_str().map_or_else(|| i.clone(), |s| value_of(&options, s))).collect()),
                    other => other.clone(),
                };
                out.insert(name.clone(), value);
            }
            // A multi-select shown as checkboxes (2025-06-18, or a client without arrays).
            None => {
                let wanted: Vec<&str> = match wanted {
                    Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
                    Value::String(s) => vec![s.as_str()],
                    _ => Vec::new(),
                };
                let own: Vec<&String> = crate::form::checkboxes_of(properties, name).collect();
                if own.is_empty() {
                    missing.push(format!("Reply::pick: the form has neither a property `{name}` nor its checkboxes"));
                    continue;
                }
                for property in own {
                    out.insert(property.clone(), false.into());
                }
                for w in wanted {
                    match crate::form::checkbox_in(properties, name, None, w) {
                        Some(property) => {
                            out.insert(property, true.into());
                        }
                        None => missing.push(format!("Reply::pick: no checkbox of `{name}` shows the option `{w}`")),
                    }
                }
            }
        }
    }
    Reply::Accept(Value::Object(out))
}

/// The options of a select property, `(value, title)`: `enum` (with `enumNames`),
/// `oneOf`, and a multi-select's `items`.
fn options_of(property: &Value) -> Vec<(String, String)> {
    let items = property.get("items").unwrap_or(property);
    if let Some(values) = items.get("enum").and_then(Value::as_array) {
        let names = property.get("enumNames").and_then(Value::as_array);
        return values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let v = v.as_str()?;
                Some((v.to_owned(), names.and_then(|n| n.get(i)).and_then(Value::as_str).unwrap_or(v).to_owned()))
            })
            .collect();
    }
    let titled = items.get("oneOf").or_else(|| items.get("anyOf")).and_then(Value::as_array);
    titled
        .into_iter()
        .flatten()
        .filter_map(|o| Some((o.get("const")?.as_str()?.to_owned(), o.get("title").and_then(Value::as_str).unwrap_or_default().to_owned())))
        .collect()
}

/// The value of the option whose value or title is `wanted`, else `wanted` itself.
fn value_of(options: &[(String, String)], wanted: &str) -> Value {
    let found = options.iter().find(|(v, _)| v == wanted).or_else(|| options.iter().find(|(_, t)| t == wanted));
    Value::from(found.map_or(wanted, |(v, _)| v.as_str()))
}

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
type Responder = Arc<dyn Fn(&Value) -> Reply + Send + Sync>;

struct Shared {
    replies: VecDeque<Reply>,
    responder: Option<Responder>,
    transcript: Transcript,
    /// 2026-07-28: raw replies to put in the retry's `inputResponses`, by input key.
    substitutions: std::collections::HashMap<String, Value>,
    /// Remove the `progressToken` of the next `tools/call` on the wire.
    strip_progress_token: bool,
    /// Where [`Reply::OpenPage`] and [`Reply::FillPage`] complete interactions.
    pages: Option<ServerPages>,
    /// SEP-2792: the user's preferred languages, put in the `_meta` of every request.
    accept_language: Option<Value>,
    /// The client whose form fills in [`Reply::Fill`].
    plays: RealClient,
}

impl Shared {
    /// The reply to a request with these `params`: the script, then the responder, then
    /// decline.
    fn next_reply(&mut self, params: &Value) -> Reply {
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
    fn record(&mut self, params: Value, official: Result<(), Vec<String>>, strict: Result<(), Vec<String>>) {
        if let Err(errors) = official {
            self.transcript.violations.extend(errors);
        } else if let Err(errors) = strict {
            self.transcript.undeclared.extend(errors);
        }
        self.transcript.requests.push(params);
    }
}

/// A client that answers elicitations from a script. See the [module docs](self).
#[derive(Clone)]
pub struct ScriptedClient {
    revision: ProtocolRevision,
    support: ElicitationSupport,
    replies: VecDeque<Reply>,
    responder: Option<Responder>,
    model_answer: Option<String>,
    roots: Option<Vec<(String, String)>>,
    pages: Option<ServerPages>,
    accept_language: Option<Value>,
    plays: RealClient,
    client_info: Option<(String, String)>,
}

impl fmt::Debug for ScriptedClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptedClient")
            .field("revision", &self.revision)
            .field("support", &self.support)
            .field("replies", &self.replies)
            .field("responder", &self.responder.is_some())
            .finish()
    }
}

impl ScriptedClient {
    /// A client that negotiates `revision` and declares form and URL mode (form only on
    /// 2025-06-18, which has no modes).
    pub fn new(revision: ProtocolRevision) -> Self {
        let support = if revision.has_modes() { ElicitationSupport::FORM_AND_URL } else { ElicitationSupport::FORM };
        Self {
            revision,
            support,
            replies: VecDeque::new(),
            responder: None,
            model_answer: None,
            roots: None,
            pages: None,
            accept_language: None,
            plays: RealClient::Spec,
            client_info: None,
        }
    }

    /// Plays `client` as it really is: introduces itself with its `clientInfo`,
    /// declares form mode, and URL mode only where the client has it, and fills in
    /// forms ([`Reply::Fill`]) the way it does ([`RealClient`]).
    ///
    /// ```
    /// use elicit_runtime::ProtocolRevision;
    /// use elicit_runtime::testing::{RealClient, Reply, ScriptedClient};
    /// use serde_json::json;
    ///
    /// let codex = ScriptedClient::new(ProtocolRevision::V2025_11_25).plays(RealClient::Codex).reply(Reply::fill_json(json!({"guests": 4})));
    /// # let _ = codex;
    /// ```
    pub fn plays(mut self, client: RealClient) -> Self {
        self.plays = client;
        if self.revision.has_modes() {
            self.support = if client.profile().shows_url_mode() { ElicitationSupport::FORM_AND_URL } else { ElicitationSupport::FORM };
        }
        self
    }

    /// Introduces itself as `name` `version` (`clientInfo`) instead, whatever it plays:
    /// a client the toolkit does not recognise, to see what happens without its profile.
    pub fn client_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.client_info = Some((name.into(), version.into()));
        self
    }

    /// Sends the user's preferred languages on every request, as SEP-2792 (a draft) has a
    /// client do: `params._meta["io.modelcontextprotocol/acceptLanguage"]` with this value,
    /// such as `"ko-KR, ko;q=0.9"` (any JSON, to test what a server makes of a malformed
    /// one).
    pub fn accept_language(mut self, value: impl Into<Value>) -> Self {
        self.accept_language = Some(value.into());
        self
    }

    /// The server's URL-mode pages, where [`Reply::OpenPage`] completes a page and
    /// [`Reply::FillPage`] fills in a page form: the same [`Interactions`](crate::url::Interactions) as the server's
    /// tools and page, or (feature `page`) the same [`Pages`](crate::page::Pages), which
    /// page forms need.
    pub fn pages(mut self, pages: impl Into<ServerPages>) -> Self {
        self.pages = Some(pages.into());
        self
    }

    /// Declares `sampling` and answers every `sampling/createMessage` with this text (as
    /// the assistant, model `scripted-model`).
    pub fn model_answer(mut self, text: impl Into<String>) -> Self {
        self.model_answer = Some(text.into());
        self
    }

    /// Declares `roots` and answers `roots/list` with these roots (`uri`, `name`).
    pub fn roots(mut self, roots: &[(&str, &str)]) -> Self {
        self.roots = Some(roots.iter().map(|(u, n)| ((*u).to_owned(), (*n).to_owned())).collect());
        self
    }

    /// Declares this elicitation support instead ([`ElicitationSupport::NONE`]: no
    /// `elicitation` capability at all).
    pub fn support(mut self, support: ElicitationSupport) -> Self {
        self.support = support;
        self
    }

    /// Appends a reply to the script. Elicitations beyond the script go to the
    /// [responder](Self::respond_with), or are declined.
    pub fn reply(mut self, reply: Reply) -> Self {
        self.replies.push_back(reply);
        self
    }

    /// Answers elicitations beyond the script by calling `responder` with the request's
    /// `params`, for answers that depend on the question.
    pub fn respond_with(mut self, responder: impl Fn(&Value) -> Reply + Send + Sync + 'static) -> Self {
        self.responder = Some(Arc::new(responder));
        self
    }

    #[allow(deprecated)] // sampling and roots: deprecated in rmcp by SEP-2577, still in 2026-07-28
    fn client_config(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        if self.model_answer.is_some() {
            capabilities.sampling = Some(Default::default());
        }
        if self.roots.is_some() {
            capabilities.roots = Some(Default::default());
        }
        capabilities.elicitation = match (self.support.form, self.support.url) {
            (false, false) => None,
            // The 2025-06-18 shape, which later revisions read as form only.
            (true, false) if !self.revision.has_modes() => Some(ElicitationCapability::default()),
            (form, url) => {
                let mut modes = ElicitationCapability::default();
                if form {
                    modes = modes.with_form(FormElicitationCapability::new());
                }
                if url {
                    modes = modes.with_url(UrlElicitationCapability::new());
                }
                Some(modes)
            }
        };
        let version = match self.revision {
            ProtocolRevision::V2025_06_18 => ProtocolVersion::V_2025_06_18,
            ProtocolRevision::V2025_11_25 => ProtocolVersion::V_2025_11_25,
            ProtocolRevision::V2026_07_28 => ProtocolVersion::V_2026_07_28,
        };
        let (name, version_of_client) = match &self.client_info {
            Some((name, version)) => (name.clone(), version.clone()),
            None => {
                let (name, version) = self.plays.client_info();
                (name.to_owned(), version.to_owned())
            }
        };
        ClientConfig::new(capabilities, Implementation::new(name, version_of_client)).with_protocol_version(version)
    }

    /// Starts `server` and connects to it in memory. The server runs until the session
    /// is dropped.
    pub async fn connect<S: ServerHandler>(self, server: S) -> Result<ScriptedSession, ScriptError> {
        self.start(move |server_io| {
            tokio::spawn(async move {
                if let Ok(running) = server.serve(server_io).await {
                    let _ = running.waiting().await;
                }
            });
        })
        .await
    }

    /// Connects to a server through an rmcp client transport: rmcp's streamable HTTP
    /// client to the server's URL (`StreamableHttpClientTransport::from_uri`, rmcp's
    /// feature `transport-streamable-http-client-reqwest`), or any other. The script,
    /// the transcript and its checks are those of [`connect`](Self::connect): every
    /// message still passes the client's wire tap. On 2026-07-28 rmcp's client puts the
    /// revision's `_meta` on each request and its HTTP transport the
    /// `MCP-Protocol-Version` header and the others the revision asks for. A
    /// [`Reply::Raw`] that is not a JSON-RPC message cannot travel over a typed
    /// transport, and is dropped. See [over HTTP](crate::testing#over-streamable-http).
    ///
    /// ```no_run
    /// use elicit_runtime::testing::{Reply, ScriptedClient};
    /// use elicit_runtime::ProtocolRevision;
    /// use rmcp::transport::StreamableHttpClientTransport;
    /// use serde_json::json;
    ///
    /// # async fn test(url: &str) -> Result<(), Box<dyn std::error::Error>> {
    /// let session = ScriptedClient::new(ProtocolRevision::V2026_07_28)
    ///     .reply(Reply::accept(json!({"name": "Ada"})))
    ///     .connect_over(StreamableHttpClientTransport::from_uri(url))
    ///     .await?;
    /// assert_eq!(session.call_tool_text("greet", json!({})).await?, "hello, Ada");
    /// # Ok(()) }
    /// ```
    pub async fn connect_over<T>(self, transport: T) -> Result<ScriptedSession, ScriptError>
    where
        T: rmcp::transport::Transport<RoleClient> + 'static,
    {
        self.start(move |server_io| {
            tokio::spawn(over::bridge(server_io, transport));
        })
        .await
    }

    /// The client, its wire tap, and the server's end of the tap given to `serve`.
    async fn start(self, serve: impl FnOnce(DuplexStream)) -> Result<ScriptedSession, ScriptError> {
        let (server_io, tap_server) = tokio::io::duplex(1 << 16);
        let (tap_client, client_io) = tokio::io::duplex(1 << 16);
        let shared = Arc::new(Mutex::new(Shared {
            replies: self.replies.clone(),
            responder: self.responder.clone(),
            transcript: Transcript::default(),
            substitutions: Default::default(),
            strip_progress_token: false,
            pages: self.pages.as_ref().map(ServerPages::for_session),
            accept_language: self.accept_language.clone(),
            plays: self.plays,
        }));

        serve(server_io);
        let cut = CancellationToken::new();
        tokio::spawn(tap(tap_server, tap_client, self.revision, shared.clone(), cut.clone()));

        let handler =
            ScriptHandler { info: self.client_config(), shared: shared.clone(), model_answer: self.model_answer.clone(), roots: self.roots.clone() };
        let client = match self.revision {
            // 2026-07-28 has no `initialize`: the client discovers the server.
            ProtocolRevision::V2026_07_28 => {
                use rmcp::service::{ClientLifecycleMode, ClientServiceExt};
                let mode = ClientLifecycleMode::Discover { preferred_versions: vec![ProtocolVersion::V_2026_07_28] };
                handler.serve_with_lifecycle(client_io, mode).await
            }
            _ => handler.serve(client_io).await,
        }
        .map_err(|e| ScriptError(format!("the client could not connect: {e}")))?;
        Ok(ScriptedSession { client, shared, cut })
    }
}

/// The rmcp client's handler. Up to 2025-11-25 the wire tap answers elicitations
/// before they reach it; on 2026-07-28 rmcp's client hands it the input requests of
/// each `InputRequiredResult`, and it answers them from the same script.
#[derive(Clone)]
struct ScriptHandler {
    info: ClientConfig,
    shared: Arc<Mutex<Shared>>,
    model_answer: Option<String>,
    roots: Option<Vec<(String, String)>>,
}

#[allow(deprecated)] // sampling and roots: deprecated in rmcp by SEP-2577, still in 2026-07-28
impl ClientHandler for ScriptHandler {
    fn get_info(&self) -> ClientConfig {
        self.info.clone()
    }

    async fn create_message(
        &self,
        _: rmcp::model::CreateMessageRequestParams,
        _: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::CreateMessageResult, rmcp::ErrorData> {
        let text = self.model_answer.clone().ok_or_else(rmcp::ErrorData::method_not_found::<rmcp::model::CreateMessageRequestMethod>)?;
        Ok(rmcp::model::CreateMessageResult::new(rmcp::model::SamplingMessage::assistant_text(text), "scripted-model".to_owned()))
    }

    async fn list_roots(&self, _: rmcp::service::RequestContext<RoleClient>) -> Result<rmcp::model::ListRootsResult, rmcp::ErrorData> {
        let roots = self.roots.clone().ok_or_else(rmcp::ErrorData::method_not_found::<rmcp::model::ListRootsRequestMethod>)?;
        Ok(rmcp::model::ListRootsResult::new(roots.into_iter().map(|(uri, name)| rmcp::model::Root::new(uri).with_name(name)).collect()))
    }

    async fn create_elicitation(
        &self,
        request: rmcp::model::ElicitRequestParams,
        context: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, rmcp::ErrorData> {
        use rmcp::model::{ElicitResult, ElicitationAction};
        let params = serde_json::to_value(&request).unwrap_or(Value::Null);
        let key = match serde_json::to_value(&context.id) {
            Ok(Value::String(key)) => key,
            Ok(other) => other.to_string(),
            Err(_) => String::new(),
        };
        let mut reply = self.shared.lock().map(|mut s| s.next_reply(&params)).unwrap_or(Reply::Decline);
        while let Reply::Delayed { after, reply: inner } = reply {
            tokio::time::sleep(after).await;
            reply = *inner;
        }
        match reply {
            Reply::Accept(content) => Ok(ElicitResult::new(ElicitationAction::Accept).with_content(content)),
            // `next_reply` has played a fill; an unplayed one is a decline.
            Reply::Decline | Reply::Fill { .. } => Ok(ElicitResult::new(ElicitationAction::Decline)),
            Reply::Cancel => Ok(ElicitResult::new(ElicitationAction::Cancel)),
            Reply::Raw(raw) => {
                // The tap puts the raw reply into the retry in place of this one.
                if let Ok(mut shared) = self.shared.lock() {
                    shared.substitutions.insert(key, raw);
                }
                Ok(ElicitResult::new(ElicitationAction::Decline))
            }
            Reply::Error { code, message } => Err(rmcp::ErrorData::new(rmcp::model::ErrorCode(code as i32), message, None)),
            // `next_reply` has turned it into consent.
            Reply::OpenPage { .. } | Reply::FillPage { .. } => Ok(ElicitResult::new(ElicitationAction::Accept)),
            Reply::Silence | Reply::Delayed { .. } => std::future::pending().await,
            // `next_reply` has turned it into `Accept`.
            Reply::Pick(content) => Ok(ElicitResult::new(ElicitationAction::Accept).with_content(content)),
        }
    }
}

/// The connection of a [`ScriptedClient`] to a server.
pub struct ScriptedSession {
    client: RunningService<RoleClient, ScriptHandler>,
    shared: Arc<Mutex<Shared>>,
    cut: CancellationToken,
}

impl ScriptedSession {
    /// Calls a tool and returns its result.
    pub async fn call_tool(&self, name: &str, arguments: Value) -> Result<CallToolResult, ServiceError> {
        let mut params = CallToolRequestParams::new(name.to_owned());
        if let Value::Object(arguments) = arguments {
            params = params.with_arguments(arguments);
        }
        self.client.call_tool(params).await
    }

    /// Calls a tool without a `progressToken` in the request's `_meta` (rmcp's client
    /// puts one on every request, as the TypeScript SDK does when asked for progress;
    /// this removes it on the wire, as a client that wants none would send it).
    pub async fn call_tool_without_progress_token(&self, name: &str, arguments: Value) -> Result<CallToolResult, ServiceError> {
        if let Ok(mut shared) = self.shared.lock() {
            shared.strip_progress_token = true;
        }
        self.call_tool(name, arguments).await
    }

    /// Gets a prompt, playing the rounds of 2026-07-28 as rmcp's client does.
    pub async fn get_prompt(&self, params: rmcp::model::GetPromptRequestParams) -> Result<rmcp::model::GetPromptResult, ServiceError> {
        self.client.get_prompt(params).await
    }

    /// Reads a resource, playing the rounds of 2026-07-28 as rmcp's client does.
    pub async fn read_resource(&self, params: rmcp::model::ReadResourceRequestParams) -> Result<rmcp::model::ReadResourceResult, ServiceError> {
        self.client.read_resource(params).await
    }

    /// The text of a tool result's content, joined by newlines.
    pub async fn call_tool_text(&self, name: &str, arguments: Value) -> Result<String, ServiceError> {
        let result = self.call_tool(name, arguments).await?;
        Ok(result.content.iter().filter_map(|c| c.as_text().map(|t| t.text.clone())).collect::<Vec<_>>().join("\n"))
    }

    /// Cuts the connection, as a network failure or a killed client process would: the
    /// server sees its input end with no `notifications/cancelled` for what was in
    /// flight, and the client's calls still waiting fail with a transport error.
    pub fn cut_connection(&self) {
        self.cut.cancel();
    }

    /// What the client saw so far.
    pub fn transcript(&self) -> Transcript {
        let Ok(shared) = self.shared.lock() else { return Transcript::default() };
        let mut transcript = shared.transcript.clone();
        transcript.violations.extend(shared.pages.iter().flat_map(ServerPages::problems));
        transcript
    }

    /// Fills in the page form behind `link` as `user` with `content`, as [`Reply::FillPage`]
    /// does, and returns once the page kept it: for a link the client did not open itself,
    /// such as the one the relay gave the model (feature `page`).
    ///
    /// ```no_run
    /// # use elicit_runtime::testing::ScriptedSession;
    /// # use serde_json::json;
    /// # async fn test(session: &ScriptedSession, link: &str) -> Result<(), Box<dyn std::error::Error>> {
    /// session.fill_page(link, "ada", json!({"key": "sk_live_0123456789abcdef"})).await?;
    /// # Ok(()) }
    /// ```
    pub async fn fill_page(&self, link: &str, user: &str, content: Value) -> Result<(), PageFillError> {
        let pages = self.shared.lock().ok().and_then(|s| s.pages.clone()).ok_or(PageFillError::NoPages)?;
        let id = page::link_interaction(link).ok_or_else(|| PageFillError::NoInteraction(link.to_owned()))?;
        pages.fill_id(&id, user, content).await
    }

    /// The rmcp client's peer, for anything else (listing tools, prompts...).
    pub fn peer(&self) -> &rmcp::Peer<RoleClient> {
        self.client.peer()
    }
}

impl fmt::Debug for ScriptedSession {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptedSession").field("transcript", &self.transcript()).finish_non_exhaustive()
    }
}

/// The scripted client could not start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError(String);

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScriptError {}

/// Sits on the wire between server and client: answers `elicitation/create` from the
/// script (so any JSON can be sent back), records what it sees, and passes everything
/// else through.
async fn tap(server: DuplexStream, client: DuplexStream, revision: ProtocolRevision, shared: Arc<Mutex<Shared>>, cut: CancellationToken) {
    let (server_read, server_write) = tokio::io::split(server);
    let (client_read, client_write) = tokio::io::split(client);
    let server_write = Arc::new(tokio::sync::Mutex::new(server_write));
    let client_write = Arc::new(tokio::sync::Mutex::new(client_write));

    let upstream = {
        let server_write = server_write.clone();
        let substitutions = shared.clone();
        async move {
            let mut lines = BufReader::new(client_read).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let line = substitute(line, &substitutions);
                if write_line(&mut *server_write.lock().await, &line).await.is_err() {
                    break;
                }
            }
            // The client is gone: the server must see its connection close, as it would
            // over stdio or HTTP, or whatever it waits for would wait forever.
            let _ = server_write.lock().await.shutdown().await;
        }
    };
    let downstream = {
        let (server_write, client_write) = (server_write.clone(), client_write.clone());
        async move {
            let mut lines = BufReader::new(server_read).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let message: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
                match message.get("method").and_then(Value::as_str) {
                    Some(method @ ("elicitation/create" | "interaction/create")) if message.get("id").is_some() => {
                        let answered = match method {
                            #[cfg(feature = "dialects")]
                            "interaction/create" => answer_interaction(&message, &shared),
                            _ => answer(&message, revision, &shared),
                        };
                        match answered {
                            Some((Some(after), answer)) => {
                                let server_write = server_write.clone();
                                tokio::spawn(async move {
                                    tokio::time::sleep(after).await;
                                    let _ = write_line(&mut *server_write.lock().await, &answer.to_string()).await;
                                });
                            }
                            Some((None, answer)) if write_line(&mut *server_write.lock().await, &answer.to_string()).await.is_err() => break,
                            Some((None, _)) | None => {}
                        }
                        continue;
                    }
                    Some("notifications/elicitation/complete") => {
                        let checked = spec::check(revision, spec::Strictness::Official, "ElicitationCompleteNotification", &message);
                        if let Ok(mut shared) = shared.lock() {
                            if let Err(errors) = checked {
                                shared.transcript.violations.extend(errors);
                            }
                            shared.transcript.completions.push(message.get("params").cloned().unwrap_or(Value::Null));
                        }
                    }
                    None if message.pointer("/error/code") == Some(&json!(-32042)) => {
                        let checked = spec::check(revision, spec::Strictness::Official, "URLElicitationRequiredError", &message);
                        if let Ok(mut shared) = shared.lock() {
                            if let Err(errors) = checked {
                                shared.transcript.violations.extend(errors);
                            }
                            shared.transcript.url_required.push(message["error"].clone());
                        }
                    }
                    Some("notifications/progress") => {
                        if let Ok(mut shared) = shared.lock() {
                            shared.transcript.progress.push(message.get("params").cloned().unwrap_or(Value::Null));
                        }
                    }
                    Some("notifications/cancelled") => {
                        if let Ok(mut shared) = shared.lock() {
                            shared.transcript.cancellations.push(message.get("params").cloned().unwrap_or(Value::Null));
                        }
                    }
                    None if message.pointer("/result/resultType") == Some(&json!("input_required")) => {
                        record_input_required(&message["result"], revision, &shared);
                    }
                    _ => {}
                }
                if write_line(&mut *client_write.lock().await, &line).await.is_err() {
                    break;
                }
            }
            let _ = client_write.lock().await.shutdown().await;
        }
    };
    tokio::select! {
        _ = async { tokio::join!(upstream, downstream) } => {}
        () = cut.cancelled() => {
            // The network between them fails: each side sees its connection close, and
            // neither hears from the other again.
            let _ = server_write.lock().await.shutdown().await;
            let _ = client_write.lock().await.shutdown().await;
        }
    }
}

/// Checks an `InputRequiredResult` against the official schema and records its
/// elicitation requests.
fn record_input_required(result: &Value, revision: ProtocolRevision, shared: &Mutex<Shared>) {
    let Ok(mut shared) = shared.lock() else { return };
    if let Err(errors) = spec::check(revision, spec::Strictness::Official, "InputRequiredResult", result) {
        shared.transcript.violations.extend(errors);
    }
    for request in result.get("inputRequests").and_then(Value::as_object).into_iter().flat_map(|m| m.values()) {
        if request.get("method").and_then(Value::as_str) != Some("elicitation/create") {
            continue;
        }
        let official = spec::check_request(revision, spec::Strictness::Official, request);
        let strict = spec::check_request(revision, spec::Strictness::Strict, request);
        shared.record(request.get("params").cloned().unwrap_or(Value::Null), official, strict);
    }
}

/// A request with the preferred languages in its `_meta` (responses and notifications as
/// they were).
fn with_accept_language(line: String, value: &Value) -> String {
    let Ok(mut message) = serde_json::from_str::<Value>(&line) else { return line };
    if message.get("method").is_none() || message.get("id").is_none() {
        return line;
    }
    let Some(params) = message.as_object_mut().and_then(|m| m.entry("params").or_insert_with(|| Value::Object(Map::new())).as_object_mut()) else {
        return line;
    };
    let Some(meta) = params.entry("_meta").or_insert_with(|| Value::Object(Map::new())).as_object_mut() else { return line };
    meta.insert(crate::locale::ACCEPT_LANGUAGE_META.to_owned(), value.clone());
    message.to_string()
}

/// Puts the scripted raw replies into a retry's `inputResponses`.
fn substitute(line: String, shared: &Mutex<Shared>) -> String {
    let Ok(mut shared) = shared.lock() else { return line };
    let line = match &shared.accept_language {
        Some(value) => with_accept_language(line, value),
        None => line,
    };
    if shared.strip_progress_token && line.contains("\"tools/call\"") {
        let Ok(mut message) = serde_json::from_str::<Value>(&line) else { return line };
        if let Some(meta) = message.pointer_mut("/params/_meta").and_then(Value::as_object_mut) {
            meta.remove("progressToken");
        }
        shared.strip_progress_token = false;
        return message.to_string();
    }
    if shared.substitutions.is_empty() || !line.contains("inputResponses") {
        return line;
    }
    let Ok(mut message) = serde_json::from_str::<Value>(&line) else { return line };
    let Some(responses) = message.pointer_mut("/params/inputResponses").and_then(Value::as_object_mut) else { return line };
    let keys: Vec<String> = responses.keys().filter(|k| shared.substitutions.contains_key(*k)).cloned().collect();
    for key in keys {
        if let Some(raw) = shared.substitutions.remove(&key) {
            responses.insert(key, raw);
        }
    }
    message.to_string()
}

async fn write_line<W: AsyncWrite + Unpin>(writer: &mut W, line: &str) -> std::io::Result<()> {
    writer.write_all(line.as_bytes()).await?;
    writer.write_all(b"\n").await?;
    writer.flush().await
}

/// The draft "User Interaction" dialect: records an `interaction/create`
/// request (the tests check it against the dialect's schema) and answers it from the
/// script: accept is `{content}` for a `prompt`, `{}` for a `ua`; decline and cancel are
/// the error the draft shows (code -1).
#[cfg(feature = "dialects")]
fn answer_interaction(request: &Value, shared: &Mutex<Shared>) -> Option<(Option<std::time::Duration>, Value)> {
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    let prompt = params.get("type") == Some(&json!("prompt"));
    let mut shared = shared.lock().ok()?;
    let mut reply = shared.next_reply(&params);
    shared.transcript.requests.push(params);
    let mut delay = None;
    while let Reply::Delayed { after, reply: inner } = reply {
        delay = Some(delay.unwrap_or_default() + after);
        reply = *inner;
    }
    let outcome = match reply {
        Reply::Accept(content) | Reply::Pick(content) if prompt => Ok(json!({ "content": content })),
        Reply::Accept(_) | Reply::Pick(_) => Ok(json!({})),
        Reply::Raw(result) => Ok(result),
        Reply::OpenPage { .. } | Reply::FillPage { .. } => Ok(json!({})),
        Reply::Decline | Reply::Cancel | Reply::Fill { .. } => Err(json!({ "code": -1, "message": "User did not consent to the interaction" })),
        Reply::Error { code, message } => Err(json!({ "code": code, "message": message })),
        Reply::Silence | Reply::Delayed { .. } => return None,
    };
    let response = match outcome {
        Ok(result) => json!({ "jsonrpc": "2.0", "id": id, "result": result }),
        Err(error) => json!({ "jsonrpc": "2.0", "id": id, "error": error }),
    };
    Some((delay, response))
}

/// Records and checks one request, and builds the scripted JSON-RPC answer and how long
/// to wait before sending it (`None`: stay silent).
fn answer(request: &Value, revision: ProtocolRevision, shared: &Mutex<Shared>) -> Option<(Option<std::time::Duration>, Value)> {
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    let official = spec::check_request(revision, spec::Strictness::Official, request);
    let strict = spec::check_request(revision, spec::Strictness::Strict, request);
    let mut shared = shared.lock().ok()?;
    let mut reply = shared.next_reply(&params);
    shared.record(params, official, strict);
    let mut delay = None;
    while let Reply::Delayed { after, reply: inner } = reply {
        delay = Some(delay.unwrap_or_default() + after);
        reply = *inner;
    }
    let result = match reply {
        Reply::Accept(content) | Reply::Pick(content) => json!({ "action": "accept", "content": content }),
        Reply::Decline | Reply::Fill { .. } => json!({ "action": "decline" }),
        Reply::Cancel => json!({ "action": "cancel" }),
        Reply::Raw(result) => result,
        Reply::OpenPage { .. } | Reply::FillPage { .. } => json!({ "action": "accept" }),
        Reply::Error { code, message } => {
            return Some((delay, json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })));
        }
        Reply::Silence | Reply::Delayed { .. } => return None,
    };
    let mut response = Map::new();
    response.insert("jsonrpc".into(), "2.0".into());
    response.insert("id".into(), id);
    response.insert("result".into(), result);
    Some((delay, Value::Object(response)))
}
