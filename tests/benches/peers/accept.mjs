// The accept path of the official TypeScript SDK's server (@modelcontextprotocol/sdk), timed.
//
// `Server.elicitInput` (dist/esm/server/index.js), on the client's answer to a form, does
// exactly this (`Protocol.request` parses the result first, dist/esm/shared/protocol.js):
//
//     const result = safeParse(ElicitResultSchema, response.result)      // Zod 4
//     if (result.action === 'accept' && result.content && requestedSchema) {
//         const validator = this._jsonSchemaValidator.getValidator(requestedSchema)  // Ajv
//         if (!validator(result.content).valid) throw new McpError(InvalidParams, ...)
//     }
//     return result
//
// with the default `AjvJsonSchemaValidator` (Ajv 8, allErrors, formats from ajv-formats).
// Ajv caches the compiled schema by object identity: the same schema object is passed on
// every call, as a server that builds its schema once does (one built per call is compiled
// per call). The SDK returns the content untyped (a record of primitives), so the decode is
// a cast. Cases, each from an already parsed answer, as elicit's are:
//   content: getValidator(schema)(content)                 (elicit: accept/elicit)
//   answer:  the lines above, from {action, content}       (elicit: accept/elicit_result)
//   zod_typed (information, not the SDK's work): a Zod object of the form, the typed value
//            a TypeScript user who wants one writes on top.
//
//   node accept.mjs --npm DIR --schema requested_schema.json [--batches N --calls N --seconds S]
//
// Prints `RESULT <case> <ns per call>` lines (the median over batches); exits 1 on a failed check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const args = { batches: 200, calls: 20000, seconds: 8 };
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
if (!args.npm || !args.schema) {
    console.error('usage: node accept.mjs --npm DIR --schema FILE [--batches N --calls N --seconds S]');
    process.exit(2);
}
const batches = Number(args.batches), calls = Number(args.calls), seconds = Number(args.seconds);

const sdk = join(resolve(args.npm), 'node_modules/@modelcontextprotocol/sdk/dist/esm');
const load = (p) => import(pathToFileURL(join(sdk, p)).href);
const { ElicitResultSchema, McpError, ErrorCode } = await load('types.js');
const { safeParse } = await load('server/zod-compat.js');
const { AjvJsonSchemaValidator } = await load('validation/ajv-provider.js');
// Zod as the SDK resolves it (its own `zod/v4` import).
const require = createRequire(join(sdk, 'types.js'));
const { z } = await import(pathToFileURL(require.resolve('zod/v4')).href);
const pkg = (name) => JSON.parse(readFileSync(join(args.npm, 'node_modules', name, 'package.json'), 'utf8')).version;
console.log(`VERSIONS node ${process.version}, @modelcontextprotocol/sdk ${pkg('@modelcontextprotocol/sdk')}, zod ${pkg('zod')}, ajv ${pkg('ajv')}, ajv-formats ${pkg('ajv-formats')}`);

// elicit's requestedSchema for the bench's Booking, as sent (read from the Rust bench's output).
const requestedSchema = JSON.parse(readFileSync(args.schema, 'utf8'));
const jsonSchemaValidator = new AjvJsonSchemaValidator(); // the Server's default

const VALID = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    guests: 4,
    budget: 45.5,
    newsletter: false,
    seating: 'terrace',
    notes: 'One vegetarian, and it is a birthday',
};
const INVALID = { name: '', email: 'ada at example dot com', guests: 40, budget: -5, seating: 'balcony', notes: 'x'.repeat(501) };
const EXPECTED = structuredClone(VALID);
const SIX = ['budget', 'email', 'guests', 'name', 'notes', 'seating'];

function fromContent(content) {
    const validator = jsonSchemaValidator.getValidator(requestedSchema);
    const validation = validator(content);
    if (!validation.valid) {
        throw new McpError(ErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${validation.errorMessage}`);
    }
    return content;
}

function fromAnswer(answer) {
    const parsed = safeParse(ElicitResultSchema, answer);
    if (!parsed.success) throw parsed.error;
    const result = parsed.data;
    if (result.action === 'accept' && result.content && requestedSchema) {
        fromContent(result.content);
    }
    return result;
}

const BookingZod = z.object({
    name: z.string().min(1).max(80),
    email: z.email(),
    guests: z.number().int().min(1).max(12),
    budget: z.number().min(0).max(500),
    newsletter: z.boolean().default(true),
    seating: z.enum(['indoor', 'terrace', 'bar']),
    notes: z.string().max(500).optional(),
});
const zodTyped = (content) => BookingZod.parse(content);

function fail(message) {
    console.log(`FAIL ${message}`);
    process.exit(1);
}

// ---- the checks: equal work ----
if (!isDeepStrictEqual(fromContent(structuredClone(VALID)), EXPECTED)) fail('content: the valid content does not come back as expected');
const accepted = fromAnswer({ action: 'accept', content: structuredClone(VALID) });
if (accepted.action !== 'accept' || !isDeepStrictEqual(accepted.content, EXPECTED)) fail(`answer decodes to ${JSON.stringify(accepted)}`);
if (!isDeepStrictEqual(zodTyped(structuredClone(VALID)), EXPECTED)) fail('zod_typed: the valid content does not decode as expected');
for (const [name, call] of [['content', () => fromContent(structuredClone(INVALID))], ['answer', () => fromAnswer({ action: 'accept', content: structuredClone(INVALID) })]]) {
    let error;
    try { call(); } catch (e) { error = e; }
    if (!(error instanceof McpError)) fail(`${name}: the invalid answer is ${error ? `refused with ${error}` : 'accepted'}`);
    const named = SIX.filter((f) => error.message.includes(`data/${f} `));
    if (!isDeepStrictEqual(named, SIX)) fail(`${name}: the refusal names ${named}, expected ${SIX}: ${error.message}`);
}
{
    const r = BookingZod.safeParse(structuredClone(INVALID));
    const fields = [...new Set((r.error?.issues ?? []).map((i) => String(i.path[0])))].sort();
    if (r.success || !isDeepStrictEqual(fields, SIX)) fail(`zod_typed: the invalid content gives ${fields}`);
}
console.log(`PASS decodes ${JSON.stringify(EXPECTED)}; refuses the invalid answer naming ${SIX.join(', ')} (Ajv allErrors, and Zod)`);

// ---- the timing ----
function measure(call, arg) {
    for (let i = 0; i < 50000; i++) call(arg); // warm up (the JIT)
    const perCall = [];
    const deadline = performance.now() + seconds * 1000;
    let sink = 0;
    for (let b = 0; b < batches; b++) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < calls; i++) sink ^= call(arg) === undefined ? 1 : 0;
        perCall.push(Number(process.hrtime.bigint() - start) / calls);
        if (b >= 4 && performance.now() > deadline) break;
    }
    if (sink) fail('a call returned nothing');
    perCall.sort((a, b) => a - b);
    return [perCall[perCall.length >> 1], perCall.length];
}
const answer = { action: 'accept', content: structuredClone(VALID) };
for (const [name, call, arg] of [['content', fromContent, structuredClone(VALID)], ['answer', fromAnswer, answer], ['zod_typed', zodTyped, structuredClone(VALID)]]) {
    const [ns, n] = measure(call, arg);
    console.log(`RESULT ${name} ${ns.toFixed(1)} (${n} batches of ${calls} calls)`);
}
