// Judge: URL mode with the official TypeScript SDK client (@modelcontextprotocol/sdk,
// pinned in package.json, protocol 2025-11-25) and a real browser (browser.mjs:
// Debian's Chromium, headless, through WebDriver) against stdio_server's
// `connect_api_key` and `require_api_key`.
//
// usage: node ts_url_client.mjs [--logs DIR] [--no-browser] <stdio_server binary>
//
// The client declares `elicitation: {form: {}, url: {}}` and checks, each as one line
// "PASS ..." / "FAIL ...":
//   1. require_api_key without a key: the call fails with -32042, which the SDK turns
//      into its typed UrlElicitationRequiredError; the error's elicitation passes the
//      SDK's zod schema for URL-mode params with no key stripped, carries an
//      `elicitationId` (the same on a second try) and the page's URL
//      (`/elicit/{elicitationId}`, the toolkit's page of the `#[elicit(page)]` form); the
//      browser opens that page, types a key and submits (outcome `done`); the retried
//      call receives the key and says its last four.
//   2. connect_api_key, accepted: one `elicitation/create` (mode "url", elicitationId,
//      url) that the SDK's zod parse accepts unchanged; the browser completes the page;
//      `notifications/elicitation/complete` arrives with the same elicitationId, before
//      the tool's result, which says "stored an API key ending in …" and the last four.
//   3. connect_api_key declined and cancelled: said so, no notification.
//   4. the page's refusals over plain HTTP: an id that was used (completed and consumed),
//      a malformed id, a form posted from another origin, a form without the page's CSRF
//      token; the page's security headers.
//   5. phishing, on a second server that waits 3 s for the page: the user's call starts
//      an interaction; the page is opened in the browser as another user ("mallory", the
//      page's stand-in login cookie): a refusal page and no form; mallory's posted form
//      is refused too; the user's call ends with an error and no completion, and
//      nothing of mallory's was stored (the server logged no key, and require_api_key
//      still has no key); the user's own form with a key too short gets the form again
//      with the problem by the key field, and the interaction stays pending.
//   6. a client on 2025-06-18 (the SDK's initialize, offering that revision) and a
//      form-only client on 2025-11-25: both tools end with a result that says the client
//      cannot do URL mode, and nothing is asked.
// In every session, no API key typed into the page ever appears in an MCP message.
// Screenshots of the pages go to the --logs directory. The last line is
// "RESULT passed=N failed=M"; the exit code is non-zero if a check failed.
//
// run.sh copies this file and browser.mjs next to the installed node_modules.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ElicitRequestSchema,
  ElicitRequestURLParamsSchema,
  ElicitationCompleteNotificationSchema,
  ErrorCode,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const argv = process.argv.slice(2);
let logDir = '.';
let useBrowser = true;
while (argv[0]?.startsWith('--')) {
  const flag = argv.shift();
  if (flag === '--logs') logDir = argv.shift();
  else if (flag === '--no-browser') useBrowser = false;
  else {
    console.error(`unknown flag ${flag}`);
    process.exit(2);
  }
}
const [server] = argv;
if (!server) {
  console.error('usage: node ts_url_client.mjs [--logs DIR] [--no-browser] <stdio_server binary>');
  process.exit(2);
}
const sdkVersion = JSON.parse(
  readFileSync(new URL('./node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url), 'utf8'),
).version;

let passed = 0;
let failed = 0;
function check(name, problems) {
  if (problems.length === 0) {
    passed += 1;
    console.log(`PASS ${name}`);
  } else {
    failed += 1;
    console.log(`FAIL ${name}`);
    for (const p of problems) console.log(`     ${p}`);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const last4 = (key) => key.slice(-4);
const USER_COOKIE = 'elicit_demo_user';
// The keys typed into the page; none may ever appear in an MCP message.
const KEYS = {
  require: 'sk-interop-require-7Q2w',
  connect: 'sk-interop-browser-Xy9Z',
  mallory: 'sk-mallory-phish-M4LL',
};

// Keys present in `raw` but missing in `parsed` (stripped), or values that differ.
function diff(raw, parsed, path = '') {
  const out = [];
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const k of Object.keys(raw)) {
      if (!(parsed !== null && typeof parsed === 'object' && k in parsed)) out.push(`stripped ${path}/${k}`);
      else out.push(...diff(raw[k], parsed[k], `${path}/${k}`));
    }
  } else if (Array.isArray(raw)) {
    if (!Array.isArray(parsed)) out.push(`changed ${path}`);
    else raw.forEach((x, i) => out.push(...diff(x, parsed[i], `${path}/${i}`)));
  } else if (raw !== parsed) {
    out.push(`changed ${path}: ${JSON.stringify(raw)} -> ${JSON.stringify(parsed)}`);
  }
  return out;
}

const textOf = (result) =>
  (result?.content ?? [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');

// What every URL-mode request of stdio_server must look like (2025-11-25).
function urlParamsProblems(params, what) {
  const out = [];
  const parsed = ElicitRequestURLParamsSchema.safeParse(params);
  if (!parsed.success) out.push(`${what}: the SDK's zod schema rejects it: ${parsed.error.message.replace(/\s+/g, ' ')}`);
  else for (const d of diff(params, parsed.data)) out.push(`${what}: ${d}`);
  if (params?.mode !== 'url') out.push(`${what}: mode is ${JSON.stringify(params?.mode)}`);
  const id = params?.elicitationId;
  if (!/^[0-9a-f]{64}$/.test(id ?? '')) out.push(`${what}: elicitationId ${JSON.stringify(id)} is not the interaction's 64-hex id`);
  let url;
  try {
    url = new URL(params?.url);
  } catch {
    out.push(`${what}: url ${JSON.stringify(params?.url)} does not parse`);
    return out;
  }
  if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1' || !url.pathname.startsWith('/elicit/')) {
    out.push(`${what}: url ${params.url} is not the loopback page`);
  }
  if (url.pathname !== `/elicit/${id}`) out.push(`${what}: the url's id is not the elicitationId`);
  if (url.search || url.hash) out.push(`${what}: the url carries more than the id: ${params.url}`);
  if (typeof params?.message !== 'string' || params.message.length === 0 || /https?:\/\//.test(params.message)) {
    out.push(`${what}: message ${JSON.stringify(params?.message)} is empty or holds a URL`);
  }
  return out;
}

// ---- one MCP session with stdio_server, tapped ----

class Session {
  // `offer`: the protocol revision the client offers at initialize (the SDK offers its
  // latest; an older one is written into the request as it goes out).
  // `args`: the server's options (`stdio_server --help`).
  static async open(name, args = [], { offer = null, elicitation = { form: {}, url: {} } } = {}) {
    const s = new Session();
    s.name = name;
    s.transport = new StdioClientTransport({ command: server, args, env: { ...process.env }, stderr: 'pipe' });
    s.stderr = '';
    s.transport.stderr?.on('data', (chunk) => (s.stderr += chunk));
    s.wire = []; // every message, both directions, as JSON text
    s.seq = 0;
    s.elicitations = []; // raw params of each elicitation/create, with the arrival number
    s.received = new Map(); // request id -> params the handler got
    s.rawCompletions = []; // raw params of notifications/elicitation/complete, with the arrival number
    s.completions = []; // the same, as the SDK's typed notification handler got them
    s.errors = []; // raw JSON-RPC errors received
    s.results = []; // arrival numbers of tools/call results
    s.onElicit = async () => ({ action: 'decline' });
    s.transport.onmessage = (msg) => {
      s.wire.push(JSON.stringify(msg));
      const n = ++s.seq;
      if (msg.method === 'elicitation/create') s.elicitations.push({ id: msg.id, params: structuredClone(msg.params), n });
      if (msg.method === 'notifications/elicitation/complete') s.rawCompletions.push({ params: structuredClone(msg.params), n });
      if (msg.error) s.errors.push(structuredClone(msg));
      if (msg.result && Array.isArray(msg.result.content)) s.results.push(n);
      if (msg.result && typeof msg.result.protocolVersion === 'string') s.protocol = msg.result.protocolVersion;
    };
    const send = s.transport.send.bind(s.transport);
    s.transport.send = (msg, options) => {
      if (offer && msg.method === 'initialize') msg = { ...msg, params: { ...msg.params, protocolVersion: offer } };
      s.wire.push(JSON.stringify(msg));
      return send(msg, options);
    };
    s.client = new Client(
      { name: 'elicit-interop-ts-url', version: sdkVersion },
      { capabilities: { elicitation } },
    );
    s.client.setRequestHandler(ElicitRequestSchema, async (req, extra) => {
      s.received.set(extra.requestId, req.params);
      return s.onElicit(req.params);
    });
    s.client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
      s.completions.push(notification.params);
    });
    await s.client.connect(s.transport);
    return s;
  }

  call(name) {
    return this.client.callTool({ name, arguments: {} });
  }

  /** Whether any API key typed into the page appears in an MCP message. */
  leakedKeys() {
    return Object.values(KEYS).filter((key) => this.wire.some((m) => m.includes(key)));
  }

  async close() {
    await this.client.close().catch(() => {});
  }
}

// ---- the page ----

let browser = null;
const how = () => (browser ? 'in the browser' : 'by HTTP POST');

/** Opens the page in the browser as the local user, types `key`, submits. */
async function completeInBrowser(url, key, shot) {
  await browser.clearCookies();
  await browser.open(url);
  await browser.waitFor('#elicit-form');
  const user = await browser.text('#user');
  await browser.type('#f-key', key);
  await browser.type('#f-label', 'interop');
  await browser.screenshot(join(logDir, `${shot}-form.png`));
  await browser.click('#submit');
  await browser.waitFor('main[data-outcome="done"]');
  const outcome = await browser.attribute('main', 'data-outcome');
  await browser.screenshot(join(logDir, `${shot}-done.png`));
  return { user, outcome };
}

/** The same without a browser: the page fetched for its CSRF token, the form posted over HTTP. */
async function completeByPost(url, key) {
  const { token, user } = await formOf(url);
  const response = await post(url, { __elicit_csrf: token, key, label: 'interop' });
  return { user, outcome: outcomeOf(await response.text()) };
}

const complete = (url, key, shot) => (browser ? completeInBrowser(url, key, shot) : completeByPost(url, key));

/** The page's form at `url`, as the user of `cookie` (none: the local user): its CSRF token and user. */
async function formOf(url, cookie = null) {
  const html = await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
  return {
    token: /name="__elicit_csrf" value="([^"]*)"/.exec(html)?.[1] ?? '',
    user: /<strong id="user">([^<]*)<\/strong>/.exec(html)?.[1] ?? null,
  };
}

/** Posts `fields` to the page at `url`, from the page's own origin unless `headers` say otherwise. */
function post(url, fields, headers = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const outcomeOf = (html) => /<main data-outcome="([^"]*)"/.exec(html)?.[1];

// ---- the checks ----

async function requireApiKey(s) {
  const name = `ts url require_api_key: -32042 as UrlElicitationRequiredError, page ${how()}, retry`;
  const problems = [];
  const errors = [];
  for (let i = 0; i < 2; i++) {
    try {
      const result = await s.call('require_api_key');
      problems.push(`call ${i + 1} did not fail: ${JSON.stringify(result)}`);
    } catch (e) {
      errors.push(e);
    }
  }
  if (errors.length < 2) {
    check(name, problems);
    return null;
  }
  const [first, second] = errors;
  if (!(first instanceof UrlElicitationRequiredError)) problems.push(`the SDK threw ${first?.constructor?.name}: ${first?.message}`);
  if (first.code !== ErrorCode.UrlElicitationRequired || first.code !== -32042) problems.push(`code ${first.code}, not -32042`);
  const raw = s.errors.filter((m) => m.error?.code === -32042);
  if (raw.length !== 2) problems.push(`${raw.length} raw -32042 errors on the wire, not 2`);
  const elicitations = first.elicitations ?? [];
  if (elicitations.length !== 1) problems.push(`${elicitations.length} elicitations in the error, not 1`);
  const wanted = elicitations[0];
  problems.push(...urlParamsProblems(raw[0]?.error?.data?.elicitations?.[0], 'the error\'s elicitation'));
  for (const d of diff(raw[0]?.error?.data ?? {}, first.data ?? {})) problems.push(`the typed error lost ${d}`);
  if (second?.elicitations?.[0]?.elicitationId !== wanted?.elicitationId) problems.push('a second try named another interaction');
  if (s.elicitations.length > 0) problems.push('the server sent an elicitation/create; -32042 should carry the request instead');
  let page = null;
  if (wanted?.url) {
    page = await complete(wanted.url, KEYS.require, 'browser-require');
    if (page.user !== 'local-user') problems.push(`the page took the browser for ${JSON.stringify(page.user)}`);
    if (page.outcome !== 'done') problems.push(`the page ended with ${JSON.stringify(page.outcome)}, not done`);
    try {
      const text = textOf(await s.call('require_api_key'));
      if (!text.includes(`ending in …${last4(KEYS.require)}`)) problems.push(`the retry said ${JSON.stringify(text)}`);
    } catch (e) {
      problems.push(`the retry failed: ${e.message}`);
    }
  }
  check(name, problems);
  if (process.env.INTEROP_VERBOSE) console.log(`     -32042 data: ${JSON.stringify(raw[0]?.error?.data)}`);
  return wanted;
}

async function connectAccepted(s) {
  const name = `ts url connect_api_key accept: elicitationId, page ${how()}, notifications/elicitation/complete`;
  const problems = [];
  let opened = null;
  s.onElicit = async (params) => {
    // The user consents; the client then opens the page (after answering).
    opened = sleep(10).then(() => complete(params.url, KEYS.connect, 'browser-connect'));
    return { action: 'accept' };
  };
  const before = { elicitations: s.elicitations.length, completions: s.completions.length, raw: s.rawCompletions.length };
  let result;
  try {
    result = await s.call('connect_api_key');
  } catch (e) {
    problems.push(`tools/call failed: ${e.message}`);
  }
  const asked = s.elicitations.slice(before.elicitations);
  if (asked.length !== 1) problems.push(`${asked.length} elicitation/create requests, not 1`);
  const request = asked[0];
  if (request) {
    problems.push(...urlParamsProblems(request.params, 'elicitation/create'));
    const got = s.received.get(request.id);
    if (!got) problems.push('the SDK did not hand the request to the handler (zod rejected it?)');
    else for (const d of diff(request.params, got)) problems.push(`elicitation/create: ${d}`);
  }
  const page = opened ? await opened.catch((e) => ({ error: e.message })) : null;
  if (!page) problems.push('the page was never opened');
  else if (page.error) problems.push(`the browser: ${page.error}`);
  else if (page.outcome !== 'done') problems.push(`the page ended with ${JSON.stringify(page.outcome)}, not done`);
  const raw = s.rawCompletions.slice(before.raw);
  const typed = s.completions.slice(before.completions);
  const id = request?.params?.elicitationId;
  if (raw.length !== 1 || raw[0].params.elicitationId !== id) {
    problems.push(`completion notifications ${JSON.stringify(raw.map((r) => r.params))}, wanted one for ${id}`);
  } else {
    for (const d of diff(raw[0].params, typed[0] ?? {})) problems.push(`notifications/elicitation/complete: ${d}`);
    const resultAt = s.results.at(-1);
    if (!(raw[0].n < resultAt)) problems.push('the completion notification came after the tool result');
  }
  const text = textOf(result);
  if (result?.isError || text !== `stored an API key ending in …${last4(KEYS.connect)}`) {
    problems.push(`the tool said ${JSON.stringify(text)}${result?.isError ? ' (isError)' : ''}`);
  }
  check(name, problems);
  if (process.env.INTEROP_VERBOSE && request) console.log(`     elicitation/create: ${JSON.stringify(request.params)}`);
  return request?.params;
}

async function connectRefused(s, action) {
  const problems = [];
  s.onElicit = async () => ({ action });
  const before = { elicitations: s.elicitations.length, raw: s.rawCompletions.length };
  try {
    const result = await s.call('connect_api_key');
    const text = textOf(result);
    if (!new RegExp(action === 'decline' ? 'declin' : 'cancel', 'i').test(text)) problems.push(`the tool said ${JSON.stringify(text)}`);
    if (!/no API key was stored/.test(text)) problems.push(`the tool does not say no key was stored: ${JSON.stringify(text)}`);
  } catch (e) {
    problems.push(`tools/call failed: ${e.message}`);
  }
  if (s.elicitations.length !== before.elicitations + 1) problems.push('not exactly one elicitation/create');
  if (s.rawCompletions.length !== before.raw) problems.push('a completion notification came');
  check(`ts url connect_api_key ${action}`, problems);
}

async function refusals(origin, required, connected) {
  const problems = [];
  const expect = async (what, response, status, outcome) => {
    const html = await response.text();
    if (response.status !== status || outcomeOf(html) !== outcome) {
      problems.push(`${what}: ${response.status} ${outcomeOf(html)}, wanted ${status} ${outcome}`);
    }
    if (!/Nothing was stored/.test(html)) problems.push(`${what}: the page does not say nothing was stored`);
    return html;
  };
  // Completed and consumed, by the require_api_key retry and by connect_api_key: used already.
  for (const [what, used] of [['require_api_key', required], ['connect_api_key', connected]]) {
    if (!used) continue;
    await expect(`${what}'s id, GET`, await fetch(used.url), 409, 'used');
    await expect(`${what}'s id, POST`, await post(used.url, { key: 'sk-again-12345678' }), 409, 'used');
  }
  const evil = '"><script>alert(1)</script>';
  const html = await expect('a malformed id', await fetch(`${origin}/elicit/${encodeURIComponent(evil)}`), 404, 'unknown');
  if (html.includes('<script>')) problems.push('the malformed id was echoed into the page');
  // A pending interaction of the user's, on a server with no key yet, for the forms that
  // must be refused.
  const other = await Session.open('refusals');
  let pending = null;
  try {
    await other.call('require_api_key');
  } catch (e) {
    pending = e.elicitations?.[0] ?? null;
  }
  if (!pending) problems.push('require_api_key did not give a page for the refusals');
  else {
    const { token } = await formOf(pending.url);
    const cross = await post(pending.url, { __elicit_csrf: token, key: 'sk-cross-site-1234' }, { origin: 'http://evil.example' });
    await expect('a form from another origin', cross, 403, 'foreign');
    await expect('a form without the CSRF token', await post(pending.url, { key: 'sk-no-token-1234' }), 403, 'stale');
  }
  const headers = (await fetch(pending?.url ?? `${origin}/elicit/x`)).headers;
  await other.close();
  for (const [name, value] of [
    ['cache-control', 'no-store'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
    ['x-content-type-options', 'nosniff'],
  ]) {
    if (headers.get(name) !== value) problems.push(`header ${name}: ${headers.get(name)}`);
  }
  if (!/frame-ancestors 'none'/.test(headers.get('content-security-policy') ?? '')) problems.push('no CSP frame-ancestors');
  check('ts url the page refuses used and malformed ids, cross-site forms and forms without its token; nothing echoed unescaped', problems);
}

async function phishing() {
  const name = `ts url phishing: the link opened by another user ${browser ? 'in the browser ' : ''}is refused; the call does not complete; nothing stored`;
  const problems = [];
  const s = await Session.open('phishing', ['--page-wait-secs', '3']);
  let mallory = null;
  s.onElicit = async (params) => {
    // The user consents, but mallory is the one who opens the link.
    mallory = sleep(10).then(async () => {
      const url = new URL(params.url);
      const seen = {};
      if (browser) {
        // (a page of the origin first, for the cookie: an unknown id's refusal page)
        await browser.open(`${url.origin}/elicit/x`);
        await browser.addCookie(USER_COOKIE, 'mallory');
        await browser.open(params.url);
        seen.outcome = await browser.attribute('main', 'data-outcome');
        seen.text = await browser.text('#outcome');
        seen.form = (await browser.source()).includes('elicit-form');
        await browser.screenshot(join(logDir, 'browser-phishing.png'));
        await browser.clearCookies();
      } else {
        const html = await (await fetch(params.url, { headers: { cookie: `${USER_COOKIE}=mallory` } })).text();
        seen.outcome = outcomeOf(html);
        seen.text = html;
        seen.form = html.includes('elicit-form');
      }
      // Mallory posts a key anyway, with her cookie, from the page's own origin (with a
      // token of her own, which names her, not the user).
      const { token: hers } = await formOf(params.url, `${USER_COOKIE}=mallory`);
      const posted = await post(params.url, { __elicit_csrf: hers, key: KEYS.mallory }, { cookie: `${USER_COOKIE}=mallory` });
      seen.post = { status: posted.status, outcome: outcomeOf(await posted.text()) };
      // The user's own form with a key too short: the form again, with the problem by the
      // key; the interaction stays pending.
      const { token } = await formOf(params.url);
      const short = await post(params.url, { __elicit_csrf: token, key: 'short' });
      const shortHtml = await short.text();
      seen.short = { status: short.status, outcome: outcomeOf(shortHtml), problem: shortHtml.includes('id="e-key"') };
      // Nothing the page says of a user is unescaped.
      const marked = await fetch(params.url, { headers: { cookie: `${USER_COOKIE}=<b>mallory</b>` } });
      const html = await marked.text();
      seen.escaped = marked.status === 403 && !html.includes('<b>mallory');
      return seen;
    });
    return { action: 'accept' };
  };
  let result;
  try {
    result = await s.call('connect_api_key');
  } catch (e) {
    problems.push(`tools/call failed: ${e.message}`);
  }
  const seen = mallory ? await mallory.catch((e) => ({ error: e.message })) : null;
  if (!seen) problems.push('the link was never opened');
  else if (seen.error) problems.push(`opening the link: ${seen.error}`);
  else {
    if (seen.outcome !== 'wrong-user' || !/another user/.test(seen.text)) problems.push(`mallory saw ${seen.outcome}: ${seen.text}`);
    if (seen.form) problems.push('mallory was shown the form');
    if (seen.post.status !== 403 || seen.post.outcome !== 'wrong-user') problems.push(`mallory's form: ${JSON.stringify(seen.post)}`);
    if (!seen.escaped) problems.push('the user named in the refusal was not escaped');
    if (seen.short.status !== 422 || seen.short.outcome !== 'invalid' || !seen.short.problem) {
      problems.push(`a key too short: ${JSON.stringify(seen.short)}, wanted the form again (422) with the problem`);
    }
  }
  const text = textOf(result);
  if (!result?.isError || !/no API key (was|is) stored/.test(text) || /stored an API key ending/.test(text)) {
    problems.push(`the user's call ended with ${JSON.stringify(text)}${result?.isError ? ' (isError)' : ''}`);
  }
  if (s.rawCompletions.length > 0) problems.push('a completion notification came');
  try {
    await s.call('require_api_key');
    problems.push('require_api_key found a key: something was stored');
  } catch (e) {
    if (!(e instanceof UrlElicitationRequiredError)) problems.push(`require_api_key: ${e.message}`);
  }
  await sleep(100); // the server's last stderr lines
  if (/stored an API key/.test(s.stderr)) problems.push('the server logged a stored key');
  if (s.leakedKeys().length > 0) problems.push(`keys in MCP messages: ${s.leakedKeys()}`);
  await s.close();
  check(name, problems);
}

async function withoutUrlMode() {
  const problems = [];
  const cases = [
    ['2025-06-18', { offer: '2025-06-18', elicitation: {} }, /protocol 2025-06-18, which has no URL-mode elicitation/],
    ['2025-11-25 form only', { elicitation: { form: {} } }, /did not declare URL-mode elicitation/],
  ];
  for (const [what, options, says] of cases) {
    const s = await Session.open(what, [], options);
    if (options.offer && s.protocol !== options.offer) problems.push(`${what}: negotiated ${s.protocol}`);
    for (const tool of ['connect_api_key', 'require_api_key']) {
      try {
        const result = await s.call(tool);
        const text = textOf(result);
        if (!result.isError || !says.test(text) || !/no key was stored/.test(text)) problems.push(`${what} ${tool}: ${JSON.stringify(text)}`);
      } catch (e) {
        problems.push(`${what} ${tool} failed: ${e.message}`);
      }
    }
    if (s.elicitations.length > 0) problems.push(`${what}: the server sent elicitation/create`);
    await s.close();
  }
  check('ts url on 2025-06-18 and for a form-only client, both tools say the client cannot do URL mode and ask nothing', problems);
}

let exitCode = 0;
let s = null;
try {
  if (useBrowser) {
    const { Browser } = await import('./browser.mjs');
    browser = await Browser.start({ logDir });
  }
  s = await Session.open('main', ['--page-wait-secs', '60']);
  console.log(
    `ts url: @modelcontextprotocol/sdk ${sdkVersion} on node ${process.version}, negotiated ${s.protocol}, ` +
      (browser ? `Chromium ${browser.version} headless through WebDriver` : 'no browser: pages completed with HTTP POST'),
  );
  const { tools } = await s.client.listTools();
  const names = tools.map((t) => t.name);
  check(
    'ts url tools/list has connect_api_key and require_api_key',
    ['connect_api_key', 'require_api_key'].filter((n) => !names.includes(n)).map((n) => `no ${n}`),
  );
  const required = await requireApiKey(s);
  const connected = await connectAccepted(s);
  await connectRefused(s, 'decline');
  await connectRefused(s, 'cancel');
  const origin = new URL((connected ?? required)?.url ?? 'http://127.0.0.1:1').origin;
  await refusals(origin, required, connected);
  check('ts url no API key typed into the page appears in an MCP message', s.leakedKeys().map((k) => `leaked ${k}`));
  await phishing();
  await withoutUrlMode();
} catch (e) {
  check('ts url session', [String(e?.stack ?? e)]);
} finally {
  await s?.close();
  await browser?.close();
}
if (failed > 0) exitCode = 1;
console.log(`RESULT passed=${passed} failed=${failed}`);
process.exit(exitCode);
