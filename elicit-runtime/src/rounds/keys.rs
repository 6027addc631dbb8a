//! The key ring: every key the toolkit uses, derived in one place from the server's
//! secret, one sub-key per [`Purpose`] (HKDF-SHA-256, a label per purpose), so that no
//! key serves two jobs and a key of one job tells nothing about another's.
//!
//! The ring holds the newest key first (it seals) and the previous ones after it (they
//! still open), for rotation ([`StateSealer::with_previous_key`](super::StateSealer::with_previous_key)).
//! A sealed blob is key id (4 bytes) ‖ nonce (24 bytes) ‖ XChaCha20-Poly1305 ciphertext.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use hkdf::Hkdf;
use sha2::Sha256;

use super::error::{MIN_KEY_LEN, StateError};

pub(crate) const KEY_ID_LEN: usize = 4;
pub(crate) const NONCE_LEN: usize = 24;
/// The Poly1305 tag each ciphertext ends with.
pub(crate) const TAG_LEN: usize = 16;

/// What a sub-key is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// The `requestState` of 2026-07-28 rounds (`rounds/state.rs`).
    RequestState,
    /// The values a page form's page keeps in the interaction store (`page/pages.rs`).
    #[cfg(feature = "page")]
    PageValues,
}

/// One key of the ring: its id, and a sub-key for each purpose.
#[derive(Clone)]
pub(crate) struct RingKey {
    id: [u8; KEY_ID_LEN],
    state: XChaCha20Poly1305,
    #[cfg(feature = "page")]
    values: XChaCha20Poly1305,
    /// The key of the pages' CSRF tokens (HMAC-SHA-256).
    #[cfg(feature = "page")]
    csrf: [u8; 32],
}

impl RingKey {
    /// Every sub-key of `secret`; the labels never change (states and values in flight,
    /// and every instance sharing the secret, depend on them).
    pub(crate) fn derive(secret: &[u8]) -> Result<Self, StateError> {
        if secret.len() < MIN_KEY_LEN {
            return Err(StateError::KeyTooShort { len: secret.len() });
        }
        let hkdf = Hkdf::<Sha256>::new(Some(b"elicit/requestState"), secret);
        let expand = |label: &[u8], out: &mut [u8]| hkdf.expand(label, out).map_err(|_| StateError::KeyTooShort { len: secret.len() });
        let (mut id, mut state) = ([0u8; KEY_ID_LEN], [0u8; 32]);
        expand(b"elicit/requestState/v1 key", &mut state)?;
        expand(b"elicit/requestState/v1 key id", &mut id)?;
        #[cfg(feature = "page")]
        {
            let (mut values, mut csrf) = ([0u8; 32], [0u8; 32]);
            expand(b"elicit/page/v1 value key", &mut values)?;
            expand(b"elicit/page/v1 csrf key", &mut csrf)?;
            Ok(RingKey { id, state: XChaCha20Poly1305::new(&state.into()), values: XChaCha20Poly1305::new(&values.into()), csrf })
        }
        #[cfg(not(feature = "page"))]
        Ok(RingKey { id, state: XChaCha20Poly1305::new(&state.into()) })
    }

    fn cipher(&self, purpose: Purpose) -> &XChaCha20Poly1305 {
        match purpose {
            Purpose::RequestState => &self.state,
            #[cfg(feature = "page")]
            Purpose::PageValues => &self.values,
        }
    }

    /// Opens a ciphertext sealed with this key for `purpose`.
    pub(crate) fn decrypt(&self, purpose: Purpose, nonce: &XNonce, aad: &[u8], ciphertext: &[u8]) -> Result<Vec<u8>, StateError> {
        self.cipher(purpose).decrypt(nonce, Payload { msg: ciphertext, aad }).map_err(|_| StateError::Forged)
    }
}

/// Seals `plaintext` bound to `aad` with the ring's newest key for `purpose`: key id,
/// fresh random nonce, ciphertext.
pub(crate) fn seal(ring: &[RingKey], purpose: Purpose, aad: &[u8], plaintext: &[u8]) -> Result<Vec<u8>, StateError> {
    let Some(key) = ring.first() else { return Err(StateError::MissingKey { var: String::new() }) };
    let mut nonce = [0u8; NONCE_LEN];
    getrandom::fill(&mut nonce).map_err(|e| StateError::Unavailable(e.to_string()))?;
    let ciphertext = key
        .cipher(purpose)
        .encrypt(&XNonce::from(nonce), Payload { msg: plaintext, aad })
        .map_err(|_| StateError::Unavailable("the cipher refused the value".to_owned()))?;
    let mut blob = Vec::with_capacity(KEY_ID_LEN + NONCE_LEN + ciphertext.len());
    blob.extend_from_slice(&key.id);
    blob.extend_from_slice(&nonce);
    blob.extend_from_slice(&ciphertext);
    Ok(blob)
}

/// Opens what [`seal`] sealed for `purpose` with any key of the ring.
pub(crate) fn open(ring: &[RingKey], purpose: Purpose, aad: &[u8], blob: &[u8]) -> Result<Vec<u8>, StateError> {
    let (key, nonce, ciphertext) = unpack(ring, blob)?;
    key.decrypt(purpose, &nonce, aad, ciphertext)
}

/// A sealed blob's parts: the key of the ring that sealed it, its nonce, and the
/// ciphertext.
pub(crate) fn unpack<'r, 'b>(ring: &'r [RingKey], blob: &'b [u8]) -> Result<(&'r RingKey, XNonce, &'b [u8]), StateError> {
    if blob.len() < KEY_ID_LEN + NONCE_LEN + TAG_LEN {
        return Err(StateError::Malformed);
    }
    let (id, rest) = blob.split_at(KEY_ID_LEN);
    let (nonce, ciphertext) = rest.split_at(NONCE_LEN);
    let key = ring.iter().find(|k| k.id == id).ok_or(StateError::UnknownKey)?;
    let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| StateError::Malformed)?;
    Ok((key, XNonce::from(nonce), ciphertext))
}

/// The CSRF token of `data` (an interaction and its principal) under the newest key:
/// base64url of HMAC-SHA-256.
#[cfg(feature = "page")]
pub(crate) fn csrf_token(ring: &[RingKey], data: &[u8]) -> String {
    use base64::Engine as _;
    ring.first()
        .and_then(|key| csrf_hmac(&key.csrf, data))
        .map(|mac| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(hmac::Mac::finalize(mac).into_bytes()))
        .unwrap_or_default()
}

/// Whether `token` is the CSRF token of `data` under any key of the ring (compared in
/// constant time).
#[cfg(feature = "page")]
pub(crate) fn csrf_valid(ring: &[RingKey], data: &[u8], token: &str) -> bool {
    use base64::Engine as _;
    let Ok(sent) = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(token) else { return false };
    ring.iter().any(|key| csrf_hmac(&key.csrf, data).is_some_and(|mac| hmac::Mac::verify_slice(mac, &sent).is_ok()))
}

/// HMAC-SHA-256 of `data` under `key`, ready to finalize or verify.
#[cfg(feature = "page")]
fn csrf_hmac(key: &[u8; 32], data: &[u8]) -> Option<hmac::Hmac<Sha256>> {
    let mut mac = <hmac::Hmac<Sha256> as hmac::KeyInit>::new_from_slice(key).ok()?;
    hmac::Mac::update(&mut mac, data);
    Some(mac)
}
