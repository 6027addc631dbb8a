"""Values the Python judges send, made from a received schema alone: content for an
accepted form (from its `requestedSchema`), and a tool's required arguments (from its
`inputSchema`)."""

from __future__ import annotations

import math
from typing import Any

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


