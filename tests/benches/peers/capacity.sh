#!/usr/bin/env bash
# The capacity bench (tests/benches/capacity.rs) against the official Python and
# TypeScript SDKs' servers, beside elicit's and rmcp's own (docs/performance.md, "Against
# the Python and TypeScript SDKs: capacity"):
#   1. elicit and rmcp's Peer::elicit: the bench as it is, on load_server (release),
#   2. the Python SDK (mcp, PyPI): capacity_server.py, 2025-11-25 and 2026-07-28,
#   3. the TypeScript SDK (@modelcontextprotocol/sdk, npm): capacity_server.mjs,
#      2025-11-25 only (the SDK has no 2026-07-28).
# Each on fresh servers the bench starts and kills; the same N (ELICIT_LOAD_SESSIONS,
# 10,000 by default) and the bench's other ELICIT_LOAD_* settings for all three.
#
#   bash tests/benches/peers/capacity.sh              # all three
#   CAPACITY_SIDES="python typescript" ELICIT_LOAD_SESSIONS=500 bash tests/benches/peers/capacity.sh
#
# The SDKs are the versions tests/interop/run.sh pins (tests/interop/package.json,
# package-lock.json, requirements.txt): their installs in <target>/interop-cache are
# reused when they have those versions, else they are installed into
# <target>/peers-capacity. Logs: <target>/peers-capacity/logs. Not part of .ci/run: a
# benchmark, not a check. Unattended (no stdin); every process it starts is ended on exit.
set -euo pipefail
exec </dev/null

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
INTEROP="$ROOT/tests/interop"
cd "$ROOT"

NODE_VERSION=22.23.3
SDK_VERSION=1.32.2
MCP_PY_VERSION=2.3.0
SIDES=${CAPACITY_SIDES:-elicit python typescript}
export ELICIT_LOAD_SESSIONS=${ELICIT_LOAD_SESSIONS:-10000}
# Each side's bench run is ended after this long (the bench has its own deadline too).
export ELICIT_LOAD_DEADLINE_SECS=${ELICIT_LOAD_DEADLINE_SECS:-900}
RUN_TIMEOUT=$(( ELICIT_LOAD_DEADLINE_SECS + 60 ))

log() { printf '==> [%4ss] %s\n' "$SECONDS" "$*"; }
die() { printf 'capacity.sh: %s\n' "$*" >&2; exit 1; }

for tool in cargo npm python3 timeout setsid; do
    command -v "$tool" >/dev/null || die "needs $tool on PATH"
done

TARGET_DIR=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
WORK="$TARGET_DIR/peers-capacity"
LOGS="$WORK/logs"
mkdir -p "$LOGS"

# The bench's process group, ended on exit whatever happens (the bench kills its server
# when it ends normally; a signal to this script would not reach its Drop).
BENCH_PID=
cleanup() {
    if [[ -n "$BENCH_PID" ]]; then
        kill -TERM -- "-$BENCH_PID" 2>/dev/null || true
        sleep 1
        kill -KILL -- "-$BENCH_PID" 2>/dev/null || true
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- the SDKs: the interop cache's, or installed here at the same pins ----

node_ok() { # DIR: node_modules with the pinned node and SDK
    [[ -x "$1/node_modules/node/bin/node" ]] || return 1
    [[ "$("$1/node_modules/node/bin/node" --version 2>/dev/null)" == "v$NODE_VERSION" ]] || return 1
    [[ "$("$1/node_modules/node/bin/node" -p "require('$1/node_modules/@modelcontextprotocol/sdk/package.json').version" 2>/dev/null)" == "$SDK_VERSION" ]]
}
python_ok() { # VENV with the pinned mcp
    [[ "$("$1/bin/python" -c 'from importlib.metadata import version; print(version("mcp"))' 2>/dev/null)" == "$MCP_PY_VERSION" ]]
}

NPM_DIR="$TARGET_DIR/interop-cache/npm"
if ! node_ok "$NPM_DIR"; then
    NPM_DIR="$WORK/npm"
    if ! node_ok "$NPM_DIR"; then
        log "installing node@$NODE_VERSION and @modelcontextprotocol/sdk@$SDK_VERSION into $NPM_DIR (tests/interop's pins)"
        rm -rf "$NPM_DIR" && mkdir -p "$NPM_DIR"
        cp "$INTEROP/package.json" "$INTEROP/package-lock.json" "$NPM_DIR/"
        npm ci --prefix "$NPM_DIR" --no-audit --no-fund >"$LOGS/npm-install.log" 2>&1 ||
            { tail -n 30 "$LOGS/npm-install.log" >&2; die "npm ci failed (log: $LOGS/npm-install.log)"; }
        node_ok "$NPM_DIR" || die "the installed node or SDK does not have the pinned version"
    fi
fi
VENV="$TARGET_DIR/interop-cache/py"
if ! python_ok "$VENV"; then
    VENV="$WORK/py"
    if ! python_ok "$VENV"; then
        log "installing mcp==$MCP_PY_VERSION into $VENV (tests/interop/requirements.txt)"
        rm -rf "$VENV"
        python3 -m venv "$VENV" >"$LOGS/pip-install.log" 2>&1 || die "python3 -m venv failed (apt-get install python3-venv)"
        "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input -r "$INTEROP/requirements.txt" \
            >>"$LOGS/pip-install.log" 2>&1 ||
            { tail -n 30 "$LOGS/pip-install.log" >&2; die "pip install failed (log: $LOGS/pip-install.log)"; }
        python_ok "$VENV" || die "the installed mcp does not have the pinned version"
    fi
fi
NODE="$NPM_DIR/node_modules/node/bin/node"
PYTHON="$VENV/bin/python"

# The servers as the bench starts them (ELICIT_LOAD_SERVER PORT): `exec`, so the process
# whose memory the bench reads is the interpreter itself. The .mjs sits beside the
# node_modules it imports.
ln -sfn "$NPM_DIR/node_modules" "$WORK/node_modules"
cp "$HERE/capacity_server.mjs" "$WORK/capacity_server.mjs"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$PYTHON" "$HERE/capacity_server.py" >"$WORK/python-server"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$NODE" "$WORK/capacity_server.mjs" >"$WORK/typescript-server"
chmod +x "$WORK/python-server" "$WORK/typescript-server"

# ---- the bench and load_server, built once ----

log "building load_server and the capacity bench (release)"
cargo build --release -p elicit-servers --bin load_server >"$LOGS/cargo-build.log" 2>&1 ||
    { tail -n 40 "$LOGS/cargo-build.log" >&2; die "cargo build failed (log: $LOGS/cargo-build.log)"; }
BENCH=$(cargo bench -p elicit-tests --bench capacity --no-run --message-format=json 2>>"$LOGS/cargo-build.log" |
    python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "capacity" and m.get("executable"):
        print(m["executable"])') || die "cargo bench --no-run failed (log: $LOGS/cargo-build.log)"
[[ -x "$BENCH" ]] || die "no capacity bench executable"

# ---- the runs ----

run_side() { # NAME LOG [VAR=VALUE...]: one bench run in a process group of its own
    local name=$1 logfile=$2 status=0
    shift 2
    log "$name: ELICIT_LOAD_SESSIONS=$ELICIT_LOAD_SESSIONS (log: $logfile)"
    env "$@" setsid timeout "$RUN_TIMEOUT" "$BENCH" --bench >"$logfile" 2>&1 &
    BENCH_PID=$!
    wait "$BENCH_PID" || status=$?
    BENCH_PID=
    grep -v '^$' "$logfile" | grep -E '^\||^capacity|^20' || true
    (( status == 0 )) || log "$name: the bench exited with $status"
    return 0
}

log "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(free -m | awk '/^Mem:/ {print $2 " MB"}'); $(uptime | sed 's/.*load/load/')"
for side in $SIDES; do
    case "$side" in
        elicit) run_side "elicit and rmcp Peer::elicit" "$LOGS/elicit.log" ;;
        python)
            run_side "Python SDK (mcp $MCP_PY_VERSION)" "$LOGS/python.log" \
                ELICIT_LOAD_SERVER="$WORK/python-server" ELICIT_LOAD_PEER="Python SDK (mcp $MCP_PY_VERSION)" ELICIT_LOAD_ROUNDS=1 ;;
        typescript)
            run_side "TypeScript SDK (@modelcontextprotocol/sdk $SDK_VERSION)" "$LOGS/typescript.log" \
                ELICIT_LOAD_SERVER="$WORK/typescript-server" ELICIT_LOAD_PEER="TypeScript SDK ($SDK_VERSION, node $NODE_VERSION)" ELICIT_LOAD_ROUNDS=0 ;;
        *) die "unknown side $side (elicit, python, typescript)" ;;
    esac
    log "load: $(uptime | sed 's/.*load/load/')"
done
