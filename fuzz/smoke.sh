#!/usr/bin/env bash
# A short run of every fuzz target, for CI: 15 s of short inputs each, then 5 s of long
# inputs each (about a minute, after the build). Fails on any crash or hang.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo +nightly fuzz build --fuzz-dir fuzz -O -s none
for target in accept state retry; do
  fuzz/run.sh "$target" 15
done
for target in accept state retry; do
  LONG=1 fuzz/run.sh "$target" 5
done
