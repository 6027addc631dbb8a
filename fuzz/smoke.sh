#!/usr/bin/env bash
# A short run of every fuzz target, a CI stage (.ci/run): builds them (fuzz/build.sh:
# plain cargo on the nightly toolchain, no cargo-fuzz), then runs each of the eight
# targets for 5 s of short inputs from the committed seeds alone (the corpus grows in a
# temporary directory, removed after), then 2 s of long inputs each (megabyte seeds made
# in fuzz/long-seeds, ignored by git). About 56 s after the build (eight targets within the 63 s seven took), as three targets at
# 15 s and 5 s each took before; prints the executions of each run.
# Fails on any crash or hang, and says so first if the nightly toolchain is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
fuzz/build.sh > /dev/null
echo "fuzz: targets built in $((SECONDS - started)) s"

corpora=$(mktemp -d)
trap 'rm -rf "$corpora"' EXIT
export NO_BUILD=1
targets=(accept state retry steps language page relay options)
for target in "${targets[@]}"; do
  CORPUS="$corpora/$target" fuzz/run.sh "$target" "${SHORT_SECONDS:-5}"
done
for target in "${targets[@]}"; do
  LONG=1 fuzz/run.sh "$target" "${LONG_SECONDS:-2}"
done
