// The capacity bench's tool on the official TypeScript SDK (@modelcontextprotocol/sdk,
// pinned in capacity.sh).
//
//     node capacity_server.mjs [PORT]
//
// Streamable HTTP on 127.0.0.1:PORT (0, the default, lets the system choose); the first
// line on stdout is `listening on 127.0.0.1:PORT`, which tests/benches/capacity.rs waits
// for. One tool, `ask`, does what load_server's `ask` does: it elicits the same two-field
// form (the token shown in the message, echoed back; `n`, an integer 0..1,000,000,
// default 0) with the message `token T`, and answers `token=T answer=A n=N` from the typed
// answer. Written as the SDK's README writes a stateful Streamable HTTP server: one
// transport and one McpServer per session (an McpServer serves one transport at a time),
// kept in a map by session id and dropped when the session closes; the form is asked
// with `server.server.elicitInput` on the call's stream (`relatedRequestId`), which
// checks the answer against the schema, and zod gives it its type. The SDK has no
// 2026-07-28.

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

const port = Number(process.argv[2] ?? 0);

// The form: the same fields, descriptions, bounds and default as load_server's `Echo`.
const ECHO_SCHEMA = {
    type: 'object',
    properties: {
        token: { type: 'string', description: 'The token shown in the message' },
        n: { type: 'integer', description: 'Anything', minimum: 0, maximum: 1000000, default: 0 },
    },
    required: ['token'],
};
const Echo = z.object({ token: z.string(), n: z.number().int().min(0).max(1000000).default(0) });

// The SDK gives up on a request after 60 s by default; opening 10,000 sessions takes
// longer than that, so the first forms would end before the bench answers them.
const ELICIT_TIMEOUT_MS = 30 * 60 * 1000;

function newServer() {
    const server = new McpServer({ name: 'capacity-ts', version: '0' });
    server.registerTool(
        'ask',
        {
            description: "Asks a form whose message carries the token, and answers with the call's token and the form's",
            inputSchema: { token: z.string() },
        },
        async ({ token }, extra) => {
            const result = await server.server.elicitInput(
                { mode: 'form', message: `token ${token}`, requestedSchema: ECHO_SCHEMA },
                { relatedRequestId: extra.requestId, timeout: ELICIT_TIMEOUT_MS },
            );
            let text;
            if (result.action === 'accept') {
                const echo = Echo.parse(result.content);
                text = `token=${token} answer=${echo.token} n=${echo.n}`;
            } else {
                text = `token=${token} ${result.action === 'decline' ? 'declined' : 'cancelled'}`;
            }
            return { content: [{ type: 'text', text }] };
        },
    );
    return server;
}

const transports = new Map();

async function readBody(req) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    return raw ? JSON.parse(raw) : undefined;
}

const http = createServer(async (req, res) => {
    try {
        if (!req.url?.startsWith('/mcp')) {
            res.writeHead(404).end();
            return;
        }
        const sessionId = req.headers['mcp-session-id'];
        const body = req.method === 'POST' ? await readBody(req) : undefined;
        let transport = sessionId ? transports.get(sessionId) : undefined;
        if (!transport) {
            if (sessionId || req.method !== 'POST' || !isInitializeRequest(body)) {
                res.writeHead(sessionId ? 404 : 400, { 'content-type': 'application/json' });
                res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'no such session' }, id: null }));
                return;
            }
            transport = new StreamableHTTPServerTransport({
                sessionIdGenerator: () => randomUUID(),
                onsessioninitialized: (id) => transports.set(id, transport),
            });
            transport.onclose = () => {
                if (transport.sessionId) transports.delete(transport.sessionId);
            };
            await newServer().connect(transport);
        }
        await transport.handleRequest(req, res, body);
    } catch (error) {
        console.error('capacity_server.mjs:', error);
        if (!res.headersSent) res.writeHead(500).end();
    }
});
// Small writes on streamed responses: no Nagle delay (load_server sets TCP_NODELAY too).
http.on('connection', (socket) => socket.setNoDelay(true));
http.keepAliveTimeout = 10 * 60 * 1000;
http.headersTimeout = 10 * 60 * 1000 + 1000;
http.requestTimeout = 0;
http.maxRequestsPerSocket = 0;
http.listen(port, '127.0.0.1', 4096, () => {
    console.log(`listening on 127.0.0.1:${http.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
