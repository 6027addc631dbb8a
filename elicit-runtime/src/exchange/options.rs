//! How one elicitation is sent: schema options, a timeout, re-asking.

use std::time::Duration;

use crate::form::SchemaOptions;

/// How one elicitation is sent: schema options, a timeout, re-asking on invalid content.
///
/// ```
/// use std::time::Duration;
/// use elicit_runtime::ElicitOptions;
///
/// let options = ElicitOptions::new().timeout(Duration::from_secs(120)).reask(2);
/// assert_eq!(options.timeout_after(), Some(Duration::from_secs(120)));
/// assert_eq!(options.reasks(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ElicitOptions {
    schema: SchemaOptions,
    timeout: Option<Duration>,
    reask: u32,
}

impl ElicitOptions {
    /// No timeout, no re-asking, default schema options.
    pub const fn new() -> Self {
        Self { schema: SchemaOptions::new(), timeout: None, reask: 0 }
    }

    /// Give up after `timeout` (per request sent), telling the client with
    /// `notifications/cancelled`.
    pub const fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// When accepted content fails validation, ask again up to `times` more times, with
    /// the problems listed under the message. The last failure is returned as
    /// [`ElicitError::InvalidContent`](crate::ElicitError::InvalidContent).
    pub const fn reask(mut self, times: u32) -> Self {
        self.reask = times;
        self
    }

    /// How the schema is written ([`SchemaOptions`]).
    pub const fn schema(mut self, schema: SchemaOptions) -> Self {
        self.schema = schema;
        self
    }

    /// The timeout, if any.
    pub const fn timeout_after(&self) -> Option<Duration> {
        self.timeout
    }

    /// How many times invalid content is asked again.
    pub const fn reasks(&self) -> u32 {
        self.reask
    }

    /// The schema options.
    pub const fn schema_options(&self) -> &SchemaOptions {
        &self.schema
    }
}
