//! The rules `#[derive(Elicit)]` checks at compile time and the runtime checks on answers
//! are one copy, `elicit-runtime/src/rules/`, which `elicit-derive/src/rules` links to
//! (see the top of `elicit-runtime/src/rules/mod.rs`). These tests fail if the derive
//! stops compiling that copy: the link replaced by a directory of copies that drift, a
//! file only one side has, or a crate that no longer declares the module.

use std::fs;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The `.rs` files of a directory, by name, with their contents.
fn rust_files(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .map(|path| {
            let name = path.file_name().expect("a file name").to_string_lossy().into_owned();
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
            (name, text)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn the_derive_compiles_the_runtime_s_rule_files() {
    let runtime = workspace().join("elicit-runtime/src/rules");
    let derive = workspace().join("elicit-derive/src/rules");
    let link = fs::symlink_metadata(&derive).expect("elicit-derive/src/rules exists");
    assert!(
        link.file_type().is_symlink(),
        "elicit-derive/src/rules must be a link to ../../elicit-runtime/src/rules, not a copy (on Windows: `git config core.symlinks true`)"
    );
    assert_eq!(
        fs::canonicalize(&derive).expect("the link resolves"),
        fs::canonicalize(&runtime).expect("the runtime's rules exist"),
        "elicit-derive/src/rules must point at elicit-runtime/src/rules"
    );
    let (runtime_files, derive_files) = (rust_files(&runtime), rust_files(&derive));
    let names: Vec<&str> = runtime_files.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["ecma.rs", "format.rs", "mailbox.rs", "mod.rs", "rfc3339.rs", "url_in_text.rs"]);
    assert_eq!(runtime_files, derive_files, "both crates read the same bytes");
}

#[test]
fn both_crates_declare_the_rules_module() {
    for lib in ["elicit-runtime/src/lib.rs", "elicit-derive/src/lib.rs"] {
        let text = fs::read_to_string(workspace().join(lib)).expect("the crate root is readable");
        assert!(text.lines().any(|line| line.trim() == "mod rules;"), "{lib} declares `mod rules;`");
    }
    // And the rules are not written again beside them.
    for gone in ["elicit-derive/src/format.rs", "elicit-runtime/src/form/rfc3339.rs"] {
        assert!(!workspace().join(gone).exists(), "{gone} came back: the rule lives in elicit-runtime/src/rules/");
    }
}
