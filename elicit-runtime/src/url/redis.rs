//! [`RedisStore`]: URL-mode interactions in Redis, shared by several server instances
//! (feature `redis`).
//!
//! The tool that waits may run on one instance and the page that completes the
//! interaction on another; a restarted instance finds its pending interactions again.
//! Every change is one Lua script, so it is atomic across instances: two instances
//! cannot both complete one interaction. Completion is published on a channel of the
//! interaction, so the instance that waits learns of it within milliseconds (and looks
//! again every [`RedisStore::recheck_every`], in case a message was lost while its
//! connection was down).
//!
//! Keys, under a prefix (`elicit` by default): `{prefix}:i:{id}` (a hash: `principal`,
//! `purpose`, `exp`, `done`; expires with the interaction), `{prefix}:p:{sha1(principal,
//! purpose)}` (the pending interaction of a user and purpose), `{prefix}:g:{id}` (why an
//! interaction is gone: `expired` or `completed`, kept one more lifetime), and the channel
//! `{prefix}:done:{id}`. Scripts build keys from ids, so use a standalone Redis (or
//! Sentinel), not Redis Cluster.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::LazyLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures_util::StreamExt as _;
use redis::aio::ConnectionManager;
use redis::{Client, Script};

use super::error::CompleteError;
use super::store::{Interaction, InteractionId, InteractionStore, MAX_TTL};
use super::error::StoreError;

/// Finds the pending interaction of a user and purpose, or starts one. The record found
/// must be that user's for that purpose (keys that collide, or were tampered with, never
/// hand one user another's interaction).
/// KEYS: none. ARGV: prefix, new id, principal, purpose, ttl ms, now ms.
const START: &str = r"
local prefix, id, principal, purpose, ttl, now = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6])
local pkey = prefix .. ':p:' .. redis.sha1hex(principal .. '\0' .. purpose)
local current = redis.call('GET', pkey)
if current then
  local rec = redis.call('HMGET', prefix .. ':i:' .. current, 'principal', 'purpose', 'exp', 'done')
  if rec[1] == principal and rec[2] == purpose and (tonumber(rec[3]) or 0) > now then
    return {current, rec[1], rec[2], rec[3], rec[4]}
  end
end
local ikey = prefix .. ':i:' .. id
local exp = tostring(now + ttl)
redis.call('HSET', ikey, 'principal', principal, 'purpose', purpose, 'exp', exp, 'done', '0')
redis.call('PEXPIRE', ikey, ttl)
redis.call('SET', pkey, id, 'PX', ttl)
redis.call('SET', prefix .. ':g:' .. id, 'expired', 'PX', ttl * 2)
return {id, principal, purpose, exp, '0'}
";

/// Checks (ARGV[4] = '0') or completes (ARGV[4] = '1') an interaction as a principal;
/// completing with ARGV[6], keeps that value (sealed by the page) until the interaction's
/// expiry, set before the completion is published.
/// KEYS: none. ARGV: prefix, id, principal, complete?, now ms[, value].
const COMPLETE: &str = r"
local prefix, id, principal, complete, now = ARGV[1], ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
local rec = redis.call('HMGET', prefix .. ':i:' .. id, 'principal', 'purpose', 'exp', 'done')
if not rec[1] then
  local gone = redis.call('GET', prefix .. ':g:' .. id)
  if gone then return {gone} end
  return {'unknown'}
end
if tonumber(rec[3]) <= now then return {'expired'} end
if rec[1] ~= principal then return {'wrong_user'} end
if rec[4] == '1' then return {'completed'} end
if complete == '1' then
  if ARGV[6] then
    redis.call('SET', prefix .. ':v:' .. id, ARGV[6], 'PX', math.max(tonumber(rec[3]) - now, 1))
  end
  redis.call('HSET', prefix .. ':i:' .. id, 'done', '1')
  redis.call('PUBLISH', prefix .. ':done:' .. id, '1')
  rec[4] = '1'
end
return {'ok', rec[1], rec[2], rec[3], rec[4]}
";

/// Forgets an interaction, keeping why it is gone for one more lifetime.
/// KEYS: none. ARGV: prefix, id, now ms.
const FORGET: &str = r"
local prefix, id, now = ARGV[1], ARGV[2], tonumber(ARGV[3])
local ikey = prefix .. ':i:' .. id
local rec = redis.call('HMGET', ikey, 'principal', 'purpose', 'exp', 'done')
if not rec[1] then return 0 end
redis.call('DEL', ikey)
local pkey = prefix .. ':p:' .. redis.sha1hex(rec[1] .. '\0' .. rec[2])
if redis.call('GET', pkey) == id then redis.call('DEL', pkey) end
local keep = math.max(tonumber(rec[3]) - now, 0) + 60000
if rec[4] == '1' then
  redis.call('SET', prefix .. ':g:' .. id, 'completed', 'PX', keep)
else
  redis.call('SET', prefix .. ':g:' .. id, 'expired', 'PX', keep)
end
return 1
";

static START_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(START));
static COMPLETE_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(COMPLETE));
static FORGET_SCRIPT: LazyLock<Script> = LazyLock::new(|| Script::new(FORGET));

/// Pending URL-mode interactions in Redis, for several server instances. Clone it freely
/// (the connection is shared and reconnects by itself).
///
/// ```no_run
/// use elicit_runtime::url::{Interactions, RedisStore};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// let store = RedisStore::connect("redis://127.0.0.1:6379/").await?.prefix("my-server");
/// let interactions = Interactions::new(store);
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct RedisStore {
    client: Client,
    connection: ConnectionManager,
    prefix: String,
    recheck_every: Duration,
}

impl fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore").field("prefix", &self.prefix).field("recheck_every", &self.recheck_every).finish_non_exhaustive()
    }
}

impl RedisStore {
    /// Connects to the Redis at `url` (`redis://host:port/db`). Fails with
    /// [`StoreError::Unavailable`] if the URL is not one or Redis cannot be reached.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let client = Client::open(url).map_err(unavailable)?;
        let connection = client.get_connection_manager().await.map_err(unavailable)?;
        Ok(Self { client, connection, prefix: "elicit".to_owned(), recheck_every: Duration::from_secs(2) })
    }

    /// The prefix of every key and channel (default `elicit`): instances that share
    /// interactions use the same one, unrelated servers on one Redis different ones.
    pub fn prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into();
        self
    }

    /// How often a waiting tool looks at the interaction even without a message (default
    /// 2 s): completion normally arrives by publish at once; this only bounds the delay
    /// when a message was lost while the connection was down.
    pub fn recheck_every(mut self, every: Duration) -> Self {
        self.recheck_every = every.max(Duration::from_millis(10));
        self
    }

    async fn check_or_complete(&self, id: &InteractionId, principal: &str, complete: bool, value: Option<&[u8]>) -> Result<Interaction, CompleteError> {
        let mut invocation = COMPLETE_SCRIPT.prepare_invoke();
        invocation.arg(&self.prefix).arg(id.as_str()).arg(principal).arg(if complete { "1" } else { "0" }).arg(now_ms());
        if let Some(value) = value {
            invocation.arg(value);
        }
        let reply: Vec<String> = invocation
            .invoke_async(&mut self.connection.clone())
            .await
            .map_err(|e| CompleteError::Store(unavailable(e)))?;
        match reply.first().map(String::as_str) {
            Some("ok") => record(id, &reply).ok_or_else(|| CompleteError::Store(malformed())),
            Some("completed") => Err(CompleteError::AlreadyCompleted),
            Some("expired") => Err(CompleteError::Expired),
            Some("wrong_user") => Err(CompleteError::WrongUser),
            Some("unknown") => Err(CompleteError::Unknown),
            _ => Err(CompleteError::Store(malformed())),
        }
    }

    async fn read(&self, id: &InteractionId) -> Result<Option<Interaction>, StoreError> {
        let fields: Vec<Option<String>> = redis::cmd("HMGET")
            .arg(format!("{}:i:{}", self.prefix, id.as_str()))
            .arg(&["principal", "purpose", "exp", "done"])
            .query_async(&mut self.connection.clone())
            .await
            .map_err(unavailable)?;
        let [Some(principal), Some(purpose), Some(exp), Some(done)] = <[Option<String>; 4]>::try_from(fields).map_err(|_| malformed())? else {
            return Ok(None);
        };
        let interaction = record(id, &[String::new(), principal, purpose, exp, done]).ok_or_else(malformed)?;
        Ok((interaction.expires_at > SystemTime::now()).then_some(interaction))
    }

    /// Whether the interaction is completed now: `Some(true)`, pending: `Some(false)`,
    /// gone (expired, or forgotten without completion): `None`.
    async fn completed_now(&self, id: &InteractionId) -> Result<Option<bool>, StoreError> {
        if let Some(interaction) = self.read(id).await? {
            return Ok(Some(interaction.completed));
        }
        let gone: Option<String> =
            redis::cmd("GET").arg(format!("{}:g:{}", self.prefix, id.as_str())).query_async(&mut self.connection.clone()).await.map_err(unavailable)?;
        Ok((gone.as_deref() == Some("completed")).then_some(true))
    }
}

impl InteractionStore for RedisStore {
    fn start<'a>(&'a self, principal: &'a str, purpose: &'a str, ttl: Duration) -> Pin<Box<dyn Future<Output = Result<Interaction, StoreError>> + Send + 'a>> {
        Box::pin(async move {
            let id = InteractionId::random()?;
            // Whole milliseconds (Redis's `PX`), rounded up: never shorter than asked.
            let ttl_ms = u64::try_from(ttl.min(MAX_TTL).as_nanos().div_ceil(1_000_000)).unwrap_or(u64::MAX).max(1);
            let reply: Vec<String> = START_SCRIPT
                .prepare_invoke()
                .arg(&self.prefix)
                .arg(id.as_str())
                .arg(principal)
                .arg(purpose)
                .arg(ttl_ms)
                .arg(now_ms())
                .invoke_async(&mut self.connection.clone())
                .await
                .map_err(unavailable)?;
            let found = reply.first().and_then(|id| InteractionId::parse(id)).ok_or_else(malformed)?;
            record(&found, &reply).ok_or_else(malformed)
        })
    }

    fn get<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<Option<Interaction>, StoreError>> + Send + 'a>> {
        Box::pin(self.read(id))
    }

    fn check<'a>(&'a self, id: &'a InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>> {
        Box::pin(self.check_or_complete(id, principal, false, None))
    }

    fn complete<'a>(&'a self, id: &'a InteractionId, principal: &'a str) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>> {
        Box::pin(self.check_or_complete(id, principal, true, None))
    }

    fn wait_completed<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<bool, StoreError>> + Send + 'a>> {
        Box::pin(async move {
            // Subscribe first, then look: a completion between the two is not missed.
            let mut pubsub = self.client.get_async_pubsub().await.map_err(unavailable)?;
            pubsub.subscribe(format!("{}:done:{}", self.prefix, id.as_str())).await.map_err(unavailable)?;
            let Some(interaction) = self.read(id).await? else {
                return Ok(self.completed_now(id).await?.unwrap_or(false));
            };
            if interaction.completed {
                return Ok(true);
            }
            let mut messages = pubsub.into_on_message();
            loop {
                let left = interaction.expires_at.duration_since(SystemTime::now()).unwrap_or_default();
                if left.is_zero() {
                    return Ok(false);
                }
                match tokio::time::timeout(left.min(self.recheck_every), messages.next()).await {
                    Ok(Some(_published)) => return Ok(true),
                    // The subscription's connection closed: say so rather than wait blind.
                    Ok(None) => {
                        return match self.completed_now(id).await? {
                            Some(completed) => {
                                if completed {
                                    Ok(true)
                                } else {
                                    Err(StoreError::Unavailable("the Redis subscription was lost while waiting".to_owned()))
                                }
                            }
                            None => Ok(false),
                        };
                    }
                    Err(_) => match self.completed_now(id).await? {
                        Some(true) => return Ok(true),
                        Some(false) => continue,
                        None => return Ok(false),
                    },
                }
            }
        })
    }

    fn complete_with<'a>(&'a self, id: &'a InteractionId, principal: &'a str, value: Vec<u8>) -> Pin<Box<dyn Future<Output = Result<Interaction, CompleteError>> + Send + 'a>> {
        Box::pin(async move { self.check_or_complete(id, principal, true, Some(&value)).await })
    }

    fn value<'a>(&'a self, id: &'a InteractionId, take: bool) -> Pin<Box<dyn Future<Output = Result<Option<Vec<u8>>, StoreError>> + Send + 'a>> {
        Box::pin(async move {
            redis::cmd(if take { "GETDEL" } else { "GET" })
                .arg(format!("{}:v:{}", self.prefix, id.as_str()))
                .query_async(&mut self.connection.clone())
                .await
                .map_err(unavailable)
        })
    }

    fn forget<'a>(&'a self, id: &'a InteractionId) -> Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'a>> {
        Box::pin(async move {
            let _: i64 = FORGET_SCRIPT
                .prepare_invoke()
                .arg(&self.prefix)
                .arg(id.as_str())
                .arg(now_ms())
                .invoke_async(&mut self.connection.clone())
                .await
                .map_err(unavailable)?;
            Ok(())
        })
    }
}

/// An interaction from a script's reply: `[_, principal, purpose, exp ms, done]`.
fn record(id: &InteractionId, fields: &[String]) -> Option<Interaction> {
    let [_, principal, purpose, exp, done] = fields else { return None };
    Some(Interaction {
        id: id.clone(),
        principal: principal.clone(),
        purpose: purpose.clone(),
        expires_at: UNIX_EPOCH + Duration::from_millis(exp.parse().ok()?),
        completed: done == "1",
    })
}

fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn unavailable(err: redis::RedisError) -> StoreError {
    StoreError::Unavailable(format!("redis: {err}"))
}

fn malformed() -> StoreError {
    StoreError::Unavailable("redis: an unexpected reply (another program uses these keys?)".to_owned())
}
