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
//!   `form_params` (cached schema) + `serde_json::to_vec`. rmcp, as `Peer::elicit` does it:
//!   `ElicitationSchema::from_type::<T>()` (schemars at run time) + `FormElicitationParams`
//!   + `serde_json::to_vec`.
//! - `schema_only`: `T::requested_schema(rev)` against `ElicitationSchema::from_type::<T>()`.
//! - `accept`: accepted content to a value. elicit: `T::from_content(&map)`, which checks
//!   every constraint, then decodes. rmcp: `serde_json::from_value::<T>(value)`, no
//!   validation, on a value cloned outside the timing (`Peer::elicit` clones it first; that
//!   clone is not counted). Plus `serde_borrowed`: serde from the same borrowed content
//!   elicit reads, which copies the strings as elicit does.
//! - `accept_invalid`: elicit on content that breaks six rules, reporting all of them
//!   (rmcp has no counterpart: its serde decode accepts five of the six).
//!
//! Before the timings, a counting global allocator reports the heap allocations per call
//! of each side of `request`, `schema_only` and `accept`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use criterion::{BatchSize, Criterion};
use elicit_runtime::{Elicit, ProtocolRevision, SchemaOptions, exchange::form_params};
use rmcp::model::{ElicitRequestParams, ElicitationSchema};
use serde_json::{Map, Value, json};

// ---------------------------------------------------------------------------------------
// The form, twice.

/// Where to sit
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
#[elicit(rename_all = "lowercase")]
enum Seating {
    #[elicit(title = "Indoors")]
    Indoor,
    #[elicit(title = "On the terrace")]
    Terrace,
    #[elicit(title = "At the bar")]
    Bar,
}

/// A table booking: short text with lengths, an email, bounded integer and number, a
/// boolean with a default, a titled single-select, an optional note.
#[derive(Elicit, Debug, Clone, PartialEq)]
struct Booking {
    /// Who the table is for
    #[elicit(title = "Name", min_length = 1, max_length = 80)]
    name: String,
    /// Where we send the confirmation
    #[elicit(format = "email")]
    email: String,
    /// How many people
    #[elicit(title = "Guests", minimum = 1, maximum = 12)]
    guests: u8,
    /// Spending limit per person, in euros
    #[elicit(minimum = 0, maximum = 500)]
    budget: f64,
    /// Send me the monthly menu
    #[elicit(default = true)]
    newsletter: bool,
    #[elicit(title = "Seating")]
    seating: Seating,
    /// Allergies, a birthday...
    #[elicit(max_length = 500)]
    notes: Option<String>,
}

// `Seating` as rmcp's path needs it (plain comments: a doc comment here would become the
// field's description). Inlined, because rmcp's `ElicitationSchema` cannot follow a
// `$ref`; with `"type": "string"` added, because schemars writes the titled options as
// `oneOf` without it and rmcp then rejects the schema ("data did not match any variant of
// untagged enum PrimitiveSchemaDefinition").
#[derive(serde::Deserialize, schemars::JsonSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
#[schemars(inline, extend("type" = "string"))]
enum SeatingSerde {
    #[schemars(title = "Indoors")]
    Indoor,
    #[schemars(title = "On the terrace")]
    Terrace,
    #[schemars(title = "At the bar")]
    Bar,
}

// `Booking` as rmcp's path needs it.
#[derive(serde::Deserialize, schemars::JsonSchema, Debug, Clone, PartialEq)]
struct BookingSerde {
    /// Who the table is for
    #[schemars(title = "Name", length(min = 1, max = 80))]
    name: String,
    /// Where we send the confirmation
    #[schemars(email)]
    email: String,
    /// How many people
    #[schemars(title = "Guests", range(min = 1, max = 12))]
    guests: u8,
    /// Spending limit per person, in euros
    #[schemars(range(min = 0, max = 500))]
    budget: f64,
    /// Send me the monthly menu
    #[serde(default = "yes")]
    newsletter: bool,
    #[schemars(title = "Seating")]
    seating: SeatingSerde,
    /// Allergies, a birthday...
    #[schemars(length(max = 500))]
    notes: Option<String>,
}

fn yes() -> bool {
    true
}

rmcp::elicit_safe!(BookingSerde);

impl From<BookingSerde> for Booking {
    fn from(b: BookingSerde) -> Self {
        let seating = match b.seating {
            SeatingSerde::Indoor => Seating::Indoor,
            SeatingSerde::Terrace => Seating::Terrace,
            SeatingSerde::Bar => Seating::Bar,
        };
        Booking {
            name: b.name,
            email: b.email,
            guests: b.guests,
            budget: b.budget,
            newsletter: b.newsletter,
            seating,
            notes: b.notes,
        }
    }
}

const MESSAGE: &str = "Book a table for Friday evening";
const REVISION: ProtocolRevision = ProtocolRevision::V2025_11_25;

fn valid_content() -> Value {
    json!({
        "name": "Ada Lovelace",
        "email": "ada@example.com",
        "guests": 4,
        "budget": 45.5,
        "newsletter": false,
        "seating": "terrace",
        "notes": "One vegetarian, and it is a birthday"
    })
}

/// Breaks six rules: too short, not an email, above the maximum, below the minimum, not
/// an option, too long. serde alone notices only the option.
fn invalid_content() -> Value {
    json!({
        "name": "",
        "email": "ada at example dot com",
        "guests": 40,
        "budget": -5,
        "seating": "balcony",
        "notes": "x".repeat(501)
    })
}

// ---------------------------------------------------------------------------------------
// What each side does per request.

fn elicit_request() -> Vec<u8> {
    let params = form_params::<Booking>(black_box(MESSAGE), black_box(REVISION), &SchemaOptions::new()).expect("the form renders");
    serde_json::to_vec(&params).expect("params serialize")
}

fn rmcp_request() -> Vec<u8> {
    let schema = ElicitationSchema::from_type::<BookingSerde>().expect("rmcp accepts the schema");
    let params = ElicitRequestParams::FormElicitationParams { meta: None, message: black_box(MESSAGE).to_owned(), requested_schema: schema };
    serde_json::to_vec(&params).expect("params serialize")
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

    let content = valid_content();
    let map = content.as_object().expect("object");
    let decoded = Booking::from_content(map).expect("valid content");
    let serde_decoded: BookingSerde = serde_json::from_value(content.clone()).expect("valid content");
    assert_eq!(decoded, Booking::from(serde_decoded), "both sides decode the same value");
    let invalid = Booking::from_content(invalid_content().as_object().expect("object")).expect_err("invalid content");
    assert_eq!(invalid.violations().len(), 6, "{invalid}");

    println!("elicit request ({} bytes): {}", elicit_request().len(), ours);
    println!("rmcp request ({} bytes):   {}", rmcp_request().len(), theirs);
    println!();
    println!("heap allocations per call (count, bytes):");
    let report = |name: &str, (calls, bytes): (f64, f64)| println!("  {name:<20} {calls:>6.1} allocations {bytes:>8.0} bytes");
    report("request/elicit", allocations(|| (), |()| elicit_request()));
    report("request/rmcp", allocations(|| (), |()| rmcp_request()));
    report("schema_only/elicit", allocations(|| (), |()| Booking::requested_schema(REVISION)));
    report("schema_only/rmcp", allocations(|| (), |()| ElicitationSchema::from_type::<BookingSerde>()));
    report("accept/elicit", allocations(|| map, Booking::from_content));
    report("accept/serde_borrowed", allocations(|| &content, <BookingSerde as serde::Deserialize>::deserialize));
    // rmcp's input is a clone of the content (`from_value` consumes it), made uncounted.
    report("accept/rmcp", allocations(|| content.clone(), serde_json::from_value::<BookingSerde>));
    println!();
}

fn request(c: &mut Criterion) {
    let mut group = c.benchmark_group("request");
    group.bench_function("elicit", |b| b.iter(elicit_request));
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
    group.bench_function("rmcp", |b| {
        b.iter_batched(|| content.clone(), |v| serde_json::from_value::<BookingSerde>(black_box(v)), BatchSize::SmallInput)
    });
    // serde from the same borrowed content elicit reads (it copies the strings, as elicit
    // does): how much of the gap is moving strings out of an owned value.
    group.bench_function("serde_borrowed", |b| {
        b.iter_batched(|| &content, |v| <BookingSerde as serde::Deserialize>::deserialize(black_box(v)), BatchSize::SmallInput)
    });
    group.finish();
}

fn accept_invalid(c: &mut Criterion) {
    let content = invalid_content();
    let map: &Map<String, Value> = content.as_object().expect("object");
    let mut group = c.benchmark_group("accept_invalid");
    group.bench_function("elicit", |b| b.iter_batched(|| map, |m| Booking::from_content(black_box(m)), BatchSize::SmallInput));
    group.finish();
}

fn config() -> Criterion {
    // A shared 2-core machine: short, modest runs.
    Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3)).sample_size(50)
}

fn main() {
    check_and_count();
    let mut c = config().configure_from_args();
    request(&mut c);
    schema_only(&mut c);
    accept(&mut c);
    accept_invalid(&mut c);
    c.final_summary();
}
