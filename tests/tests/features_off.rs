//! Compile-fail cases with elicit-runtime's optional features **off** (`tests/ui` runs
//! with every feature on, so it cannot see these): each file of `tests/features_off/`
//! uses something that needs a feature, and its error must name the feature, on the
//! user's own line, and say nothing else (a chrono field is not "a nested struct to
//! flatten").
//!
//! Like `readme_crate`, each case is built as a new user builds it: a scratch crate
//! outside the workspace that depends on elicit-runtime by path with its default features
//! only, with the workspace's `Cargo.lock`, into a target directory under cargo's
//! `CARGO_TARGET_TMPDIR` (kept between runs) that the attribute sweep (`sweep.rs`) checks its
//! own scratch crate in as well: both are `cargo check`s of elicit-runtime by path with the same
//! flags, so the dependencies they share are checked once (cargo's lock on the directory
//! keeps two runs from meeting; each test still runs alone). Each case's whole error is compared with
//! its `.stderr` beside it, as trybuild does (`ELICIT_BLESS=1` writes them anew: read the
//! diff), after the same kind of normalization: the checkout's path is `$WORKSPACE`, and
//! in the notes that quote elicit-runtime's own source (where an item is configured out)
//! the line numbers are `LL`, so that an edit of those files does not change the cases.
//! The texts each error must and must not hold are checked as well, so that blessing a
//! wrong snapshot still fails.

use std::path::Path;
use std::process::Command;

/// Each case: its file, what its errors must say, and what they must not.
const CASES: &[(&str, &[&str], &[&str])] = &[
    (
        "chrono_field",
        &[
            "`chrono::NaiveDate` is a form field only with the `chrono` feature of elicit-runtime",
            "`chrono::DateTime<chrono::Utc>` is a form field only with the `chrono` feature of elicit-runtime",
            "enable the `chrono` feature of elicit-runtime",
            "src/bin/chrono_field.rs:7:12",
        ],
        &["flatten", "cannot be a field of an elicitation form", "FlatForm", "Holds", "__private"],
    ),
    ("page_form", &["`ApiKey::elicit_via_page` needs the `page` feature of elicit-runtime", "enable the `page` feature of elicit-runtime"], &["flatten"]),
    ("pages", &["the item is gated behind the `page` feature"], &[]),
    ("scripted_client", &["the item is gated behind the `testing` feature"], &[]),
    ("validator_rules", &["the item is gated behind the `validator` feature"], &[]),
    ("tool_call", &["the item is gated behind the `rmcp` feature"], &[]),
    ("redis_store", &["the item is gated behind the `redis` feature"], &[]),
    ("json_schema", &["needs the `schemars` feature of elicit-runtime", "src/bin/json_schema.rs:5:10"], &[]),
    ("dialects", &["the item is gated behind the `dialects` feature"], &[]),
];

#[test]
fn what_needs_a_feature_says_which_when_it_is_off() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is inside the workspace");
    let krate = Path::new(env!("CARGO_TARGET_TMPDIR")).join("features-off");
    let bins = krate.join("src/bin");
    std::fs::create_dir_all(&bins).expect("create the scratch crate");
    let manifest = format!(
        "[package]\nname = \"features-off\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nelicit-runtime = {{ path = {runtime:?} }}\n\
         chrono = {{ version = \"0.4.42\", default-features = false, features = [\"std\"] }}\n\n\
         # Not a member of the workspace this directory sits in.\n[workspace]\n",
        runtime = root.join("elicit-runtime").display().to_string(),
    );
    std::fs::write(krate.join("Cargo.toml"), manifest).expect("write Cargo.toml");
    std::fs::copy(root.join("Cargo.lock"), krate.join("Cargo.lock")).expect("copy Cargo.lock");
    for (name, _, _) in CASES {
        let case = root.join("tests/features_off").join(format!("{name}.rs"));
        std::fs::copy(&case, bins.join(format!("{name}.rs"))).unwrap_or_else(|e| panic!("copy {}: {e}", case.display()));
    }

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut failed = Vec::new();
    for (name, must, must_not) in CASES {
        let output = Command::new(&cargo)
            .args(["check", "--quiet", "--color", "never", "--manifest-path"])
            .arg(krate.join("Cargo.toml"))
            .args(["--bin", name])
            .env("CARGO_TARGET_DIR", Path::new(env!("CARGO_TARGET_TMPDIR")).join("scratch-check"))
            .env_remove("RUSTFLAGS")
            .output()
            .expect("run cargo");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let normalized = normalize(&stderr, root);
        let snapshot = root.join("tests/features_off").join(format!("{name}.stderr"));
        if std::env::var_os("ELICIT_BLESS").is_some() {
            std::fs::write(&snapshot, &normalized).unwrap_or_else(|e| panic!("write {}: {e}", snapshot.display()));
        } else if std::fs::read_to_string(&snapshot).unwrap_or_default() != normalized {
            failed.push(format!("{name}: the errors differ from {} (ELICIT_BLESS=1 writes it anew):\n{normalized}", snapshot.display()));
        }
        if output.status.success() {
            failed.push(format!("{name}: compiled, and must not"));
            continue;
        }
        for text in must.iter().filter(|text| !stderr.contains(**text)) {
            failed.push(format!("{name}: the errors do not say `{text}`:\n{stderr}"));
        }
        for text in must_not.iter().filter(|text| stderr.contains(**text)) {
            failed.push(format!("{name}: the errors say `{text}`, and must not:\n{stderr}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

/// The errors as a `.stderr` holds them, without cargo's closing count: the checkout's
/// path written `$WORKSPACE`, each line without its indentation (the width of the gutter depends on the longest line
/// number quoted), and the line numbers of elicit-runtime's own source `LL`.
fn normalize(stderr: &str, root: &Path) -> String {
    let root = root.display().to_string();
    let mut out = String::new();
    let mut in_runtime = false;
    for line in stderr.lines() {
        // Cargo's count of the errors depends on what it built before (2 on a cold
        // build, 8 on a warm one, for the same two errors shown): not part of the case.
        if line.starts_with("error: could not compile") {
            continue;
        }
        let line = line.replace(&root, "$WORKSPACE");
        let line = line.trim();
        let line = if let Some(place) = line.strip_prefix("--> ") {
            in_runtime = place.starts_with("$WORKSPACE/elicit-runtime/");
            match place.split_once(".rs:") {
                Some((file, _)) if in_runtime => format!("--> {file}.rs:LL:CC"),
                _ => line.to_owned(),
            }
        } else {
            let digits = line.bytes().take_while(u8::is_ascii_digit).count();
            if in_runtime && digits > 0 && line[digits..].starts_with(" |") {
                format!("LL{}", &line[digits..])
            } else {
                line.to_owned()
            }
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}
