//! The matrix (issue 43): every field kind, through every revision, client profile, path
//! and two languages, holds. A fixed catalogue of derived forms (`matrix/forms.rs`), each
//! combining several kinds, and a seeded generator that picks, for each cell (form ×
//! revision × client × path × language), the typed value the user means, how they fill
//! the form in as that client shows it, and a wrong answer first two times in three.
//!
//! In every cell: the tool gets exactly the intended typed value; every request shows
//! every field of the form (itself or its checkboxes); the scripted client finds every
//! option it is told to pick (or says so in the transcript); a wrong answer is asked again
//! with the problem named on the field, in the words the specification's client gets on
//! 2025-11-25 in that language; on the server's page (a page form), the page itself shows
//! the wrong answer again, the problem under its field in the same words.
//!
//! `ELICIT_MATRIX_SEED=<u64>` changes the seed; `ELICIT_MATRIX_CELLS=<n>` runs `n` cells
//! drawn at random (with their own values) instead of each cell once. The testing guide
//! (`elicit-runtime/docs/testing.md`) says more.

#[path = "matrix/cases.rs"]
mod cases;
#[path = "matrix/forms.rs"]
mod forms;
#[path = "matrix/rng.rs"]
mod rng;
#[path = "matrix/server.rs"]
mod server;

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use elicit_runtime::exchange::ElicitationSupport;
use elicit_runtime::rmcp::RelayArg;
use elicit_runtime::testing::{
    PageAnswer, PageBrowser, RealClient, Reply, ScriptedClient, ScriptedSession,
};
use elicit_runtime::{Elicit, ProtocolRevision};
use serde_json::{Map, Value, json};

use cases::{Case, FORMS};
use forms::Numbers;
use rng::Rng;
use server::{served, server, text_of};

/// The seed CI runs with.
const SEED: u64 = 0x0043_e1c1_7000_0001;

const LOCALES: [&str; 2] = ["en", "ja"];

/// What a page form fails with where URL mode is not there (2025-06-18, or a client that
/// does not show its link: Goose, which declares it without showing the URL, and Claude
/// Code, which does not declare it), before anything is sent.
const REFUSED_WITHOUT_URL_MODE: [&str; 2] = ["URL-mode elicitation", "nothing was sent"];

/// Whether a cell cannot work: a page form where URL mode is not there.
fn cannot(cell: Cell) -> bool {
    FORMS[cell.form].page
        && (!cell.revision.has_url_mode() || !cell.client.profile().shows_url_mode())
}

/// How the question reaches the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Path {
    /// The client's own form: `elicitation/create` (2025-06-18, 2025-11-25), or the
    /// `InputRequiredResult` rounds of 2026-07-28.
    Client,
    /// A client without elicitation: the question goes to its model, which relays the
    /// user's answer in a call-back.
    Relay,
    /// A page form: URL mode to the server's own page, where the user fills the form in.
    Page,
}

const PATHS: [Path; 2] = [Path::Client, Path::Relay];

/// One cell of the matrix.
#[derive(Debug, Clone, Copy)]
struct Cell {
    form: usize,
    revision: ProtocolRevision,
    client: RealClient,
    path: Path,
    locale: &'static str,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} × {} × {:?} × {:?} × {}",
            FORMS[self.form].tool, self.revision, self.client, self.path, self.locale
        )
    }
}

/// Every cell, in a fixed order.
fn cells() -> Vec<Cell> {
    let mut all = Vec::new();
    for (form, entry) in FORMS.iter().enumerate() {
        for &revision in ProtocolRevision::ALL {
            for client in RealClient::ALL {
                let paths: &[Path] = if entry.page { &[Path::Page] } else { &PATHS };
                for &path in paths {
                    for locale in LOCALES {
                        all.push(Cell {
                            form,
                            revision,
                            client,
                            path,
                            locale,
                        });
                    }
                }
            }
        }
    }
    all
}

// ---- one cell ----------------------------------------------------------------------------

/// What a cell did: the tool's text, every question's params as the user (or the model)
/// got them, and what the scripted client could not do.
struct Run {
    text: String,
    questions: Vec<Value>,
    violations: Vec<String>,
    /// The page path: every page the browser got back, in order.
    pages: Vec<PageAnswer>,
}

/// What the user (or the model) answers, in order: a step's wrong answer before it.
fn answers(case: &Case, by_values: bool) -> Vec<(usize, Map<String, Value>)> {
    let mut out = Vec::new();
    for (i, step) in case.steps.iter().enumerate() {
        let right = if by_values {
            &step.values
        } else {
            &step.content
        };
        if let Some(wrong) = case.wrong.as_ref().filter(|w| w.step == i) {
            let mut bad = right.clone();
            bad.insert(wrong.field.to_owned(), wrong.bad.clone());
            out.push((i, bad));
        }
        out.push((i, right.clone()));
    }
    out
}

async fn run(cell: Cell, case: &Case) -> Result<Run, String> {
    let tool = FORMS[cell.form].tool;
    let client = ScriptedClient::new(cell.revision)
        .plays(cell.client)
        .accept_language(json!(cell.locale));
    match cell.path {
        Path::Client => {
            let client =
                answers(case, false)
                    .into_iter()
                    .fold(client, |client, (step, content)| {
                        client.reply(Reply::Fill {
                            content,
                            schema: case.steps[step].schema,
                        })
                    });
            let session = connect(client).await?;
            let text = session
                .call_tool_text(tool, json!({}))
                .await
                .map_err(|e| format!("the call failed: {e}"))?;
            let transcript = session.transcript();
            Ok(Run {
                text,
                questions: transcript.requests,
                violations: transcript.violations,
                pages: Vec::new(),
            })
        }
        Path::Page => {
            let server = served().await;
            // The user opens the link in a browser signed in as `ada`, in the cell's
            // language, and fills the page form in: a wrong answer first where the case
            // has one (the page shows the form again, the problem under its field), then
            // the right one. Every page the browser got is kept.
            let pages: Arc<Mutex<Vec<PageAnswer>>> = Arc::default();
            let opened: Arc<Mutex<Vec<String>>> = Arc::default();
            let browsing: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>> = Arc::default();
            let fills: Vec<Map<String, Value>> = answers(case, false)
                .into_iter()
                .map(|(_, content)| as_browser_sends(content))
                .collect();
            let browser = PageBrowser::new()
                .header("cookie", "user=ada")
                .header("accept-language", cell.locale);
            let (kept, seen, tasks) = (pages.clone(), opened.clone(), browsing.clone());
            let client = client.pages(&server.pages).respond_with(move |params| {
                let Some(url) = params["url"].as_str().map(str::to_owned) else {
                    return Reply::Decline;
                };
                // One browser per link, however often the link is sent.
                let mut seen = seen.lock().expect("the links");
                if !seen.contains(&url) {
                    seen.push(url.clone());
                    let (browser, fills, kept) = (browser.clone(), fills.clone(), kept.clone());
                    let task = tokio::spawn(async move {
                        for content in fills {
                            let Ok(answer) = browser.fill(&url, Value::Object(content)).await
                            else {
                                break;
                            };
                            kept.lock().expect("the pages").push(answer);
                        }
                    });
                    tasks.lock().expect("the browsers").push(task);
                }
                Reply::consent()
            });
            let session = client
                .connect(server)
                .await
                .map_err(|e| format!("cannot connect: {e}"))?;
            let said = session.call_tool_text(tool, json!({})).await;
            let transcript = session.transcript();
            if cannot(cell) {
                // No URL mode: a typed error, and nothing sent.
                return match said {
                    Err(err)
                        if transcript.requests.is_empty()
                            && REFUSED_WITHOUT_URL_MODE
                                .iter()
                                .all(|w| err.to_string().contains(w)) =>
                    {
                        Ok(Run {
                            text: case.expected.clone(),
                            questions: Vec::new(),
                            violations: transcript.violations,
                            pages: Vec::new(),
                        })
                    }
                    other => Err(format!(
                        "a page form without URL mode was not refused before sending: {other:?}, {} requests",
                        transcript.requests.len()
                    )),
                };
            }
            let text = said.map_err(|e| format!("the call failed: {e}"))?;
            // The tool may end before the browser has read the page's last answer.
            let tasks: Vec<_> = browsing.lock().expect("the browsers").drain(..).collect();
            for task in tasks {
                task.await.map_err(|e| format!("the browser failed: {e}"))?;
            }
            let pages = pages.lock().expect("the pages").clone();
            Ok(Run {
                text,
                questions: transcript.requests,
                violations: transcript.violations,
                pages,
            })
        }
        Path::Relay => {
            let session = connect(client.support(ElicitationSupport::NONE)).await?;
            let mut planned = answers(case, true).into_iter();
            let mut result = session
                .call_tool(tool, json!({}))
                .await
                .map_err(|e| format!("the call failed: {e}"))?;
            let mut questions = Vec::new();
            loop {
                let Some(relay) = result
                    .structured_content
                    .as_ref()
                    .and_then(|s| s.get(RelayArg::NAME))
                    .cloned()
                else {
                    break;
                };
                let continuation = relay["continuation"]
                    .as_str()
                    .ok_or("a relay without a continuation")?
                    .to_owned();
                let mut answers = Map::new();
                for (key, question) in relay["questions"]
                    .as_object()
                    .ok_or("a relay without questions")?
                {
                    let mut params = question["params"].clone();
                    // The text the model reads holds the re-ask's problems: kept with the question.
                    params["relayText"] = Value::from(text_of(&result));
                    questions.push(params);
                    let (_, content) = planned
                        .next()
                        .ok_or_else(|| format!("asked more than planned: {question}"))?;
                    answers.insert(key.clone(), Value::Object(content));
                }
                let arguments =
                    json!({ RelayArg::NAME: { "continuation": continuation, "answers": answers } });
                result = session
                    .call_tool(tool, arguments)
                    .await
                    .map_err(|e| format!("the call-back failed: {e}"))?;
            }
            let transcript = session.transcript();
            if !transcript.requests.is_empty() {
                return Err(format!(
                    "a client without elicitation was sent {} requests",
                    transcript.requests.len()
                ));
            }
            Ok(Run {
                text: text_of(&result),
                questions,
                violations: transcript.violations,
                pages: Vec::new(),
            })
        }
    }
}

async fn connect(client: ScriptedClient) -> Result<ScriptedSession, String> {
    client
        .connect(server())
        .await
        .map_err(|e| format!("cannot connect: {e}"))
}

/// The lines of a re-ask that name problems (`- ...`), after the message.
fn problems(message: &str) -> Vec<String> {
    message
        .lines()
        .filter(|l| l.starts_with("- "))
        .map(str::to_owned)
        .collect()
}

/// Whether the params show `field`: as a property, or as its checkboxes.
fn shows(params: &Value, field: &str) -> bool {
    let Some(properties) = params
        .pointer("/requestedSchema/properties")
        .and_then(Value::as_object)
    else {
        return false;
    };
    let words: String = field
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_");
    properties.contains_key(field)
        || properties
            .keys()
            .any(|k| k.starts_with(&format!("{words}_")))
}

/// Checks one cell; `reference` gives the problems the specification's client is told on
/// 2025-11-25 for the same wrong answer and language.
async fn check(
    cell: Cell,
    case: &Case,
    reference: Option<&[String]>,
) -> Result<Vec<String>, String> {
    let run = run(cell, case).await?;
    let mut failures = Vec::new();
    if run.text != case.expected {
        failures.push(format!(
            "the tool got {:?}, the user meant {:?}",
            run.text, case.expected
        ));
    }
    if !run.violations.is_empty() {
        failures.push(format!(
            "the scripted client or the official schema: {:?}",
            run.violations
        ));
    }
    // A cell that cannot work (a page form on a revision without URL mode) is a typed
    // error before anything is sent: nothing asked, nothing answered.
    let planned = if cannot(cell) {
        Vec::new()
    } else {
        answers(case, cell.path == Path::Relay)
    };
    // On the page, the link is sent once: the page itself shows a wrong answer again.
    let on_page = cell.path == Path::Page && !cannot(cell);
    let asked = if on_page { 1 } else { planned.len() };
    if run.questions.len() != asked {
        failures.push(format!(
            "asked {} times, the user needed {asked} (never asked once more than the user needed)",
            run.questions.len(),
        ));
    }
    if on_page {
        let outcomes: Vec<&str> = run.pages.iter().map(PageAnswer::outcome).collect();
        let mut expected = vec!["invalid"; planned.len().saturating_sub(1)];
        expected.push("done");
        if outcomes != expected {
            failures.push(format!(
                "the page answered {outcomes:?} to the user's {} submissions, not {expected:?}",
                planned.len()
            ));
        }
    }
    // Never a field dropped: every question shows every field of its step.
    for (question, (step, _)) in run.questions.iter().zip(&planned) {
        for field in (FORMS[cell.form].fields)(*step) {
            if !shows(question, field) {
                failures.push(format!(
                    "the form of step {step} does not show `{field}`: {question}"
                ));
            }
        }
    }
    // A wrong answer is asked again with the problem named on the field, in the same words.
    let mut told = Vec::new();
    if cell.path == Path::Page {
        // Nothing asked where the page cannot be (`cannot`): nothing to show again.
        if let (Some(wrong), true) = (&case.wrong, on_page) {
            match run.pages.first() {
                Some(page) => failures.extend(page_shows_problem(cell, case, wrong, &page.body)),
                None => failures.push("the browser got no page".to_owned()),
            }
        }
    } else if let Some(wrong) = &case.wrong {
        let at = planned
            .iter()
            .position(|(step, _)| *step == wrong.step)
            .map(|i| i + 1);
        match at.and_then(|i| run.questions.get(i)) {
            Some(again) => {
                let message = match cell.path {
                    Path::Client | Path::Page => {
                        again["message"].as_str().unwrap_or_default().to_owned()
                    }
                    Path::Relay => again["relayText"].as_str().unwrap_or_default().to_owned(),
                };
                told = problems(again["message"].as_str().unwrap_or_default());
                // Named by its wire name, or by its title where the user reads checkboxes.
                let locale = elicit_runtime::locale::Locale::for_tag(cell.locale);
                let title = FORMS[cell.form]
                    .schema
                    .and_then(|s| s.field(wrong.field))
                    .and_then(|f| f.title_in(locale));
                let named = |line: &String| {
                    line.contains(&format!("`{}`", wrong.field))
                        || line.contains(title.unwrap_or(wrong.field))
                };
                if told.is_empty() || !told.iter().all(named) {
                    failures.push(format!(
                        "the re-ask does not name `{}` alone: {message:?}",
                        wrong.field
                    ));
                }
                if let Some(reference) = reference {
                    for line in reference {
                        if !message.contains(line.as_str()) {
                            failures.push(format!("the re-ask says it otherwise: {line:?} (the specification's client, 2025-11-25) is not in {message:?}"));
                        }
                    }
                }
            }
            None => failures.push(format!(
                "the wrong answer to `{}` was not asked again",
                wrong.field
            )),
        }
    }
    if failures.is_empty() {
        Ok(told)
    } else {
        Err(failures.join("\n    "))
    }
}

/// What a browser posts for the user's content: nothing for an unticked box or a field
/// left empty, every item of a list.
fn as_browser_sends(content: Map<String, Value>) -> Map<String, Value> {
    content
        .into_iter()
        .filter(|(_, value)| !matches!(value, Value::Bool(false) | Value::Null))
        .collect()
}

/// The problems the page shows under `field` (`<p class="problem" id="e-field">`, then
/// the others of the same field), as the user reads them.
fn page_problems(body: &str) -> Vec<(String, String)> {
    let mut shown = Vec::new();
    for piece in body.split("<p class=\"problem\" id=\"e-").skip(1) {
        let Some((field, rest)) = piece.split_once("\">") else {
            continue;
        };
        let text = rest.split("</p>").next().unwrap_or_default();
        let text = text
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&");
        shown.push((field.to_owned(), text));
    }
    shown
}

/// The page a wrong answer got: the form again, the problem under the field alone, in
/// the words the re-ask of every other path writes for it (`Violation::text_in`: the
/// field's name or title, then these words).
fn page_shows_problem(cell: Cell, case: &Case, wrong: &cases::Wrong, body: &str) -> Vec<String> {
    let mut failures = Vec::new();
    let shown = page_problems(body);
    if shown.is_empty() || shown.iter().any(|(field, _)| field != wrong.field) {
        failures.push(format!(
            "the page does not show the problem under `{}` alone: {shown:?}",
            wrong.field
        ));
    }
    let Some(schema) = FORMS[cell.form].schema else {
        return failures;
    };
    let mut bad = case.steps[wrong.step].content.clone();
    bad.insert(wrong.field.to_owned(), wrong.bad.clone());
    let locale = elicit_runtime::locale::Locale::for_tag(cell.locale);
    let reask: Vec<String> = match schema.validate(&bad) {
        Ok(()) => Vec::new(),
        Err(invalid) => invalid
            .violations()
            .iter()
            .map(|v| v.text_in(schema, locale))
            .collect(),
    };
    for (_, text) in &shown {
        if text.is_empty() || !reask.iter().any(|line| line.ends_with(text.as_str())) {
            failures.push(format!(
                "the page says {text:?}, which is not how the re-ask says it: {reask:?}"
            ));
        }
    }
    failures
}

// ---- the matrix --------------------------------------------------------------------------

/// The generator of one cell: the seed and the cell's place, so a cell is the same
/// whichever others run.
fn case_of(seed: u64, index: u64, cell: Cell) -> Case {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    (FORMS[cell.form].generate)(&mut rng, cell.client, cell.locale)
}

fn env_u64(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    let value = value.trim();
    value.strip_prefix("0x").map_or_else(
        || value.parse().ok(),
        |hex| u64::from_str_radix(hex, 16).ok(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_field_kind_holds_through_every_revision_client_path_and_language() {
    let seed = env_u64("ELICIT_MATRIX_SEED").unwrap_or(SEED);
    let all = cells();
    // Each cell once, or `ELICIT_MATRIX_CELLS` drawn at random (a cell drawn twice gets
    // other values).
    let chosen: Vec<(u64, Cell)> = match env_u64("ELICIT_MATRIX_CELLS") {
        None => all
            .iter()
            .enumerate()
            .map(|(i, c)| (i as u64, *c))
            .collect(),
        Some(n) => {
            let mut rng = Rng::new(seed);
            (0..n).map(|i| (i, all[rng.below(all.len())])).collect()
        }
    };
    let mut references: HashMap<String, Vec<String>> = HashMap::new();
    let mut failures = Vec::new();
    for (index, cell) in &chosen {
        let case = case_of(seed, *index, *cell);
        // The words the specification's client is told for the same wrong answer.
        let reference = match &case.wrong {
            // A page form has no other path: its words are checked against the re-ask's
            // own writing of the same problems (`page_shows_problem`).
            Some(wrong) if cell.path != Path::Page => {
                let key = format!(
                    "{} {} {} {} {} {}",
                    cell.form,
                    wrong.step,
                    wrong.field,
                    wrong.bad,
                    cell.locale,
                    checkboxes(*cell)
                );
                if !references.contains_key(&key) {
                    // A multi-select shown as checkboxes is re-asked in words about ticking:
                    // the reference is the specification's client shown the same shape.
                    let revision = if checkboxes(*cell) {
                        ProtocolRevision::V2025_06_18
                    } else {
                        ProtocolRevision::V2025_11_25
                    };
                    let spec = Cell {
                        revision,
                        client: RealClient::Spec,
                        path: Path::Client,
                        ..*cell
                    };
                    match check(spec, &case, None).await {
                        Ok(told) => {
                            references.insert(key.clone(), told);
                        }
                        Err(failure) => failures.push(report(seed, *index, spec, &case, &failure)),
                    }
                }
                references.get(&key).cloned()
            }
            _ => None,
        };
        if let Err(failure) = check(*cell, &case, reference.as_deref()).await {
            let smaller = reduce(*cell, &case).await;
            failures.push(format!(
                "{}\n    {smaller}",
                report(seed, *index, *cell, &case, &failure)
            ));
        }
    }
    eprintln!(
        "matrix: {} cells, seed {seed:#x}, {} failed",
        chosen.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} cells failed (seed {seed:#x}; rerun with ELICIT_MATRIX_SEED={seed:#x}):\n{}",
        failures.len(),
        chosen.len(),
        failures.join("\n")
    );
}

/// The smallest variant of a failing cell that still fails, to say where to look: the
/// right answer alone (no wrong one first), then the same on the specification's client,
/// then on the client's own form (not the relay).
async fn reduce(cell: Cell, case: &Case) -> String {
    let mut smallest = (cell, case.clone(), "the cell itself");
    let right = Case {
        wrong: None,
        ..case.clone()
    };
    let candidates = [
        (cell, right.clone(), "the right answer alone"),
        (
            Cell {
                client: RealClient::Spec,
                ..cell
            },
            right.clone(),
            "the right answer alone, through the specification's client",
        ),
        (
            Cell {
                client: RealClient::Spec,
                path: if cell.path == Path::Page {
                    Path::Page
                } else {
                    Path::Client
                },
                ..cell
            },
            right,
            "the right answer alone, through the specification's client, in its own form",
        ),
    ];
    for (smaller, case, what) in candidates {
        if check(smaller, &case, None).await.is_err() {
            smallest = (smaller, case, what);
        } else {
            break;
        }
    }
    format!("smallest that fails: {} ({})", smallest.2, smallest.0)
}

/// Whether the cell's client is shown multi-selects as checkboxes (2025-06-18, and the
/// clients without arrays).
fn checkboxes(cell: Cell) -> bool {
    !cell.revision.has_multi_select() || !cell.client.profile().shows_arrays()
}

/// A failure: the cell, the seed, the form and the answers the user gave.
fn report(seed: u64, index: u64, cell: Cell, case: &Case, failure: &str) -> String {
    let wrong = case.wrong.as_ref().map_or_else(String::new, |w| {
        format!(", first `{}` = {}", w.field, w.bad)
    });
    let steps: Vec<String> = case
        .steps
        .iter()
        .map(|s| Value::Object(s.content.clone()).to_string())
        .collect();
    format!(
        "- cell #{index} {cell} (seed {seed:#x}): {failure}\n    the user meant {}, filled in {}{wrong}",
        case.expected,
        steps.join(" then ")
    )
}

#[test]
fn the_generator_is_deterministic() {
    let cell = cells()[7];
    assert_eq!(
        format!("{:?}", case_of(SEED, 7, cell)),
        format!("{:?}", case_of(SEED, 7, cell))
    );
}

#[tokio::test]
async fn a_kept_answer_past_2_53_is_not_offered_back_as_a_default() {
    // Found by the matrix: a re-ask offers the answers that were right as defaults; a
    // `u64` past 2^53 was offered too, which JavaScript clients show rounded and rmcp's
    // typed schema (2026-07-28 rounds) cannot carry, so the whole round failed.
    let value = Numbers {
        guests: 4,
        tiny: i8::MIN,
        short: i16::MAX,
        offset: 0,
        big: i64::MIN,
        port: 1,
        count: u32::MAX,
        huge: u64::MAX,
        size: 9,
        delta: -1,
        ratio: 0.5,
        weight: None,
        limit: Some(1 << 53),
        agree: true,
        maybe: None,
        newsletter: false,
        retries: 3,
    };
    for &revision in ProtocolRevision::ALL {
        let mut wrong = value.to_content();
        wrong.insert("guests".into(), json!(13));
        let client = ScriptedClient::new(revision)
            .reply(Reply::accept(Value::Object(wrong)))
            .reply(Reply::fill(&value));
        let session = connect(client).await.expect("connect");
        let said = session
            .call_tool_text("numbers", json!({}))
            .await
            .expect("the call");
        assert_eq!(said, format!("Accept({value:?})"), "{revision}");
        let again = &session.transcript().requests[1]["requestedSchema"]["properties"];
        if revision.has_defaults_on_every_type() {
            assert!(
                again["huge"].get("default").is_none() && again["big"].get("default").is_none(),
                "{revision}: {again}"
            );
            assert_eq!(
                (&again["limit"]["default"], &again["count"]["default"]),
                (&json!(1u64 << 53), &json!(u32::MAX)),
                "{revision}"
            );
        }
    }
}
