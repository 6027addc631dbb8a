//! [`MemoryStore`]: pending interactions in this process's memory, the default store.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use tokio::sync::watch;

use super::store::{CompleteError, Interaction, InteractionId, InteractionStore, StoreError, StoreFuture};

/// Pending interactions in memory: bounded in number, each forgotten when it expires.
/// Enough for one server process; several instances need a shared store.
///
/// ```
/// use elicit_runtime::url::{InteractionStore, MemoryStore, CompleteError};
/// use std::time::Duration;
///
/// # tokio_test_block_on(async {
/// let store = MemoryStore::new(100);
/// let started = store.start("alice", "api-key", Duration::from_secs(60)).await?;
/// // The same principal and purpose find the same interaction.
/// assert_eq!(store.start("alice", "api-key", Duration::from_secs(60)).await?.id, started.id);
/// assert_eq!(store.complete(&started.id, "mallory").await, Err(CompleteError::WrongUser));
/// assert!(store.complete(&started.id, "alice").await.is_ok());
/// assert_eq!(store.complete(&started.id, "alice").await, Err(CompleteError::AlreadyCompleted));
/// assert_eq!(store.wait_completed(&started.id).await?, true);
/// # Ok::<(), Box<dyn std::error::Error>>(()) }).unwrap();
/// # fn tokio_test_block_on<F: std::future::Future>(f: F) -> F::Output {
/// #     tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap().block_on(f)
/// # }
/// ```
#[derive(Debug)]
pub struct MemoryStore {
    capacity: usize,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    entries: HashMap<InteractionId, Entry>,
    by_purpose: HashMap<(String, String), InteractionId>,
}

#[derive(Debug)]
struct Entry {
    interaction: Interaction,
    completed: watch::Sender<bool>,
}

impl State {
    /// Forgets every expired interaction.
    fn purge(&mut self, now: SystemTime) {
        let expired: Vec<InteractionId> =
            self.entries.iter().filter(|(_, e)| e.interaction.expires_at <= now).map(|(id, _)| id.clone()).collect();
        for id in expired {
            self.remove(&id);
        }
    }

    fn remove(&mut self, id: &InteractionId) {
        if let Some(entry) = self.entries.remove(id) {
            let key = (entry.interaction.principal, entry.interaction.purpose);
            if self.by_purpose.get(&key) == Some(id) {
                self.by_purpose.remove(&key);
            }
        }
    }
}

impl MemoryStore {
    /// A store holding at most `capacity` interactions at a time (pending or completed
    /// and not yet expired).
    pub fn new(capacity: usize) -> Self {
        Self { capacity, state: Mutex::new(State::default()) }
    }

    /// How many interactions it holds now (expired ones included until the next purge).
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Default for MemoryStore {
    /// Room for 10,000 interactions.
    fn default() -> Self {
        Self::new(10_000)
    }
}

impl InteractionStore for MemoryStore {
    fn start<'a>(&'a self, principal: &'a str, purpose: &'a str, ttl: Duration) -> StoreFuture<'a, Result<Interaction, StoreError>> {
        Box::pin(async move {
            let now = SystemTime::now();
            let mut state = self.lock();
            state.purge(now);
            let key = (principal.to_owned(), purpose.to_owned());
            if let Some(entry) = state.by_purpose.get(&key).and_then(|id| state.entries.get(id)) {
                return Ok(entry.interaction.clone());
            }
            if state.entries.len() >= self.capacity {
                return Err(StoreError::Full { capacity: self.capacity });
            }
            let interaction = Interaction {
                id: InteractionId::random()?,
                principal: key.0.clone(),
                purpose: key.1.clone(),
                expires_at: now + ttl,
                completed: false,
            };
            state.by_purpose.insert(key, interaction.id.clone());
            state.entries.insert(interaction.id.clone(), Entry { interaction: interaction.clone(), completed: watch::Sender::new(false) });
            Ok(interaction)
        })
    }

    fn get<'a>(&'a self, id: &'a InteractionId) -> StoreFuture<'a, Result<Option<Interaction>, StoreError>> {
        Box::pin(async move {
            let mut state = self.lock();
            state.purge(SystemTime::now());
            Ok(state.entries.get(id).map(|e| e.interaction.clone()))
        })
    }

    fn complete<'a>(&'a self, id: &'a InteractionId, principal: &'a str) -> StoreFuture<'a, Result<Interaction, CompleteError>> {
        Box::pin(async move {
            let now = SystemTime::now();
            let mut state = self.lock();
            let Some(entry) = state.entries.get_mut(id) else { return Err(CompleteError::Unknown) };
            if entry.interaction.expires_at <= now {
                state.remove(id);
                return Err(CompleteError::Expired);
            }
            if entry.interaction.principal != principal {
                return Err(CompleteError::WrongUser);
            }
            if entry.interaction.completed {
                return Err(CompleteError::AlreadyCompleted);
            }
            entry.interaction.completed = true;
            entry.completed.send_replace(true);
            Ok(entry.interaction.clone())
        })
    }

    fn wait_completed<'a>(&'a self, id: &'a InteractionId) -> StoreFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move {
            let (mut receiver, expires_at) = {
                let mut state = self.lock();
                state.purge(SystemTime::now());
                match state.entries.get(id) {
                    None => return Ok(false),
                    Some(entry) => (entry.completed.subscribe(), entry.interaction.expires_at),
                }
            };
            let left = expires_at.duration_since(SystemTime::now()).unwrap_or_default();
            match tokio::time::timeout(left, receiver.wait_for(|completed| *completed)).await {
                Ok(Ok(_)) => Ok(true),
                // Expired first, or forgotten (the sender was dropped).
                Ok(Err(_)) | Err(_) => Ok(false),
            }
        })
    }

    fn forget<'a>(&'a self, id: &'a InteractionId) -> StoreFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            self.lock().remove(id);
            Ok(())
        })
    }
}
