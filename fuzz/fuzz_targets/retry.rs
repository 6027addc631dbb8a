//! The retry input of a round: a body that asks the form `First` and then `Second`
//! (each with one re-ask) resumed with a genuine sealed state and arbitrary JSON as its
//! `inputResponses`. The responses are played against each round the body can reach:
//! the first question, the second, and the re-ask of the first. A state opens or the
//! round completes; the only error allowed is a round whose answers are too large to seal
//! (`StateError::TooLarge`), the typed refusal of an oversized answer.
#![no_main]

use std::collections::BTreeMap;
use std::sync::LazyLock;
use std::time::Duration;

use elicit_fuzz::{First, Second};
use elicit_runtime::rounds::StateSealer;
use elicit_runtime::rounds::{MAX_STATE_LEN, StateError};
use elicit_runtime::__private::{Harness, Played};
use elicit_runtime::Elicitation;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

/// States that outlive any run (the default ten minutes would expire mid-run).
const TTL: Duration = Duration::from_secs(30 * 24 * 3600);

static HARNESS: LazyLock<Harness> = LazyLock::new(|| {
    let sealer = StateSealer::new(*b"the fuzzing key, 32 bytes or more").expect("key").ttl(TTL);
    Harness::new(sealer, Some("alice"), "book", None)
});

/// The state after each of the rounds the body can stop at.
static STATES: LazyLock<Vec<String>> = LazyLock::new(|| {
    let valid_first = json!({"action": "accept", "content": {
        "name": "Ada", "email": "ada@example.com", "homepage": "https://example.com/", "birthday": "1815-12-10",
        "callback_at": "2025-11-25T10:30:00Z", "stars": 3, "long": 1, "ulong": 2, "percent": 50, "weight": 1.5, "agree": true,
        "color": "red", "plan": "free", "plans": ["free"], "colors": [], "born": "1815-12-10", "starts": "2025-11-25T10:30:00Z",
        "site": "https://example.com/"
    }});
    let mut states = Vec::new();
    let Ok(Played::InputRequired { state, .. }) = HARNESS.play::<First>(1, None, BTreeMap::new()) else { panic!("the first round asks") };
    states.push(state.clone());
    // The first answered: the round of the second question.
    let answered = BTreeMap::from([("elicit-1".to_owned(), valid_first)]);
    let Ok(Played::InputRequired { state: second, .. }) = HARNESS.play::<First>(2, Some(&state), answered) else { panic!("the second round asks") };
    states.push(second);
    // The first answered badly: the round of its re-ask.
    let bad = BTreeMap::from([("elicit-1".to_owned(), json!({"action": "accept", "content": {"name": ""}}))]);
    let Ok(Played::InputRequired { state: reask, keys }) = HARNESS.play::<First>(1, Some(&state), bad) else { panic!("the re-ask round asks") };
    assert_eq!(keys, ["elicit-1-retry-1"]);
    states.push(reask);
    states
});

fn check<T>(played: Result<Played<T>, StateError>) {
    let played = match played {
        Err(StateError::TooLarge { len }) => return assert!(len > MAX_STATE_LEN),
        other => other.expect("a state the server sealed opens"),
    };
    match played {
        Played::Complete(answers) => {
            for answer in answers {
                match answer {
                    Ok(Elicitation::Accept(_) | Elicitation::Decline | Elicitation::Cancel) => {}
                    Err(err) => match err.invalid() {
                        Some(invalid) => assert!(!invalid.violations().is_empty()),
                        None => drop(err.to_string()),
                    },
                }
            }
        }
        Played::InputRequired { keys, state } => {
            assert!(!keys.is_empty(), "a round ended without a question");
            assert!(HARNESS.open(&state).is_ok(), "the server refuses its own state");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else { return };
    // An object is the `inputResponses` map itself; anything else answers every key.
    let responses: BTreeMap<String, Value> = match value {
        Value::Object(map) => map.into_iter().collect(),
        other => ["elicit-1", "elicit-2", "elicit-1-retry-1", "elicit-2-retry-1"].iter().map(|k| ((*k).to_owned(), other.clone())).collect(),
    };
    for state in STATES.iter() {
        check(HARNESS.play::<First>(2, Some(state), responses.clone()));
        check(HARNESS.play::<Second>(2, Some(state), responses.clone()));
    }
});
