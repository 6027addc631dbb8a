// Judge 1c, the author's words: a Korean and a French user fill in words_server's trip
// form through an official TypeScript client, on 2025-11-25 (the SDK v1,
// @modelcontextprotocol/sdk, pinned in package.json) or on 2026-07-28 (the client v2,
// @modelcontextprotocol/client, pinned in next/package.json; `--v2`).
//
// usage: node ts_words_client.mjs [--v2] --snapshots <tests/snapshots/words> <words_server> [args...]
//
// The form flattens one address sub-form twice with prefixes in each language, has a
// postcode with a pattern hint and an author's cross-field rule. Each user calls `book`
// with SEP-2792's `acceptLanguage` in the request's `_meta`, answers first with a
// postcode of four digits, then with a departure before the arrival, then right. It
// passes, per language, when:
//   - the client's handler got exactly three forms (the form, the pattern's re-ask, the
//     rule's re-ask), and on v1 each with the params on the wire (no key stripped by
//     the SDK's parse);
//   - the message, every title and prefix, the hint and the rule line, as the client
//     received them, are the revision's part of the snapshot the scripted client's test
//     keeps (tests/tests/words.rs, read by hand): the same words through the official
//     client as through ours;
//   - the tool's result is the typed trip ("2026-12-20 → 2026-12-27, Lyon 75001").
// It prints one "PASS ..." or "FAIL ..." line per check and a last line
// "RESULT passed=N failed=M"; it exits non-zero if any check failed.
import { readFileSync } from 'node:fs';
import { checker, diff, textOf } from './forms.mjs';

const argv = process.argv.slice(2);
let v2 = false;
let snapshots;
while (argv[0]?.startsWith('--')) {
  const flag = argv.shift();
  if (flag === '--v2') v2 = true;
  else if (flag === '--snapshots') snapshots = argv.shift();
  else {
    console.error(`unknown flag ${flag}`);
    process.exit(2);
  }
}
const [command, ...args] = argv;
if (!command || !snapshots) {
  console.error('usage: node ts_words_client.mjs [--v2] --snapshots <dir> <words_server> [args...]');
  process.exit(2);
}
const REVISION = v2 ? '2026-07-28' : '2025-11-25';
const judge = v2 ? 'ts2-words' : 'ts-words';
const { check, counts } = checker();

// The two SDKs: the same client, spelled differently.
let client;
let transport;
const raw = new Map(); // request id -> raw params of elicitation/create (v1)
const v1Stripped = []; // what the SDK's parse took from them (v1)
let asked = []; // the params the handler got, in order, for the current call
let answers = [];
const handle = (params) => {
  asked.push(structuredClone(params));
  return answers[asked.length - 1] ?? { action: 'cancel' };
};
if (v2) {
  const { Client } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  transport = new StdioClientTransport({ command, args, stderr: 'inherit' });
  client = new Client(
    { name: 'elicit-interop-ts2-words', version: '1' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: REVISION } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => handle(request.params));
} else {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const { ElicitRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
  transport = new StdioClientTransport({ command, args, stderr: 'inherit' });
  transport.onmessage = (msg) => {
    if (msg.method === 'elicitation/create') raw.set(msg.id, structuredClone(msg.params));
  };
  client = new Client({ name: 'elicit-interop-ts-words', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, async (req, extra) => {
    const answer = handle(req.params);
    for (const d of diff(raw.get(extra.requestId), req.params)) v1Stripped.push(`elicitation/create #${extra.requestId}: ${d}`);
    return answer;
  });
}

// A postcode of four digits, then the departure before the arrival, then right.
const trip = (homePostcode, leave) => ({
  action: 'accept',
  content: {
    home_city: 'Lyon',
    home_postcode: homePostcode,
    billing_city: 'Paris',
    billing_postcode: '75001',
    arrive: '2026-12-20',
    leave,
  },
});
const ANSWERS = [trip('6900', '2026-12-27'), trip('69001', '2026-12-18'), trip('69001', '2026-12-27')];

// Each field's title, and its description when it has one, in order (as words.rs writes them).
function titles(params) {
  return Object.entries(params?.requestedSchema?.properties ?? {}).map(([name, p]) =>
    p.description !== undefined ? `${name}: ${p.title ?? '-'} (${p.description})` : `${name}: ${p.title ?? '-'}`,
  );
}

try {
  await client.connect(transport);
  for (const [tag, acceptLanguage] of [
    ['ko', 'ko-KR, ko;q=0.9, en;q=0.5'],
    ['fr', 'fr-FR, fr;q=0.9'],
  ]) {
    asked = [];
    answers = ANSWERS;
    v1Stripped.length = 0;
    const problems = [];
    let result;
    try {
      result = await client.callTool({ name: 'book', arguments: {}, _meta: { 'io.modelcontextprotocol/acceptLanguage': acceptLanguage } });
    } catch (e) {
      problems.push(`tools/call failed: ${e?.message ?? e}`);
    }
    problems.push(...v1Stripped);
    if (asked.length !== 3) problems.push(`the handler got ${asked.length} form(s), not the form and its two re-asks`);
    let text = `== ${REVISION}: the form\n${asked[0]?.message ?? ''}\n\n${titles(asked[0]).join('\n')}\n\n`;
    for (let i = 1; i < asked.length; i += 1) {
      text += `== ${REVISION}: re-ask ${i}\n${asked[i]?.message ?? ''}\n\n`;
      if (titles(asked[i]).join('\n') !== titles(asked[0]).join('\n')) problems.push(`re-ask ${i}: the titles changed`);
    }
    const snapshot = readFileSync(`${snapshots}/${tag}.txt`, 'utf8');
    if (!snapshot.includes(text)) problems.push(`the words differ from ${snapshots}/${tag}.txt's ${REVISION} part; received:\n${text}`);
    const shown = result ? textOf(result) : '';
    if (result?.isError || shown !== '2026-12-20 → 2026-12-27, Lyon 75001') problems.push(`the tool's result: ${JSON.stringify(shown)}`);
    check(`${judge} a ${tag} user (acceptLanguage ${acceptLanguage}) on ${REVISION}: message, titles, prefixes, hint and rule in ${tag}`, problems);
  }
} catch (e) {
  check(`${judge} session`, [String(e?.stack ?? e)]);
} finally {
  await client.close().catch(() => {});
}
console.log(`RESULT passed=${counts.passed} failed=${counts.failed}`);
process.exit(counts.failed > 0 ? 1 : 0);
