//! [`MemoryStore`]: pending interactions in this process's memory, the default store.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use tokio::sync::watch;

use super::error::CompleteError;
use super::store::{Interaction, InteractionId, InteractionStore, MAX_TTL};
use super::error::StoreError;

/// Pending interactions in memory: bounded in number, each forgotten when it expires.
/// Enough for one server process; several instances need a shared store.
///
/// Of an interaction that expired or was completed and consumed, only its id is kept (as
/// many as the capacity, oldest dropped first), so a late or repeated completion is
/// refused as [`CompleteError::Expired`] or [`CompleteError::AlreadyCompleted`] rather
/// than as an unknown id.
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
    /// The clock every expiry is read against (`SystemTime::now`; tests set another).
    clock: fn() -> SystemTime,
}

#[derive(Debug, Default)]
struct State {
    entries: HashMap<InteractionId, Entry>,
    by_purpose: HashMap<(String, String), InteractionId>,
    /// Ids no longer held, and why; bounded by `gone_order`.
    gone: HashMap<InteractionId, CompleteError>,
    gone_order: VecDeque<InteractionId>,
    /// The values pages kept (sealed), with when they expire.
    values: HashMap<InteractionId, (Vec<u8>, SystemTime)>,
}

#[derive(Debug)]
struct Entry {
    interaction: Interaction,
    completed: watch::Sender<bool>,
}

impl State {
    /// Forgets every expired interaction.
    fn purge(&mut self, now: SystemTime, capacity: usize) {
        let expired: Vec<InteractionId> =
            self.entries.iter().filter(|(_, e)| e.interaction.expires_at <= now).map(|(id, _)| id.clone()).collect();
        for id in expired {
            self.remove(&id, capacity);
        }
        self.values.retain(|_, (_, expires_at)| *expires_at > now);
    }

    /// Forgets an interaction, keeping its id and why it is gone.
    fn remove(&mut self, id: &InteractionId, capacity: usize) {
        if let Some(entry) = self.entries.remove(id) {
            // Not completed: it expired, or the tool gave it up (the user declined): either
            // way its time is over.
            let why = if entry.interaction.completed { CompleteError::AlreadyCompleted } else { CompleteError::Expired };
            let key = (entry.interaction.principal, entry.interaction.purpose);
            if self.by_purpose.get(&key) == Some(id) {
                self.by_purpose.remove(&key);
            }
            if self.gone.insert(id.clone(), why).is_none() {
                self.gone_order.push_back(id.clone());
            }
            while self.gone_order.len() > capacity.max(1) {
                if let Some(oldest) = self.gone_order.pop_front() {
                    self.gone.remove(&oldest);
                }
            }
        }
    }

    /// The entry `principal` may complete now, or why not.
    fn completable(&mut self, id: &InteractionId, principal: &str, now: SystemTime, capacity: usize) -> Result<&mut Entry, CompleteError> {
        let expired = match self.entries.get(id) {
            None => return Err(self.gone.get(id).cloned().unwrap_or(CompleteError::Unknown)),
            Some(entry) => entry.interaction.expires_at <= now,
        };
        if expired {
            self.remove(id, capacity);
            return Err(CompleteError::Expired);
        }
        let entry = self.entries.get_mut(id).ok_or(CompleteError::Unknown)?;
        if entry.interaction.principal != principal {
            Err(CompleteError::WrongUser)
        } else if entry.interaction.completed {
            Err(CompleteError::AlreadyCompleted)
        } else {
            Ok(entry)
        }
    }
}

impl MemoryStore {
    /// A store holding at most `capacity` interactions at a time (pending or completed
    /// and not yet expired).
    pub fn new(capacity: usize) -> Self {
        Self { capacity, state: Mutex::new(State::default()), clock: SystemTime::now }
    }

    /// How many interactions it holds now (expired ones included until the next purge).
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The same store reading time from `clock`: an interaction started at `t` with `ttl`
    /// is pending while `clock()` is before `t + ttl`, to the nanosecond.
    #[cfg(test)]
    fn with_clock(mut self, clock: fn() -> SystemTime) -> Self {
        self.clock = clock;
        self
    }

    fn now(&self) -> SystemTime {
        (self.clock)()
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
    fn start<'a>(&'a self, principal: &'a str, purpose: &'a str, ttl: Duration) -> Pin<Box<dyn Future<Output = Result<Interaction, StoreError>> + Send + 'a>> {
        Box::pin(async move {
            let now = self.now();
            let mut state = self.lock();
            state.purge(now, self.capacity);
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
                expires_at: now + ttl.min(MAX_TTL),
                completed: false,
            };
            state.by_purpose.insert(key, interaction.id.clone());
            state.entries.insert(interaction.id.clone(), Entry { interaction: interaction.clone(), completed: watch::Sender::new(false) });
            Ok(interaction)
        })
    }

    fn get<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<Option<Interaction>, StoreError>> + Send + 'a>> {
        Box::pin(async move {
            let mut state = self.lock();
            state.purge(self.now(), self.capacity);
            Ok(state.entries.get(id).map(|e| e.interaction.clone()))
        })
    }

    fn check<'a>(&'a self, id: &'a InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>> {
        Box::pin(async move {
            let mut state = self.lock();
            state.completable(id, principal, self.now(), self.capacity).map(|entry| entry.interaction.clone())
        })
    }

    fn complete<'a>(&'a self, id: &'a InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>> {
        Box::pin(async move {
            let mut state = self.lock();
            let entry = state.completable(id, principal, self.now(), self.capacity)?;
            entry.interaction.completed = true;
            entry.completed.send_replace(true);
            Ok(entry.interaction.clone())
        })
    }

    fn wait_completed<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<bool, StoreError>> + Send + 'a>> {
        Box::pin(async move {
            let (mut receiver, expires_at) = {
                let mut state = self.lock();
                state.purge(self.now(), self.capacity);
                match state.entries.get(id) {
                    None => return Ok(false),
                    Some(entry) => (entry.completed.subscribe(), entry.interaction.expires_at),
                }
            };
            let left = expires_at.duration_since(self.now()).unwrap_or_default();
            match tokio::time::timeout(left, receiver.wait_for(|completed| *completed)).await {
                Ok(Ok(_)) => Ok(true),
                // Expired first, or forgotten (the sender was dropped).
                Ok(Err(_)) | Err(_) => Ok(false),
            }
        })
    }

    fn forget<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'a>> {
        Box::pin(async move {
            self.lock().remove(id, self.capacity);
            Ok(())
        })
    }

    fn complete_with<'a>(&'a self, id: &'a InteractionId, principal: &'a str, value: Vec<u8>) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>> {
        Box::pin(async move {
            let mut state = self.lock();
            let entry = state.completable(id, principal, self.now(), self.capacity)?;
            entry.interaction.completed = true;
            let interaction = entry.interaction.clone();
            state.values.insert(id.clone(), (value, interaction.expires_at));
            // The value is in place before anyone waiting hears of the completion.
            if let Some(entry) = state.entries.get(id) {
                entry.completed.send_replace(true);
            }
            Ok(interaction)
        })
    }

    fn value<'a>(&'a self, id: &'a InteractionId, take: bool) -> Pin<Box<dyn Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send + 'a>> {
        Box::pin(async move {
            let mut state = self.lock();
            state.purge(self.now(), self.capacity);
            Ok(if take { state.values.remove(id).map(|(value, _)| value) } else { state.values.get(id).map(|(value, _)| value.clone()) })
        })
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::time::UNIX_EPOCH;

    use super::*;

    thread_local! {
        /// The test clock of this thread (each test runs its store on its own thread).
        static NOW: Cell<SystemTime> = Cell::new(UNIX_EPOCH + Duration::from_secs(1_800_000_000));
    }

    fn clock() -> SystemTime {
        NOW.with(Cell::get)
    }

    fn set_clock(at: SystemTime) {
        NOW.with(|now| now.set(at));
    }

    fn block_on<F: std::future::Future>(future: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("a runtime").block_on(future)
    }

    #[test]
    fn an_interaction_is_pending_for_its_whole_ttl_and_expired_right_after() {
        let ms = Duration::from_millis;
        let start = UNIX_EPOCH + Duration::from_secs(1_800_000_000) + Duration::from_micros(400);
        for ttl in [ms(50), ms(300), ms(1500), Duration::from_secs(5 * 60)] {
            block_on(async {
                let store = MemoryStore::new(10).with_clock(clock);
                set_clock(start);
                let started = store.start("alice", "api-key", ttl).await.unwrap();
                assert_eq!(started.expires_at, start + ttl);
                // Pending up to the last nanosecond of its TTL, for `get`, `check` and `start`.
                for at in [Duration::ZERO, ttl / 2, ttl - Duration::from_nanos(1)] {
                    set_clock(start + at);
                    assert_eq!(store.get(&started.id).await.unwrap().map(|i| i.id), Some(started.id.clone()), "{ttl:?} at {at:?}");
                    assert_eq!(store.check(&started.id, "alice").await.map(|i| i.id), Ok(started.id.clone()), "{ttl:?} at {at:?}");
                    assert_eq!(store.start("alice", "api-key", ttl).await.unwrap().id, started.id, "{ttl:?} at {at:?}");
                }
                // Expired at exactly `start + ttl`: gone, refused, and a new start is another one.
                set_clock(start + ttl);
                assert_eq!(store.check(&started.id, "alice").await, Err(CompleteError::Expired), "{ttl:?}");
                assert_eq!(store.get(&started.id).await.unwrap(), None, "{ttl:?}");
                assert_eq!(store.complete(&started.id, "alice").await, Err(CompleteError::Expired), "{ttl:?}");
                assert!(!store.wait_completed(&started.id).await.unwrap(), "{ttl:?}");
                assert_ne!(store.start("alice", "api-key", ttl).await.unwrap().id, started.id, "{ttl:?}");
            });
        }
    }

    #[test]
    fn completing_in_the_last_millisecond_works_and_after_is_refused() {
        block_on(async {
            let start = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
            let store = MemoryStore::new(10).with_clock(clock);
            set_clock(start);
            let ttl = Duration::from_millis(50);
            let first = store.start("alice", "a", ttl).await.unwrap();
            let second = store.start("alice", "b", ttl).await.unwrap();
            set_clock(start + ttl - Duration::from_micros(1));
            assert!(store.complete(&first.id, "alice").await.is_ok_and(|i| i.completed));
            set_clock(start + ttl);
            assert_eq!(store.complete(&second.id, "alice").await, Err(CompleteError::Expired));
        });
    }
}
