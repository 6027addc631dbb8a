// Shared by the third-party Node judges (ai_sdk_client.mjs, mastra_client.mjs): the
// PASS/FAIL lines, content made from a received requestedSchema alone, the wire as
// wiretap.py logged it, and one judged tool call. Node's own modules only: run.sh copies
// it next to each judge.

import fs from 'node:fs';

// ---- checks ----

let passed = 0;
let failed = 0;
export function check(name, problems) {
  if (problems.length === 0) {
    passed++;
    console.log(`PASS ${name}`);
  } else {
    failed++;
    console.log(`FAIL ${name}`);
    for (const p of problems) console.log(`     ${p}`);
  }
}
export function finish() {
  console.log(`RESULT passed=${passed} failed=${failed}`);
  process.exit(failed ? 1 : 0);
}

// ---- values made from the received schema alone ----

export function options(schema) {
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
export function valueFor(schema) {
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

export function contentFor(requestedSchema) {
  const content = {};
  for (const [name, s] of Object.entries(requestedSchema?.properties ?? {})) content[name] = valueFor(s);
  return content;
}

export function toolArguments(tool) {
  const schema = tool.inputSchema ?? {};
  const args = {};
  for (const name of schema.required ?? []) args[name] = valueFor(schema.properties?.[name]);
  return args;
}

// ---- comparisons ----

export function diff(raw, parsed, p = '') {
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

export const squash = (s) => String(s).toLowerCase().replace(/[^a-z0-9]/g, '');
export const shows = (text, v) => text.includes(String(v)) || (squash(v).length > 0 && squash(text).includes(squash(v)));
const CHECKBOX = /^(.+?)(?:\.|_)([^.]+)$/;

export function expectedInText(content) {
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

/** The forms the server sent and the answers the client sent, [label, ...] in order, for both eras. */
export function formsAndAnswers(entries) {
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
      if (msg.method === undefined && asked.has(msg.id) && ('result' in msg || 'error' in msg)) answers.push([asked.get(msg.id), 'result' in msg ? msg.result : { error: msg.error }]);
      if (msg.method === 'tools/call') {
        for (const [key, response] of Object.entries(msg.params?.inputResponses ?? {})) answers.push([`InputRequiredResult #${rounds} inputRequests.${key}`, response]);
      }
    }
  }
  return { forms, answers };
}

export const TIMEOUT_MS = 60_000;

export function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

// ---- one judged tool call ----

/**
 * A framework's elicitation handler and the checks of the calls it answers. `framework`
 * names it in the problems ("the AI SDK", "Mastra"); `wirePath` is wiretap.py's log.
 */
export class Judge {
  constructor(framework, wirePath) {
    this.framework = framework;
    this.wirePath = wirePath;
    this.action = 'accept';
    this.handled = []; // per handler call: the schema it got and the answer it gave
    this.wireOffset = 0;
    fs.writeFileSync(wirePath, '');
  }

  /** The answer to one form: content made from its requestedSchema alone, or the action. */
  answer(params) {
    const schema = JSON.parse(JSON.stringify(params?.requestedSchema ?? null));
    const answer = this.action === 'accept' ? { action: 'accept', content: contentFor(schema) } : { action: this.action };
    this.handled.push({ schema, answer: JSON.parse(JSON.stringify(answer)) });
    return answer;
  }

  wireSinceMark() {
    if (!fs.existsSync(this.wirePath)) return [];
    return fs.readFileSync(this.wirePath).subarray(this.wireOffset).toString('utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  }

  /** Calls a tool through `call()` (resolving to a CallToolResult) answering every form with `act`, and checks it. */
  async callOnce(name, act, call) {
    const fw = this.framework;
    this.action = act;
    const problems = [];
    const first = this.handled.length;
    this.wireOffset = fs.existsSync(this.wirePath) ? fs.statSync(this.wirePath).size : 0;
    let result = null;
    try {
      result = await withTimeout(call(), `the call of ${name}`);
    } catch (e) {
      problems.push(`tools/call failed: ${JSON.stringify(String(e?.stack ?? e))}`);
    }
    const mine = this.handled.slice(first);
    const { forms, answers } = formsAndAnswers(this.wireSinceMark());
    if (forms.length === 0) problems.push('the server asked for no form');
    if (mine.length !== forms.length) problems.push(`the server sent ${forms.length} forms, ${fw}'s handler was called ${mine.length} times`);
    forms.forEach(([label, sent], i) => {
      if (!mine[i]) return;
      for (const d of diff(sent.requestedSchema, mine[i].schema)) problems.push(`FRAMEWORK: ${label}: ${fw} changed the schema before the handler: ${d}`);
    });
    mine.forEach((got, i) => {
      const [label, onWire] = answers[i] ?? [`answer #${i + 1}`, null];
      if (!onWire) {
        problems.push(`FRAMEWORK: ${label}: ${fw} sent no answer for the handler's ${JSON.stringify(got.answer)}`);
        return;
      }
      if (onWire.error) {
        problems.push(`FRAMEWORK: ${label}: the handler answered ${got.answer.action}, ${fw} sent the server error ${JSON.stringify(onWire.error)}`);
        return;
      }
      for (const d of diff(got.answer, onWire)) problems.push(`FRAMEWORK: ${label}: the answer on the wire differs from the handler's: ${d}`);
      const extra = Object.keys(onWire.content ?? {}).filter((k) => !(k in (got.answer.content ?? {})));
      if (extra.length) problems.push(`FRAMEWORK: ${label}: ${fw} added content keys ${JSON.stringify(extra)}`);
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
    check(name, problems);
    if (!problems.length && process.env.INTEROP_VERBOSE) for (const n of notes) console.log(`     ${n}`);
  }
}

// ---- arguments ----

/** --flag value pairs (those in `defaults`), then the server command. */
export function parseArgs(argv, defaults, usage) {
  const opts = { ...defaults };
  argv = [...argv];
  while (argv.length && argv[0].startsWith('--')) {
    const flag = argv.shift().slice(2);
    if (!(flag in opts)) {
      console.error(usage);
      process.exit(2);
    }
    opts[flag] = argv.shift();
  }
  const [server, ...serverArgs] = argv;
  if (!server) {
    console.error(usage);
    process.exit(2);
  }
  return { opts, server, serverArgs };
}

/**
 * The server's environment (stdio transports pass few variables): ELICIT_STATE_KEY, if set,
 * the one setting that is not an argument (a secret); its options come in `serverArgs`.
 */
export const elicitEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => k === 'ELICIT_STATE_KEY'));

/** The tools not named in INTEROP_SKIP_TOOLS. */
export function notSkipped(names) {
  const skip = new Set((process.env.INTEROP_SKIP_TOOLS ?? '').split(',').filter(Boolean));
  return names.filter((n) => !skip.has(n));
}
