//! elicit side by side with rmcp 3.9's typed `Peer::elicit::<T>()`, the alternative a
//! server has today, on one realistic form.
//!
//! ```sh
//! cargo bench -p elicit-tests --bench elicit
//! ```
//!
//! Both sides ask for the same form: [`Booking`] derives `Elicit`, [`BookingSerde`] derives
//! `serde::Deserialize + schemars::JsonSchema` with the same fields, constraints, titles
//! and default (two types, because with elicit's `schemars` feature `#[derive(Elicit)]`
//! already implements `JsonSchema`). `main` checks that the two requests name the same
//! properties and that both decode the sample content to the same value before measuring.
//!
//! Groups (an `elicit` function in each, next to an `rmcp` one where rmcp has a counterpart):
//!
//! - `request`: what a server does per request before the bytes go out. elicit:
//!   the `Question::Form` params (cached schema) + `serde_json::to_vec`. rmcp, as `Peer::elicit` does it:
//!   `ElicitationSchema::from_type::<T>()` (schemars at run time), `FormElicitationParams`,
//!   then `serde_json::to_vec`. `elicit_send`: the whole
//!   `Booking::elicit(&peer, ..)` up to the wire and back, with a peer that serializes the
//!   params it is given and answers `decline` (checks, params, one send, reading the
//!   result).
//! - `schema_only`: `T::requested_schema(rev)` against `ElicitationSchema::from_type::<T>()`.
//! - `accept`: accepted content to a value. elicit: `T::from_content(&map)`, which checks
//!   every constraint, then decodes; `elicit_result`: the whole answer
//!   `{"action": "accept", "content": {..}}` through `Elicitation::<T>::from_result_on`
//!   (what `tests/benches/peers/accept.sh` compares with the SDKs' servers). rmcp:
//!   `serde_json::from_value::<T>(value)`, no
//!   validation, on a value cloned outside the timing (`Peer::elicit` clones it first; that
//!   clone is not counted). Plus `serde_borrowed`: serde from the same borrowed content
//!   elicit reads, which copies the strings as elicit does. Plus `jsonschema`: the
//!   general alternative, the `jsonschema` crate (0.60, formats on) validating the content
//!   against the same `requestedSchema` elicit sends (every error collected), then serde
//!   from the borrowed content.
//! - `accept_invalid`: elicit on content that breaks six rules, reporting all of them,
//!   and `jsonschema` collecting the same six errors (rmcp has no counterpart: its serde
//!   decode accepts five of the six).
//!
//! Before the timings, a counting global allocator reports the heap allocations per call
//! of each side of `request`, `schema_only` and `accept`, and `accept` is measured once more
//! with elicit and serde in alternating batches (a drifting load weighs on both alike).

use std::alloc::{GlobalAlloc, Layout, System};
use std::future::Future;
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use criterion::{BatchSize, Criterion};
use elicit_runtime::exchange::{Answer, ElicitationSupport, Outgoing, Question};
use elicit_runtime::{ElicitError, ElicitPeer, Elicit, Elicitation, SchemaOptions};
use rmcp::model::{ElicitRequestParams, ElicitationSchema};
use serde_json::{Map, Value, json};
use std::sync::LazyLock;

#[path = "common/booking.rs"]
mod booking;
use booking::*;

// ---------------------------------------------------------------------------------------
// What each side does per request.

fn elicit_request() -> Vec<u8> {
    let schema = Booking::requested_schema_with(black_box(REVISION), &SchemaOptions::new()).expect("the form renders");
    let params = Question::Form { schema, message: black_box(MESSAGE).into() }.into_params();
    serde_json::to_vec(&params).expect("params serialize")
}

/// A transport that serializes the params it is handed, as rmcp does, and answers
/// `decline`.
struct Wire;

impl ElicitPeer for Wire {
    fn protocol_version(&self) -> Option<String> {
        Some(REVISION.as_str().to_owned())
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        ElicitationSupport::FORM_AND_URL
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
        let bytes = serde_json::to_vec(&outgoing.params()).map_err(ElicitError::transport)?;
        black_box(bytes);
        Ok(Answer::new(json!({"action": "decline"})))
    }
}

fn elicit_send() -> bool {
    let send = std::pin::pin!(Booking::elicit(&Wire, black_box(MESSAGE)).send());
    let std::task::Poll::Ready(answer) = send.poll(&mut std::task::Context::from_waker(std::task::Waker::noop())) else {
        panic!("nothing in `Wire` waits")
    };
    answer.expect("declined").is_decline()
}

fn rmcp_request() -> Vec<u8> {
    let schema = ElicitationSchema::from_type::<BookingSerde>().expect("rmcp accepts the schema");
    let params = ElicitRequestParams::FormElicitationParams { meta: None, message: black_box(MESSAGE).to_owned(), requested_schema: schema };
    serde_json::to_vec(&params).expect("params serialize")
}

// ---------------------------------------------------------------------------------------
// The general alternative: a JSON Schema validator over the same `requestedSchema`.

/// `jsonschema` compiled once (not timed) from the schema elicit sends, formats checked.
static VALIDATOR: LazyLock<jsonschema::Validator> = LazyLock::new(|| {
    let schema = Booking::requested_schema(REVISION).expect("the form renders");
    jsonschema::options().should_validate_formats(true).build(schema.as_json()).expect("jsonschema compiles the requestedSchema")
});

/// Validates with `jsonschema`, naming every violation (their instance paths), then
/// decodes with serde from the borrowed content.
fn jsonschema_accept(content: &Value) -> Result<BookingSerde, Vec<String>> {
    let errors: Vec<String> = VALIDATOR.iter_errors(content).map(|e| e.instance_path().to_string()).collect();
    if !errors.is_empty() {
        return Err(errors);
    }
    <BookingSerde as serde::Deserialize>::deserialize(content).map_err(|e| vec![e.to_string()])
}

// ---------------------------------------------------------------------------------------
// Counting allocations (only while `COUNTING` is set; otherwise one relaxed load).

struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static CALLS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            CALLS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(layout.size() as u64, Ordering::Relaxed);
        }
        // SAFETY: the caller's contract is the one `System.alloc` needs.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            CALLS.fetch_add(1, Ordering::Relaxed);
            BYTES.fetch_add(new_size.saturating_sub(layout.size()) as u64, Ordering::Relaxed);
        }
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Allocations and bytes per call of `f`, averaged over 1000 calls (after one call that
/// warms caches). Each call gets its own input, made before the count starts.
fn allocations<I, R>(mut input: impl FnMut() -> I, mut f: impl FnMut(I) -> R) -> (f64, f64) {
    const N: usize = 1000;
    drop(f(input()));
    let inputs: Vec<I> = (0..N).map(|_| input()).collect();
    CALLS.store(0, Ordering::SeqCst);
    BYTES.store(0, Ordering::SeqCst);
    COUNTING.store(true, Ordering::SeqCst);
    for i in inputs {
        drop(black_box(f(i)));
    }
    COUNTING.store(false, Ordering::SeqCst);
    (CALLS.load(Ordering::SeqCst) as f64 / N as f64, BYTES.load(Ordering::SeqCst) as f64 / N as f64)
}

// ---------------------------------------------------------------------------------------

/// Both sides ask for the same form and decode the same value; prints both requests and
/// the allocations per call.
fn check_and_count() {
    let ours: Value = serde_json::from_slice(&elicit_request()).expect("JSON");
    let theirs: Value = serde_json::from_slice(&rmcp_request()).expect("JSON");
    let names = |v: &Value| {
        let mut names: Vec<String> = v["requestedSchema"]["properties"].as_object().expect("properties").keys().cloned().collect();
        names.sort();
        names
    };
    assert_eq!(names(&ours), names(&theirs), "both sides ask for the same fields");
    let required = |v: &Value| {
        let mut required: Vec<String> =
            v["requestedSchema"]["required"].as_array().expect("required").iter().filter_map(|n| n.as_str().map(str::to_owned)).collect();
        required.sort();
        required
    };
    assert_eq!(required(&ours), required(&theirs), "both sides require the same fields");
    assert!(elicit_send(), "the whole path reads the decline");

    let content = valid_content();
    let map = content.as_object().expect("object");
    let decoded = Booking::from_content(map).expect("valid content");
    let serde_decoded: BookingSerde = serde_json::from_value(content.clone()).expect("valid content");
    assert_eq!(decoded, Booking::from(serde_decoded), "both sides decode the same value");
    let answer = Elicitation::<Booking>::from_result_on(&json!({"action": "accept", "content": content}), REVISION).expect("valid answer");
    assert_eq!(answer, Elicitation::Accept(decoded.clone()), "the whole answer decodes to the same value");
    let refused = Elicitation::<Booking>::from_result_on(&json!({"action": "accept", "content": invalid_content()}), REVISION);
    assert!(matches!(&refused, Err(e) if e.invalid().is_some_and(|e| e.violations().len() == 6)), "the invalid answer is refused: {refused:?}");
    let invalid = Booking::from_content(invalid_content().as_object().expect("object")).expect_err("invalid content");
    assert_eq!(invalid.violations().len(), 6, "{invalid}");
    let general = jsonschema_accept(&content).expect("jsonschema accepts the valid content");
    assert_eq!(decoded, Booking::from(general), "jsonschema + serde decode the same value");
    let mut general_invalid = jsonschema_accept(&invalid_content()).expect_err("jsonschema refuses the invalid content");
    general_invalid.sort();
    let mut ours_invalid: Vec<String> = invalid.violations().iter().map(|v| format!("/{}", v.field)).collect();
    ours_invalid.sort();
    assert_eq!(general_invalid, ours_invalid, "jsonschema names the same six fields");

    println!("elicit request ({} bytes): {}", elicit_request().len(), ours);
    println!("rmcp request ({} bytes):   {}", rmcp_request().len(), theirs);
    println!();
    println!("heap allocations per call (count, bytes):");
    let report = |name: &str, (calls, bytes): (f64, f64)| println!("  {name:<20} {calls:>6.1} allocations {bytes:>8.0} bytes");
    report("request/elicit", allocations(|| (), |()| elicit_request()));
    report("request/elicit_send", allocations(|| (), |()| elicit_send()));
    report("request/rmcp", allocations(|| (), |()| rmcp_request()));
    report("schema_only/elicit", allocations(|| (), |()| Booking::requested_schema(REVISION)));
    report("schema_only/rmcp", allocations(|| (), |()| ElicitationSchema::from_type::<BookingSerde>()));
    report("accept/elicit", allocations(|| map, Booking::from_content));
    report("accept/serde_borrowed", allocations(|| &content, <BookingSerde as serde::Deserialize>::deserialize));
    report("accept/jsonschema", allocations(|| &content, jsonschema_accept));
    // rmcp's input is a clone of the content (`from_value` consumes it), made uncounted.
    report("accept/rmcp", allocations(|| content.clone(), serde_json::from_value::<BookingSerde>));
    println!();
}

fn request(c: &mut Criterion) {
    let mut group = c.benchmark_group("request");
    group.bench_function("elicit", |b| b.iter(elicit_request));
    group.bench_function("elicit_send", |b| b.iter(elicit_send));
    group.bench_function("rmcp", |b| b.iter(rmcp_request));
    group.finish();
}

fn schema_only(c: &mut Criterion) {
    let mut group = c.benchmark_group("schema_only");
    group.bench_function("elicit", |b| b.iter(|| Booking::requested_schema(black_box(REVISION)).expect("the form renders")));
    group.bench_function("rmcp", |b| b.iter(|| ElicitationSchema::from_type::<BookingSerde>().expect("rmcp accepts the schema")));
    group.finish();
}

fn accept(c: &mut Criterion) {
    let content = valid_content();
    let map: &Map<String, Value> = content.as_object().expect("object");
    let mut group = c.benchmark_group("accept");
    // Both through `iter_batched`, so neither side pays for dropping the decoded value in
    // the timing; only rmcp's input needs the setup (a fresh clone, not timed).
    group.bench_function("elicit", |b| b.iter_batched(|| map, |m| Booking::from_content(black_box(m)), BatchSize::SmallInput));
    // The whole answer `{"action": "accept", "content": {..}}`, as the SDKs' servers read
    // theirs.
    let answer = json!({"action": "accept", "content": content});
    group.bench_function("elicit_result", |b| {
        b.iter_batched(|| &answer, |a| Elicitation::<Booking>::from_result_on(black_box(a), REVISION), BatchSize::SmallInput)
    });
    group.bench_function("rmcp", |b| {
        b.iter_batched(|| content.clone(), |v| serde_json::from_value::<BookingSerde>(black_box(v)), BatchSize::SmallInput)
    });
    // serde from the same borrowed content elicit reads (it copies the strings, as elicit
    // does): how much of the gap is moving strings out of an owned value.
    group.bench_function("serde_borrowed", |b| {
        b.iter_batched(|| &content, |v| <BookingSerde as serde::Deserialize>::deserialize(black_box(v)), BatchSize::SmallInput)
    });
    group.bench_function("jsonschema", |b| b.iter_batched(|| &content, |v| jsonschema_accept(black_box(v)), BatchSize::SmallInput));
    group.finish();
}

fn accept_invalid(c: &mut Criterion) {
    let content = invalid_content();
    let map: &Map<String, Value> = content.as_object().expect("object");
    let mut group = c.benchmark_group("accept_invalid");
    group.bench_function("elicit", |b| b.iter_batched(|| map, |m| Booking::from_content(black_box(m)), BatchSize::SmallInput));
    group.bench_function("jsonschema", |b| b.iter_batched(|| &content, |v| jsonschema_accept(black_box(v)), BatchSize::SmallInput));
    group.finish();
}

fn config() -> Criterion {
    // A shared 2-core machine: short, modest runs.
    Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3)).sample_size(50)
}

/// `accept` again, elicit and serde's decode from the same borrowed content in alternating
/// batches (each call's value dropped inside the timing, on both sides), so that the load
/// of a shared machine, which drifts over the seconds criterion spends on each function,
/// weighs on both alike: the median per call of each side over all batches, and their
/// ratio. Skipped when criterion is asked for other groups only.
fn accept_interleaved() {
    const BATCHES: usize = 200;
    const CALLS: u32 = 5_000;
    let content = valid_content();
    let map = content.as_object().expect("object");
    fn batch<T>(mut call: impl FnMut() -> T) -> f64 {
        let start = std::time::Instant::now();
        for _ in 0..CALLS {
            drop(black_box(call()));
        }
        start.elapsed().as_nanos() as f64 / f64::from(CALLS)
    }
    let (mut ours, mut serde) = (Vec::with_capacity(BATCHES), Vec::with_capacity(BATCHES));
    for i in 0..BATCHES {
        // Alternating which goes first, so neither always follows the other.
        let elicit = || batch(|| Booking::from_content(black_box(map)));
        let decode = || batch(|| <BookingSerde as serde::Deserialize>::deserialize(black_box(&content)));
        if i % 2 == 0 {
            ours.push(elicit());
            serde.push(decode());
        } else {
            serde.push(decode());
            ours.push(elicit());
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (ours, serde) = (median(&mut ours), median(&mut serde));
    println!("accept, interleaved ({BATCHES} batches of {CALLS} calls each, the value dropped in the timing):");
    println!("  elicit {ours:.1} ns, serde from the same borrowed content {serde:.1} ns: {:.2}x", ours / serde);
    println!();
}

fn main() {
    check_and_count();
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    if filter.as_deref().is_none_or(|f| "accept/elicit".contains(f) || f.contains("accept")) {
        accept_interleaved();
    }
    let mut c = config().configure_from_args();
    request(&mut c);
    schema_only(&mut c);
    accept(&mut c);
    accept_invalid(&mut c);
    c.final_summary();
}
