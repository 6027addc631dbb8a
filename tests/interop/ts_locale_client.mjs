// Judge 1c: a Korean re-ask through the official TypeScript SDK client
// (@modelcontextprotocol/sdk, pinned in package.json), against an elicit stdio server.
//
// usage: node ts_locale_client.mjs <server-binary> [args...]
//
// It calls the `survey` tool with the user's preferred languages in the request's `_meta`
// as SEP-2792 (a draft) carries them (`io.modelcontextprotocol/acceptLanguage`:
// "ko-KR, ko;q=0.9, en;q=0.5"), answers the first form with a rating of 9 (out of 1..5),
// then declines the re-ask. It passes when:
//   - the SDK's own zod parse accepted both elicitation/create requests, with no key
//     stripped (the raw params, seen by a transport tap, are compared with what the
//     handler received),
//   - the re-ask's message is the question, then the toolkit's Korean heading and the
//     problem in Korean ("전체 평점: 5 이하여야 합니다. 입력값: 9", the field by its title),
//   - the rating's title is the author's Korean one,
//   - without the preference the same re-ask is English (the default).
// It prints one "PASS ..." or "FAIL ..." line per check and a last line
// "RESULT passed=N failed=M"; it exits non-zero if any check failed.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { checker, diff, sampleContent } from './forms.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node ts_locale_client.mjs <server-binary> [args...]');
  process.exit(2);
}
const { check, counts } = checker();
const transport = new StdioClientTransport({ command, args, stderr: 'inherit' });
const raw = new Map(); // request id -> raw params of elicitation/create
transport.onmessage = (msg) => {
  if (msg.method === 'elicitation/create') raw.set(msg.id, structuredClone(msg.params));
};
const client = new Client({ name: 'elicit-interop-ts-locale', version: '1' }, { capabilities: { elicitation: { form: {} } } });

let asked = []; // [id, params] in order, for the current call
client.setRequestHandler(ElicitRequestSchema, async (req, extra) => {
  asked.push([extra.requestId, req.params]);
  if (asked.length === 1) {
    const content = sampleContent(req.params.requestedSchema);
    content.rating = 9;
    return { action: 'accept', content };
  }
  return { action: 'decline' };
});

async function reask(meta) {
  asked = [];
  const params = { name: 'survey', arguments: {} };
  if (meta) params._meta = meta;
  await client.callTool(params);
  return asked;
}

const HEADING = '\n\n답변을 고쳐 주세요:\n';
// The field is named by the title the user was shown, in their language.
const PROBLEM = '- 전체 평점: 5 이하여야 합니다. 입력값: 9';
try {
  await client.connect(transport);
  const korean = await reask({ 'io.modelcontextprotocol/acceptLanguage': 'ko-KR, ko;q=0.9, en;q=0.5' });
  const problems = [];
  if (korean.length !== 2) problems.push(`expected the form and its re-ask, the SDK's handler got ${korean.length} request(s)`);
  for (const [id, params] of korean) {
    for (const d of diff(raw.get(id), params)) problems.push(`elicitation/create #${id}: ${d}`);
  }
  const [first, second] = korean.map(([, params]) => params);
  const title = first?.requestedSchema?.properties?.rating?.title;
  if (title !== '전체 평점') problems.push(`the rating's title is ${JSON.stringify(title)}, not the author's Korean one`);
  const message = second?.message ?? '';
  if (!message.includes(HEADING) || !message.includes(PROBLEM)) problems.push(`the re-ask is not in Korean: ${JSON.stringify(message)}`);
  check('ts-locale a Korean re-ask (acceptLanguage ko-KR) passes the SDK and reads in Korean', problems);

  const english = await reask(undefined);
  const message2 = english[1]?.[1]?.message ?? '';
  check(
    'ts-locale without a preference the re-ask is English',
    message2.includes('Please correct your answer:') && message2.includes('- Overall rating: must be at most 5, got 9') ? [] : [`re-ask: ${JSON.stringify(message2)}`],
  );
} catch (e) {
  check('ts-locale session', [String(e?.stack ?? e)]);
} finally {
  await client.close().catch(() => {});
}
console.log(`RESULT passed=${counts.passed} failed=${counts.failed}`);
process.exit(counts.failed > 0 ? 1 : 0);
