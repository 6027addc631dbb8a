//! The accept path from arbitrary JSON: the content of two forms of every field kind
//! decoded directly, and whole results read on every revision (2025-06-18 reads a
//! multi-select from one checkbox per option). Any outcome is fine but a panic, and an
//! error must name at least one violation.
#![no_main]

use elicit_fuzz::{First, Second};
use elicit_runtime::{Elicit, Elicitation, ProtocolRevision};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

const REVISIONS: [ProtocolRevision; 3] = [ProtocolRevision::V2025_06_18, ProtocolRevision::V2025_11_25, ProtocolRevision::V2026_07_28];

fn decode<T: Elicit + std::fmt::Debug>(value: &Value) {
    if let Value::Object(content) = value {
        if let Err(invalid) = T::from_content(content) {
            assert!(!invalid.violations().is_empty(), "an error without a violation");
            let _ = invalid.to_string();
        }
    }
    let result = serde_json::json!({"action": "accept", "content": value});
    for revision in REVISIONS {
        for result in [value, &result] {
            match Elicitation::<T>::from_result_on(result, revision) {
                Err(err) => match err.invalid() {
                    Some(invalid) => assert!(!invalid.violations().is_empty(), "an error without a violation"),
                    None => drop(err.to_string()),
                },
                Ok(_) => {}
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else { return };
    decode::<First>(&value);
    decode::<Second>(&value);
});
