//! The scripted client itself: [`ScriptedClient`] (the script, what the client
//! declares, how it connects) and the [`ScriptedSession`] it opens.

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, ElicitationCapability, FormElicitationCapability, Implementation,
    ProtocolVersion, UrlElicitationCapability,
};
use rmcp::service::{RunningService, ServiceError};
use rmcp::{ClientHandler, RoleClient, ServerHandler, ServiceExt};
use serde_json::Value;
use tokio::io::DuplexStream;
use tokio_util::sync::CancellationToken;

use super::tap::tap;
use super::transcript::{Responder, Shared, Transcript};
use super::{RealClient, Reply, ServerPages, over, page};
use crate::exchange::ElicitationSupport;
use crate::revision::ProtocolRevision;

/// A client that answers elicitations from a script. See the [module docs](crate::testing).
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
            self.support = if client.declares_url_mode() { ElicitationSupport::FORM_AND_URL } else { ElicitationSupport::FORM };
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
        .map_err(|e| ScriptError::Connect(e.to_string()))?;
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
    pub async fn fill_page(&self, link: &str, user: &str, content: Value) -> Result<(), ScriptError> {
        let pages = self.shared.lock().ok().and_then(|s| s.pages.clone()).ok_or(ScriptError::NoPages)?;
        let id = page::link_interaction(link).ok_or_else(|| ScriptError::NoInteraction(link.to_owned()))?;
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

/// What the scripted client could not do: start ([`ScriptedClient::connect`]), or fill in
/// a page ([`ScriptedSession::fill_page`]).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ScriptError {
    /// The client could not connect to the server: what rmcp said.
    Connect(String),
    /// The client was given no [`Pages`](crate::page::Pages) (`ScriptedClient::pages(pages)`),
    /// only interactions or nothing.
    NoPages,
    /// The link names no interaction (no id in a query value or a path segment).
    NoInteraction(String),
    /// The interaction is not a page form's (a plain URL-mode page: [`Reply::open_page`]),
    /// or this server's `Pages` has not registered its form.
    NotAPageForm,
    /// The content is not a JSON object.
    NotAnObject,
    /// The form refused the content (the page would show these problems and keep nothing).
    Invalid(crate::form::InvalidContent),
    /// The page refused this user, or the interaction is gone (as it would refuse a
    /// browser: the phishing case, an expired or used link).
    Refused(crate::url::CompleteError),
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptError::Connect(why) => write!(f, "the client could not connect: {why}"),
            ScriptError::NoPages => f.write_str("filling in a page form needs the server's `Pages`: `ScriptedClient::pages(pages.clone())`"),
            ScriptError::NoInteraction(link) => write!(f, "the link names no interaction: {link}"),
            ScriptError::NotAPageForm => {
                f.write_str("the interaction is not a registered page form's (a plain URL-mode page is answered with `Reply::open_page`)")
            }
            ScriptError::NotAnObject => f.write_str("a page form's content is a JSON object, by field name"),
            ScriptError::Invalid(_) => f.write_str("the form refused the content"),
            ScriptError::Refused(_) => f.write_str("the page refused to complete the interaction"),
        }
    }
}

impl std::error::Error for ScriptError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ScriptError::Invalid(err) => Some(err),
            ScriptError::Refused(err) => Some(err),
            _ => None,
        }
    }
}
