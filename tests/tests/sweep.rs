//! The attribute sweep: every field attribute of `#[derive(Elicit)]` on every field kind,
//! each a small compile case, and for each the derive either honours the attribute (the
//! case compiles) or gives exactly **one** error, on the attribute or on the field's type
//! (the field's own lines), that names none of the toolkit's internals in anything it
//! prints: its message, its label, and every note and help under it, the compiler's own
//! lines ("the trait `X` is not implemented for `Y`", "required for ...") included. No second error about the same field, none on `#[derive(Elicit)]` or on the
//! type's name, none where the type is used. An error the compiler repeats word for word
//! is counted once, as the terminal shows it once (JSON gives each copy).
//!
//! The dimensions are the tables below: [`KINDS`] (what the field is: typed fields of
//! each JSON kind, optionals, selects and multi-selects, run-time selects, separated
//! lists, flattened sub-forms, skipped fields, the fields of a two-step choice's variant,
//! the fields of a page form)
//! and [`ATTRIBUTES`] (each attribute of `elicit-derive/src/attr/field.rs` with the values
//! that mean different things: a `default` of each literal kind, `max_items = 0`...), plus
//! each kind alone, which must compile; then pairs of wrong fields in one form ([`pairs`]:
//! each kind's mistake beside each other kind's of the same shape, and beside itself),
//! which give one error on each wrong field and nothing else (a mistake the compiler
//! reports in a later phase than the other's may wait for the first to be fixed).
//! `elicit-runtime/docs/testing.md` gives the count.
//!
//! The cases are batched: one module per case in one scratch crate (built as
//! `features_off.rs` builds its own: outside the workspace, elicit-runtime by path, the
//! workspace's `Cargo.lock`, under `CARGO_TARGET_TMPDIR`, where the source of the last pass
//! stays to be read; its target directory is the one `features_off.rs` checks in, so the
//! dependencies both check are checked once),
//! checked with `cargo check --message-format=json`, each error given to the case whose
//! lines hold its primary span. rustc stops before its later phases (constant
//! evaluation) when an earlier one failed anywhere in the crate, so a case that shows
//! no error in a crate where others did is checked again, with the others of its kind,
//! in a crate of their own, until a crate has no error: each case is then seen as it
//! would be alone.
//!
//! The whole sweep runs by default. `ELICIT_SWEEP=sample` runs every kind alone, every
//! attribute on a few kinds, and each kind's mistake beside itself and beside the next
//! kind's (a quick look while editing the derive).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The shape the field sits in.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// A field of a struct that derives `Elicit`.
    Form,
    /// A named field of a variant of an enum whose variants carry data (`ElicitChoice`).
    Choice,
    /// A field of a page form (`#[elicit(page)]`: asked on the server's own page).
    Page,
}

/// A field kind: its own attribute (if any), its type, and where it sits.
struct Kind {
    name: &'static str,
    base: &'static str,
    ty: &'static str,
    shape: Shape,
}

const fn kind(name: &'static str, base: &'static str, ty: &'static str) -> Kind {
    Kind {
        name,
        base,
        ty,
        shape: Shape::Form,
    }
}

const fn choice(name: &'static str, base: &'static str, ty: &'static str) -> Kind {
    Kind {
        name,
        base,
        ty,
        shape: Shape::Choice,
    }
}

const fn page(name: &'static str, base: &'static str, ty: &'static str) -> Kind {
    Kind {
        name,
        base,
        ty,
        shape: Shape::Page,
    }
}

/// Every field kind, with the attribute that makes it what it is.
const KINDS: &[Kind] = &[
    kind("text", "", "String"),
    kind("optional text", "", "Option<String>"),
    kind("boxed text", "", "Box<str>"),
    kind("integer", "", "u8"),
    kind("signed integer", "", "i64"),
    kind("optional integer", "", "Option<u32>"),
    kind("number", "", "f64"),
    kind("optional number", "", "Option<f32>"),
    kind("boolean", "", "bool"),
    kind("optional boolean", "", "Option<bool>"),
    kind("select", "", "Color"),
    kind("titled select", "", "Size"),
    kind("optional select", "", "Option<Color>"),
    kind("multi-select", "", "Vec<Color>"),
    kind("multi-select set", "", "std::collections::BTreeSet<Size>"),
    kind("date", "", "chrono::NaiveDate"),
    kind("not a field (nested struct)", "", "Plain"),
    kind("run-time select", "options", "String"),
    kind("run-time select of own items", "options", "RepoId"),
    kind("optional run-time select", "options", "Option<u32>"),
    kind("run-time multi-select", "options", "Vec<String>"),
    kind("run-time select of an unmarked item", "options", "Unmarked"),
    kind("separated list", "separated = \",\"", "Vec<String>"),
    kind(
        "optional separated list",
        "separated = \";\"",
        "Option<Vec<String>>",
    ),
    kind("flattened sub-form", "flatten", "Address"),
    kind(
        "optional flattened sub-form",
        "flatten(prefix = \"home_\")",
        "Option<Address>",
    ),
    kind("skipped field", "skip", "String"),
    choice("choice variant text", "", "String"),
    choice("choice variant integer", "", "u16"),
    choice("choice variant select", "", "Color"),
    choice("choice variant run-time select", "options", "String"),
    choice(
        "choice variant separated list",
        "separated = \",\"",
        "Vec<String>",
    ),
    page("page form text", "", "String"),
    page("page form secret", "", "elicit_runtime::page::Secret"),
    page("page form select", "", "Color"),
    page("page form run-time select", "options", "String"),
    page("page form run-time multi-select", "options", "Vec<RepoId>"),
    page("page form separated list", "separated = \",\"", "Vec<String>"),
    page("page form flattened sub-form", "flatten", "Address"),
];

/// Fields that are wrong alone, in every shape, for the pairs ([`pairs`]): a type that is
/// no field, no run-time select, no separated list or no form where the attribute asks
/// one, which the compiler reports where it checks types (the mistakes of `ATTRIBUTES`
/// are mostly the derive's own). Each is a case alone too (one error); not crossed with
/// the attributes.
const MISTAKES: &[Kind] = &[
    kind("a map, which is no field", "", "std::collections::HashMap<String, String>"),
    kind("run-time select of a type that is no item", "options", "bool"),
    kind("optional run-time select of a number", "options", "Option<f64>"),
    kind("run-time multi-select of unmarked items", "options", "Vec<Unmarked>"),
    kind("separated list of integers", "separated = \",\"", "Vec<u8>"),
    kind("separated field that is no list", "separated = \",\"", "String"),
    kind("flattened field that is no form", "flatten", "String"),
    choice("choice variant nested struct", "", "Plain"),
    choice("choice variant separated field that is no list", "separated = \",\"", "u8"),
    page("page form nested struct", "", "Plain"),
    page("page form run-time select of an unmarked item", "options", "Unmarked"),
    page("page form run-time multi-select of numbers", "options", "Vec<f32>"),
];

/// The kinds that are refused alone (with their one error): a type that is no field, an
/// item type not marked, a run-time select in a choice's variant (asked without
/// options), and what a page form cannot hold yet (a separated list, a flattened form).
const REFUSED_ALONE: &[&str] = &[
    "not a field (nested struct)",
    "run-time select of an unmarked item",
    "choice variant run-time select",
    "page form separated list",
    "page form flattened sub-form",
];

/// Every field attribute, with each value that means something different.
const ATTRIBUTES: &[&str] = &[
    "title = \"Shown title\"",
    "title(ko = \"제목\")",
    "description = \"Help text\"",
    "description(ja = \"説明\")",
    "rename = \"wire_name\"",
    "skip",
    "default = \"red\"",
    "default = \"a@example.com\"",
    "default = 3",
    "default = -1",
    "default = 0.5",
    "default = true",
    "default = [\"red\"]",
    "format = \"email\"",
    "format = \"date\"",
    "min_length = 1",
    "max_length = 8",
    "pattern = \"^[a-z]+$\"",
    "pattern_hint = \"lowercase letters\"",
    "pattern_hint(ko = \"소문자\")",
    "minimum = 1",
    "maximum = 300",
    "minimum = 0.5",
    "min_items = 1",
    "max_items = 2",
    "max_items = 0",
    "min_items = 9",
    "not_sensitive",
    "flatten",
    "flatten(prefix = \"p_\")",
    "options",
    "separated = \",\"",
];

/// The items every case may use, before the cases.
const PRELUDE: &str = r#"#![allow(dead_code, unused_imports, clippy::all)]
use elicit_runtime::Elicit;

#[derive(Elicit, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[elicit(rename_all = "lowercase")]
pub enum Color { Red, Green, Blue }

#[derive(Elicit, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Size { #[elicit(title = "Small")] S, #[elicit(title = "Large")] L }

#[derive(Elicit, Debug)]
pub struct Address { pub street: String, pub city: String }

#[derive(Elicit, Debug)]
pub struct Billing { pub account: String, pub bank: String }

pub struct Plain { pub x: u8 }

#[derive(Clone, Debug, PartialEq)]
pub struct RepoId(pub u64);
impl elicit_runtime::form::SelectItem for RepoId {}

#[derive(Clone, Debug, PartialEq)]
pub struct Unmarked(pub u64);

pub fn a_form<T: elicit_runtime::Elicit>() {}
pub fn a_choice<T: elicit_runtime::ElicitChoice>() {}
pub fn a_page_form<T: elicit_runtime::page::PageForm>() {}
"#;

/// Names of the toolkit's internals, which no message the user reads may hold.
const INTERNALS: &[&str] = &[
    "Pending",
    "FormOptions",
    "RuntimeSelect",
    "Holds",
    "VariantForm",
    "SentInFormMode",
    "AskedOnPageWithOptions",
    "AskedWithOptions",
    "PageFeature",
    "FlatForm",
    "NotOption",
    "OneCharacter",
    "WithinJsonNumbers",
    "NotNested",
    "ChronoFeature",
    "form::holds",
    "__private",
    "__Elicit",
    "__elicit",
];

/// One compile case: a kind, and the attribute added to it (none: the kind alone); for a
/// pair, a second field of the same shape with a mistake of its own.
#[derive(Clone)]
struct Case {
    kind: &'static Kind,
    attribute: Option<&'static str>,
    second: Option<Second>,
}

/// The second wrong field of a pair, and when the compiler reports each field's mistake.
#[derive(Clone)]
struct Second {
    kind: &'static Kind,
    attribute: Option<&'static str>,
    /// The phase of the first field's mistake and of this one's, as each gave it alone.
    phases: [Phase; 2],
}

/// When the compiler reports an error: the derive's own (`compile_error!`, after which
/// the derive writes a stub that looks at no field's type), a trait error (type
/// checking), or a constant's evaluation (which rustc skips when type checking failed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Phase {
    Derive,
    Types,
    Constants,
}

impl Phase {
    fn of(error: &Reported) -> Phase {
        match error.code.as_deref() {
            None => Phase::Derive,
            Some("E0080") => Phase::Constants,
            Some(_) => Phase::Types,
        }
    }
}

fn field_label(kind: &Kind, attribute: Option<&str>) -> String {
    match attribute {
        Some(attribute) => format!("`{attribute}` on {} `{}`", kind.name, kind.ty),
        None => format!("{} `{}` alone", kind.name, kind.ty),
    }
}

impl Case {
    fn label(&self) -> String {
        let first = field_label(self.kind, self.attribute);
        match &self.second {
            Some(second) => format!("{first}, beside {}", field_label(second.kind, second.attribute)),
            None => first,
        }
    }
}

/// Where a case is in the generated file (1-based lines): the module, and the lines of
/// each wrong field (its attributes and its type).
struct Placed {
    module: (usize, usize),
    fields: Vec<(usize, usize)>,
}

/// The crate's source for these cases, and where each one is.
fn source(cases: &[Case]) -> (String, Vec<Placed>) {
    let mut out = String::from(PRELUDE);
    let mut placed = Vec::new();
    let line = |out: &String| out.lines().count() + 1;
    for (i, case) in cases.iter().enumerate() {
        let start = line(&out);
        let _ = writeln!(out, "// {}", case.label());
        let _ = writeln!(out, "mod case_{i} {{");
        let _ = writeln!(out, "    use super::*;");
        let _ = writeln!(out, "    #[derive(Elicit)]");
        let indent = match case.kind.shape {
            Shape::Form => {
                let _ = writeln!(out, "    struct Form {{");
                "        "
            }
            Shape::Page => {
                let _ = writeln!(out, "    #[elicit(page)]");
                let _ = writeln!(out, "    struct Form {{");
                "        "
            }
            Shape::Choice => {
                let _ = writeln!(out, "    enum Form {{");
                let _ = writeln!(out, "        Chosen {{");
                "            "
            }
        };
        let mut fields = vec![write_field(&mut out, indent, "field", case.kind, case.attribute, case.kind.ty.to_owned())];
        if let Some(second) = &case.second {
            // Its own sub-form, so that two flattened fields have no name in common.
            let ty = second.kind.ty.replace("Address", "Billing");
            fields.push(write_field(&mut out, indent, "second", second.kind, second.attribute, ty));
        }
        let used = match case.kind.shape {
            Shape::Form => {
                let _ = writeln!(out, "        other: String,");
                let _ = writeln!(out, "    }}");
                "a_form"
            }
            Shape::Page => {
                let _ = writeln!(out, "        other: String,");
                let _ = writeln!(out, "    }}");
                "a_page_form"
            }
            Shape::Choice => {
                let _ = writeln!(out, "        }},");
                let _ = writeln!(out, "        Other,");
                let _ = writeln!(out, "    }}");
                "a_choice"
            }
        };
        // A use of the type: a refused field must leave the type usable (a stub impl).
        let _ = writeln!(out, "    fn used() {{ {used}::<Form>(); }}");
        let _ = writeln!(out, "}}");
        placed.push(Placed {
            module: (start, line(&out) - 1),
            fields,
        });
    }
    (out, placed)
}

/// Writes one field (its kind's attribute, the case's, then the field) and gives its lines.
fn write_field(out: &mut String, indent: &str, name: &str, kind: &Kind, attribute: Option<&str>, ty: String) -> (usize, usize) {
    let start = out.lines().count() + 1;
    if !kind.base.is_empty() {
        let _ = writeln!(out, "{indent}#[elicit({})]", kind.base);
    }
    if let Some(attribute) = attribute {
        let _ = writeln!(out, "{indent}#[elicit({attribute})]");
    }
    let _ = writeln!(out, "{indent}{name}: {ty},");
    (start, out.lines().count())
}

/// One error as the compiler reported it.
#[derive(Clone, Debug)]
struct Reported {
    message: String,
    label: String,
    /// Every note and help under the error, the toolkit's (its `on_unimplemented` notes)
    /// and the compiler's own ("the trait `X` is not implemented for `Y`", "required for
    /// `Y` to implement `X`", "required by a bound in `f`"), with the labels of their
    /// spans: all of it is what the user reads.
    notes: Vec<String>,
    /// The wrong field whose lines hold the error (`None`: none of them).
    field: Option<usize>,
    /// The error's code (`E0277`...), none for the derive's own errors.
    code: Option<String>,
    rendered: String,
}

/// What one case gave.
enum Outcome {
    Compiled,
    Errors(Vec<Reported>),
}

/// The cases of the sweep: every kind alone, then every attribute on every kind (or a
/// sample of them).
fn cases() -> Vec<Case> {
    let sample = std::env::var("ELICIT_SWEEP").is_ok_and(|v| v == "sample");
    let mut out: Vec<Case> = KINDS
        .iter()
        .chain(MISTAKES)
        .map(|kind| Case {
            kind,
            attribute: None,
            second: None,
        })
        .collect();
    for (k, kind) in KINDS.iter().enumerate() {
        for (a, attribute) in ATTRIBUTES.iter().enumerate() {
            // The sample: each attribute on three kinds, turning with the attribute.
            if sample && (k + a) % KINDS.len().div_ceil(3) != 0 {
                continue;
            }
            out.push(Case {
                kind,
                attribute: Some(attribute),
                second: None,
            });
        }
    }
    out
}

/// The pairs of wrong fields: for each kind and each of [`MISTAKES`], one of its mistakes
/// (a case of `singles` refused with one error: the kind alone when it is refused alone,
/// else its first attribute refused at type checking, else its first refused at all),
/// beside the mistake of every kind of the same shape (itself included: two wrong fields
/// of one kind). Two typed fields of different kinds are left out, and a typed field
/// meets a quarter of the other kinds (in turn): their code looks at one field at a
/// time, as a single case shows, and the typed kinds are sixteen of one sort.
/// `ELICIT_SWEEP=sample`: each kind beside itself and the next.
fn pairs(singles: &[Case], outcomes: &[Outcome]) -> Vec<Case> {
    let sample = std::env::var("ELICIT_SWEEP").is_ok_and(|v| v == "sample");
    let pool: Vec<&'static Kind> = KINDS.iter().chain(MISTAKES).collect();
    let mistakes: Vec<Option<(Option<&'static str>, Phase)>> = pool
        .iter()
        .map(|&kind| {
            let refused = singles.iter().zip(outcomes).filter_map(|(case, outcome)| match outcome {
                Outcome::Errors(errors) if std::ptr::eq(case.kind, kind) && errors.len() == 1 && errors[0].field.is_some() => {
                    Some((case.attribute, Phase::of(&errors[0])))
                }
                _ => None,
            });
            let refused: Vec<_> = refused.collect();
            refused
                .iter()
                .find(|(attribute, _)| attribute.is_none())
                .or_else(|| refused.iter().find(|(_, phase)| *phase == Phase::Types))
                .or_else(|| refused.first())
                .copied()
        })
        .collect();
    let typed = |kind: &Kind| kind.shape == Shape::Form && kind.base.is_empty() && !REFUSED_ALONE.contains(&kind.name);
    let mut out = Vec::new();
    for (i, &first) in pool.iter().enumerate() {
        for (j, &second) in pool.iter().enumerate().skip(i) {
            let (Some((a, pa)), Some((b, pb))) = (mistakes[i], mistakes[j]) else { continue };
            if first.shape != second.shape || (i != j && typed(first) && typed(second)) {
                continue;
            }
            // A typed field beside every other kind on a rota: each typed kind meets a
            // quarter of the others, each other kind a quarter of the typed ones.
            if typed(first) != typed(second) && (i + j) % 4 != 0 {
                continue;
            }
            if sample && j != i && j != i + 1 {
                continue;
            }
            out.push(Case {
                kind: first,
                attribute: a,
                second: Some(Second {
                    kind: second,
                    attribute: b,
                    phases: [pa, pb],
                }),
            });
        }
    }
    out
}

#[test]
fn every_attribute_on_every_field_kind_is_honoured_or_one_error_on_the_field() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace");
    let krate = Path::new(env!("CARGO_TARGET_TMPDIR")).join("attribute-sweep");
    let singles = cases();
    let single_outcomes = run(root, &krate, &singles);
    let pairs = pairs(&singles, &single_outcomes);
    let pair_outcomes = run(root, &krate, &pairs);
    let cases: Vec<Case> = singles.into_iter().chain(pairs).collect();
    let outcomes: Vec<Outcome> = single_outcomes.into_iter().chain(pair_outcomes).collect();

    let mut failed = Vec::new();
    let mut errors = 0;
    for (case, outcome) in cases.iter().zip(&outcomes) {
        let Outcome::Errors(reported) = outcome else {
            if case.second.is_some() {
                failed.push(format!("{}: two wrong fields, and it compiles", case.label()));
            }
            continue;
        };
        errors += 1;
        let problem = judge(case, reported);
        if let Some(problem) = problem {
            let shown: Vec<&str> = reported.iter().map(|r| r.rendered.as_str()).collect();
            failed.push(format!("{}: {problem}\n{}", case.label(), shown.join("")));
        }
    }
    let paired = cases.iter().filter(|case| case.second.is_some()).count();
    eprintln!(
        "attribute sweep: {} cases ({paired} of them pairs of wrong fields), {} compiled, {} refused with one error for each wrong field",
        cases.len(),
        cases.len() - errors,
        errors.saturating_sub(failed.len())
    );
    assert!(
        failed.is_empty(),
        "{} of {} cases break the rule:\n\n{}",
        failed.len(),
        cases.len(),
        failed.join("\n")
    );
}

/// Why a case's errors break the rule, if they do (the span check is made by `run`, which
/// gives each error the wrong field whose lines hold it, if any).
///
/// A pair gives one error on each wrong field, except that a field whose mistake the
/// compiler reports in a later phase than the other's may show none (rustc stops before
/// it, and after the derive's own errors the derive looks at no type): at least the
/// field of the earlier phase has its one error, and no field more than one. The
/// derive's refusal of two fields together counts as the earliest phase.
fn judge(case: &Case, reported: &[Reported]) -> Option<String> {
    let refused_alone = REFUSED_ALONE.contains(&case.kind.name) || MISTAKES.iter().any(|m| std::ptr::eq(m, case.kind));
    if case.attribute.is_none() && case.second.is_none() && !refused_alone {
        return Some("the kind alone does not compile".to_owned());
    }
    if let Some(error) = reported.iter().find(|error| error.field.is_none()) {
        return Some(format!("an error is not on a wrong field's attribute or type: {}", error.message));
    }
    match &case.second {
        None if reported.len() != 1 => return Some(format!("{} errors, not one", reported.len())),
        None => {}
        Some(second) => {
            // The earliest phase that shows: the fields' own, or the derive's refusal of
            // the two together (a form that flattens another has no separated list).
            let first_phase = second.phases.iter().copied().chain(reported.iter().map(Phase::of)).min();
            for (field, phase) in second.phases.iter().enumerate() {
                let count = reported.iter().filter(|error| error.field == Some(field)).count();
                let name = ["first", "second"][field];
                if count > 1 {
                    return Some(format!("{count} errors on the {name} wrong field, not one"));
                }
                if count == 0 && Some(*phase) == first_phase {
                    return Some(format!("no error on the {name} wrong field, whose mistake is reported first ({phase:?})"));
                }
            }
        }
    }
    reported.iter().find_map(|error| {
        INTERNALS
            .iter()
            .find(|name| error.message.contains(**name) || error.label.contains(**name) || error.notes.iter().any(|note| note.contains(**name)))
            .map(|name| format!("the error names the internal `{name}`"))
    })
}

/// Checks the cases, as many passes as it takes for each to be seen as it would be
/// alone, and gives each one's outcome.
fn run(root: &Path, krate: &Path, cases: &[Case]) -> Vec<Outcome> {
    scratch_crate(root, krate);
    let mut outcomes: Vec<Option<Outcome>> = cases.iter().map(|_| None).collect();
    let mut pending: Vec<usize> = (0..cases.len()).collect();
    while !pending.is_empty() {
        let batch: Vec<Case> = pending.iter().map(|&i| cases[i].clone()).collect();
        let (src, placed) = source(&batch);
        std::fs::write(krate.join("src/lib.rs"), &src).expect("write lib.rs");
        let (reported, stray) = check(krate, &placed);
        assert!(
            stray.is_empty(),
            "errors outside every case (in {}):\n{}",
            krate.display(),
            stray.join("")
        );
        let any = reported.iter().any(|r| !r.is_empty());
        let mut next = Vec::new();
        for (&i, errors) in pending.iter().zip(reported) {
            if !errors.is_empty() {
                outcomes[i] = Some(Outcome::Errors(errors));
            } else if any {
                next.push(i);
            } else {
                outcomes[i] = Some(Outcome::Compiled);
            }
        }
        pending = next;
    }
    outcomes
        .into_iter()
        .map(|o| o.expect("every case has an outcome"))
        .collect()
}

/// Writes the scratch crate's manifest and lock file (its source is each pass's).
fn scratch_crate(root: &Path, krate: &Path) {
    std::fs::create_dir_all(krate.join("src")).expect("create the scratch crate");
    let manifest = format!(
        "[package]\nname = \"attribute-sweep\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nelicit-runtime = {{ path = {runtime:?}, features = [\"chrono\"] }}\n\
         chrono = {{ version = \"0.4.42\", default-features = false, features = [\"std\"] }}\n\n\
         # Not a member of the workspace this directory sits in.\n[workspace]\n",
        runtime = root.join("elicit-runtime").display().to_string(),
    );
    std::fs::write(krate.join("Cargo.toml"), manifest).expect("write Cargo.toml");
    std::fs::copy(root.join("Cargo.lock"), krate.join("Cargo.lock")).expect("copy Cargo.lock");
}

/// `cargo check` of the crate: the errors of each case (an error outside the case's
/// field lines has `line == 0`), and the rendered errors that are in no case.
fn check(krate: &Path, placed: &[Placed]) -> (Vec<Vec<Reported>>, Vec<String>) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args([
            "check",
            "--quiet",
            "--color",
            "never",
            "--message-format=json",
            "--manifest-path",
        ])
        .arg(krate.join("Cargo.toml"))
        .env(
            "CARGO_TARGET_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("scratch-check"),
        )
        // The lint stage's `-D warnings` is for the workspace's crates, not a user's.
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo");
    let lib: PathBuf = krate.join("src/lib.rs");
    let mut per_case: Vec<Vec<Reported>> = placed.iter().map(|_| Vec::new()).collect();
    let mut stray = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if value["reason"] != "compiler-message" || value["message"]["level"] != "error" {
            continue;
        }
        let message = &value["message"];
        let rendered = message["rendered"].as_str().unwrap_or_default().to_owned();
        let Some(span) = message["spans"]
            .as_array()
            .and_then(|spans| spans.iter().find(|s| s["is_primary"] == true))
        else {
            // "aborting due to N previous errors" and the like: no span, no case.
            if !rendered.starts_with("error: aborting") && !rendered.contains("could not compile") {
                stray.push(rendered);
            }
            continue;
        };
        let at = in_lib(span, &lib);
        let Some(case) = at.and_then(|at| {
            placed
                .iter()
                .position(|p| (p.module.0..=p.module.1).contains(&at))
        }) else {
            stray.push(rendered);
            continue;
        };
        let at = at.unwrap_or_default();
        let field = placed[case].fields.iter().position(|lines| (lines.0..=lines.1).contains(&at));
        // The terminal shows an error the compiler repeats word for word once (JSON
        // gives each copy): what the user reads is counted.
        if per_case[case].iter().any(|r| r.rendered == rendered) {
            continue;
        }
        let notes = message["children"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|child| {
                let labels = child["spans"].as_array().into_iter().flatten().filter_map(|span| span["label"].as_str());
                child["message"].as_str().into_iter().chain(labels)
            })
            .map(str::to_owned)
            .collect();
        per_case[case].push(Reported {
            message: message["message"].as_str().unwrap_or_default().to_owned(),
            label: span["label"].as_str().unwrap_or_default().to_owned(),
            notes,
            field,
            code: message["code"]["code"].as_str().map(str::to_owned),
            rendered,
        });
    }
    if !output.status.success() && per_case.iter().all(Vec::is_empty) && stray.is_empty() {
        stray.push(format!(
            "cargo check failed with no error of the crate:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    (per_case, stray)
}

/// The line of the crate's source a span shows, following it out of the macros it is in
/// (a `panic!` in a constant the derive wrote is shown on the attribute it spans).
fn in_lib(span: &serde_json::Value, lib: &Path) -> Option<usize> {
    let file = span["file_name"].as_str().unwrap_or_default();
    if file == "src/lib.rs" || Path::new(file) == lib {
        return span["line_start"].as_u64().map(|n| n as usize);
    }
    in_lib(&span["expansion"]["span"], lib)
}
