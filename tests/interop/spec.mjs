// The official JSON Schema of a protocol revision (the copy the runtime embeds,
// elicit-runtime/spec/<revision>/schema.json), compiled with Ajv (draft 2020-12, with
// formats), for the Node judges. run.sh copies this file next to a node_modules that
// holds ajv and ajv-formats (pinned in package.json and next/package.json).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';

/**
 * The schema document at `path`; returns `definition(name)`, a function
 * `(value, what) => problems` that checks a value against `$defs/<name>` and says, for
 * each error, where in the value it is.
 */
export function officialSchema(path) {
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  if (!doc.$defs) throw new Error(`${path} has no $defs: not a 2020-12 MCP schema`);
  // The schema uses keywords Ajv's strict mode does not know (descriptions in odd
  // places...): strict off, every error reported.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'mcp');
  return (name) => {
    if (!doc.$defs[name]) throw new Error(`${path} has no $defs/${name}`);
    const validate = ajv.getSchema(`mcp#/$defs/${name}`);
    return (value, what) =>
      validate(value)
        ? []
        : validate.errors.map(
            (e) => `${what} breaks the official schema's ${name} at ${e.instancePath || '/'}: ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
          );
  };
}
