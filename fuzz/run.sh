#!/usr/bin/env bash
# Runs one fuzz target (accept, state, retry, steps, language, page, relay, options) for a given time, and prints the
# executions reached. From the workspace root or anywhere:
#
#   fuzz/run.sh accept 600          # ten minutes of short inputs
#   LONG=1 fuzz/run.sh retry 300    # inputs up to 4 MiB, one second at most each
#   RUNS=10000000 fuzz/run.sh state 3600   # stop at ten million executions
#   SKIP_SEEDS=long-array LONG=1 fuzz/run.sh accept 60   # without one of the long seeds
#   CORPUS=$(mktemp -d) fuzz/run.sh accept 15   # grow the corpus there, from the seeds alone
#
# Needs the nightly toolchain (rustup toolchain list), nothing else: fuzz/build.sh builds
# the targets with plain cargo and the flags of `cargo fuzz build -O -s none`, and this
# script runs the binary with libFuzzer's arguments (NO_BUILD=1: the build is done).
# libFuzzer's timeout is wall-clock time: on a machine busy with other work, or under
# `nice`, a starved process can pass a second on a tiny input. So a timeout is run again
# alone, from its artifact, with the same one-second limit: only a timeout that happens
# again is reported as a hang (exit status 70); one that does not is said, and the run
# passes. Rerun an artifact yourself with `fuzz/target/<host>/release/<target> <file>`.
# Built without a sanitizer: elicit-runtime has no unsafe code, and libFuzzer's coverage
# and crash/timeout detection stay on. Set SANITIZER=address for AddressSanitizer
# (several times slower).
#
# Short inputs: libFuzzer's default `-max_len`, a one-second `-timeout`, the corpus in
# fuzz/corpus/<target> (or $CORPUS) seeded from fuzz/seeds/<target>, which is only read.
# Long inputs (LONG=1): `-max_len=4194304 -len_control=0 -timeout=1` from a corpus of
# megabyte seeds made here in fuzz/long-seeds/<target> (long strings, many fields, deep
# nesting, many keys), to find work that grows faster than the input. Crashes and
# timeouts are saved in fuzz/artifacts/<target>/. Everything written is ignored by git.
set -euo pipefail

target=${1:?usage: fuzz/run.sh accept|state|retry|steps|language|page|relay|options SECONDS}
seconds=${2:?usage: fuzz/run.sh accept|state|retry|steps|language|page|relay|options SECONDS}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

timeout=1
args=(-timeout=1 -max_total_time="$seconds" -print_final_stats=1)
# RUNS=10000000: stop after that many executions (or at the time limit, whichever first).
[[ -n "${RUNS:-}" ]] && args+=(-runs="$RUNS")
corpus="${CORPUS:-fuzz/corpus/$target}"
mkdir -p "$corpus" "fuzz/artifacts/$target"
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
if target == "steps":
  seeds = {k: [{"action": "accept", "content": v}] * 2 for k, v in seeds.items() if isinstance(v, dict)}
if target == "relay":
  seeds = {k: {"elicit-1": v} for k, v in seeds.items() if isinstance(v, dict)}
if target == "options":
  three = {"tags": ["ops", "dev"], "region": ["eu"]}
  seeds = {
    "many-options": {"repo": [[f"v{i}", f"t{i}"] for i in range(100_000)], **three},
    "long-value": {"repo": [["a" * mb, "A"], ["b", "B"]], **three},
    "long-title": {"repo": [["a", "A" * mb], ["b", "B"]], **three},
    "long-answer": {"repo": ["a", "b"], **three, "answers": [{"action": "accept", "content": {"repo": "a" * mb, "tags": ["ops"] * 200_000}}] * 2},
    "many-keys": {"repo": ["a", "b"], **three, "answers": [{"action": "accept", "content": {f"k{i}": i for i in range(100_000)}}] * 2},
  }
if target == "language":
  seeds = {"many-ranges": ",".join(["en-US;q=0.5", "ko"] * (mb // 16)), "long-tag": "-".join(["abcdefgh"] * (mb // 9)), "short-over-limit": "fr," * 400}
if target == "page":
  head = "POST /ID\nhost: 127.0.0.1:7878\ncookie: session=alice\ncontent-type: application/x-www-form-urlencoded\n"
  seeds = {
    "long-body": head + "\n__elicit_csrf=CSRF&key=sk-" + "a" * mb,
    "many-pairs": head + "\n__elicit_csrf=CSRF&" + "a=b&" * (mb // 4),
    "many-headers": head + "x-a: b\n" * 20_000 + "\n__elicit_csrf=CSRF&key=sk-abcdefgh&days=3&color=red",
    "long-header": head + "accept-language: " + "ko," * (mb // 3) + "\n\nkey=x",
    "long-path": "GET /" + "ID" * (mb // 2) + "\ncookie: session=alice\n\n",
  }
for name, value in seeds.items():
  if name in skip:
    continue
  with open(os.path.join(out, name), "w") as f:
    if target == "state":
      f.write("es1." + "A" * (2 * mb))
    elif isinstance(value, str):
      f.write(value)
    else:
      json.dump(value, f)
PY
  args+=(-max_len=4194304 -len_control=0 -rss_limit_mb=4096)
  # A megabyte input through `steps` (twelve decodes), `page` (a request through the
  # router), `relay` (three `tools/call`s through rmcp) or `options` (megabyte options
  # built and offered, a form asked twice on three revisions) is linear work that takes more
  # than a second: measured 10,000 to 60,000 keys, 85 µs a key in `relay`. Twenty seconds
  # there (twice the slowest measured), so that only work that grows faster than the
  # input is a hang.
  case "$target" in steps|page|relay|options) timeout=20 ;; esac
fi
args=("${args[@]/#-timeout=1/-timeout=$timeout}")

if [[ "${NO_BUILD:-0}" == 1 ]]; then
  bin_dir="fuzz/target/$(rustc +nightly -vV | sed -n 's/^host: //p')/release"
  [[ "${SANITIZER:-none}" == none ]] || bin_dir="fuzz/target/sanitizer-$SANITIZER/${bin_dir#fuzz/target/}"
else
  bin_dir=$(fuzz/build.sh)
fi
binary="$bin_dir/$target"
[[ "${SANITIZER:-none}" == address ]] && export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_odr_violation=0"
args+=(-artifact_prefix="fuzz/artifacts/$target/")

log=$(mktemp)
started=$SECONDS
set +e
# `timeout`: should libFuzzer itself stop answering, the run still ends (and fails).
timeout --kill-after=10 $((seconds + 120)) "$binary" "${args[@]}" "$corpus" "fuzz/seeds/$target" 2>&1 | tee "$log" \
  | grep -E "^(INFO: Running|#[0-9]+ +(INITED|DONE))|ERROR|ALARM|panicked|SUMMARY|Done [0-9]+ runs|artifact"
status=${PIPESTATUS[0]}
set -e
runs=$(grep -oE "^stat::number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" || true)
artifact=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -1 | sed 's/^Test unit written to //' || true)
rm -f "$log"
echo "$target${LONG:+ (long inputs)}: ${runs:-?} executions in $((SECONDS - started)) s (limit ${seconds} s), exit status $status"
if [[ "$status" == 70 && -f "$artifact" ]]; then
  # libFuzzer's exit status for a timeout: is it the input, or the machine?
  echo "$target: a timeout on $artifact; running it again alone"
  if "$binary" -timeout="$timeout" -rss_limit_mb=4096 "$artifact" > /dev/null 2>&1; then
    echo "$target: $artifact ran in under $timeout s alone: the timeout was the load on this machine, not a hang"
    exit 0
  fi
  echo "$target: $artifact times out alone too: a hang"
fi
exit "$status"
