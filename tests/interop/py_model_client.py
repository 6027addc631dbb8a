"""Judge 9: a client that cannot ask, and a model that relays. The official Python SDK
client (`mcp`, pinned in requirements.txt) WITHOUT an elicitation callback, so it declares
no `elicitation` capability, against stdio_server started with --relay-through-model.
This script plays the model: it reads each tool result, fills the answers from what the
result says, and calls the tool back.

usage: python py_model_client.py --protocol 2025-11-25|2026-07-28 <stdio_server>

Checks, per protocol:
  - tools/list shows the reserved argument `elicitRelay` on the tools that relay,
  - book_table and survey: the first call's result is for the model (not an error, says
    what to ask with every field of the form, and carries the continuation in
    `structuredContent.elicitRelay`); a call-back with answers made from the questions'
    schemas finishes the tool with the values,
  - a call-back with invalid answers gets a result naming every broken field and a new
    question key; its corrected call-back finishes,
  - a tampered continuation is refused with -32602 "invalid requestState",
  - delete_item's confirmation is user-only: a tool error, no result for the model,
  - nothing was ever sent to the client as an elicitation request.
It prints one "PASS ..." or "FAIL ..." line per check and "RESULT passed=N failed=M".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from importlib.metadata import version
from typing import Any

from judge import check, finish
import anyio
from mcp import Client, ClientSession, MCPError, StdioServerParameters, types
from mcp.client.stdio import stdio_client

from samples import sample_content

MODERN = "2026-07-28"
RELAY = "elicitRelay"

requests_seen: list[str] = []



def text_of(result: types.CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))


def relay_of(result: types.CallToolResult) -> dict | None:
    structured = result.structured_content or {}
    return structured.get(RELAY)


def answers_for(relay: dict) -> dict:
    """What the model relays: for each question, content made from its schema."""
    return {key: sample_content(q["params"].get("requestedSchema") or {}) for key, q in relay["questions"].items()}


def broken(answers: dict) -> tuple[dict, list[str]]:
    """The same answers with every text field far too long: the fields it breaks."""
    out, fields = {}, []
    for key, content in answers.items():
        out[key] = dict(content)
        for name, value in content.items():
            if isinstance(value, str):
                out[key][name] = "x" * 5000
                fields.append(name)
    return out, fields


async def play(call_tool: Any, list_tools: Any, label: str) -> None:
    tools = {t.name: t for t in (await list_tools()).tools}
    problems = []
    for name in ("book_table", "survey", "connect_api_key"):
        props = ((tools.get(name) and tools[name].input_schema) or {}).get("properties") or {}
        if RELAY not in props:
            problems.append(f"{name}'s input schema has no {RELAY}: {json.dumps(props)[:200]}")
    check(f"{label} tools/list shows {RELAY}", problems)

    for tool in ("book_table", "survey"):
        first = await call_tool(tool, {})
        relay = relay_of(first)
        said = text_of(first)
        problems = []
        if first.is_error or relay is None:
            problems.append(f"the first call is not a result for the model: {said[:300]}")
        else:
            for key, question in relay["questions"].items():
                for field in (question["params"].get("requestedSchema") or {}).get("properties") or {}:
                    if f"`{field}`" not in said:
                        problems.append(f"{key}: the field {field} is not described to the model")
            if "never reply for them" not in said:
                problems.append("the result does not tell the model to ask the user")
        check(f"{label} {tool}: the result tells the model what to ask", problems)
        if relay is None:
            continue

        # Invalid answers first: every broken field is named, and a new question key.
        answers = answers_for(relay)
        wrong, fields = broken(answers)
        again = await call_tool(tool, {RELAY: {"continuation": relay["continuation"], "answers": wrong}})
        relay_again = relay_of(again)
        said = text_of(again)
        problems = [f"`{f}` is not named" for f in fields if f"`{f}`" not in said]
        if relay_again is None:
            problems.append(f"no new question for the model: {said[:300]}")
        elif set(relay_again["questions"]) == set(relay["questions"]):
            problems.append("the re-ask kept the question key")
        check(f"{label} {tool}: invalid relayed answers come back with {len(fields)} fields named", problems)
        if relay_again is None:
            continue

        done = await call_tool(tool, {RELAY: {"continuation": relay_again["continuation"], "answers": answers_for(relay_again)}})
        problems = []
        if done.is_error or relay_of(done) is not None:
            problems.append(f"the call-back did not finish: {text_of(done)[:300]}")
        check(f"{label} {tool}: the corrected call-back finishes ({text_of(done)[:80]}...)", problems)

        # A tampered continuation: one frozen error.
        c = relay["continuation"]
        tampered = c[:-3] + ("AAA" if not c.endswith("AAA") else "BBB")
        try:
            await call_tool(tool, {RELAY: {"continuation": tampered, "answers": answers}})
            check(f"{label} {tool}: a tampered continuation is refused", ["it was accepted"])
        except MCPError as e:
            ok = e.error.code == -32602 and e.error.message == "invalid requestState"
            check(f"{label} {tool}: a tampered continuation is refused", [] if ok else [f"{e.error.code} {e.error.message}"])

    closed = await call_tool("delete_item", {"item": "report.txt"})
    problems = []
    if not closed.is_error or relay_of(closed) is not None:
        problems.append(f"delete_item was not refused: {text_of(closed)[:200]}")
    check(f"{label} delete_item (user-only) fails closed", problems)
    check(f"{label} no elicitation request reached the client", [f"sent: {r}" for r in requests_seen])


async def on_message(message: Any) -> None:
    if isinstance(message, types.ServerRequest) or getattr(message, "method", None) == "elicitation/create":
        requests_seen.append(str(message)[:200])


async def legacy(server: StdioServerParameters) -> None:
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as session:
            init = await session.initialize()
            caps = init.capabilities
            print(f"py model: mcp {version('mcp')}, negotiated {init.protocol_version}, server capabilities {caps}", flush=True)
            await play(session.call_tool, session.list_tools, "py model 2025-11-25")


async def modern(server: StdioServerParameters) -> None:
    async with Client(server, mode=MODERN, message_handler=on_message) as client:
        print(f"py model: mcp {version('mcp')}, mcp.Client(mode={MODERN!r}), protocol {client.protocol_version}", flush=True)
        await play(client.call_tool, client.list_tools, f"py model {MODERN}")


parser = argparse.ArgumentParser(description="A client without elicitation, and a script playing its model.")
parser.add_argument("--protocol", choices=["2025-11-25", MODERN], default="2025-11-25")
parser.add_argument("server")
args = parser.parse_args()
params = StdioServerParameters(command=args.server, args=["--relay-through-model"], env=dict(os.environ))
try:
    anyio.run(modern if args.protocol == MODERN else legacy, params)
except BaseException as e:  # noqa: BLE001 - report anything as a failed check
    if isinstance(e, KeyboardInterrupt):
        raise
    check(f"py model {args.protocol} session", [repr(e)])
finish()
