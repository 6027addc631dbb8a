#!/usr/bin/env bash
# Compile time of `#[derive(Elicit)]` against `#[derive(serde::Deserialize,
# schemars::JsonSchema)]` (what an rmcp user writes today) on the same generated forms.
#
#   tests/compile-time/run.sh            # 200 forms, 5 builds of each side, alternating
#   FORMS=50 RUNS=3 tests/compile-time/run.sh
#
# Generates two library crates under target/compile-time (same structs, same titles,
# descriptions, bounds, lengths, formats and defaults), builds their dependencies once,
# then rebuilds each crate alone (dev profile, after touching its source) RUNS times,
# alternating sides so that a busy machine slows both alike. Prints every time, the
# medians and their ratio.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FORMS=${FORMS:-200}
RUNS=${RUNS:-5}
WORK="$ROOT/target/compile-time"
export CARGO_TARGET_DIR="$WORK/target" CARGO_INCREMENTAL=0

rm -rf "$WORK/elicit_forms" "$WORK/serde_forms"
mkdir -p "$WORK/elicit_forms/src" "$WORK/serde_forms/src"
cp "$ROOT/Cargo.lock" "$WORK/Cargo.lock"
cp "$ROOT/rust-toolchain.toml" "$WORK/rust-toolchain.toml"
cat > "$WORK/Cargo.toml" <<TOML
[workspace]
members = ["elicit_forms", "serde_forms"]
resolver = "3"
TOML
cat > "$WORK/elicit_forms/Cargo.toml" <<TOML
[package]
name = "elicit_forms"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
elicit-runtime = { path = "$ROOT/elicit-runtime", default-features = false, features = ["derive"] }
TOML
cat > "$WORK/serde_forms/Cargo.toml" <<TOML
[package]
name = "serde_forms"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
serde = { version = "1.0.228", features = ["derive"] }
schemars = { version = "1.2", default-features = false, features = ["derive", "std"] }
TOML

# One form, i = its number: a titled select, a name with lengths, an email, bounded
# integer and number, a boolean with a default, an optional note.
{
  echo '#![allow(dead_code)]'
  echo 'use elicit_runtime::Elicit;'
  for i in $(seq 1 "$FORMS"); do
    cat <<RS
/// Where to sit
#[derive(Elicit, Debug)]
#[elicit(rename_all = "lowercase")]
pub enum Seating$i { #[elicit(title = "Indoors")] Indoor, #[elicit(title = "On the terrace")] Terrace, #[elicit(title = "At the bar")] Bar }
/// Form $i
#[derive(Elicit, Debug)]
pub struct Form$i {
    /// Who the table is for
    #[elicit(title = "Name", min_length = 1, max_length = 80)]
    pub name: String,
    /// Where we send the confirmation
    #[elicit(format = "email")]
    pub email: String,
    /// How many people
    #[elicit(title = "Guests", minimum = 1, maximum = $((i % 20 + 2)))]
    pub guests: u8,
    /// Spending limit per person, in euros
    #[elicit(minimum = 0, maximum = 500)]
    pub budget: f64,
    /// Send me the monthly menu
    #[elicit(default = true)]
    pub newsletter: bool,
    #[elicit(title = "Seating")]
    pub seating: Seating$i,
    /// Allergies, a birthday...
    #[elicit(max_length = 500)]
    pub notes: Option<String>,
}
RS
  done
} > "$WORK/elicit_forms/src/lib.rs"
{
  echo '#![allow(dead_code)]'
  echo 'use schemars::JsonSchema;'
  echo 'use serde::Deserialize;'
  echo 'fn yes() -> bool { true }'
  for i in $(seq 1 "$FORMS"); do
    cat <<RS
#[derive(Deserialize, JsonSchema, Debug)]
#[serde(rename_all = "lowercase")]
#[schemars(inline, extend("type" = "string"))]
pub enum Seating$i { #[schemars(title = "Indoors")] Indoor, #[schemars(title = "On the terrace")] Terrace, #[schemars(title = "At the bar")] Bar }
/// Form $i
#[derive(Deserialize, JsonSchema, Debug)]
pub struct Form$i {
    /// Who the table is for
    #[schemars(title = "Name", length(min = 1, max = 80))]
    pub name: String,
    /// Where we send the confirmation
    #[schemars(email)]
    pub email: String,
    /// How many people
    #[schemars(title = "Guests", range(min = 1, max = $((i % 20 + 2))))]
    pub guests: u8,
    /// Spending limit per person, in euros
    #[schemars(range(min = 0, max = 500))]
    pub budget: f64,
    /// Send me the monthly menu
    #[serde(default = "yes")]
    pub newsletter: bool,
    #[schemars(title = "Seating")]
    pub seating: Seating$i,
    /// Allergies, a birthday...
    #[schemars(length(max = 500))]
    pub notes: Option<String>,
}
RS
  done
} > "$WORK/serde_forms/src/lib.rs"

cd "$WORK"
# Each crate alone, as it is timed below (building both together would unify their
# dependencies' features differently, and the timed builds would rebuild dependencies).
echo "building the dependencies once..."
cargo build -q -p elicit_forms
cargo build -q -p serde_forms

build() {
  touch "$WORK/$1/src/lib.rs"
  local start end
  start=$(date +%s%N)
  cargo build -q -p "$1"
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

elicit=() serde=()
for run in $(seq 1 "$RUNS"); do
  e=$(build elicit_forms); s=$(build serde_forms)
  elicit+=("$e"); serde+=("$s")
  echo "run $run: derive(Elicit) ${e} ms, derive(Deserialize, JsonSchema) ${s} ms"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
me=$(median "${elicit[@]}"); ms=$(median "${serde[@]}")
echo "$FORMS forms, median of $RUNS: derive(Elicit) $me ms, derive(Deserialize, JsonSchema) $ms ms, ratio $(awk -v a="$me" -v b="$ms" 'BEGIN {printf "%.2f", a / b}')x"
