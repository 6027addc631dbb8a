//! Every way an exchange can end without an answer, spelled once: [`ElicitError`],
//! grouped by what the caller does about it, with the two groups that have their own
//! type: [`Continuation`] (the call goes on in another round) and [`UrlModeError`] (URL
//! mode); the URL-mode errors are named from [`url`](crate::url), where they arise.

use std::error::Error;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value};

use super::support::ElicitationSupport;
use crate::form::{InvalidContent, SchemaError};
use crate::revision::ProtocolRevision;

/// Why an elicitation did not produce an answer. Decline and cancel are answers
/// ([`Elicitation`](super::Elicitation)), never errors.
///
/// The variants come in three groups, by what the caller does:
///
/// - **nothing was sent**, the question cannot be asked here: [`NotSupported`](Self::NotSupported),
///   [`UnsupportedRevision`](Self::UnsupportedRevision), [`Schema`](Self::Schema),
///   [`UrlInMessage`](Self::UrlInMessage), [`NeedsInputRound`](Self::NeedsInputRound),
///   [`ClientLacks`](Self::ClientLacks), [`DuplicateKey`](Self::DuplicateKey) (and the
///   URL-mode refusals, [`UrlModeError::nothing_sent`]); see [`nothing_sent`](Self::nothing_sent);
/// - **the call continues in another round**: [`Continues`](Self::Continues). Propagate
///   it with `?`: the tool call ends with what the client needs to come back with the
///   answer (an `InputRequiredResult`, or error `-32042`);
/// - **it failed**: the client did not answer ([`Timeout`](Self::Timeout),
///   [`Cancelled`](Self::Cancelled)), answered with an error or with something that is not
///   an answer ([`Client`](Self::Client), [`Malformed`](Self::Malformed),
///   [`AcceptWithoutContent`](Self::AcceptWithoutContent), [`Invalid`](Self::Invalid),
///   [`FormNotShown`](Self::FormNotShown)),
///   the connection broke ([`Transport`](Self::Transport)); and URL mode's own failures
///   in [`Url`](Self::Url).
///
/// Every failure has one variant, whichever path reached it (the direct request of
/// 2025 revisions, a round of 2026-07-28, or reading a result with
/// [`Elicitation::from_result`](super::Elicitation::from_result)). Transports
/// ([`ElicitPeer`](super::ElicitPeer)) return the same type.
///
/// `Display` says what went wrong and, where it helps, what to do; it does not repeat
/// [`source`](Error::source): print the chain (as `anyhow` does) for the detail.
///
/// ```
/// use elicit_runtime::{ElicitError, exchange::ElicitationSupport};
///
/// let err = ElicitError::NotSupported(ElicitationSupport::NONE);
/// assert_eq!(err.to_string(), "the client did not declare the elicitation capability; nothing was sent");
/// assert!(err.nothing_sent());
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum ElicitError {
    // Nothing was sent: the question cannot be asked here.
    /// The client declared no `elicitation` capability, or not form mode. Nothing was sent.
    NotSupported(ElicitationSupport),
    /// The session has no negotiated protocol revision that has elicitation (the version
    /// string it negotiated, if any). Nothing was sent.
    UnsupportedRevision(Option<String>),
    /// The negotiated revision cannot express this form. Nothing was sent.
    Schema(SchemaError),
    /// The message contains a URL, which the specification forbids in form mode. Nothing
    /// was sent.
    UrlInMessage,
    /// Protocol revision 2026-07-28 has no server-to-client requests; the elicitation
    /// must travel in an `InputRequiredResult` (run the tool body with
    /// `ToolCall::run`). Nothing was sent.
    NeedsInputRound,
    /// The client did not declare this capability (`"sampling"`, `"roots"`), which the
    /// request needs. Nothing was sent.
    ClientLacks(&'static str),
    /// 2026-07-28 (and answers kept for the model): two different questions of one body
    /// use this input key (an author's `.key(...)`, or one that collides with a numbered
    /// key or a re-ask's `…-retry-1`). Each answer is filed under its key, so the two
    /// would take each other's answers round after round. Nothing was sent.
    DuplicateKey(String),
    /// The options given for the run-time select `field` cannot be offered
    /// ([`OptionsError`](crate::form::OptionsError)). Nothing was sent.
    Options {
        /// The wire name of the field.
        field: &'static str,
        /// What is wrong with its options.
        error: crate::form::OptionsError,
    },

    // The call continues in another round.
    /// The answer comes with the client's retry of the call: propagate it (`?`), and the
    /// call ends with what the client needs to retry ([`Continuation`]).
    Continues(Continuation),

    // It failed.
    /// The client did not answer in time; it was told the request is cancelled.
    Timeout(Duration),
    /// The request was withdrawn before an answer came (the operation that asked for the
    /// input was cancelled); the client was told.
    Cancelled(Option<String>),
    /// The client answered with a JSON-RPC error.
    Client {
        /// The JSON-RPC error code.
        code: i64,
        /// The error message (from rmcp: its first 256 characters, and `…` when longer).
        message: String,
    },
    /// The connection failed or closed before an answer came; the transport's own error
    /// is the [`source`](Error::source).
    Transport(Arc<dyn Error + Send + Sync>),
    /// The client's result is not a valid `ElicitResult`.
    Malformed(MalformedResult),
    /// The user accepted, but the client sent no `content` (and the form has required
    /// fields: for a form whose fields are all optional, a missing `content` is read as
    /// an empty one).
    AcceptWithoutContent,
    /// The user accepted, but the content does not satisfy the form: every violation, by
    /// field.
    Invalid(InvalidContent),
    /// The client could not show this form: it answered `accept` with empty content
    /// (`{}`) to a form with required fields, which a client's own form never submits.
    /// Codex does this for every form with a number or a multi-select (its "Yes, provide
    /// the requested info"), and so may any client that cannot render a form. It is not
    /// the user's answer, so it is not re-asked (the same form would fail the same way).
    /// With [`ToolCall::relay_through_model`](crate::rmcp::ToolCall) (the author's
    /// choice) the client's model asks the user instead, once, and this error is returned
    /// only for a question that is the user's alone (`user_only`); otherwise write the
    /// form for the client ([`SchemaOptions::client_profile`](crate::SchemaOptions::client_profile)).
    /// An empty answer the model relayed is not this: it is re-asked as invalid.
    FormNotShown,
    /// URL mode failed, or could not be used: [`UrlModeError`].
    Url(UrlModeError),
    /// [`Ask::once`](crate::rmcp::Ask::once): what was kept under this key cannot be read
    /// back as the type asked for (two effects share the key), or the effect's value cannot
    /// be written into the sealed state. The effect is not run again.
    Once(String),
}

/// How a call that cannot answer yet goes on: what the client needs to come back with
/// the answer. Propagate [`ElicitError::Continues`] with `?`; the tool call ends with it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Continuation {
    /// 2026-07-28: this round ends with an `InputRequiredResult` carrying the questions;
    /// the client retries the call with the answers.
    InputRequired,
    /// URL mode, 2025-11-25: the request cannot go on until the user completes these
    /// URL-mode interactions (their `elicitation/create` params). The tool call ends with
    /// error `-32042` (URLElicitationRequiredError), and the client retries after the user
    /// opened the page.
    UrlRequired(Vec<Map<String, Value>>),
    /// URL mode, 2025-11-25: the user consented but did not complete the interaction
    /// within the time the tool waited. It stays pending until it expires; the tool call
    /// ends with `-32042` carrying the request again, so the client can retry once the
    /// page is done.
    StillPending {
        /// How long the tool waited.
        waited: Duration,
        /// The interaction's `elicitation/create` params, for the `-32042` error.
        elicitation: Map<String, Value>,
    },
    /// URL mode in the [`ElicitationTrack`](crate::dialect::Dialect::ElicitationTrack)
    /// dialect: as [`UrlRequired`](Self::UrlRequired), with that draft's error `-32604`
    /// (ElicitationRequired).
    #[cfg(feature = "dialects")]
    #[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
    ElicitationRequired(Vec<Map<String, Value>>),
    /// URL mode in the [`UserInteraction`](crate::dialect::Dialect::UserInteraction)
    /// dialect: the request cannot go on before this `ua` interaction (its `data`:
    /// `id`, `type`, `url`, `message`); error `-32003` `interaction_required`.
    #[cfg(feature = "dialects")]
    #[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
    InteractionRequired(Map<String, Value>),
}

impl Continuation {
    /// Whether anything was sent before the call ended: only an `InputRequiredResult`'s
    /// questions are; a URL-mode error carries its request to the client instead.
    fn nothing_sent(&self) -> bool {
        !matches!(self, Continuation::InputRequired | Continuation::StillPending { .. })
    }
}

impl fmt::Display for Continuation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Continuation::InputRequired => f.write_str("the answer comes with the client's retry (input required)"),
            Continuation::UrlRequired(_) => f.write_str("the user must complete a URL-mode interaction first (error -32042)"),
            Continuation::StillPending { waited, .. } => {
                write!(f, "the user did not complete the URL-mode interaction within {waited:?}; it is still pending")
            }
            #[cfg(feature = "dialects")]
            Continuation::ElicitationRequired(_) => f.write_str("the user must complete a URL-mode interaction first (error -32604)"),
            #[cfg(feature = "dialects")]
            Continuation::InteractionRequired(_) => f.write_str("the user must complete a user-agent interaction first (error -32003)"),
        }
    }
}

/// Why URL-mode elicitation failed or could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlModeError {
    /// The URL or the message breaks a rule of the specification. Nothing was sent.
    Rule(UrlError),
    /// The negotiated revision has no URL mode (2025-06-18). Nothing was sent.
    Unavailable(ProtocolRevision),
    /// The client did not declare URL-mode elicitation (what it declared is carried).
    /// Nothing was sent.
    NotSupported(ElicitationSupport),
    /// The interaction expired (or was forgotten) before the page completed it.
    Expired,
    /// The interaction store failed.
    Store(StoreError),
    /// The page completed the interaction, but the value it received cannot be read: why,
    /// in words (it never names or quotes the value).
    PageValue(&'static str),
}

impl UrlModeError {
    /// Whether the error happened before anything was sent to the client.
    pub fn nothing_sent(&self) -> bool {
        matches!(self, UrlModeError::Rule(_) | UrlModeError::Unavailable(_) | UrlModeError::NotSupported(_))
    }
}

impl fmt::Display for UrlModeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlModeError::Rule(_) => f.write_str("the URL-mode request breaks a rule of the specification; nothing was sent"),
            UrlModeError::Unavailable(revision) => {
                write!(f, "protocol revision {revision} has no URL-mode elicitation (it arrived in 2025-11-25); nothing was sent")
            }
            UrlModeError::NotSupported(support) if support.url => f.write_str(
                "the client declares URL-mode elicitation but does not show the page's link to the user (its client profile); nothing was sent: turn the relay on, or say where the page is",
            ),
            UrlModeError::NotSupported(_) => f.write_str("the client did not declare URL-mode elicitation; nothing was sent"),
            UrlModeError::Expired => f.write_str("the URL-mode interaction expired before the user completed it"),
            UrlModeError::Store(_) => f.write_str("the URL-mode interaction store failed"),
            UrlModeError::PageValue(why) => write!(f, "the page's answer cannot be read: {why}"),
        }
    }
}

impl Error for UrlModeError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            UrlModeError::Rule(err) => Some(err),
            UrlModeError::Store(err) => Some(err),
            _ => None,
        }
    }
}

/// Why a URL-mode request was not sent. Each says what to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlError {
    /// The URL does not parse as an absolute URL.
    Invalid {
        /// The URL as given.
        url: String,
        /// What the parser said.
        reason: String,
    },
    /// The scheme is neither `https` nor, for a loopback host with
    /// [`Interactions::allow_loopback_http`](crate::url::Interactions::allow_loopback_http),
    /// `http`.
    NotHttps {
        /// The scheme found.
        scheme: String,
    },
    /// `http` to a loopback host, which needs an explicit opt-in (development only).
    LoopbackHttpNotAllowed,
    /// The URL carries a user name or password (`https://user:pass@host/`).
    UserInfo,
    /// The URL has no host.
    NoHost,
    /// The message is empty: the user must be told why the page matters.
    EmptyMessage,
    /// The message contains a URL: the specification allows URLs only in `url`.
    UrlInMessage,
    /// The principal is empty: an interaction must be bound to an authenticated user,
    /// or any visitor of the page whose identity is empty could complete it.
    NoPrincipal,
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlError::Invalid { url, reason } => write!(f, "`{url}` is not a valid absolute URL ({reason}); nothing was sent"),
            UrlError::NotHttps { scheme } => {
                write!(f, "URL-mode elicitation needs an `https` URL, not `{scheme}`; nothing was sent")
            }
            UrlError::LoopbackHttpNotAllowed => f.write_str(
                "an `http` URL to a loopback host is for development only: enable it with `Interactions::allow_loopback_http(true)`, or use `https`; nothing was sent",
            ),
            UrlError::UserInfo => f.write_str("the URL carries a user name or password; remove them (identify the user on the page instead); nothing was sent"),
            UrlError::NoHost => f.write_str("the URL has no host; nothing was sent"),
            UrlError::EmptyMessage => f.write_str("the message is empty: tell the user why they should open the page; nothing was sent"),
            UrlError::UrlInMessage => f.write_str(
                "the message contains a URL, which the specification allows only in `url`; say what the page is for instead; nothing was sent",
            ),
            UrlError::NoPrincipal => f.write_str(
                "the principal is empty: bind the interaction to the authenticated user of the request (a token subject, a user id); nothing was stored or sent",
            ),
        }
    }
}

impl std::error::Error for UrlError {}

/// The store failed (or is unreachable); nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StoreError {
    /// The store holds as many pending interactions as it may; try again later.
    Full {
        /// Its capacity.
        capacity: usize,
    },
    /// The store (or the random source) could not be reached.
    Unavailable(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Full { capacity } => write!(f, "the interaction store holds its maximum of {capacity} pending interactions"),
            StoreError::Unavailable(why) => write!(f, "the interaction store is unavailable: {why}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl ElicitError {
    /// The stable name of the variant (and of the continuation, or the URL-mode
    /// failure), in snake case: the `outcome` of the elicitation in spans and metrics
    /// ([`observe`](crate::observe)). Never carries what the client sent.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            ElicitError::NotSupported(_) => "not_supported",
            ElicitError::UnsupportedRevision(_) => "unsupported_revision",
            ElicitError::Schema(_) => "schema",
            ElicitError::UrlInMessage => "url_in_message",
            ElicitError::NeedsInputRound => "needs_input_round",
            ElicitError::ClientLacks(_) => "client_lacks",
            ElicitError::DuplicateKey(_) => "duplicate_key",
            ElicitError::Options { .. } => "options",
            ElicitError::Continues(Continuation::InputRequired) => "input_required",
            ElicitError::Continues(Continuation::UrlRequired(_)) => "url_required",
            ElicitError::Continues(Continuation::StillPending { .. }) => "still_pending",
            #[cfg(feature = "dialects")]
            ElicitError::Continues(Continuation::ElicitationRequired(_)) => "elicitation_required",
            #[cfg(feature = "dialects")]
            ElicitError::Continues(Continuation::InteractionRequired(_)) => "interaction_required",
            ElicitError::Timeout(_) => "timeout",
            ElicitError::Cancelled(_) => "cancelled",
            ElicitError::Client { .. } => "client_error",
            ElicitError::Transport(_) => "transport",
            ElicitError::Malformed(_) => "malformed",
            ElicitError::AcceptWithoutContent => "accept_without_content",
            ElicitError::Invalid(_) => "invalid",
            ElicitError::FormNotShown => "form_not_shown",
            ElicitError::Url(UrlModeError::Rule(_)) => "url_rule",
            ElicitError::Url(UrlModeError::Unavailable(_)) => "url_unavailable",
            ElicitError::Url(UrlModeError::NotSupported(_)) => "url_not_supported",
            ElicitError::Url(UrlModeError::Expired) => "url_expired",
            ElicitError::Url(UrlModeError::Store(_)) => "url_store",
            ElicitError::Url(UrlModeError::PageValue(_)) => "url_page_value",
            ElicitError::Once(_) => "once",
        }
    }

    /// Whether the error happened before anything was sent to the client.
    pub fn nothing_sent(&self) -> bool {
        match self {
            ElicitError::NotSupported(_)
            | ElicitError::UnsupportedRevision(_)
            | ElicitError::Schema(_)
            | ElicitError::UrlInMessage
            | ElicitError::NeedsInputRound
            | ElicitError::ClientLacks(_)
            | ElicitError::DuplicateKey(_)
            | ElicitError::Options { .. } => true,
            ElicitError::Continues(continuation) => continuation.nothing_sent(),
            ElicitError::Url(url) => url.nothing_sent(),
            _ => false,
        }
    }

    /// A [`Transport`](ElicitError::Transport) error from the transport's own error.
    pub fn transport(err: impl Error + Send + Sync + 'static) -> Self {
        ElicitError::Transport(Arc::new(err))
    }

    /// The 2026-07-28 round ends here: [`Continuation::InputRequired`].
    pub(crate) const INPUT_REQUIRED: Self = ElicitError::Continues(Continuation::InputRequired);

    /// Whether this is [`Continuation::InputRequired`]: the round ends, the call goes on.
    pub fn is_input_required(&self) -> bool {
        matches!(self, ElicitError::Continues(Continuation::InputRequired))
    }
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::NotSupported(support) if support.url => {
                f.write_str("the client supports only URL-mode elicitation, not forms; nothing was sent")
            }
            ElicitError::NotSupported(_) => f.write_str("the client did not declare the elicitation capability; nothing was sent"),
            ElicitError::UnsupportedRevision(Some(v)) => {
                write!(f, "the session negotiated protocol version `{v}`, which has no elicitation this crate speaks; nothing was sent")
            }
            ElicitError::UnsupportedRevision(None) => f.write_str("the session has not negotiated a protocol version yet; nothing was sent"),
            ElicitError::Schema(_) => f.write_str("the form cannot be sent on the negotiated protocol revision; nothing was sent"),
            ElicitError::UrlInMessage => {
                f.write_str("the message contains a URL, which form-mode elicitation must not carry (use URL mode); nothing was sent")
            }
            ElicitError::NeedsInputRound => f.write_str(
                "protocol revision 2026-07-28 has no server-to-client requests: run the tool body with `ToolCall::run` so the form travels in an InputRequiredResult; nothing was sent",
            ),
            ElicitError::ClientLacks(capability) => write!(f, "the client did not declare the `{capability}` capability; nothing was sent"),
            ElicitError::DuplicateKey(key) => {
                write!(f, "two different questions of one body use the input key `{key}`: give each its own key; nothing was sent")
            }
            ElicitError::Options { field, .. } => write!(f, "the options of the run-time select `{field}` cannot be offered; nothing was sent"),
            ElicitError::Continues(continuation) => continuation.fmt(f),
            ElicitError::Timeout(after) => write!(f, "the user did not answer within {after:?}; the request was cancelled"),
            ElicitError::Cancelled(Some(reason)) => write!(f, "the elicitation was cancelled: {reason}"),
            ElicitError::Cancelled(None) => f.write_str("the elicitation was cancelled"),
            ElicitError::Client { code, message } => write!(f, "the client answered with error {code}: {message}"),
            ElicitError::Transport(_) => f.write_str("the connection to the client failed"),
            ElicitError::Malformed(MalformedResult::NotTheResult(_)) => f.write_str("the client's answer to a sampling or roots request cannot be read"),
            ElicitError::Malformed(_) => f.write_str("the client's elicitation result cannot be read"),
            ElicitError::AcceptWithoutContent => f.write_str("the client accepted the form but sent no `content`"),
            ElicitError::Invalid(_) => f.write_str("the accepted content does not satisfy the form"),
            ElicitError::FormNotShown => f.write_str(
                "the client could not show this form: it accepted with no content for a form with required fields, so the user answered nothing; it was not asked again",
            ),
            ElicitError::Url(url) => url.fmt(f),
            ElicitError::Once(key) => write!(
                f,
                "the value of the effect run once under the key `{key}` cannot be kept in, or read back from, the requestState as its type: give each effect its own key and a type serde can write"
            ),
        }
    }
}

impl Error for ElicitError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ElicitError::Schema(err) => Some(err),
            ElicitError::Options { error, .. } => Some(error),
            ElicitError::Transport(err) => Some(&**err),
            ElicitError::Malformed(err) => Some(err),
            ElicitError::Invalid(err) => Some(err),
            // Its own text is this error's: the chain goes on with its source.
            ElicitError::Url(err) => err.source(),
            _ => None,
        }
    }
}

/// Equal when the variant and its data are; two transport errors are equal only when
/// they are the same error (one `Arc`).
impl PartialEq for ElicitError {
    fn eq(&self, other: &Self) -> bool {
        use ElicitError as E;
        match (self, other) {
            (E::NotSupported(a), E::NotSupported(b)) => a == b,
            (E::UnsupportedRevision(a), E::UnsupportedRevision(b)) => a == b,
            (E::Schema(a), E::Schema(b)) => a == b,
            (E::Options { field: a, error: e }, E::Options { field: b, error: f }) => a == b && e == f,
            (E::UrlInMessage, E::UrlInMessage)
            | (E::NeedsInputRound, E::NeedsInputRound)
            | (E::AcceptWithoutContent, E::AcceptWithoutContent)
            | (E::FormNotShown, E::FormNotShown) => true,
            (E::ClientLacks(a), E::ClientLacks(b)) => a == b,
            (E::DuplicateKey(a), E::DuplicateKey(b)) | (E::Once(a), E::Once(b)) => a == b,
            (E::Continues(a), E::Continues(b)) => a == b,
            (E::Timeout(a), E::Timeout(b)) => a == b,
            (E::Cancelled(a), E::Cancelled(b)) => a == b,
            (E::Client { code: a, message: m }, E::Client { code: b, message: n }) => a == b && m == n,
            (E::Transport(a), E::Transport(b)) => Arc::ptr_eq(a, b),
            (E::Malformed(a), E::Malformed(b)) => a == b,
            (E::Invalid(a), E::Invalid(b)) => a == b,
            (E::Url(a), E::Url(b)) => a == b,
            _ => false,
        }
    }
}

impl From<SchemaError> for ElicitError {
    fn from(err: SchemaError) -> Self {
        ElicitError::Schema(err)
    }
}

impl From<InvalidContent> for ElicitError {
    fn from(err: InvalidContent) -> Self {
        ElicitError::Invalid(err)
    }
}

impl From<MalformedResult> for ElicitError {
    fn from(err: MalformedResult) -> Self {
        ElicitError::Malformed(err)
    }
}

impl From<Continuation> for ElicitError {
    fn from(continuation: Continuation) -> Self {
        ElicitError::Continues(continuation)
    }
}

impl From<UrlModeError> for ElicitError {
    fn from(err: UrlModeError) -> Self {
        ElicitError::Url(err)
    }
}

impl From<UrlError> for ElicitError {
    fn from(err: UrlError) -> Self {
        ElicitError::Url(UrlModeError::Rule(err))
    }
}

impl From<StoreError> for ElicitError {
    fn from(err: StoreError) -> Self {
        ElicitError::Url(UrlModeError::Store(err))
    }
}

/// What is wrong with an `ElicitResult` that cannot be read as an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MalformedResult {
    /// The result is not a JSON object.
    NotAnObject,
    /// The result has no `action`, or it is not a string.
    MissingAction,
    /// `action` is not `accept`, `decline` or `cancel`: the action sent, cut to its first
    /// 64 characters and `…` when longer (errors are logged and shown; a client's text is
    /// repeated, not copied whole).
    UnknownAction(String),
    /// `content` is present but not a JSON object.
    ContentNotAnObject,
    /// The answer to a sampling or roots request is not that request's result: why, cut
    /// to its first 256 characters and `…` when longer (the reason may quote what the
    /// client sent).
    NotTheResult(String),
}

impl fmt::Display for MalformedResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MalformedResult::NotAnObject => f.write_str("the result is not a JSON object"),
            MalformedResult::MissingAction => f.write_str("the result has no `action`"),
            MalformedResult::UnknownAction(a) => {
                write!(f, "the result has unknown action `{a}` (expected `accept`, `decline` or `cancel`)")
            }
            MalformedResult::ContentNotAnObject => f.write_str("the result's `content` is not a JSON object"),
            MalformedResult::NotTheResult(why) => write!(f, "the answer is not the request's result: {why}"),
        }
    }
}

impl Error for MalformedResult {}
