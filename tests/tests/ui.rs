//! Compile tests: what `#[derive(Elicit)]` refuses (with the message the user sees,
//! checked in `ui/**/*.stderr`) and what it accepts (`ui/pass`).
//!
//! - `ui/fields`: field types a flat form cannot have, each reported once, with its
//!   reason, the same inside an `Option`, and with no error from the field's attributes;
//! - `ui/attributes`: misused, malformed or contradictory attributes, several mistakes
//!   at once, and the absence of follow-up errors where a refused type is used, or
//!   after an attribute the derive refused (`refused-once`, `default-of-the-wrong-shape`);
//!   `foreign-*`: the serde, schemars and validator attributes a form refuses (the
//!   table of `elicit-runtime/docs/attributes.md`, walked by `foreign_attributes.rs`);
//! - `ui/shapes`: structs and enums that cannot be a form or a select, and a choice
//!   whose variant holds a run-time select (beside another mistake, reported too), or a
//!   form that has one;
//! - `ui/sensitive`: field names, titles and descriptions that ask for a secret in form
//!   mode (the vocabulary is in `elicit-runtime/src/rules/secret.rs`);
//! - `ui/flatten`: flattened sub-forms (`#[elicit(flatten)]`) that cannot be: names
//!   that collide, a prefix that makes a secret's name, attributes of a field's own,
//!   a type that is no form;
//! - `ui/options`: run-time selects (`#[elicit(options)]`): options forgotten or given
//!   to a field that is not one, the form asked without them (and configured as any
//!   request), an item type not marked or a type that is no run-time select (one error
//!   on the type, also for several of them in one form), attributes that do not apply, `max_items = 0`, `options` beside
//!   `flatten` or `separated`, a page form asked without them (and configured);
//! - `ui/page`: `#[elicit(page)]` forms misused: a `Secret` in a form sent in form mode,
//!   a page form sent in form mode (and configured as any request), `page` where it has
//!   no meaning, a `title` (the page's heading) on a form that has no page, a list or a
//!   sub-form it cannot hold (one error each, whatever else is written on them);
//! - `ui/separated`: free-form lists asked as one string (`#[elicit(separated = ",")]`):
//!   a separator that is empty, blank or padded, attributes that do not apply, items
//!   that are not text, a field that is no list, the forms that cannot have one yet,
//!   `separated` beside `flatten`;
//! - `ui/once`: side effects run once per call (`Ask::once`, `Ask::try_once`) whose
//!   value cannot be kept in the sealed state, an effect that can fail given to `once`,
//!   an error that cannot carry the toolkit's;
//! - `ui/pass`: accepted inputs; each `main` runs and asserts on the schema, the wire
//!   JSON and decoding.
//!
//! Each class of mistake here was found by, or is kept by, the attribute sweep
//! (`sweep.rs`: every attribute on every field kind, one error each).
//!
//! The `.stderr` files are made with the toolchain pinned in `rust-toolchain.toml`.
//! Regenerate them on purpose with `TRYBUILD=overwrite cargo test -p elicit-tests --test ui`
//! and read the diff.

/// The flags trybuild 1.0.122 gives the builds of the cases (`rustflags.rs`, and `cargo.rs`'s
/// `--diagnostic-width=140`), in the form cargo reads before any `--config` trybuild passes.
/// trybuild builds the dependencies without the width and then every case with it; the
/// flags are part of cargo's fingerprint, so each dependency was built twice (about 100 s
/// of CI's test stage). With the case flags for every build, once.
const CASE_RUSTFLAGS: [&str; 6] = ["--cfg", "trybuild", "--verbose", "-A", "dead_code", "--diagnostic-width=140"];

#[test]
fn ui() {
    // SAFETY: the only test of this binary; nothing else reads the environment meanwhile.
    unsafe { std::env::set_var("CARGO_ENCODED_RUSTFLAGS", CASE_RUSTFLAGS.join("\x1f")) };
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/fields/*.rs");
    t.compile_fail("ui/attributes/*.rs");
    t.compile_fail("ui/shapes/*.rs");
    t.compile_fail("ui/sensitive/*.rs");
    t.compile_fail("ui/flatten/*.rs");
    t.compile_fail("ui/options/*.rs");
    t.compile_fail("ui/page/*.rs");
    t.compile_fail("ui/separated/*.rs");
    t.compile_fail("ui/once/*.rs");
    t.pass("ui/pass/*.rs");
}
