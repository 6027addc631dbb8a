//! What a tool body asks with ([`Ask`]): forms through [`Elicit::elicit`](crate::Elicit::elicit),
//! the client's model and roots ([`InputAsk`]), and the effects kept once per call
//! ([`Ask::once`]). It sends directly on older revisions and through the layers of
//! `rounds` ([`Replay::rounds`](crate::rounds::Replay::rounds), [`Replay::relay`](crate::rounds::Replay::relay)) when the
//! call is replayed.

// Sampling and roots are deprecated by SEP-2577 in rmcp 3.9, but 2026-07-28 (the
// revision this crate speaks) still has them as input requests.
#![allow(deprecated)]

use std::fmt;
use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::{ClientCapabilities, CreateMessageRequestParams, CreateMessageResult, ListRootsResult};
use rmcp::service::RequestContext;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::reach::Reach;
use super::support_of;
use crate::exchange::error::{MalformedResult, Repr};
use crate::exchange::{Answer, ClientInfo, ElicitError, ElicitPeer, ElicitationSupport, Operation, Outgoing, Question};
use crate::form::echo_up_to;
use crate::locale::Locale;
use crate::revision::ProtocolRevision;
use crate::rounds::{EffectError, Kept, Rounds};

/// How much of why an answer is not its request's result is kept: serde's reason quotes
/// the value it could not read (`unknown variant `…``), which the client chose.
const WHY_CHARS: usize = 256;

/// The method of a `sampling/createMessage` input request.
pub(super) const SAMPLING: &str = "sampling/createMessage";
/// The method of a `roots/list` input request.
pub(super) const ROOTS: &str = "roots/list";

/// What the client declared it can do, for the request being answered.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Capabilities {
    pub(super) elicitation: ElicitationSupport,
    sampling: bool,
    roots: bool,
}

impl Capabilities {
    fn of(capabilities: Option<&ClientCapabilities>) -> Self {
        Capabilities {
            elicitation: support_of(capabilities),
            sampling: capabilities.is_some_and(|c| c.sampling.is_some()),
            roots: capabilities.is_some_and(|c| c.roots.is_some()),
        }
    }

    /// What the client of `context` can show the user: what it declared, without URL mode
    /// where it cannot be sent one (a revision without URL mode, 2025-06-18) or where its
    /// client profile says the link is not shown (Goose desktop: an Accept button without
    /// the URL, `ClientProfile::shows_url_mode`). There the relay, if on, gives the model
    /// the link instead, and without it URL mode is `ErrorKind::NotSupported` before
    /// anything is sent.
    pub(super) fn shown(context: &RequestContext<RoleServer>) -> Self {
        let mut capabilities = Capabilities::of(context.client_capabilities().as_ref());
        let revision = ElicitPeer::protocol_version(context).and_then(|v| v.parse::<ProtocolRevision>().ok());
        let link_shown = ElicitPeer::client_info(context).is_none_or(|client| client.profile().shows_url_mode());
        capabilities.elicitation.url &= revision.is_some_and(ProtocolRevision::has_url_mode) && link_shown;
        capabilities
    }
}

/// What a body asks with inside [`ToolCall::run`](super::ToolCall::run) (and [`PromptCall::run`](super::PromptCall::run),
/// [`ResourceCall::run`](super::ResourceCall::run)): pass `&ask` to [`Elicit::elicit`](crate::Elicit::elicit), or
/// ask the client's model ([`create_message`](Self::create_message)) or its roots
/// ([`list_roots`](Self::list_roots)). It sends directly on older revisions and plays a
/// round on 2026-07-28, where one round may hold a form, a sampling request and a roots
/// request together (start them together with `tokio::join!`).
#[derive(Clone)]
pub struct Ask {
    pub(super) inner: AskInner,
    /// The language of the call: the client's preference, else the server's default.
    pub(super) locale: Option<Locale>,
    /// Who the client of the call says it is.
    pub(super) client: Option<ClientInfo>,
}

#[derive(Clone)]
pub(super) enum AskInner {
    /// Up to 2025-11-25: requests go to the client.
    Direct { context: RequestContext<RoleServer>, operation: Arc<Operation> },
    /// Up to 2025-11-25 with the relay: questions the client cannot show go to its model,
    /// and the call is replayed on its call-back (the client's own answers kept in the
    /// round).
    Relay { relay: crate::rounds::ModelRelay<RequestContext<RoleServer>> },
    /// 2026-07-28: the body is replayed over rounds; with the relay, questions the
    /// request's capabilities cannot carry go to the model.
    Round { rounds: Rounds<RequestContext<RoleServer>>, capabilities: Capabilities },
}

impl fmt::Debug for Ask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.inner {
            AskInner::Direct { .. } => f.debug_struct("Ask::Direct").finish_non_exhaustive(),
            AskInner::Relay { .. } => f.debug_struct("Ask::Relay").finish_non_exhaustive(),
            AskInner::Round { capabilities, .. } => f.debug_struct("Ask::Round").field("capabilities", capabilities).finish_non_exhaustive(),
        }
    }
}

impl Ask {
    fn capabilities(&self) -> Capabilities {
        match &self.inner {
            AskInner::Direct { context, .. } => Capabilities::shown(context),
            AskInner::Relay { relay } => Capabilities::shown(relay.inner()),
            AskInner::Round { capabilities, .. } => *capabilities,
        }
    }

    /// What the client of this call can show: whether a form and a URL-mode request reach
    /// the user through the client, only through its model (the relay), or not at all,
    /// and whether a [`user_only`](crate::exchange::FormRequest::user_only) form can be
    /// answered. Known before anything is asked, so that the body can decline, or take
    /// another flow, before the user answers a first question ([`Reach`]).
    ///
    /// ```no_run
    /// # use elicit_runtime::rmcp::ToolCall;
    /// # use elicit_runtime::rounds::StateSealer;
    /// # use elicit_runtime::{Elicit, Elicitation};
    /// # use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
    /// # #[derive(Elicit)] struct Approve {}
    /// # async fn tool(call: ToolCall, sealer: StateSealer) -> Result<CallToolResponse, rmcp::ErrorData> {
    /// call.relay_through_model(true)
    ///     .run(&sealer, |ask| async move {
    ///         // The approval is the user's alone: say so now, not after a first question.
    ///         if !ask.reach().user_only() {
    ///             return Ok(CallToolResult::error(vec![ContentBlock::text("approve the transfer in the web app")]));
    ///         }
    ///         let approved = Approve::elicit(&ask, "Transfer 40 EUR?").user_only().await?;
    ///         Ok(CallToolResult::success(vec![ContentBlock::text(format!("{}", approved.accepted().is_some()))]))
    ///     })
    ///     .await
    /// # }
    /// ```
    pub fn reach(&self) -> Reach {
        let revision = ElicitPeer::protocol_version(self).and_then(|v| v.parse().ok());
        let relays = ElicitPeer::operation(self).is_some_and(Operation::relays_to_model);
        Reach::of(revision, self.capabilities().elicitation, relays)
    }

    /// Asks the client's model (`sampling/createMessage`). The client must have declared
    /// `sampling` ([`ErrorKind::NotSupported`](crate::exchange::ErrorKind::NotSupported) otherwise, nothing sent).
    pub fn create_message(&self, params: CreateMessageRequestParams) -> InputAsk<'_, CreateMessageResult> {
        InputAsk { ask: self, method: SAMPLING, params: serde_json::to_value(params).ok(), key: None, result: PhantomData }
    }

    /// Asks the client for its roots (`roots/list`). The client must have declared `roots`
    /// ([`ErrorKind::NotSupported`](crate::exchange::ErrorKind::NotSupported) otherwise, nothing sent).
    pub fn list_roots(&self) -> InputAsk<'_, ListRootsResult> {
        InputAsk { ask: self, method: ROOTS, params: Some(Value::Object(Map::new())), key: None, result: PhantomData }
    }

    async fn send<R: DeserializeOwned + Serialize>(&self, method: &'static str, params: Option<Value>, key: Option<String>) -> Result<R, ElicitError> {
        let capabilities = self.capabilities();
        match method {
            SAMPLING if !capabilities.sampling => return Err(Repr::ClientLacks("sampling").into()),
            ROOTS if !capabilities.roots => return Err(Repr::ClientLacks("roots").into()),
            _ => {}
        }
        let Some(Value::Object(params)) = params else {
            return Err(ElicitError::transport(std::io::Error::other("the request's params are not a JSON object")));
        };
        let number = ElicitPeer::operation(self).map_or(0, Operation::next_question);
        let outgoing = Outgoing::new(method, Question::Params(params), number).with_key(key);
        // Kept to pin the answer as read, when a round holds it.
        let asked = self.round().map(|_| outgoing.clone());
        let result = self.send_elicitation(outgoing).await?.result;
        if method == ROOTS {
            check_roots(&result).map_err(|why| ElicitError::malformed(MalformedResult::NotTheResult(why)))?;
        }
        let read: R =
            serde_json::from_value(result).map_err(|e| ElicitError::malformed(MalformedResult::NotTheResult(echo_up_to(&e.to_string(), WHY_CHARS))))?;
        // The next rounds carry the answer as it was read, not as the client padded it
        // (fields nobody reads would be sealed into every later state, up to its limit).
        if let (Some(round), Some(asked)) = (self.round(), asked)
            && let Ok(kept) = serde_json::to_value(&read)
        {
            round.record(&asked, kept);
        }
        Ok(read)
    }
}

/// How much of a root's URI an error repeats.
const URI_CHARS: usize = 64;

/// The rule the specification sets for `roots/list` results that serde's types do not
/// check: each root's `uri` is a URI (RFC 3986) that starts with `file://`. A root
/// elsewhere (`https:`, a bare path, an empty string) would be handed to the body as a
/// boundary of the file system.
fn check_roots(result: &Value) -> Result<(), String> {
    let Some(roots) = result.get("roots").and_then(Value::as_array) else {
        // Not a list of roots: serde says why.
        return Ok(());
    };
    for (i, root) in roots.iter().enumerate() {
        let Some(uri) = root.get("uri").and_then(Value::as_str) else { continue };
        let file = uri.get(..7).is_some_and(|scheme| scheme.eq_ignore_ascii_case("file://"));
        if !file || fluent_uri::Uri::parse(uri).is_err() {
            return Err(format!("root {i} is not a `file://` URI: `{}`", echo_up_to(uri, URI_CHARS)));
        }
    }
    Ok(())
}

/// A sampling or roots request about to be asked; `.await` sends it (or plays it in the
/// round). [`key`](Self::key) names its input key on 2026-07-28.
#[must_use = "a request is sent when it is awaited"]
pub struct InputAsk<'a, R> {
    ask: &'a Ask,
    method: &'static str,
    params: Option<Value>,
    key: Option<String>,
    result: PhantomData<fn() -> R>,
}

impl<R> fmt::Debug for InputAsk<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InputAsk").field("method", &self.method).field("key", &self.key).finish_non_exhaustive()
    }
}

impl<R> InputAsk<'_, R> {
    /// The input key of this request in an `InputRequiredResult` (2026-07-28), instead of
    /// the numbered one. Keys must be unique within the body and the same on every replay.
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }
}

impl<'a, R: DeserializeOwned + Serialize + Send + 'a> IntoFuture for InputAsk<'a, R> {
    type Output = Result<R, ElicitError>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.ask.send(self.method, self.params, self.key))
    }
}

impl Ask {
    /// Runs `effect` once per call, however often the body runs, and gives its value.
    ///
    /// On 2026-07-28 (and when the call is relayed through the model) the body runs again
    /// on each of the client's retries, so a side effect written in the body (sending an
    /// email, charging a card, a counter) would happen once per round. Put it in `once`:
    /// the first run does it and keeps its value, under `key`, in the call's sealed
    /// `requestState`; later runs of the same call get the kept value back without doing
    /// it again. On older revisions the body runs once and so does `effect`. A value kept
    /// under a key is read back as the type asked for: use one key per effect. The value
    /// is any type serde can write and read ([`Kept`]); an effect that can fail goes to
    /// [`try_once`](Self::try_once), which keeps the `Ok` value only.
    ///
    /// A client that retries with an *older* `requestState` (one sealed before the effect
    /// ran) replays from that point, as it may within the state's lifetime; an effect that
    /// must never repeat also needs an idempotency key of its own (the call's arguments,
    /// say) where it lands.
    ///
    /// ```no_run
    /// # use elicit_runtime::rmcp::ToolCall;
    /// # use elicit_runtime::rounds::StateSealer;
    /// # use elicit_runtime::{Elicit, Elicitation};
    /// # use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
    /// # #[derive(Elicit)] struct Address { city: String }
    /// # async fn ship(city: &str) -> u64 { 42 }
    /// # async fn tool(call: ToolCall, sealer: StateSealer) -> Result<CallToolResponse, rmcp::ErrorData> {
    /// call.run(&sealer, |ask| async move {
    ///     let Elicitation::Accept(address) = Address::elicit(&ask, "Where to?").await? else {
    ///         return Ok(CallToolResult::success(vec![ContentBlock::text("not shipped")]));
    ///     };
    ///     // Shipped once, even though a second question follows and the body runs again.
    ///     let parcel: u64 = ask.once("ship", || ship(&address.city)).await?;
    ///     let _ = Address::elicit(&ask, "And the invoice address?").await?;
    ///     Ok(CallToolResult::success(vec![ContentBlock::text(format!("parcel {parcel}"))]))
    /// })
    /// .await
    /// # }
    /// ```
    pub async fn once<T, F, Fut>(&self, key: &str, effect: F) -> Result<T, ElicitError>
    where
        T: Kept,
        F: FnOnce() -> Fut,
        Fut: Future<Output = T>,
    {
        self.try_once(key, || async { Ok::<T, ElicitError>(effect().await) }).await
    }

    /// [`once`](Self::once) for an effect that can fail: the `Ok` value is kept in the
    /// call's sealed state like `once`'s, and later runs of the same call read it back;
    /// the error is given back as it is, and nothing is kept, so the call ends with it
    /// (`?`) and a new call runs the effect again.
    ///
    /// The error is the author's: `rmcp::ErrorData`, the error of a tool body, or any
    /// type that can also carry the toolkit's [`ElicitError`] ([`EffectError`]), which
    /// `try_once` gives back when the kept value cannot be read as `T`
    /// ([`ErrorKind::Once`](crate::exchange::ErrorKind::Once)).
    ///
    /// ```no_run
    /// # use elicit_runtime::rmcp::ToolCall;
    /// # use elicit_runtime::rounds::StateSealer;
    /// # use elicit_runtime::{Elicit, Elicitation};
    /// # use rmcp::ErrorData;
    /// # use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock};
    /// # #[derive(Elicit)] struct Card { holder: String }
    /// # async fn charge(holder: &str) -> Result<String, std::io::Error> { Ok("ch_1".into()) }
    /// # async fn tool(call: ToolCall, sealer: StateSealer) -> Result<CallToolResponse, ErrorData> {
    /// call.run(&sealer, |ask| async move {
    ///     let Elicitation::Accept(card) = Card::elicit(&ask, "Whose card?").await? else {
    ///         return Ok(CallToolResult::success(vec![ContentBlock::text("not charged")]));
    ///     };
    ///     // Charged once; a failed charge ends the call and is not kept.
    ///     let receipt: String = ask
    ///         .try_once("charge", || async {
    ///             charge(&card.holder).await.map_err(|e| ErrorData::internal_error(e.to_string(), None))
    ///         })
    ///         .await?;
    ///     let _ = Card::elicit(&ask, "Send the receipt to whom?").await?;
    ///     Ok(CallToolResult::success(vec![ContentBlock::text(receipt)]))
    /// })
    /// .await
    /// # }
    /// ```
    pub async fn try_once<T, E, F, Fut>(&self, key: &str, effect: F) -> Result<T, E>
    where
        T: Kept,
        E: EffectError,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        let note = format!("once:{key}");
        // Only a replayed call keeps notes; a direct one runs its body once.
        let operation = self.round().map(|round| round.operation());
        if let Some(kept) = operation.and_then(|operation| operation.note(&note)) {
            return serde_json::from_str(&kept).map_err(|_| E::from(ElicitError::from(Repr::Once(key.to_owned()))));
        }
        let value = effect().await?;
        if let Some(operation) = operation {
            let kept = serde_json::to_string(&value).map_err(|_| E::from(ElicitError::from(Repr::Once(key.to_owned()))))?;
            operation.set_note(&note, kept);
        }
        Ok(value)
    }

    /// The round that keeps answers, if this call is replayed.
    fn round(&self) -> Option<&Arc<crate::rounds::Round>> {
        match &self.inner {
            AskInner::Direct { .. } => None,
            AskInner::Relay { relay } => Some(relay.round()),
            AskInner::Round { rounds, .. } => Some(rounds.round()),
        }
    }
}

impl ElicitPeer for Ask {
    fn protocol_version(&self) -> Option<String> {
        match &self.inner {
            AskInner::Direct { context, .. } => ElicitPeer::protocol_version(context),
            AskInner::Relay { relay } => relay.protocol_version(),
            AskInner::Round { rounds, .. } => rounds.protocol_version(),
        }
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        self.capabilities().elicitation
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
        // The common case, a direct request, awaits the transport's future in place; the
        // layers (answers kept for a replay, rounds) are boxed, so that their copies of the
        // request do not widen the future every pending form holds.
        match &self.inner {
            AskInner::Direct { context, .. } => context.send_elicitation(outgoing).await,
            AskInner::Relay { relay } => Box::pin(relay.send_elicitation(outgoing)).await,
            AskInner::Round { rounds, .. } => Box::pin(rounds.send_elicitation(outgoing)).await,
        }
    }

    async fn notify_elicitation_complete(&self, elicitation_id: &str) -> Result<(), ElicitError> {
        match &self.inner {
            AskInner::Direct { context, .. } => context.notify_elicitation_complete(elicitation_id).await,
            AskInner::Relay { relay } => relay.notify_elicitation_complete(elicitation_id).await,
            AskInner::Round { rounds, .. } => rounds.notify_elicitation_complete(elicitation_id).await,
        }
    }

    async fn report_waiting(&self, progress: u32, message: &str) {
        match &self.inner {
            AskInner::Direct { context, .. } => context.report_waiting(progress, message).await,
            AskInner::Relay { relay } => relay.report_waiting(progress, message).await,
            AskInner::Round { .. } => {}
        }
    }

    fn locale(&self) -> Option<Locale> {
        self.locale
    }

    fn client_info(&self) -> Option<ClientInfo> {
        self.client.clone()
    }

    /// The call's operation: its name and user, and for a call answered in rounds (or
    /// relayed through the model), what its replays keep.
    fn operation(&self) -> Option<&Operation> {
        match &self.inner {
            AskInner::Direct { operation, .. } => Some(operation),
            AskInner::Relay { relay } => relay.operation(),
            AskInner::Round { rounds, .. } => rounds.operation(),
        }
    }
}
