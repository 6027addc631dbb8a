//! Where pending interactions live: the [`InteractionStore`] trait, and what it stores.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, SystemTime};

use super::error::{CompleteError, StoreError};

/// The id of an interaction: 256 bits from the operating system's random source, in
/// lowercase hex. Unguessable, so it can travel in the page's URL; it identifies, it does
/// not authenticate (the page still identifies the user).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InteractionId(String);

impl InteractionId {
    /// A new random id.
    pub fn random() -> Result<Self, StoreError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| StoreError::Unavailable(e.to_string()))?;
        let mut hex = String::with_capacity(64);
        for byte in bytes {
            hex.push(char::from(b"0123456789abcdef"[usize::from(byte >> 4)]));
            hex.push(char::from(b"0123456789abcdef"[usize::from(byte & 15)]));
        }
        Ok(Self(hex))
    }

    /// Reads an id that came back from outside (the page's URL): exactly 64 lowercase hex
    /// digits, anything else is no id of ours.
    pub fn parse(text: &str) -> Option<Self> {
        (text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))).then(|| Self(text.to_owned()))
    }

    /// The id as text (for the page's URL, and as the `elicitationId` of 2025-11-25).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for InteractionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for InteractionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Enough to tell ids apart in logs without printing a usable one.
        write!(f, "InteractionId({}…)", &self.0[..8.min(self.0.len())])
    }
}

/// The longest an interaction lives, whatever `ttl` a store is given: ten years. A longer
/// one (`Duration::MAX`) is cut to it rather than overflow a clock or a Redis integer.
pub const MAX_TTL: Duration = Duration::from_secs(10 * 365 * 24 * 60 * 60);

/// One pending (or completed) URL-mode interaction: who started it, for what, until when.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Interaction {
    /// Its id.
    pub id: InteractionId,
    /// The authenticated user who started it; only this user may complete it.
    pub principal: String,
    /// What it is for, as the tool named it (`"api-key"`): one interaction per principal
    /// and purpose at a time, so a retried call finds the one it started.
    pub purpose: String,
    /// When it stops being valid.
    pub expires_at: SystemTime,
    /// Whether the page completed it.
    pub completed: bool,
}

/// Where pending URL-mode interactions live. [`MemoryStore`](super::MemoryStore) is the
/// default; a shared store lets several server instances serve one interaction (the tool
/// waits on one, the page completes on another).
///
/// Implementations keep no more than the [`Interaction`] record (no user input), forget
/// it when it expires, and make [`complete`](Self::complete) atomic: two calls for one
/// id never both succeed. Each method returns its future boxed
/// (`Box::pin(async move { ... })`), as a trait used as `dyn InteractionStore` must.
pub trait InteractionStore: Send + Sync + 'static {
    /// The interaction of `principal` for `purpose` that is still valid (pending or
    /// completed), or a new pending one expiring after `ttl` (at most [`Interactions::MAX_TTL`](super::Interactions::MAX_TTL)).
    fn start<'a>(&'a self, principal: &'a str, purpose: &'a str, ttl: Duration) -> Pin<Box<dyn Future<Output = Result<Interaction, StoreError>> + Send + 'a>>;

    /// The interaction with this id, if it is known and has not expired.
    fn get<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<Option<Interaction>, StoreError>> + Send + 'a>>;

    /// What [`complete`](Self::complete) would answer, without completing: the pending
    /// interaction, or why completing it would be refused (for a page deciding what to
    /// show before the user submits anything).
    fn check<'a>(&'a self, id: &'a InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>>;

    /// Marks the interaction completed, if `principal` is the one who started it.
    /// Refusals: [`CompleteError::Unknown`] for an id never issued (or long forgotten),
    /// [`CompleteError::Expired`], [`CompleteError::AlreadyCompleted`] (also after the
    /// tool consumed the completion), [`CompleteError::WrongUser`].
    fn complete<'a>(&'a self, id: &'a InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>>;

    /// Resolves when the interaction is completed (at once if it is), or with `false`
    /// when it expires or is forgotten first. Callers bound the wait with their own
    /// timeout.
    fn wait_completed<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<bool, StoreError>> + Send + 'a>>;

    /// Forgets the interaction (the tool consumed its completion, or gave up). A value
    /// kept by [`complete_with`](Self::complete_with) stays until it is taken or expires.
    fn forget<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'a>>;

    /// Completes the interaction as [`complete`](Self::complete) does and, in the same
    /// step, keeps `value` beside it until [`value`](Self::value) takes it or the
    /// interaction's lifetime ends: what a page form's page received, sealed by the page
    /// (the store never sees it in clear). Refused as `complete` is, keeping nothing.
    ///
    /// The default refuses: a store that cannot keep values cannot serve page forms.
    fn complete_with<'a>(&'a self, id: &'a InteractionId, principal: &'a str, value: Vec<u8>) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>> {
        let _ = (id, principal, value);
        Box::pin(async { Err(CompleteError::Store(StoreError::Unavailable("this interaction store cannot keep a page's value".to_owned()))) })
    }

    /// The value [`complete_with`](Self::complete_with) kept, if it is still there;
    /// with `take`, deleted as it is read (atomically: two takers never both get it).
    #[allow(clippy::type_complexity, reason = "the boxed future written out, as implementations write it")]
    fn value<'a>(&'a self, id: &'a InteractionId, take: bool) -> Pin<Box<dyn Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send + 'a>> {
        let _ = (id, take);
        Box::pin(async { Ok(None) })
    }
}
