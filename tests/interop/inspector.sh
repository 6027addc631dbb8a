#!/usr/bin/env bash
# The MCP Inspector against the example stdio_server, on a fresh machine:
#
#   bash tests/interop/inspector.sh                          # web UI, protocol 2025-11-25
#   bash tests/interop/inspector.sh --protocol-era modern    # web UI, protocol 2026-07-28
#   bash tests/interop/inspector.sh --check                  # CI: the CLI lists the tools, the web UI answers a form
#   bash tests/interop/inspector.sh --ui-check               # only the web UI check (both eras; one with --protocol-era)
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
# - --check: for the legacy and the modern era, the Inspector's CLI mode
#   (`--cli --method tools/list`) starts the built server the same way, and must connect,
#   negotiate that era's revision and list the five tools; then the web UI check below,
#   in both eras. Prints PASS/FAIL lines and "RESULT passed=N failed=M" (the format of
#   tests/interop/run.sh's judges); exits non-zero if a check failed.
# - --ui-check: the web UI in a real browser. The Inspector's web UI starts as above
#   (`--web --protocol-era ERA -- stdio_server`) on 127.0.0.1 only, on a free port
#   (CLIENT_PORT; its MCP Apps sandbox and app origin on ports the system picks:
#   MCP_SANDBOX_PORT=0, MCP_APP_ORIGIN_PORT=0), with its auth token on (the URL it prints
#   carries it), secrets in memory and its storage in a temporary directory; then
#   inspector_ui.mjs, on the pinned Node, drives Debian's headless Chromium through
#   chromedriver (browser.mjs): it connects the STDIO card, runs `deploy`, checks that the
#   elicitation form shows the repository select with the titles the server sent
#   (`oneOf` of `{const, title}`), the environment and the replicas, answers it and waits
#   for the tool's result naming the chosen repository. Both eras (legacy, modern) unless
#   --protocol-era names one. The Inspector is stopped on exit, whatever happens. Needs
#   /usr/bin/chromium and /usr/bin/chromedriver (or $CHROMIUM, $CHROMEDRIVER):
#   tests/interop/run.sh installs them (apt-get: chromium chromium-driver); without them
#   the UI check is a FAIL line. Logs and screenshots: <cargo target dir>/interop-logs
#   (inspector-web-ERA.log, inspector-ui-ERA.log, inspector-ui-ERA-*.png).
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
UI_CHECK=0
ERA=legacy
ERA_SET=0
PASS_ON=()
SERVER_ARGS=()
while (( $# )); do
    case "$1" in
        --) shift; SERVER_ARGS=("$@"); break ;;
        --check) CHECK=1 ;;
        --ui-check) UI_CHECK=1 ;;
        --protocol-era) [[ $# -ge 2 ]] || die "--protocol-era needs legacy, auto or modern"; ERA=$2; ERA_SET=1; shift ;;
        --protocol-era=*) ERA=${1#*=}; ERA_SET=1 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) PASS_ON+=("$1") ;;
    esac
    shift
done
case "$ERA" in legacy|auto|modern) ;; *) die "--protocol-era must be legacy, auto or modern, not \`$ERA\`" ;; esac
UI_ERAS=(legacy modern)
if (( UI_CHECK && ERA_SET )); then
    [[ "$ERA" != auto ]] || die "--ui-check takes --protocol-era legacy or modern (the check expects one revision)"
    UI_ERAS=("$ERA")
fi

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

if (( ! CHECK && ! UI_CHECK )); then
    echo "inspector: starting the MCP Inspector $INSPECTOR_VERSION (protocol era: $ERA) on $SERVER; open the URL it prints" >&2
    exec "$NODE" "$LAUNCHER" --web --protocol-era "$ERA" "${PASS_ON[@]}" -- "$SERVER" "${SERVER_ARGS[@]}"
fi

# ---- the web UI in a real browser (--ui-check, and --check after the CLI) ----

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
CHROMEDRIVER=${CHROMEDRIVER:-/usr/bin/chromedriver}
UI_PGID=""
UI_STORAGE=""
# Stops the web UI this script started (its process group: node and the stdio_server it
# spawned), then removes its storage directory.
stop_ui_process() {
    [[ -n "$UI_PGID" ]] || return 0
    kill -TERM -- "-$UI_PGID" 2>/dev/null || kill -TERM "$UI_PGID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 -- "-$UI_PGID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$UI_PGID" 2>/dev/null || true
    wait "$UI_PGID" 2>/dev/null || true
    UI_PGID=""
}
stop_ui() {
    stop_ui_process
    if [[ -n "$UI_STORAGE" ]]; then rm -rf "$UI_STORAGE"; UI_STORAGE=""; fi
}
trap stop_ui EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# alive PID: the process runs (a zombie, exited but not yet waited for, does not).
alive() {
    local state
    state=$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null) && [[ "$state" != Z ]]
}

# ui_check ERA: the Inspector's web UI on 127.0.0.1, the browser answers deploy's form.
ui_check() {
    local era=$1 port log url out status=0 line attempt
    log="$LOGS/inspector-web-$era.log"
    out="$LOGS/inspector-ui-$era.log"
    rm -f "$LOGS/inspector-ui-$era-"*.png # (a failure's screenshot from an earlier run)
    UI_STORAGE=$(mktemp -d "${TMPDIR:-/tmp}/elicit-inspector-XXXXXX")
    # (a port found free may be taken before the Inspector binds it: then another one)
    for attempt in 1 2 3; do
        port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
        # Loopback only; the auth token stays on (the Inspector makes one and prints the
        # URL with it); no browser of its own; secrets in memory, its files in UI_STORAGE.
        # setsid: its own process group, so stop_ui also reaches the server it spawns.
        env -u DANGEROUSLY_OMIT_AUTH -u ALLOWED_ORIGINS -u MCP_INSPECTOR_ALLOWED_HOSTS \
            HOST=127.0.0.1 CLIENT_PORT="$port" MCP_SANDBOX_PORT=0 MCP_APP_ORIGIN_PORT=0 \
            MCP_AUTO_OPEN_ENABLED=false MCP_INSPECTOR_SECRET_STORE=memory MCP_STORAGE_DIR="$UI_STORAGE" \
            setsid "$NODE" "$LAUNCHER" --web --protocol-era "$era" -- "$SERVER" "${SERVER_ARGS[@]}" >"$log" 2>&1 &
        UI_PGID=$!
        url=""
        for _ in $(seq 600); do
            url=$(grep -oE "http://127\.0\.0\.1:$port/?(\?[^[:space:]]*)?" "$log" | head -n 1 || true)
            [[ -n "$url" ]] && break
            alive "$UI_PGID" || break
            sleep 0.1
        done
        [[ -z "$url" ]] && grep -q "PORT IS IN USE" "$log" && (( attempt < 3 )) || break
        stop_ui_process
    done
    if [[ -z "$url" ]]; then
        fail "inspector --web --protocol-era $era: the web UI did not come up on 127.0.0.1:$port within 60 s (log: $log):"
        tail -n 20 "$log"
        stop_ui
        return
    fi
    echo "inspector: web UI $INSPECTOR_VERSION (protocol era $era) up on 127.0.0.1:$port; driving it with Chromium" >&2
    # The URL (its token) through the environment, not the process list.
    # (--foreground: a TERM to this script's process group reaches node, which closes the
    # browser; the script has its own deadline, this one is the backstop)
    INSPECTOR_URL="$url" timeout --foreground -k 10 200 "$NODE" "$HERE/inspector_ui.mjs" --log-dir "$LOGS" --protocol-era "$era" \
        -- "$SERVER" "${SERVER_ARGS[@]}" >"$out" 2>"$out.stderr" || status=$?
    stop_ui
    while IFS= read -r line; do
        case "$line" in
            "PASS "*) pass "inspector web UI ($era): ${line#PASS }" ;;
            "FAIL "*) fail "inspector web UI ($era): ${line#FAIL }" ;;
            "RESULT "*) ;;
            *) echo "$line" ;;
        esac
    done <"$out"
    if ! grep -qE '^RESULT passed=[0-9]+ failed=[0-9]+$' "$out"; then
        fail "inspector web UI ($era): inspector_ui.mjs ended (exit $status) without a result (log: $out); its stderr:"
        tail -n 20 "$out.stderr"
    elif (( status != 0 )) && ! grep -q '^FAIL ' "$out"; then
        fail "inspector web UI ($era): inspector_ui.mjs exited $status (log: $out)"
    fi
}

ui_checks() {
    if [[ ! -x "$CHROMIUM" || ! -x "$CHROMEDRIVER" ]]; then
        fail "inspector web UI: no Chromium and chromedriver ($CHROMIUM, $CHROMEDRIVER): tests/interop/run.sh installs them (apt-get install chromium chromium-driver), or set CHROMIUM and CHROMEDRIVER"
        return
    fi
    local era
    for era in "${UI_ERAS[@]}"; do
        ui_check "$era"
    done
}

# ---- --check: the Inspector's CLI connects and lists the tools, in each era ----

passed=0
failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }

if (( ! CHECK )); then
    ui_checks
    echo "RESULT passed=$passed failed=$failed"
    exit $(( failed == 0 ? 0 : 1 ))
fi

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

ui_checks

echo "RESULT passed=$passed failed=$failed"
(( failed == 0 ))
