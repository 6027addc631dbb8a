#!/usr/bin/env bash
# Interop with the official MCP clients: runs the example servers against
#   1. the official TypeScript SDK client (ts_client.mjs, stdio, protocol 2025-11-25: the
#      SDK has no 2026-07-28),
#   1b. forms that do not time out: the same client with a 1.5 s request timeout and a
#      user who answers after 3 s, against stdio_server with --progress-every-ms
#      (ts_progress_client.mjs): progress keeps the call alive, none without a token,
#   1c. every user's language: the same client sends SEP-2792's acceptLanguage (ko-KR) on
#      the survey call and gets its re-ask in Korean, through the SDK's own parse
#      (ts_locale_client.mjs); and the author's words: words_server's trip form (a sub-form
#      flattened twice with prefixes, a pattern hint, a rule) filled in by a Korean and a
#      French user, every word compared with the scripted client's snapshots
#      (ts_words_client.mjs; on 2026-07-28 through the client v2 after judge 5b),
#   2. the official Python SDK client (py_client.py, stdio, protocol 2025-11-25),
#   3. the same Python client on protocol 2026-07-28 (mcp.Client(mode="2026-07-28"):
#      the forms travel in InputRequiredResult rounds, each checked for its shape and
#      against the official schema (elicit-runtime/spec, the published files pinned by
#      digest in tests/tests/wire.rs)),
#   4. the official conformance suite's elicitation scenarios (Streamable HTTP; their
#      client is the TypeScript SDK's, so 2025-11-25),
#   5. the pre-release conformance suite's fourteen input-required scenarios of protocol
#      2026-07-28 against conformance_server (pinned in next/package.json),
#   5b. the official TypeScript client v2 (@modelcontextprotocol/client, pinned in
#      next/package.json) on protocol 2026-07-28 -> stdio_server (ts2_client.mjs):
#      accept, decline, cancel and invalid answers through its input-required driver,
#      every InputRequiredResult checked against the official schema,
#   6. URL mode (stdio_server's connect_api_key and require_api_key, which 1-3 do not
#      call): the TypeScript SDK client on 2025-11-25 with a real browser (Debian's
#      chromium + chromium-driver, installed with apt-get when missing, headless through
#      WebDriver) filling in the toolkit's page of the `#[elicit(page)]` form (its CSRF
#      token, its refusals), and the phishing case (ts_url_client.mjs,
#      browser.mjs; screenshots in the logs directory),
#   7. URL mode with the Python SDK client on 2025-11-25 and 2026-07-28, the page
#      completed by an HTTP POST (py_url_client.py),
#   7b. the toolkit's own page for `#[elicit(page)]` forms (elicit_runtime::page) in the
#      same headless Chromium, against page_server (page_browser.mjs): every field kind,
#      invalid values (the secret never echoed), the typed value in the tool, a second
#      submit, a forwarded link, an expired link, the page framed and posted to by
#      another origin, a POST without the CSRF token (screenshots in the logs directory),
#   8. the shared interaction store on a real Redis (Debian's redis-server, installed
#      with apt-get when missing, started by the tests on a loopback port):
#      tests/tests/stores.rs and deployment.rs (two instances behind one address, every revision)
#      with ELICIT_REQUIRE_REDIS=1, so a missing Redis fails,
#   9. a client that cannot ask: the Python SDK client without an elicitation callback (no
#      elicitation capability) on 2025-11-25 and 2026-07-28, against stdio_server with
#      --relay-through-model, and a script playing the model (py_model_client.py),
#  11. the seed drafts as dialects: a raw JSON-RPC client of each (dialects.py; no SDK has
#      them) against stdio_server: interaction/create, -32003 and interaction/notify
#      (seed 000), elicitation/track and -32604 (seed 002), validated against
#      tests/dialects/*.schema.json.
#  12. third-party client frameworks, each with its own elicitation handler (accept with
#      content made from the received requestedSchema, decline, cancel; the server behind
#      wiretap.py, so what crossed the wire is compared with what the handler answered),
#      against stdio_server's form tools (docs/interop-third-party.md):
#      FastMCP's Client (fastmcp from PyPI, fastmcp_client.py, pinned in
#      requirements-fastmcp.txt) on 2025-06-18, 2025-11-25 and 2026-07-28; the AI SDK's MCP
#      client (@ai-sdk/mcp from npm, ai_sdk_client.mjs, pinned in ai-sdk/) and Mastra's
#      (@mastra/mcp from npm, mastra_client.mjs, pinned in mastra/) on 2025-11-25 and
#      2026-07-28.
# Then the MCP Inspector (inspector.sh --check, pinned in inspector/): the way the README
# starts it, its CLI must connect to the built stdio_server and list the tools, and its web
# UI, driven in the same headless Chromium (inspector_ui.mjs), must render deploy's form
# (the run-time select's titles) and answer it, on 2025-11-25 and 2026-07-28.
# The judges are installed at the versions pinned in package.json, package-lock.json and
# requirements.txt (next/ for judges 5 and 5b; requirements-fastmcp.txt, ai-sdk/ and mastra/
# for judge 12),
# into <cargo target dir>/interop-cache (reused while the pins match).
#
#   bash tests/interop/run.sh
#
# Prints one summary line per judge and a last line "N passed, M failed"; exits non-zero
# if any check failed. INTEROP_VERBOSE=1 also prints the answers sent on passing checks.
set -euo pipefail
exec </dev/null

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT"

NODE_VERSION=22.23.3
SDK_VERSION=1.32.2
CONFORMANCE_VERSION=0.1.16
MCP_PY_VERSION=2.3.0
SCENARIOS=(tools-call-elicitation elicitation-sep1034-defaults elicitation-sep1330-enums)
# The pre-release judges of protocol 2026-07-28 (tests/interop/next/package.json).
CONFORMANCE_NEXT_VERSION=0.2.0-alpha.12
CLIENT_V2_VERSION=2.4.0
SCENARIOS_2026=(
    input-required-result-basic-elicitation input-required-result-basic-sampling input-required-result-basic-list-roots
    input-required-result-request-state input-required-result-multiple-input-requests input-required-result-multi-round
    input-required-result-missing-input-response input-required-result-non-tool-request input-required-result-result-type
    input-required-result-unsupported-methods input-required-result-tampered-state input-required-result-capability-check
    input-required-result-ignore-extra-params input-required-result-validate-input
)
# The third-party judges (judge 12): requirements-fastmcp.txt, ai-sdk/package.json.
FASTMCP_VERSION=4.2.3
AI_SDK_MCP_VERSION=2.0.99
MASTRA_MCP_VERSION=2.0.0
JUDGE_TIMEOUT=300 # seconds, per judge run

log() { printf '==> [%3ss] %s\n' "$SECONDS" "$*"; }
die() { printf 'interop: %s\n' "$*" >&2; exit 1; }

for tool in cargo npm python3 timeout; do
    command -v "$tool" >/dev/null || die "needs $tool on PATH"
done

TARGET_DIR=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
CACHE="$TARGET_DIR/interop-cache"
NPM_DIR="$CACHE/npm"
VENV="$CACHE/py"
LOGS="$TARGET_DIR/interop-logs"
mkdir -p "$CACHE" "$LOGS"

# ---- install the judges (once per set of pins) ----

# What the stamp records: the pin files and the interpreter the venv is built on.
pins() {
    sha256sum "$HERE/package.json" "$HERE/package-lock.json" "$HERE/requirements.txt" | cut -d' ' -f1
    python3 -c 'import sys; print(sys.version)'
}

installed_ok() {
    [[ -x "$NPM_DIR/node_modules/node/bin/node" && -x "$VENV/bin/python" ]] || return 1
    [[ "$("$NPM_DIR/node_modules/node/bin/node" --version 2>/dev/null)" == "v$NODE_VERSION" ]] || return 1
    "$NPM_DIR/node_modules/node/bin/node" -e '
        const [sdk, conf] = process.argv.slice(1);
        const v = (p) => require(process.argv[3] + "/node_modules/" + p + "/package.json").version;
        if (v("@modelcontextprotocol/sdk") !== sdk || v("@modelcontextprotocol/conformance") !== conf) process.exit(1);
    ' "$SDK_VERSION" "$CONFORMANCE_VERSION" "$NPM_DIR" 2>/dev/null || return 1
    [[ "$("$VENV/bin/python" -c 'from importlib.metadata import version; print(version("mcp"))' 2>/dev/null)" == "$MCP_PY_VERSION" ]] || return 1
}

STAMP="$CACHE/installed.stamp"
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$(pins)" ]] && installed_ok; then
    log "judges: cached in $CACHE"
else
    log "judges: installing into $CACHE (npm: @modelcontextprotocol/sdk@$SDK_VERSION, @modelcontextprotocol/conformance@$CONFORMANCE_VERSION, node@$NODE_VERSION; PyPI: mcp==$MCP_PY_VERSION)"
    rm -f "$STAMP"
    rm -rf "$NPM_DIR" "$VENV"
    mkdir -p "$NPM_DIR"
    cp "$HERE/package.json" "$HERE/package-lock.json" "$NPM_DIR/"
    # The node package's preinstall fetches the matching node-linux-* package from npm.
    npm install --prefix "$NPM_DIR" --save-exact --no-audit --no-fund >"$LOGS/npm-install.log" 2>&1 ||
        { tail -n 40 "$LOGS/npm-install.log" >&2; die "npm install failed (log: $LOGS/npm-install.log)"; }
    python3 -m venv "$VENV" >"$LOGS/pip-install.log" 2>&1 ||
        { cat "$LOGS/pip-install.log" >&2; die "python3 -m venv failed (Debian/Ubuntu: apt-get install python3-venv)"; }
    "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input -r "$HERE/requirements.txt" \
        >>"$LOGS/pip-install.log" 2>&1 ||
        { tail -n 40 "$LOGS/pip-install.log" >&2; die "pip install failed (log: $LOGS/pip-install.log)"; }
    installed_ok || die "the installed judges do not have the pinned versions"
    pins >"$STAMP"
fi
NODE="$NPM_DIR/node_modules/node/bin/node"
PYTHON="$VENV/bin/python"

# ---- build the example servers once ----

log "building the judged servers (cargo build -p elicit-servers --bins)"
cargo build -p elicit-servers --bins >"$LOGS/cargo-build.log" 2>&1 ||
    { tail -n 60 "$LOGS/cargo-build.log" >&2; die "cargo build failed (log: $LOGS/cargo-build.log)"; }
STDIO_SERVER="$TARGET_DIR/debug/stdio_server"
CONFORMANCE_SERVER="$TARGET_DIR/debug/conformance_server"
WORDS_SERVER="$TARGET_DIR/debug/words_server"
[[ -x "$STDIO_SERVER" && -x "$CONFORMANCE_SERVER" && -x "$WORDS_SERVER" ]] || die "the example binaries are not in $TARGET_DIR/debug"

# ---- a real browser for URL mode's page ----

# Debian's chromium and its WebDriver, the same version. Without apt-get (not Debian)
# the page is completed with an HTTP POST instead, and the summary says so.
BROWSER_ARGS=()
BROWSER_NOTE=" + Chromium through WebDriver"
if [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]]; then
    log "browser: $(/usr/bin/chromium --version 2>/dev/null | head -n 1), $(/usr/bin/chromedriver --version 2>/dev/null | cut -d' ' -f1-2)"
elif command -v apt-get >/dev/null; then
    SUDO=()
    if (( EUID != 0 )); then
        command -v sudo >/dev/null && sudo -n true 2>/dev/null ||
            die "needs chromium and chromium-driver for the browser checks: apt-get install -y chromium chromium-driver (as root)"
        SUDO=(sudo -n)
    fi
    log "browser: installing chromium and chromium-driver with apt-get"
    { "${SUDO[@]}" apt-get update && DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y --no-install-recommends chromium chromium-driver; } \
        >"$LOGS/apt-install.log" 2>&1 ||
        { tail -n 30 "$LOGS/apt-install.log" >&2; die "apt-get install chromium chromium-driver failed (log: $LOGS/apt-install.log)"; }
    [[ -x /usr/bin/chromium && -x /usr/bin/chromedriver ]] || die "apt-get installed no /usr/bin/chromium and /usr/bin/chromedriver"
else
    echo "note: no apt-get here: the URL-mode page is completed with HTTP POST, not in a browser"
    BROWSER_ARGS=(--no-browser)
    BROWSER_NOTE=" (no browser: no apt-get)"
fi

# ---- the judges ----

# The form judges (1-3, 5b) call every tool but these, which need URL mode: judges 6 and 7.
export INTEROP_SKIP_TOOLS=connect_api_key,require_api_key

TOTAL_PASSED=0
TOTAL_FAILED=0
SUMMARY=()

# run_client NAME LOG CMD... : a client prints PASS/FAIL lines and "RESULT passed=N failed=M".
run_client() {
    local name=$1 logfile=$2
    shift 2
    local status=0
    timeout "$JUDGE_TIMEOUT" "$@" 2>"$logfile.stderr" | tee "$logfile" || status=$?
    local result p f
    result=$(grep -E '^RESULT passed=[0-9]+ failed=[0-9]+$' "$logfile" | tail -n 1 || true)
    if [[ -z "$result" ]]; then
        # crashed or timed out before reporting: one failed check
        p=$(grep -c '^PASS ' "$logfile" || true)
        f=$(( $(grep -c '^FAIL ' "$logfile" || true) + 1 ))
        printf 'the client ended (exit %s) without a result line; its stderr:\n' "$status"
        tail -n 30 "$logfile.stderr"
    else
        p=${result#RESULT passed=}; p=${p%% *}
        f=${result##*failed=}
        if (( status != 0 && f == 0 )); then f=1; fi
    fi
    TOTAL_PASSED=$((TOTAL_PASSED + p))
    TOTAL_FAILED=$((TOTAL_FAILED + f))
    if (( f == 0 )); then
        SUMMARY+=("PASS  $name: $p checks passed")
    else
        SUMMARY+=("FAIL  $name: $p passed, $f failed (log: $logfile)")
    fi
}

log "judge 1: TypeScript SDK $SDK_VERSION client over stdio, protocol 2025-11-25 -> stdio_server"
# ts_client.mjs imports the SDK by package name: run it from beside node_modules.
cp "$HERE/ts_client.mjs" "$HERE/forms.mjs" "$NPM_DIR/"
run_client "TypeScript SDK $SDK_VERSION client (stdio, protocol 2025-11-25)" "$LOGS/ts-client.log" \
    "$NODE" "$NPM_DIR/ts_client.mjs" "$STDIO_SERVER"

# ---- judge 1b: progress while a form waits (ts_progress_client.mjs) ----
log "judge 1b: progress: TypeScript SDK $SDK_VERSION client over stdio, protocol 2025-11-25, timeout 1.5 s, user answers after 3 s -> stdio_server"
# (next to node_modules, as ts_client.mjs; the official schema is the copy the runtime embeds)
cp "$HERE/ts_progress_client.mjs" "$HERE/forms.mjs" "$HERE/spec.mjs" "$NPM_DIR/"
run_client "Progress: TypeScript SDK $SDK_VERSION client (stdio, protocol 2025-11-25, timeout 1.5 s, resetTimeoutOnProgress)" \
    "$LOGS/ts-progress-client.log" \
    "$NODE" "$NPM_DIR/ts_progress_client.mjs" --spec "$ROOT/elicit-runtime/spec/2025-11-25/schema.json" "$STDIO_SERVER"
# ---- end of judge 1b ----

# ---- judge 1c: a Korean re-ask (ts_locale_client.mjs) ----
log "judge 1c: locale: TypeScript SDK $SDK_VERSION client over stdio sends SEP-2792's acceptLanguage ko-KR -> stdio_server's survey, re-asked in Korean"
cp "$HERE/ts_locale_client.mjs" "$HERE/forms.mjs" "$NPM_DIR/"
run_client "Locale: TypeScript SDK $SDK_VERSION client (stdio, protocol 2025-11-25, acceptLanguage ko-KR)" "$LOGS/ts-locale-client.log" \
    "$NODE" "$NPM_DIR/ts_locale_client.mjs" "$STDIO_SERVER"
# The author's words: words_server's trip form (prefixed sub-forms, a pattern hint, a
# rule) as a Korean and a French user fill it in, compared with the scripted client's
# hand-read snapshots (tests/snapshots/words); on 2026-07-28 with the client v2 below.
cp "$HERE/ts_words_client.mjs" "$NPM_DIR/"
run_client "Words: TypeScript SDK $SDK_VERSION client (stdio, protocol 2025-11-25, ko-KR and fr-FR)" "$LOGS/ts-words-client.log" \
    "$NODE" "$NPM_DIR/ts_words_client.mjs" --snapshots "$ROOT/tests/snapshots/words" "$WORDS_SERVER"
# ---- end of judge 1c ----

log "judge 2: Python SDK mcp $MCP_PY_VERSION client over stdio, protocol 2025-11-25 -> stdio_server"
run_client "Python SDK mcp $MCP_PY_VERSION client (stdio, protocol 2025-11-25)" "$LOGS/py-client.log" \
    "$PYTHON" "$HERE/py_client.py" --protocol 2025-11-25 "$STDIO_SERVER"

log "judge 3: Python SDK mcp $MCP_PY_VERSION client over stdio, protocol 2026-07-28 (InputRequiredResult rounds) -> stdio_server"
SPEC_2026="$ROOT/elicit-runtime/spec/2026-07-28/schema.json"
SPEC_ARGS=()
if [[ -f "$SPEC_2026" ]]; then
    SPEC_ARGS=(--spec "$SPEC_2026")
    SPEC_NOTE="checked against the official schema"
else
    echo "note: $SPEC_2026 is not there: InputRequiredResults are checked for their shape only"
    SPEC_NOTE="shape only: no official schema in elicit-runtime/spec"
fi
run_client "Python SDK mcp $MCP_PY_VERSION client (stdio, protocol 2026-07-28, InputRequiredResults $SPEC_NOTE)" \
    "$LOGS/py-client-2026-07-28.log" \
    "$PYTHON" "$HERE/py_client.py" --protocol 2026-07-28 "${SPEC_ARGS[@]}" "$STDIO_SERVER"

log "judge 4: conformance $CONFORMANCE_VERSION server scenarios over Streamable HTTP -> conformance_server"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
SERVER_PID=
stop_server() {
    if [[ -n "$SERVER_PID" ]]; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
        SERVER_PID=
    fi
}
trap stop_server EXIT
"$CONFORMANCE_SERVER" "$PORT" >"$LOGS/conformance-server.log" 2>&1 &
SERVER_PID=$!
listening=false
for _ in $(seq 1 300); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then listening=true; break; fi
    sleep 0.1
done
if ! $listening; then
    tail -n 30 "$LOGS/conformance-server.log"
    TOTAL_FAILED=$((TOTAL_FAILED + ${#SCENARIOS[@]}))
    SUMMARY+=("FAIL  conformance $CONFORMANCE_VERSION: conformance_server did not listen on 127.0.0.1:$PORT (log: $LOGS/conformance-server.log)")
else
    conf_passed=0
    conf_failed=0
    for scenario in "${SCENARIOS[@]}"; do
        out="$LOGS/conformance-$scenario.log"
        status=0
        timeout "$JUDGE_TIMEOUT" "$NODE" "$NPM_DIR/node_modules/.bin/conformance" server \
            --url "http://localhost:$PORT/mcp" --scenario "$scenario" >"$out" 2>&1 || status=$?
        counts=$(grep -E '^Passed: ' "$out" | tail -n 1 || true)
        if (( status == 0 )); then
            conf_passed=$((conf_passed + 1))
            echo "PASS conformance $scenario (${counts:-no counts printed})"
        else
            conf_failed=$((conf_failed + 1))
            echo "FAIL conformance $scenario (exit $status; ${counts:-no counts printed})"
            sed 's/^/     /' "$out" | tail -n 40
        fi
    done
    TOTAL_PASSED=$((TOTAL_PASSED + conf_passed))
    TOTAL_FAILED=$((TOTAL_FAILED + conf_failed))
    if (( conf_failed == 0 )); then
        SUMMARY+=("PASS  conformance $CONFORMANCE_VERSION (Streamable HTTP, its TypeScript SDK client on protocol 2025-11-25): $conf_passed scenarios passed")
    else
        SUMMARY+=("FAIL  conformance $CONFORMANCE_VERSION (Streamable HTTP, its TypeScript SDK client on protocol 2025-11-25): $conf_passed passed, $conf_failed failed (logs: $LOGS/conformance-*.log)")
    fi
fi
stop_server

# ---- protocol 2026-07-28: the pre-release judges, pinned in next/ ----

NEXT_DIR="$CACHE/npm-next"
NEXT_STAMP="$NEXT_DIR/installed.stamp"
next_pins() { sha256sum "$HERE/next/package.json" "$HERE/next/package-lock.json" | cut -d' ' -f1; }
if [[ ! -f "$NEXT_STAMP" || "$(cat "$NEXT_STAMP")" != "$(next_pins)" ]]; then
    log "judges for 2026-07-28: installing into $NEXT_DIR (npm: @modelcontextprotocol/conformance@$CONFORMANCE_NEXT_VERSION, @modelcontextprotocol/client@$CLIENT_V2_VERSION)"
    rm -rf "$NEXT_DIR"
    mkdir -p "$NEXT_DIR"
    cp "$HERE/next/package.json" "$HERE/next/package-lock.json" "$NEXT_DIR/"
    npm install --prefix "$NEXT_DIR" --save-exact --no-audit --no-fund >"$LOGS/npm-install-next.log" 2>&1 ||
        { tail -n 40 "$LOGS/npm-install-next.log" >&2; die "npm install of the 2026-07-28 judges failed (log: $LOGS/npm-install-next.log)"; }
    next_pins >"$NEXT_STAMP"
fi
CONFORMANCE_NEXT="$NEXT_DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js"

log "judge 5: conformance $CONFORMANCE_NEXT_VERSION input-required scenarios (protocol 2026-07-28) over Streamable HTTP -> conformance_server"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$CONFORMANCE_SERVER" "$PORT" >"$LOGS/conformance-next-server.log" 2>&1 &
SERVER_PID=$!
listening=false
for _ in $(seq 1 300); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then listening=true; break; fi
    sleep 0.1
done
if ! $listening; then
    tail -n 30 "$LOGS/conformance-next-server.log"
    TOTAL_FAILED=$((TOTAL_FAILED + ${#SCENARIOS_2026[@]}))
    SUMMARY+=("FAIL  conformance $CONFORMANCE_NEXT_VERSION: conformance_server did not listen on 127.0.0.1:$PORT")
else
    next_passed=0
    next_failed=0
    next_warnings=0
    for scenario in "${SCENARIOS_2026[@]}"; do
        out="$LOGS/conformance-next-$scenario.log"
        status=0
        timeout "$JUDGE_TIMEOUT" "$NODE" "$CONFORMANCE_NEXT" server --url "http://localhost:$PORT/mcp" --scenario "$scenario" >"$out" 2>&1 || status=$?
        counts=$(grep -E '^Passed: ' "$out" | tail -n 1 || true)
        # A failed check (wire-schema-valid included) makes the suite exit non-zero;
        # a check that fails must also show in the counts.
        if (( status == 0 )) && [[ "$counts" == *" 0 failed"* ]]; then
            next_passed=$((next_passed + 1))
            [[ "$counts" == *" 0 warnings"* ]] || next_warnings=$((next_warnings + 1))
            echo "PASS conformance-next $scenario ($counts)"
        else
            next_failed=$((next_failed + 1))
            echo "FAIL conformance-next $scenario (exit $status; ${counts:-no counts printed})"
            sed 's/^/     /' "$out" | tail -n 40
        fi
    done
    TOTAL_PASSED=$((TOTAL_PASSED + next_passed))
    TOTAL_FAILED=$((TOTAL_FAILED + next_failed))
    if (( next_failed == 0 )); then
        SUMMARY+=("PASS  conformance $CONFORMANCE_NEXT_VERSION (protocol 2026-07-28, Streamable HTTP): $next_passed of ${#SCENARIOS_2026[@]} input-required scenarios passed ($next_warnings with warnings; logs: $LOGS/conformance-next-*.log)")
    else
        SUMMARY+=("FAIL  conformance $CONFORMANCE_NEXT_VERSION (protocol 2026-07-28, Streamable HTTP): $next_passed passed, $next_failed failed (logs: $LOGS/conformance-next-*.log)")
    fi
fi
stop_server

# ---- judge 5b: the TypeScript client v2 on 2026-07-28 (ts2_client.mjs) ----
log "judge 5b: TypeScript client v2 @modelcontextprotocol/client $CLIENT_V2_VERSION over stdio, protocol 2026-07-28 (InputRequiredResult rounds) -> stdio_server"
# (next to next/'s node_modules; the official schema is the copy the runtime embeds)
cp "$HERE/ts2_client.mjs" "$HERE/forms.mjs" "$HERE/spec.mjs" "$NEXT_DIR/"
run_client "TypeScript client v2 $CLIENT_V2_VERSION (stdio, protocol 2026-07-28, InputRequiredResults checked against the official schema)" \
    "$LOGS/ts2-client.log" \
    "$NODE" "$NEXT_DIR/ts2_client.mjs" --spec "$ROOT/elicit-runtime/spec/2026-07-28/schema.json" "$STDIO_SERVER"
# Judge 1c's author's words on 2026-07-28, through the client v2.
cp "$HERE/ts_words_client.mjs" "$NEXT_DIR/"
run_client "Words: TypeScript client v2 $CLIENT_V2_VERSION (stdio, protocol 2026-07-28, ko-KR and fr-FR)" "$LOGS/ts2-words-client.log" \
    "$NODE" "$NEXT_DIR/ts_words_client.mjs" --v2 --snapshots "$ROOT/tests/snapshots/words" "$WORDS_SERVER"
# ---- end of judge 5b ----

log "judge 6: URL mode: TypeScript SDK $SDK_VERSION client$BROWSER_NOTE over stdio, protocol 2025-11-25 -> stdio_server connect_api_key, require_api_key"
# (next to node_modules, as ts_client.mjs)
cp "$HERE/ts_url_client.mjs" "$HERE/browser.mjs" "$NPM_DIR/"
run_client "URL mode: TypeScript SDK $SDK_VERSION client$BROWSER_NOTE (stdio, protocol 2025-11-25; screenshots: $LOGS/browser-*.png)" \
    "$LOGS/ts-url-client.log" "$NODE" "$NPM_DIR/ts_url_client.mjs" --logs "$LOGS" "${BROWSER_ARGS[@]}" "$STDIO_SERVER"

for protocol in 2025-11-25 2026-07-28; do
    log "judge 7: URL mode: Python SDK mcp $MCP_PY_VERSION client over stdio, protocol $protocol, the page by HTTP POST -> stdio_server"
    URL_SPEC_ARGS=()
    URL_SPEC_NOTE="shape only: no official schema in elicit-runtime/spec"
    if [[ -f "$ROOT/elicit-runtime/spec/$protocol/schema.json" ]]; then
        URL_SPEC_ARGS=(--spec-dir "$ROOT/elicit-runtime/spec")
        URL_SPEC_NOTE="checked against the official schema"
    fi
    run_client "URL mode: Python SDK mcp $MCP_PY_VERSION client (stdio, protocol $protocol, messages $URL_SPEC_NOTE)" \
        "$LOGS/py-url-client-$protocol.log" "$PYTHON" "$HERE/py_url_client.py" --protocol "$protocol" "${URL_SPEC_ARGS[@]}" "$STDIO_SERVER"
done

# ---- judge 7b: the page of #[elicit(page)] forms in a browser (page_browser.mjs) ----
PAGE_SERVER="$TARGET_DIR/debug/page_server"
if (( ${#BROWSER_ARGS[@]} == 0 )); then
    log "judge 7b: the page of #[elicit(page)] forms: Chromium through WebDriver -> page_server (another origin on a second loopback port)"
    cp "$HERE/page_browser.mjs" "$HERE/browser.mjs" "$NPM_DIR/"
    run_client "the page of #[elicit(page)] forms in Chromium (every field kind, invalid and valid answers, a second submit, another user, expiry, framing, a cross-origin POST, no CSRF token; screenshots: $LOGS/page-*.png)" \
        "$LOGS/page-browser.log" "$NODE" "$NPM_DIR/page_browser.mjs" --logs "$LOGS" "$PAGE_SERVER"
else
    # Without a browser there is nothing to judge: one failed check, not a silent pass.
    TOTAL_FAILED=$((TOTAL_FAILED + 1))
    SUMMARY+=("FAIL  the page of #[elicit(page)] forms: no Chromium here (needs apt-get: chromium chromium-driver)")
fi
# ---- end of judge 7b ----

# ---- judge 8: the shared store on a real Redis (tests/tests/stores.rs, deployment.rs) ----
if ! command -v redis-server >/dev/null; then
    command -v apt-get >/dev/null || die "needs redis-server for judge 8 (no apt-get here to install it)"
    SUDO=()
    if (( EUID != 0 )); then
        command -v sudo >/dev/null && sudo -n true 2>/dev/null || die "needs redis-server: apt-get install -y redis-server (as root)"
        SUDO=(sudo -n)
    fi
    log "redis: installing redis-server with apt-get"
    { "${SUDO[@]}" apt-get update && DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y --no-install-recommends redis-server; } \
        >"$LOGS/apt-install-redis.log" 2>&1 ||
        { tail -n 30 "$LOGS/apt-install-redis.log" >&2; die "apt-get install redis-server failed (log: $LOGS/apt-install-redis.log)"; }
fi
log "judge 8: the interaction store on $(redis-server --version | cut -d' ' -f1-3): one contract for both stores, two instances, Redis stopped mid-flow"
# The test binary's "test NAME ... ok|FAILED" lines, as the judges' PASS/FAIL and RESULT lines.
# Built as CI's test stage builds them (`--workspace --all-features`: the same features,
# so the same binaries, not a rebuild of the runtime and the tests for `-p elicit-tests`).
STORES_JUDGE='set -o pipefail
ELICIT_REQUIRE_REDIS=1 cargo test --workspace --all-features --test stores --test deployment 2>&1 |
    awk '"'"'/^test .* \.\.\. ok$/ { print "PASS " $2; p++ } /^test .* \.\.\. FAILED$/ { print "FAIL " $2; f++ } { print > "/dev/stderr" }
         END { if (p + f > 0) printf "RESULT passed=%d failed=%d\n", p, f }'"'"
run_client "the interaction store on a real Redis (tests/tests/stores.rs, two instances, restarts; tests/tests/deployment.rs, two instances behind one address on every revision)" "$LOGS/stores.log" bash -c "$STORES_JUDGE"
# ---- end of judge 8 ----

# ---- judge 9: a client that cannot ask, and the model relays (py_model_client.py) ----
for protocol in 2025-11-25 2026-07-28; do
    log "judge 9: no elicitation capability: Python SDK mcp $MCP_PY_VERSION client, protocol $protocol, a script playing the model -> stdio_server --relay-through-model"
    run_client "no elicitation capability, the model relays: Python SDK mcp $MCP_PY_VERSION client (stdio, protocol $protocol)" \
        "$LOGS/py-model-client-$protocol.log" "$PYTHON" "$HERE/py_model_client.py" --protocol "$protocol" "$STDIO_SERVER"
done
# ---- end of judge 9 ----

# ---- judge 11: the seed drafts as dialects (dialects.py) ----
log "judge 11: the seed drafts: a raw JSON-RPC client of each dialect -> stdio_server"
run_client "the seed drafts as dialects: interaction/create (seed 000) and elicitation/track (seed 002), raw JSON-RPC" \
    "$LOGS/dialects.log" "$PYTHON" "$HERE/dialects.py" --schemas "$ROOT/tests/dialects" "$STDIO_SERVER"
# ---- end of judge 11 ----

# ---- judge 12: third-party client frameworks with their own elicitation handlers ----
# Each in its own directory of the cache, installed from its pins once and reused while
# they match. The server runs behind wiretap.py; the wire logs stay in the logs directory.
FASTMCP_VENV="$CACHE/py-fastmcp"
FASTMCP_STAMP="$FASTMCP_VENV/installed.stamp"
fastmcp_pins() { sha256sum "$HERE/requirements-fastmcp.txt" | cut -d' ' -f1; python3 -c 'import sys; print(sys.version)'; }
if [[ ! -f "$FASTMCP_STAMP" || "$(cat "$FASTMCP_STAMP")" != "$(fastmcp_pins)" ]] ||
    [[ "$("$FASTMCP_VENV/bin/python" -c 'from importlib.metadata import version; print(version("fastmcp"))' 2>/dev/null)" != "$FASTMCP_VERSION" ]]; then
    log "third-party judges: installing into $FASTMCP_VENV (PyPI: fastmcp==$FASTMCP_VERSION)"
    rm -rf "$FASTMCP_VENV"
    { python3 -m venv "$FASTMCP_VENV" &&
        "$FASTMCP_VENV/bin/python" -m pip install --disable-pip-version-check --no-input -r "$HERE/requirements-fastmcp.txt"; } \
        >"$LOGS/pip-install-fastmcp.log" 2>&1 ||
        { tail -n 40 "$LOGS/pip-install-fastmcp.log" >&2; die "pip install of the FastMCP judge failed (log: $LOGS/pip-install-fastmcp.log)"; }
    fastmcp_pins >"$FASTMCP_STAMP"
fi
# npm_judge DIR PINS_DIR WHAT: installs the package.json and package-lock.json of PINS_DIR
# into DIR, unless DIR's stamp says they are installed already.
npm_judge() {
    local dir=$1 pins_dir=$2 what=$3 stamp="$1/installed.stamp" pins
    pins=$(sha256sum "$pins_dir/package.json" "$pins_dir/package-lock.json" | cut -d' ' -f1)
    [[ -f "$stamp" && "$(cat "$stamp")" == "$pins" ]] && return 0
    local name
    name=$(basename "$dir")
    log "third-party judges: installing into $dir (npm: $what)"
    rm -rf "$dir"
    mkdir -p "$dir"
    cp "$pins_dir/package.json" "$pins_dir/package-lock.json" "$dir/"
    npm install --prefix "$dir" --save-exact --no-audit --no-fund >"$LOGS/npm-install-$name.log" 2>&1 ||
        { tail -n 40 "$LOGS/npm-install-$name.log" >&2; die "npm install of $what failed (log: $LOGS/npm-install-$name.log)"; }
    echo "$pins" >"$stamp"
}
AI_SDK_DIR="$CACHE/npm-ai-sdk"
npm_judge "$AI_SDK_DIR" "$HERE/ai-sdk" "@ai-sdk/mcp@$AI_SDK_MCP_VERSION"
MASTRA_DIR="$CACHE/npm-mastra"
npm_judge "$MASTRA_DIR" "$HERE/mastra" "@mastra/mcp@$MASTRA_MCP_VERSION with its peer @mastra/core"

for protocol in 2025-06-18 2025-11-25 2026-07-28; do
    note=""
    [[ "$protocol" == 2025-06-18 ]] && note=", offered by patching the SDK constant: FastMCP offers 2025-11-25"
    log "judge 12: FastMCP $FASTMCP_VERSION's Client with its elicitation handler over stdio, protocol $protocol$note -> stdio_server"
    run_client "third-party: FastMCP $FASTMCP_VERSION Client, its elicitation handler typed and dict (stdio, protocol $protocol$note)" \
        "$LOGS/fastmcp-client-$protocol.log" \
        "$FASTMCP_VENV/bin/python" "$HERE/fastmcp_client.py" --protocol "$protocol" --wire "$LOGS/fastmcp-wire-$protocol.jsonl" "$STDIO_SERVER"
done
# (each next to its node_modules, with third_party.mjs; Node 22 is the main cache's)
cp "$HERE/ai_sdk_client.mjs" "$HERE/third_party.mjs" "$AI_SDK_DIR/"
cp "$HERE/mastra_client.mjs" "$HERE/third_party.mjs" "$MASTRA_DIR/"
for protocol in 2025-11-25 2026-07-28; do
    log "judge 12: AI SDK @ai-sdk/mcp $AI_SDK_MCP_VERSION client with its elicitation handler over stdio, protocol $protocol -> stdio_server"
    run_client "third-party: AI SDK @ai-sdk/mcp $AI_SDK_MCP_VERSION client, its onElicitationRequest handler (stdio, protocol $protocol)" \
        "$LOGS/ai-sdk-client-$protocol.log" \
        "$NODE" "$AI_SDK_DIR/ai_sdk_client.mjs" --protocol "$protocol" --wire "$LOGS/ai-sdk-wire-$protocol.jsonl" \
        --python "$PYTHON" --wiretap "$HERE/wiretap.py" "$STDIO_SERVER"
    log "judge 12: Mastra @mastra/mcp $MASTRA_MCP_VERSION MCPClient with its elicitation handler over stdio, protocol $protocol -> stdio_server"
    run_client "third-party: Mastra @mastra/mcp $MASTRA_MCP_VERSION MCPClient, its inputRequests handler, tools run as an agent runs them (stdio, protocol $protocol)" \
        "$LOGS/mastra-client-$protocol.log" \
        "$NODE" "$MASTRA_DIR/mastra_client.mjs" --protocol "$protocol" --wire "$LOGS/mastra-wire-$protocol.jsonl" \
        --python "$PYTHON" --wiretap "$HERE/wiretap.py" "$STDIO_SERVER"
done
# ---- end of judge 12 ----

# ---- the MCP Inspector, started the way the README says (tests/interop/inspector.sh) ----
log "MCP Inspector: the pinned Inspector's CLI and web UI (in Chromium) against the built stdio_server, protocol eras legacy (2025-11-25) and modern (2026-07-28)"
run_client "MCP Inspector (pinned in tests/interop/inspector/, stdio: its CLI lists the tools, its web UI in Chromium renders and answers deploy's form, on 2025-11-25 and 2026-07-28)" \
    "$LOGS/inspector.log" bash "$HERE/inspector.sh" --check
# ---- end of the MCP Inspector block ----

echo
log "interop summary"
printf '%s\n' "${SUMMARY[@]}"
echo "revisions: 2025-11-25 by the TypeScript SDK, the Python SDK and the conformance scenarios;"
echo "           2026-07-28 by the Python SDK, the TypeScript client v2 $CLIENT_V2_VERSION and the conformance"
echo "           $CONFORMANCE_NEXT_VERSION input-required scenarios (the TypeScript SDK $SDK_VERSION has no 2026-07-28);"
echo "           2025-06-18 by FastMCP $FASTMCP_VERSION only (offered by patching its SDK; no other judge offers it; the rmcp"
echo "           end-to-end tests of the test suite cover it too);"
echo "           third-party: FastMCP $FASTMCP_VERSION on 2025-06-18, 2025-11-25, 2026-07-28; @ai-sdk/mcp $AI_SDK_MCP_VERSION and"
echo "           @mastra/mcp $MASTRA_MCP_VERSION on 2025-11-25, 2026-07-28 (neither ever offers 2025-06-18);"
echo "           URL mode on 2025-11-25 by the TypeScript SDK (with the browser) and the Python SDK, on 2026-07-28 by the"
echo "           Python SDK, and on 2025-06-18 by the TypeScript SDK offering that revision (the tools say it cannot)"
echo "$TOTAL_PASSED passed, $TOTAL_FAILED failed"
(( TOTAL_FAILED == 0 ))
