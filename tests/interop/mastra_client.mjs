// Third-party judge: Mastra's MCP client (`@mastra/mcp` from npm, with its peer
// `@mastra/core`, pinned in mastra/package.json and mastra/package-lock.json) with its
// own elicitation handler, against an elicit stdio server.
//
//   node mastra_client.mjs --protocol 2025-11-25|2026-07-28 --wire LOG --python PYTHON \
//       <server-binary> [args...]
//
// `new MCPClient({servers: {elicit: {command, args, inputRequests: handler,
// protocolVersion}}})`: Mastra advertises form elicitation when a server has an
// `inputRequests` handler, and calls it with `{key, params, signal}` for every
// `elicitation/create` (2025-11-25) and every form request of an InputRequiredResult
// (2026-07-28); the handler returns the ElicitResult. Tools are called the way an agent
// calls them: `(await mcp.listTools())['elicit_<tool>'].execute(args)`, with
// `onToolError: 'return'` so that a tool error comes back as the result.
//
// Revisions: `protocolVersion: 'legacy'` runs the initialize handshake offering 2025-11-25
// (Mastra is built on the official TypeScript client v2, which offers nothing older), and
// `protocolVersion: '2026-07-28'` pins the stateless revision (`server/discover`, no
// fallback). 2025-06-18 cannot be judged with it.
//
// The server runs behind wiretap.py (with PYTHON). Every tool (but INTEROP_SKIP_TOOLS) is
// called with accept (content made from the received requestedSchema alone), decline
// and cancel; the checks are those of third_party.mjs (see ai_sdk_client.mjs).

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { MCPClient } from '@mastra/mcp';
import { check, finish, Judge, toolArguments, withTimeout, parseArgs, elicitEnv, notSkipped } from './third_party.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const MASTRA_VERSION = require('@mastra/mcp/package.json').version;
const MODERN = '2026-07-28';
const ACTIONS = ['accept', 'decline', 'cancel'];
const SERVER = 'elicit';
const USAGE = 'usage: node mastra_client.mjs --protocol 2025-11-25|2026-07-28 --wire LOG [--python PY] [--wiretap PATH] <server> [args...]';

const { opts, server, serverArgs } = parseArgs(process.argv.slice(2), { protocol: null, wire: null, python: 'python3', wiretap: path.join(HERE, 'wiretap.py') }, USAGE);
if (!opts.wire || !['2025-11-25', MODERN].includes(opts.protocol)) {
  console.error(USAGE);
  process.exit(2);
}

async function main() {
  const tag = `mastra ${opts.protocol}`;
  const judge = new Judge('Mastra', opts.wire);
  const mcp = new MCPClient({
    id: 'elicit-interop-mastra',
    servers: {
      [SERVER]: {
        command: opts.python,
        args: [opts.wiretap, opts.wire, server, ...serverArgs],
        env: elicitEnv(),
        protocolVersion: opts.protocol === MODERN ? MODERN : 'legacy',
        enableServerLogs: false,
        onToolError: 'return',
        // Mastra's handler: the form request's params, the ElicitResult back.
        inputRequests: async ({ params }) => judge.answer(params),
      },
    },
  });
  try {
    const tools = await withTimeout(mcp.listTools(), 'connecting and tools/list');
    const definitions = (await withTimeout(mcp.listToolDefinitions(), 'tool definitions'))[SERVER] ?? {};
    const negotiated = mcp.getServerProtocolVersions()[SERVER];
    console.log(`mastra: @mastra/mcp ${MASTRA_VERSION} (@mastra/core ${require('@mastra/core/package.json').version}) on Node ${process.version}, protocolVersion ${opts.protocol === MODERN ? MODERN : "'legacy'"}, negotiated ${negotiated}`);
    const names = Object.keys(definitions);
    const problems = names.length ? [] : ['no tools'];
    if (negotiated !== opts.protocol) problems.push(`the session is on ${negotiated}, not ${opts.protocol}`);
    check(`${tag} session and tools/list (${names.join(', ')})`, problems);
    for (const name of notSkipped(names)) {
      const tool = tools[`${SERVER}_${name}`];
      for (const act of ACTIONS) {
        await judge.callOnce(`${tag} ${name} ${act}`, act, async () => {
          if (!tool) throw new Error(`Mastra listed no tool ${SERVER}_${name}`);
          return tool.execute(toolArguments(definitions[name]), {});
        });
      }
    }
  } catch (e) {
    check(`${tag} session`, [String(e?.stack ?? e)]);
  } finally {
    await mcp.disconnect().catch(() => {});
  }
  finish();
}

main().catch((e) => {
  check(`mastra ${opts.protocol} session`, [String(e?.stack ?? e)]);
  finish();
});
