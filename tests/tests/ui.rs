//! Compile tests: what `#[derive(Elicit)]` refuses (with the message the user sees,
//! checked in `ui/**/*.stderr`) and what it accepts (`ui/pass`).
//!
//! The `.stderr` files are made with the toolchain pinned in `rust-toolchain.toml`.
//! Regenerate them on purpose with `TRYBUILD=overwrite cargo test -p elicit-tests --test ui`
//! and read the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/fields/*.rs");
    t.compile_fail("ui/attributes/*.rs");
    t.compile_fail("ui/shapes/*.rs");
    t.compile_fail("ui/sensitive/*.rs");
    t.pass("ui/pass/*.rs");
}
