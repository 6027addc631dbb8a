// Judge: the official TypeScript client v2 (@modelcontextprotocol/client, pinned in
// next/package.json) on protocol 2026-07-28 against an elicit stdio server.
//
// usage: node ts2_client.mjs --spec <2026-07-28 schema.json> <server-binary> [args...]
//
// The client pins the revision (`versionNegotiation: {mode: {pin: '2026-07-28'}}`: the
// SDK asks `server/discover` on a short-lived sibling of the server process, then talks
// to the server with the revision, its info and its capabilities in every request's
// `_meta`, and no `initialize`). It registers one `elicitation/create` handler and lets
// the SDK's input-required driver play the rounds: on an `InputRequiredResult` the SDK
// hands each input request to the handler and calls the tool again with
// `inputResponses` and the `requestState`.
//
// For every tool of the server (but those named in INTEROP_SKIP_TOOLS) it checks, each
// as one "PASS ..." / "FAIL ..." line:
//   - accept, decline, cancel: the form is answered so on every ask; the tool result
//     is not an error and shows every accepted value, or says "declined" / "cancelled";
//   - invalid then valid: the first ask is answered with one field broken (a value of
//     the right wire type that breaks the field's schema: above its maximum, not one of
//     its options...); the server asks again in the next round under the key
//     `<key>-retry-1`, with the original message followed by the problem naming the
//     field, and the fields answered right as their `default`; the valid answer to that
//     completes the call as in accept;
//     (a tool that asks in steps, a choice then its fields, asks its next question under
//     a key of its own after that);
//   - invalid always: the server asks three times (stdio_server's two re-asks) under
//     `<key>`, `<key>-retry-1`, `<key>-retry-2`, then ends the call with a tool error
//     that names the field;
//   - manual mode (`allowInputRequired: true`): the InputRequiredResult as callTool
//     returns it equals the one on the wire (no key stripped or added by the SDK's
//     parse); the call is then abandoned.
// And in every call:
//   - every InputRequiredResult, as it was on the wire (a tap on the transport sees each
//     message before the SDK parses it), is valid against the official schema's
//     `InputRequiredResult`, each input request against its `ElicitRequest`, and has
//     nothing but `resultType: "input_required"`, `inputRequests` of form-mode
//     `elicitation/create` requests and a non-empty `requestState` (`_meta` allowed);
//   - the handler got every input request, its params equal to the wire's (no key
//     stripped, changed or added by the SDK's parse, apart from a `mode` default);
//   - every retry carries an answer for each input key and the `requestState` byte for
//     byte; the final result is valid against the official schema's `CallToolResult`
//     and the SDK returned it unchanged (but `resultType`, which the SDK consumes).
// The last line is "RESULT passed=N failed=M"; the exit code is non-zero if a check failed.
//
// run.sh copies this file, forms.mjs and spec.mjs next to the node_modules of next/.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readFileSync } from 'node:fs';
import {
  added,
  brokenContent,
  checker,
  compact,
  diff,
  expectedInText,
  sameJson,
  sampleContent,
  shows,
  skippedTools,
  textOf,
  toolArguments,
} from './forms.mjs';
import { officialSchema } from './spec.mjs';

const REVISION = '2026-07-28';
// stdio_server's REASKS: a form whose answer breaks it is asked this many more times.
const REASKS = 2;

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
const [command, ...args] = argv;
if (!command || !specPath) {
  console.error('usage: node ts2_client.mjs --spec <2026-07-28 schema.json> <server-binary> [args...]');
  process.exit(2);
}
const clientVersion = JSON.parse(
  readFileSync(new URL('./node_modules/@modelcontextprotocol/client/package.json', import.meta.url), 'utf8'),
).version;
const { check, counts } = checker();

const official = officialSchema(specPath);
const validInputRequired = official('InputRequiredResult');
const validElicitRequest = official('ElicitRequest');
const validCallToolResult = official('CallToolResult');

// ---- the shape of an InputRequiredResult from an elicit server ----

const RESULT_KEYS = new Set(['resultType', 'inputRequests', 'requestState', '_meta']);
const REQUEST_KEYS = new Set(['method', 'params']);
const PARAMS_KEYS = new Set(['mode', 'message', 'requestedSchema', '_meta']);
const unexpected = (obj, allowed) => Object.keys(obj).filter((k) => !allowed.has(k));

function inputRequiredProblems(result) {
  const out = [];
  const extra = unexpected(result, RESULT_KEYS);
  if (extra.length) out.push(`unexpected keys ${JSON.stringify(extra)}`);
  if (result.resultType !== 'input_required') out.push(`resultType is ${JSON.stringify(result.resultType)}, not "input_required"`);
  if (typeof result.requestState !== 'string' || !result.requestState) {
    out.push(`requestState is ${JSON.stringify(result.requestState)}, not a non-empty string`);
  }
  const requests = result.inputRequests;
  if (requests === null || typeof requests !== 'object' || Array.isArray(requests) || !Object.keys(requests).length) {
    out.push(`inputRequests is ${JSON.stringify(requests)}, not a non-empty object`);
  } else {
    for (const [key, request] of Object.entries(requests)) {
      const where = `inputRequests.${key}`;
      if (request === null || typeof request !== 'object') {
        out.push(`${where} is not an object`);
        continue;
      }
      const extraR = unexpected(request, REQUEST_KEYS);
      if (extraR.length) out.push(`${where} has unexpected keys ${JSON.stringify(extraR)}`);
      if (request.method !== 'elicitation/create') out.push(`${where}.method is ${JSON.stringify(request.method)}, not "elicitation/create"`);
      const params = request.params ?? {};
      const extraP = unexpected(params, PARAMS_KEYS);
      if (extraP.length) out.push(`${where}.params has unexpected keys ${JSON.stringify(extraP)}`);
      if (params.mode !== 'form') out.push(`${where}.params.mode is ${JSON.stringify(params.mode)}, not "form"`);
      const schema = params.requestedSchema;
      if (!(schema?.type === 'object' && schema.properties && typeof schema.properties === 'object')) {
        out.push(`${where}.params.requestedSchema is not an object schema with properties`);
      }
      out.push(...validElicitRequest(request, where));
    }
  }
  out.push(...validInputRequired(result, 'the result'));
  return out;
}

// ---- the session, tapped ----

const transport = new StdioClientTransport({ command, args, stderr: 'inherit' });

const rounds = []; // every InputRequiredResult on the wire, raw: {id, result}
const results = new Map(); // request id -> raw result of every other response
const calls = []; // the params of every tools/call sent, raw: {id, params}
const sentForms = []; // every input request: {label, key, round, params}
// Protocol.connect() chains a pre-existing onmessage: this tap sees every message before
// the SDK parses it.
transport.onmessage = (msg) => {
  const result = msg?.result;
  if (msg?.id === undefined || result === null || typeof result !== 'object') return;
  if (result.resultType === 'input_required' || 'inputRequests' in result || 'requestState' in result) {
    rounds.push({ id: msg.id, result: structuredClone(result) });
    const requests = result.inputRequests;
    for (const [key, request] of Object.entries(requests && typeof requests === 'object' ? requests : {})) {
      sentForms.push({ label: roundLabel(rounds.length, key), key, round: rounds.length, params: structuredClone(request?.params) });
    }
  } else results.set(msg.id, structuredClone(result));
};
const send = transport.send.bind(transport);
transport.send = (msg, options) => {
  if (msg?.method === 'tools/call') calls.push({ id: msg.id, params: structuredClone(msg.params) });
  return send(msg, options);
};

function roundLabel(n, key) {
  return `InputRequiredResult #${n} inputRequests.${key}`;
}

const client = new Client(
  { name: 'elicit-interop-ts2', version: clientVersion },
  {
    capabilities: { elicitation: { form: {} } },
    versionNegotiation: { mode: { pin: REVISION } },
  },
);

// What the handler got and answered, per label (and, for a broken answer, which field it
// broke: {content, field, why}); the plan of the call in progress.
const received = new Map();
const answers = new Map();
const broken = new Map();
let plan = () => ({ result: { action: 'cancel' } });
let asks = []; // the labels of the forms the handler got during the current call

client.setRequestHandler('elicitation/create', async (request, ctx) => {
  // The SDK passes the input key as the request id; the InputRequiredResult it came in
  // is the last one the tap saw.
  const label = roundLabel(rounds.length, ctx.mcpReq.id);
  received.set(label, structuredClone(request.params));
  const answer = plan(request.params, asks.length);
  asks.push(label);
  if (answer.broken) broken.set(label, answer.broken);
  answers.set(label, answer.result);
  return answer.result;
});

// Answers with one field broken; with nothing to break, content that is valid (the
// call's checks then say so).
function breaking(params) {
  const b = brokenContent(params.requestedSchema);
  return b ? { result: { action: 'accept', content: b.content }, broken: b } : PLANS.accept(params);
}

// Each plan answers the n-th form of a call (0: the first ask; 1, 2: re-asks).
const PLANS = {
  accept: (params) => ({ result: { action: 'accept', content: sampleContent(params.requestedSchema) } }),
  decline: () => ({ result: { action: 'decline' } }),
  cancel: () => ({ result: { action: 'cancel' } }),
  'invalid then valid': (params, n) => (n === 0 ? breaking(params) : PLANS.accept(params)),
  'invalid always': (params) => breaking(params),
};

// The InputRequiredResults of one call and the retries that answer them.
function roundProblems(firstRound, firstCall) {
  const out = [];
  const myRounds = rounds.slice(firstRound);
  const myCalls = calls.slice(firstCall);
  if (myRounds.length === 0) out.push('the server answered without an InputRequiredResult');
  myRounds.forEach(({ result }, i) => {
    const n = firstRound + i + 1;
    for (const p of inputRequiredProblems(result)) out.push(`InputRequiredResult #${n}: ${p}`);
    const retry = myCalls[i + 1]?.params;
    if (!retry) {
      out.push(`the client sent no retry after InputRequiredResult #${n}`);
      return;
    }
    if (retry.requestState !== result.requestState) out.push(`the retry after InputRequiredResult #${n} does not echo its requestState`);
    const asked = Object.keys(result.inputRequests ?? {}).sort();
    const answered = Object.keys(retry.inputResponses ?? {}).sort();
    if (JSON.stringify(asked) !== JSON.stringify(answered)) {
      out.push(`the retry after InputRequiredResult #${n} answers ${JSON.stringify(answered)}, the server asked ${JSON.stringify(asked)}`);
    }
  });
  if (myCalls.length !== myRounds.length + 1) out.push(`${myCalls.length} tools/call requests for ${myRounds.length} InputRequiredResults`);
  return out;
}

// The handler got each form as it was on the wire.
function formProblems(forms) {
  const out = [];
  for (const { label, params } of forms) {
    const got = received.get(label);
    if (got === undefined) {
      out.push(`the handler never got ${label}: ${JSON.stringify(params)}`);
      continue;
    }
    for (const d of [...diff(params, got), ...added(params, got, ['/mode'])]) out.push(`${label}: ${d}`);
  }
  return out;
}

// A re-ask: the key, the message and the defaults, against the ask before it and the
// answer that broke it.
function reaskProblems(previous, reask, attempt, broken) {
  const out = [];
  const base = previous.key.replace(/-retry-\d+$/, '');
  if (reask.key !== `${base}-retry-${attempt}`) out.push(`re-ask ${attempt} has the key ${JSON.stringify(reask.key)}, not "${base}-retry-${attempt}"`);
  const message = reask.params?.message ?? '';
  const original = (previous.params?.message ?? '').split('\n\nPlease correct your answer:')[0];
  if (!message.startsWith(original)) out.push(`re-ask ${attempt}'s message does not start with the original message: ${JSON.stringify(message)}`);
  // The field by the title the user was shown, else by its wire name.
  const title = previous.params?.requestedSchema?.properties?.[broken.field]?.title;
  const shown = title !== undefined ? `- ${title}: ` : `- \`${broken.field}\`: `;
  if (!message.includes(shown)) out.push(`re-ask ${attempt}'s message does not name ${JSON.stringify(shown)}: ${JSON.stringify(message)}`);
  const props = reask.params?.requestedSchema?.properties ?? {};
  for (const [field, value] of Object.entries(broken.content)) {
    if (field === broken.field) continue;
    if (!sameJson(value, props[field]?.default)) {
      out.push(`re-ask ${attempt} does not fill in \`${field}\` answered right: default ${JSON.stringify(props[field]?.default)}, answered ${JSON.stringify(value)}`);
    }
  }
  return out;
}

async function callOnce(tool, name) {
  const label = `ts2 ${tool.name} ${name}`;
  const problems = [];
  plan = PLANS[name];
  asks = [];
  const firstRound = rounds.length;
  const firstCall = calls.length;
  const firstForm = sentForms.length;
  let result;
  try {
    result = await client.callTool({ name: tool.name, arguments: toolArguments(tool) });
  } catch (e) {
    problems.push(`tools/call failed: ${e?.message ?? e}`);
  }
  const forms = sentForms.slice(firstForm);
  if (forms.length === 0) problems.push('the server asked for no form');
  problems.push(...roundProblems(firstRound, firstCall));
  problems.push(...formProblems(forms));

  // The forms asked, in order, and the answers that broke them.
  const brokenAnswers = forms.map((f) => broken.get(f.label));
  if (name === 'invalid then valid' || name === 'invalid always') {
    // A re-ask is the question again under `<key>-retry-N`; a tool that asks in steps (a
    // choice, then its fields) asks its next question under a key of its own.
    const isRetry = (form) => /-retry-\d+$/.test(form.label);
    const retries = forms.filter(isRetry).length;
    const expected = name === 'invalid always' ? REASKS : 1;
    if (retries !== expected) problems.push(`the server asked again ${retries} times, not ${expected}`);
    if (forms.length > 0 && !brokenAnswers[0]) problems.push('no field of the form could be broken: nothing to check');
    for (let i = 1; i < forms.length; i += 1) {
      if (!isRetry(forms[i])) continue;
      if (brokenAnswers[i - 1]) problems.push(...reaskProblems(forms[i - 1], forms[i], i, brokenAnswers[i - 1]));
      else problems.push(`the server asked again (${forms[i].label}) after an answer that was not broken`);
    }
  }

  const lastCall = calls[calls.length - 1];
  const raw = lastCall ? results.get(lastCall.id) : undefined;
  if (result) {
    if (raw === undefined) problems.push('the final result was not seen on the wire');
    else {
      problems.push(...validCallToolResult(raw, 'the final result'));
      for (const d of [...diff(raw, result), ...added(raw, result)]) if (d !== 'stripped /resultType') problems.push(`the final result: ${d}`);
      if (raw.resultType !== 'complete') problems.push(`the final result's resultType is ${JSON.stringify(raw.resultType)}, not "complete"`);
    }
    const text = textOf(result);
    if (name === 'invalid always') {
      const field = brokenAnswers[0]?.field;
      if (!result.isError) problems.push('the tool did not end with an error');
      if (!/^elicitation failed/.test(text)) problems.push('the error does not say the elicitation failed');
      if (field && !text.includes(`\`${field}\``)) problems.push(`the error does not name the field \`${field}\``);
    } else if (result.isError) problems.push(`the tool returned an error: ${text}`);
    else if (name === 'accept' || name === 'invalid then valid') {
      const content = answers.get(forms[forms.length - 1]?.label)?.content ?? {};
      for (const [path, v] of expectedInText(content)) if (!shows(text, v)) problems.push(`the result does not show ${path} = ${JSON.stringify(v)}`);
    } else if (name === 'decline' && !/declin/i.test(text)) problems.push('the result does not say declined');
    else if (name === 'cancel' && !/cancel/i.test(text)) problems.push('the result does not say cancelled');
    if (problems.length > 0) problems.push(`result text: ${JSON.stringify(text)}`);
  }
  const notes = [];
  const verbose = Boolean(process.env.INTEROP_VERBOSE);
  if (verbose) rounds.slice(firstRound).forEach((r, i) => notes.push(`InputRequiredResult #${firstRound + i + 1}: ${JSON.stringify(r.result)}`));
  for (const f of forms) if (answers.has(f.label)) notes.push(`answer to ${f.label}: ${JSON.stringify(answers.get(f.label))}`);
  if (problems.length > 0) problems.push(...notes);
  check(label, problems);
  if (problems.length === 0 && verbose) for (const n of notes) console.log(`     ${n}`);
}

// Manual mode: the InputRequiredResult as the SDK hands it back, against the wire.
async function manualOnce(tool) {
  const label = `ts2 ${tool.name} manual mode: the InputRequiredResult callTool returns is the wire's`;
  const problems = [];
  plan = PLANS.cancel;
  const firstRound = rounds.length;
  const handled = received.size;
  let returned;
  try {
    returned = await client.callTool({ name: tool.name, arguments: toolArguments(tool) }, { allowInputRequired: true });
  } catch (e) {
    problems.push(`tools/call failed: ${e?.message ?? e}`);
  }
  const mine = rounds.slice(firstRound);
  if (mine.length !== 1) problems.push(`${mine.length} InputRequiredResults on the wire, not 1`);
  if (returned && mine[0]) {
    problems.push(...inputRequiredProblems(mine[0].result).map((p) => `InputRequiredResult: ${p}`));
    for (const d of [...diff(mine[0].result, returned), ...added(mine[0].result, returned)]) problems.push(`InputRequiredResult: ${d}`);
  }
  if (received.size !== handled) problems.push('the SDK called the elicitation handler in manual mode');
  if (problems.length > 0 && returned) problems.push(`returned: ${compact(JSON.stringify(returned))}`);
  check(label, problems);
}

let exitCode = 0;
try {
  await client.connect(transport);
  const negotiated = client.getNegotiatedProtocolVersion();
  console.log(`ts2: @modelcontextprotocol/client ${clientVersion} on node ${process.version}, pinned ${REVISION}, negotiated ${negotiated}`);
  check(`ts2 server/discover: the session is on ${REVISION}`, negotiated === REVISION ? [] : [`negotiated ${negotiated}`]);
  const { tools } = await client.listTools();
  check(`ts2 tools/list (${tools.map((t) => t.name).join(', ')})`, tools.length > 0 ? [] : ['no tools']);
  const skip = skippedTools();
  if (skip.size > 0) console.log(`ts2: not calling ${[...skip].join(', ')} (INTEROP_SKIP_TOOLS)`);
  for (const tool of tools.filter((t) => !skip.has(t.name))) {
    for (const name of Object.keys(PLANS)) await callOnce(tool, name);
    await manualOnce(tool);
  }
} catch (e) {
  check('ts2 session', [String(e?.stack ?? e)]);
} finally {
  await client.close().catch(() => {});
}
if (counts.failed > 0) exitCode = 1;
console.log(`RESULT passed=${counts.passed} failed=${counts.failed}`);
process.exit(exitCode);
