//! The author's words in the user's language, end to end: a trip form that flattens one
//! address sub-form twice with prefixes in each language (`title_prefix(ko = ...)`), a
//! postcode with a pattern hint in each language, a cross-field rule of the author's
//! whose violation has translations, and a message from the author's own Fluent catalog
//! (`Words::message`). A Korean and a French user fill it in through the scripted client
//! on 2025-11-25 and 2026-07-28: the pattern fails once, then the rule, then the answer
//! is taken. The texts are snapshots read by a person before they were kept
//! (`tests/snapshots/words/<tag>.txt`; write them anew with `ELICIT_BLESS=1` and read
//! the diff). The form and its tool are `tests/servers/words_server.rs`, which interop
//! judge 1c serves to the official TypeScript clients.

use std::path::PathBuf;

use elicit_runtime::ProtocolRevision;
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::testing::{Reply, ScriptedClient};
use serde_json::{Value, json};

const REVISIONS: [ProtocolRevision; 2] = [ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

// The form and its tool are the interop judge's server's (`words_server`); its `main` is
// the binary's.
#[allow(dead_code, unreachable_pub)]
#[path = "../servers/words_server.rs"]
mod words_server;

use words_server::{Server, Trip, catalog};

/// The answers: a postcode that is not five digits, then departure before arrival, then right.
fn answers() -> [Value; 3] {
    let address = |city: &str, postcode: &str| (city.to_owned(), postcode.to_owned());
    let answer = |home: (String, String), billing: (String, String), arrive: &str, leave: &str| {
        json!({"home_city": home.0, "home_postcode": home.1, "billing_city": billing.0, "billing_postcode": billing.1, "arrive": arrive, "leave": leave})
    };
    [
        answer(address("Lyon", "6900"), address("Paris", "75001"), "2026-12-20", "2026-12-27"),
        answer(address("Lyon", "69001"), address("Paris", "75001"), "2026-12-20", "2026-12-18"),
        answer(address("Lyon", "69001"), address("Paris", "75001"), "2026-12-20", "2026-12-27"),
    ]
}

/// What a user of `accept_language` is asked on `revision`, and the tool's text.
async fn asked(revision: ProtocolRevision, accept_language: &str) -> (Vec<Value>, String) {
    let [first, second, third] = answers();
    let client = ScriptedClient::new(revision).accept_language(accept_language).reply(Reply::accept(first)).reply(Reply::accept(second)).reply(Reply::accept(third));
    let server = Server::new(StateSealer::new(*b"the words test key of 32 bytes..").expect("a 32-byte key"));
    let session = client.connect(server).await.unwrap_or_else(|e| panic!("cannot connect: {e}"));
    let text = session.call_tool_text("book", json!({})).await.unwrap_or_else(|e| panic!("{revision}: {e}"));
    let transcript = session.transcript();
    assert!(transcript.violations.is_empty(), "{revision}: {:?}", transcript.violations);
    (transcript.requests, text)
}

/// Each field's title, and its description (the pattern's words) when it has one, in order.
fn titles(params: &Value) -> Vec<String> {
    let properties = params["requestedSchema"]["properties"].as_object().cloned().unwrap_or_default();
    properties
        .iter()
        .map(|(name, p)| match p["description"].as_str() {
            Some(description) => format!("{name}: {} ({description})", p["title"].as_str().unwrap_or("-")),
            None => format!("{name}: {}", p["title"].as_str().unwrap_or("-")),
        })
        .collect()
}

#[test]
fn every_message_the_forms_use_is_in_every_language_the_author_ships() {
    catalog();
    assert_eq!(elicit_runtime::locale::Catalog::installed().check_messages(&[&Trip::question()], &["en", "ko", "fr"]), Ok(()));
    // German is shipped by the toolkit, not by this author: the check names what it lacks.
    let missing = elicit_runtime::locale::Catalog::installed().check_messages(&[&Trip::question()], &["de"]).unwrap_err();
    assert_eq!(missing[0].to_string(), "`trip-ask` in `de`: the language has no such message");
}

#[tokio::test]
async fn a_korean_and_a_french_user_read_every_word_in_their_language() {
    catalog();
    let mut failures = Vec::new();
    for (tag, accept_language) in [("ko", "ko-KR, ko;q=0.9, en;q=0.5"), ("fr", "fr-FR, fr;q=0.9")] {
        let mut text = String::new();
        for revision in REVISIONS {
            let (requests, result) = asked(revision, accept_language).await;
            assert_eq!(requests.len(), 3, "{tag} {revision}: the form, the pattern's re-ask, the rule's re-ask");
            assert_eq!(result, "2026-12-20 → 2026-12-27, Lyon 75001", "{tag} {revision}");
            text.push_str(&format!("== {revision}: the form\n{}\n\n{}\n\n", requests[0]["message"].as_str().unwrap_or_default(), titles(&requests[0]).join("\n")));
            for (i, request) in requests.iter().enumerate().skip(1) {
                text.push_str(&format!("== {revision}: re-ask {i}\n{}\n\n", request["message"].as_str().unwrap_or_default()));
                assert_eq!(titles(request), titles(&requests[0]), "{tag} {revision}: the titles stay");
            }
        }
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots/words").join(format!("{tag}.txt"));
        if std::env::var_os("ELICIT_BLESS").is_some() {
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder");
            std::fs::write(&path, &text).expect("written");
        } else if std::fs::read_to_string(&path).unwrap_or_default() != text {
            failures.push(format!("{} differs (ELICIT_BLESS=1 writes it anew; read the diff):\n{text}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[tokio::test]
async fn a_user_of_another_language_reads_the_author_s_own() {
    catalog();
    let (requests, _) = asked(ProtocolRevision::V2025_11_25, "de-DE").await;
    assert_eq!(requests[0]["message"], "Where do you live and where should the bill go, Ada?");
    assert_eq!(requests[0]["requestedSchema"]["properties"]["billing_postcode"]["title"], "Billing Postcode");
    let rule = requests[2]["message"].as_str().unwrap_or_default();
    assert!(rule.ends_with("Bitte korrigieren Sie Ihre Antwort:\n- Departure: must be after the arrival date"), "{rule}");
}
