"""Third-party judge: FastMCP's client (`fastmcp` from PyPI, pinned in
requirements-fastmcp.txt) with its own elicitation handler, against an elicit stdio
server.

usage: python fastmcp_client.py --protocol 2025-06-18|2025-11-25|2026-07-28 --wire LOG
                                <server-binary> [args...]

FastMCP's `Client(..., elicitation_handler=handler)` calls
`handler(message, response_type, params, context)`, where `response_type` is a dataclass
FastMCP generated from the `requestedSchema` (property names turned into Python
identifiers, the original name kept as the field's `alias` metadata). The handler
returns an instance of it (the typed path FastMCP documents), a plain dict, or an
`ElicitResult(action=...)`; FastMCP serialises the content, checks it against the
schema and sends it.

Revisions: FastMCP's `mode="legacy"` runs the initialize handshake offering 2025-11-25
(the SDK constant `LATEST_HANDSHAKE_VERSION`), `mode="2026-07-28"` the stateless
revision (InputRequiredResult rounds driven by the official SDK underneath). FastMCP
never offers 2025-06-18 itself (it accepts it when a server answers with it); for
`--protocol 2025-06-18` this judge patches that SDK constant, so that the 2025-06-18
forms (a multi-select as one checkbox per option) reach FastMCP's handler. It says so.

The server runs behind wiretap.py, which logs every message as it crossed stdio. Every
tool (but INTEROP_SKIP_TOOLS) is called four times:
  - accept (typed): the handler walks `requestedSchema.properties`, makes a valid value
    for each property from its schema alone (type, enum/oneOf, format, minimum/maximum,
    lengths, item counts; booleans ticked, choices away from the default), finds the
    dataclass field FastMCP made for the property (its `alias` metadata) and returns an
    instance of the dataclass,
  - accept (dict): the same values, returned as a dict keyed by the property names,
  - decline, cancel.
and once more with the typed path setting only the required properties (a user who
leaves the optional ones empty), reported as "NOTE ..." lines that run.sh does not
count: FastMCP 4.2.3 sends null for each optional field left unset and its own check of
the answer refuses it, so the server gets a JSON-RPC error (2025-06-18, 2025-11-25) or
no retry at all (2026-07-28). The note says whether that is still so.
A call passes when:
  - the server asked at least once, and the handler got each form with the schema
    that was sent (nothing stripped or changed),
  - each answer on the wire is the handler's: the action, and on accept the content
    keyed by the requested property names with the handler's values ("FastMCP
    changed the answer" otherwise: the framework's fault),
  - the tool result is not an error and shows what the user gave: every string and
    integer value, every ticked option of a checkbox group (a boolean property whose
    name is FIELD.OPTION (2025-06-18 before identifier names) or FIELD_OPTION: OPTION must appear), or "declined" /
    "cancelled". An answer the server lost is a failure whoever caused it.
Tools named in INTEROP_SKIP_TOOLS (comma-separated) are not called. Prints one
"PASS ..." or "FAIL ..." line per check and "RESULT passed=N failed=M".
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import anyio  # noqa: E402
import mcp.client.session as sdk_session  # noqa: E402
from fastmcp import Client  # noqa: E402
from fastmcp.client.elicitation import ElicitResult  # noqa: E402
from fastmcp.client.transports import StdioTransport  # noqa: E402

from judge import check, finish  # noqa: E402
from samples import sample_string  # noqa: E402

REVISIONS = ("2025-06-18", "2025-11-25", "2026-07-28")
MODERN = "2026-07-28"
ACTIONS = ("accept (typed)", "accept (dict)", "decline", "cancel")
# Run and reported as NOTE lines, not checks: FastMCP 4.2.3 cannot send it (its typed
# path turns every optional field left unset into null, which its own validation of the
# answer then refuses), so it tells about FastMCP, not about the server.
BLANK = "accept (typed, optional fields left blank)"
TIMEOUT = 60  # seconds per tool call

# ---- values made from the received schema alone ----


def options(schema: dict) -> list | None:
    if isinstance(schema.get("enum"), list):
        return list(schema["enum"])
    for key in ("oneOf", "anyOf"):
        if isinstance(schema.get(key), list):
            return [o.get("const") for o in schema[key] if isinstance(o, dict)]
    return None


def value_for(schema: Any) -> Any:
    """A valid value, away from the default where there is a choice (so that an answer
    the server lost cannot pass for one it used)."""
    schema = schema if isinstance(schema, dict) else {}
    default = schema.get("default")
    t = schema.get("type")
    if t == "boolean":
        return True
    if t == "array":
        opts = options(schema.get("items") or {}) or []
        n = max(schema.get("minItems", 0), min(2, len(opts)))
        if "maxItems" in schema:
            n = min(n, schema["maxItems"])
        return opts[:n]
    opts = options(schema)
    if opts:
        return next((o for o in opts if o != default), opts[0])
    if t in ("integer", "number"):
        lo, hi = schema.get("minimum", -1e9), schema.get("maximum", 1e9)
        for v in (7, 3, 5, 1, 2, lo, hi):
            if lo <= v <= hi and v != default:
                return int(v) if t == "integer" else v
        return default if default is not None else lo
    return sample_string(schema)


def content_for(requested_schema: dict) -> dict:
    props = (requested_schema or {}).get("properties") or {}
    return {name: value_for(s) for name, s in props.items()}


def tool_arguments(tool: Any) -> dict:
    schema = getattr(tool, "input_schema", None) or getattr(tool, "inputSchema", None) or {}
    props = schema.get("properties") or {}
    return {name: value_for(props.get(name) or {}) for name in schema.get("required") or []}


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
        if not isinstance(parsed, list) or len(parsed) != len(raw):
            out.append(f"changed {path}: {json.dumps(raw)} -> {json.dumps(parsed, default=str)}")
        else:
            for i, x in enumerate(raw):
                out.extend(diff(x, parsed[i], f"{path}/{i}"))
    elif raw != parsed or isinstance(raw, bool) != isinstance(parsed, bool):
        out.append(f"changed {path}: {json.dumps(raw)} -> {json.dumps(parsed, default=str)}")
    return out


def squash(s: Any) -> str:
    return re.sub(r"[^a-z0-9]", "", str(s).lower())


def shows(text: str, value: Any) -> bool:
    return str(value) in text or (len(squash(value)) > 0 and squash(value) in squash(text))


CHECKBOX = re.compile(r"^(.+?)(?:\.|_)([^.]+)$")


def expected_in_text(content: dict) -> list[tuple[str, Any]]:
    """What the result must show: strings and integers, and each ticked checkbox's option."""
    out: list[tuple[str, Any]] = []
    for k, v in content.items():
        if v is True and (m := CHECKBOX.match(k)):
            out.append((f"{k} (ticked option)", m.group(2)))
            continue
        for path, x in [(f"{k}[{i}]", x) for i, x in enumerate(v)] if isinstance(v, list) else [(k, v)]:
            if isinstance(x, str) or (isinstance(x, int) and not isinstance(x, bool)):
                out.append((path, x))
    return out


# ---- the wire, as wiretap.py logged it ----


class Wire:
    def __init__(self, path: str) -> None:
        self.path = path
        self.offset = 0

    def mark(self) -> None:
        self.offset = os.path.getsize(self.path) if os.path.exists(self.path) else 0

    def since_mark(self) -> list[dict]:
        if not os.path.exists(self.path):
            return []
        with open(self.path, encoding="utf-8") as f:
            f.seek(self.offset)
            return [json.loads(line) for line in f if line.strip()]


def forms_and_answers(entries: list[dict]) -> tuple[list[tuple[str, dict]], list[tuple[str, dict]]]:
    """The forms the server sent (label, params) and the answers the client sent (label,
    ElicitResult), in order, for both eras."""
    forms: list[tuple[str, dict]] = []
    answers: list[tuple[str, dict]] = []
    asked_ids: dict[Any, str] = {}
    rounds = 0
    for e in entries:
        msg = e.get("msg") or {}
        if e.get("dir") == "s2c":
            if msg.get("method") == "elicitation/create":
                label = f"elicitation/create #{msg.get('id')}"
                asked_ids[msg.get("id")] = label
                forms.append((label, msg.get("params") or {}))
            result = msg.get("result")
            if isinstance(result, dict) and result.get("resultType") == "input_required":
                rounds += 1
                for key, request in (result.get("inputRequests") or {}).items():
                    forms.append((f"InputRequiredResult #{rounds} inputRequests.{key}", (request or {}).get("params") or {}))
        else:
            if "method" not in msg and msg.get("id") in asked_ids and ("result" in msg or "error" in msg):
                answers.append((asked_ids[msg["id"]], msg["result"] if "result" in msg else {"error": msg["error"]}))
            if msg.get("method") == "tools/call":
                for key, response in ((msg.get("params") or {}).get("inputResponses") or {}).items():
                    answers.append((f"InputRequiredResult #{rounds} inputRequests.{key}", response))
    return forms, answers


# ---- the handler ----

action = "accept (typed)"
handled: list[dict] = []  # per handler call: the schema it got, what it meant to answer, what it returned


def field_for(fields: list[dataclasses.Field], prop: str) -> dataclasses.Field | None:
    """The dataclass field FastMCP generated for a property: its `alias` metadata."""
    return next((f for f in fields if f.metadata.get("alias", f.name) == prop), None)


async def handler(message: str, response_type: Any, params: Any, context: Any) -> Any:
    schema = params.requested_schema if hasattr(params, "requested_schema") else {}
    record: dict = {"schema": json.loads(json.dumps(schema, default=str)), "response_type": repr(response_type)}
    handled.append(record)
    if action in ("decline", "cancel"):
        record["meant"] = {"action": action}
        return ElicitResult(action=action)
    content = content_for(schema)
    if action == "accept (typed, optional fields left blank)":
        required = set(schema.get("required") or [])
        content = {k: v for k, v in content.items() if k in required}
    record["meant"] = {"action": "accept", "content": content}
    if action == "accept (dict)" or not dataclasses.is_dataclass(response_type):
        if action.startswith("accept (typed"):
            record["note"] = f"response_type {response_type!r} is not a dataclass: answered with a dict"
        return content
    fields = list(dataclasses.fields(response_type))
    kwargs = {}
    for prop, value in content.items():
        f = field_for(fields, prop)
        if f is None:
            record["note"] = f"FastMCP's {response_type.__name__} has no field for property {prop!r}"
            continue
        kwargs[f.name] = value
    record["fields"] = {prop: field_for(fields, prop).name for prop in content if field_for(fields, prop)}
    return response_type(**kwargs)


# ---- one call ----


def called(tools: list[Any]) -> list[Any]:
    skip = {n for n in os.environ.get("INTEROP_SKIP_TOOLS", "").split(",") if n}
    return [t for t in tools if t.name not in skip]


async def call_once(client: Client, wire: Wire, tag: str, tool: Any, act: str, note_only: bool = False) -> None:
    global action
    action = act
    name = f"{tag} {tool.name} {act}"
    problems: list[str] = []
    first = len(handled)
    wire.mark()
    result = None
    try:
        with anyio.fail_after(TIMEOUT):
            result = await client.call_tool(tool.name, tool_arguments(tool), raise_on_error=False)
    except Exception as e:  # noqa: BLE001 - an MCP error, a timeout...
        problems.append(f"tools/call failed: {e!r}")
    mine = handled[first:]
    forms, answers = forms_and_answers(wire.since_mark())
    if not forms:
        problems.append("the server asked for no form")
    if len(mine) != len(forms):
        problems.append(f"the server sent {len(forms)} forms, FastMCP's handler was called {len(mine)} times")
    for (label, sent), got in zip(forms, mine):
        for d in diff(sent.get("requestedSchema"), got["schema"]):
            problems.append(f"FRAMEWORK: {label}: FastMCP changed the schema before the handler: {d}")
    for i, got in enumerate(mine):
        if "note" in got:
            problems.append(f"FRAMEWORK: {got['note']}")
        label, wire_answer = answers[i] if i < len(answers) else (f"answer #{i + 1}", None)
        if wire_answer is None:
            problems.append(f"FRAMEWORK: {label}: FastMCP sent no answer for what the handler returned ({json.dumps(got['meant'])})")
            continue
        if "error" in wire_answer:
            error = wire_answer["error"] or {}
            first_line = str(error.get("message", "")).splitlines()[0] if error.get("message") else ""
            problems.append(f"FRAMEWORK: {label}: the handler answered {got['meant']['action']}, FastMCP sent the server error {error.get('code')}: {first_line}")
            continue
        if wire_answer.get("action") != got["meant"]["action"]:
            problems.append(f"FRAMEWORK: {label}: the handler answered {got['meant']['action']}, FastMCP sent {json.dumps(wire_answer)}")
        meant = got["meant"].get("content")
        if meant is not None:
            sent = wire_answer.get("content") or {}
            renamed = {k: f for k, f in got.get("fields", {}).items() if k != f and f in sent and k not in sent}
            for prop, field in renamed.items():
                problems.append(
                    f"FRAMEWORK: {label}: FastMCP sent the answer to property {prop!r} under the key {field!r} "
                    f"(the dataclass field it generated for it, ignoring the field's alias)"
                )
            for d in diff(meant, sent):
                if not any(d == f"stripped /{p}" for p in renamed):
                    problems.append(f"FRAMEWORK: {label}: the content on the wire differs from the handler's: {d}")
            # A property the handler left unset may come with its default (a form shows it
            # prefilled); anything else is FastMCP's.
            props = (got["schema"] or {}).get("properties") or {}
            extra = {
                k: sent[k]
                for k in sorted(set(sent) - set(meant) - set(renamed.values()))
                if not (isinstance(props.get(k), dict) and "default" in props[k] and props[k]["default"] == sent[k])
            }
            if extra:
                problems.append(f"FRAMEWORK: {label}: FastMCP added what the handler did not give: {json.dumps(extra)}")
    text = ""
    if result is not None:
        text = "\n".join(getattr(c, "text", "") for c in result.content)
        if result.is_error:
            problems.append(f"the tool returned an error: {json.dumps(text)}")
        elif act.startswith("accept"):
            last = mine[-1]["meant"].get("content") if mine else None
            for path, v in expected_in_text(last or {}):
                if not shows(text, v):
                    problems.append(f"the answer was lost: the result does not show {path} = {json.dumps(v)}")
        elif act == "decline" and not re.search("declin", text, re.I):
            problems.append("the result does not say declined")
        elif act == "cancel" and not re.search("cancel", text, re.I):
            problems.append("the result does not say cancelled")
    notes = [f"{label} sent: {json.dumps(params)}" for label, params in forms]
    notes += [f"{label} answered on the wire: {json.dumps(a)}" for label, a in answers]
    notes += [f"the handler got {g['response_type']} and meant {json.dumps(g['meant'])}" for g in mine]
    notes.append(f"result text: {json.dumps(text)}")
    if note_only:
        blanks = sorted(
            {
                k
                for g in mine
                for k, p in ((g["schema"] or {}).get("properties") or {}).items()
                if k not in ((g["schema"] or {}).get("required") or []) and not (isinstance(p, dict) and "default" in p)
            }
        )
        if not blanks:
            print(f"NOTE {name}: nothing to leave blank (every optional field has a default)", flush=True)
        elif problems:
            print(f"NOTE {name} ({', '.join(blanks)} left blank): still fails in FastMCP {version('fastmcp')} (not counted):", flush=True)
            for p in problems:
                print(f"     {p}", flush=True)
        else:
            print(f"NOTE {name}: works now with FastMCP {version('fastmcp')} ({', '.join(blanks)} left blank): make it a check (fastmcp_client.py ACTIONS)", flush=True)
        return
    if problems:
        problems.extend(notes)
    check(name, problems)
    if not problems and os.environ.get("INTEROP_VERBOSE"):
        for n in notes:
            print(f"     {n}", flush=True)


# Property names FastMCP's typed path sends back under another key: not a check of the
# server (its forms are judged below), a note for whoever picks the names on the wire.
PROBED_NAMES = ("diets.vegan", "diets__vegan", "diets_vegan", "dietsVegan", "diets-vegan", "from", "class", "_private", "model_config", "12h")


def typed_renames(names: tuple[str, ...]) -> dict[str, str]:
    """{name: key sent} for each property name FastMCP's typed path does not send as is."""
    from fastmcp.utilities.json_schema_type import json_schema_to_type
    from pydantic_core import to_jsonable_python

    out = {}
    for name in names:
        cls = json_schema_to_type({"type": "object", "properties": {name: {"type": "boolean"}}, "required": [name]})
        (field,) = dataclasses.fields(cls)
        sent = to_jsonable_python(cls(**{field.name: True}))
        if list(sent) != [name]:
            out[name] = ", ".join(sent)
    return out


async def main(args: argparse.Namespace) -> None:
    renames = typed_renames(PROBED_NAMES)
    kept = [n for n in PROBED_NAMES if n not in renames]
    print(
        "fastmcp: note: its typed path (the dataclass handed to the handler) sends "
        + ", ".join(f"{n!r} as {k!r}" for n, k in renames.items())
        + f"; it keeps {', '.join(repr(n) for n in kept)}",
        flush=True,
    )
    tag = f"fastmcp {args.protocol}"
    if args.protocol == "2025-06-18":
        # FastMCP offers the SDK's LATEST_HANDSHAKE_VERSION (2025-11-25) and accepts an
        # older answer; our server answers with what is offered, so offer 2025-06-18.
        sdk_session.LATEST_HANDSHAKE_VERSION = "2025-06-18"
    # The server's options come as arguments (server_args); only the state key, a secret,
    # comes from the environment.
    env = {k: v for k, v in os.environ.items() if k == "ELICIT_STATE_KEY"}
    open(args.wire, "w").close()
    transport = StdioTransport(command=sys.executable, args=[str(HERE / "wiretap.py"), args.wire, args.server, *args.server_args], env=env)
    mode = MODERN if args.protocol == MODERN else "legacy"
    client = Client(transport, elicitation_handler=handler, mode=mode, timeout=TIMEOUT)
    wire = Wire(args.wire)
    async with client:
        negotiated = client.protocol_version
        patched = " (offered by patching mcp.client.session.LATEST_HANDSHAKE_VERSION: FastMCP offers 2025-11-25)" if args.protocol == "2025-06-18" else ""
        print(f"fastmcp: fastmcp {version('fastmcp')} (mcp {version('mcp')}) on Python {sys.version.split()[0]}, mode={mode!r}, negotiated {negotiated}{patched}", flush=True)
        tools = await client.list_tools()
        problems = [] if tools else ["no tools"]
        if negotiated != args.protocol:
            problems.append(f"the session is on {negotiated}, not {args.protocol}")
        check(f"{tag} session and tools/list ({', '.join(t.name for t in tools)})", problems)
        for tool in called(tools):
            for act in ACTIONS:
                await call_once(client, wire, tag, tool, act)
            await call_once(client, wire, tag, tool, BLANK, note_only=True)


parser = argparse.ArgumentParser(description="FastMCP's client as an interop judge.")
parser.add_argument("--protocol", choices=REVISIONS, required=True)
parser.add_argument("--wire", required=True, help="the file wiretap.py logs the messages to")
parser.add_argument("server")
parser.add_argument("server_args", nargs=argparse.REMAINDER)
args = parser.parse_args()
try:
    anyio.run(main, args)
except BaseException as e:  # noqa: BLE001 - report anything as a failed check
    if isinstance(e, KeyboardInterrupt):
        raise
    check(f"fastmcp {args.protocol} session", [repr(e)])
finish()
