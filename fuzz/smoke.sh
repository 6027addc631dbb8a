#!/usr/bin/env bash
# A short run of every fuzz target, a CI stage (.ci/run): builds them (fuzz/build.sh:
# plain cargo on the nightly toolchain, no cargo-fuzz), then runs each of the eight
# targets for 5 s of short inputs from the committed seeds alone (the corpus grows in a
# temporary directory, removed after), then 2 s of long inputs each (megabyte seeds made
# in fuzz/long-seeds, ignored by git), two targets at a time (below): 56 s of fuzzing in
# about 30 s after the build; prints the executions of each run.
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

# Each target runs on one thread (libFuzzer's single worker), so the eight run two at a
# time, one on each core: two halves of four targets, each half its short runs then its
# long ones, each writing its own log, printed in order once both have ended. The targets
# share nothing on disk (each has its own corpus, long seeds and artifacts directory).
# Measured on the 2-core machine: 78 s of CI's fuzz stage one at a time, 35 s two at a time (see
# docs/fuzzing.md). A timeout's rerun "alone" (run.sh) then has the other half beside it,
# each on its own core.
half() {
  local target
  for target in "$@"; do
    CORPUS="$corpora/$target" fuzz/run.sh "$target" "${SHORT_SECONDS:-5}" || return 1
  done
  for target in "$@"; do
    LONG=1 fuzz/run.sh "$target" "${LONG_SECONDS:-2}" || return 1
  done
}
half "${targets[@]:0:4}" >"$corpora/first.log" 2>&1 &
first=$!
half "${targets[@]:4}" >"$corpora/second.log" 2>&1 &
second=$!
status=0
wait "$first" || status=1
wait "$second" || status=1
cat "$corpora/first.log" "$corpora/second.log"
exit "$status"
