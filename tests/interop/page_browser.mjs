// Judge: the toolkit's own page for `#[elicit(page)]` forms (elicit_runtime::page) in a
// real browser (browser.mjs: Debian's Chromium, headless, through WebDriver), against
// page_server: a form with every field kind, a tool that asks for it, and an attacker
// origin on a second loopback port.
//
// usage: node page_browser.mjs [--logs DIR] [--screenshot PNG] <page_server binary>
//
// Each check is one line "PASS ..." / "FAIL ...":
//   1. every field kind renders: a password input for the secret, text with its length
//      bounds and anchored pattern, email, url and date inputs, a number with its bounds
//      and default, a number with step any, a checkbox for the required boolean, a
//      select of yes/no/no answer for the optional one, a select with its default, the
//      multi-select's checkboxes with their default; the CSRF token; no script; the
//      page's security headers (fetched beside the browser: WebDriver shows no headers);
//   2. the browser's own validation keeps values that break the patterns from being sent
//      (the form's patterns as the browser's `v` mode reads them);
//   3. values the browser cannot judge (the author's rules): the form again, each
//      problem under its field, the secret typed in nowhere in the page, the rest kept
//      (screenshot: --screenshot, with the problems shown);
//   4. the browser's validation turned off (what a browser without it sends): the
//      server's own checks, one problem per field, and the secret again not echoed;
//   5. valid values: "done", and the tool receives the typed value (every field); back
//      through the history, the key is nowhere and the form is not offered again;
//   6. a second submit, from a second tab opened on the same form before the first
//      submit: refused, nothing new stored; the link opened again: refused;
//   7. a forwarded link opened by another user: "wrong-user", no form, nothing stored;
//      the right user still gets the form; nobody signed in: "sign-in";
//   8. an expired interaction: refused, nothing stored;
//   9. the page framed by another origin: the frame holds no form (frame-ancestors,
//      X-Frame-Options);
//  10. a cross-origin POST (another origin's page posting valid answers with the user's
//      cookie and even a valid token): "foreign", nothing stored, the tool still waits;
//  11. a POST without the CSRF token from the page itself: "stale", nothing stored; the
//      user's next submit works.
// The last line is "RESULT passed=N failed=M"; the exit code is non-zero if a check failed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { Browser } from './browser.mjs';

const argv = process.argv.slice(2);
let logDir = '.';
let screenshotPath = null;
while (argv[0]?.startsWith('--')) {
  const flag = argv.shift();
  if (flag === '--logs') logDir = argv.shift();
  else if (flag === '--screenshot') screenshotPath = argv.shift();
  else {
    console.error(`unknown flag ${flag}`);
    process.exit(2);
  }
}
const [serverBin] = argv;
if (!serverBin) {
  console.error('usage: node page_browser.mjs [--logs DIR] [--screenshot PNG] <page_server binary>');
  process.exit(2);
}

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

/** Runs `body(problems)`; an exception is one more problem, not the end of the judge. */
async function checked(name, body) {
  const problems = [];
  try {
    await body(problems);
  } catch (e) {
    problems.push(`threw: ${e?.message ?? e}`);
  }
  check(name, problems);
}

const expect = (problems, what, got, want) => {
  if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${what}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the server ----

const server = spawn(serverBin, [], { stdio: ['ignore', 'pipe', 'inherit'] });
// However the judge ends (a browser that does not start), the server ends with it.
process.on('exit', () => server.kill());
const first = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('page_server printed nothing within 10 s')), 10000);
  server.once('exit', (code) => reject(new Error(`page_server exited (${code})`)));
  createInterface({ input: server.stdout }).once('line', (line) => {
    clearTimeout(timer);
    resolve(line);
  });
});
const [, page, , attacker] = first.split(' ');

/** A tool call of `user` asks for the form; the URL of its page. */
async function started(user, ttlMs) {
  const query = new URLSearchParams({ user });
  if (ttlMs !== undefined) query.set('ttl_ms', String(ttlMs));
  const answer = await fetch(`${page}/test/start?${query}`, { method: 'POST' });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`/test/start: ${answer.status} ${text}`);
  return text;
}

/** What the tool got for the interaction of `url`, and whether a sealed value is stored. */
async function toolGot(url) {
  const id = url.split('/').pop();
  return (await fetch(`${page}/test/value?id=${id}`)).json();
}

// ---- the browser ----

// (judge 6 writes chromedriver.log into the same directory)
const browser = await Browser.start({ logDir, logName: 'chromedriver-page.log' });
console.log(`# Chromium ${browser.version}; page ${page}, attacker ${attacker}`);

async function signIn(user) {
  await browser.open(`${page}/test/value`);
  await browser.clearCookies();
  if (user) await browser.addCookie('user', user);
}

const outcome = async () => browser.attribute('main[data-outcome]', 'data-outcome');
/** The page's text, without its style. */
const pageText = async () => (await browser.source()).replace(/<style>.*?<\/style>/s, '');

/** Types `text` into an input, emptied first. */
async function fill(selector, text) {
  await browser.clear(selector);
  if (text !== '') await browser.type(selector, text);
}
/** Sets an input's value directly (a date input's typing depends on the locale). */
const setValue = (selector, value) =>
  browser.execute('const e = document.querySelector(arguments[0]); e.value = arguments[1]; return e.value;', [selector, value]);
const choose = (selector, value) => browser.click(`${selector} option[value="${value}"]`);
async function setChecked(selector, on) {
  if ((await browser.property(selector, 'checked')) !== on) await browser.click(selector);
}

const VALID = {
  key: 'sk_live4242CorrectHorseBatteryStaple',
  label: 'billing-eu',
  email: 'ada@example.com',
  webhook: 'https://hooks.example.com/pay',
  starts: '2026-03-01',
  rate: '120',
  cap: '250.5',
};

/** Fills the whole form in: `VALID`, then `over`; `terms`, `report`, `env`, `events`. */
async function fillForm(over = {}, { terms = true, report = 'true', env = 'live', events = [0, 1] } = {}) {
  const values = { ...VALID, ...over };
  for (const name of ['key', 'label', 'email', 'webhook', 'rate', 'cap']) await fill(`#f-${name}`, values[name]);
  await setValue('#f-starts', values.starts);
  await setChecked('#f-terms', terms);
  await choose('#f-report', report);
  await choose('#f-env', env);
  for (const i of [0, 1, 2]) await setChecked(`#f-events-${i}`, events.includes(i));
}

async function submitted(expected) {
  await browser.click('#submit');
  await browser.waitFor(`main[data-outcome="${expected}"]`);
}

try {
  await signIn('ada');

  // 1. every field kind
  const url1 = await started('ada');
  await checked('page every field kind renders with its constraints; the CSRF token; no script; the security headers', async (problems) => {
    await browser.open(url1);
    expect(problems, 'outcome', await outcome(), 'form');
    expect(problems, 'signed in as', await browser.text('#user'), 'ada');
    expect(problems, 'heading (the form\'s doc comment)', await browser.text('h1'), 'Connect your payment provider');
    const attrs = async (selector, names) => {
      const found = {};
      for (const name of names) found[name] = await browser.attribute(selector, name);
      return found;
    };
    expect(problems, '#f-key', await attrs('#f-key', ['type', 'required', 'minlength', 'pattern', 'autocomplete']), {
      type: 'password', required: 'true', minlength: '20', pattern: '^sk_[A-Za-z0-9]+$', autocomplete: 'off',
    });
    expect(problems, '#f-label', await attrs('#f-label', ['type', 'minlength', 'maxlength', 'pattern']), {
      // (the form's `^[a-z][a-z0-9-]*$`, as the browser's `v` mode needs it)
      type: 'text', minlength: '3', maxlength: '20', pattern: '^[a-z][a-z0-9\\-]*$',
    });
    expect(problems, '#f-email type', await browser.attribute('#f-email', 'type'), 'email');
    expect(problems, '#f-webhook (optional)', await attrs('#f-webhook', ['type', 'required']), { type: 'url', required: null });
    expect(problems, '#f-starts type', await browser.attribute('#f-starts', 'type'), 'date');
    expect(problems, '#f-rate', await attrs('#f-rate', ['type', 'min', 'max', 'step', 'value']), { type: 'number', min: '1', max: '600', step: '1', value: '60' });
    expect(problems, '#f-cap', await attrs('#f-cap', ['type', 'min', 'max', 'step']), { type: 'number', min: '0', max: '100000', step: 'any' });
    expect(problems, '#f-terms', [await browser.attribute('#f-terms', 'type'), await browser.property('#f-terms', 'checked')], ['checkbox', false]);
    const options = await browser.execute('return [...document.querySelectorAll(arguments[0] + " option")].map((o) => o.value);', ['#f-report']);
    expect(problems, '#f-report (optional bool) options', options, ['', 'true', 'false']);
    expect(problems, '#f-env (default)', await browser.property('#f-env', 'value'), 'test');
    const events = [];
    for (const i of [0, 1, 2]) events.push([await browser.attribute(`#f-events-${i}`, 'value'), await browser.property(`#f-events-${i}`, 'checked')]);
    expect(problems, '#f-events (default)', events, [['payment', true], ['refund', false], ['dispute', false]]);
    const csrf = await browser.attribute('input[name="__elicit_csrf"]', 'value');
    if (!csrf || csrf.length < 20) problems.push(`no CSRF token in the form: ${csrf}`);
    expect(problems, 'scripts in the page', await browser.execute('return document.scripts.length;'), 0);
    const headers = (await fetch(url1, { headers: { cookie: 'user=ada' } })).headers;
    const csp = headers.get('content-security-policy') ?? '';
    for (const part of ["default-src 'none'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"]) {
      if (!csp.includes(part)) problems.push(`CSP lacks ${part}: ${csp}`);
    }
    expect(problems, 'X-Frame-Options', headers.get('x-frame-options'), 'DENY');
    expect(problems, 'Referrer-Policy', headers.get('referrer-policy'), 'no-referrer');
    await browser.screenshot(join(logDir, 'page-form.png'));
  });

  // 2. the browser's own validation
  await checked("page the browser's own validation keeps values that break the patterns from being sent", async (problems) => {
    await fillForm({ key: 'not a key, spaces and all', label: 'Ab!' });
    await browser.click('#submit');
    await sleep(300);
    expect(problems, 'outcome (no navigation)', await outcome(), 'form');
    const mismatch = 'return document.querySelector(arguments[0]).validity.patternMismatch;';
    expect(problems, '#f-key pattern mismatch', await browser.execute(mismatch, ['#f-key']), true);
    // `[a-z0-9-]` as the form has it is no pattern in the browser's `v` mode: the page
    // escapes what the browser needs, or the browser drops the check.
    expect(problems, '#f-label pattern mismatch', await browser.execute(mismatch, ['#f-label']), true);
    await fill('#f-label', 'billing-eu');
    expect(problems, '#f-label valid', await browser.execute('return document.querySelector("#f-label").validity.valid;'), true);
    expect(problems, 'the tool', await toolGot(url1), { state: 'waiting', stored: false });
  });

  // 3. the author's rules, which the browser cannot judge
  const CANARY = 'sk_testCANARY0123456789abcdef';
  await checked("page values only the author's rules refuse: problems under their fields, the secret not echoed, the rest kept", async (problems) => {
    await fillForm({ key: CANARY }, { terms: false, env: 'live' });
    await submitted('invalid');
    const text = await pageText();
    if (text.includes('CANARY')) problems.push('the secret typed in is in the page source');
    expect(problems, '#f-key value', await browser.property('#f-key', 'value'), '');
    expect(problems, '#e-key', await browser.text('#e-key'), 'a test key cannot be used in the live environment');
    expect(problems, '#e-terms', await browser.text('#e-terms'), "the provider's terms must be accepted");
    expect(problems, 'kept', [await browser.property('#f-label', 'value'), await browser.property('#f-email', 'value'), await browser.property('#f-env', 'value')], [VALID.label, VALID.email, 'live']);
    expect(problems, '#f-key aria-invalid', await browser.attribute('#f-key', 'aria-invalid'), 'true');
    expect(problems, 'the tool', await toolGot(url1), { state: 'waiting', stored: false });
    await browser.screenshot(join(logDir, 'page-invalid.png'));
    if (screenshotPath) {
      // The whole form, its problems shown, for the docs.
      await browser.resize(900, 2000);
      const height = await browser.execute('return document.documentElement.scrollHeight;');
      await browser.resize(900, Math.min(Math.max(height + 140, 700), 3000));
      await browser.screenshot(screenshotPath);
      await browser.resize(900, 700);
    }
  });

  // 4. the browser's validation off: the server's own checks
  await checked("page with the browser's validation off, the server's checks: one problem per field, the secret not echoed", async (problems) => {
    await browser.execute('document.querySelector("#elicit-form").noValidate = true;');
    await fillForm({ key: 'sk_CANARY2', label: 'A', email: 'not-an-email', webhook: 'not a url', rate: '9999', cap: '-5' }, { events: [] });
    await submitted('invalid');
    if ((await pageText()).includes('CANARY2')) problems.push('the secret typed in is in the page source');
    for (const field of ['key', 'label', 'email', 'webhook', 'rate', 'cap', 'events']) {
      if ((await browser.findAll(`#e-${field}`)).length !== 1) problems.push(`no problem shown for ${field}`);
    }
    for (const field of ['starts', 'terms', 'report', 'env']) {
      if ((await browser.findAll(`#e-${field}`)).length !== 0) problems.push(`a problem shown for ${field}, which was valid`);
    }
    const keyProblem = await browser.text('#e-key');
    if (!keyProblem.startsWith('must be at least 20 characters long')) problems.push(`#e-key: ${keyProblem}`);
    expect(problems, 'the tool', await toolGot(url1), { state: 'waiting', stored: false });
  });

  // 5. valid values, and the second tab for 6
  const first = await browser.tab();
  const second = await browser.newTab();
  await browser.switchTab(second);
  await browser.open(url1);
  await browser.waitFor('main[data-outcome="form"]');
  await browser.switchTab(first);
  await checked('page valid values: "done", the tool receives the typed value; back through the history, the key is nowhere', async (problems) => {
    await fillForm();
    await submitted('done');
    if ((await pageText()).includes(VALID.key)) problems.push('the key is in the page');
    let got;
    for (let i = 0; i < 50; i++) {
      got = await toolGot(url1);
      if (got.state !== 'waiting') break;
      await sleep(100);
    }
    expect(problems, 'the tool', got, {
      state: 'accepted',
      value: {
        key_length: VALID.key.length, key_end: VALID.key.slice(-4), label: VALID.label, email: VALID.email, webhook: VALID.webhook,
        starts: VALID.starts, rate: 120, cap: 250.5, terms: true, report: true, env: 'Live', events: ['Payment', 'Refund'],
      },
      stored: false,
    });
    await browser.screenshot(join(logDir, 'page-done.png'));
    // Back through the history (the refused submit, then the form): the key typed in is
    // nowhere, and the form is not offered again.
    for (const step of ['one page back', 'two pages back']) {
      await browser.back();
      await sleep(300);
      const shown = await browser.execute('return [document.querySelector("main")?.dataset.outcome ?? null, document.querySelector("#f-key")?.value ?? null];');
      if ((await browser.source()).includes(VALID.key) || shown[1]) problems.push(`${step}: the key typed in is in the page`);
      if (shown[0] === 'form' || shown[0] === 'invalid') problems.push(`${step}: the form is offered again (${shown[0]})`);
    }
  });

  // 6. a second submit
  await checked('page a second submit (a second tab) is refused, and so is the link opened again', async (problems) => {
    await browser.switchTab(second);
    await fillForm({ key: 'sk_live0000SecondSubmitTwice', label: 'second' });
    await browser.click('#submit');
    const refused = await browser.waitFor('main[data-outcome]:not([data-outcome="form"])').then(outcome);
    if (!['used', 'unknown'].includes(refused)) problems.push(`second submit: outcome ${refused}`);
    else if (refused !== 'used') problems.push(`second submit: outcome ${refused}, expected "used"`);
    await browser.open(url1);
    const again = await outcome();
    if (again !== 'used') problems.push(`the link opened again: outcome ${again}, expected "used"`);
    expect(problems, 'the tool', (await toolGot(url1)).value?.label, VALID.label);
    expect(problems, 'stored', (await toolGot(url1)).stored, false);
    await browser.switchTab(first);
  });

  // 7. a forwarded link
  await checked('page a forwarded link opened by another user: refused, no form, nothing stored; the user still gets the form', async (problems) => {
    const url = await started('ada');
    await signIn('mallory');
    await browser.open(url);
    expect(problems, 'outcome as mallory', await outcome(), 'wrong-user');
    expect(problems, 'forms shown to mallory', (await browser.findAll('#elicit-form')).length, 0);
    if ((await pageText()).includes('ada')) problems.push("the refusal names the user who started it");
    await signIn(null);
    await browser.open(url);
    expect(problems, 'outcome signed out', await outcome(), 'sign-in');
    expect(problems, 'the tool', await toolGot(url), { state: 'waiting', stored: false });
    await signIn('ada');
    await browser.open(url);
    expect(problems, 'outcome as ada', await outcome(), 'form');
  });

  // 8. an expired interaction
  await checked('page an expired interaction: the submit refused, nothing stored', async (problems) => {
    const url = await started('ada', 1500);
    await browser.open(url);
    expect(problems, 'outcome while it lives', await outcome(), 'form');
    await fillForm();
    await sleep(1700);
    await submitted('expired');
    await browser.open(url);
    expect(problems, 'outcome opened again', await outcome(), 'expired');
    expect(problems, 'stored', (await toolGot(url)).stored, false);
  });

  // 9. framed by another origin
  await checked('page framed by another origin: the frame shows no form', async (problems) => {
    const url = await started('ada');
    await browser.open(`${attacker}/frame?url=${encodeURIComponent(url)}`);
    await browser.waitFor('#victim');
    await sleep(1000);
    await browser.frame('#victim');
    const inFrame = await browser.findAll('#elicit-form, main[data-outcome]');
    if (inFrame.length !== 0) problems.push('the form rendered inside the frame');
    const framed = await browser.execute('return document.location.href;');
    if (framed.startsWith(page)) problems.push(`the frame holds our page: ${framed}`);
    await browser.frame(null);
    expect(problems, 'the attacker page itself', (await browser.findAll('#attacker')).length, 1);
    await browser.screenshot(join(logDir, 'page-framed.png'));
    expect(problems, 'the tool', await toolGot(url), { state: 'waiting', stored: false });
  });

  // 10. a cross-origin POST
  await checked("page a cross-origin POST with the user's cookie and a valid token: refused, nothing stored", async (problems) => {
    const url = await started('ada');
    await browser.open(url);
    const token = await browser.attribute('input[name="__elicit_csrf"]', 'value');
    await browser.open(`${attacker}/post?url=${encodeURIComponent(url)}&csrf=${encodeURIComponent(token)}`);
    await browser.waitFor('main[data-outcome]');
    expect(problems, 'outcome', await outcome(), 'foreign');
    if ((await pageText()).includes('ATTACKER')) problems.push("the refusal echoes the attacker's key");
    expect(problems, 'at', new URL(await browser.url()).origin, new URL(page).origin);
    expect(problems, 'the tool', await toolGot(url), { state: 'waiting', stored: false });
    await browser.open(url);
    expect(problems, 'the user still gets the form', await outcome(), 'form');
  });

  // 11. no CSRF token
  await checked('page a POST without the CSRF token: refused as stale, nothing stored; the next submit works, optional fields left empty', async (problems) => {
    const url = await started('ada');
    await browser.open(url);
    await fillForm();
    await browser.execute('document.querySelector("input[name=__elicit_csrf]").remove();');
    await submitted('stale');
    expect(problems, 'the tool', await toolGot(url), { state: 'waiting', stored: false });
    await browser.open(url);
    // The optional fields left empty, the report unanswered: the tool gets `None`.
    await fillForm({ webhook: '', cap: '' }, { report: '', env: 'test', events: [2] });
    await submitted('done');
    let got;
    for (let i = 0; i < 50; i++) {
      got = await toolGot(url);
      if (got.state !== 'waiting') break;
      await sleep(100);
    }
    expect(problems, 'the tool', [got.state, got.value?.webhook, got.value?.cap, got.value?.report, got.value?.env, got.value?.events], ['accepted', null, null, null, 'Test', ['Dispute']]);
  });
} catch (e) {
  check('page session', [String(e?.stack ?? e)]);
} finally {
  await browser.close();
  server.kill();
}

console.log(`RESULT passed=${passed} failed=${failed}`);
process.exit(failed === 0 ? 0 : 1);
