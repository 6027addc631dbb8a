"""The capacity bench's tool on the official Python SDK (`mcp`, pinned in capacity.sh).

    python capacity_server.py [PORT] [--max-sessions N]

Streamable HTTP on 127.0.0.1:PORT (0, the default, lets the system choose); the first
line on stdout is `listening on 127.0.0.1:PORT`, which tests/benches/capacity.rs waits
for. One tool, `ask`, does what load_server's `ask` does: it elicits the same two-field
form (the token shown in the message, echoed back; `n`, an integer 0..1,000,000,
default 0) with the message `token T`, and answers `token=T answer=A n=N` from the typed
answer. It is written the way the SDK's docs write a tool that asks: a resolver that
returns `Elicit[Echo]`, injected as a typed parameter, so the same tool serves
2025-11-25 (an `elicitation/create` on the call's stream) and 2026-07-28 (an
`InputRequiredResult`, the answer and the sealed `requestState` in the retry).
"""

import argparse
import asyncio
import socket
import sys
from typing import Annotated

import uvicorn
from pydantic import BaseModel, ConfigDict, Field

from mcp.server.mcpserver import Elicit, MCPServer, Resolve


def _without_titles(schema: dict, _model: type) -> None:
    # Pydantic titles every property ("Token", "N"); load_server's schema has none.
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)


class Echo(BaseModel):
    """The form: the same fields, descriptions, bounds and default as load_server's `Echo`."""

    model_config = ConfigDict(json_schema_extra=_without_titles)
    token: str = Field(description="The token shown in the message")
    n: int = Field(default=0, ge=0, le=1_000_000, description="Anything")


def echo(token: str) -> Elicit[Echo]:
    """Asks the form; the resolver takes the tool's `token` argument by name."""
    return Elicit(f"token {token}", Echo)


def build() -> MCPServer:
    mcp = MCPServer("capacity-py", log_level="WARNING")

    @mcp.tool(
        description="Asks a form whose message carries the token, and answers with the call's token and the form's",
        # Text content only, as load_server's tool answers (no structuredContent).
        structured_output=False,
    )
    async def ask(token: str, answer: Annotated[Echo, Resolve(echo)]) -> str:
        return f"token={token} answer={answer.token} n={answer.n}"

    return mcp


async def serve(port: int, max_sessions: int) -> None:
    mcp = build()
    app = mcp.streamable_http_app(max_sessions=max_sessions, host="127.0.0.1")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(4096)
    # uvicorn closes a keep-alive connection after 5 s idle by default; the bench's
    # connections wait longer than that while 10,000 sessions open (the TypeScript server
    # keeps them 10 minutes too, hyper has no such timeout).
    config = uvicorn.Config(app, log_level="warning", access_log=False, backlog=4096, timeout_keep_alive=600)
    server = uvicorn.Server(config)
    print(f"listening on 127.0.0.1:{sock.getsockname()[1]}", flush=True)
    await server.serve(sockets=[sock])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", nargs="?", type=int, default=0)
    # The SDK's default caps a server at 10,000 sessions: room for the bench's N and its warm-up.
    parser.add_argument("--max-sessions", type=int, default=100_000)
    args = parser.parse_args()
    asyncio.run(serve(args.port, args.max_sessions))


if __name__ == "__main__":
    sys.exit(main())
