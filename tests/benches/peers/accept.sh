#!/usr/bin/env bash
# The accept path against the official SDKs' servers, on one machine in one run:
#   elicit: the criterion bench's `accept/elicit` (Booking::from_content on the content)
#           and `accept/elicit_result` (Elicitation::<Booking>::from_result_on on the whole
#           answer {"action":"accept","content":{..}}), cargo bench -p elicit-tests --bench elicit;
#   Python SDK (mcp, PyPI): what ctx.elicit(message, schema=Booking) does with the answer,
#           Booking.model_validate(content) after ElicitResult.model_validate (accept.py);
#   TypeScript SDK (@modelcontextprotocol/sdk, npm): what Server.elicitInput does with it,
#           Zod's ElicitResultSchema, then Ajv against the requestedSchema (accept.mjs).
# The same form (tests/benches/common/booking.rs; the Pydantic model is checked against the
# requestedSchema elicit sends, and Ajv validates against that schema itself) and the same answer; each side must decode the valid
# answer to the expected value and refuse the invalid one (six broken rules, all named)
# or the run fails before anything is reported.
#
#   bash tests/benches/peers/accept.sh
#
# The peers are installed at the interop judges' pins (tests/interop/package.json and
# package-lock.json: Node, the SDK, Ajv, Zod; tests/benches/peers/requirements.txt: the
# interop's Python pins plus email-validator, which Pydantic's EmailStr needs), reusing
# <target>/interop-cache/npm when it holds them, else into <target>/interop-cache/npm-peers;
# the Python venv is <target>/interop-cache/py-peers. The three take turns ACCEPT_ROUNDS
# times (default 3: elicit, Python, TypeScript, elicit, ...), so that a shared machine's
# drifting load weighs on all of them; each peer runs at most ACCEPT_PEER_SECONDS (default
# 4) per case and ACCEPT_PEER_TIMEOUT (default 300) per round.
# Prints ns per call for each round and their medians, and the ratios to elicit; exits
# non-zero on a failed check. Logs: <target>/peers-accept/.
# Not part of .ci/run: benchmarks are not CI.
set -euo pipefail
exec </dev/null

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
cd "$ROOT"

NODE_VERSION=22.23.3
SDK_VERSION=1.32.2
AJV_VERSION=8.20.0
AJV_FORMATS_VERSION=3.0.1
ZOD_VERSION=4.6.7
MCP_PY_VERSION=2.3.0
ROUNDS=${ACCEPT_ROUNDS:-3}
SECONDS_PER_CASE=${ACCEPT_PEER_SECONDS:-4}
PEER_TIMEOUT=${ACCEPT_PEER_TIMEOUT:-300}

log() { printf '==> [%3ss] %s\n' "$SECONDS" "$*" >&2; }
die() { printf 'accept: %s\n' "$*" >&2; exit 1; }

for tool in cargo npm python3 timeout; do
    command -v "$tool" >/dev/null || die "needs $tool on PATH"
done

TARGET_DIR=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
CACHE="$TARGET_DIR/interop-cache"
LOGS="$TARGET_DIR/peers-accept"
mkdir -p "$CACHE" "$LOGS"

# ---- the TypeScript SDK: the interop cache's, when it holds the pins ----

npm_ok() {
    local dir=$1
    [[ -x "$dir/node_modules/node/bin/node" ]] || return 1
    [[ "$("$dir/node_modules/node/bin/node" --version 2>/dev/null)" == "v$NODE_VERSION" ]] || return 1
    "$dir/node_modules/node/bin/node" -e '
        const [dir, ...want] = process.argv.slice(1);
        const names = ["@modelcontextprotocol/sdk", "ajv", "ajv-formats", "zod"];
        const v = (p) => require(dir + "/node_modules/" + p + "/package.json").version;
        names.forEach((n, i) => { if (v(n) !== want[i]) process.exit(1); });
    ' "$dir" "$SDK_VERSION" "$AJV_VERSION" "$AJV_FORMATS_VERSION" "$ZOD_VERSION" 2>/dev/null
}
NPM_DIR="$CACHE/npm"
if npm_ok "$NPM_DIR"; then
    log "TypeScript SDK: the interop cache's ($NPM_DIR)"
else
    NPM_DIR="$CACHE/npm-peers"
    if ! npm_ok "$NPM_DIR"; then
        log "TypeScript SDK: installing the interop pins into $NPM_DIR (npm: @modelcontextprotocol/sdk@$SDK_VERSION, node@$NODE_VERSION)"
        rm -rf "$NPM_DIR"
        mkdir -p "$NPM_DIR"
        cp "$ROOT/tests/interop/package.json" "$ROOT/tests/interop/package-lock.json" "$NPM_DIR/"
        # As tests/interop/run.sh does: the node package's preinstall fetches the matching node-linux-* package.
        npm install --prefix "$NPM_DIR" --save-exact --no-audit --no-fund >"$LOGS/npm-install.log" 2>&1 ||
            { tail -n 40 "$LOGS/npm-install.log" >&2; die "npm install failed (log: $LOGS/npm-install.log)"; }
        npm_ok "$NPM_DIR" || die "the installed TypeScript SDK does not have the pinned versions"
    fi
fi
NODE="$NPM_DIR/node_modules/node/bin/node"

# ---- the Python SDK, with email-validator ----

VENV="$CACHE/py-peers"
STAMP="$VENV/installed.stamp"
py_pins() { sha256sum "$HERE/requirements.txt" | cut -d' ' -f1; python3 -c 'import sys; print(sys.version)'; }
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$(py_pins)" ]] &&
    [[ "$("$VENV/bin/python" -c 'from importlib.metadata import version; print(version("mcp"))' 2>/dev/null)" == "$MCP_PY_VERSION" ]]; then
    log "Python SDK: cached in $VENV"
else
    log "Python SDK: installing into $VENV (PyPI: mcp==$MCP_PY_VERSION, email-validator; tests/benches/peers/requirements.txt)"
    rm -rf "$VENV"
    { python3 -m venv "$VENV" &&
        "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input -r "$HERE/requirements.txt"; } \
        >"$LOGS/pip-install.log" 2>&1 ||
        { tail -n 40 "$LOGS/pip-install.log" >&2; die "pip install failed (log: $LOGS/pip-install.log)"; }
    py_pins >"$STAMP"
fi
PYTHON="$VENV/bin/python"

# ---- the machine ----

load() { cut -d' ' -f1-3 /proc/loadavg; }
MODEL=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' || echo unknown)
MEM=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
echo "machine: $(nproc) CPUs ($MODEL), $MEM, $(uname -sr); rustc $(rustc --version | cut -d' ' -f2)"

# ---- elicit: the criterion cases (built first, so the build is not in anybody's timing) ----

log "building the bench (cargo bench -p elicit-tests --bench elicit --no-run)"
cargo bench -p elicit-tests --bench elicit --no-run >"$LOGS/cargo-build.log" 2>&1 ||
    { tail -n 40 "$LOGS/cargo-build.log" >&2; die "cargo bench --no-run failed (log: $LOGS/cargo-build.log)"; }

# run_peer NAME LOG CMD...: the peer's output, which must hold a PASS line and its RESULTs.
run_peer() {
    local name=$1 logfile=$2
    shift 2
    log "$name"
    local status=0
    timeout "$PEER_TIMEOUT" "$@" >"$logfile" 2>&1 || status=$?
    sed 's/^/    /' "$logfile" >&2
    (( status == 0 )) || die "$name exited $status (log: $logfile)"
    grep -q '^PASS ' "$logfile" || die "$name checked nothing (log: $logfile)"
}

LOAD_BEFORE=$(load)
for round in $(seq 1 "$ROUNDS"); do
    log "round $round of $ROUNDS: elicit: cargo bench -p elicit-tests --bench elicit -- ^accept/elicit (load average $(load))"
    # Its checks (both decode the same value, six violations) run before the timings.
    cargo bench -p elicit-tests --bench elicit -- '^accept/elicit' >"$LOGS/criterion-$round.log" 2>&1 ||
        { tail -n 40 "$LOGS/criterion-$round.log" >&2; die "the criterion bench failed (log: $LOGS/criterion-$round.log)"; }
    grep -E '^accept/elicit|^ +elicit .* serde' "$LOGS/criterion-$round.log" | sed 's/^/    /' >&2 || true
    # elicit's requestedSchema for Booking, from the request the bench prints: the peers get it.
    python3 - "$LOGS/criterion-$round.log" "$LOGS/requested_schema.json" <<'PY' || die "no request line in $LOGS/criterion-$round.log"
import json, sys
for line in open(sys.argv[1]):
    if line.startswith("elicit request ("):
        request = json.loads(line.split("): ", 1)[1])
        json.dump(request["requestedSchema"], open(sys.argv[2], "w"))
        break
else:
    sys.exit(1)
PY
    run_peer "round $round of $ROUNDS: Python SDK: accept.py" "$LOGS/python-$round.log" \
        "$PYTHON" "$HERE/accept.py" --schema "$LOGS/requested_schema.json" --seconds "$SECONDS_PER_CASE"
    run_peer "round $round of $ROUNDS: TypeScript SDK: accept.mjs" "$LOGS/typescript-$round.log" \
        "$NODE" "$HERE/accept.mjs" --npm "$NPM_DIR" --schema "$LOGS/requested_schema.json" --seconds "$SECONDS_PER_CASE"
done
LOAD_AFTER=$(load)

# ---- the table ----

python3 - "$LOGS" "$ROUNDS" "$LOAD_BEFORE" "$LOAD_AFTER" <<'PY'
import re, statistics, sys
logs, rounds, load_before, load_after = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
unit = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}

def criterion(r, name):
    text = open(f"{logs}/criterion-{r}.log").read()
    m = re.search(re.escape(name) + r"\s+time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", text)
    if not m:
        sys.exit(f"accept: no criterion estimate for {name} in {logs}/criterion-{r}.log")
    return float(m.group(1)) * unit[m.group(2)]

def peer(r, side, case):
    for line in open(f"{logs}/{side}-{r}.log"):
        if line.startswith(f"RESULT {case} "):
            return float(line.split()[2])
    sys.exit(f"accept: no RESULT {case} in {logs}/{side}-{r}.log")

def versions(side):
    return next(l[len("VERSIONS "):].strip() for l in open(f"{logs}/{side}-1.log") if l.startswith("VERSIONS "))

cases = [("content -> value", "accept/elicit", "content"), ("whole answer -> value", "accept/elicit_result", "answer")]
print()
print(f"Python SDK: {versions('python')}")
print(f"TypeScript SDK: {versions('typescript')}")
print(f"load average (1, 5, 15 min): {load_before} before, {load_after} after")
print()
print("| accept path, ns per call | round | elicit | Python SDK | TypeScript SDK | Python / elicit | TypeScript / elicit |")
print("|---|---|---|---|---|---|---|")
for name, ours_case, peer_case in cases:
    per_round = [(criterion(r, ours_case), peer(r, "python", peer_case), peer(r, "typescript", peer_case)) for r in range(1, rounds + 1)]
    for r, (ours, py, ts) in enumerate(per_round, 1):
        print(f"| {name} | {r} | {ours:,.0f} | {py:,.0f} | {ts:,.0f} | {py / ours:.1f}x | {ts / ours:.1f}x |")
    ours, py, ts = (statistics.median(column) for column in zip(*per_round))
    print(f"| **{name}** | **median** | **{ours:,.0f}** | **{py:,.0f}** | **{ts:,.0f}** | **{py / ours:.1f}x** | **{ts / ours:.1f}x** |")
zod = statistics.median(peer(r, "typescript", "zod_typed") for r in range(1, rounds + 1))
no_email = statistics.median(peer(r, "python", "content_no_email") for r in range(1, rounds + 1))
print()
print(f"information (medians): a Zod object of the form parsed alone (the typed value a TypeScript user adds on top): {zod:,.0f} ns;")
print(f"                       Pydantic without the email check (email: str): {no_email:,.0f} ns")
PY
