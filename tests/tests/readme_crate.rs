//! The README's quickstart, built as a new user builds it: a fresh crate outside the
//! workspace whose `Cargo.toml` takes the README's `[dependencies]` block as it stands,
//! and whose `main.rs` is the README's quickstart followed by its `main`. Until the crates
//! are published the README's elicit line is a git dependency on the repository; the test
//! checks that line is printed exactly as documented, then builds with its `git = ...`
//! rewritten to a `path` to this checkout (what that commit of the repository holds), so
//! the build needs no network and tests the code beside it, not the repository's last
//! push. Every other dependency line must be exactly what a new project needs, so a
//! missing feature (`transport-io` for `rmcp::transport::stdio`) or a wrong version fails
//! here.
//!
//! The crate is built with the workspace's `Cargo.lock` (so the versions are the tested
//! ones) into its own target directory under cargo's `CARGO_TARGET_TMPDIR`, kept between
//! runs; the first run compiles rmcp and tokio once.

use std::path::Path;
use std::process::Command;

/// The repository a new user depends on until the crates are published.
const REPOSITORY: &str = "https://github.com/elicit-rs/elicit";

/// The code blocks of `info` (`toml`, `rust`) in the README, in order.
fn blocks(readme: &str, info: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in readme.lines() {
        match current.as_mut() {
            Some(_) if line.trim_start() == "```" => out.extend(current.take()),
            Some(code) => {
                code.push_str(line);
                code.push('\n');
            }
            None if line.trim_start().strip_prefix("```").is_some_and(|rest| rest.trim() == info) => current = Some(String::new()),
            None => {}
        }
    }
    out
}

#[test]
fn the_readme_quickstart_builds_as_a_new_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is inside the workspace");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");

    let toml = blocks(&readme, "toml");
    let dependencies = toml.iter().find(|b| b.starts_with("[dependencies]")).expect("the README has a ```toml [dependencies] block");
    let rust = blocks(&readme, "rust");
    let quickstart = rust.iter().find(|b| b.starts_with("use elicit_runtime::rmcp::ToolCall;")).expect("the quickstart block");
    let main = rust.iter().find(|b| b.starts_with("#[tokio::main]")).expect("the quickstart's `main` block");

    // The repository the line names is the one the crates say they come from.
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    assert!(workspace.contains(&format!("repository = \"{REPOSITORY}\"")), "the workspace's `repository` is not {REPOSITORY}");
    // The elicit line, exactly as documented: a git dependency with the quickstart's feature.
    let documented = format!("elicit-runtime = {{ git = \"{REPOSITORY}\", features = [\"rmcp\"] }}");
    assert!(dependencies.lines().any(|line| line == documented), "the README's elicit line is not `{documented}`:\n{dependencies}");
    let runtime = root.join("elicit-runtime").display().to_string();
    let dependencies = dependencies.replace(&format!("git = \"{REPOSITORY}\""), &format!("path = {runtime:?}"));

    let krate = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-quickstart");
    std::fs::create_dir_all(krate.join("src")).expect("create the scratch crate");
    let manifest = format!(
        "[package]\nname = \"readme-quickstart\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n{dependencies}\n\
         # Not a member of the workspace this directory sits in.\n[workspace]\n"
    );
    std::fs::write(krate.join("Cargo.toml"), manifest).expect("write Cargo.toml");
    std::fs::write(krate.join("src/main.rs"), format!("{quickstart}\n{main}")).expect("write main.rs");
    std::fs::copy(root.join("Cargo.lock"), krate.join("Cargo.lock")).expect("copy Cargo.lock");

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["build", "--quiet", "--manifest-path"])
        .arg(krate.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", krate.join("target"))
        // The lint stage's `-D warnings` is for the workspace's crates, not a user's.
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo");
    assert!(
        output.status.success(),
        "the README's quickstart does not build as a new crate ({}):\n{}",
        krate.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}
