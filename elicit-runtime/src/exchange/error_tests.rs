//! Every failure reaches one kind, says whether anything was sent, and keeps its text and
//! its source: one row per failure of [`Repr`], so a failure added without a row fails the
//! match below.

use std::error::Error as _;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Map;

use super::{ElicitError, ErrorKind, MalformedResult, Repr};
use crate::exchange::{Continuation, ElicitationSupport};
use crate::form::{InvalidContent, OptionsError, SchemaError, Violation};
use crate::revision::ProtocolRevision;

/// One of every failure, with the kind it must have and whether nothing was sent.
fn every_failure() -> Vec<(ElicitError, ErrorKind, bool)> {
    use ErrorKind as K;
    let invalid = InvalidContent::of_rules(vec![Violation::rule("name", "taken")]);
    let bad_rule = SchemaError::BadRule { field: "value", rule: "pattern", why: "unclosed group".into() };
    let failures: Vec<(Repr, ErrorKind, bool)> = vec![
        (Repr::NotSupported(ElicitationSupport::NONE), K::NotSupported, true),
        (Repr::UrlNotSupported(ElicitationSupport::FORM), K::NotSupported, true),
        (Repr::ClientLacks("sampling"), K::NotSupported, true),
        (Repr::UnsupportedRevision(Some("2024-11-05".into())), K::UnsupportedRevision, true),
        (Repr::UnknownRevision("2024-11-05".into()), K::UnsupportedRevision, true),
        (Repr::UrlUnavailable(ProtocolRevision::V2025_06_18), K::UnsupportedRevision, true),
        (Repr::Schema(bad_rule), K::Schema, true),
        (Repr::Options { field: "repo", error: OptionsError::Empty }, K::Options, true),
        (Repr::UrlInMessage, K::Rule, true),
        (Repr::NeedsInputRound, K::NeedsInputRound, true),
        (Repr::DuplicateKey("elicit-1".into()), K::DuplicateKey, true),
        (Repr::Once("charge".into()), K::Once, false),
        (Repr::Continues(Continuation::InputRequired), K::Continues, false),
        (Repr::Continues(Continuation::UrlRequired(vec![Map::new()])), K::Continues, true),
        (Repr::Continues(Continuation::StillPending { waited: Duration::from_secs(3), elicitation: Map::new() }), K::Continues, false),
        (Repr::Timeout(Duration::from_secs(30)), K::Timeout, false),
        (Repr::Cancelled(None), K::Cancelled, false),
        (Repr::Client { code: -32601, message: "Method not found".into() }, K::Client, false),
        (Repr::Transport(Arc::new(std::io::Error::other("closed"))), K::Transport, false),
        (Repr::Malformed(MalformedResult::MissingAction), K::Malformed, false),
        (Repr::AcceptWithoutContent, K::Malformed, false),
        (Repr::PageValue("it is not the content of a form"), K::Malformed, false),
        (Repr::Invalid(invalid), K::Invalid, false),
        (Repr::FormNotShown, K::FormNotShown, false),
        (Repr::Expired, K::Expired, false),
    ];
    let mut every: Vec<_> = failures.into_iter().map(|(repr, kind, nothing_sent)| (ElicitError::from(repr), kind, nothing_sent)).collect();
    // URL mode's own errors (`url`, a floor above) stand in as any error: their rows are in `url/error.rs`.
    every.push((Repr::UrlRule(Arc::new(std::io::Error::other("no host"))).into(), ErrorKind::Rule, true));
    every.push((Repr::Store(Arc::new(std::io::Error::other("full"))).into(), ErrorKind::Store, false));
    every
}

#[test]
fn every_failure_has_its_kind_and_says_whether_anything_was_sent() {
    for (err, kind, nothing_sent) in every_failure() {
        assert_eq!(err.kind(), kind, "{err:?}");
        assert_eq!(err.nothing_sent(), nothing_sent, "{err:?}");
        // Each `Repr` has a row here: the compiler names a new one.
        match err.repr() {
            Repr::NotSupported(_)
            | Repr::UrlNotSupported(_)
            | Repr::ClientLacks(_)
            | Repr::UnsupportedRevision(_)
            | Repr::UnknownRevision(_)
            | Repr::UrlUnavailable(_)
            | Repr::Schema(_)
            | Repr::Options { .. }
            | Repr::UrlInMessage
            | Repr::UrlRule(_)
            | Repr::NeedsInputRound
            | Repr::DuplicateKey(_)
            | Repr::Once(_)
            | Repr::Continues(_)
            | Repr::Timeout(_)
            | Repr::Cancelled(_)
            | Repr::Client { .. }
            | Repr::Transport(_)
            | Repr::Malformed(_)
            | Repr::AcceptWithoutContent
            | Repr::PageValue(_)
            | Repr::Invalid(_)
            | Repr::FormNotShown
            | Repr::Expired
            | Repr::Store(_) => {}
        }
    }
}

#[test]
fn the_predicates_and_accessors_agree_with_the_kind() {
    for (err, kind, _) in every_failure() {
        assert_eq!(err.is_not_supported(), kind == ErrorKind::NotSupported, "{err:?}");
        assert_eq!(err.is_timeout(), kind == ErrorKind::Timeout, "{err:?}");
        assert_eq!(err.is_cancelled(), kind == ErrorKind::Cancelled, "{err:?}");
        assert_eq!(err.is_transport(), kind == ErrorKind::Transport, "{err:?}");
        assert_eq!(err.is_invalid(), kind == ErrorKind::Invalid, "{err:?}");
        assert_eq!(err.invalid().is_some(), kind == ErrorKind::Invalid, "{err:?}");
        assert_eq!(err.continuation().is_some(), kind == ErrorKind::Continues, "{err:?}");
        assert_eq!(err.is_input_required(), err.continuation() == Some(&Continuation::InputRequired), "{err:?}");
        // Only a rule of URL mode names a `UrlError` (`url/error.rs` has its rows); a form's
        // message with a URL is the form's rule.
        assert!(err.url_rule().is_none() || matches!(err.repr(), Repr::UrlRule(_)), "{err:?}");
        let waited = matches!(err.repr(), Repr::Timeout(_) | Repr::Continues(Continuation::StillPending { .. }));
        assert_eq!(err.waited().is_some(), waited, "{err:?}");
        // What carries a detail gives it as the source, and the text does not repeat it.
        if let Some(source) = err.source() {
            assert!(!err.to_string().contains(&source.to_string()), "{err}: repeats {source}");
        }
        let sourced = matches!(kind, ErrorKind::Schema | ErrorKind::Options | ErrorKind::Transport | ErrorKind::Invalid | ErrorKind::Store)
            || matches!(err.repr(), Repr::Malformed(_) | Repr::UrlRule(_));
        assert_eq!(err.source().is_some(), sourced, "{err:?}");
    }
}

#[test]
fn an_error_is_one_pointer_and_equal_to_its_clone() {
    assert_eq!(size_of::<ElicitError>(), size_of::<usize>());
    assert_eq!(size_of::<Result<(), ElicitError>>(), size_of::<usize>());
    for (err, _, _) in every_failure() {
        assert_eq!(err.clone(), err);
    }
    // Two transport failures only when they are one.
    let closed = || ElicitError::transport(std::io::Error::other("closed"));
    assert_ne!(closed(), closed());
}

#[test]
fn a_version_string_of_no_revision_is_an_unsupported_revision() {
    let err = "2024-11-05".parse::<ProtocolRevision>().unwrap_err();
    assert_eq!((err.kind(), err.nothing_sent()), (ErrorKind::UnsupportedRevision, true));
    assert_eq!(err.to_string(), "unknown protocol revision `2024-11-05`: elicitation is defined for 2025-06-18, 2025-11-25 and 2026-07-28");
    // What a client sends is repeated cut, whatever its length.
    let long = "9".repeat(10_000).parse::<ProtocolRevision>().unwrap_err().to_string();
    assert!(long.len() < 300 && long.contains('…'), "{long}");
    for revision in ProtocolRevision::ALL {
        assert_eq!(revision.as_str().parse::<ProtocolRevision>(), Ok(*revision));
    }
}

#[test]
fn the_outcome_names_are_the_stable_ones() {
    let outcomes: Vec<&str> = every_failure().iter().map(|(err, _, _)| err.outcome()).collect();
    assert_eq!(
        outcomes,
        [
            "not_supported",
            "url_not_supported",
            "client_lacks",
            "unsupported_revision",
            // A version string that parses as no revision: the same outcome.
            "unsupported_revision",
            "url_unavailable",
            "schema",
            "options",
            "url_in_message",
            "needs_input_round",
            "duplicate_key",
            "once",
            "input_required",
            "url_required",
            "still_pending",
            "timeout",
            "cancelled",
            "client_error",
            "transport",
            "malformed",
            "accept_without_content",
            "url_page_value",
            "invalid",
            "form_not_shown",
            "url_expired",
            "url_rule",
            "url_store",
        ]
    );
}
