//! The sealed `requestState` of 2026-07-28 rounds: what it holds, what it is bound to,
//! and the keys it is sealed with.
//!
//! The state comes back from the client, so it is attacker-controlled; it also holds the
//! user's earlier answers, which nothing between the client and the server should read.
//! So it is encrypted and authenticated with XChaCha20-Poly1305 (RustCrypto's
//! `chacha20poly1305`), under a key derived with HKDF-SHA-256 from the server's secret,
//! a fresh 192-bit random nonce per state, and as associated data what the state is bound
//! to ([`Binding`]: the principal, the method, the tool, prompt or resource, and the
//! exact arguments). Inside: the expiry, and each answer pinned to a digest of the exact
//! question it answers.
//!
//! Wire form: `es1.` + base64url (no padding) of key id (4 bytes) ‖ nonce (24 bytes) ‖
//! ciphertext. The key id picks the key of the ring that opens it; a removed key's
//! states no longer open.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use super::digest::Binding;
use super::error::{MAX_STATE_LEN, MIN_KEY_LEN, StateError};
use super::keys::{self, KEY_ID_LEN, NONCE_LEN, Purpose, RingKey, TAG_LEN};
use super::format::{Plain, RoundState};

/// The environment variable that marks a deployment as production: while it is set to
/// anything but empty, `0` or `false`, [`StateSealer::ephemeral`] refuses to make a key
/// ([`StateError::EphemeralInProduction`]).
pub const PRODUCTION_VAR: &str = "ELICIT_PRODUCTION";

/// The prefix of this format's states.
const PREFIX: &str = "es1.";

/// Seals and opens the `requestState` of 2026-07-28 rounds. Built from a secret in the
/// server's configuration; there is no default key.
///
/// A key ring: states are sealed with the newest key and opened with any key still in
/// the ring, so keys rotate without breaking the rounds in flight: add the new key with
/// [`new`](Self::new), keep the old one with [`with_previous_key`](Self::with_previous_key)
/// for at least the [`ttl`](Self::ttl), then drop it. Every server instance that may
/// receive a retry needs the same ring.
///
/// ```
/// use elicit_runtime::rounds::{StateSealer, StateError};
/// use std::time::Duration;
///
/// let sealer = StateSealer::new(b"the new key, of at least 32 bytes".to_vec())?
///     .with_previous_key(b"the old key, kept while its states live".to_vec())?
///     .ttl(Duration::from_secs(300));
/// assert!(matches!(StateSealer::new(b"short".to_vec()), Err(StateError::KeyTooShort { .. })));
/// assert!(matches!(StateSealer::from_env("ELICIT_TEST_UNSET_VARIABLE"), Err(StateError::MissingKey { .. })));
/// # Ok::<(), StateError>(())
/// ```
#[derive(Clone)]
pub struct StateSealer {
    /// Newest first: the first seals, all open.
    ring: Arc<Vec<RingKey>>,
    ttl: Duration,
    /// Whether the newest key is a random one of this process ([`StateSealer::ephemeral`]).
    ephemeral: bool,
}

impl fmt::Debug for StateSealer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut f = f.debug_struct("StateSealer");
        if self.ephemeral {
            f.field("key", &"ephemeral (random, this process only: for development and tests)");
        }
        f.field("keys", &self.ring.len()).field("ttl", &self.ttl).finish_non_exhaustive()
    }
}

impl StateSealer {
    /// How long a sealed state stays valid unless [`ttl`](Self::ttl) says otherwise.
    pub const DEFAULT_TTL: Duration = Duration::from_secs(10 * 60);

    /// A sealer with this secret key (at least 32 bytes, random, kept out of
    /// clients' reach).
    pub fn new(key: impl Into<Vec<u8>>) -> Result<Self, StateError> {
        let key = RingKey::derive(&key.into())?;
        Ok(Self { ring: Arc::new(vec![key]), ttl: Self::DEFAULT_TTL, ephemeral: false })
    }

    /// A sealer with a random key of this process, for development runs and tests: one
    /// call, nothing to configure. Its states open only in this process and only until it
    /// exits, so a restart or a second instance refuses the rounds in flight; its `Debug`
    /// says `ephemeral`.
    ///
    /// Refused with [`StateError::EphemeralInProduction`] when the environment marks the
    /// deployment as production: `ELICIT_PRODUCTION` set to anything
    /// but empty, `0` or `false`. Set it in your production environment, and a forgotten
    /// `ephemeral()` fails at start-up instead of losing every round on the next restart.
    ///
    /// ```
    /// use elicit_runtime::rounds::{StateSealer, StateError};
    ///
    /// # if std::env::var_os("ELICIT_PRODUCTION").is_none() {
    /// let sealer = StateSealer::ephemeral()?;
    /// assert!(format!("{sealer:?}").contains("ephemeral"));
    /// # }
    /// # Ok::<(), StateError>(())
    /// ```
    pub fn ephemeral() -> Result<Self, StateError> {
        Self::ephemeral_unless(std::env::var_os(PRODUCTION_VAR).as_deref())
    }

    /// [`ephemeral`](Self::ephemeral), given the value of `ELICIT_PRODUCTION`.
    fn ephemeral_unless(production: Option<&std::ffi::OsStr>) -> Result<Self, StateError> {
        if let Some(value) = production.and_then(|v| v.to_str().map(str::trim).or(Some("1")))
            && !(value.is_empty() || value == "0" || value.eq_ignore_ascii_case("false"))
        {
            return Err(StateError::EphemeralInProduction { var: PRODUCTION_VAR });
        }
        let mut key = zeroize::Zeroizing::new([0u8; MIN_KEY_LEN]);
        getrandom::fill(key.as_mut_slice()).map_err(|e| StateError::Unavailable(e.to_string()))?;
        let key = RingKey::derive(key.as_slice())?;
        Ok(Self { ring: Arc::new(vec![key]), ttl: Self::DEFAULT_TTL, ephemeral: true })
    }

    /// A sealer whose key is the value of the environment variable `var`.
    pub fn from_env(var: &str) -> Result<Self, StateError> {
        match std::env::var_os(var) {
            Some(value) if !value.is_empty() => Self::new(value.into_encoded_bytes()),
            _ => Err(StateError::MissingKey { var: var.to_owned() }),
        }
    }

    /// Keeps an older key in the ring: states it sealed still open, new ones are sealed
    /// with the newest key.
    pub fn with_previous_key(mut self, key: impl Into<Vec<u8>>) -> Result<Self, StateError> {
        let key = RingKey::derive(&key.into())?;
        Arc::make_mut(&mut self.ring).push(key);
        Ok(self)
    }

    /// How long a round's state stays valid (default 10 minutes): the time a user has to
    /// answer. Kept to the millisecond: a state opens for its whole TTL, however short,
    /// and not after it.
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// The key ring, newest first: what the page's values and CSRF tokens are sealed
    /// and signed with ([`keys`](super::keys), each under a sub-key of its own purpose).
    #[cfg(feature = "page")]
    pub(crate) fn ring(&self) -> &[RingKey] {
        &self.ring
    }

    pub(crate) fn seal(&self, state: &RoundState, binding: &Binding) -> Result<String, StateError> {
        self.seal_at(state, binding, SystemTime::now())
    }

    /// [`seal`](Self::seal) as if the clock read `now`: the state opens while the clock
    /// reads less than `now + ttl`. The expiry is written in whole milliseconds, rounded
    /// up, so a state never lives less than its TTL (and at most a millisecond more).
    pub(crate) fn seal_at(&self, state: &RoundState, binding: &Binding, now: SystemTime) -> Result<String, StateError> {
        let expires = now.checked_add(self.ttl).map_or(u64::MAX, ceil_millis);
        let plaintext = state.to_json_bytes(expires).map_err(|e| StateError::Unavailable(e.to_string()))?;
        // base64 grows by 4/3: refuse before the work when the result cannot fit.
        let sealed_len = PREFIX.len() + (KEY_ID_LEN + NONCE_LEN + plaintext.len() + TAG_LEN).div_ceil(3) * 4;
        if sealed_len > MAX_STATE_LEN {
            return Err(StateError::TooLarge { len: sealed_len });
        }
        let blob = keys::seal(&self.ring, Purpose::RequestState, &binding.0, &plaintext)?;
        let mut sealed = String::with_capacity(sealed_len);
        sealed.push_str(PREFIX);
        URL_SAFE_NO_PAD.encode_string(&blob, &mut sealed);
        Ok(sealed)
    }

    pub(crate) fn open(&self, sealed: &str, binding: &Binding) -> Result<RoundState, StateError> {
        self.open_at(sealed, binding, SystemTime::now())
    }

    /// [`open`](Self::open) as if the clock read `now`.
    pub(crate) fn open_at(&self, sealed: &str, binding: &Binding, now: SystemTime) -> Result<RoundState, StateError> {
        if sealed.len() > MAX_STATE_LEN {
            return Err(StateError::TooLong { len: sealed.len() });
        }
        let blob = sealed.strip_prefix(PREFIX).and_then(|b64| URL_SAFE_NO_PAD.decode(b64).ok()).ok_or(StateError::Malformed)?;
        let plaintext = keys::open(&self.ring, Purpose::RequestState, &binding.0, &blob)?;
        let plain: Plain = serde_json::from_slice(&plaintext).map_err(|e| StateError::Unreadable(e.to_string()))?;
        let (state, expires) = plain.into_state().ok_or_else(|| StateError::Unreadable("not a round state".to_owned()))?;
        // Whole milliseconds, rounded down: `now < expires` exactly when the clock is
        // before the (whole-millisecond) expiry.
        let now = now.duration_since(UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        if now >= expires {
            return Err(StateError::Expired);
        }
        Ok(state)
    }
}

/// Milliseconds since the Unix epoch, rounded up (0 before the epoch, `u64::MAX` past
/// what fits).
fn ceil_millis(at: SystemTime) -> u64 {
    let Ok(since) = at.duration_since(UNIX_EPOCH) else { return 0 };
    let millis = since.as_millis() + u128::from(since.subsec_nanos() % 1_000_000 != 0);
    u64::try_from(millis).unwrap_or(u64::MAX)
}


#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use serde_json::Value;
    use sha2::{Digest, Sha256};
    use crate::rounds::digest::*;
    use crate::rounds::format::*;
    use serde_json::json;

    fn sealer() -> StateSealer {
        StateSealer::new(*b"a unit-test key of 32 bytes or more").unwrap()
    }

    #[test]
    fn an_ephemeral_sealer_says_so_and_is_refused_where_production_is_marked() {
        use std::ffi::OsStr;
        for unmarked in [None, Some(""), Some(" "), Some("0"), Some("false"), Some("FALSE")] {
            let sealer = StateSealer::ephemeral_unless(unmarked.map(OsStr::new)).unwrap();
            assert!(format!("{sealer:?}").contains("ephemeral"), "{unmarked:?}");
            let sealed = sealer.seal(&state(10), &binding()).unwrap();
            assert_eq!(sealer.open(&sealed, &binding()).unwrap(), state(10));
            // Another ephemeral sealer has another key: the state does not open there.
            let other = StateSealer::ephemeral_unless(None).unwrap();
            assert_eq!(other.open(&sealed, &binding()), Err(StateError::UnknownKey));
        }
        for marked in ["1", "true", "yes", "production"] {
            let err = StateSealer::ephemeral_unless(Some(OsStr::new(marked))).unwrap_err();
            assert_eq!(err, StateError::EphemeralInProduction { var: PRODUCTION_VAR }, "{marked}");
            assert!(err.to_string().contains("`ELICIT_PRODUCTION` marks this deployment as production"), "{err}");
            assert!(!err.is_from_client());
        }
        assert!(!format!("{:?}", sealer()).contains("ephemeral"));
    }

    fn binding() -> Binding {
        Binding::new(Some("alice"), "tools/call", "book", None)
    }

    fn state(answer_len: usize) -> RoundState {
        let mut answers = BTreeMap::new();
        answers.insert("elicit-1".to_owned(), Pinned { digest: "d".into(), answer: json!({"action": "accept", "content": {"n": "x".repeat(answer_len)}}) });
        RoundState { answers, pending: vec![Pending { key: "elicit-2".into(), digest: "e".into(), via_model: false }], notes: BTreeMap::new(), answers_from_model: false }
    }

    #[test]
    fn a_state_round_trips_and_is_not_readable() {
        let sealed = sealer().seal(&state(10), &binding()).unwrap();
        assert!(sealed.starts_with("es1."));
        let blob = URL_SAFE_NO_PAD.decode(&sealed[4..]).unwrap();
        assert!(!String::from_utf8_lossy(&blob).contains("xxxxxxxxxx"), "the answer is readable");
        assert_eq!(sealer().open(&sealed, &binding()).unwrap(), state(10));
        // Another binding, or one flipped byte anywhere: refused.
        assert_eq!(sealer().open(&sealed, &Binding::new(Some("bob"), "tools/call", "book", None)), Err(StateError::Forged));
        let mut bytes = sealed.clone().into_bytes();
        let last = bytes.len() - 2;
        bytes[last] = if bytes[last] == b'A' { b'B' } else { b'A' };
        assert!(sealer().open(&String::from_utf8(bytes).unwrap(), &binding()).is_err());
    }

    #[test]
    fn the_size_limit_holds_when_sealing_at_under_and_over_it() {
        // Find the largest answer that seals, by bisection over the answer's length.
        let (mut lo, mut hi) = (0usize, MAX_STATE_LEN);
        while lo + 1 < hi {
            let mid = (lo + hi) / 2;
            if sealer().seal(&state(mid), &binding()).is_ok() { lo = mid } else { hi = mid }
        }
        let at = sealer().seal(&state(lo), &binding()).unwrap();
        assert!(at.len() <= MAX_STATE_LEN && at.len() > MAX_STATE_LEN - 8, "{}", at.len());
        // What was sealed at the limit opens again: the server never issues a state it refuses.
        assert_eq!(sealer().open(&at, &binding()).unwrap(), state(lo));
        assert!(sealer().open(&sealer().seal(&state(lo - 1), &binding()).unwrap(), &binding()).is_ok());
        assert!(matches!(sealer().seal(&state(lo + 1), &binding()), Err(StateError::TooLarge { .. })));
    }

    #[test]
    fn the_plaintext_is_the_documented_json() {
        let mut state = state(3);
        state.notes.insert("url".into(), "interaction \"1\"".into());
        state.pending.push(Pending { key: "elicit-3".into(), digest: "f".into(), via_model: true });
        state.answers_from_model = true;
        let bytes = state.to_json_bytes(42).unwrap();
        let expected = json!({
            "v": 3,
            "exp": 42,
            "answers": {"elicit-1": {"d": "d", "c": {"n": "xxx"}}},
            "pending": [["elicit-2", "e"], ["elicit-3", "f", "model"]],
            "notes": {"url": "interaction \"1\""},
            "model": true,
        });
        assert_eq!(String::from_utf8(bytes).unwrap(), expected.to_string());
        assert_eq!(RoundState::from_json(expected), Some((state, 42)));
        let plain = String::from_utf8(self::state(0).to_json_bytes(1).unwrap()).unwrap();
        assert!(!plain.contains("notes") && !plain.contains("model"), "{plain}");
    }

    #[test]
    fn only_a_plain_accept_is_kept_as_its_content_and_every_answer_comes_back_as_it_was() {
        let answers = [
            (json!({"action": "accept", "content": {"n": 1}}), true),
            (json!({"content": {}, "action": "accept"}), true),
            (json!({"action": "decline"}), false),
            (json!({"action": "cancel", "content": null}), false),
            (json!({"action": "accept", "content": {"n": 1}, "_meta": {"k": "v"}}), false),
            (json!({"action": "accept", "content": "not an object"}), false),
            (json!({"action": "accept"}), false),
            (json!({"action": "maybe", "content": {"n": 1}}), false),
            (json!([1, 2]), false),
        ];
        for (answer, compact) in answers {
            let mut state = RoundState::default();
            state.answers.insert("k".into(), Pinned { digest: "d".into(), answer: answer.clone() });
            let plain = String::from_utf8(state.to_json_bytes(7).unwrap()).unwrap();
            assert_eq!(plain.contains("\"c\":"), compact, "{plain}");
            let (back, _) = RoundState::from_json(serde_json::from_str(&plain).unwrap()).unwrap();
            let back = &back.answers["k"].answer;
            if compact {
                assert_eq!(back["action"], "accept");
                assert_eq!(back["content"], answer["content"]);
            } else {
                assert_eq!(back, &answer);
            }
        }
    }

    #[test]
    fn versions_1_and_2_are_still_read_and_versions_do_not_mix() {
        // Versions 1 and 2 wrote the expiry in seconds; it is read as milliseconds.
        let v1 = json!({"v": 1, "exp": 9, "answers": {"k": {"d": "d", "a": {"action": "accept", "content": {"n": 1}}}}, "pending": []});
        let (state, expires) = RoundState::from_json(v1).unwrap();
        assert_eq!((state.answers["k"].answer.clone(), expires), (json!({"action": "accept", "content": {"n": 1}}), 9000));
        let v2 = json!({"v": 2, "exp": 9, "answers": {"k": {"d": "d", "c": {"n": 1}}}, "pending": []});
        let (state, expires) = RoundState::from_json(v2).unwrap();
        assert_eq!((state.answers["k"].answer.clone(), expires), (json!({"action": "accept", "content": {"n": 1}}), 9000));
        let v3 = json!({"v": 3, "exp": 9, "answers": {"k": {"d": "d", "c": {"n": 1}}}, "pending": []});
        assert_eq!(RoundState::from_json(v3).map(|(_, expires)| expires), Some(9));
        // `c` did not exist in version 1; both spellings at once, or neither, is no answer.
        for bad in [
            json!({"v": 1, "exp": 9, "answers": {"k": {"d": "d", "c": {"n": 1}}}, "pending": []}),
            json!({"v": 2, "exp": 9, "answers": {"k": {"d": "d", "c": {"n": 1}, "a": {"action": "decline"}}}, "pending": []}),
            json!({"v": 2, "exp": 9, "answers": {"k": {"d": "d"}}, "pending": []}),
            json!({"v": 2, "exp": 9, "answers": {"k": {"d": "d", "c": [1]}}, "pending": []}),
            json!({"v": 3, "exp": 9, "answers": {"k": {"d": "d"}}, "pending": []}),
            json!({"v": 4, "exp": 9, "answers": {}, "pending": []}),
        ] {
            assert_eq!(RoundState::from_json(bad.clone()), None, "{bad}");
        }
    }

    /// Seals a state at `sealed_at` with `ttl`, then opens it at each offset after it.
    fn opens_after(ttl: Duration, sealed_at: SystemTime, offsets: &[Duration]) -> Vec<Result<RoundState, StateError>> {
        let sealer = sealer().ttl(ttl);
        let sealed = sealer.seal_at(&state(1), &binding(), sealed_at).unwrap();
        offsets.iter().map(|offset| sealer.open_at(&sealed, &binding(), sealed_at + *offset)).collect()
    }

    #[test]
    fn a_state_opens_for_its_whole_ttl_and_not_a_millisecond_after() {
        let ms = Duration::from_millis;
        // On a whole millisecond, and 0.4 ms past one (the expiry rounds up).
        let whole = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        for sealed_at in [whole, whole + Duration::from_micros(400)] {
            for ttl in [ms(1), ms(50), ms(300), ms(1500), Duration::from_secs(60), Duration::from_secs(7 * 60), StateSealer::DEFAULT_TTL] {
                let at = [Duration::ZERO, ttl / 2, ttl - Duration::from_nanos(1), ttl + ms(1), ttl + Duration::from_secs(3600)];
                let opened = opens_after(ttl, sealed_at, &at);
                for (offset, opened) in at.iter().zip(&opened[..3]) {
                    assert_eq!(opened.as_ref(), Ok(&state(1)), "ttl {ttl:?}, sealed at {sealed_at:?}, opened {offset:?} after");
                }
                for (offset, opened) in at.iter().zip(&opened).skip(3) {
                    assert_eq!(opened.as_ref(), Err(&StateError::Expired), "ttl {ttl:?}, sealed at {sealed_at:?}, opened {offset:?} after");
                }
            }
            // At exactly `sealed_at + ttl` it has expired when that is a whole millisecond.
            assert_eq!(opens_after(ms(300), whole, &[ms(300)]), [Err(StateError::Expired)]);
        }
        // A TTL under a millisecond still opens on an immediate retry.
        assert!(opens_after(Duration::from_micros(10), whole + Duration::from_micros(1), &[Duration::ZERO])[0].is_ok());
        // A TTL past the end of time never expires instead of expiring at once.
        assert!(opens_after(Duration::MAX, whole, &[Duration::from_secs(1 << 40)])[0].is_ok());
    }

    #[test]
    fn a_sealed_state_carries_its_expiry_in_milliseconds() {
        let sealer = sealer().ttl(Duration::from_millis(1500));
        let sealed_at = UNIX_EPOCH + Duration::from_millis(1_800_000_000_123) + Duration::from_micros(1);
        let sealed = sealer.seal_at(&state(1), &binding(), sealed_at).unwrap();
        let blob = URL_SAFE_NO_PAD.decode(&sealed[PREFIX.len()..]).unwrap();
        let plain = keys::open(&sealer.ring, Purpose::RequestState, &binding().0, &blob).unwrap();
        let plain: Value = serde_json::from_slice(&plain).unwrap();
        assert_eq!((&plain["v"], &plain["exp"]), (&json!(3), &json!(1_800_000_001_624u64)));
    }

    /// The canonical form as first written (through `Value::to_string`): digests and
    /// bindings of states in flight must not change.
    fn reference_canonical(value: &Value) -> String {
        match value {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                let items: Vec<String> = keys.iter().map(|k| format!("{}:{}", Value::from(k.as_str()), reference_canonical(&map[*k]))).collect();
                format!("{{{}}}", items.join(","))
            }
            Value::Array(items) => format!("[{}]", items.iter().map(reference_canonical).collect::<Vec<_>>().join(",")),
            other => other.to_string(),
        }
    }

    #[test]
    fn the_canonical_form_is_unchanged() {
        let params = json!({
            "z": [1, 2.5, -3e300, null, true, {"b": "\u{1}\"é\\", "a": []}],
            "mode": "form",
            "é": {"y": {}, "x": "line\nbreak"},
            "a": 18446744073709551615u64,
        });
        let Value::Object(map) = &params else { unreachable!() };
        let mut written = Vec::new();
        write_canonical_object(map, &mut written);
        assert_eq!(String::from_utf8(written).unwrap(), reference_canonical(&params));
        let mut canonical = String::from("elicitation/create\0");
        canonical.push_str(&reference_canonical(&params));
        assert_eq!(question_digest("elicitation/create", map), URL_SAFE_NO_PAD.encode(&Sha256::digest(canonical.as_bytes())[..16]));
        let binding = Binding::new(Some("alice"), "tools/call", "book", Some(map));
        let expected = format!("elicit/round/v1\x005:alice\x0010:tools/call\x004:book\x00{}", reference_canonical(&params));
        assert_eq!(binding, Binding(expected.into_bytes()));
    }
}
