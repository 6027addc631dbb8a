//! Run-time selects (`#[elicit(options)]`) side by side, in one run:
//!
//! ```sh
//! cargo bench -p elicit-tests --bench selects
//! ```
//!
//! The form: a repository among 50 (a value, a title and the author's item each) and a
//! replica count. The author's data is the list a function returns (`repositories()`),
//! so every side starts from it.
//!
//! - `request`: what a server does per request before the bytes go out.
//!   `elicit`: `Options::new` from the list (its checks included), then
//!   `Deploy::elicit_with(&peer, ..)` up to the wire and back, with a peer that serializes
//!   the params it is given and answers `decline` (the static part of the schema from the
//!   cache, the select written from the options). `rmcp_typed`: rmcp's `Peer::elicit`
//!   path for the same form known at compile time (a 50-variant enum with titles):
//!   `ElicitationSchema::from_type::<T>()` (schemars at run time), `FormElicitationParams`,
//!   `serde_json::to_vec`. `rmcp_builder`: what an rmcp user writes for a list known at
//!   run time: `EnumSchema::builder(values).enum_titles(titles)`, the schema builder, the
//!   params, `serde_json::to_vec` (nothing checks the author's data).
//! - `accept`: accepted content to a value. `runtime`: `Deploy::from_content_with(&map,
//!   &options)`, the value looked up among the 50 options offered and the author's item
//!   cloned; `compile_time`: the same form with the 50 options as a derived enum,
//!   `DeployStatic::from_content(&map)`. Then both again in alternating batches (a drifting
//!   load weighs on both alike): the median per call of each, and their ratio.
//!
//! `main` checks that the three requests offer the same options with the same titles and
//! that both accept paths decode the same choice, before measuring.

use std::future::Future;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion};
use elicit_runtime::exchange::{Answer, ElicitationSupport, Outgoing};
use elicit_runtime::form::{Options, SelectItem};
use elicit_runtime::{Elicit, ElicitError, ElicitPeer, ProtocolRevision};
use rmcp::model::{ElicitRequestParams, ElicitationSchema, EnumSchema};
use serde_json::{Map, Value, json};

const MESSAGE: &str = "Deploy which repository?";
const REVISION: ProtocolRevision = ProtocolRevision::V2025_11_25;
const OPTIONS: usize = 50;

#[derive(Clone, Debug, PartialEq)]
struct RepoId(u32);
impl SelectItem for RepoId {}

/// A deployment, the repository known at run time.
#[derive(Elicit, Debug, PartialEq)]
struct Deploy {
    /// The repository to deploy
    #[elicit(options, title = "Repository")]
    repo: RepoId,
    /// How many replicas
    #[elicit(title = "Replicas", minimum = 1, maximum = 5)]
    replicas: u8,
}

/// The author's data: 50 repositories, as a function returns them (id, name).
fn repositories() -> Vec<(u32, String)> {
    (0..OPTIONS as u32).map(|i| (i, format!("Repository {i:02}"))).collect()
}

fn value(id: u32) -> String {
    format!("repo-{id:02}")
}

fn options(repos: &[(u32, String)]) -> DeployOptions {
    DeployOptions { repo: Options::new(repos.iter().map(|(id, name)| (value(*id), name.clone(), RepoId(*id)))).expect("the options") }
}

/// A transport that serializes the params it is handed, as rmcp does, and answers
/// `decline`.
struct Wire;

impl ElicitPeer for Wire {
    fn protocol_version(&self) -> Option<String> {
        Some(REVISION.as_str().to_owned())
    }

    fn elicitation_support(&self) -> ElicitationSupport {
        ElicitationSupport::FORM
    }

    async fn send_elicitation(&self, outgoing: Outgoing) -> Result<Answer, ElicitError> {
        let bytes = serde_json::to_vec(&outgoing.params()).map_err(ElicitError::transport)?;
        LAST.with(|last| *last.borrow_mut() = bytes);
        Ok(Answer::new(json!({"action": "decline"})))
    }
}

thread_local! {
    /// What `Wire` sent last (read by the checks; overwritten, not grown, while timing).
    static LAST: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn elicit_request(repos: &[(u32, String)]) -> bool {
    let send = std::pin::pin!(Deploy::elicit_with(&Wire, black_box(MESSAGE), options(black_box(repos))).send());
    let std::task::Poll::Ready(answer) = send.poll(&mut std::task::Context::from_waker(std::task::Waker::noop())) else {
        panic!("nothing in `Wire` waits")
    };
    answer.expect("declined").is_decline()
}

// The same form for rmcp's typed path: the 50 options as an enum (inlined, and with
// `"type": "string"`, which rmcp needs beside schemars' `oneOf`; see common/booking.rs).
#[derive(serde::Deserialize, schemars::JsonSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[schemars(inline, extend("type" = "string"))]
enum RepoSerde {
    #[serde(rename = "repo-00")]
    #[schemars(title = "Repository 00")]
    R00,
    #[serde(rename = "repo-01")]
    #[schemars(title = "Repository 01")]
    R01,
    #[serde(rename = "repo-02")]
    #[schemars(title = "Repository 02")]
    R02,
    #[serde(rename = "repo-03")]
    #[schemars(title = "Repository 03")]
    R03,
    #[serde(rename = "repo-04")]
    #[schemars(title = "Repository 04")]
    R04,
    #[serde(rename = "repo-05")]
    #[schemars(title = "Repository 05")]
    R05,
    #[serde(rename = "repo-06")]
    #[schemars(title = "Repository 06")]
    R06,
    #[serde(rename = "repo-07")]
    #[schemars(title = "Repository 07")]
    R07,
    #[serde(rename = "repo-08")]
    #[schemars(title = "Repository 08")]
    R08,
    #[serde(rename = "repo-09")]
    #[schemars(title = "Repository 09")]
    R09,
    #[serde(rename = "repo-10")]
    #[schemars(title = "Repository 10")]
    R10,
    #[serde(rename = "repo-11")]
    #[schemars(title = "Repository 11")]
    R11,
    #[serde(rename = "repo-12")]
    #[schemars(title = "Repository 12")]
    R12,
    #[serde(rename = "repo-13")]
    #[schemars(title = "Repository 13")]
    R13,
    #[serde(rename = "repo-14")]
    #[schemars(title = "Repository 14")]
    R14,
    #[serde(rename = "repo-15")]
    #[schemars(title = "Repository 15")]
    R15,
    #[serde(rename = "repo-16")]
    #[schemars(title = "Repository 16")]
    R16,
    #[serde(rename = "repo-17")]
    #[schemars(title = "Repository 17")]
    R17,
    #[serde(rename = "repo-18")]
    #[schemars(title = "Repository 18")]
    R18,
    #[serde(rename = "repo-19")]
    #[schemars(title = "Repository 19")]
    R19,
    #[serde(rename = "repo-20")]
    #[schemars(title = "Repository 20")]
    R20,
    #[serde(rename = "repo-21")]
    #[schemars(title = "Repository 21")]
    R21,
    #[serde(rename = "repo-22")]
    #[schemars(title = "Repository 22")]
    R22,
    #[serde(rename = "repo-23")]
    #[schemars(title = "Repository 23")]
    R23,
    #[serde(rename = "repo-24")]
    #[schemars(title = "Repository 24")]
    R24,
    #[serde(rename = "repo-25")]
    #[schemars(title = "Repository 25")]
    R25,
    #[serde(rename = "repo-26")]
    #[schemars(title = "Repository 26")]
    R26,
    #[serde(rename = "repo-27")]
    #[schemars(title = "Repository 27")]
    R27,
    #[serde(rename = "repo-28")]
    #[schemars(title = "Repository 28")]
    R28,
    #[serde(rename = "repo-29")]
    #[schemars(title = "Repository 29")]
    R29,
    #[serde(rename = "repo-30")]
    #[schemars(title = "Repository 30")]
    R30,
    #[serde(rename = "repo-31")]
    #[schemars(title = "Repository 31")]
    R31,
    #[serde(rename = "repo-32")]
    #[schemars(title = "Repository 32")]
    R32,
    #[serde(rename = "repo-33")]
    #[schemars(title = "Repository 33")]
    R33,
    #[serde(rename = "repo-34")]
    #[schemars(title = "Repository 34")]
    R34,
    #[serde(rename = "repo-35")]
    #[schemars(title = "Repository 35")]
    R35,
    #[serde(rename = "repo-36")]
    #[schemars(title = "Repository 36")]
    R36,
    #[serde(rename = "repo-37")]
    #[schemars(title = "Repository 37")]
    R37,
    #[serde(rename = "repo-38")]
    #[schemars(title = "Repository 38")]
    R38,
    #[serde(rename = "repo-39")]
    #[schemars(title = "Repository 39")]
    R39,
    #[serde(rename = "repo-40")]
    #[schemars(title = "Repository 40")]
    R40,
    #[serde(rename = "repo-41")]
    #[schemars(title = "Repository 41")]
    R41,
    #[serde(rename = "repo-42")]
    #[schemars(title = "Repository 42")]
    R42,
    #[serde(rename = "repo-43")]
    #[schemars(title = "Repository 43")]
    R43,
    #[serde(rename = "repo-44")]
    #[schemars(title = "Repository 44")]
    R44,
    #[serde(rename = "repo-45")]
    #[schemars(title = "Repository 45")]
    R45,
    #[serde(rename = "repo-46")]
    #[schemars(title = "Repository 46")]
    R46,
    #[serde(rename = "repo-47")]
    #[schemars(title = "Repository 47")]
    R47,
    #[serde(rename = "repo-48")]
    #[schemars(title = "Repository 48")]
    R48,
    #[serde(rename = "repo-49")]
    #[schemars(title = "Repository 49")]
    R49,
}

#[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
struct DeploySerde {
    /// The repository to deploy
    #[schemars(title = "Repository")]
    #[expect(dead_code, reason = "the schema is what is measured")]
    repo: RepoSerde,
    /// How many replicas
    #[schemars(title = "Replicas", range(min = 1, max = 5))]
    #[expect(dead_code, reason = "the schema is what is measured")]
    replicas: u8,
}

rmcp::elicit_safe!(DeploySerde);

fn rmcp_typed() -> Vec<u8> {
    let schema = ElicitationSchema::from_type::<DeploySerde>().expect("rmcp accepts the schema");
    let params = ElicitRequestParams::FormElicitationParams { meta: None, message: black_box(MESSAGE).to_owned(), requested_schema: schema };
    serde_json::to_vec(&params).expect("params serialize")
}

fn rmcp_builder(repos: &[(u32, String)]) -> Vec<u8> {
    let values: Vec<String> = repos.iter().map(|(id, _)| value(*id)).collect();
    let titles: Vec<String> = repos.iter().map(|(_, name)| name.clone()).collect();
    let repo = EnumSchema::builder(values).enum_titles(titles).expect("as many titles as values").title("Repository").description("The repository to deploy").build();
    let schema = ElicitationSchema::builder()
        .required_enum_schema("repo", repo)
        .required_integer_with("replicas", |i| i.range(1, 5).title("Replicas").description("How many replicas"))
        .build()
        .expect("the schema builds");
    let params = ElicitRequestParams::FormElicitationParams { meta: None, message: black_box(MESSAGE).to_owned(), requested_schema: schema };
    serde_json::to_vec(&params).expect("params serialize")
}

// The same form with the 50 options known at compile time, for the accept path.
#[derive(Elicit, Debug, Clone, Copy, PartialEq, Eq)]
enum Repo {
    #[elicit(rename = "repo-00", title = "Repository 00")]
    R00,
    #[elicit(rename = "repo-01", title = "Repository 01")]
    R01,
    #[elicit(rename = "repo-02", title = "Repository 02")]
    R02,
    #[elicit(rename = "repo-03", title = "Repository 03")]
    R03,
    #[elicit(rename = "repo-04", title = "Repository 04")]
    R04,
    #[elicit(rename = "repo-05", title = "Repository 05")]
    R05,
    #[elicit(rename = "repo-06", title = "Repository 06")]
    R06,
    #[elicit(rename = "repo-07", title = "Repository 07")]
    R07,
    #[elicit(rename = "repo-08", title = "Repository 08")]
    R08,
    #[elicit(rename = "repo-09", title = "Repository 09")]
    R09,
    #[elicit(rename = "repo-10", title = "Repository 10")]
    R10,
    #[elicit(rename = "repo-11", title = "Repository 11")]
    R11,
    #[elicit(rename = "repo-12", title = "Repository 12")]
    R12,
    #[elicit(rename = "repo-13", title = "Repository 13")]
    R13,
    #[elicit(rename = "repo-14", title = "Repository 14")]
    R14,
    #[elicit(rename = "repo-15", title = "Repository 15")]
    R15,
    #[elicit(rename = "repo-16", title = "Repository 16")]
    R16,
    #[elicit(rename = "repo-17", title = "Repository 17")]
    R17,
    #[elicit(rename = "repo-18", title = "Repository 18")]
    R18,
    #[elicit(rename = "repo-19", title = "Repository 19")]
    R19,
    #[elicit(rename = "repo-20", title = "Repository 20")]
    R20,
    #[elicit(rename = "repo-21", title = "Repository 21")]
    R21,
    #[elicit(rename = "repo-22", title = "Repository 22")]
    R22,
    #[elicit(rename = "repo-23", title = "Repository 23")]
    R23,
    #[elicit(rename = "repo-24", title = "Repository 24")]
    R24,
    #[elicit(rename = "repo-25", title = "Repository 25")]
    R25,
    #[elicit(rename = "repo-26", title = "Repository 26")]
    R26,
    #[elicit(rename = "repo-27", title = "Repository 27")]
    R27,
    #[elicit(rename = "repo-28", title = "Repository 28")]
    R28,
    #[elicit(rename = "repo-29", title = "Repository 29")]
    R29,
    #[elicit(rename = "repo-30", title = "Repository 30")]
    R30,
    #[elicit(rename = "repo-31", title = "Repository 31")]
    R31,
    #[elicit(rename = "repo-32", title = "Repository 32")]
    R32,
    #[elicit(rename = "repo-33", title = "Repository 33")]
    R33,
    #[elicit(rename = "repo-34", title = "Repository 34")]
    R34,
    #[elicit(rename = "repo-35", title = "Repository 35")]
    R35,
    #[elicit(rename = "repo-36", title = "Repository 36")]
    R36,
    #[elicit(rename = "repo-37", title = "Repository 37")]
    R37,
    #[elicit(rename = "repo-38", title = "Repository 38")]
    R38,
    #[elicit(rename = "repo-39", title = "Repository 39")]
    R39,
    #[elicit(rename = "repo-40", title = "Repository 40")]
    R40,
    #[elicit(rename = "repo-41", title = "Repository 41")]
    R41,
    #[elicit(rename = "repo-42", title = "Repository 42")]
    R42,
    #[elicit(rename = "repo-43", title = "Repository 43")]
    R43,
    #[elicit(rename = "repo-44", title = "Repository 44")]
    R44,
    #[elicit(rename = "repo-45", title = "Repository 45")]
    R45,
    #[elicit(rename = "repo-46", title = "Repository 46")]
    R46,
    #[elicit(rename = "repo-47", title = "Repository 47")]
    R47,
    #[elicit(rename = "repo-48", title = "Repository 48")]
    R48,
    #[elicit(rename = "repo-49", title = "Repository 49")]
    R49,
}

#[derive(Elicit, Debug, PartialEq)]
struct DeployStatic {
    /// The repository to deploy
    #[elicit(title = "Repository")]
    repo: Repo,
    /// How many replicas
    #[elicit(title = "Replicas", minimum = 1, maximum = 5)]
    replicas: u8,
}

/// The answer: an option near the end of the list (the lookup is a walk on both sides).
fn content() -> Value {
    json!({"repo": "repo-37", "replicas": 3})
}

/// The options each request offers, as `(value, title)`, in order.
fn offered(request: &[u8]) -> Vec<(String, String)> {
    let request: Value = serde_json::from_slice(request).expect("JSON");
    let repo = &request["requestedSchema"]["properties"]["repo"];
    repo["oneOf"].as_array().expect("a titled single-select").iter().map(|o| (o["const"].as_str().unwrap_or_default().to_owned(), o["title"].as_str().unwrap_or_default().to_owned())).collect()
}

fn check(repos: &[(u32, String)]) {
    assert!(elicit_request(repos), "the whole path reads the decline");
    let ours = LAST.with(|last| last.borrow().clone());
    let expected: Vec<(String, String)> = repos.iter().map(|(id, name)| (value(*id), name.clone())).collect();
    assert_eq!(offered(&ours), expected, "elicit offers the list");
    assert_eq!(offered(&rmcp_typed()), expected, "rmcp's typed path offers the same options");
    assert_eq!(offered(&rmcp_builder(repos)), expected, "rmcp's builder offers the same options");
    println!("elicit request ({} bytes), rmcp typed ({} bytes), rmcp builder ({} bytes)", ours.len(), rmcp_typed().len(), rmcp_builder(repos).len());

    let given = options(repos);
    let content = content();
    let map = content.as_object().expect("object");
    assert_eq!(Deploy::from_content_with(map, &given).expect("valid"), Deploy { repo: RepoId(37), replicas: 3 });
    assert_eq!(DeployStatic::from_content(map).expect("valid"), DeployStatic { repo: Repo::R37, replicas: 3 });
    assert!(Deploy::from_content_with(json!({"repo": "repo-50", "replicas": 3}).as_object().expect("object"), &given).is_err(), "a value not offered is refused");
}

fn request(c: &mut Criterion, repos: &[(u32, String)]) {
    let mut group = c.benchmark_group("select_request");
    group.bench_function("elicit", |b| b.iter(|| elicit_request(repos)));
    group.bench_function("rmcp_typed", |b| b.iter(rmcp_typed));
    group.bench_function("rmcp_builder", |b| b.iter(|| rmcp_builder(repos)));
    // Where elicit's time goes: the author's data checked into `Options`, and the request
    // from options already built (a clone, given by value).
    group.bench_function("elicit_options_only", |b| b.iter(|| options(black_box(repos))));
    let built = options(repos);
    group.bench_function("elicit_prebuilt_options", |b| {
        b.iter(|| {
            let send = std::pin::pin!(Deploy::elicit_with(&Wire, black_box(MESSAGE), built.clone()).send());
            matches!(send.poll(&mut std::task::Context::from_waker(std::task::Waker::noop())), std::task::Poll::Ready(Ok(_)))
        })
    });
    group.finish();
}

fn accept(c: &mut Criterion, repos: &[(u32, String)]) {
    let given = options(repos);
    let content = content();
    let map: &Map<String, Value> = content.as_object().expect("object");
    let mut group = c.benchmark_group("select_accept");
    group.bench_function("runtime", |b| b.iter_batched(|| map, |m| Deploy::from_content_with(black_box(m), &given), BatchSize::SmallInput));
    group.bench_function("compile_time", |b| b.iter_batched(|| map, |m| DeployStatic::from_content(black_box(m)), BatchSize::SmallInput));
    group.finish();
}

/// The accept paths again in alternating batches: the median per call of each side.
fn accept_interleaved(repos: &[(u32, String)]) {
    const BATCHES: usize = 200;
    const CALLS: u32 = 5_000;
    let given = options(repos);
    let content = content();
    let map = content.as_object().expect("object");
    fn batch<T>(mut call: impl FnMut() -> T) -> f64 {
        let start = std::time::Instant::now();
        for _ in 0..CALLS {
            drop(black_box(call()));
        }
        start.elapsed().as_nanos() as f64 / f64::from(CALLS)
    }
    let (mut runtime, mut fixed) = (Vec::with_capacity(BATCHES), Vec::with_capacity(BATCHES));
    for i in 0..BATCHES {
        let run = || batch(|| Deploy::from_content_with(black_box(map), &given));
        let stat = || batch(|| DeployStatic::from_content(black_box(map)));
        if i % 2 == 0 {
            runtime.push(run());
            fixed.push(stat());
        } else {
            fixed.push(stat());
            runtime.push(run());
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (runtime, fixed) = (median(&mut runtime), median(&mut fixed));
    println!("select_accept, interleaved ({BATCHES} batches of {CALLS} calls each):");
    println!("  run-time select {runtime:.1} ns, compile-time select {fixed:.1} ns: {:.2}x", runtime / fixed);
    println!();
}

fn main() {
    let repos = repositories();
    check(&repos);
    accept_interleaved(&repos);
    // A shared 2-core machine: short, modest runs.
    let mut c = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3)).sample_size(50).configure_from_args();
    request(&mut c, &repos);
    accept(&mut c, &repos);
    c.final_summary();
}
