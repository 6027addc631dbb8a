// Judge: forms that do not time out. The official TypeScript SDK client
// (@modelcontextprotocol/sdk, pinned in package.json, protocol 2025-11-25) against
// stdio_server's delete_item, with a request timeout far shorter than the time the
// "user" takes to answer the form.
//
// usage: node ts_progress_client.mjs --spec <2025-11-25 schema.json> <stdio_server binary>
//
// The SDK gives up on a request after its timeout (60 s by default; here 1.5 s) unless
// the call asked for progress (`onprogress`, which makes the SDK send
// `_meta.progressToken`) and `resetTimeoutOnProgress`: then each
// `notifications/progress` for the token restarts the timeout. Without `onprogress` the
// SDK sends no progressToken (read in its Protocol.request), so the server has nothing
// to report progress for. The server is started with --progress-every-ms 300 (and, for
// the last check, 0); the elicitation handler answers after 3 s, twice the timeout.
// Checks, each as one "PASS ..." / "FAIL ..." line:
//   1. with a progressToken and resetTimeoutOnProgress: the call succeeds after the
//      answer (later than its own timeout); while the form waited, the server sent
//      notifications/progress for that token only, valid against the official schema,
//      each with a message saying what it waits for and a growing `progress`, at about
//      the configured pace, every one handed to onprogress; none after the answer;
//   2. without onprogress (so no progressToken): the SDK gives up on the call after its
//      timeout (-32001), tells the server (notifications/cancelled), the server
//      withdraws its form (notifications/cancelled for the elicitation/create), and not
//      one notifications/progress arrives, up to well after the answer would have come;
//   3. with a progressToken and resetTimeoutOnProgress, but the server's progress off
//      (--progress-every-ms 0): no notifications/progress, and the call times out.
// The last line is "RESULT passed=N failed=M"; the exit code is non-zero if a check failed.
//
// run.sh copies this file, forms.mjs and spec.mjs next to the installed node_modules.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, ElicitRequestSchema, ErrorCode, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { checker, textOf } from './forms.mjs';
import { officialSchema } from './spec.mjs';

const EVERY_MS = 300; // the server's progress interval
const TIMEOUT_MS = 1500; // the client's request timeout
const ANSWER_AFTER_MS = 3000; // how long the "user" takes
const TOOL = 'delete_item';
const ITEM = 'progress-check';

const argv = process.argv.slice(2);
let specPath;
while (argv[0]?.startsWith('--')) {
  const flag = argv.shift();
  if (flag === '--spec') specPath = argv.shift();
  else {
    console.error(`unknown flag ${flag}`);
    process.exit(2);
  }
}
const [server] = argv;
if (!server || !specPath) {
  console.error('usage: node ts_progress_client.mjs --spec <2025-11-25 schema.json> <stdio_server binary>');
  process.exit(2);
}
const sdkVersion = JSON.parse(
  readFileSync(new URL('./node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url), 'utf8'),
).version;
const { check, counts } = checker();
const validProgress = officialSchema(specPath)('ProgressNotification');

/** A client on a fresh server whose progress interval is `everyMs`, with its wire tapped. */
async function session(everyMs) {
  const transport = new StdioClientTransport({
    command: server,
    args: ['--progress-every-ms', String(everyMs)],
    env: getDefaultEnvironment(),
    stderr: 'inherit',
  });
  const wire = { incoming: [], outgoing: [] }; // {t, msg}, in order
  // Protocol.connect() chains a pre-existing onmessage: the tap sees every message raw.
  transport.onmessage = (msg) => wire.incoming.push({ t: Date.now(), msg: structuredClone(msg) });
  const send = transport.send.bind(transport);
  transport.send = (msg, options) => {
    wire.outgoing.push({ t: Date.now(), msg: structuredClone(msg) });
    return send(msg, options);
  };
  const client = new Client({ name: 'elicit-interop-ts-progress', version: sdkVersion }, { capabilities: { elicitation: { form: {} } } });
  // The "user": answers every form after ANSWER_AFTER_MS, unless the SDK aborts the request.
  const handled = [];
  client.setRequestHandler(ElicitRequestSchema, async (req, extra) => {
    const entry = { id: extra.requestId, receivedAt: Date.now(), aborted: false };
    handled.push(entry);
    try {
      await sleep(ANSWER_AFTER_MS, undefined, { signal: extra.signal });
    } catch {
      entry.aborted = true;
    }
    entry.answeredAt = Date.now();
    return { action: 'accept', content: { confirm: true } };
  });
  await client.connect(transport);
  return { client, wire, handled };
}

const progressOf = (wire, from = 0) =>
  wire.incoming.filter(({ t, msg }) => t >= from && msg.method === 'notifications/progress');
const lastCall = (wire) => [...wire.outgoing].reverse().find(({ msg }) => msg.method === 'tools/call');

async function call(client, options) {
  const started = Date.now();
  try {
    const result = await client.callTool({ name: TOOL, arguments: { item: ITEM } }, CallToolResultSchema, options);
    return { result, started, ended: Date.now() };
  } catch (error) {
    return { error, started, ended: Date.now() };
  }
}

// 1. progress keeps the call alive past its timeout
async function withToken({ client, wire, handled }) {
  const name = `ts progress: ${TOOL} with a progressToken and resetTimeoutOnProgress (timeout ${TIMEOUT_MS} ms, answer after ${ANSWER_AFTER_MS} ms, progress every ${EVERY_MS} ms) succeeds`;
  const problems = [];
  const seen = [];
  const firstHandled = handled.length;
  const outcome = await call(client, { timeout: TIMEOUT_MS, resetTimeoutOnProgress: true, onprogress: (p) => seen.push(p) });
  const sent = lastCall(wire)?.msg;
  const token = sent?.params?._meta?.progressToken;
  if (token === undefined) problems.push(`the tools/call carried no _meta.progressToken: ${JSON.stringify(sent?.params)}`);
  const text = textOf(outcome.result);
  if (outcome.error) problems.push(`the call failed after ${outcome.ended - outcome.started} ms: ${outcome.error.message}`);
  else if (outcome.result.isError || !text.includes(`deleted \`${ITEM}\``)) problems.push(`the result is not the confirmed deletion: ${JSON.stringify(text)}`);
  if (outcome.ended - outcome.started < TIMEOUT_MS) problems.push(`the call took ${outcome.ended - outcome.started} ms, less than its timeout: nothing was shown`);
  const form = handled[firstHandled];
  if (!form || handled.length !== firstHandled + 1) problems.push(`the handler got ${handled.length - firstHandled} forms, not 1`);
  else if (form.aborted) problems.push('the SDK aborted the form');

  const notes = progressOf(wire, outcome.started).filter(({ t }) => t <= outcome.ended);
  let previous = -Infinity;
  for (const { msg } of notes) {
    const p = msg.params ?? {};
    problems.push(...validProgress(msg, `progress #${p.progress}`));
    if (p.progressToken !== token) problems.push(`progress for the token ${JSON.stringify(p.progressToken)}, not ${JSON.stringify(token)}`);
    if (typeof p.message !== 'string' || !/waiting/i.test(p.message)) problems.push(`progress #${p.progress} does not say what it waits for: ${JSON.stringify(p.message)}`);
    if (!(p.progress > previous)) problems.push(`progress went from ${previous} to ${p.progress}`);
    previous = p.progress;
  }
  // While the form waited (from the handler getting it to its answer), one every EVERY_MS:
  // at least half that many on a busy machine, and no flood.
  const waited = form ? form.answeredAt - form.receivedAt : ANSWER_AFTER_MS;
  const expected = Math.floor(waited / EVERY_MS);
  const atLeast = Math.max(2, Math.floor(expected / 2));
  if (notes.length < atLeast || notes.length > expected + 2) {
    problems.push(`${notes.length} progress notifications while the form waited ${waited} ms: expected about ${expected} (${atLeast} to ${expected + 2})`);
  }
  if (seen.length !== notes.length) problems.push(`onprogress got ${seen.length} of the ${notes.length} notifications`);
  // The server stops when the form is answered.
  await sleep(3 * EVERY_MS);
  const late = progressOf(wire, outcome.ended + 1);
  if (late.length) problems.push(`${late.length} progress notifications after the call ended: ${JSON.stringify(late[0].msg)}`);
  const summary = `${notes.length} progress notifications in ${outcome.ended - outcome.started} ms, e.g. ${JSON.stringify(notes[0]?.msg?.params)}`;
  if (problems.length) problems.push(summary);
  check(name, problems);
  if (!problems.length) console.log(`     ${summary}`);
}

// 2. without a token: no progress, and the timeout fires
async function withoutToken({ client, wire, handled }) {
  const name = `ts progress: ${TOOL} without onprogress (no progressToken) gets no progress and times out after ${TIMEOUT_MS} ms`;
  const problems = [];
  const firstHandled = handled.length;
  const outcome = await call(client, { timeout: TIMEOUT_MS });
  const sent = lastCall(wire)?.msg;
  if (sent?.params?._meta?.progressToken !== undefined) problems.push(`the SDK sent a progressToken anyway: ${JSON.stringify(sent.params._meta)}`);
  if (!outcome.error) problems.push(`the call succeeded: ${JSON.stringify(textOf(outcome.result))}`);
  else if (outcome.error.code !== ErrorCode.RequestTimeout) problems.push(`the call failed with ${outcome.error.code}, not ${ErrorCode.RequestTimeout} (timeout): ${outcome.error.message}`);
  const took = outcome.ended - outcome.started;
  if (took < TIMEOUT_MS || took >= ANSWER_AFTER_MS) problems.push(`the call ended after ${took} ms, not between its timeout and the answer`);
  // Watch the wire until well after the answer would have come.
  await sleep(Math.max(0, outcome.started + ANSWER_AFTER_MS + 3 * EVERY_MS - Date.now()));
  const notes = progressOf(wire, outcome.started);
  if (notes.length) problems.push(`${notes.length} progress notifications without a progressToken: ${JSON.stringify(notes[0].msg)}`);
  // The SDK cancels the call; the server withdraws its form.
  const form = handled[firstHandled];
  const cancelledCall = wire.outgoing.some(({ msg }) => msg.method === 'notifications/cancelled' && msg.params?.requestId === sent?.id);
  if (!cancelledCall) problems.push('the SDK sent no notifications/cancelled for the timed-out call');
  if (!form) problems.push('the handler got no form');
  else {
    const withdrawn = wire.incoming.some(({ msg }) => msg.method === 'notifications/cancelled' && msg.params?.requestId === form.id);
    if (!withdrawn) problems.push(`the server did not withdraw elicitation/create #${form.id} (no notifications/cancelled for it)`);
  }
  check(name, problems);
}

// 3. the server's progress off: the call times out even with a token
async function progressOff({ client, wire }) {
  const name = `ts progress: with --progress-every-ms 0 the server sends no progress, and a progressToken call times out`;
  const problems = [];
  const seen = [];
  const outcome = await call(client, { timeout: TIMEOUT_MS, resetTimeoutOnProgress: true, onprogress: (p) => seen.push(p) });
  if (lastCall(wire)?.msg?.params?._meta?.progressToken === undefined) problems.push('the tools/call carried no _meta.progressToken');
  if (!outcome.error) problems.push(`the call succeeded: ${JSON.stringify(textOf(outcome.result))}`);
  else if (outcome.error.code !== ErrorCode.RequestTimeout) problems.push(`the call failed with ${outcome.error.code}, not ${ErrorCode.RequestTimeout} (timeout)`);
  await sleep(Math.max(0, outcome.started + ANSWER_AFTER_MS + 3 * EVERY_MS - Date.now()));
  const notes = progressOf(wire, outcome.started);
  if (notes.length || seen.length) problems.push(`${notes.length} progress notifications (${seen.length} to onprogress): ${JSON.stringify(notes[0]?.msg)}`);
  check(name, problems);
}

let exitCode = 0;
const sessions = [];
try {
  const paced = await session(EVERY_MS);
  sessions.push(paced);
  const version = paced.client.getServerVersion();
  const { tools } = await paced.client.listTools();
  const negotiated = paced.wire.incoming.find(({ msg }) => typeof msg.result?.protocolVersion === 'string')?.msg.result.protocolVersion;
  console.log(
    `ts progress: @modelcontextprotocol/sdk ${sdkVersion} on node ${process.version}, server ${version?.name} ${version?.version}, negotiated ${negotiated}`,
  );
  const problems = tools.some((t) => t.name === TOOL) ? [] : [`no ${TOOL} in ${tools.map((t) => t.name).join(', ')}`];
  if (negotiated !== LATEST_PROTOCOL_VERSION) problems.push(`negotiated ${negotiated}, not ${LATEST_PROTOCOL_VERSION}`);
  check(`ts progress: initialize on ${LATEST_PROTOCOL_VERSION}, tools/list has ${TOOL}`, problems);
  await withToken(paced);
  await withoutToken(paced);
  const off = await session(0);
  sessions.push(off);
  await progressOff(off);
} catch (e) {
  check('ts progress session', [String(e?.stack ?? e)]);
} finally {
  for (const { client } of sessions) await client.close().catch(() => {});
}
if (counts.failed > 0) exitCode = 1;
console.log(`RESULT passed=${counts.passed} failed=${counts.failed}`);
process.exit(exitCode);
