"""Judge 2: the official Python SDK client (`mcp`, pinned in requirements.txt) against an
elicit stdio server, on protocol 2025-11-25 or 2026-07-28.

usage: python py_client.py [--protocol 2025-11-25|2026-07-28] [--spec SCHEMA_JSON]
                           <server-binary> [args...]

It lists the server's tools and calls every tool three times, answering every form of
the call with accept (content made from the requestedSchema it received), decline, then
cancel.

- 2025-11-25 (the default): `ClientSession` with the initialize handshake; the server
  sends `elicitation/create` requests during the call.
- 2026-07-28: the high-level `mcp.Client(..., mode="2026-07-28")`, which has no
  handshake; the server answers the call with an `InputRequiredResult` carrying the
  forms and a `requestState`, and the SDK's input-required driver calls the elicitation
  callback for each input request and retries the call with `inputResponses` and the
  echoed `requestState`.

The Python SDK is lax on the schema, so the key check is that the raw params (seen by a
tap on the stdio read stream) equal the params given to the elicitation callback, apart
from the `mode: "form"` default it adds. A call passes when:
  - the server asked at least once, and the callback got every form,
  - the raw params equal the callback's params (no key stripped or changed),
  - on 2026-07-28: every InputRequiredResult has the shape of the specification
    (`resultType: "input_required"`, `inputRequests` of form-mode `elicitation/create`
    requests, a non-empty `requestState`, nothing else; with --spec, valid against the
    official schema's `InputRequiredResult` and `ElicitRequest`), and each retry
    carries an answer for every input request and the state byte for byte,
  - the tool result is not an error and shows the outcome: every accepted value, or
    "declined" / "cancelled".
Tools named in the environment variable INTEROP_SKIP_TOOLS (comma-separated) are not
called: run.sh names the URL-mode tools there, which py_url_client.py judges.
It prints one "PASS ..." or "FAIL ..." line per check and a last line
"RESULT passed=N failed=M"; it exits non-zero if any check failed.
"""

from __future__ import annotations

import json
import os
import re
import sys
from importlib.metadata import version
from typing import Any

import argparse
import copy
from contextlib import asynccontextmanager

from judge import check, finish
import anyio
from mcp import Client, ClientSession, StdioServerParameters, types
from mcp.client.context import ClientRequestContext
from mcp.client.stdio import stdio_client
from mcp.types.version import LATEST_HANDSHAKE_VERSION

MODERN = "2026-07-28"




# ---- content for "accept", made from the received requestedSchema alone ----

from samples import sample_content, tool_arguments  # noqa: E402


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


# ---- the InputRequiredResult of 2026-07-28 ----

RESULT_KEYS = {"resultType", "inputRequests", "requestState", "_meta"}
REQUEST_KEYS = {"method", "params"}
PARAMS_KEYS = {"mode", "message", "requestedSchema", "_meta"}

# With --spec: validators of the official schema's InputRequiredResult and ElicitRequest.
official: tuple[Any, Any] | None = None


def load_spec(path: str) -> tuple[Any, Any]:
    from jsonschema import Draft202012Validator

    with open(path, encoding="utf-8") as f:
        schema = json.load(f)

    def validator(name: str) -> Any:
        if name not in schema["$defs"]:
            raise KeyError(f"{path} has no $defs/{name}")
        root = {"$schema": schema.get("$schema"), "$defs": schema["$defs"], "$ref": f"#/$defs/{name}"}
        return Draft202012Validator(root)

    return validator("InputRequiredResult"), validator("ElicitRequest")


def schema_errors(validator: Any, value: Any, what: str) -> list[str]:
    out = []
    for e in validator.iter_errors(value):
        where = "/" + "/".join(str(p) for p in e.absolute_path)
        out.append(f"{what} breaks the official schema at {where}: {e.message[:300]}")
    return out


def input_required_problems(result: dict) -> list[str]:
    """What is wrong with an InputRequiredResult from an elicit server."""
    out: list[str] = []
    extra = sorted(set(result) - RESULT_KEYS)
    if extra:
        out.append(f"unexpected keys {extra}")
    if result.get("resultType") != "input_required":
        out.append(f'resultType is {json.dumps(result.get("resultType"))}, not "input_required"')
    state = result.get("requestState")
    if not isinstance(state, str) or not state:
        out.append(f"requestState is {json.dumps(state)}, not a non-empty string")
    requests = result.get("inputRequests")
    if not isinstance(requests, dict) or not requests:
        out.append(f"inputRequests is {json.dumps(requests)}, not a non-empty object")
        requests = {}
    for key, request in requests.items():
        where = f"inputRequests.{key}"
        if not isinstance(request, dict):
            out.append(f"{where} is not an object")
            continue
        extra = sorted(set(request) - REQUEST_KEYS)
        if extra:
            out.append(f"{where} has unexpected keys {extra}")
        if request.get("method") != "elicitation/create":
            out.append(f'{where}.method is {json.dumps(request.get("method"))}, not "elicitation/create"')
        params = request.get("params")
        if not isinstance(params, dict):
            out.append(f"{where}.params is not an object")
            continue
        extra = sorted(set(params) - PARAMS_KEYS)
        if extra:
            out.append(f"{where}.params has unexpected keys {extra}")
        if params.get("mode") != "form":
            out.append(f'{where}.params.mode is {json.dumps(params.get("mode"))}, not "form"')
        if not isinstance(params.get("message"), str) or not params["message"]:
            out.append(f"{where}.params.message is not a non-empty string")
        schema = params.get("requestedSchema")
        if not (isinstance(schema, dict) and schema.get("type") == "object" and isinstance(schema.get("properties"), dict)):
            out.append(f"{where}.params.requestedSchema is not an object schema with properties")
        if official is not None:
            out.extend(schema_errors(official[1], request, where))
    if official is not None:
        out.extend(schema_errors(official[0], result, "the result"))
    return out


# ---- the session ----

modern = False  # on 2026-07-28
# Every form the server sent, in order: (label, raw params). The label names the
# elicitation/create request (2025-11-25) or the InputRequiredResult and the input key
# (2026-07-28).
sent_forms: list[tuple[str, dict]] = []
received: dict[str, dict] = {}  # label -> params the callback got
answers: dict[str, dict] = {}  # label -> the answer the callback gave
rounds: list[dict] = []  # 2026-07-28: every InputRequiredResult, raw
calls: list[dict] = []  # 2026-07-28: the params of every tools/call sent, raw
action = "accept"


def called(tools: list[types.Tool]) -> list[types.Tool]:
    """The tools to call: all but those in INTEROP_SKIP_TOOLS."""
    skip = {name for name in os.environ.get("INTEROP_SKIP_TOOLS", "").split(",") if name}
    if skip:
        print(f"py: not calling {', '.join(sorted(skip))} (INTEROP_SKIP_TOOLS)", flush=True)
    return [t for t in tools if t.name not in skip]


def round_label(n: int, key: str) -> str:
    return f"InputRequiredResult #{n} inputRequests.{key}"


def record_incoming(item: Any) -> None:
    """Sees every message before the session parses it: params and results are plain dicts."""
    msg = getattr(item, "message", None)
    if msg is None:
        return
    if getattr(msg, "method", None) == "elicitation/create":
        sent_forms.append((f"elicitation/create #{msg.id}", copy.deepcopy(msg.params)))
    result = getattr(msg, "result", None)
    if modern and isinstance(result, dict):
        # Anything that looks like an InputRequiredResult, even a malformed one.
        if result.get("resultType") == "input_required" or "inputRequests" in result or "requestState" in result:
            rounds.append(copy.deepcopy(result))
            requests = result.get("inputRequests")
            for key, request in (requests if isinstance(requests, dict) else {}).items():
                params = request.get("params") if isinstance(request, dict) else None
                sent_forms.append((round_label(len(rounds), key), copy.deepcopy(params)))


def record_outgoing(item: Any) -> None:
    msg = getattr(item, "message", None)
    if msg is not None and getattr(msg, "method", None) == "tools/call":
        calls.append(copy.deepcopy(msg.params or {}))


async def elicitation_callback(context: ClientRequestContext, params: types.ElicitRequestParams):
    # On 2026-07-28 the SDK's driver passes the input key as the request id, while the
    # InputRequiredResult it came in is the last one seen.
    label = round_label(len(rounds), context.request_id) if modern else f"elicitation/create #{context.request_id}"
    dumped = params.model_dump(by_alias=True, exclude_none=True)
    received[label] = dumped
    if action == "accept":
        schema = dumped.get("requestedSchema") or {}
        answer = types.ElicitResult(action="accept", content=sample_content(schema))
    else:
        answer = types.ElicitResult(action=action)
    answers[label] = answer.model_dump(by_alias=True, exclude_none=True)
    return answer


def round_problems(first_round: int, first_call: int) -> list[str]:
    """2026-07-28: the InputRequiredResults of one tool call, and the retries that answer them."""
    problems: list[str] = []
    my_rounds = rounds[first_round:]
    my_calls = calls[first_call:]
    if not my_rounds:
        problems.append("the server answered without an InputRequiredResult")
    for i, result in enumerate(my_rounds):
        n = first_round + i + 1
        for p in input_required_problems(result):
            problems.append(f"InputRequiredResult #{n}: {p}")
        retry = my_calls[i + 1] if i + 1 < len(my_calls) else None
        if retry is None:
            problems.append(f"the client sent no retry after InputRequiredResult #{n}")
            continue
        if retry.get("requestState") != result.get("requestState"):
            problems.append(f"the retry after InputRequiredResult #{n} does not echo its requestState")
        asked = sorted((result.get("inputRequests") or {}).keys())
        answered = sorted((retry.get("inputResponses") or {}).keys())
        if asked != answered:
            problems.append(f"the retry after InputRequiredResult #{n} answers {answered}, the server asked {asked}")
    if len(my_calls) != len(my_rounds) + 1:
        problems.append(f"{len(my_calls)} tools/call requests for {len(my_rounds)} InputRequiredResults")
    return problems


async def call_once(call_tool: Any, tool: types.Tool, act: str) -> None:
    global action
    action = act
    name = f"py{' ' + MODERN if modern else ''} {tool.name} {act}"
    problems: list[str] = []
    first_form, first_round, first_call = len(sent_forms), len(rounds), len(calls)
    result = None
    try:
        result = await call_tool(tool.name, tool_arguments(tool))
    except Exception as e:  # an MCP error answer, a timeout...
        problems.append(f"tools/call failed: {e!r}")
    forms = sent_forms[first_form:]
    if not forms:
        problems.append("the server asked for no form")
    if modern:
        problems.extend(round_problems(first_round, first_call))
    accepted = []
    for label, sent in forms:
        got = received.get(label)
        if got is None:
            problems.append(f"the callback never got {label}: {json.dumps(sent)}")
            continue
        for d in diff(sent, got) + extra_keys(sent, got):
            problems.append(f"{label}: {d}")
        content = answers.get(label, {}).get("content")
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
    verbose = bool(os.environ.get("INTEROP_VERBOSE"))
    if verbose and modern:
        for i, r in enumerate(rounds[first_round:]):
            notes.append(f"InputRequiredResult #{first_round + i + 1}: {json.dumps(r)}")
    for label, sent in forms:
        if verbose and not modern:
            notes.append(f"{label}: {json.dumps(sent)}")
        if label in answers:
            notes.append(f"answer to {label}: {json.dumps(answers[label])}")
    if problems:
        problems.extend(notes)
    check(name, problems)
    if not problems and verbose:
        for n in notes:
            print(f"     {n}", flush=True)


async def main_handshake(server: StdioServerParameters) -> None:
    """2025-11-25: ClientSession with the initialize handshake."""
    async with stdio_client(server) as (read, write):
        send, recv = anyio.create_memory_object_stream(100)

        async def tap() -> None:
            async with send:
                async for item in read:  # SessionMessage | Exception
                    record_incoming(item)
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
                for tool in called(tools):
                    for act in ("accept", "decline", "cancel"):
                        await call_once(session.call_tool, tool, act)
            tg.cancel_scope.cancel()


@asynccontextmanager
async def tapped_stdio(server: StdioServerParameters):
    """stdio_client, with a tap on both directions (a `Transport` for `mcp.Client`)."""
    async with stdio_client(server) as (read, write):
        in_send, in_recv = anyio.create_memory_object_stream(100)
        out_send, out_recv = anyio.create_memory_object_stream(100)

        async def tap_in() -> None:
            async with in_send:
                async for item in read:
                    record_incoming(item)
                    await in_send.send(item)

        async def tap_out() -> None:
            async with out_recv:
                async for item in out_recv:
                    record_outgoing(item)
                    await write.send(item)

        async with anyio.create_task_group() as tg:
            tg.start_soon(tap_in)
            tg.start_soon(tap_out)
            try:
                yield in_recv, out_send
            finally:
                tg.cancel_scope.cancel()


async def main_modern(server: StdioServerParameters) -> None:
    """2026-07-28: mcp.Client pinned to the revision, with its input-required driver."""
    async with Client(
        tapped_stdio(server),
        mode=MODERN,
        elicitation_callback=elicitation_callback,
        input_required_max_rounds=10,
    ) as client:
        print(
            f"py: mcp {version('mcp')} on Python {sys.version.split()[0]}, "
            f"mcp.Client(mode={MODERN!r}), protocol {client.protocol_version}",
            flush=True,
        )
        tools = (await client.list_tools()).tools
        problems = [] if tools else ["no tools"]
        if client.protocol_version != MODERN:
            problems.append(f"the session is on {client.protocol_version}, not {MODERN}")
        check(f"py {MODERN} tools/list ({', '.join(t.name for t in tools)})", problems)
        for tool in called(tools):
            for act in ("accept", "decline", "cancel"):
                await call_once(client.call_tool, tool, act)


parser = argparse.ArgumentParser(description="The official Python SDK client as an interop judge.")
parser.add_argument("--protocol", choices=[LATEST_HANDSHAKE_VERSION, MODERN], default=LATEST_HANDSHAKE_VERSION)
parser.add_argument("--spec", help=f"the official {MODERN} schema.json, to validate each InputRequiredResult")
parser.add_argument("server", help="the server binary")
parser.add_argument("server_args", nargs=argparse.REMAINDER, help="its arguments")
args = parser.parse_args()
modern = args.protocol == MODERN
params = StdioServerParameters(command=args.server, args=args.server_args)
try:
    if modern and args.spec:
        official = load_spec(args.spec)
    anyio.run(main_modern if modern else main_handshake, params)
except BaseException as e:  # noqa: BLE001 - report anything as a failed check
    if isinstance(e, KeyboardInterrupt):
        raise
    check(f"py{' ' + MODERN if modern else ''} session", [repr(e)])
finish()
