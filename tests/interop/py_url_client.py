"""Judge: URL mode with the official Python SDK client (`mcp`, pinned in
requirements.txt) against stdio_server's `connect_api_key` and `require_api_key`, on
protocol 2025-11-25 or 2026-07-28. The page (the toolkit's page of the `#[elicit(page)]`
form, `/elicit/{id}`) is completed with a plain HTTP GET of its form, for the CSRF token,
and a POST, as the local user (no cookie), a moment after the client consents.

usage: python py_url_client.py --protocol 2025-11-25|2026-07-28 [--spec-dir DIR] <stdio_server>

- 2025-11-25 (`ClientSession`, which declares `elicitation: {form, url}`):
  require_api_key first fails with -32042 (read back as the SDK's
  `UrlElicitationRequiredError`); after the POST the retry says the key's last four.
  connect_api_key sends `elicitation/create` (mode "url", `elicitationId`, `url`); after
  the POST the server sends `notifications/elicitation/complete` with that id, then the
  result "stored an API key ending in …" and the last four.
- 2026-07-28 (`mcp.Client(mode="2026-07-28")` and its input-required driver): each tool
  answers with an `InputRequiredResult` carrying the URL-mode request; the client
  accepts and retries; until the page is done the server answers with state-only
  rounds (the driver backs off between them); then the result as above. No completion
  notification on this revision.

With --spec-dir (the directory of the official `<revision>/schema.json`), every URL-mode
message is validated against the official schema of its revision: the
`elicitation/create` request, the completion notification, the -32042 error
(2025-11-25); every `InputRequiredResult` and its `ElicitRequest` (2026-07-28). On
every revision no API key typed into the page appears in an MCP message.

It prints one "PASS ..." or "FAIL ..." line per check, "note: ..." lines for what is
worth knowing but not wrong, and a last line "RESULT passed=N failed=M".
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from contextlib import asynccontextmanager
from importlib.metadata import version
from typing import Any

from judge import check, finish
import anyio
from mcp import Client, ClientSession, MCPError, StdioServerParameters, UrlElicitationRequiredError, types
from mcp.client.context import ClientRequestContext
from mcp.client.stdio import stdio_client

MODERN = "2026-07-28"
LEGACY = "2025-11-25"
KEYS = {"require": "sk-py-require-Rq42", "connect": "sk-py-connect-Cn77"}
# How long after consenting the "user" submits the page: long enough that on
# 2026-07-28 the client retries at least once before the page is done.
SUBMIT_AFTER = 0.4




# ---- the official schema ----

validators: dict[str, Any] = {}


def load_spec(path: str) -> None:
    from jsonschema import Draft202012Validator

    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    for name, definition in schema["$defs"].items():
        root = {"$schema": schema.get("$schema"), "$defs": schema["$defs"], "$ref": f"#/$defs/{name}"}
        validators[name] = (definition, Draft202012Validator(root))


def schema_errors(name: str, value: Any, what: str) -> list[str]:
    if not validators:
        return []
    if name not in validators:
        return [f"the official schema has no $defs/{name}"]
    out = []
    for e in validators[name][1].iter_errors(value):
        where = "/" + "/".join(str(p) for p in e.absolute_path)
        out.append(f"{what} breaks the official schema's {name} at {where}: {e.message[:300]}")
    return out


# ---- the wire, tapped ----

wire: list[str] = []  # every message, both directions, as JSON text
incoming: list[dict] = []  # every message from the server, as sent


def dump(item: Any) -> dict | None:
    msg = getattr(item, "message", None)
    if msg is None:
        return None
    return msg.model_dump(mode="json", by_alias=True, exclude_unset=True)


@asynccontextmanager
async def tapped_stdio(server: StdioServerParameters):
    """stdio_client with a tap on both directions."""
    async with stdio_client(server) as (read, write):
        in_send, in_recv = anyio.create_memory_object_stream(100)
        out_send, out_recv = anyio.create_memory_object_stream(100)

        async def tap_in() -> None:
            async with in_send:
                async for item in read:
                    raw = dump(item)
                    if raw is not None:
                        incoming.append(copy.deepcopy(raw))
                        wire.append(json.dumps(raw))
                    await in_send.send(item)

        async def tap_out() -> None:
            async with out_recv:
                async for item in out_recv:
                    raw = dump(item)
                    if raw is not None:
                        wire.append(json.dumps(raw))
                    await write.send(item)

        async with anyio.create_task_group() as tg:
            tg.start_soon(tap_in)
            tg.start_soon(tap_out)
            try:
                yield in_recv, out_send
            finally:
                tg.cancel_scope.cancel()


def leaked() -> list[str]:
    return [key for key in KEYS.values() if any(key in m for m in wire)]


# ---- the page ----


def post_form(url: str, key: str) -> tuple[int, str]:
    """Submits the page's form at `url` (fetched first for its CSRF token), as the local user."""
    parsed = urllib.parse.urlsplit(url)
    origin = f"{parsed.scheme}://{parsed.netloc}"
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            shown = response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()
    token = re.search(r'name="__elicit_csrf" value="([^"]*)"', shown)
    body = urllib.parse.urlencode({"__elicit_csrf": token.group(1) if token else "", "key": key, "label": "interop"}).encode()
    request = urllib.request.Request(
        url,
        data=body,
        headers={"content-type": "application/x-www-form-urlencoded", "origin": origin},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


class Page:
    """Submits pages in the background, as a user would after consenting."""

    def __init__(self, tg: anyio.abc.TaskGroup) -> None:
        self.tg = tg
        self.key = ""
        self.expected = 0  # submissions started
        self.submitted: list[tuple[str, int, str]] = []  # url, status, outcome

    def open_later(self, url: str) -> None:
        key = self.key
        self.expected += 1

        async def submit() -> None:
            await anyio.sleep(SUBMIT_AFTER)
            status, html = await anyio.to_thread.run_sync(post_form, url, key)
            outcome = re.search(r'<main data-outcome="([^"]*)"', html)
            self.submitted.append((url, status, outcome.group(1) if outcome else html[:200]))

        self.tg.start_soon(submit)

    async def last(self) -> tuple[str, int, str] | None:
        """The last submission, once its answer is in (the tool may finish first)."""
        with anyio.move_on_after(10):
            while len(self.submitted) < self.expected:
                await anyio.sleep(0.02)
        return self.submitted[-1] if self.submitted else None


page: Page | None = None
action = "accept"
asked: list[dict] = []  # the URL-mode params the callback got


async def elicitation_callback(context: ClientRequestContext, params: types.ElicitRequestParams):
    asked.append(params.model_dump(by_alias=True, exclude_none=True))
    if isinstance(params, types.ElicitRequestURLParams) and action == "accept" and page is not None:
        page.open_later(params.url)
    return types.ElicitResult(action=action)


completions: list[types.ElicitCompleteNotification] = []


async def message_handler(message: Any) -> None:
    if isinstance(message, types.ElicitCompleteNotification):
        completions.append(message)


def text_of(result: types.CallToolResult) -> str:
    return "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))


def url_params_problems(params: Any, what: str, modern: bool) -> list[str]:
    out: list[str] = []
    if not isinstance(params, dict):
        return [f"{what}: params are {json.dumps(params)}"]
    if params.get("mode") != "url":
        out.append(f"{what}: mode is {json.dumps(params.get('mode'))}")
    url = urllib.parse.urlsplit(str(params.get("url", "")))
    ids = [url.path.removeprefix("/elicit/")]
    if url.scheme != "http" or url.hostname != "127.0.0.1" or not url.path.startswith("/elicit/") or url.query or not re.fullmatch(r"[0-9a-f]{64}", ids[0]):
        out.append(f"{what}: url {params.get('url')} is not the loopback page of an interaction")
    if not modern and params.get("elicitationId") != ids[0]:
        out.append(f"{what}: elicitationId {json.dumps(params.get('elicitationId'))} is not the url's interaction id")
    if not params.get("message") or "://" in params["message"]:
        out.append(f"{what}: message {json.dumps(params.get('message'))} is empty or holds a URL")
    return out


def since(n: int, method: str) -> list[dict]:
    return [m for m in incoming[n:] if m.get("method") == method]


# ---- 2025-11-25 ----


async def legacy(server: StdioServerParameters) -> None:
    global page
    async with tapped_stdio(server) as (read, write), anyio.create_task_group() as tg:
        page = Page(tg)
        async with ClientSession(read, write, elicitation_callback=elicitation_callback, message_handler=message_handler) as session:
            init = await session.initialize()
            print(f"py url: mcp {version('mcp')} on Python {sys.version.split()[0]}, negotiated {init.protocol_version}", flush=True)

            # require_api_key: -32042, the page, the retry.
            problems: list[str] = []
            mark = len(incoming)
            try:
                await session.call_tool("require_api_key", {})
                problems.append("the call did not fail")
            except MCPError as e:
                if e.code != -32042:
                    problems.append(f"error {e.code}: {e.message}")
                raw = [m for m in incoming[mark:] if "error" in m]
                problems.extend(schema_errors("URLElicitationRequiredError", raw[0] if raw else {}, "the -32042 error"))
                typed = UrlElicitationRequiredError.from_error(e.error)
                if len(typed.elicitations) != 1:
                    problems.append(f"{len(typed.elicitations)} elicitations")
                else:
                    wanted = typed.elicitations[0]
                    problems.extend(url_params_problems(wanted.model_dump(by_alias=True, exclude_none=True), "the error's elicitation", False))
                    status, html = await anyio.to_thread.run_sync(post_form, wanted.url, KEYS["require"])
                    if status != 200 or 'data-outcome="done"' not in html:
                        problems.append(f"the page answered {status}: {html[:200]}")
                    text = text_of(await session.call_tool("require_api_key", {}))
                    if f"ending in …{KEYS['require'][-4:]}" not in text:
                        problems.append(f"the retry said {json.dumps(text)}")
            if since(mark, "elicitation/create"):
                problems.append("an elicitation/create was sent: -32042 should carry it")
            check(f"py url {LEGACY} require_api_key: -32042 (UrlElicitationRequiredError), page, retry", problems)

            # connect_api_key: elicitation/create, the page, the notification, the result.
            problems = []
            mark = len(incoming)
            page.key = KEYS["connect"]
            result = await session.call_tool("connect_api_key", {})
            requests = since(mark, "elicitation/create")
            notes = since(mark, "notifications/elicitation/complete")
            if len(requests) != 1:
                problems.append(f"{len(requests)} elicitation/create requests")
            else:
                problems.extend(schema_errors("ElicitRequest", requests[0], "elicitation/create"))
                params = requests[0].get("params") or {}
                problems.extend(url_params_problems(params, "elicitation/create", False))
                if asked[-1].get("elicitationId") != params.get("elicitationId"):
                    problems.append("the callback got another elicitationId")
                if len(notes) != 1 or (notes[0].get("params") or {}).get("elicitationId") != params.get("elicitationId"):
                    problems.append(f"completion notifications {json.dumps(notes)}, wanted one for {params.get('elicitationId')}")
                else:
                    problems.extend(schema_errors("ElicitationCompleteNotification", notes[0], "the notification"))
                    if not completions or completions[-1].params.elicitation_id != params.get("elicitationId"):
                        problems.append("the SDK did not hand the notification to the message handler")
            text = text_of(result)
            if result.is_error or text != f"stored an API key ending in …{KEYS['connect'][-4:]}":
                problems.append(f"the tool said {json.dumps(text)}")
            submitted = await page.last()
            if not submitted or submitted[1:] != (200, "done"):
                problems.append(f"the page: {submitted}")
            check(f"py url {LEGACY} connect_api_key: elicitationId, page, notifications/elicitation/complete", problems)
        tg.cancel_scope.cancel()


# ---- 2026-07-28 ----


def rounds_problems(mark: int, key: str) -> tuple[list[str], int]:
    """The InputRequiredResults since `mark`: valid, one URL-mode request, then state-only."""
    problems: list[str] = []
    results = [m["result"] for m in incoming[mark:] if isinstance(m.get("result"), dict) and m["result"].get("resultType") == "input_required"]
    if not results:
        return ["no InputRequiredResult"], 0
    state_only = 0
    for i, result in enumerate(results, 1):
        problems.extend(schema_errors("InputRequiredResult", result, f"InputRequiredResult #{i}"))
        if not result.get("requestState"):
            problems.append(f"InputRequiredResult #{i} has no requestState")
        requests = result.get("inputRequests") or {}
        if not requests:
            state_only += 1
        for name, request in requests.items():
            problems.extend(schema_errors("ElicitRequest", request, f"InputRequiredResult #{i} inputRequests.{name}"))
            if request.get("method") != "elicitation/create":
                problems.append(f"inputRequests.{name} is {request.get('method')}")
            problems.extend(url_params_problems(request.get("params"), f"InputRequiredResult #{i} inputRequests.{name}", True))
            elicitation_id = (request.get("params") or {}).get("elicitationId")
            if elicitation_id is not None:
                print(
                    f"note: {key}: the URL-mode request carries \"elicitationId\": {json.dumps(elicitation_id)}, which 2026-07-28 "
                    "does not have (rmcp 3.9's typed params always write it; the schema allows extra keys)",
                    flush=True,
                )
    if len(results) - state_only != 1:
        problems.append(f"{len(results) - state_only} rounds asked for the page, not 1")
    if state_only == 0:
        problems.append("no state-only round: the page was done before the retry looked?")
    return problems, len(results)


async def modern(server: StdioServerParameters) -> None:
    global page
    async with anyio.create_task_group() as tg:
        page = Page(tg)
        async with Client(
            tapped_stdio(server),
            mode=MODERN,
            elicitation_callback=elicitation_callback,
            message_handler=message_handler,
            # State-only rounds come every 50-250 ms while the page is open.
            input_required_max_rounds=200,
        ) as client:
            print(f"py url: mcp {version('mcp')} on Python {sys.version.split()[0]}, mcp.Client(mode={MODERN!r}), protocol {client.protocol_version}", flush=True)
            for tool, key in (("require_api_key", "require"), ("connect_api_key", "connect")):
                problems: list[str] = []
                mark = len(incoming)
                page.key = KEYS[key]
                try:
                    result = await client.call_tool(tool, {})
                    text = text_of(result)
                    if result.is_error or f"ending in …{KEYS[key][-4:]}" not in text:
                        problems.append(f"the tool said {json.dumps(text)}")
                except Exception as e:  # noqa: BLE001 - any failure is the check's
                    problems.append(f"tools/call failed: {e!r}")
                more, n = rounds_problems(mark, tool)
                problems.extend(more)
                if since(mark, "notifications/elicitation/complete"):
                    problems.append("a completion notification came (2026-07-28 has none)")
                submitted = await page.last()
                if not submitted or submitted[1:] != (200, "done"):
                    problems.append(f"the page: {submitted}")
                check(f"py url {MODERN} {tool}: URL-mode request in an InputRequiredResult, page, {n} rounds", problems)

            problems = []
            global action
            action = "decline"
            result = await client.call_tool("connect_api_key", {})
            if not re.search("declin", text_of(result), re.I):
                problems.append(f"the tool said {json.dumps(text_of(result))}")
            check(f"py url {MODERN} connect_api_key decline", problems)
        tg.cancel_scope.cancel()


parser = argparse.ArgumentParser(description="URL mode with the official Python SDK client.")
parser.add_argument("--protocol", choices=[LEGACY, MODERN], default=LEGACY)
parser.add_argument("--spec-dir", help="the directory of the official <revision>/schema.json")
parser.add_argument("server", help="the stdio_server binary")
args = parser.parse_args()
try:
    if args.spec_dir:
        load_spec(f"{args.spec_dir}/{args.protocol}/schema.json")
    params = StdioServerParameters(command=args.server, args=["--page-wait-secs", "30"])
    anyio.run(modern if args.protocol == MODERN else legacy, params)
    check(f"py url {args.protocol} no API key typed into the page appears in an MCP message", [f"leaked {k}" for k in leaked()])
except BaseException as e:  # noqa: BLE001 - report anything as a failed check
    if isinstance(e, KeyboardInterrupt):
        raise
    check(f"py url {args.protocol} session", [repr(e)])
finish()
