//! The layout of the source, kept true by tests.
//!
//! The crate map: `elicit-runtime/src/lib.rs` lists its modules in order ("Where things
//! are"), each depending only on those listed before it. The tests below read every
//! file's paths into the crate (`crate::…`, `super::…`) and fail on an arrow that runs
//! back up the list, on a path through the crate root instead of the module that defines
//! the item, and on two files of one module that import each other (directly or round a
//! circle).
//!
//! One copy of every rule: the rules `#[derive(Elicit)]` checks at compile time and the
//! runtime checks on answers are one copy, `elicit-runtime/src/rules/`, which `elicit-derive/src/rules` links to
//! (see the top of `elicit-runtime/src/rules/mod.rs`). These tests fail if the derive
//! stops compiling that copy: the link replaced by a directory of copies that drift, a
//! file only one side has, or a crate that no longer declares the module.
//!
//! The map for people: `docs/architecture.md` walks one request through the files and
//! draws the tree of the repository. The tests at the end fail when the tree leaves out a
//! folder of either crate (their `src/` all the way down) or of `tests/`, `examples/`,
//! `docs/`, or when the page names a path (in backquotes or in the tree) that is gone.

use std::collections::{BTreeMap, BTreeSet};
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
    assert_eq!(names, ["ecma.rs", "format.rs", "mailbox.rs", "mod.rs", "rfc3339.rs", "secret.rs", "url_in_text.rs"]);
    assert_eq!(runtime_files, derive_files, "both crates read the same bytes");
}

#[test]
fn both_crates_declare_the_rules_module() {
    for lib in ["elicit-runtime/src/lib.rs", "elicit-derive/src/lib.rs"] {
        let text = fs::read_to_string(workspace().join(lib)).expect("the crate root is readable");
        assert!(text.lines().any(|line| line.trim() == "mod rules;"), "{lib} declares `mod rules;`");
    }
    // And the rules are not written again beside them.
    for gone in ["elicit-derive/src/format.rs", "elicit-derive/src/secret.rs", "elicit-runtime/src/form/rfc3339.rs"] {
        assert!(!workspace().join(gone).exists(), "{gone} came back: the rule lives in elicit-runtime/src/rules/");
    }
}

// ---- the crate map -------------------------------------------------------------------

/// The modules of the crate map, in the order `lib.rs` lists them under "Where things
/// are": the first backquoted name of each bullet.
fn crate_map(lib: &str) -> Vec<String> {
    let section = lib
        .split("//! # Where things are")
        .nth(1)
        .expect("lib.rs has a `# Where things are` section")
        .split("//! # ")
        .next()
        .unwrap_or_default();
    section
        .lines()
        .filter_map(|line| line.strip_prefix("//! - "))
        .map(|bullet| bullet.split('`').nth(1).expect("each bullet of the crate map starts with a module name in backquotes").to_owned())
        .collect()
}

/// The text of a file without its comments: what the compiler reads as paths.
fn code_of(text: &str) -> String {
    text.lines().map(|line| line.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// Each path into the crate that `code` takes: the segments after `crate::` (or after
/// `super::`, resolved to `crate::` from `module`, the file's own module path), one list
/// per path, with `{a::b, c}` groups spread into their paths.
fn crate_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let (start, base): (usize, Vec<String>) = if rest.starts_with("crate::") && !code[..at].ends_with('$') && !is_ident_byte(bytes, at) {
            (at + "crate::".len(), Vec::new())
        } else if rest.starts_with("super::") && !is_ident_byte(bytes, at) {
            // `super::super::…`: one module up per `super`.
            let mut up = 0;
            let mut from = at;
            while code[from..].starts_with("super::") {
                up += 1;
                from += "super::".len();
            }
            let base = module[..module.len().saturating_sub(up)].to_vec();
            (from, base)
        } else {
            at += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let (tree, end) = path_tree(code, start);
        for path in tree {
            let mut whole = base.clone();
            whole.extend(path);
            if !whole.is_empty() {
                paths.push(whole);
            }
        }
        at = end.max(at + 1);
    }
    paths
}

/// Whether the byte before `at` continues an identifier (`my_crate::` is not `crate::`).
fn is_ident_byte(bytes: &[u8], at: usize) -> bool {
    at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_')
}

/// The paths of a use tree starting at `start` (`a::b::C`, `a::{b, c::D}`), and where it ends.
fn path_tree(code: &str, start: usize) -> (Vec<Vec<String>>, usize) {
    let mut segments = Vec::new();
    let mut at = start;
    loop {
        let ident: String = code[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !ident.is_empty() {
            at += ident.len();
            segments.push(ident);
            if code[at..].starts_with("::") {
                at += 2;
                continue;
            }
            return (vec![segments], at);
        }
        if code[at..].starts_with('{') {
            let mut paths = Vec::new();
            at += 1;
            loop {
                at += code[at..].len() - code[at..].trim_start_matches([' ', '\n', ',']).len();
                if code[at..].starts_with('}') || at >= code.len() {
                    return (paths, at + 1);
                }
                let (inner, end) = path_tree(code, at);
                for path in inner {
                    let mut whole = segments.clone();
                    whole.extend(path);
                    paths.push(whole);
                }
                if end <= at {
                    return (paths, at + 1);
                }
                at = end;
                // ` as Name` after a path.
                if let Some(alias) = code[at..].strip_prefix(" as ") {
                    at += 4 + alias.chars().take_while(|c| c.is_alphanumeric() || *c == '_').count();
                }
            }
        }
        // `self`, `*` or nothing after `::`.
        return (if segments.is_empty() { Vec::new() } else { vec![segments] }, at);
    }
}

/// Every `.rs` file under `dir`, with its module path (`exchange/error.rs` is
/// `["exchange", "error"]`, `exchange/mod.rs` is `["exchange"]`).
fn modules(dir: &Path, prefix: &[String], out: &mut Vec<(Vec<String>, PathBuf)>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir).expect("the source directory").map(|e| e.expect("an entry").path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().expect("a name").to_string_lossy().into_owned();
        if path.is_dir() {
            let mut inner = prefix.to_vec();
            inner.push(name);
            modules(&path, &inner, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let mut module = prefix.to_vec();
            if name != "mod" {
                module.push(name);
            }
            out.push((module, path));
        }
    }
}

fn runtime_files() -> Vec<(Vec<String>, PathBuf, String)> {
    let src = workspace().join("elicit-runtime/src");
    let mut files = Vec::new();
    modules(&src, &[], &mut files);
    // `rules` is a link to the same files the derive compiles; they import nothing of the crate.
    files
        .into_iter()
        .map(|(module, path)| {
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (module, path, code_of(&text))
        })
        .collect()
}

fn relative(path: &Path) -> String {
    path.strip_prefix(workspace()).unwrap_or(path).display().to_string()
}

#[test]
fn every_module_depends_only_on_those_listed_before_it_in_lib_rs() {
    let lib = fs::read_to_string(workspace().join("elicit-runtime/src/lib.rs")).expect("lib.rs");
    let map = crate_map(&lib);
    assert!(map.len() >= 8, "the crate map lists every module: {map:?}");
    let files = runtime_files();
    let mut wrong = Vec::new();
    for (module, path, code) in &files {
        // The crate root (modules and re-exports) and the derive's plumbing stand above the map.
        let Some(top) = module.first() else { continue };
        if top == "lib" || top == "__private" {
            continue;
        }
        let rank = map.iter().position(|m| m == top).unwrap_or_else(|| panic!("`{top}` ({}) is not in the crate map of lib.rs", relative(path)));
        for target in crate_paths(code, module) {
            let first = &target[0];
            if first == top {
                continue;
            }
            match map.iter().position(|m| m == first) {
                Some(other) if other < rank => {}
                Some(_) => wrong.push(format!("{} uses `crate::{}`: `{first}` is listed after `{top}`", relative(path), target.join("::"))),
                // Through the crate root: `crate::ElicitError` instead of `crate::exchange::ElicitError`.
                None => wrong.push(format!("{} uses `crate::{}` through the crate root: name the module that defines it", relative(path), target.join("::"))),
            }
        }
    }
    assert!(wrong.is_empty(), "arrows against the crate map of lib.rs ({}):\n{}", map.join(" < "), wrong.join("\n"));
}

#[test]
fn no_two_files_of_a_module_import_each_other() {
    let files = runtime_files();
    let known: BTreeSet<Vec<String>> = files.iter().map(|(m, _, _)| m.clone()).collect();
    // File -> the files of the same module it takes names from (not its own `mod.rs`, which
    // only declares and re-exports).
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, _, code) in &files {
        for target in crate_paths(code, module) {
            // The longest known module that prefixes the path is the file it reaches.
            let reached = (1..=target.len()).rev().map(|n| target[..n].to_vec()).find(|prefix| known.contains(prefix));
            if let Some(reached) = reached
                && reached != *module
                && reached.len() == module.len()
                && reached[..reached.len() - 1] == module[..module.len() - 1]
            {
                edges.entry(module.clone()).or_default().insert(reached);
            }
        }
    }
    let mut circles = Vec::new();
    for start in edges.keys() {
        // A path from a file back to itself.
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((file, trail)) = stack.pop() {
            for next in edges.get(&file).into_iter().flatten() {
                if next == start {
                    circles.push(trail.iter().chain([next]).map(|m| m.join("/")).collect::<Vec<_>>().join(" -> "));
                } else if seen.insert(next.clone()) {
                    stack.push((next.clone(), trail.iter().cloned().chain([next.clone()]).collect()));
                }
            }
        }
    }
    assert!(circles.is_empty(), "files that import each other:\n{}", circles.join("\n"));
}

#[test]
fn the_crate_map_reader_sees_what_it_must() {
    // Groups, nesting, aliases, `super` and `$crate` as the tests above read them.
    let module = vec!["url".to_owned(), "mod_file".to_owned()];
    let code = "use crate::exchange::{Elicit, error::{StoreError, UrlError as U}};\nuse super::check::x;\nlet a = $crate::form::Kind;\nlet b = my_crate::rounds::X;";
    let paths: Vec<String> = crate_paths(code, &module).into_iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["exchange::Elicit", "exchange::error::StoreError", "exchange::error::UrlError", "url::check::x"]);
    assert_eq!(crate_map("//! # Where things are\n//!\n//! - `rules`: a\n//! - [`form`]: b\n//!\n//! # Next\n//! - `no`"), ["rules", "form"]);
}

// ---- docs/architecture.md ------------------------------------------------------------

/// Whether a name in `docs/architecture.md` is a path: a folder (`page/`, `.ci/`) or a
/// file with an extension (`calls.rs`, `Cargo.toml`), with no space, markup or wildcard.
/// `elicitation/create` (a method), `e.g.` and `es1.` are not.
fn is_path(name: &str) -> bool {
    let allowed = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c));
    let file = name.rsplit('/').next().unwrap_or_default();
    let extension = file.rsplit_once('.').filter(|(stem, _)| !stem.is_empty()).map(|(_, ext)| ext).unwrap_or_default();
    let has_extension = extension.starts_with(|c: char| c.is_ascii_alphabetic()) && extension.chars().all(|c| c.is_ascii_alphanumeric());
    allowed && (name.ends_with('/') || has_extension)
}

/// The paths the tree of `docs/architecture.md` names (its ```text block under
/// "## Layout"), from the workspace root, folders ending in `/`. A line that starts with
/// paths (separated by `, `, then two spaces or the end of the line) names them inside
/// the nearest folder above it with less indentation; any other line is a description.
fn tree_paths(page: &str) -> Vec<String> {
    let tree = page
        .split("## Layout")
        .nth(1)
        .expect("docs/architecture.md has a `## Layout` section")
        .split("```text\n")
        .nth(1)
        .expect("the layout section holds its tree in a ```text block")
        .split("```")
        .next()
        .unwrap_or_default();
    let mut folders: Vec<(usize, String)> = Vec::new();
    let mut paths = Vec::new();
    for line in tree.lines() {
        let indent = line.len() - line.trim_start().len();
        let head = line.trim_start().split("  ").next().unwrap_or_default();
        let names: Vec<&str> = head.split(", ").collect();
        if head.is_empty() || !names.iter().all(|name| is_path(name)) {
            continue;
        }
        while folders.last().is_some_and(|(at, _)| *at >= indent) {
            folders.pop();
        }
        let parent = folders.last().map(|(_, folder)| folder.clone()).unwrap_or_default();
        for name in names {
            let path = format!("{parent}{name}");
            if name.ends_with('/') {
                folders.push((indent, path.clone()));
            }
            paths.push(path);
        }
    }
    paths
}

/// The paths `docs/architecture.md` names in backquotes outside its code blocks, as
/// written (`rounds/state.rs`, `elicit-derive/src/`).
fn quoted_paths(page: &str) -> Vec<String> {
    let prose: String = page.split("```").step_by(2).collect::<Vec<_>>().join("\n");
    prose.split('`').skip(1).step_by(2).filter(|quoted| is_path(quoted)).map(str::to_owned).collect()
}

/// The folders the layout must name, from the workspace root with a final `/`: every
/// folder of both crates (their `src/` all the way down) and the folders directly in
/// `tests/`, `examples/` and `docs/`. A link (`elicit-derive/src/rules`) is named but not
/// walked; hidden folders and what a build or `npm` leaves (`target`, `node_modules`) are
/// not source.
fn folders_to_name() -> Vec<String> {
    fn walk(dir: &Path, deep: bool, out: &mut Vec<String>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).map(|e| e.expect("an entry").path()).collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().expect("a name").to_string_lossy().into_owned();
            if !path.is_dir() || name.starts_with('.') || name == "target" || name == "node_modules" {
                continue;
            }
            out.push(format!("{}/", relative(&path)));
            let link = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
            if deep && !link {
                walk(&path, true, out);
            }
        }
    }
    let mut folders = Vec::new();
    for krate in ["elicit-derive", "elicit-runtime"] {
        walk(&workspace().join(krate), false, &mut folders);
        walk(&workspace().join(krate).join("src"), true, &mut folders);
    }
    for dir in ["tests", "examples", "docs"] {
        walk(&workspace().join(dir), false, &mut folders);
    }
    folders
}

#[test]
fn the_architecture_page_names_every_folder() {
    let page = fs::read_to_string(workspace().join("docs/architecture.md")).expect("docs/architecture.md");
    let named: BTreeSet<String> = tree_paths(&page).into_iter().filter(|path| path.ends_with('/')).collect();
    let folders = folders_to_name();
    assert!(folders.iter().any(|f| f == "elicit-runtime/src/page/"), "the walk sees the runtime's folders: {folders:?}");
    let missing: Vec<&String> = folders.iter().filter(|folder| !named.contains(*folder)).collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md's tree does not name these folders (add a line `name/  what it holds` under its parent):\n{}",
        missing.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_path_the_architecture_page_names_exists() {
    let page = fs::read_to_string(workspace().join("docs/architecture.md")).expect("docs/architecture.md");
    let tree = tree_paths(&page);
    assert!(tree.len() > 40, "the tree is read: {tree:?}");
    let mut gone: Vec<String> = tree.into_iter().filter(|path| !workspace().join(path).exists()).map(|path| format!("{path} (in the tree)")).collect();
    // A path in the prose is from the workspace root, or (as the page says) under one of
    // the crates' `src/`.
    let roots = [workspace(), workspace().join("elicit-runtime/src"), workspace().join("elicit-derive/src")];
    let quoted = quoted_paths(&page);
    assert!(quoted.iter().any(|p| p == "exchange/elicit.rs"), "the backquoted paths are read: {quoted:?}");
    gone.extend(quoted.into_iter().filter(|path| !roots.iter().any(|root| root.join(path).exists())).map(|path| format!("`{path}`")));
    assert!(gone.is_empty(), "docs/architecture.md names paths that do not exist:\n{}", gone.join("\n"));
}

#[test]
fn the_architecture_page_reader_sees_what_it_must() {
    let page = "# A\n`not/a/tree.rs`\n## Layout\n\n```text\nCargo.toml    the workspace\ncrate/        a crate, whose lines\n              go on (lib.rs is prose)\n  src/\n    a.rs, b/    two\n      c.rs        in b\n    d.rs        e.g. back in src\n.ci/          run\n```\n";
    assert_eq!(tree_paths(page), ["Cargo.toml", "crate/", "crate/src/", "crate/src/a.rs", "crate/src/b/", "crate/src/b/c.rs", "crate/src/d.rs", ".ci/"]);
    assert_eq!(quoted_paths("`a/b.rs` and `elicitation/create`, `es1.`, `.check(..)`, `page/`\n```text\n`c.rs`\n```\n`d.toml`"), ["a/b.rs", "page/", "d.toml"]);
}
