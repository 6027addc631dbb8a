#!/usr/bin/env bash
# Runs one fuzz target (accept, state, retry) for a given time, and prints the
# executions reached. From the workspace root or anywhere:
#
#   fuzz/run.sh accept 600          # ten minutes of short inputs
#   LONG=1 fuzz/run.sh retry 300    # inputs up to 4 MiB, one second at most each
#   RUNS=10000000 fuzz/run.sh state 3600   # stop at ten million executions
#   SKIP_SEEDS=long-array LONG=1 fuzz/run.sh accept 60   # without one of the long seeds
#
# Needs the nightly toolchain (rustup toolchain list) and cargo-fuzz:
#   cargo install cargo-fuzz --version 0.13.1 --locked
# libFuzzer's timeout is wall-clock time: on a machine busy with other work, or under
# `nice`, a starved process can pass a second on a tiny input. Rerun an artifact alone
# (fuzz/target/*/release/<target> <file>) before believing a timeout.
# Built without a sanitizer (`-s none`): elicit-runtime has no unsafe code, and
# libFuzzer's coverage and crash/timeout detection stay on. Set SANITIZER=address for
# AddressSanitizer (several times slower).
#
# Short inputs: libFuzzer's default `-max_len`, a one-second `-timeout`, the corpus in
# fuzz/corpus/<target> seeded from fuzz/seeds/<target>. Long inputs (LONG=1):
# `-max_len=4194304 -len_control=0 -timeout=1` from a corpus of megabyte seeds made
# here (long strings, many fields, deep nesting, many keys), to find work that grows
# faster than the input.
set -euo pipefail

target=${1:?usage: fuzz/run.sh accept|state|retry SECONDS}
seconds=${2:?usage: fuzz/run.sh accept|state|retry SECONDS}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

args=(-timeout=1 -max_total_time="$seconds" -print_final_stats=1)
# RUNS=10000000: stop after that many executions (or at the time limit, whichever first).
[[ -n "${RUNS:-}" ]] && args+=(-runs="$RUNS")
corpus="fuzz/corpus/$target"
mkdir -p "$corpus"
if [[ "${LONG:-0}" == 1 ]]; then
  corpus="fuzz/long-seeds/$target"
  mkdir -p "$corpus"
  # Megabyte seeds: a long string in every field, many fields, deep nesting, many keys.
  rm -f "$corpus"/*
  python3 - "$corpus" "$target" "${SKIP_SEEDS:-}" <<'PY'
import json, sys, os
out, target, skip = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
mb = 1 << 20
seeds = {
  "long-strings": {k: "a" * (mb // 4) for k in ["name", "email", "homepage", "birthday"]},
  "long-email": {"email": "a" * mb + "@example.com", "name": "x"},
  "long-uri": {"homepage": "https://example.com/" + "a/" * (mb // 2), "site": "https://example.com/?" + "a=b&" * (mb // 8)},
  "many-keys": {f"k{i}": i for i in range(100_000)},
  "long-array": {"plans": ["free"] * 200_000, "colors": ["red", "green", "blue"] * 60_000},
  "deep": json.loads("[" * 120 + "]" * 120),
  "long-numbers": {"long": int("9" * 4000), "percent": float("1e308"), "weight": "1" * mb},
}
if target == "retry":
  seeds = {k: {"elicit-1": {"action": "accept", "content": v}} for k, v in seeds.items() if isinstance(v, dict)}
for name, value in seeds.items():
  if name in skip:
    continue
  with open(os.path.join(out, name), "w") as f:
    if target == "state":
      f.write("es1." + "A" * (2 * mb))
    else:
      json.dump(value, f)
PY
  args+=(-max_len=4194304 -len_control=0 -rss_limit_mb=4096)
fi

log=$(mktemp)
started=$SECONDS
set +e
cargo +nightly fuzz run --fuzz-dir fuzz -O -s "${SANITIZER:-none}" "$target" "$corpus" "fuzz/seeds/$target" -- "${args[@]}" 2>&1 | tee "$log" | grep -E "^(INFO: Running|#[0-9]+ +(INITED|DONE))|ERROR|panicked|SUMMARY|Done [0-9]+ runs"
status=${PIPESTATUS[0]}
set -e
runs=$(grep -oE "^stat::number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" || true)
echo "$target${LONG:+ (long inputs)}: ${runs:-?} executions in $((SECONDS - started)) s (limit ${seconds} s), exit status $status"
rm -f "$log"
exit "$status"
