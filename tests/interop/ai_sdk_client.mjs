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
// cancel (third_party.mjs, shared with mastra_client.mjs). A call passes when:
//   - the server asked at least once, and the handler got each form with the schema
//     that was sent (nothing stripped or changed),
//   - each answer on the wire is the handler's, action and content ("FRAMEWORK:"
//     otherwise: the AI SDK changed it),
//   - the tool result is not an error and shows what the user gave: every string and
//     integer value, every ticked option of a checkbox group (a boolean property named
//     FIELD.OPTION or FIELD_OPTION: OPTION must appear), or "declined" / "cancelled".
// Tools named in INTEROP_SKIP_TOOLS (comma-separated) are not called. Prints one
// "PASS ..." or "FAIL ..." line per check and "RESULT passed=N failed=M".

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { check, finish, Judge, toolArguments, withTimeout, parseArgs, elicitEnv, notSkipped } from './third_party.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const AI_SDK_VERSION = require('@ai-sdk/mcp/package.json').version;
const MODERN = '2026-07-28';
const ACTIONS = ['accept', 'decline', 'cancel'];
const USAGE = 'usage: node ai_sdk_client.mjs --protocol 2025-11-25|2026-07-28 --wire LOG [--python PY] [--wiretap PATH] <server> [args...]';

const { opts, server, serverArgs } = parseArgs(process.argv.slice(2), { protocol: null, wire: null, python: 'python3', wiretap: path.join(HERE, 'wiretap.py') }, USAGE);
if (!opts.wire || !['2025-11-25', MODERN].includes(opts.protocol)) {
  console.error(USAGE);
  process.exit(2);
}

async function main() {
  const tag = `ai-sdk ${opts.protocol}`;
  const judge = new Judge('the AI SDK', opts.wire);
  const transport = new Experimental_StdioMCPTransport({ command: opts.python, args: [opts.wiretap, opts.wire, server, ...serverArgs], env: elicitEnv(), stderr: 'inherit' });
  let client;
  try {
    client = await withTimeout(
      createMCPClient({
        transport,
        clientName: 'elicit-interop-ai-sdk',
        capabilities: { elicitation: { form: {} } },
        // true: server/discover first, then 2026-07-28; false: initialize, offering 2025-11-25
        protocolVersionDiscovery: opts.protocol === MODERN,
      }),
      'connecting',
    );
  } catch (e) {
    check(`${tag} session`, [`createMCPClient failed: ${e?.stack ?? e}`]);
    finish();
  }
  // The AI SDK's handler: the request as its schema parsed it, the ElicitResult back.
  client.onElicitationRequest(ElicitationRequestSchema, (request) => judge.answer(request.params));
  const negotiated = client.initializeResult?.protocolVersion;
  console.log(`ai-sdk: @ai-sdk/mcp ${AI_SDK_VERSION} on Node ${process.version}, protocolVersionDiscovery ${opts.protocol === MODERN}, negotiated ${negotiated}`);
  try {
    const { tools } = await withTimeout(client.listTools(), 'tools/list');
    const problems = tools.length ? [] : ['no tools'];
    if (negotiated !== opts.protocol) problems.push(`the session is on ${negotiated}, not ${opts.protocol}`);
    check(`${tag} session and tools/list (${tools.map((t) => t.name).join(', ')})`, problems);
    for (const name of notSkipped(tools.map((t) => t.name))) {
      const tool = tools.find((t) => t.name === name);
      for (const act of ACTIONS) await judge.callOnce(`${tag} ${name} ${act}`, act, () => client.callTool({ name, arguments: toolArguments(tool) }));
    }
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
