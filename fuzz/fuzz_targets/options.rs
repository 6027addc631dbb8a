//! Run-time selects (`#[elicit(options)]`): both doors at once. The author's data (the
//! options of a single-select, a multi-select with `min_items` / `max_items` and an
//! optional select, each value, title and default from the input) and the client's
//! answers to the form built from them, through `T::elicit_with` with one re-ask, on
//! every revision. The input is a JSON object: `{"repo": [[value, title], ...],
//! "tags": [value, ...], "region": [[value, title], ...], "default": value,
//! "answers": [result, ...]}`; whatever is missing or of another shape is left empty.
//!
//! Invariants: nothing panics; options the form cannot offer are an
//! `ErrorKind::Options` naming one of the run-time fields, and nothing is sent; every
//! request sent offers exactly the options given, in order (as `enum` / `oneOf` values,
//! or one checkbox each on 2025-06-18); an accepted value holds only items that were
//! offered in that request (each the item of the option the answer named, never another
//! one), a multi-select's count within its bounds and without repeats; an invalid answer
//! names at least one violation; at most two requests per ask.
#![no_main]

use elicit_fuzz::{Answers, block_on};
use elicit_runtime::form::{Options, SelectItem};
use elicit_runtime::{Elicit, Elicitation, ErrorKind};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};

const REVISIONS: [&str; 3] = ["2025-06-18", "2025-11-25", "2026-07-28"];

/// The item of an option: its position in the list the author gave.
#[derive(Clone, Debug, PartialEq)]
struct Offered(usize);
impl SelectItem for Offered {}

#[derive(Elicit, Debug)]
struct Pick {
    #[elicit(options, title = "Repository")]
    repo: Offered,
    #[elicit(options, min_items = 1, max_items = 3)]
    tags: Vec<Offered>,
    #[elicit(options)]
    region: Option<Offered>,
    note: Option<String>,
}

/// `[[value, title], ...]` (or `[value, ...]`) as pairs; anything else is skipped.
fn pairs(value: Option<&Value>) -> Vec<(String, Option<String>)> {
    let Some(Value::Array(items)) = value else { return Vec::new() };
    items
        .iter()
        .filter_map(|item| match item {
            Value::String(v) => Some((v.clone(), None)),
            Value::Array(pair) => Some((pair.first()?.as_str()?.to_owned(), pair.get(1).and_then(Value::as_str).map(str::to_owned))),
            _ => None,
        })
        .collect()
}

/// The author's options: titled when every item has a title, else untitled.
fn options(given: &[(String, Option<String>)]) -> Result<Options<Offered>, elicit_runtime::form::OptionsError> {
    if given.iter().all(|(_, title)| title.is_some()) && !given.is_empty() {
        Options::new(given.iter().enumerate().map(|(i, (v, t))| (v.clone(), t.clone().unwrap_or_default(), Offered(i))))
    } else {
        Options::untitled(given.iter().enumerate().map(|(i, (v, _))| (v.clone(), Offered(i))))
    }
}

/// The values a request offers for `field`: its `enum`, its `oneOf` / `anyOf` consts, or
/// (2025-06-18's checkboxes) the checkbox names that begin with the field's.
fn offered_in(params: &Map<String, Value>, field: &str) -> Option<Vec<String>> {
    let properties = params.get("requestedSchema")?.get("properties")?.as_object()?;
    let Some(property) = properties.get(field) else {
        // Checkboxes: one boolean per option; the names are the runtime's to choose.
        return None;
    };
    let schema = property.get("items").unwrap_or(property);
    if let Some(Value::Array(values)) = schema.get("enum") {
        return Some(values.iter().filter_map(Value::as_str).map(str::to_owned).collect());
    }
    let list = schema.get("oneOf").or_else(|| schema.get("anyOf"))?.as_array()?;
    Some(list.iter().filter_map(|o| o.get("const")?.as_str()).map(str::to_owned).collect())
}

fuzz_target!(|data: &[u8]| {
    let Ok(Value::Object(input)) = serde_json::from_slice::<Value>(data) else { return };
    let (repo, tags, region) = (pairs(input.get("repo")), pairs(input.get("tags")), pairs(input.get("region")));
    let answers: Vec<Value> = match input.get("answers") {
        Some(Value::Array(answers)) => answers.clone(),
        Some(other) => vec![other.clone(); 2],
        None => Vec::new(),
    };
    for revision in REVISIONS {
        let client = Answers::new(revision, answers.clone());
        let built = (|| {
            let mut repo_options = options(&repo)?;
            if let Some(default) = input.get("default").and_then(Value::as_str) {
                repo_options = repo_options.with_default(default)?;
            }
            Ok::<_, elicit_runtime::form::OptionsError>(PickOptions { repo: repo_options, tags: options(&tags)?, region: options(&region)? })
        })();
        let Ok(given) = built else { continue };
        let asked = block_on(Pick::elicit_with(&client, "Pick", given).reask(1).into_future());
        let sent = client.sent.lock().map(|s| s.clone()).unwrap_or_default();
        match asked {
            Err(err) if err.kind() == ErrorKind::Options => {
                let text = err.to_string();
                assert!(["repo", "tags", "region"].iter().any(|field| text.contains(&format!("`{field}`"))), "options refused: {text}");
                assert!(sent.is_empty(), "options refused, and still sent");
                continue;
            }
            Err(err) if err.is_invalid() => assert!(err.invalid().is_some_and(|invalid| !invalid.violations().is_empty()), "an invalid answer without a violation"),
            Err(err) => drop(err.to_string()),
            Ok(Elicitation::Accept(pick)) => {
                assert!(pick.repo.0 < repo.len(), "an item that was never offered: {:?}", pick.repo);
                assert!((1..=3).contains(&pick.tags.len()), "{} tags", pick.tags.len());
                let mut seen = std::collections::BTreeSet::new();
                for tag in &pick.tags {
                    assert!(tag.0 < tags.len() && seen.insert(tag.0), "tags {:?}", pick.tags);
                }
                assert!(pick.region.as_ref().is_none_or(|r| r.0 < region.len()), "{:?}", pick.region);
                // Each item is the one of the value the answer named.
                if let Some(content) = answers.get(sent.len().saturating_sub(1)).and_then(|a| a.get("content")) {
                    if let Some(named) = content.get("repo").and_then(Value::as_str) {
                        assert_eq!(repo[pick.repo.0].0, named, "the answer named `{named}`, and another item came back");
                    }
                }
            }
            Ok(Elicitation::Decline | Elicitation::Cancel) => {}
        }
        assert!(sent.len() <= 2, "asked {} times", sent.len());
        for params in &sent {
            if let Some(values) = offered_in(params, "repo") {
                let given: Vec<&str> = repo.iter().map(|(v, _)| v.as_str()).collect();
                assert_eq!(values, given, "the repositories offered are not the ones given");
            }
        }
    }
});
