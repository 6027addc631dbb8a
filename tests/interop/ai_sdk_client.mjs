// Third-party judge: the AI SDK's MCP client (`@ai-sdk/mcp` from npm, pinned in
// ai-sdk/package.json and ai-sdk/package-lock.json) with its own elicitation handler,
// against an elicit stdio server.
//
//   node ai_sdk_client.mjs --protocol 2025-11-25|2026-07-28 --wire LOG --python PYTHON \
//       <server-binary> [args...]
//
// `@ai-sdk/mcp` is the AI SDK's own implementation of the protocol (it does not use the
// official SDK). `createMCPClient({transport, capabilities: {elicitation: {}}})` and
// `client.onElicitationRequest(ElicitationRequestSchema, handler)`: the handler gets
// `{method, params: {message, requestedSchema}}` and returns `{action, content}`.
//
// Revisions: with `protocolVersionDiscovery: false` it runs the initialize handshake
// offering 2025-11-25 (LATEST_LEGACY_PROTOCOL_VERSION; it accepts 2025-06-18 and older
// from a server, but never offers them, so 2025-06-18 cannot be judged with it); by
// default it first sends `server/discover` and speaks 2026-07-28, answering each
// InputRequiredResult's form requests through the same handler and retrying the call.
//
// The server runs behind wiretap.py (with PYTHON), which logs every message as it
// crossed stdio. Every tool (but INTEROP_SKIP_TOOLS) is called with accept (content made
// from the received requestedSchema alone: type, enum/oneOf, format, minimum/maximum,
// lengths, item counts; booleans ticked, choices away from the default), decline and
// cancel. A call passes when:
//   - the server asked at least once, and the handler got each form with the schema
//     that was sent (nothing stripped or changed),
//   - each answer on the wire is the handler's, action and content ("FRAMEWORK:"
//     otherwise: the AI SDK changed it),
//   - the tool result is not an error and shows what the user gave: every string and
//     integer value, every ticked option of a checkbox group (a boolean property named
//     FIELD.OPTION or FIELD__OPTION: OPTION must appear), or "declined" / "cancelled".
// Tools named in INTEROP_SKIP_TOOLS (comma-separated) are not called. Prints one
// "PASS ..." or "FAIL ..." line per check and "RESULT passed=N failed=M".

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const AI_SDK_VERSION = require('@ai-sdk/mcp/package.json').version;
const MODERN = '2026-07-28';
const ACTIONS = ['accept', 'decline', 'cancel'];
const TIMEOUT_MS = 60_000;

// ---- arguments ----

const argv = process.argv.slice(2);
const opts = { protocol: null, wire: null, python: 'python3', wiretap: path.join(HERE, 'wiretap.py') };
while (argv.length && argv[0].startsWith('--')) {
  const flag = argv.shift().slice(2);
  if (!(flag in opts)) throw new Error(`unknown option --${flag}`);
  opts[flag] = argv.shift();
}
const [server, ...serverArgs] = argv;
if (!server || !opts.wire || !['2025-11-25', MODERN].includes(opts.protocol)) {
  console.error('usage: node ai_sdk_client.mjs --protocol 2025-11-25|2026-07-28 --wire LOG [--python PY] [--wiretap PATH] <server> [args...]');
  process.exit(2);
}

// ---- checks ----

let passed = 0;
let failed = 0;
function check(name, problems) {
  if (problems.length === 0) {
    passed++;
    console.log(`PASS ${name}`);
  } else {
    failed++;
    console.log(`FAIL ${name}`);
    for (const p of problems) console.log(`     ${p}`);
  }
}
function finish() {
  console.log(`RESULT passed=${passed} failed=${failed}`);
  process.exit(failed ? 1 : 0);
}

// ---- values made from the received schema alone ----

function options(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  for (const key of ['oneOf', 'anyOf']) if (Array.isArray(schema[key])) return schema[key].map((o) => o?.const);
  return null;
}

function sampleString(schema) {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  switch (schema.format) {
    case 'email': {
      let local = 'interop';
      while (local.length + 12 < min) local += 'x';
      return `${local}@example.com`;
    }
    case 'uri': {
      let u = 'https://example.com/interop';
      while (u.length < min) u += 'x';
      return u;
    }
    case 'date':
      return '2025-03-14';
    case 'date-time':
      return '2025-03-14T15:09:26Z';
    default: {
      let s = 'Interop sample';
      while ([...s].length < min) s += 'x';
      return [...s].slice(0, max).join('');
    }
  }
}

/** A valid value, away from the default where there is a choice. */
function valueFor(schema) {
  schema = schema && typeof schema === 'object' ? schema : {};
  const def = schema.default;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') {
    const opts = options(schema.items ?? {}) ?? [];
    let n = Math.max(schema.minItems ?? 0, Math.min(2, opts.length));
    if (schema.maxItems !== undefined) n = Math.min(n, schema.maxItems);
    return opts.slice(0, n);
  }
  const opts = options(schema);
  if (opts && opts.length) return opts.find((o) => o !== def) ?? opts[0];
  if (schema.type === 'integer' || schema.type === 'number') {
    const lo = schema.minimum ?? -1e9;
    const hi = schema.maximum ?? 1e9;
    for (const v of [7, 3, 5, 1, 2, lo, hi]) if (v >= lo && v <= hi && v !== def) return v;
    return def ?? lo;
  }
  return sampleString(schema);
}

function contentFor(requestedSchema) {
  const content = {};
  for (const [name, s] of Object.entries(requestedSchema?.properties ?? {})) content[name] = valueFor(s);
  return content;
}

function toolArguments(tool) {
  const schema = tool.inputSchema ?? {};
  const args = {};
  for (const name of schema.required ?? []) args[name] = valueFor(schema.properties?.[name]);
  return args;
}

// ---- comparisons ----

function diff(raw, parsed, p = '') {
  const out = [];
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const k of Object.keys(raw)) {
      if (!(parsed !== null && typeof parsed === 'object' && k in parsed)) out.push(`stripped ${p}/${k}`);
      else out.push(...diff(raw[k], parsed[k], `${p}/${k}`));
    }
  } else if (Array.isArray(raw)) {
    if (!Array.isArray(parsed) || parsed.length !== raw.length) out.push(`changed ${p}: ${JSON.stringify(raw)} -> ${JSON.stringify(parsed)}`);
    else raw.forEach((x, i) => out.push(...diff(x, parsed[i], `${p}/${i}`)));
  } else if (raw !== parsed) {
    out.push(`changed ${p}: ${JSON.stringify(raw)} -> ${JSON.stringify(parsed)}`);
  }
  return out;
}

const squash = (s) => String(s).toLowerCase().replace(/[^a-z0-9]/g, '');
const shows = (text, v) => text.includes(String(v)) || (squash(v).length > 0 && squash(text).includes(squash(v)));
const CHECKBOX = /^(.+?)(?:\.|__)([^.]+)$/;

function expectedInText(content) {
  const out = [];
  for (const [k, v] of Object.entries(content)) {
    const m = v === true ? CHECKBOX.exec(k) : null;
    if (m) {
      out.push([`${k} (ticked option)`, m[2]]);
      continue;
    }
    const items = Array.isArray(v) ? v.map((x, i) => [`${k}[${i}]`, x]) : [[k, v]];
    for (const [p, x] of items) if (typeof x === 'string' || Number.isInteger(x)) out.push([p, x]);
  }
  return out;
}

// ---- the wire, as wiretap.py logged it ----

let wireOffset = 0;
const markWire = () => {
  wireOffset = fs.existsSync(opts.wire) ? fs.statSync(opts.wire).size : 0;
};
function wireSinceMark() {
  if (!fs.existsSync(opts.wire)) return [];
  return fs.readFileSync(opts.wire).subarray(wireOffset).toString('utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** The forms the server sent and the answers the client sent, [label, ...] in order, for both eras. */
function formsAndAnswers(entries) {
  const forms = [];
  const answers = [];
  const asked = new Map();
  let rounds = 0;
  for (const { dir, msg = {} } of entries) {
    if (dir === 's2c') {
      if (msg.method === 'elicitation/create') {
        const label = `elicitation/create #${msg.id}`;
        asked.set(msg.id, label);
        forms.push([label, msg.params ?? {}]);
      }
      if (msg.result?.resultType === 'input_required') {
        rounds++;
        for (const [key, request] of Object.entries(msg.result.inputRequests ?? {})) forms.push([`InputRequiredResult #${rounds} inputRequests.${key}`, request?.params ?? {}]);
      }
    } else {
      if (msg.method === undefined && asked.has(msg.id) && 'result' in msg) answers.push([asked.get(msg.id), msg.result]);
      if (msg.method === 'tools/call') {
        for (const [key, response] of Object.entries(msg.params?.inputResponses ?? {})) answers.push([`InputRequiredResult #${rounds} inputRequests.${key}`, response]);
      }
    }
  }
  return { forms, answers };
}

// ---- the handler ----

let action = 'accept';
const handled = []; // per handler call: the schema it got and the answer it gave

function handler(request) {
  const schema = JSON.parse(JSON.stringify(request.params?.requestedSchema ?? null));
  const answer = action === 'accept' ? { action, content: contentFor(schema) } : { action };
  handled.push({ schema, answer: JSON.parse(JSON.stringify(answer)) });
  return answer;
}

// ---- one call ----

function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function callOnce(client, tag, tool, act) {
  action = act;
  const problems = [];
  const first = handled.length;
  markWire();
  let result = null;
  try {
    result = await withTimeout(client.callTool({ name: tool.name, arguments: toolArguments(tool) }), `tools/call ${tool.name}`);
  } catch (e) {
    problems.push(`tools/call failed: ${e?.stack ?? e}`);
  }
  const mine = handled.slice(first);
  const { forms, answers } = formsAndAnswers(wireSinceMark());
  if (forms.length === 0) problems.push('the server asked for no form');
  if (mine.length !== forms.length) problems.push(`the server sent ${forms.length} forms, the AI SDK's handler was called ${mine.length} times`);
  forms.forEach(([label, sent], i) => {
    if (!mine[i]) return;
    for (const d of diff(sent.requestedSchema, mine[i].schema)) problems.push(`FRAMEWORK: ${label}: the AI SDK changed the schema before the handler: ${d}`);
  });
  mine.forEach((got, i) => {
    const [label, onWire] = answers[i] ?? [`answer #${i + 1}`, null];
    if (!onWire) {
      problems.push(`${label}: the AI SDK sent no answer for the handler's ${JSON.stringify(got.answer)}`);
      return;
    }
    for (const d of diff(got.answer, onWire)) problems.push(`FRAMEWORK: ${label}: the answer on the wire differs from the handler's: ${d}`);
    const extra = Object.keys(onWire.content ?? {}).filter((k) => !(k in (got.answer.content ?? {})));
    if (extra.length) problems.push(`FRAMEWORK: ${label}: the AI SDK added content keys ${JSON.stringify(extra)}`);
  });
  let text = '';
  if (result) {
    text = (result.content ?? []).map((c) => c.text ?? '').join('\n');
    if (result.isError) problems.push(`the tool returned an error: ${JSON.stringify(text)}`);
    else if (act === 'accept') {
      const last = mine.at(-1)?.answer.content ?? {};
      for (const [p, v] of expectedInText(last)) if (!shows(text, v)) problems.push(`the answer was lost: the result does not show ${p} = ${JSON.stringify(v)}`);
    } else if (act === 'decline' && !/declin/i.test(text)) problems.push('the result does not say declined');
    else if (act === 'cancel' && !/cancel/i.test(text)) problems.push('the result does not say cancelled');
  }
  const notes = [
    ...forms.map(([label, params]) => `${label} sent: ${JSON.stringify(params)}`),
    ...answers.map(([label, a]) => `${label} answered on the wire: ${JSON.stringify(a)}`),
    ...mine.map((g) => `the handler answered ${JSON.stringify(g.answer)}`),
    `result text: ${JSON.stringify(text)}`,
  ];
  if (problems.length) problems.push(...notes);
  check(`${tag} ${tool.name} ${act}`, problems);
  if (!problems.length && process.env.INTEROP_VERBOSE) for (const n of notes) console.log(`     ${n}`);
}

// ---- main ----

async function main() {
  const tag = `ai-sdk ${opts.protocol}`;
  fs.writeFileSync(opts.wire, '');
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ELICIT_')));
  const transport = new Experimental_StdioMCPTransport({ command: opts.python, args: [opts.wiretap, opts.wire, server, ...serverArgs], env, stderr: 'inherit' });
  let client;
  try {
    client = await withTimeout(
      createMCPClient({
        transport,
        clientName: 'elicit-interop-ai-sdk',
        capabilities: { elicitation: { form: {} } },
        protocolVersionDiscovery: opts.protocol === MODERN,
      }),
      'connecting',
    );
  } catch (e) {
    check(`${tag} session`, [`createMCPClient failed: ${e?.stack ?? e}`]);
    finish();
  }
  client.onElicitationRequest(ElicitationRequestSchema, handler);
  const negotiated = client.initializeResult?.protocolVersion;
  console.log(`ai-sdk: @ai-sdk/mcp ${AI_SDK_VERSION} on Node ${process.version}, protocolVersionDiscovery ${opts.protocol === MODERN}, negotiated ${negotiated}`);
  const skip = new Set((process.env.INTEROP_SKIP_TOOLS ?? '').split(',').filter(Boolean));
  try {
    const { tools } = await withTimeout(client.listTools(), 'tools/list');
    const problems = tools.length ? [] : ['no tools'];
    if (negotiated !== opts.protocol) problems.push(`the session is on ${negotiated}, not ${opts.protocol}`);
    check(`${tag} session and tools/list (${tools.map((t) => t.name).join(', ')})`, problems);
    for (const tool of tools.filter((t) => !skip.has(t.name))) for (const act of ACTIONS) await callOnce(client, tag, tool, act);
  } catch (e) {
    check(`${tag} session`, [String(e?.stack ?? e)]);
  } finally {
    await client.close().catch(() => {});
  }
  finish();
}

main().catch((e) => {
  check(`ai-sdk ${opts.protocol} session`, [String(e?.stack ?? e)]);
  finish();
});
