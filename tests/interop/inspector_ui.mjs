// The MCP Inspector's web UI, in a real headless Chromium (browser.mjs), answers the
// `deploy` form of stdio_server: the run-time single-select with titled options
// (`oneOf` of `{const, title}` on 2025-11-25), the environment and the replicas.
//
//   node inspector_ui.mjs --log-dir DIR [--url URL] [--protocol-era legacy|modern] -- SERVER [ARGS...]
//
// Starts nothing but the browser: the Inspector's web UI must already run, started with
// the server as its ad-hoc server (`inspector --web --protocol-era ERA -- SERVER ARGS`,
// the way tests/interop/inspector.sh starts it), so its Servers screen shows one STDIO
// card with that command. URL is the address the Inspector printed, with its auth token
// (`?MCP_INSPECTOR_API_TOKEN=...`); without --url it is read from $INSPECTOR_URL (so the
// token is not in the process list). The script connects the card, opens Tools, runs
// `deploy`, checks the elicitation form (the repository select shows the titles the
// server sent, in order; the environment select; the replicas number with its default),
// picks "Documentation site", production and 3 replicas, submits, and waits for the
// tool's result naming `docs-site`; it also reads, in the Inspector's Messages panel, the
// form as it arrived (repo as `oneOf` of `{const, title}`: in elicitation/create on
// 2025-11-25, in the tools/call result's inputRequests on 2026-07-28) and the answer sent
// back (the const `docs-site`, not the title). Prints PASS/FAIL lines and
// "RESULT passed=N failed=M"; exits non-zero if a check failed. Every wait is bounded
// (30 s), the whole run too (150 s). Screenshots go to DIR, per era:
// inspector-ui-ERA-deploy-form.png (the filled form), inspector-ui-ERA-result.png, and
// inspector-ui-ERA-failure.png when a step fails; chromedriver's log beside them.
//
// The selectors are for Inspector 2.12.0's web client (React, Mantine components): the
// connection switch `input[role=switch][aria-label^="Connect or disconnect"]`, the
// header's `[data-testid=connection-status][data-status]`, the Tools tab (a radio of the
// header's segmented control), tool buttons `button[data-variant=listItem]`, the modal
// `section[role=dialog]` titled "Elicitation Request", its fields found by their label's
// text, a select as a read-only `input[aria-haspopup=listbox]` whose options are
// `[role=option]` in the `[role=listbox][aria-labelledby=<input id>-label]`, the tool
// screen's `[data-testid=tools-screen][data-call-status]`, and the Messages panel's Ace
// editors (`textarea[aria-label="elicitation/create request parameters JSON, ..."]`).
// Another Inspector version may need them changed.
import { Browser } from './browser.mjs';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// What stdio_server's `deploy` sends (tests/servers/stdio_server.rs: `REPOSITORIES`,
// the `Deploy` struct, its `Environment` and the tool's message). Written out here, not
// read from the source, so a change on either side fails the check.
const REPOSITORIES = [
  ['billing-api', 'Billing API'],
  ['web-shop', 'Web shop'],
  ['docs-site', 'Documentation site'],
  ['ml-models', 'ML models'],
];
const MESSAGE = 'Deploy which repository, where, and how many replicas?';
const ENVIRONMENTS = ['staging', 'production'];
const REPLICAS_DEFAULT = '2';
// What the user picks, and what the tool's result must then say.
const PICK = { repo: 'docs-site', title: 'Documentation site', environment: 'production', replicas: '3' };
const RESULT_MUST_SAY = [`repo: "${PICK.repo}"`, 'environment: Production', `replicas: ${PICK.replicas}`];
const REVISION = { legacy: '2025-11-25', modern: '2026-07-28' };

const WAIT_MS = 30000;
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

// ---- arguments ----

const argv = process.argv.slice(2);
let logDir = '.';
let url = process.env.INSPECTOR_URL ?? '';
let era = 'legacy';
let command = [];
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i];
  if (arg === '--') {
    command = argv.slice(i + 1);
    break;
  } else if (arg === '--log-dir') logDir = argv[++i];
  else if (arg === '--url') url = argv[++i];
  else if (arg === '--protocol-era') era = argv[++i];
  else {
    console.error(`inspector_ui: unknown argument ${arg}`);
    process.exit(2);
  }
}
if (!url || command.length === 0 || !REVISION[era]) {
  console.error('usage: node inspector_ui.mjs --log-dir DIR [--url URL] [--protocol-era legacy|modern] -- SERVER [ARGS...]');
  process.exit(2);
}
const shownUrl = url.replace(/(MCP_INSPECTOR_API_TOKEN|MCP_PROXY_AUTH_TOKEN)=[^&]*/, '$1=...');

// ---- reporting ----

let passed = 0;
let failed = 0;
const pass = (what) => {
  passed++;
  console.log(`PASS ${what}`);
};
const fail = (what, why) => {
  failed++;
  // one line each: what the page said may span several
  console.log(`FAIL ${what}: ${String(why).replace(/\s+/g, ' ').trim()}`);
};
/** A step that the next ones need: its failure ends the run. */
class Stop extends Error {}
const must = (ok, what, why) => {
  if (ok) pass(what);
  else {
    fail(what, why);
    throw new Stop(what);
  }
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (value) => JSON.stringify(value);

// ---- page helpers (on top of browser.mjs) ----

/** Polls `probe` (async, returns a truthy value when done) for up to `ms`; the last value. */
async function until(probe, ms = WAIT_MS) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      last = await probe();
    } catch (e) {
      last = undefined;
    }
    if (last || Date.now() > end) return last;
    await sleep(100);
  }
}

/** Runs `body` (a function body) in the page with `args`. */
const run = (browser, body, ...args) => browser.execute(body, args);

/** The element an XPath finds, waiting up to `ms`; throws with `what` when there is none. */
async function xpath(browser, path, what, ms = WAIT_MS) {
  const element = await until(async () => (await browser.cmd('POST', '/element', { using: 'xpath', value: path }))[ELEMENT], ms);
  if (!element) throw new Error(`no ${what} within ${ms / 1000} s`);
  return element;
}

const clickElement = (browser, element) => browser.cmd('POST', `/element/${element}/click`, {});
const elementText = (browser, element) => browser.cmd('GET', `/element/${element}/text`);

/** Mantine hides a switch's or a radio's input under its label: click the label. */
async function clickLabelOf(browser, inputSelector) {
  const id = await browser.attribute(inputSelector, 'id');
  await browser.click(`label[for="${id}"]`);
}

/**
 * The form field of the elicitation dialog whose label reads `label` (without the
 * required mark): {id, required, readonly, popup, value, description}, or null.
 */
function field(browser, label) {
  return run(
    browser,
    `const dialog = document.querySelector('section[role=dialog]');
     if (!dialog) return null;
     const l = [...dialog.querySelectorAll('label[for]')].find((l) => l.textContent.replace(/\\s*\\*\\s*$/, '').trim() === arguments[0]);
     const input = l && document.getElementById(l.htmlFor);
     if (!input) return null;
     const description = document.getElementById(input.id + '-description');
     return { id: input.id, required: l.dataset.required === 'true', readonly: input.readOnly,
              popup: input.getAttribute('aria-haspopup'), value: input.value, type: input.type,
              description: description ? description.textContent.trim() : null };`,
    label,
  );
}

/** Opens the select `fieldId` and returns its options as shown: [[value, visible text]]. */
async function openSelect(browser, fieldId) {
  await browser.click(`#${fieldId}`);
  const list = `//*[@role="listbox"][@aria-labelledby="${fieldId}-label"]`;
  await xpath(browser, `${list}//*[@role="option"]`, `option in the listbox of #${fieldId}`);
  // the visible text (WebDriver's, so a hidden option would read as "")
  return until(async () => {
    const options = await browser.cmd('POST', '/elements', { using: 'xpath', value: `${list}//*[@role="option"]` });
    const shown = [];
    for (const option of options) {
      const element = option[ELEMENT];
      shown.push([await browser.cmd('GET', `/element/${element}/attribute/value`), await elementText(browser, element)]);
    }
    return shown.every(([, text]) => text) ? shown : null;
  }, 5000);
}

/** Picks the option whose visible text is `text` in the open select `fieldId`; true once the select shows it. */
async function pick(browser, fieldId, text) {
  const option = await xpath(
    browser,
    `//*[@role="listbox"][@aria-labelledby="${fieldId}-label"]//*[@role="option"][normalize-space(.)=${xpathString(text)}]`,
    `option "${text}"`,
  );
  await clickElement(browser, option);
  return until(async () => (await browser.property(`#${fieldId}`, 'value')) === text, 5000);
}

function xpathString(text) {
  return text.includes('"') ? `concat("${text.split('"').join('", \'"\', "')}")` : `"${text}"`;
}

/** Every message of the Inspector's Messages panel (its Ace editors): [[label, parsed JSON]]. */
async function messages(browser) {
  const all = await run(
    browser,
    `return [...document.querySelectorAll('textarea[aria-label]')].map((t) => {
       const editor = t.parentElement.env && t.parentElement.env.editor;
       return [t.getAttribute('aria-label'), editor ? editor.getValue() : null];
     });`,
  );
  return all.flatMap(([label, text]) => {
    try {
      return text ? [[label, JSON.parse(text)]] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The elicitation form as the Inspector received it and its answer, from the Messages
 * panel: on 2025-11-25 the elicitation/create request and its response; on 2026-07-28 the
 * tools/call result's inputRequests and the retried tools/call's inputResponses.
 * {params, answer} (either may be undefined).
 */
async function wire(browser) {
  const logged = await messages(browser);
  const found = {};
  if (era === 'legacy') {
    found.params = logged.find(([label]) => label.startsWith('elicitation/create request parameters JSON'))?.[1];
    found.answer = logged.find(([label]) => label.startsWith('elicitation/create response JSON'))?.[1]?.result;
  } else {
    for (const [label, message] of logged) {
      if (!label.startsWith('tools/call response JSON')) continue;
      for (const [key, request] of Object.entries(message?.result?.inputRequests ?? {})) {
        if (request?.method !== 'elicitation/create') continue;
        found.params = request.params;
        found.answer = logged.find(([l, m]) => l.startsWith('tools/call request parameters JSON') && m?.inputResponses?.[key])?.[1].inputResponses[key];
      }
    }
  }
  return found;
}

async function bodyText(browser) {
  return (await run(browser, 'return document.body.innerText;').catch(() => '?')).replace(/\s+/g, ' ');
}

// ---- the check ----

async function check(browser) {
  const serverLine = command.join(' ');

  // The Inspector answers over HTTP before the browser opens it.
  const base = new URL(url).origin;
  const up = await until(async () => (await fetch(base, { signal: AbortSignal.timeout(5000) })).ok);
  must(up, `the Inspector's web server answers at ${base}`, `no answer within ${WAIT_MS / 1000} s`);

  await browser.resize(1400, 1000);
  await browser.open(url);
  const footer = await until(async () => {
    const text = await bodyText(browser);
    return /Servers/.test(text) && text.match(/\bv(\d+\.\d+\.\d+)\b/)?.[1];
  });
  must(footer, `the Inspector's web UI ${footer ? `v${footer} ` : ''}renders at ${shownUrl} in Chromium ${browser.version}`, `no Servers screen with a version within ${WAIT_MS / 1000} s: ${(await bodyText(browser)).slice(0, 300)}`);

  // The ad-hoc server's card: STDIO, the command the Inspector was given.
  const card = await until(() =>
    run(
      browser,
      `const sw = document.querySelector('input[role=switch][aria-label^="Connect or disconnect"]');
       if (!sw) return null;
       let card = sw; while (card && !card.querySelector('pre[title]')) card = card.parentElement;
       if (!card) return null;
       return { name: sw.getAttribute('aria-label'), command: card.querySelector('pre[title]').getAttribute('title'), text: card.innerText };`,
    ),
  );
  must(
    card && card.command === serverLine && /\bSTDIO\b/.test(card.text),
    `the Servers screen shows the server as STDIO with the command ${serverLine}`,
    card ? `card: ${json(card)}` : 'no server card with a connection switch',
  );

  // Connect.
  await clickLabelOf(browser, 'input[role=switch][aria-label^="Connect or disconnect"]');
  const status = await until(async () => {
    const s = await browser.attribute('header[data-testid=connection-status]', 'data-status').catch(() => null);
    return s === 'connected' || s === 'error' ? s : null;
  });
  const revision = REVISION[era];
  const negotiated = status === 'connected' && (await until(async () => (await bodyText(browser)).includes(`MCP ${revision}`), 5000));
  must(
    negotiated,
    `connected to the stdio server over STDIO (protocol era ${era}: the card says MCP ${revision})`,
    `status ${status ?? 'not connected within 30 s'}: ${(await bodyText(browser)).slice(0, 400)}`,
  );

  // Tools: the list, then deploy.
  await clickLabelOf(browser, 'header input[type=radio][value=Tools]');
  const tools = await until(async () => {
    const names = await run(browser, `return [...document.querySelectorAll('button[data-variant=listItem]')].map((b) => b.innerText.trim());`);
    return names.includes('deploy') ? names : null;
  });
  must(tools, `the Tools screen lists the tools (${(tools ?? []).join(', ')})`, `no deploy in the tool list within 30 s: ${(await bodyText(browser)).slice(0, 300)}`);
  await clickElement(browser, await xpath(browser, '//button[@data-variant="listItem"][normalize-space(.)="deploy"]', 'deploy button'));
  const executeTool = await xpath(browser, '//button[normalize-space(.)="Execute Tool"]', '"Execute Tool" button');
  await clickElement(browser, executeTool);

  // The form.
  const dialog = await until(() =>
    run(
      browser,
      `const d = document.querySelector('section[role=dialog]');
       const title = d && document.getElementById(d.getAttribute('aria-labelledby'));
       return d && title && title.textContent.trim() === 'Elicitation Request' ? d.innerText : null;`,
    ),
  );
  must(dialog, 'deploy ran and the Inspector shows its "Elicitation Request" form', `no elicitation dialog within 30 s: ${(await bodyText(browser)).slice(0, 400)}`);
  if (dialog.includes(MESSAGE)) pass(`the form shows the server's message "${MESSAGE}"`);
  else fail("the form shows the server's message", `expected "${MESSAGE}" in: ${dialog.slice(0, 300)}`);

  const repo = await field(browser, 'Repository');
  must(
    repo && repo.required && repo.readonly && repo.popup === 'listbox',
    'the form has the field "Repository" (the title the server gave repo) as a required select',
    repo ? json(repo) : `no field labelled "Repository" in: ${dialog.slice(0, 300)}`,
  );
  const shown = await openSelect(browser, repo.id);
  const expected = REPOSITORIES.map(([, title]) => title);
  const titles = (shown ?? []).map(([, text]) => text);
  if (json(titles) === json(expected)) pass(`the repository select shows the titles the server sent, in order: ${expected.map((t) => `"${t}"`).join(', ')}`);
  else fail('the repository select shows the titles the server sent', `expected ${json(expected)}, shown ${json(titles)}`);
  if (json(shown) === json(REPOSITORIES)) pass(`each title stands for its value (const): ${REPOSITORIES.map(([id, t]) => `${t} = ${id}`).join(', ')}`);
  else fail('each title stands for its value (const)', `expected ${json(REPOSITORIES)}, options ${json(shown)}`);
  must(await pick(browser, repo.id, PICK.title), `chose "${PICK.title}"`, `the select does not show "${PICK.title}" after the click`);

  const environment = await field(browser, 'environment');
  must(
    environment && environment.required && environment.popup === 'listbox',
    'the form has the field "environment" as a required select',
    environment ? json(environment) : 'no field labelled "environment"',
  );
  const environments = await openSelect(browser, environment.id);
  if (json((environments ?? []).map(([, text]) => text)) === json(ENVIRONMENTS)) pass(`the environment select shows ${ENVIRONMENTS.join(', ')}`);
  else fail('the environment select shows its choices', `expected ${json(ENVIRONMENTS)}, shown ${json(environments)}`);
  must(await pick(browser, environment.id, PICK.environment), `chose "${PICK.environment}"`, `the select does not show "${PICK.environment}" after the click`);

  const replicas = await field(browser, 'replicas');
  must(replicas && !replicas.required && !replicas.readonly, 'the form has the optional field "replicas"', replicas ? json(replicas) : 'no field labelled "replicas"');
  if (replicas.value === REPLICAS_DEFAULT) pass(`replicas shows the server's default ${REPLICAS_DEFAULT}`);
  else fail("replicas shows the server's default", `expected ${REPLICAS_DEFAULT}, shows ${json(replicas.value)}`);
  // select all, then the new number (a plain WebDriver clear does not reach React's state)
  await browser.type(`#${replicas.id}`, `\uE009a\uE000${PICK.replicas}`);
  must(
    await until(async () => (await field(browser, 'replicas'))?.value === PICK.replicas, 5000),
    `typed ${PICK.replicas} replicas`,
    `replicas shows ${json((await field(browser, 'replicas'))?.value)}`,
  );

  // What the Inspector received: the wire's oneOf of {const, title}.
  const carried = era === 'legacy' ? 'the elicitation/create request' : "the tools/call result's inputRequests";
  const request = (await until(async () => (await wire(browser)).params, 5000)) ?? null;
  const repoSchema = request?.requestedSchema?.properties?.repo;
  const sent = (repoSchema?.oneOf ?? []).map((o) => [o.const, o.title]);
  if (json(sent) === json(REPOSITORIES) && !repoSchema.enum)
    pass(`the Messages panel shows the form as received in ${carried} (${revision}): repo is oneOf of {const, title} (${sent.length} options)`);
  else fail(`the Messages panel shows repo as oneOf of {const, title} in ${carried}`, request ? `repo: ${json(repoSchema)}` : `no form in ${carried} in the Messages panel`);

  await browser.screenshot(join(logDir, `inspector-ui-${era}-deploy-form.png`));
  console.log(`note: screenshot of the filled form: ${join(logDir, `inspector-ui-${era}-deploy-form.png`)}`);

  // Submit, and the tool's result.
  const submit = await xpath(browser, '//section[@role="dialog"]//button[normalize-space(.)="Submit"][not(@disabled)]', 'enabled Submit button in the form', 5000);
  await clickElement(browser, submit);
  const outcome = await until(async () => {
    const s = await browser.attribute('[data-testid=tools-screen]', 'data-call-status').catch(() => null);
    const open = await run(browser, `return !!document.querySelector('section[role=dialog]');`);
    return !open && s && s !== 'idle' && s !== 'pending' && s !== 'running' ? s : null;
  });
  const result = await run(browser, `const s = document.querySelector('[data-testid=tools-screen]'); return s ? s.innerText : '';`);
  const missing = RESULT_MUST_SAY.filter((words) => !result.includes(words));
  await browser.screenshot(join(logDir, `inspector-ui-${era}-result.png`));
  if (outcome === 'ok' && missing.length === 0)
    pass(`submitted: the tool's result names the chosen repository (${RESULT_MUST_SAY.join(', ')})`);
  else fail("submitted: the tool's result names the chosen repository", `call status ${outcome ?? 'unknown after 30 s'}, missing ${json(missing)} in: ${result.replace(/\s+/g, ' ').slice(0, 400)}`);

  const answeredIn = era === 'legacy' ? 'the elicitation/create response' : "the retried tools/call's inputResponses";
  const answer = (await until(async () => (await wire(browser)).answer, 5000)) ?? null;
  const content = answer?.content;
  if (answer?.action === 'accept' && content?.repo === PICK.repo && content?.environment === PICK.environment && content?.replicas === Number(PICK.replicas))
    pass(`the Inspector answered accept with ${json(content)} in ${answeredIn}: the const of the chosen title`);
  else fail(`the Inspector answered accept with the const of the chosen title in ${answeredIn}`, answer ? json(answer) : `no answer in ${answeredIn} in the Messages panel`);
}

// The whole run is bounded too (each wait is, but there are many), and a stopped run
// still closes Chromium and its driver.
const DEADLINE_MS = 150000;
let browser;
let ended = false;
async function end(reason) {
  if (ended) return;
  ended = true;
  if (reason) fail('the Inspector UI check', reason);
  console.log(`RESULT passed=${passed} failed=${failed}`);
  const code = failed === 0 ? 0 : 1;
  // (stopped by a signal, chromedriver and Chromium may be going down too: the close is
  // bounded, and a profile Chromium was still writing to is removed once more)
  setTimeout(() => process.exit(code), 5000);
  if (browser) {
    try {
      await browser.close();
    } catch {
      await sleep(500);
      rmSync(browser.profile, { recursive: true, force: true, maxRetries: 3 });
    }
  }
  process.exit(code);
}
setTimeout(() => end(`did not finish within ${DEADLINE_MS / 1000} s`), DEADLINE_MS).unref();
// (`on`, not `once`: a second signal, timeout's after the process group's, must not kill
// node before it has closed the browser)
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => end(`stopped by ${signal}`));

try {
  browser = await Browser.start({ logDir: existsSync(logDir) ? logDir : undefined, logName: `inspector-ui-${era}-chromedriver.log` });
  await check(browser);
} catch (e) {
  if (!(e instanceof Stop)) fail('the Inspector UI check', e.message);
  if (browser && !ended) {
    const shot = join(logDir, `inspector-ui-${era}-failure.png`);
    await browser.screenshot(shot).then(() => console.log(`note: screenshot at the failure: ${shot}`), () => {});
  }
}
await end();
