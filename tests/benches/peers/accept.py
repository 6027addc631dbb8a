"""The accept path of the official Python SDK's server (`mcp`), timed.

`ctx.elicit(message, schema=Booking)` (mcp/server/mcpserver/context.py) calls
`elicit_with_validation` (mcp/server/elicitation.py), which sends the form and, on the
client's answer, does exactly this:

    result = ElicitResult.model_validate(answer, by_name=False)   # ServerSession, the answer
    validated = Booking.model_validate(result.content)            # validate + decode
    return AcceptedElicitation(data=validated)

Two cases are timed, each from an already parsed answer (a dict), as elicit's are from a
`serde_json::Value`:
  content: `Booking.model_validate(content)`, the validate + decode (elicit: `accept/elicit`),
  answer:  the three lines above (elicit: `accept/elicit_result`),
and, for information only, `content_no_email`: the content case with `email: str`.

Before timing it checks that the model renders (through the SDK's own
`render_elicitation_schema`) the same properties and required fields as elicit's
`requestedSchema` (--schema FILE), that both cases decode the valid answer to the expected
value, and that both refuse the invalid answer naming its six fields.

    python accept.py --schema requested_schema.json --batches 200 --calls 2000 --seconds 8

Prints `RESULT <case> <ns per call>` lines (the median over batches); exits 1 on a
failed check.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Annotated, Literal

from importlib.metadata import version

from mcp.server.elicitation import AcceptedElicitation, render_elicitation_schema
from mcp_types import ElicitResult
from pydantic import BaseModel, EmailStr, Field, ValidationError

# The bench's `Booking` (tests/benches/common/booking.rs), as a Python SDK user writes it:
# the titled single-select is a `Literal` with its titles as `oneOf` (a `str` Enum renders
# as a `$ref`, which the SDK's renderer refuses: elicitation schemas are flat).
Seating = Annotated[
    Literal["indoor", "terrace", "bar"],
    Field(
        title="Seating",
        json_schema_extra={
            "oneOf": [
                {"const": "indoor", "title": "Indoors"},
                {"const": "terrace", "title": "On the terrace"},
                {"const": "bar", "title": "At the bar"},
            ]
        },
    ),
]


class Booking(BaseModel):
    """A table booking"""

    name: str = Field(title="Name", description="Who the table is for", min_length=1, max_length=80)
    email: EmailStr = Field(description="Where we send the confirmation")
    guests: int = Field(title="Guests", description="How many people", ge=1, le=12)
    budget: float = Field(description="Spending limit per person, in euros", ge=0, le=500)
    newsletter: bool = Field(default=True, description="Send me the monthly menu")
    seating: Seating
    notes: str | None = Field(default=None, description="Allergies, a birthday...", max_length=500)


class BookingNoEmail(Booking):
    """The same without the email check (information only: where the time goes)"""

    email: str = Field(description="Where we send the confirmation")


VALID = {
    "name": "Ada Lovelace",
    "email": "ada@example.com",
    "guests": 4,
    "budget": 45.5,
    "newsletter": False,
    "seating": "terrace",
    "notes": "One vegetarian, and it is a birthday",
}
INVALID = {
    "name": "",
    "email": "ada at example dot com",
    "guests": 40,
    "budget": -5,
    "seating": "balcony",
    "notes": "x" * 501,
}
EXPECTED = dict(VALID)
SIX = ["budget", "email", "guests", "name", "notes", "seating"]


def from_content(content):
    return Booking.model_validate(content)


def from_answer(answer):
    result = ElicitResult.model_validate(answer, by_name=False)
    if result.action != "accept" or result.content is None:
        raise ValueError("not an accepted answer")
    return AcceptedElicitation(data=Booking.model_validate(result.content))


def fail(message):
    print(f"FAIL {message}")
    sys.exit(1)


def check(schema_file):
    rendered = render_elicitation_schema(Booking)
    with open(schema_file) as f:
        ours = json.load(f)
    if sorted(rendered["properties"]) != sorted(ours["properties"]):
        fail(f"properties differ: {sorted(rendered['properties'])} vs elicit's {sorted(ours['properties'])}")
    if sorted(rendered.get("required", [])) != sorted(ours.get("required", [])):
        fail(f"required differs: {rendered.get('required')} vs elicit's {ours.get('required')}")
    for name, prop in ours["properties"].items():
        for key in ("minLength", "maxLength", "minimum", "maximum", "format", "default"):
            theirs = rendered["properties"][name].get(key)
            if key in prop and theirs != prop[key]:
                fail(f"{name}.{key}: Pydantic renders {theirs!r}, elicit sends {prop[key]!r}")
        if "oneOf" in prop:
            options = [o["const"] for o in prop["oneOf"]]
            if rendered["properties"][name].get("enum") != options:
                fail(f"{name}: Pydantic's options {rendered['properties'][name].get('enum')}, elicit's {options}")

    decoded = from_content(dict(VALID)).model_dump(mode="json")
    if decoded != EXPECTED:
        fail(f"content decodes to {decoded}, expected {EXPECTED}")
    accepted = from_answer({"action": "accept", "content": dict(VALID)})
    if accepted.data.model_dump(mode="json") != EXPECTED:
        fail(f"the answer decodes to {accepted.data.model_dump(mode='json')}")
    for case, call in (("content", lambda: from_content(dict(INVALID))),
                       ("answer", lambda: from_answer({"action": "accept", "content": dict(INVALID)}))):
        try:
            call()
        except ValidationError as e:
            fields = sorted({str(err["loc"][0]) for err in e.errors()})
            if fields != SIX:
                fail(f"{case}: the invalid answer is refused naming {fields}, expected {SIX}")
        else:
            fail(f"{case}: the invalid answer is accepted")
    print(f"PASS same properties and required fields as elicit's requestedSchema; "
          f"decodes {json.dumps(EXPECTED, sort_keys=True)}; refuses the invalid answer naming {', '.join(SIX)}")


def measure(call, arg, batches, calls, seconds):
    """Median ns per call over up to `batches` batches of `calls` calls, stopping after
    `seconds` (at least 5 batches)."""
    call(arg)  # warm up
    per_call = []
    deadline = time.perf_counter() + seconds
    clock = time.perf_counter_ns
    for i in range(batches):
        start = clock()
        for _ in range(calls):
            call(arg)
        per_call.append((clock() - start) / calls)
        if i >= 4 and time.perf_counter() > deadline:
            break
    return statistics.median(per_call), len(per_call)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--schema", required=True, help="elicit's requestedSchema (JSON file)")
    parser.add_argument("--batches", type=int, default=200)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()

    print(f"VERSIONS python {sys.version.split()[0]}, mcp {version('mcp')}, pydantic {version('pydantic')}, "
          f"pydantic-core {version('pydantic-core')}, email-validator {version('email-validator')}")
    check(args.schema)
    # The model is validated from the same dict each call, as elicit reads the same map.
    answer = {"action": "accept", "content": dict(VALID)}
    cases = (
        ("content", from_content, dict(VALID)),
        ("answer", from_answer, answer),
        ("content_no_email", BookingNoEmail.model_validate, dict(VALID)),
    )
    for case, call, arg in cases:
        ns, n = measure(call, arg, args.batches, args.calls, args.seconds)
        print(f"RESULT {case} {ns:.1f} ({n} batches of {args.calls} calls)")


if __name__ == "__main__":
    main()
