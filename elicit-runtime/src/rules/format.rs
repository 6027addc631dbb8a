//! The `format`s of a string field the MCP specification allows, and what each accepts.
//!
//! No doctest here: the derive compiles this file too, and has no `elicit_runtime` to
//! run one with. The runtime's examples stand on its re-exports (`form::Format`,
//! `form::format_is_valid`).

use std::fmt;

use super::mailbox::mailbox;
use super::rfc3339;

/// A `format` of a string field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// `email`: an address as RFC 5321 / 5322 allow it.
    Email,
    /// `uri`: an absolute URI (RFC 3986).
    Uri,
    /// `date`: an RFC 3339 `full-date`, `2025-11-25`.
    Date,
    /// `date-time`: an RFC 3339 `date-time`, `2025-11-25T10:30:00Z`.
    DateTime,
}

impl Format {
    /// Every format the specification allows, in the order it lists them.
    pub const ALL: [Format; 4] = [Format::Email, Format::Uri, Format::Date, Format::DateTime];

    /// The keyword value on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::Email => "email",
            Format::Uri => "uri",
            Format::Date => "date",
            Format::DateTime => "date-time",
        }
    }

    /// The format whose keyword value is `name`, if the specification allows it.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.as_str() == name)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether `s` is valid for `format`, as JSON Schema defines the format: the runtime's
/// check of an answer, and the derive's check of a `default`.
pub(crate) fn is_valid(format: Format, s: &str) -> bool {
    match format {
        // RFC 5321 / 5322 addresses are ASCII; non-ASCII ones are JSON Schema's
        // `idn-email` (RFC 6531), which a client checking `email` refuses.
        Format::Email => mailbox(s),
        Format::Uri => fluent_uri::Uri::parse(s).is_ok(),
        Format::Date => rfc3339::full_date(s.as_bytes()),
        Format::DateTime => rfc3339::date_time(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_as_json_schema_defines_the_formats() {
        let valid = [
            (Format::Date, "2024-02-29"),
            (Format::DateTime, "2025-11-25T10:30:00.5+02:00"),
            (Format::DateTime, "1998-12-31T23:59:60Z"),
            (Format::DateTime, "1998-12-31T15:59:60-08:00"),
            (Format::Email, "octocat@github.com"),
            (Format::Email, "a.b+c@[192.0.2.1]"),
            (Format::Email, "\"a b\"@[IPv6:2001:db8::1]"),
            (Format::Uri, "https://example.com/a?b#c"),
            (Format::Uri, "urn:isbn:0451450523"),
            (Format::Uri, "mailto:a@b.example"),
        ];
        for (format, s) in valid {
            assert!(is_valid(format, s), "{s} is a valid {format:?}");
        }
        let invalid = [
            (Format::Date, "2023-02-29"),
            (Format::Date, "2024-13-01"),
            (Format::Date, "2024-01-32"),
            (Format::Date, "2024-1-01"),
            (Format::DateTime, "2024-01-01T00:00:00"),
            (Format::DateTime, "2024-01-01T25:00:00Z"),
            (Format::DateTime, "2024-01-01Tgarbage00Z"),
            (Format::DateTime, "1998-12-31T23:59:60+01:00"),
            (Format::Email, "a b@example.com"),
            (Format::Email, "a@b@"),
            (Format::Email, ".a@example.com"),
            (Format::Email, "a@-example.com"),
            (Format::Email, "ü@example.com"),
            (Format::Email, "\"\"@example.com"),
            (Format::Uri, "/relative/path"),
            (Format::Uri, "https://exa mple.com"),
            (Format::Uri, "1http://example.com"),
            (Format::Uri, "https://example.com/%zz"),
        ];
        for (format, s) in invalid {
            assert!(!is_valid(format, s), "{s} is not a valid {format:?}");
        }
    }

    #[test]
    fn names_are_the_wire_keywords() {
        for format in Format::ALL {
            assert_eq!(Format::from_name(format.as_str()), Some(format));
            assert_eq!(format.to_string(), format.as_str());
        }
        assert_eq!(Format::from_name("Date"), None);
    }
}
