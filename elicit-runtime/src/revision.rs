//! The MCP protocol revisions whose elicitation this crate speaks, and the dialects (the
//! drafts) a server may follow where they differ.

use std::fmt;

/// A revision of the Model Context Protocol, as negotiated at `initialize`.
///
/// ```
/// use elicit_runtime::ProtocolRevision;
///
/// let rev: ProtocolRevision = "2025-11-25".parse().unwrap();
/// assert_eq!(rev, ProtocolRevision::V2025_11_25);
/// assert!(rev.has_multi_select());
/// assert!(!ProtocolRevision::V2025_06_18.has_multi_select());
/// assert_eq!(ProtocolRevision::LATEST.to_string(), "2026-07-28");
/// assert!("2024-11-05".parse::<ProtocolRevision>().is_err());
/// ```
///
#[doc = include_str!("../docs/revisions.md")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum ProtocolRevision {
    /// `2025-06-18`: elicitation introduced. Form mode only, defaults on booleans only,
    /// titled enums as `enum` + `enumNames`, no multi-select.
    V2025_06_18,
    /// `2025-11-25`: `mode` (form / url), defaults on every primitive, titled enums as
    /// `oneOf` of `const` + `title`, multi-select.
    V2025_11_25,
    /// `2026-07-28`: the schema is as in 2025-11-25; the request travels inside an
    /// `InputRequiredResult` instead of a server-to-client request.
    V2026_07_28,
}

impl ProtocolRevision {
    /// Every revision this crate speaks, oldest first. A slice, so that adding a revision
    /// is not a breaking change.
    pub const ALL: &'static [ProtocolRevision] = &[Self::V2025_06_18, Self::V2025_11_25, Self::V2026_07_28];

    /// The newest revision this crate speaks.
    pub const LATEST: ProtocolRevision = Self::V2026_07_28;

    /// The revision's date string, as sent in `protocolVersion`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::V2025_06_18 => "2025-06-18",
            Self::V2025_11_25 => "2025-11-25",
            Self::V2026_07_28 => "2026-07-28",
        }
    }

    /// Whether multi-select (`type: "array"`) fields exist in this revision.
    pub const fn has_multi_select(self) -> bool {
        !matches!(self, Self::V2025_06_18)
    }

    /// Whether string, number and enum properties may carry `default` (booleans always may).
    pub const fn has_defaults_on_every_type(self) -> bool {
        !matches!(self, Self::V2025_06_18)
    }

    /// Whether titled single-selects are written as `oneOf: [{const, title}]` (else as
    /// `enum` + `enumNames`).
    pub const fn has_titled_one_of(self) -> bool {
        !matches!(self, Self::V2025_06_18)
    }

    /// Whether requests carry `mode` (`"form"` / `"url"`).
    pub const fn has_modes(self) -> bool {
        !matches!(self, Self::V2025_06_18)
    }

    /// Whether URL-mode elicitation exists (2025-11-25 on).
    pub const fn has_url_mode(self) -> bool {
        !matches!(self, Self::V2025_06_18)
    }

    /// Whether URL-mode requests carry an `elicitationId`, with
    /// `notifications/elicitation/complete` and error `-32042` (2025-11-25 only: on
    /// 2026-07-28 completion is learned on the client's retry).
    pub const fn has_elicitation_ids(self) -> bool {
        matches!(self, Self::V2025_11_25)
    }

    /// Whether the server may send requests to the client (`elicitation/create`) while it
    /// handles a request. From 2026-07-28 on it may not: input travels in rounds.
    pub const fn has_server_requests(self) -> bool {
        !self.has_input_rounds()
    }

    /// Whether a request is answered with an `InputRequiredResult` and retried with
    /// `inputResponses` and the echoed `requestState` (2026-07-28 on).
    pub const fn has_input_rounds(self) -> bool {
        matches!(self, Self::V2026_07_28)
    }

    /// Whether the client declares its capabilities on each request
    /// (`_meta["io.modelcontextprotocol/clientCapabilities"]`) rather than once at
    /// `initialize` (2026-07-28 on).
    pub const fn has_per_request_capabilities(self) -> bool {
        self.has_input_rounds()
    }
}

impl fmt::Display for ProtocolRevision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which specification text the server follows where the drafts differ from the
/// released revisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Dialect {
    /// The released revisions, as negotiated (the default).
    #[default]
    Released,
    /// The draft elicitation chapter with `elicitation/track`: clients track URL-mode elicitations
    /// with `elicitation/track` and get progress for them; a request that needs a page
    /// first ends with `-32604` (ElicitationRequired); there is no
    /// `notifications/elicitation/complete`.
    ///
    /// The draft's example of the `-32604` error spells the key `elicitionId`; its text
    /// (and every other message of the chapter) says `elicitationId`, which is what is
    /// sent: a client reading the id by the documented name finds it.
    #[cfg(feature = "dialects")]
    #[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
    ElicitationTrack,
    /// The draft "User Interaction" proposal: the server asks with
    /// `interaction/create` (types `prompt` and `ua`, through a [`UserInteraction`](crate::dialect::UserInteraction)
    /// transport), a request that needs a page first ends with `-32003
    /// interaction_required`, and clients track with `interaction/notify`.
    #[cfg(feature = "dialects")]
    #[cfg_attr(docsrs, doc(cfg(feature = "dialects")))]
    UserInteraction,
}
