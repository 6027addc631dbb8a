//! Every way an exchange can end without an answer, spelled once: [`ElicitError`], one
//! opaque type (as `std::io::Error` and `reqwest::Error` are) whose [`ErrorKind`] says what
//! the caller does, with predicates for the common decisions and accessors for the
//! details (a call that cannot answer yet carries its [`Continuation`]). URL mode's own
//! errors live in [`url`](crate::url) and reach the caller as this error's
//! [`source`](Error::source).

use std::error::Error;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use super::continuation::Continuation;
use super::support::ElicitationSupport;
use crate::form::{InvalidContent, OptionsError, SchemaError};
use crate::revision::ProtocolRevision;

/// Why an elicitation did not produce an answer. Decline and cancel are answers
/// ([`Elicitation`](super::Elicitation)), never errors.
///
/// What to do about it is its [`kind`](Self::kind) ([`ErrorKind`]), in three groups:
///
/// - **nothing was sent**, the question cannot be asked here ([`nothing_sent`](Self::nothing_sent)):
///   the client or the revision lacks what it needs ([`is_not_supported`](Self::is_not_supported)),
///   or the request itself is wrong (a form the revision cannot express, options that
///   cannot be offered, a URL where none may be);
/// - **the call continues in another round** ([`ErrorKind::Continues`]): propagate it
///   with `?`, and the tool call ends with what the client needs to come back with the
///   answer (an `InputRequiredResult`, or error `-32042`): its [`continuation`](Self::continuation);
/// - **it failed**: the client did not answer ([`is_timeout`](Self::is_timeout),
///   [`is_cancelled`](Self::is_cancelled)), answered with something that is not an answer
///   ([`ErrorKind::Client`], [`ErrorKind::Malformed`], [`ErrorKind::FormNotShown`]) or with
///   content the form refuses ([`invalid`](Self::invalid): every violation), the
///   connection broke ([`is_transport`](Self::is_transport)), a URL-mode interaction
///   expired or its store failed.
///
/// Every failure has one spelling, whichever path reached it (the direct request of
/// 2025 revisions, a round of 2026-07-28, or reading a result with
/// [`Elicitation::from_result`](super::Elicitation::from_result)). Transports
/// ([`ElicitPeer`](super::ElicitPeer)) return the same type, made with
/// [`transport`](Self::transport), [`timeout`](Self::timeout), [`cancelled`](Self::cancelled)
/// and [`client`](Self::client).
///
/// `Display` says what went wrong and, where it helps, what to do; it does not repeat
/// [`source`](Error::source): print the chain (as `anyhow` does) for the detail. `Debug`
/// shows the failure and all its data.
///
/// ```
/// use std::time::Duration;
/// use elicit_runtime::{ElicitError, exchange::ErrorKind};
///
/// let err = ElicitError::timeout(Duration::from_secs(30));
/// assert_eq!(err.kind(), ErrorKind::Timeout);
/// assert!(err.is_timeout() && !err.nothing_sent());
/// assert_eq!(err.to_string(), "the user did not answer within 30s; the request was cancelled");
/// ```
#[derive(Clone, PartialEq)]
pub struct ElicitError(Box<Repr>);

/// What the caller does about an [`ElicitError`]: its [`kind`](ElicitError::kind). New
/// kinds may come (`#[non_exhaustive]`): match the ones you decide on, and treat the rest
/// as a failure.
///
/// ```
/// use elicit_runtime::{ElicitError, exchange::ErrorKind};
///
/// fn advice(err: &ElicitError) -> &'static str {
///     match err.kind() {
///         ErrorKind::NotSupported | ErrorKind::UnsupportedRevision => "ask in another way",
///         ErrorKind::Timeout | ErrorKind::Cancelled => "go on without the answer",
///         _ => "fail the call",
///     }
/// }
/// assert_eq!(advice(&ElicitError::cancelled(None)), "go on without the answer");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The client did not declare what the question needs (elicitation, form mode, URL
    /// mode, a capability such as `sampling`), or declares URL mode but does not show the
    /// link. Nothing was sent: go on without asking, or relay through the model.
    NotSupported,
    /// The negotiated protocol revision has no elicitation this crate speaks, or no URL
    /// mode (2025-06-18). Nothing was sent: ask in another way.
    UnsupportedRevision,
    /// The negotiated revision cannot express this form ([`SchemaError`] is the source).
    /// Nothing was sent: change the form.
    Schema,
    /// The options given for a run-time select cannot be offered ([`OptionsError`] is
    /// the source). Nothing was sent: offer other options, or do not ask.
    Options,
    /// The request breaks a rule of the specification: a form's message contains a URL,
    /// or a URL-mode request's URL, message or principal is wrong ([`ElicitError::url_rule`]).
    /// Nothing was sent: fix the request.
    Rule,
    /// Protocol revision 2026-07-28 has no server-to-client requests: run the tool body
    /// with `ToolCall::run`, so the question travels in an `InputRequiredResult`. Nothing
    /// was sent.
    NeedsInputRound,
    /// Two different questions of one body use the same input key (an author's `.key(...)`,
    /// or one that collides with a numbered key or a re-ask's `…-retry-1`): each answer
    /// is filed under its key, so the two would take each other's answers. Nothing was
    /// sent: give each its own key.
    DuplicateKey,
    /// `Ask::once`: what was kept under a key cannot be read back as the type asked for
    /// (two effects share the key), or the effect's value cannot be written into the
    /// sealed state. The effect is not run again: give each effect its own key.
    Once,
    /// The call goes on in another round: propagate the error with `?`; the tool call
    /// ends with what the client needs to come back ([`ElicitError::continuation`]).
    Continues,
    /// The client did not answer in time ([`ElicitError::timeout`]); it was told the
    /// request is cancelled.
    Timeout,
    /// The request was withdrawn before an answer came (the operation that asked for the
    /// input was cancelled); the client was told.
    Cancelled,
    /// The client answered with a JSON-RPC error (its code and message are in the text).
    Client,
    /// The connection failed or closed before an answer came; the transport's own error
    /// is the [`source`](Error::source).
    Transport,
    /// What came back is not an answer: not a valid `ElicitResult`, `accept` without
    /// `content` for a form with required fields, or a page's value that cannot be read.
    /// The detail is the text and its [`source`](Error::source).
    Malformed,
    /// The user accepted, but the content does not satisfy the form: every violation, by
    /// field, in [`ElicitError::invalid`]. Re-asked first with `.reask(n)`.
    Invalid,
    /// The client could not show this form: it answered `accept` with empty content
    /// (`{}`) to a form with required fields, which a client's own form never submits
    /// (Codex does this for a number or a multi-select). It is not the user's answer, so
    /// it is not re-asked: relay through the model (`ToolCall::relay_through_model`), or
    /// write the form for the client ([`SchemaOptions::client_profile`](crate::SchemaOptions::client_profile)).
    FormNotShown,
    /// The URL-mode interaction expired (or was forgotten) before the page completed it:
    /// start again.
    Expired,
    /// The URL-mode interaction store failed (its [`StoreError`](crate::url::StoreError)
    /// is the [`source`](Error::source)).
    Store,
}

/// Each failure, with its data: the one place that knows them all.
#[derive(Debug, Clone)]
pub(crate) enum Repr {
    /// The client declared no `elicitation` capability, or not form mode.
    NotSupported(ElicitationSupport),
    /// The client did not declare URL-mode elicitation, or its profile says it does not
    /// show the link (what it declared is carried).
    UrlNotSupported(ElicitationSupport),
    /// The client did not declare this capability (`"sampling"`, `"roots"`).
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code, reason = "asked for by rmcp's `Ask` only"))]
    ClientLacks(&'static str),
    /// The version string the session negotiated, if any.
    UnsupportedRevision(Option<String>),
    /// A protocol version string that is none of the revisions this crate speaks
    /// (`"...".parse::<ProtocolRevision>()`).
    UnknownRevision(String),
    /// The negotiated revision has no URL mode.
    UrlUnavailable(ProtocolRevision),
    Schema(SchemaError),
    Options { field: &'static str, error: OptionsError },
    /// The message of a form contains a URL.
    UrlInMessage,
    /// A URL-mode request breaks a rule: its `UrlError` (a type of `url`, above this floor).
    UrlRule(Arc<dyn Error + Send + Sync>),
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code, reason = "met by rmcp's transport and the rounds only"))]
    NeedsInputRound,
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code, reason = "met by the rounds only"))]
    DuplicateKey(String),
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code, reason = "met by rmcp's `Ask::once` only"))]
    Once(String),
    Continues(Continuation),
    Timeout(Duration),
    Cancelled(Option<String>),
    /// The JSON-RPC error code, and the message (from rmcp: its first 256 characters,
    /// and `…` when longer).
    Client { code: i64, message: String },
    Transport(Arc<dyn Error + Send + Sync>),
    Malformed(MalformedResult),
    /// `accept` without `content` for a form with required fields.
    AcceptWithoutContent,
    /// The page completed the interaction, but the value it received cannot be read:
    /// why, in words (never naming or quoting the value).
    #[cfg_attr(not(feature = "page"), allow(dead_code, reason = "met by the page only"))]
    PageValue(&'static str),
    Invalid(InvalidContent),
    FormNotShown,
    /// The URL-mode interaction expired.
    Expired,
    /// The interaction store failed: its `StoreError` (a type of `url`).
    Store(Arc<dyn Error + Send + Sync>),
}

impl From<Repr> for ElicitError {
    fn from(repr: Repr) -> Self {
        ElicitError(Box::new(repr))
    }
}

impl ElicitError {
    /// What the caller does about it: see [`ErrorKind`].
    pub fn kind(&self) -> ErrorKind {
        match &*self.0 {
            Repr::NotSupported(_) | Repr::UrlNotSupported(_) | Repr::ClientLacks(_) => ErrorKind::NotSupported,
            Repr::UnsupportedRevision(_) | Repr::UnknownRevision(_) | Repr::UrlUnavailable(_) => ErrorKind::UnsupportedRevision,
            Repr::Schema(_) => ErrorKind::Schema,
            Repr::Options { .. } => ErrorKind::Options,
            Repr::UrlInMessage | Repr::UrlRule(_) => ErrorKind::Rule,
            Repr::NeedsInputRound => ErrorKind::NeedsInputRound,
            Repr::DuplicateKey(_) => ErrorKind::DuplicateKey,
            Repr::Once(_) => ErrorKind::Once,
            Repr::Continues(_) => ErrorKind::Continues,
            Repr::Timeout(_) => ErrorKind::Timeout,
            Repr::Cancelled(_) => ErrorKind::Cancelled,
            Repr::Client { .. } => ErrorKind::Client,
            Repr::Transport(_) => ErrorKind::Transport,
            Repr::Malformed(_) | Repr::AcceptWithoutContent | Repr::PageValue(_) => ErrorKind::Malformed,
            Repr::Invalid(_) => ErrorKind::Invalid,
            Repr::FormNotShown => ErrorKind::FormNotShown,
            Repr::Expired => ErrorKind::Expired,
            Repr::Store(_) => ErrorKind::Store,
        }
    }

    /// Whether the error happened before anything was sent to the client.
    ///
    /// ```
    /// use elicit_runtime::ElicitError;
    ///
    /// assert!(!ElicitError::cancelled(None).nothing_sent());
    /// ```
    pub fn nothing_sent(&self) -> bool {
        match &*self.0 {
            Repr::NotSupported(_)
            | Repr::UrlNotSupported(_)
            | Repr::ClientLacks(_)
            | Repr::UnsupportedRevision(_)
            | Repr::UnknownRevision(_)
            | Repr::UrlUnavailable(_)
            | Repr::Schema(_)
            | Repr::Options { .. }
            | Repr::UrlInMessage
            | Repr::UrlRule(_)
            | Repr::NeedsInputRound
            | Repr::DuplicateKey(_) => true,
            Repr::Continues(continuation) => continuation.nothing_sent(),
            _ => false,
        }
    }

    /// Whether the client cannot be asked this way ([`ErrorKind::NotSupported`]): it did
    /// not declare the mode or capability the question needs. Nothing was sent.
    ///
    /// ```
    /// use elicit_runtime::ElicitError;
    ///
    /// assert!(!ElicitError::cancelled(None).is_not_supported());
    /// ```
    pub fn is_not_supported(&self) -> bool {
        self.kind() == ErrorKind::NotSupported
    }

    /// Whether the client did not answer in time ([`ErrorKind::Timeout`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::ElicitError;
    ///
    /// assert!(ElicitError::timeout(Duration::from_secs(5)).is_timeout());
    /// ```
    pub fn is_timeout(&self) -> bool {
        matches!(*self.0, Repr::Timeout(_))
    }

    /// Whether the request was withdrawn before an answer came ([`ErrorKind::Cancelled`]).
    ///
    /// ```
    /// use elicit_runtime::ElicitError;
    ///
    /// assert!(ElicitError::cancelled(Some("the user left".into())).is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        matches!(*self.0, Repr::Cancelled(_))
    }

    /// Whether the connection failed ([`ErrorKind::Transport`]).
    ///
    /// ```
    /// use elicit_runtime::ElicitError;
    ///
    /// assert!(ElicitError::transport(std::io::Error::other("closed")).is_transport());
    /// ```
    pub fn is_transport(&self) -> bool {
        matches!(*self.0, Repr::Transport(_))
    }

    /// Whether the accepted content does not satisfy the form ([`ErrorKind::Invalid`]);
    /// the violations are in [`invalid`](Self::invalid).
    ///
    /// ```
    /// use elicit_runtime::{Elicit, Elicitation};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug)]
    /// struct Signup {
    ///     #[elicit(min_length = 2)]
    ///     name: String,
    /// }
    ///
    /// let err = Elicitation::<Signup>::from_result(&json!({"action": "accept", "content": {"name": "A"}})).unwrap_err();
    /// assert!(err.is_invalid());
    /// ```
    pub fn is_invalid(&self) -> bool {
        matches!(*self.0, Repr::Invalid(_))
    }

    /// Whether the round of 2026-07-28 ends here and the call goes on with the client's
    /// retry ([`Continuation::InputRequired`]).
    ///
    /// ```
    /// use elicit_runtime::{ElicitError, exchange::Continuation};
    ///
    /// assert!(ElicitError::from(Continuation::InputRequired).is_input_required());
    /// ```
    pub fn is_input_required(&self) -> bool {
        matches!(*self.0, Repr::Continues(Continuation::InputRequired))
    }

    /// The content the form refused, with every violation by field ([`ErrorKind::Invalid`]).
    ///
    /// ```
    /// use elicit_runtime::{Elicit, Elicitation};
    /// use serde_json::json;
    ///
    /// #[derive(Elicit, Debug)]
    /// struct Signup {
    ///     #[elicit(min_length = 2)]
    ///     name: String,
    /// }
    ///
    /// let err = Elicitation::<Signup>::from_result(&json!({"action": "accept", "content": {"name": "A"}})).unwrap_err();
    /// assert_eq!(err.invalid().unwrap().violations()[0].field, "name");
    /// ```
    pub fn invalid(&self) -> Option<&InvalidContent> {
        match &*self.0 {
            Repr::Invalid(invalid) => Some(invalid),
            _ => None,
        }
    }

    /// How the call goes on ([`ErrorKind::Continues`]): what a server that is not rmcp's
    /// sends the client so it comes back with the answer.
    ///
    /// ```
    /// use elicit_runtime::{ElicitError, exchange::Continuation};
    ///
    /// let err = ElicitError::from(Continuation::InputRequired);
    /// assert_eq!(err.continuation(), Some(&Continuation::InputRequired));
    /// ```
    pub fn continuation(&self) -> Option<&Continuation> {
        match &*self.0 {
            Repr::Continues(continuation) => Some(continuation),
            _ => None,
        }
    }

    /// How long the caller waited before the error: the timeout that ran out
    /// ([`ErrorKind::Timeout`]), or the wait for a URL-mode interaction that is still
    /// pending ([`Continuation::StillPending`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::ElicitError;
    ///
    /// assert_eq!(ElicitError::timeout(Duration::from_secs(5)).waited(), Some(Duration::from_secs(5)));
    /// ```
    pub fn waited(&self) -> Option<Duration> {
        match &*self.0 {
            Repr::Timeout(waited) | Repr::Continues(Continuation::StillPending { waited, .. }) => Some(*waited),
            _ => None,
        }
    }

    /// The connection failed: a transport's own error ([`ErrorKind::Transport`], its
    /// [`source`](Error::source)).
    ///
    /// ```
    /// use std::error::Error as _;
    /// use elicit_runtime::ElicitError;
    ///
    /// let err = ElicitError::transport(std::io::Error::other("the pipe closed"));
    /// assert_eq!(err.to_string(), "the connection to the client failed");
    /// assert_eq!(err.source().unwrap().to_string(), "the pipe closed");
    /// ```
    pub fn transport(err: impl Error + Send + Sync + 'static) -> Self {
        Repr::Transport(Arc::new(err)).into()
    }

    /// The client did not answer within `after`: a transport that sets its own timer
    /// returns this once it told the client the request is cancelled ([`ErrorKind::Timeout`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::ElicitError;
    ///
    /// let err = ElicitError::timeout(Duration::from_millis(1500));
    /// assert_eq!(err.to_string(), "the user did not answer within 1.5s; the request was cancelled");
    /// ```
    pub fn timeout(after: Duration) -> Self {
        Repr::Timeout(after).into()
    }

    /// The request was withdrawn before an answer came, with the reason if one was given
    /// ([`ErrorKind::Cancelled`]).
    ///
    /// ```
    /// use elicit_runtime::ElicitError;
    ///
    /// assert_eq!(ElicitError::cancelled(Some("shutting down".into())).to_string(), "the elicitation was cancelled: shutting down");
    /// ```
    pub fn cancelled(reason: Option<String>) -> Self {
        Repr::Cancelled(reason).into()
    }

    /// The client answered with a JSON-RPC error: its `code` and `message` ([`ErrorKind::Client`]).
    ///
    /// ```
    /// use elicit_runtime::ElicitError;
    ///
    /// let err = ElicitError::client(-32601, "Method not found");
    /// assert_eq!(err.to_string(), "the client answered with error -32601: Method not found");
    /// ```
    pub fn client(code: i64, message: impl Into<String>) -> Self {
        Repr::Client { code, message: message.into() }.into()
    }

    /// The options an author gives for the run-time select `field` cannot be offered
    /// ([`ErrorKind::Options`]): what `Options::new(..)` refused, propagated from a tool
    /// with `?`.
    ///
    /// ```
    /// use elicit_runtime::{ElicitError, form::Options};
    ///
    /// let none: Vec<(String, String, u32)> = Vec::new();
    /// let err = Options::new(none).map_err(|error| ElicitError::options("repo", error)).unwrap_err();
    /// assert_eq!(err.to_string(), "the options of the run-time select `repo` cannot be offered; nothing was sent");
    /// ```
    pub fn options(field: &'static str, error: OptionsError) -> Self {
        Repr::Options { field, error }.into()
    }

    /// The failure and its data, for the crate's own decisions.
    pub(crate) fn repr(&self) -> &Repr {
        &self.0
    }

    /// The 2026-07-28 round ends here: [`Continuation::InputRequired`].
    pub(crate) fn input_required() -> Self {
        Repr::Continues(Continuation::InputRequired).into()
    }

    /// What came back cannot be read as an answer: why.
    pub(crate) fn malformed(why: MalformedResult) -> Self {
        Repr::Malformed(why).into()
    }

    /// The stable name of the failure (and of the continuation, or the URL-mode
    /// failure), in snake case: the `outcome` of the elicitation in spans and metrics
    /// ([`observe`](crate::observe)). Never carries what the client sent.
    pub(crate) fn outcome(&self) -> &'static str {
        match &*self.0 {
            Repr::NotSupported(_) => "not_supported",
            Repr::UnsupportedRevision(_) | Repr::UnknownRevision(_) => "unsupported_revision",
            Repr::Schema(_) => "schema",
            Repr::UrlInMessage => "url_in_message",
            Repr::NeedsInputRound => "needs_input_round",
            Repr::ClientLacks(_) => "client_lacks",
            Repr::DuplicateKey(_) => "duplicate_key",
            Repr::Options { .. } => "options",
            Repr::Continues(Continuation::InputRequired) => "input_required",
            Repr::Continues(Continuation::UrlRequired(_)) => "url_required",
            Repr::Continues(Continuation::StillPending { .. }) => "still_pending",
            #[cfg(feature = "dialects")]
            Repr::Continues(Continuation::ElicitationRequired(_)) => "elicitation_required",
            #[cfg(feature = "dialects")]
            Repr::Continues(Continuation::InteractionRequired(_)) => "interaction_required",
            Repr::Timeout(_) => "timeout",
            Repr::Cancelled(_) => "cancelled",
            Repr::Client { .. } => "client_error",
            Repr::Transport(_) => "transport",
            Repr::Malformed(_) => "malformed",
            Repr::AcceptWithoutContent => "accept_without_content",
            Repr::Invalid(_) => "invalid",
            Repr::FormNotShown => "form_not_shown",
            Repr::UrlRule(_) => "url_rule",
            Repr::UrlUnavailable(_) => "url_unavailable",
            Repr::UrlNotSupported(_) => "url_not_supported",
            Repr::Expired => "url_expired",
            Repr::Store(_) => "url_store",
            Repr::PageValue(_) => "url_page_value",
            Repr::Once(_) => "once",
        }
    }
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &*self.0 {
            Repr::NotSupported(support) if support.url => {
                f.write_str("the client supports only URL-mode elicitation, not forms; nothing was sent")
            }
            Repr::NotSupported(_) => f.write_str("the client did not declare the elicitation capability; nothing was sent"),
            Repr::UrlNotSupported(support) if support.url => f.write_str(
                "the client declares URL-mode elicitation but does not show the page's link to the user (its client profile); nothing was sent: turn the relay on, or say where the page is",
            ),
            Repr::UrlNotSupported(_) => f.write_str("the client did not declare URL-mode elicitation; nothing was sent"),
            Repr::ClientLacks(capability) => write!(f, "the client did not declare the `{capability}` capability; nothing was sent"),
            Repr::UnsupportedRevision(Some(v)) => {
                write!(f, "the session negotiated protocol version `{v}`, which has no elicitation this crate speaks; nothing was sent")
            }
            Repr::UnsupportedRevision(None) => f.write_str("the session has not negotiated a protocol version yet; nothing was sent"),
            Repr::UnknownRevision(v) => {
                write!(f, "unknown protocol revision `{v}`: elicitation is defined for 2025-06-18, 2025-11-25 and 2026-07-28")
            }
            Repr::UrlUnavailable(revision) => {
                write!(f, "protocol revision {revision} has no URL-mode elicitation (it arrived in 2025-11-25); nothing was sent")
            }
            Repr::Schema(_) => f.write_str("the form cannot be sent on the negotiated protocol revision; nothing was sent"),
            Repr::Options { field, .. } => write!(f, "the options of the run-time select `{field}` cannot be offered; nothing was sent"),
            Repr::UrlInMessage => {
                f.write_str("the message contains a URL, which form-mode elicitation must not carry (use URL mode); nothing was sent")
            }
            Repr::UrlRule(_) => f.write_str("the URL-mode request breaks a rule of the specification; nothing was sent"),
            Repr::NeedsInputRound => f.write_str(
                "protocol revision 2026-07-28 has no server-to-client requests: run the tool body with `ToolCall::run` so the form travels in an InputRequiredResult; nothing was sent",
            ),
            Repr::DuplicateKey(key) => {
                write!(f, "two different questions of one body use the input key `{key}`: give each its own key; nothing was sent")
            }
            Repr::Once(key) => write!(
                f,
                "the value of the effect run once under the key `{key}` cannot be kept in, or read back from, the requestState as its type: give each effect its own key and a type serde can write"
            ),
            Repr::Continues(continuation) => continuation.fmt(f),
            Repr::Timeout(after) => write!(f, "the user did not answer within {after:?}; the request was cancelled"),
            Repr::Cancelled(Some(reason)) => write!(f, "the elicitation was cancelled: {reason}"),
            Repr::Cancelled(None) => f.write_str("the elicitation was cancelled"),
            Repr::Client { code, message } => write!(f, "the client answered with error {code}: {message}"),
            Repr::Transport(_) => f.write_str("the connection to the client failed"),
            Repr::Malformed(MalformedResult::NotTheResult(_)) => f.write_str("the client's answer to a sampling or roots request cannot be read"),
            Repr::Malformed(_) => f.write_str("the client's elicitation result cannot be read"),
            Repr::AcceptWithoutContent => f.write_str("the client accepted the form but sent no `content`"),
            Repr::PageValue(why) => write!(f, "the page's answer cannot be read: {why}"),
            Repr::Invalid(_) => f.write_str("the accepted content does not satisfy the form"),
            Repr::FormNotShown => f.write_str(
                "the client could not show this form: it accepted with no content for a form with required fields, so the user answered nothing; it was not asked again",
            ),
            Repr::Expired => f.write_str("the URL-mode interaction expired before the user completed it"),
            Repr::Store(_) => f.write_str("the URL-mode interaction store failed"),
        }
    }
}

/// The failure and its data, as the crate's own enum spells it.
impl fmt::Debug for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Error for ElicitError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &*self.0 {
            Repr::Schema(err) => Some(err),
            Repr::Options { error, .. } => Some(error),
            Repr::Transport(err) | Repr::UrlRule(err) | Repr::Store(err) => Some(&**err),
            Repr::Malformed(err) => Some(err),
            Repr::Invalid(err) => Some(err),
            _ => None,
        }
    }
}

/// Equal when the failure and its data are; two transport errors are equal only when
/// they are the same error (one `Arc`), two URL-mode rules or store failures when their
/// texts are (which name all their data).
impl PartialEq for Repr {
    fn eq(&self, other: &Self) -> bool {
        use Repr as E;
        match (self, other) {
            (E::NotSupported(a), E::NotSupported(b)) | (E::UrlNotSupported(a), E::UrlNotSupported(b)) => a == b,
            (E::UnsupportedRevision(a), E::UnsupportedRevision(b)) => a == b,
            (E::UnknownRevision(a), E::UnknownRevision(b)) => a == b,
            (E::UrlUnavailable(a), E::UrlUnavailable(b)) => a == b,
            (E::Schema(a), E::Schema(b)) => a == b,
            (E::Options { field: a, error: e }, E::Options { field: b, error: f }) => a == b && e == f,
            (E::UrlInMessage, E::UrlInMessage)
            | (E::NeedsInputRound, E::NeedsInputRound)
            | (E::AcceptWithoutContent, E::AcceptWithoutContent)
            | (E::FormNotShown, E::FormNotShown)
            | (E::Expired, E::Expired) => true,
            (E::ClientLacks(a), E::ClientLacks(b)) | (E::PageValue(a), E::PageValue(b)) => a == b,
            (E::DuplicateKey(a), E::DuplicateKey(b)) | (E::Once(a), E::Once(b)) => a == b,
            (E::Continues(a), E::Continues(b)) => a == b,
            (E::Timeout(a), E::Timeout(b)) => a == b,
            (E::Cancelled(a), E::Cancelled(b)) => a == b,
            (E::Client { code: a, message: m }, E::Client { code: b, message: n }) => a == b && m == n,
            (E::Transport(a), E::Transport(b)) => Arc::ptr_eq(a, b),
            (E::UrlRule(a), E::UrlRule(b)) | (E::Store(a), E::Store(b)) => a.to_string() == b.to_string(),
            (E::Malformed(a), E::Malformed(b)) => a == b,
            (E::Invalid(a), E::Invalid(b)) => a == b,
            _ => false,
        }
    }
}

/// The revision cannot express the form ([`ErrorKind::Schema`]).
impl From<SchemaError> for ElicitError {
    fn from(err: SchemaError) -> Self {
        Repr::Schema(err).into()
    }
}

/// The content does not satisfy the form ([`ErrorKind::Invalid`]).
impl From<InvalidContent> for ElicitError {
    fn from(err: InvalidContent) -> Self {
        Repr::Invalid(err).into()
    }
}

/// The call goes on in another round ([`ErrorKind::Continues`]).
impl From<Continuation> for ElicitError {
    fn from(continuation: Continuation) -> Self {
        Repr::Continues(continuation).into()
    }
}

impl From<MalformedResult> for ElicitError {
    fn from(err: MalformedResult) -> Self {
        ElicitError::malformed(err)
    }
}

/// What is wrong with an `ElicitResult` that cannot be read as an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MalformedResult {
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
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code, reason = "met by rmcp's `Ask` only"))]
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

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;

/// A string that is none of the revisions this crate speaks is
/// [`ErrorKind::UnsupportedRevision`] (its text repeats the string, cut if long).
impl std::str::FromStr for ProtocolRevision {
    type Err = ElicitError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL.iter().copied().find(|r| r.as_str() == s).ok_or_else(|| Repr::UnknownRevision(crate::form::echo(s)).into())
    }
}
