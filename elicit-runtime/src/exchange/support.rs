//! What a client declared it can do: [`ElicitationSupport`], read from its
//! `elicitation` capability.

use serde_json::Value;

/// The modes of elicitation a client declared in its `elicitation` capability.
///
/// ```
/// use elicit_runtime::exchange::ElicitationSupport;
/// use serde_json::json;
///
/// // 2025-06-18 clients, and 2025-11-25 clients that send `{}`, support form mode.
/// assert_eq!(ElicitationSupport::from_capability(Some(&json!({}))), ElicitationSupport::FORM);
/// assert_eq!(ElicitationSupport::from_capability(Some(&json!({"url": {}}))), ElicitationSupport::URL);
/// assert_eq!(ElicitationSupport::from_capability(None), ElicitationSupport::NONE);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct ElicitationSupport {
    /// Form mode (`requestedSchema`).
    pub form: bool,
    /// URL mode.
    pub url: bool,
}

impl ElicitationSupport {
    /// No `elicitation` capability at all.
    pub const NONE: Self = Self { form: false, url: false };
    /// Form mode only.
    pub const FORM: Self = Self { form: true, url: false };
    /// URL mode only.
    pub const URL: Self = Self { form: false, url: true };
    /// Both modes.
    pub const FORM_AND_URL: Self = Self { form: true, url: true };

    /// Reads `capabilities.elicitation` as the client sent it: absent means no support;
    /// an object with neither `form` nor `url` means form mode (the 2025-06-18 shape,
    /// kept for backward compatibility in 2025-11-25).
    pub fn from_capability(elicitation: Option<&Value>) -> Self {
        match elicitation {
            None | Some(Value::Null) => Self::NONE,
            Some(Value::Object(modes)) => {
                let form = modes.get("form").is_some_and(|v| !v.is_null());
                let url = modes.get("url").is_some_and(|v| !v.is_null());
                if !form && !url { Self::FORM } else { Self { form, url } }
            }
            // Not an object: not a declaration we can read; treat it as absent.
            Some(_) => Self::NONE,
        }
    }
}

/// Who the client says it is: its `clientInfo` (the `initialize` request's, or on
/// 2026-07-28 the request's `_meta["io.modelcontextprotocol/clientInfo"]`). Self-reported
/// and unverified: used only to choose a form the client can show
/// ([`ClientProfile`](crate::form::ClientProfile)), never for a decision about security.
///
/// ```
/// use elicit_runtime::exchange::ClientInfo;
/// use elicit_runtime::form::ClientProfile;
///
/// let codex = ClientInfo::new("codex-mcp-client", "0.63.0");
/// assert_eq!(codex.profile(), &ClientProfile::CODEX);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct ClientInfo {
    /// `clientInfo.name`.
    pub name: String,
    /// `clientInfo.version`.
    pub version: String,
}

impl ClientInfo {
    /// A client's name and version.
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> Self {
        ClientInfo { name: name.into(), version: version.into() }
    }

    /// The profile of this client ([`ClientProfile::recognise`](crate::form::ClientProfile::recognise)).
    pub fn profile(&self) -> &'static crate::form::ClientProfile {
        crate::form::ClientProfile::recognise(&self.name, &self.version)
    }
}
