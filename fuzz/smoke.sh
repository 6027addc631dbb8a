#!/usr/bin/env bash
# A short run of every fuzz target, a CI stage (.ci/run): builds them (fuzz/build.sh:
# plain cargo on the nightly toolchain, no cargo-fuzz), then runs each for 15 s of short
# inputs from the committed seeds alone (the corpus grows in a temporary directory,
# removed after), then 5 s of long inputs each (megabyte seeds made in fuzz/long-seeds,
# ignored by git). About a minute after the build; prints the executions of each run.
# Fails on any crash or hang, and says so first if the nightly toolchain is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
fuzz/build.sh > /dev/null
echo "fuzz: targets built in $((SECONDS - started)) s"

corpora=$(mktemp -d)
trap 'rm -rf "$corpora"' EXIT
export NO_BUILD=1
for target in accept state retry; do
  CORPUS="$corpora/$target" fuzz/run.sh "$target" 15
done
for target in accept state retry; do
  LONG=1 fuzz/run.sh "$target" 5
done
