"""Judge 2: the official Python SDK client (`mcp`, pinned in requirements.txt) against an
elicit stdio server.

usage: python py_client.py <server-binary> [args...]

It lists the server's tools and calls every tool three times, answering every
elicitation/create of the call with accept (content made from the requestedSchema it
received), decline, then cancel. The Python SDK is lax on the schema, so the key check
is that the raw params (seen by a tap on the stdio read stream) equal the params given
to the elicitation callback, apart from the `mode: "form"` default it adds. A call
passes when:
  - the server sent at least one elicitation/create and the callback got each one,
  - the raw params equal the callback's params (no key stripped or changed),
  - the tool result is not an error and shows the outcome: every accepted value, or
    "declined" / "cancelled".
It prints one "PASS ..." or "FAIL ..." line per check and a last line
"RESULT passed=N failed=M"; it exits non-zero if any check failed.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from importlib.metadata import version
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.context import ClientRequestContext
from mcp.client.stdio import stdio_client
from mcp.types.version import LATEST_HANDSHAKE_VERSION

passed = 0
failed = 0


def check(name: str, problems: list[str]) -> None:
    global passed, failed
    if not problems:
        passed += 1
        print(f"PASS {name}", flush=True)
    else:
        failed += 1
        print(f"FAIL {name}", flush=True)
        for p in problems:
            print(f"     {p}", flush=True)


# ---- content for "accept", made from the received requestedSchema alone ----

SAMPLE_TEXT = "Interop sample"


def fit_length(s: str, schema: dict) -> str:
    out = s
    while len(out) < schema.get("minLength", 0):
        out += "x"
    if "maxLength" in schema and len(out) > schema["maxLength"]:
        out = out[: schema["maxLength"]]
    return out


def sample_string(schema: dict) -> str:
    fmt = schema.get("format")
    minimum = schema.get("minLength", 0)
    if fmt == "email":
        local, domain = "interop", "@example.com"
        while len(local) + len(domain) < minimum:
            local += "x"
        return local + domain
    if fmt == "uri":
        u = "https://example.com/interop"
        while len(u) < minimum:
            u += "x"
        return u
    if fmt == "date":
        return "2025-03-14"
    if fmt == "date-time":
        return "2025-03-14T15:09:26Z"
    return fit_length(SAMPLE_TEXT, schema)


def sample_number(schema: dict) -> int | float:
    integer = schema.get("type") == "integer"
    v: int | float = 7 if integer else 7.5
    if "minimum" in schema and v < schema["minimum"]:
        v = math.ceil(schema["minimum"]) if integer else schema["minimum"]
    if "maximum" in schema and v > schema["maximum"]:
        v = math.floor(schema["maximum"]) if integer else schema["maximum"]
    return v


def options(schema: dict) -> list | None:
    if isinstance(schema.get("enum"), list):
        return schema["enum"]
    for key in ("oneOf", "anyOf"):
        if isinstance(schema.get(key), list):
            return [o.get("const") for o in schema[key]]
    return None


def sample_value(schema: Any) -> Any:
    if not isinstance(schema, dict):
        schema = {}
    if "default" in schema:
        return schema["default"]
    if schema.get("type") == "array":
        opts = options(schema.get("items") or {}) or []
        n = max(schema.get("minItems", 1), 1)
        if "maxItems" in schema:
            n = min(n, schema["maxItems"])
        return opts[:n]
    opts = options(schema)
    if opts:
        return opts[0]
    t = schema.get("type")
    if t == "boolean":
        return True
    if t in ("integer", "number"):
        return sample_number(schema)
    return sample_string(schema)


def sample_content(requested_schema: dict) -> dict:
    props = (requested_schema or {}).get("properties") or {}
    return {name: sample_value(s) for name, s in props.items()}


def tool_arguments(tool: types.Tool) -> dict:
    schema = tool.input_schema or {}
    props = schema.get("properties") or {}
    return {name: sample_value(props.get(name) or {}) for name in schema.get("required") or []}


# ---- comparisons ----


def diff(raw: Any, parsed: Any, path: str = "") -> list[str]:
    out: list[str] = []
    if isinstance(raw, dict):
        for k, v in raw.items():
            if not (isinstance(parsed, dict) and k in parsed):
                out.append(f"stripped {path}/{k}")
            else:
                out.extend(diff(v, parsed[k], f"{path}/{k}"))
    elif isinstance(raw, list):
        if not isinstance(parsed, list):
            out.append(f"changed {path}: {json.dumps(raw)} -> {json.dumps(parsed)}")
        else:
            for i, x in enumerate(raw):
                out.extend(diff(x, parsed[i] if i < len(parsed) else None, f"{path}/{i}"))
    elif raw != parsed or isinstance(raw, bool) != isinstance(parsed, bool):
        out.append(f"changed {path}: {json.dumps(raw)} -> {json.dumps(parsed, default=str)}")
    return out


def extra_keys(raw: Any, parsed: Any, path: str = "") -> list[str]:
    """Keys the callback got that were not sent (other than the `mode` default)."""
    out: list[str] = []
    if isinstance(parsed, dict) and isinstance(raw, dict):
        for k, v in parsed.items():
            if k not in raw:
                if not (path == "" and k == "mode" and v == "form"):
                    out.append(f"added {path}/{k}")
            else:
                out.extend(extra_keys(raw[k], v, f"{path}/{k}"))
    return out


def squash(s: Any) -> str:
    return re.sub(r"[^a-z0-9]", "", str(s).lower())


def shows(text: str, value: Any) -> bool:
    if str(value) in text:
        return True
    s = squash(value)
    return len(s) > 0 and s in squash(text)


def expected_in_text(content: dict) -> list[tuple[str, Any]]:
    out = []
    for k, v in content.items():
        items = [(f"{k}[{i}]", x) for i, x in enumerate(v)] if isinstance(v, list) else [(k, v)]
        for path, x in items:
            if isinstance(x, str) or (isinstance(x, int) and not isinstance(x, bool)):
                out.append((path, x))
    return out


def text_of(result: types.CallToolResult) -> str:
    return "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))


# ---- the session ----

raw: dict[Any, dict] = {}  # request id -> raw params of elicitation/create
received: dict[Any, dict] = {}  # request id -> params the callback got
answers: dict[Any, dict] = {}
action = "accept"


async def elicitation_callback(context: ClientRequestContext, params: types.ElicitRequestParams):
    dumped = params.model_dump(by_alias=True, exclude_none=True)
    received[context.request_id] = dumped
    if action == "accept":
        schema = dumped.get("requestedSchema") or {}
        answer = types.ElicitResult(action="accept", content=sample_content(schema))
    else:
        answer = types.ElicitResult(action=action)
    answers[context.request_id] = answer.model_dump(by_alias=True, exclude_none=True)
    return answer


async def call_once(session: ClientSession, tool: types.Tool, act: str) -> None:
    global action
    action = act
    name = f"py {tool.name} {act}"
    problems: list[str] = []
    before = set(raw)
    result = None
    try:
        result = await session.call_tool(tool.name, tool_arguments(tool))
    except Exception as e:  # an MCP error answer, a timeout...
        problems.append(f"tools/call failed: {e!r}")
    ids = [i for i in raw if i not in before]
    if not ids:
        problems.append("the server sent no elicitation/create")
    accepted = []
    for rid in ids:
        sent, got = raw[rid], received.get(rid)
        if got is None:
            problems.append(f"the callback never got elicitation/create #{rid}: {json.dumps(sent)}")
            continue
        for d in diff(sent, got) + extra_keys(sent, got):
            problems.append(f"elicitation/create #{rid}: {d}")
        content = answers.get(rid, {}).get("content")
        if content:
            accepted.append(content)
    if result is not None:
        text = text_of(result)
        if result.is_error:
            problems.append(f"the tool returned an error: {text}")
        elif act == "accept":
            for content in accepted:
                for path, v in expected_in_text(content):
                    if not shows(text, v):
                        problems.append(f"the result does not show {path} = {json.dumps(v)}")
        elif act == "decline" and not re.search("declin", text, re.I):
            problems.append("the result does not say declined")
        elif act == "cancel" and not re.search("cancel", text, re.I):
            problems.append("the result does not say cancelled")
        if problems:
            problems.append(f"result text: {json.dumps(text)}")
    notes = []
    for rid in ids:
        if os.environ.get("INTEROP_VERBOSE"):
            notes.append(f"elicitation/create #{rid}: {json.dumps(raw[rid])}")
        if rid in answers:
            notes.append(f"answer to #{rid}: {json.dumps(answers[rid])}")
    if problems:
        problems.extend(notes)
    check(name, problems)
    if not problems and os.environ.get("INTEROP_VERBOSE"):
        for n in notes:
            print(f"     {n}", flush=True)


async def main() -> None:
    server = StdioServerParameters(command=sys.argv[1], args=sys.argv[2:])
    async with stdio_client(server) as (read, write):
        send, recv = anyio.create_memory_object_stream(100)

        async def tap() -> None:
            # Sees every message before the session parses it: the params of a request
            # are a plain dict here.
            async with send:
                async for item in read:  # SessionMessage | Exception
                    msg = getattr(item, "message", None)
                    if msg is not None and getattr(msg, "method", None) == "elicitation/create":
                        raw[msg.id] = json.loads(json.dumps(msg.params))
                    await send.send(item)

        async with anyio.create_task_group() as tg:
            tg.start_soon(tap)
            async with ClientSession(recv, write, elicitation_callback=elicitation_callback) as session:
                init = await session.initialize()
                print(
                    f"py: mcp {version('mcp')} on Python {sys.version.split()[0]}, "
                    f"offered {LATEST_HANDSHAKE_VERSION}, negotiated {init.protocol_version}",
                    flush=True,
                )
                tools = (await session.list_tools()).tools
                check(f"py tools/list ({', '.join(t.name for t in tools)})", [] if tools else ["no tools"])
                for tool in tools:
                    for act in ("accept", "decline", "cancel"):
                        await call_once(session, tool, act)
            tg.cancel_scope.cancel()


if len(sys.argv) < 2:
    print("usage: python py_client.py <server-binary> [args...]", file=sys.stderr)
    sys.exit(2)
try:
    anyio.run(main)
except BaseException as e:  # noqa: BLE001 - report anything as a failed check
    if isinstance(e, KeyboardInterrupt):
        raise
    check("py session", [repr(e)])
print(f"RESULT passed={passed} failed={failed}", flush=True)
sys.exit(1 if failed else 0)
