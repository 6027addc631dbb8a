//! Several instances of a server behind one address, as a load balancer puts them, for
//! the scripted client to drive over streamable HTTP: [`Deployment`].

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::http::{Request, Response, StatusCode};
use rmcp::ServerHandler;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use tokio_util::sync::CancellationToken;

/// The header of a streamable HTTP session (2025-06-18 and 2025-11-25).
const SESSION: &str = "mcp-session-id";

type Handle = Arc<dyn Fn(Request<Body>) -> Pin<Box<dyn Future<Output = Response<Body>> + Send>> + Send + Sync>;

/// Which instance of a [`Deployment`] a request that belongs to no session goes to: a
/// function of the request's number.
type Spread = Arc<dyn Fn(u64) -> usize + Send + Sync>;

struct Instance {
    handle: Mutex<Option<Handle>>,
    stop: CancellationToken,
}

struct State {
    instances: Vec<Instance>,
    spread: Spread,
    requests: AtomicU64,
    /// Which instance started each session: its requests go there, as behind a sticky
    /// load balancer (rmcp keeps a session in the memory of its instance).
    sessions: Mutex<HashMap<String, usize>>,
    /// The instance that served each `POST`, in order.
    served: Mutex<Vec<usize>>,
}

/// Several instances of one server behind one loopback address, each a streamable HTTP
/// service of its own (rmcp's `StreamableHttpService`, sessions in its own memory), with
/// requests spread across them by a rule the test picks (a function of the request's
/// number, such as `|n| n as usize`, round robin): what a load
/// balancer in front of a deployment does. Connect the scripted client to
/// [`url`](Self::url) with [`ScriptedClient::connect_over`](super::ScriptedClient::connect_over).
///
/// A request of a session (2025-06-18 and 2025-11-25 carry `Mcp-Session-Id`) goes to the
/// instance that started the session, as a sticky load balancer sends it; 2026-07-28 has
/// no sessions, so each request, each retry of a round included, goes where the rule says.
/// What the instances share (the `StateSealer` key, an interaction store such as
/// `RedisStore`) is the test's to give them, as in production.
/// [`stop`](Self::stop) takes an instance out: its sessions are gone (their requests are
/// answered `404`, and rmcp's HTTP client starts a new session), and the rule's requests
/// go to the next running one. Stops serving when
/// dropped. See [several instances](crate::testing#several-instances).
pub struct Deployment {
    url: String,
    state: Arc<State>,
    stop: CancellationToken,
}

impl fmt::Debug for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deployment").field("url", &self.url).field("instances", &self.state.instances.len()).finish_non_exhaustive()
    }
}

impl Deployment {
    /// Serves `instances` (each a server whose clones answer its sessions, as rmcp's
    /// factory makes one per session) on a free loopback port. The request numbered `n`
    /// (from 0, every request the deployment received) that belongs to no session goes to
    /// the instance `spread(n)` names, taken modulo the number of instances (a stopped
    /// one is passed over for the next running one): `|n| n as usize` is round robin,
    /// `|_| 0` sends everything to the first.
    ///
    /// ```no_run
    /// # use elicit_runtime::testing::Deployment;
    /// # async fn serve<S: rmcp::ServerHandler + Clone + Send + Sync + 'static>(a: S, b: S) -> std::io::Result<()> {
    /// // Everything to instance 0 but the third request, to instance 1.
    /// let deployment = Deployment::serve(vec![a, b], |n| usize::from(n == 2)).await?;
    /// # let _ = deployment; Ok(()) }
    /// ```
    pub async fn serve<S>(instances: Vec<S>, spread: impl Fn(u64) -> usize + Send + Sync + 'static) -> std::io::Result<Deployment>
    where
        S: ServerHandler + Clone + Send + Sync + 'static,
    {
        let spread: Spread = Arc::new(spread);
        if instances.is_empty() {
            return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "a deployment needs at least one instance"));
        }
        let stop = CancellationToken::new();
        let instances = instances
            .into_iter()
            .map(|server| {
                let instance_stop = stop.child_token();
                let config = StreamableHttpServerConfig::default().with_cancellation_token(instance_stop.clone());
                let service = StreamableHttpService::new(move || Ok(server.clone()), Arc::new(LocalSessionManager::default()), config);
                let handle: Handle = Arc::new(move |request: Request<Body>| {
                    let service = service.clone();
                    Box::pin(async move { service.handle(request).await.map(Body::new) })
                });
                Instance { handle: Mutex::new(Some(handle)), stop: instance_stop }
            })
            .collect();
        let state = Arc::new(State { instances, spread, requests: AtomicU64::new(0), sessions: Mutex::default(), served: Mutex::default() });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("http://{}/mcp", listener.local_addr()?);
        let routed = state.clone();
        let router = axum::Router::new().route(
            "/mcp",
            axum::routing::any(move |request: Request<Body>| {
                let state = routed.clone();
                async move { state.route(request).await }
            }),
        );
        let serving = stop.clone();
        tokio::spawn(async move {
            let _ = axum::serve(listener, router).with_graceful_shutdown(async move { serving.cancelled().await }).await;
        });
        Ok(Deployment { url, state, stop })
    }

    /// The deployment's address, `http://127.0.0.1:PORT/mcp`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Takes instance `index` out of the deployment, as a crash or a scale-down would:
    /// it serves nothing more, its sessions and what it held in memory are gone.
    pub fn stop(&self, index: usize) {
        if let Some(instance) = self.state.instances.get(index) {
            instance.handle.lock().unwrap_or_else(|e| e.into_inner()).take();
            instance.stop.cancel();
        }
    }

    /// The instance that served each `POST` (each JSON-RPC message the client sent), in
    /// the order they arrived.
    pub fn served(&self) -> Vec<usize> {
        self.state.served.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Drop for Deployment {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

impl State {
    fn handle(&self, index: usize) -> Option<Handle> {
        self.instances.get(index).and_then(|instance| instance.handle.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }

    /// The running instance the rule names for request `n`, or the next running one.
    fn pick(&self, n: u64) -> Option<(usize, Handle)> {
        let count = self.instances.len();
        let first = (self.spread)(n) % count;
        (0..count).map(|i| (first + i) % count).find_map(|index| self.handle(index).map(|handle| (index, handle)))
    }

    async fn route(&self, request: Request<Body>) -> Response<Body> {
        let n = self.requests.fetch_add(1, Ordering::SeqCst);
        let session = request.headers().get(SESSION).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let picked = match &session {
            Some(id) => {
                let owner = self.sessions.lock().unwrap_or_else(|e| e.into_inner()).get(id).copied();
                owner.and_then(|index| self.handle(index).map(|handle| (index, handle)))
            }
            None => self.pick(n),
        };
        let Some((index, handle)) = picked else {
            let status = if session.is_some() { StatusCode::NOT_FOUND } else { StatusCode::SERVICE_UNAVAILABLE };
            return Response::builder().status(status).body(Body::empty()).unwrap_or_default();
        };
        if request.method() == axum::http::Method::POST {
            self.served.lock().unwrap_or_else(|e| e.into_inner()).push(index);
        }
        let response = handle(request).await;
        if session.is_none()
            && let Some(started) = response.headers().get(SESSION).and_then(|v| v.to_str().ok())
        {
            self.sessions.lock().unwrap_or_else(|e| e.into_inner()).insert(started.to_owned(), index);
        }
        response
    }
}
