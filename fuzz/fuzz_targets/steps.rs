//! A two-step choice, a form that flattens one sub-form twice (and once more as an
//! option) with a cross-field rule, each asked with one re-ask through a client whose
//! answers are the input: the whole `T::elicit` path, on every revision. The input is a
//! JSON array of results, given in turn (a decline once they run out), or one value given
//! as every answer.
//!
//! Invariants: nothing panics; an accepted value satisfies every rule of its form,
//! checked again from the value (`trip_holds`, `payment_holds`); an invalid answer is an
//! error that names at least one violation; a choice sends at most two steps per ask
//! (its re-asks included: two questions and one re-ask each), a form at most two.
#![no_main]

use elicit_fuzz::{Answers, Payment, Trip, block_on, payment_holds, trip_holds};
use elicit_runtime::{Elicit, ElicitError, Elicitation};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

const REVISIONS: [&str; 3] = ["2025-06-18", "2025-11-25", "2026-07-28"];

fn answers(value: &Value) -> Vec<Value> {
    match value {
        Value::Array(results) => results.clone(),
        other => vec![other.clone(); 4],
    }
}

fn refused(err: ElicitError) {
    if let Some(invalid) = err.invalid() {
        assert!(!invalid.violations().is_empty(), "an invalid answer without a violation");
    }
    drop(err.to_string());
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else { return };
    for revision in REVISIONS {
        // 2026-07-28 asks through input rounds, not a direct request: the peer of a
        // direct request refuses it, which is an error like any other here.
        let client = Answers::new(revision, answers(&value));
        match block_on(Trip::elicit(&client, "Where to?").reask(1).into_future()) {
            Ok(Elicitation::Accept(trip)) => assert!(trip_holds(&trip), "an accepted trip breaks a rule: {trip:?}"),
            Ok(Elicitation::Decline | Elicitation::Cancel) => {}
            Err(err) => refused(err),
        }
        assert!(client.sent.lock().map_or(0, |s| s.len()) <= 2, "a form asked more than once and its re-ask");

        let client = Answers::new(revision, answers(&value));
        match block_on(Payment::elicit(&client, "How do you pay?").reask(1).into_future()) {
            Ok(Elicitation::Accept(payment)) => assert!(payment_holds(&payment), "an accepted payment breaks a rule: {payment:?}"),
            Ok(Elicitation::Decline | Elicitation::Cancel) => {}
            Err(err) => refused(err),
        }
        let sent = client.sent.lock().map(|s| s.clone()).unwrap_or_default();
        assert!(sent.len() <= 4, "a choice asked {} times", sent.len());
        for params in &sent {
            let properties = params.get("requestedSchema").and_then(|s| s.get("properties")).and_then(Value::as_object);
            assert!(properties.is_some_and(|p| !p.is_empty()), "a step with nothing to ask: {params:?}");
        }
    }
});
