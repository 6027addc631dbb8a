"""Judge 11: stdio_server speaking the two drafts the project was created from, to a
client of each (no SDK has them: this script speaks raw JSON-RPC over stdio).

usage: python dialects.py --schemas DIR <stdio_server>

- The "User Interaction" proposal (seed 000): the client declares
  `userInteraction: {types: [prompt, ua], progress: true}`. delete_item's form arrives as
  an `interaction/create` of type `prompt` and is answered `{content}`; a second one is
  refused with the proposal's error -1 (the tool says declined); require_api_key ends with
  -32003 interaction_required; connect_api_key's page arrives as a `ua` interaction,
  answered `{}`, tracked with `interaction/notify` (progress, then `{}` once the page is
  posted), and the tool stores the key. A prompt-only client is never sent a `ua`.
- The draft chapter (seed 002), selected by the server (--dialect elicitation-track):
  require_api_key ends with -32604 and `elicitationId`; connect_api_key's page is tracked
  with `elicitation/track` (answered `{"status": "complete"}`), and no
  `notifications/elicitation/complete` is sent.
Every dialect message is validated against the schemas written from the seeds
(tests/dialects/*.schema.json). Prints PASS/FAIL lines and "RESULT passed=N failed=M".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import queue
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable

from judge import check, finish
from jsonschema import Draft7Validator, FormatChecker

KEY = "sk-dialect-judge-Z9Q4"



class Schemas:
    def __init__(self, path: str) -> None:
        with open(path, encoding="utf-8") as f:
            self.schema = json.load(f)

    def errors(self, definition: str, message: Any) -> list[str]:
        root = dict(self.schema, **{"$ref": f"#/definitions/{definition}"})
        validator = Draft7Validator(root, format_checker=FormatChecker())
        return [f"{definition}: {e.message} at {list(e.path)}" for e in validator.iter_errors(message)]


class Server:
    """stdio_server over raw JSON-RPC lines."""

    def __init__(self, binary: str, args: list[str]) -> None:
        """`args`: the server's options (`stdio_server --help`)."""
        self.process = subprocess.Popen(
            [binary, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        self.incoming: queue.Queue[dict] = queue.Queue()
        self.notifications: list[dict] = []
        self.next_id = 100
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout
        for line in self.process.stdout:
            try:
                self.incoming.put(json.loads(line))
            except json.JSONDecodeError:
                pass

    def send(self, message: dict) -> None:
        assert self.process.stdin
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict) -> int:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def wait(self, answers: set[int], on_request: Callable[[dict], None], timeout: float = 15) -> dict[int, dict]:
        """Reads until every id in `answers` has its response, handing server requests to
        `on_request` and keeping notifications."""
        got: dict[int, dict] = {}
        deadline = time.monotonic() + timeout
        while answers - got.keys():
            try:
                message = self.incoming.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"no response for {sorted(answers - got.keys())}") from None
            if "method" in message and "id" in message:
                on_request(message)
            elif "method" in message:
                self.notifications.append(message)
            elif message.get("id") in answers:
                got[message["id"]] = message
        return got

    def first_request(self, method: str, answer: Callable[[dict], None], timeout: float = 10) -> None:
        """Waits (bounded) for the server's first request of `method` and answers it,
        keeping the notifications that come before it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                message = self.incoming.get(timeout=0.2)
            except queue.Empty:
                continue
            if message.get("method") == method and "id" in message:
                answer(message)
                return
            if "method" in message:
                self.notifications.append(message)

    def initialize(self, capabilities: dict) -> dict:
        rid = self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": capabilities, "clientInfo": {"name": "dialect-judge", "version": "1"}})
        answer = self.wait({rid}, lambda m: None)[rid]
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def post_page(url: str) -> int:
    """Submits the API-key page at `url` (fetched first for its CSRF token) as the local user."""
    parsed = urllib.parse.urlsplit(url)
    origin = f"{parsed.scheme}://{parsed.netloc}"
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            shown = response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code
    token = re.search(r'name="__elicit_csrf" value="([^"]*)"', shown)
    body = urllib.parse.urlencode({"__elicit_csrf": token.group(1) if token else "", "key": KEY}).encode()
    request = urllib.request.Request(url, data=body, headers={"content-type": "application/x-www-form-urlencoded", "origin": origin}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as e:
        return e.code


def text(response: dict) -> str:
    return "".join(c.get("text", "") for c in response.get("result", {}).get("content", []))


def user_interaction(binary: str, schemas: Schemas) -> None:
    server = Server(binary, ["--page-wait-secs", "30"])
    try:
        server.initialize({"userInteraction": {"types": ["prompt", "ua"], "progress": True}})
        created: list[dict] = []
        replies = [{"result": {"content": {"confirm": True}}}, {"error": {"code": -1, "message": "User did not consent to the interaction"}}]

        def answer_prompt(message: dict) -> None:
            created.append(message)
            server.send(dict({"jsonrpc": "2.0", "id": message["id"]}, **replies.pop(0)))

        for expected, how in (("deleted `report.txt`", "{content}"), ("declined: `report.txt` was not deleted", "with error -1")):
            rid = server.request("tools/call", {"name": "delete_item", "arguments": {"item": "report.txt"}})
            got = server.wait({rid}, answer_prompt)[rid]
            problems = schemas.errors("InteractionCreateRequest", created[-1]) if created else ["no interaction/create"]
            if created and created[-1]["params"].get("type") != "prompt":
                problems.append(f"type {created[-1]['params'].get('type')}")
            if not text(got).startswith(expected):
                problems.append(f"tool said {text(got)!r}")
            check(f"seed 000: delete_item's form as a prompt interaction, answered {how}", problems)

        rid = server.request("tools/call", {"name": "require_api_key", "arguments": {}})
        error = server.wait({rid}, lambda m: None)[rid].get("error", {})
        problems = schemas.errors("InteractionRequiredError", error)
        check("seed 000: require_api_key ends with -32003 interaction_required", problems)

        ua: list[dict] = []

        def answer_ua(message: dict) -> None:
            ua.append(message)
            server.send({"jsonrpc": "2.0", "id": message["id"], "result": {}})

        call = server.request("tools/call", {"name": "connect_api_key", "arguments": {}})
        server.first_request("interaction/create", answer_ua)
        problems = [] if ua else ["no ua interaction"]
        if ua:
            problems += schemas.errors("InteractionCreateRequest", ua[0])
            interaction_id = ua[0]["params"]["id"]
            notify = server.request("interaction/notify", {"id": interaction_id, "_meta": {"progressToken": "judge-progress"}})
            notify_message = {"jsonrpc": "2.0", "id": notify, "method": "interaction/notify", "params": {"id": interaction_id}}
            problems += schemas.errors("InteractionNotifyRequest", notify_message)
            time.sleep(0.3)
            status = post_page(ua[0]["params"]["interaction"]["url"])
            if status != 200:
                problems.append(f"the page answered {status}")
            got = server.wait({notify, call}, lambda m: None)
            if got[notify].get("result") != {}:
                problems.append(f"interaction/notify answered {got[notify]}")
            if not text(got[call]).startswith("stored an API key ending in"):
                problems.append(f"connect_api_key said {text(got[call])!r}")
            if any(n.get("method") == "notifications/elicitation/complete" for n in server.notifications):
                problems.append("a notifications/elicitation/complete was sent")
        check("seed 000: connect_api_key as a ua interaction, tracked with interaction/notify, the key stored", problems)
    finally:
        server.close()

    prompt_only = Server(binary, [])
    try:
        prompt_only.initialize({"userInteraction": {"types": ["prompt"]}})
        sent: list[dict] = []
        rid = prompt_only.request("tools/call", {"name": "connect_api_key", "arguments": {}})
        got = prompt_only.wait({rid}, sent.append)[rid]
        problems = [f"sent {m['method']}" for m in sent]
        if "URL-mode" not in text(got) and "url" not in text(got).lower():
            problems.append(f"tool said {text(got)!r}")
        check("seed 000: a prompt-only client is never sent a ua interaction", problems)
    finally:
        prompt_only.close()


def elicitation_track(binary: str, schemas: Schemas) -> None:
    server = Server(binary, ["--dialect", "elicitation-track", "--page-wait-secs", "30"])
    try:
        server.initialize({"elicitation": {"form": {}, "url": {}}})
        rid = server.request("tools/call", {"name": "require_api_key", "arguments": {}})
        error = server.wait({rid}, lambda m: None)[rid].get("error", {})
        problems = schemas.errors("ElicitationRequiredError", error)
        if "elicitionId" in json.dumps(error):
            problems.append("the misspelled key of the seed's example was sent")
        check("seed 002: require_api_key ends with -32604 and elicitationId", problems)

        asked: list[dict] = []

        def consent(message: dict) -> None:
            asked.append(message)
            server.send({"jsonrpc": "2.0", "id": message["id"], "result": {"action": "accept"}})

        call = server.request("tools/call", {"name": "connect_api_key", "arguments": {}})
        server.first_request("elicitation/create", consent)
        problems = [] if asked else ["no elicitation/create"]
        if asked:
            params = asked[0]["params"]
            track = server.request("elicitation/track", {"elicitationId": params["elicitationId"], "_meta": {"progressToken": "abc123"}})
            problems += schemas.errors("ElicitationTrackRequest", {"jsonrpc": "2.0", "id": track, "method": "elicitation/track", "params": {"elicitationId": params["elicitationId"], "_meta": {"progressToken": "abc123"}}})
            time.sleep(0.3)
            if post_page(params["url"]) != 200:
                problems.append("the page refused the key")
            got = server.wait({track, call}, lambda m: None)
            result = got[track].get("result")
            if result != {"status": "complete"}:
                problems.append(f"elicitation/track answered {got[track]}")
            else:
                problems += schemas.errors("ElicitationTrackResult", result)
            if not text(got[call]).startswith("stored an API key ending in"):
                problems.append(f"connect_api_key said {text(got[call])!r}")
            if any(n.get("method") == "notifications/elicitation/complete" for n in server.notifications):
                problems.append("a notifications/elicitation/complete was sent")
        check("seed 002: connect_api_key tracked with elicitation/track, answered complete, the key stored", problems)
    finally:
        server.close()


parser = argparse.ArgumentParser(description="stdio_server speaking the two seed drafts.")
parser.add_argument("--schemas", required=True, help="the folder of the dialects' schemas (tests/dialects)")
parser.add_argument("server")
args = parser.parse_args()
for run, schema in ((user_interaction, "user-interaction.schema.json"), (elicitation_track, "elicitation-track.schema.json")):
    try:
        run(args.server, Schemas(os.path.join(args.schemas, schema)))
    except Exception as e:  # noqa: BLE001 - report anything as a failed check
        check(f"{run.__name__} session", [repr(e)])
finish()
