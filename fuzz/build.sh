#!/usr/bin/env bash
# Builds every fuzz target (accept, state, retry) with libFuzzer's instrumentation, with
# plain cargo on the nightly toolchain: cargo-fuzz is not needed (installing it cost
# CI 3-4 minutes). Prints the directory of the binaries on its last line:
#
#   fuzz/build.sh                      # fuzz/target/<host>/release/{accept,state,retry}
#   SANITIZER=address fuzz/build.sh    # AddressSanitizer, in fuzz/target/sanitizer-address
#
# The flags are those of `cargo fuzz build -O -s none` (cargo-fuzz 0.13.1, src/project.rs
# `FuzzProject::cargo`) on Linux: SanitizerCoverage with inline 8-bit counters, a PC
# table, compare tracing and stack depth, `--cfg fuzzing`, branch folding off, no debug
# assertions; `--target <host>` so that build scripts and proc macros are not
# instrumented. Two differences, measured cold (README, "Fuzzing"): no debug info
# (`debug = false` in fuzz/Cargo.toml; cargo-fuzz asks for line tables) and cargo's
# default codegen units (cargo-fuzz forces one per crate): 247 s -> 206 s, for about
# 20% fewer executions per second.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

if ! version=$(rustc +nightly --version 2>&1); then
  echo "fuzz: the nightly Rust toolchain is missing, and the fuzz targets need it ('rustc +nightly --version' said: ${version%%$'\n'*})" >&2
  echo "fuzz: 'rustup toolchain list' shows the installed toolchains; 'rustup toolchain install nightly' installs it." >&2
  exit 1
fi
echo "fuzz: building with $version" >&2
host=$(rustc +nightly -vV | sed -n 's/^host: //p')

flags="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4"
flags+=" -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table"
flags+=" -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cllvm-args=-simplifycfg-branch-fold-threshold=0"
[[ "$host" == *-linux-* ]] && flags+=" -Cllvm-args=-sanitizer-coverage-stack-depth"
target_dir="$root/fuzz/target"
sanitizer=${SANITIZER:-none}
if [[ "$sanitizer" != none ]]; then
  flags+=" -Zsanitizer=$sanitizer"
  # Other instrumentation, other binaries: a directory of their own, not a rebuild of the plain ones.
  target_dir="$root/fuzz/target/sanitizer-$sanitizer"
fi

# The caller's RUSTFLAGS come last, so they can override ours (as with cargo-fuzz).
RUSTFLAGS="$flags ${RUSTFLAGS:-}" CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}" \
  cargo +nightly build --manifest-path "$root/fuzz/Cargo.toml" --target "$host" --target-dir "$target_dir" \
  --release --bins --locked >&2
echo "$target_dir/$host/release"
