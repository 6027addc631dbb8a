//! What a sealed `requestState` holds, as plaintext: the answers pinned to their
//! questions, the last round's questions, the notes; written in the current format and
//! read in it or either earlier one.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

/// One answer held between rounds, pinned to the question it answers.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pinned {
    /// [`question_digest`] of the question, as it was asked.
    pub(crate) digest: String,
    /// The client's result.
    pub(crate) answer: Value,
}

/// What travels in `requestState` between rounds: the client's answers so far, and the
/// questions of the last round, each with the digest of the exact question, and the
/// notes the body kept (which URL-mode interaction it started, and whether it completed).
#[derive(Debug, Default, PartialEq)]
pub(crate) struct RoundState {
    pub(crate) answers: BTreeMap<String, Pinned>,
    pub(crate) pending: Vec<Pending>,
    pub(crate) notes: BTreeMap<String, String>,
    /// Whether the client's model answered some of the answers.
    pub(crate) answers_from_model: bool,
}

/// A question of the last round: its input key, the digest of the exact question, and
/// whether it went to the client's model instead of the client (only the model's
/// call-back may answer it then).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pending {
    pub(crate) key: String,
    pub(crate) digest: String,
    pub(crate) via_model: bool,
}

impl RoundState {
    /// The plaintext of the sealed state:
    /// `{"v":3,"exp":…,"answers":{key:{"d":digest,"c":content}},"pending":[[key,digest]],"notes":{…},"model":true}`
    /// (an answer that is exactly `{"action":"accept","content":{…}}`, as nearly all are,
    /// keeps only its content under `"c"`; any other result is kept whole under `"a"`. A
    /// pending question sent to the client's model is `[key,digest,"model"]`; `notes`
    /// only when there are some, `model` only when the model answered some). Written
    /// straight from the state, without copying the answers into a `Value` first.
    ///
    /// `exp` is the expiry in milliseconds since the Unix epoch (version 3). Version 2
    /// wrote the same with `exp` in whole seconds, and version 1 besides kept every answer
    /// whole under `"a"`; both are still read. A server of an older release cannot read a
    /// newer state and refuses it as it refuses any state it cannot read (the frozen
    /// -32602): upgrade every instance behind one key ring before the new one issues
    /// states.
    pub(super) fn to_json_bytes(&self, expires_ms: u64) -> Result<Vec<u8>, serde_json::Error> {
        let answers_len: usize = self.answers.iter().map(|(k, p)| k.len() + p.digest.len() + 256).sum();
        let mut out = Vec::with_capacity(64 + answers_len + self.pending.len() * 64);
        out.extend_from_slice(b"{\"v\":3,\"exp\":");
        out.extend_from_slice(expires_ms.to_string().as_bytes());
        out.extend_from_slice(b",\"answers\":{");
        for (i, (key, pinned)) in self.answers.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            serde_json::to_writer(&mut out, key)?;
            out.extend_from_slice(b":{\"d\":");
            serde_json::to_writer(&mut out, &pinned.digest)?;
            match accepted_content(&pinned.answer) {
                Some(content) => {
                    out.extend_from_slice(b",\"c\":");
                    serde_json::to_writer(&mut out, content)?;
                }
                None => {
                    out.extend_from_slice(b",\"a\":");
                    serde_json::to_writer(&mut out, &pinned.answer)?;
                }
            }
            out.push(b'}');
        }
        out.extend_from_slice(b"},\"pending\":[");
        for (i, pending) in self.pending.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.push(b'[');
            serde_json::to_writer(&mut out, &pending.key)?;
            out.push(b',');
            serde_json::to_writer(&mut out, &pending.digest)?;
            if pending.via_model {
                out.extend_from_slice(b",\"model\"");
            }
            out.push(b']');
        }
        out.push(b']');
        if !self.notes.is_empty() {
            out.extend_from_slice(b",\"notes\":");
            serde_json::to_writer(&mut out, &self.notes)?;
        }
        if self.answers_from_model {
            out.extend_from_slice(b",\"model\":true");
        }
        out.push(b'}');
        Ok(out)
    }

    #[cfg(test)]
    pub(super) fn from_json(json: Value) -> Option<(Self, u64)> {
        Plain::deserialize(json).ok()?.into_state()
    }
}

/// The plaintext of a sealed state as [`RoundState::to_json_bytes`] writes it (version 3)
/// or versions 1 and 2 did, read straight from its bytes, without a `Value` tree in between.
#[derive(Deserialize)]
pub(super) struct Plain {
    v: u64,
    exp: u64,
    answers: BTreeMap<String, PlainPinned>,
    pending: Vec<Vec<Value>>,
    #[serde(default)]
    notes: BTreeMap<String, String>,
    #[serde(default)]
    model: bool,
}

/// One answer of [`Plain`]: the digest, and the whole result (`a`) or only the content
/// of a plain accept (`c`, version 2 on).
#[derive(Deserialize)]
struct PlainPinned {
    d: String,
    #[serde(default, deserialize_with = "present")]
    a: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    c: Option<Value>,
}

/// A member that is present, even as `null`.
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

impl Plain {
    /// The state and its expiry in milliseconds since the Unix epoch.
    pub(super) fn into_state(self) -> Option<(RoundState, u64)> {
        let version = self.v;
        let expires_ms = match version {
            1 | 2 => self.exp.saturating_mul(1000),
            3 => self.exp,
            _ => return None,
        };
        let answers = self
            .answers
            .into_iter()
            .map(|(key, pinned)| {
                let answer = match (pinned.a, pinned.c) {
                    (Some(answer), None) => answer,
                    (None, Some(content @ Value::Object(_))) if version >= 2 => {
                        let mut result = Map::with_capacity(2);
                        result.insert("action".into(), "accept".into());
                        result.insert("content".into(), content);
                        Value::Object(result)
                    }
                    _ => return None,
                };
                Some((key, Pinned { digest: pinned.d, answer }))
            })
            .collect::<Option<_>>()?;
        let pending = self
            .pending
            .into_iter()
            .map(|entry| match entry.as_slice() {
                [key, digest] | [key, digest, Value::String(_)] if entry.len() == 2 || entry[2] == "model" => {
                    Some(Pending { key: key.as_str()?.to_owned(), digest: digest.as_str()?.to_owned(), via_model: entry.len() == 3 })
                }
                _ => None,
            })
            .collect::<Option<_>>()?;
        Some((RoundState { answers, pending, notes: self.notes, answers_from_model: self.model }, expires_ms))
    }
}

/// The content of a result that is exactly `{"action":"accept","content":{…}}`: all the
/// state needs to keep of it.
fn accepted_content(answer: &Value) -> Option<&Value> {
    let Value::Object(result) = answer else { return None };
    let content = result.get("content").filter(|c| c.is_object())?;
    (result.len() == 2 && result.get("action").and_then(Value::as_str) == Some("accept")).then_some(content)
}
