// Judge 1: the official TypeScript SDK client (@modelcontextprotocol/sdk, pinned in
// package.json) against an elicit stdio server.
//
// usage: node ts_client.mjs <server-binary> [args...]
//
// It lists the server's tools and calls every tool three times, answering every
// elicitation/create of the call with accept (content made from the requestedSchema it
// received), decline, then cancel. A call passes when:
//   - the server sent at least one elicitation/create,
//   - the SDK's own zod parse accepted each one (otherwise the SDK answers -32603 and the
//     handler is never reached),
//   - no key was stripped by that parse (the raw params, seen by a transport.onmessage tap
//     set before connect, are compared with what the handler received),
//   - the tool result is not an error and shows the outcome: every accepted value, or
//     "declined" / "cancelled".
// Tools named in the environment variable INTEROP_SKIP_TOOLS (comma-separated) are not
// called: run.sh names the URL-mode tools there, which ts_url_client.mjs judges.
// It prints one "PASS ..." or "FAIL ..." line per check and a last line
// "RESULT passed=N failed=M"; it exits non-zero if any check failed.
//
// This file is copied next to the installed node_modules by run.sh (with forms.mjs, its
// helpers), so that the bare imports below resolve to the pinned SDK.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { checker, compact, diff, expectedInText, sampleContent, shows, skippedTools, textOf, toolArguments } from './forms.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node ts_client.mjs <server-binary> [args...]');
  process.exit(2);
}
// (the package's "exports" map does not expose its package.json: read the file)
const sdkVersion = JSON.parse(
  readFileSync(new URL('./node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url), 'utf8'),
).version;

const { check, counts } = checker();

// ---- the session ----

const transport = new StdioClientTransport({ command, args, stderr: 'inherit' });

const raw = new Map(); // request id -> raw params of elicitation/create
let negotiated = '(unknown)';
// Protocol.connect() chains a pre-existing onmessage: this tap sees every message before
// the method-specific zod parse (the transport-level parse keeps every key of params).
transport.onmessage = (msg) => {
  if (msg.method === 'elicitation/create') raw.set(msg.id, structuredClone(msg.params));
  if (msg.result && typeof msg.result.protocolVersion === 'string') negotiated = msg.result.protocolVersion;
};

const client = new Client(
  { name: 'elicit-interop-ts', version: sdkVersion },
  { capabilities: { elicitation: { form: {} } } },
);

// Errors the client sends back for an elicitation/create (zod rejection: -32603).
const rejected = new Map();
const send = transport.send.bind(transport);
transport.send = (msg, options) => {
  if (msg.error && raw.has(msg.id)) rejected.set(msg.id, msg.error);
  return send(msg, options);
};

const received = new Map(); // request id -> params the handler received
const answers = new Map(); // request id -> answer sent
let action = 'accept';
client.setRequestHandler(ElicitRequestSchema, async (req, extra) => {
  received.set(extra.requestId, req.params);
  const answer =
    action === 'accept' ? { action, content: sampleContent(req.params.requestedSchema) } : { action };
  answers.set(extra.requestId, answer);
  return answer;
});

async function callOnce(tool, act) {
  const name = `ts ${tool.name} ${act}`;
  const problems = [];
  action = act;
  const before = new Set(raw.keys());
  let result;
  try {
    result = await client.callTool({ name: tool.name, arguments: toolArguments(tool) });
  } catch (e) {
    problems.push(`tools/call failed: ${e?.message ?? e}`);
  }
  const ids = [...raw.keys()].filter((id) => !before.has(id));
  if (ids.length === 0) problems.push('the server sent no elicitation/create');
  const accepted = [];
  for (const id of ids) {
    const sent = raw.get(id);
    const got = received.get(id);
    if (got === undefined) {
      const err = rejected.get(id);
      problems.push(
        `the SDK rejected elicitation/create #${id}` +
          (err ? ` (answered ${err.code}: ${compact(err.message)})` : ' (handler never reached)'),
      );
      problems.push(`  sent: ${JSON.stringify(sent)}`);
      continue;
    }
    for (const d of diff(sent, got)) problems.push(`elicitation/create #${id}: ${d}`);
    const answer = answers.get(id);
    if (answer?.content) accepted.push(answer.content);
  }
  if (result) {
    const text = textOf(result);
    if (result.isError) problems.push(`the tool returned an error: ${text}`);
    else if (act === 'accept') {
      for (const content of accepted) {
        for (const [path, v] of expectedInText(content)) {
          if (!shows(text, v)) problems.push(`the result does not show ${path} = ${JSON.stringify(v)}`);
        }
      }
    } else if (act === 'decline' && !/declin/i.test(text)) problems.push('the result does not say declined');
    else if (act === 'cancel' && !/cancel/i.test(text)) problems.push('the result does not say cancelled');
    if (problems.length > 0) problems.push(`result text: ${JSON.stringify(text)}`);
  }
  const notes = [];
  for (const id of ids) {
    if (process.env.INTEROP_VERBOSE) notes.push(`elicitation/create #${id}: ${JSON.stringify(raw.get(id))}`);
    if (answers.has(id)) notes.push(`answer to #${id}: ${JSON.stringify(answers.get(id))}`);
  }
  if (problems.length > 0) problems.push(...notes);
  check(name, problems);
  if (problems.length === 0 && process.env.INTEROP_VERBOSE) for (const n of notes) console.log(`     ${n}`);
}

let exitCode = 0;
try {
  await client.connect(transport);
  console.log(
    `ts: @modelcontextprotocol/sdk ${sdkVersion} on node ${process.version}, offered ${LATEST_PROTOCOL_VERSION}, negotiated ${negotiated}`,
  );
  const { tools } = await client.listTools();
  check(`ts tools/list (${tools.map((t) => t.name).join(', ')})`, tools.length > 0 ? [] : ['no tools']);
  const skip = skippedTools();
  if (skip.size > 0) console.log(`ts: not calling ${[...skip].join(', ')} (INTEROP_SKIP_TOOLS)`);
  for (const tool of tools.filter((t) => !skip.has(t.name))) {
    for (const act of ['accept', 'decline', 'cancel']) await callOnce(tool, act);
  }
} catch (e) {
  check('ts session', [String(e?.stack ?? e)]);
} finally {
  await client.close().catch(() => {});
}
if (counts.failed > 0) exitCode = 1;
console.log(`RESULT passed=${counts.passed} failed=${counts.failed}`);
process.exit(exitCode);
