//! The README's quickstart, built as a new user builds it: a fresh crate outside the
//! workspace whose `Cargo.toml` takes the README's `[dependencies]` block as it stands,
//! and whose `main.rs` is the README's quickstart followed by its `main`. Until the crates
//! are published the README's elicit line is a git dependency on the repository; the test
//! checks that line is printed exactly as documented, then builds it twice, with no
//! network and never the repository's last push: with its `git = ...` rewritten to a
//! `path` to this checkout (the code beside the test), and as a git dependency on this
//! clone (`file://`: the repository's layout works as a git dependency). Every other dependency line must be exactly what a new project needs, so a
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
    let main_rs = format!("{quickstart}\n{main}");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme-quickstart/target");

    // The code beside this test: `git = ...` rewritten to a `path` to this checkout.
    let by_path = dependencies.replace(&format!("git = \"{REPOSITORY}\""), &format!("path = {runtime:?}"));
    build(root, "readme-quickstart", &by_path, &main_rs, &target);

    // The line as a new user's cargo reads it, a git dependency, with only its URL pointed
    // at this clone (`file://`, no network): cargo finds `elicit-runtime` (and the
    // `elicit-derive` it depends on) in the repository as it finds them in the published
    // one. It builds what the clone's HEAD commit holds (uncommitted edits are the path
    // build's). Skipped, with a line on stderr, outside a git checkout (a source tarball)
    // and in a shallow clone, which cannot be a source to fetch from.
    let shallow = Command::new("git")
        .args(["rev-parse", "--is-shallow-repository"])
        .current_dir(root)
        .output()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim() != "false")
        .unwrap_or(true);
    if root.join(".git").exists() && !shallow {
        let by_git = dependencies.replace(&format!("git = \"{REPOSITORY}\""), &format!("git = \"file://{}\"", root.display()));
        build(root, "readme-quickstart-git", &by_git, &main_rs, &target);
    } else {
        eprintln!("{} is not a whole git checkout: the git dependency line was not built", root.display());
    }
}

/// Builds a crate named `name` outside the workspace, with `dependencies` and `main_rs`,
/// the workspace's `Cargo.lock`, into `target` (shared by the two builds, so the
/// dependencies both take are compiled once).
fn build(root: &Path, name: &str, dependencies: &str, main_rs: &str, target: &Path) {
    let krate = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(krate.join("src")).expect("create the scratch crate");
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n{dependencies}\n\
         # Not a member of the workspace this directory sits in.\n[workspace]\n"
    );
    std::fs::write(krate.join("Cargo.toml"), manifest).expect("write Cargo.toml");
    std::fs::write(krate.join("src/main.rs"), main_rs).expect("write main.rs");
    std::fs::copy(root.join("Cargo.lock"), krate.join("Cargo.lock")).expect("copy Cargo.lock");

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["build", "--quiet", "--manifest-path"])
        .arg(krate.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
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
