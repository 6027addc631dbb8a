#!/usr/bin/env bash
# The MCP Inspector against the example stdio_server, on a fresh machine:
#
#   bash tests/interop/inspector.sh                          # web UI, protocol 2025-11-25
#   bash tests/interop/inspector.sh --protocol-era modern    # web UI, protocol 2026-07-28
#   bash tests/interop/inspector.sh --check                  # CI: the CLI lists the tools
#   bash tests/interop/inspector.sh -- --page-port 8766      # web UI, server options after --
#
# - The Inspector is pinned (2.12.0: the first line with elicitation forms, URL mode and
#   the 2026-07-28 era) with the Node it needs (>= 22.19; the machine's own Node may be
#   older, and `npx @modelcontextprotocol/inspector` on Node 20 silently resolves to 0.15.0,
#   which has no elicitation). Both come from npm, at the versions in inspector/package.json
#   and package-lock.json, into <cargo target dir>/interop-cache/inspector (once; reused while
#   the pins are unchanged). Nothing needs `npx` or a global install.
# - stdio_server is built first (`cargo build -p elicit-servers --bin stdio_server`) and the
#   Inspector starts the binary, so the first connection does not wait for a compile
#   (the Inspector gives up on a server that does not answer within its connection timeout).
# - --protocol-era picks the protocol: legacy (the default: 2025-11-25, the server sends
#   elicitation/create), modern (2026-07-28: forms travel in InputRequiredResults), auto.
#   Arguments after `--` go to the server (its options: `stdio_server --help`); other
#   options are passed to the Inspector. The Inspector does not pass the shell's
#   environment to the server, so give the state key (a secret, not an option) with -e
#   (`-e ELICIT_STATE_KEY=...`).
# - --check: no browser. For the legacy and the modern era, the Inspector's CLI mode
#   (`--cli --method tools/list`) starts the built server the same way, and must connect,
#   negotiate that era's revision and list the five tools. Prints PASS/FAIL lines and
#   "RESULT passed=N failed=M" (the format of tests/interop/run.sh's judges); exits non-zero
#   if a check failed.
set -euo pipefail
exec </dev/null

INSPECTOR_VERSION=2.12.0
NODE_VERSION=22.23.3
TOOLS=(book_table connect_api_key delete_item deploy pay require_api_key survey)

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT"

die() { printf 'inspector: %s\n' "$*" >&2; exit 1; }

CHECK=0
ERA=legacy
PASS_ON=()
SERVER_ARGS=()
while (( $# )); do
    case "$1" in
        --) shift; SERVER_ARGS=("$@"); break ;;
        --check) CHECK=1 ;;
        --protocol-era) [[ $# -ge 2 ]] || die "--protocol-era needs legacy, auto or modern"; ERA=$2; shift ;;
        --protocol-era=*) ERA=${1#*=} ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) PASS_ON+=("$1") ;;
    esac
    shift
done
case "$ERA" in legacy|auto|modern) ;; *) die "--protocol-era must be legacy, auto or modern, not \`$ERA\`" ;; esac

for tool in cargo npm python3 timeout; do
    command -v "$tool" >/dev/null || die "needs $tool on PATH"
done

TARGET_DIR=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
DIR="$TARGET_DIR/interop-cache/inspector"
LOGS="$TARGET_DIR/interop-logs"
mkdir -p "$LOGS"

# ---- the pinned Inspector and its Node (once per set of pins) ----

NODE="$DIR/node_modules/node/bin/node"
LAUNCHER="$DIR/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"
STAMP="$DIR/installed.stamp"
pins() { sha256sum "$HERE/inspector/package.json" "$HERE/inspector/package-lock.json" | cut -d' ' -f1; }
installed_ok() {
    [[ -x "$NODE" && -f "$LAUNCHER" ]] || return 1
    [[ "$("$NODE" --version 2>/dev/null)" == "v$NODE_VERSION" ]] || return 1
    [[ "$("$NODE" "$LAUNCHER" --version 2>/dev/null)" == "$INSPECTOR_VERSION" ]] || return 1
}
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$(pins)" ]] && installed_ok; then
    echo "inspector: @modelcontextprotocol/inspector $INSPECTOR_VERSION and node $NODE_VERSION cached in $DIR" >&2
else
    echo "inspector: installing @modelcontextprotocol/inspector@$INSPECTOR_VERSION and node@$NODE_VERSION from npm into $DIR" >&2
    rm -rf "$DIR"
    mkdir -p "$DIR"
    cp "$HERE/inspector/package.json" "$HERE/inspector/package-lock.json" "$DIR/"
    # `npm ci`: exactly the lock file. The node package's preinstall fetches the matching
    # node-linux-* binary from npm.
    (cd "$DIR" && npm ci --no-audit --no-fund) >"$LOGS/npm-install-inspector.log" 2>&1 ||
        { tail -n 40 "$LOGS/npm-install-inspector.log" >&2; die "npm ci failed (log: $LOGS/npm-install-inspector.log)"; }
    installed_ok || die "the installed Inspector or Node does not have the pinned version (log: $LOGS/npm-install-inspector.log)"
    pins >"$STAMP"
fi
# The Inspector's own children (its web and CLI clients) run on the pinned Node too.
export PATH="$DIR/node_modules/node/bin:$PATH"

# ---- the server, built before the Inspector starts it ----

echo "inspector: building stdio_server (cargo build -p elicit-servers --bin stdio_server)" >&2
cargo build -q -p elicit-servers --bin stdio_server >"$LOGS/inspector-cargo-build.log" 2>&1 ||
    { tail -n 60 "$LOGS/inspector-cargo-build.log" >&2; die "cargo build failed (log: $LOGS/inspector-cargo-build.log)"; }
SERVER="$TARGET_DIR/debug/stdio_server"
[[ -x "$SERVER" ]] || die "no $SERVER after the build"

if (( ! CHECK )); then
    echo "inspector: starting the MCP Inspector $INSPECTOR_VERSION (protocol era: $ERA) on $SERVER; open the URL it prints" >&2
    exec "$NODE" "$LAUNCHER" --web --protocol-era "$ERA" "${PASS_ON[@]}" -- "$SERVER" "${SERVER_ARGS[@]}"
fi

# ---- --check: the Inspector's CLI connects and lists the tools, in each era ----

passed=0
failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

version=$("$NODE" "$LAUNCHER" --version 2>&1 || true)
if [[ "$version" == "$INSPECTOR_VERSION" ]]; then
    pass "inspector --version is $INSPECTOR_VERSION, on node $("$NODE" --version)"
else
    fail "inspector --version: expected $INSPECTOR_VERSION, got: $version"
fi

# era -> what the server must report on its stderr about the client (stdio_server logs
# the negotiated revision; on 2026-07-28 there is no initialize).
declare -A SAW=(
    [legacy]="client inspector-cli $INSPECTOR_VERSION on protocol 2025-11-25"
    [modern]="the client did not initialize: protocol 2026-07-28 or later"
)
for era in legacy modern; do
    out="$LOGS/inspector-cli-$era.json"
    err="$LOGS/inspector-cli-$era.stderr"
    status=0
    # `--strict`: the Inspector also reports its "Schema portability" findings on the tool
    # schemas (`schemaFindings` in the JSON); any finding is a failure here, whatever its
    # severity (the exit code marks only the errors).
    timeout 120 "$NODE" "$LAUNCHER" --cli --format json --strict --protocol-era "$era" --connect-timeout 30000 \
        --method tools/list "$SERVER" >"$out" 2>"$err" || status=$?
    if (( status != 0 )); then
        fail "inspector --cli --protocol-era $era --method tools/list exited $status; stderr:"
        tail -n 20 "$err"
        continue
    fi
    names=$(python3 -c '
import json, sys
try:
    tools = json.load(open(sys.argv[1]))["result"]["tools"]
    print(" ".join(sorted(t["name"] for t in tools)))
except Exception as e:
    print("unreadable:", e)
' "$out")
    if [[ "$names" == "${TOOLS[*]}" ]]; then
        pass "inspector --cli --protocol-era $era: connected to the built stdio_server and listed its tools ($names)"
    else
        fail "inspector --cli --protocol-era $era: expected the tools ${TOOLS[*]}, got: $names (output: $out)"
    fi
    findings=$(python3 -c '
import json, sys
try:
    found = json.load(open(sys.argv[1])).get("schemaFindings") or []
    print(json.dumps(found)[:2000] if found else "")
except Exception as e:
    print("unreadable:", e)
' "$out")
    if [[ -z "$findings" ]]; then
        pass "inspector --cli --strict --protocol-era $era: no schema portability finding on any tool"
    else
        fail "inspector --cli --strict --protocol-era $era: schema portability findings: $findings"
    fi
    if grep -qF "${SAW[$era]}" "$err"; then
        pass "inspector --cli --protocol-era $era: the server saw \"${SAW[$era]}\""
    else
        fail "inspector --cli --protocol-era $era: the server's stderr does not say \"${SAW[$era]}\" (log: $err)"
    fi
done

echo "RESULT passed=$passed failed=$failed"
(( failed == 0 ))
