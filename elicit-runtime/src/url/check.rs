//! The checks on a URL-mode request before it is sent: what the specification asks of
//! servers (a valid URL, https outside development, no URL anywhere but `url`).

use std::net::IpAddr;

use url::{Host, Url};

use crate::exchange::contains_url;
use super::error::UrlError;

/// Checks a URL and its message, and returns the URL as it is sent: serialized by the
/// WHATWG URL parser, so an internationalized host is in its ASCII (punycode) form and a
/// client can show it unambiguously.
///
/// ```
/// use elicit_runtime::url::{UrlError, checked_url};
///
/// assert_eq!(checked_url("https://bücher.example/connect?id=1", "Open the page", false)?, "https://xn--bcher-kva.example/connect?id=1");
/// assert_eq!(checked_url("http://example.com/", "Open the page", false), Err(UrlError::NotHttps { scheme: "http".into() }));
/// assert_eq!(checked_url("http://127.0.0.1:8080/k", "Open the page", false), Err(UrlError::LoopbackHttpNotAllowed));
/// assert!(checked_url("http://127.0.0.1:8080/k", "Open the page", true).is_ok());
/// assert_eq!(checked_url("https://user:pw@example.com/", "Open the page", false), Err(UrlError::UserInfo));
/// assert_eq!(checked_url("https://example.com/", "See https://evil.example", false), Err(UrlError::UrlInMessage));
/// # Ok::<(), UrlError>(())
/// ```
pub fn checked_url(url: &str, message: &str, allow_loopback_http: bool) -> Result<String, UrlError> {
    checked_message(message)?;
    checked_link(url, allow_loopback_http)
}

/// The checks of the message alone: not empty, no URL in it.
pub(super) fn checked_message(message: &str) -> Result<(), UrlError> {
    if message.trim().is_empty() {
        return Err(UrlError::EmptyMessage);
    }
    if contains_url(message) {
        return Err(UrlError::UrlInMessage);
    }
    Ok(())
}

/// The checks of the URL alone.
pub(crate) fn checked_link(url: &str, allow_loopback_http: bool) -> Result<String, UrlError> {
    let parsed = Url::parse(url).map_err(|e| UrlError::Invalid { url: url.to_owned(), reason: e.to_string() })?;
    let scheme = parsed.scheme();
    if scheme != "https" && scheme != "http" {
        return Err(UrlError::NotHttps { scheme: scheme.to_owned() });
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(UrlError::UserInfo);
    }
    let host = parsed.host().ok_or(UrlError::NoHost)?;
    if scheme == "http" {
        if !is_loopback(&host) {
            return Err(UrlError::NotHttps { scheme: scheme.to_owned() });
        }
        if !allow_loopback_http {
            return Err(UrlError::LoopbackHttpNotAllowed);
        }
    }
    Ok(parsed.into())
}

pub(crate) fn is_loopback(host: &Host<&str>) -> bool {
    match host {
        Host::Domain(name) => name.eq_ignore_ascii_case("localhost") || name.to_ascii_lowercase().ends_with(".localhost"),
        Host::Ipv4(ip) => IpAddr::V4(*ip).is_loopback(),
        Host::Ipv6(ip) => IpAddr::V6(*ip).is_loopback(),
    }
}
