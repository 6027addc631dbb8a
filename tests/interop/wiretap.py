"""A tap on a stdio MCP server, for the third-party judges: it starts the server, passes
every line between its stdin/stdout and the client's unchanged, and appends each message
to LOG as one JSON line {"dir": "c2s"|"s2c", "msg": <the message as sent>} (flushed
before the line is passed on), so a judge sees what its framework really put on the
wire, whatever the framework did to it on the way to or from the handler.

usage: python wiretap.py LOG <server-binary> [args...]

Standard library only. The server's stderr is the tap's stderr; the tap exits with the
server's status.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading

log_path, command = sys.argv[1], sys.argv[2:]
if not command:
    sys.exit("usage: python wiretap.py LOG <server-binary> [args...]")

lock = threading.Lock()
log = open(log_path, "a", encoding="utf-8")  # noqa: SIM115 - open for the whole run


def record(direction: str, line: bytes) -> None:
    try:
        msg = json.loads(line)
    except ValueError:
        msg = {"unparsed": line.decode("utf-8", "replace")}
    with lock:
        log.write(json.dumps({"dir": direction, "msg": msg}) + "\n")
        log.flush()


child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def client_to_server() -> None:
    assert child.stdin is not None
    for line in sys.stdin.buffer:
        if line.strip():
            record("c2s", line)
        try:
            child.stdin.write(line)
            child.stdin.flush()
        except BrokenPipeError:
            break
    try:
        child.stdin.close()
    except BrokenPipeError:
        pass


threading.Thread(target=client_to_server, daemon=True).start()
assert child.stdout is not None
for line in child.stdout:
    if line.strip():
        record("s2c", line)
    try:
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        break
sys.exit(child.wait())
