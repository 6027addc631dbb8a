// Helpers shared by the Node form judges (ts_client.mjs, ts2_client.mjs, ts_progress_client.mjs): answers
// made from a received requestedSchema alone (valid, or with one field broken), the
// comparison of what was on the wire with what an SDK's parse handed on, and what a tool
// result shows. No imports: run.sh copies this file next to each judge.

// ---- content for "accept", made from the received requestedSchema alone ----

const SAMPLE_TEXT = 'Interop sample';

function fitLength(s, schema) {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  let out = s;
  while ([...out].length < min) out += 'x';
  if ([...out].length > max) out = [...out].slice(0, max).join('');
  return out;
}

function sampleString(schema) {
  const min = schema.minLength ?? 0;
  switch (schema.format) {
    case 'email': {
      // pad the local part so that minLength holds and the address stays valid
      const domain = '@example.com';
      let local = 'interop';
      while (local.length + domain.length < min) local += 'x';
      return local + domain;
    }
    case 'uri': {
      let u = 'https://example.com/interop';
      while (u.length < min) u += 'x';
      return u;
    }
    case 'date':
      return '2025-03-14';
    case 'date-time':
      return '2025-03-14T15:09:26Z';
    default:
      return fitLength(SAMPLE_TEXT, schema);
  }
}

function sampleNumber(schema) {
  const integer = schema.type === 'integer';
  let v = integer ? 7 : 7.5;
  if (schema.minimum !== undefined && v < schema.minimum) v = integer ? Math.ceil(schema.minimum) : schema.minimum;
  if (schema.maximum !== undefined && v > schema.maximum) v = integer ? Math.floor(schema.maximum) : schema.maximum;
  return v;
}

/** The values a single- or multi-select offers (`enum`, `oneOf` / `anyOf` of `const`s), or null. */
export function options(schema) {
  if (Array.isArray(schema.enum)) return schema.enum;
  if (Array.isArray(schema.oneOf)) return schema.oneOf.map((o) => o.const);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((o) => o.const);
  return null;
}

/** A valid value for one property: its `default` when it has one. */
export function sampleValue(schema) {
  if (schema.default !== undefined) return schema.default;
  if (schema.type === 'array') {
    const opts = options(schema.items ?? {}) ?? [];
    let n = Math.max(schema.minItems ?? 1, 1);
    if (schema.maxItems !== undefined) n = Math.min(n, schema.maxItems);
    return opts.slice(0, n);
  }
  const opts = options(schema);
  if (opts) return opts[0];
  switch (schema.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    default:
      return sampleString(schema);
  }
}

/** Content for every property of the form, each value valid. */
export function sampleContent(requestedSchema) {
  const content = {};
  for (const [name, schema] of Object.entries(requestedSchema?.properties ?? {})) content[name] = sampleValue(schema);
  return content;
}

// A value of the content's wire types (string, number, boolean, string[]: what the SDKs
// let through) that breaks the property's schema, and why; null when the schema leaves
// nothing to break (a free string).
function brokenValue(schema) {
  if (schema.type === 'integer' || schema.type === 'number') {
    if (schema.maximum !== undefined) return [schema.maximum + 10, `above the maximum ${schema.maximum}`];
    if (schema.minimum !== undefined) return [schema.minimum - 10, `below the minimum ${schema.minimum}`];
    return ['seven', 'a string for a number'];
  }
  if (schema.type === 'boolean') return ['yes', 'a string for a boolean'];
  if (schema.type === 'array') return [['not-an-option'], 'an option that is not offered'];
  if (options(schema)) return ['not-an-option', 'an option that is not offered'];
  switch (schema.format) {
    case 'date':
      return ['2025-02-30', 'a date that does not exist'];
    case 'date-time':
      return ['yesterday', 'not a date-time'];
    case 'email':
      return ['not-an-email', 'not an email address'];
    case 'uri':
      return ['not a uri', 'not a URI'];
    default:
  }
  if (schema.maxLength !== undefined) return ['x'.repeat(schema.maxLength + 1), `longer than maxLength ${schema.maxLength}`];
  if ((schema.minLength ?? 0) > 0) return ['', `shorter than minLength ${schema.minLength}`];
  return null;
}

/**
 * Valid content for the form except one field, the first in the schema's order that
 * can be broken: `{content, field, why}`, or null when no field can be.
 */
export function brokenContent(requestedSchema) {
  const content = sampleContent(requestedSchema);
  for (const [name, schema] of Object.entries(requestedSchema?.properties ?? {})) {
    const broken = brokenValue(schema);
    if (broken) {
      content[name] = broken[0];
      return { content, field: name, why: broken[1] };
    }
  }
  return null;
}

// ---- comparisons ----

/** Keys present in `raw` but missing in `parsed` (stripped), or values that differ. */
export function diff(raw, parsed, path = '') {
  const out = [];
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const k of Object.keys(raw)) {
      if (!(parsed !== null && typeof parsed === 'object' && k in parsed)) out.push(`stripped ${path}/${k}`);
      else out.push(...diff(raw[k], parsed[k], `${path}/${k}`));
    }
  } else if (Array.isArray(raw)) {
    if (!Array.isArray(parsed)) out.push(`changed ${path}: ${JSON.stringify(raw)} -> ${JSON.stringify(parsed)}`);
    else {
      raw.forEach((x, i) => out.push(...diff(x, parsed[i], `${path}/${i}`)));
      if (parsed.length > raw.length) out.push(`added ${path}/${raw.length}..`);
    }
  } else if (raw !== parsed) {
    out.push(`changed ${path}: ${JSON.stringify(raw)} -> ${JSON.stringify(parsed)}`);
  }
  return out;
}

/** Keys in `parsed` that were not in `raw` (added by the parse), but those in `allowed` ("/mode"). */
export function added(raw, parsed, allowed = [], path = '') {
  const out = [];
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && parsed !== null && typeof parsed === 'object') {
    for (const k of Object.keys(parsed)) {
      const where = `${path}/${k}`;
      if (!(k in raw)) {
        if (!allowed.includes(where)) out.push(`added ${where}`);
      } else out.push(...added(raw[k], parsed[k], allowed, where));
    }
  }
  return out;
}

/** Deep equality of JSON values. */
export function sameJson(a, b) {
  return diff(a, b).length === 0 && added(a, b).length === 0;
}

/** A zod error message is pretty-printed JSON: one line, cut. */
export function compact(message) {
  let m = String(message);
  try {
    m = JSON.stringify(JSON.parse(m));
  } catch {
    m = m.replace(/\s+/g, ' ');
  }
  return m.length > 800 ? `${m.slice(0, 800)}...` : m;
}

// ---- what a tool result shows ----

const squash = (s) => String(s).toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether the tool's text shows an accepted value: verbatim, or (for enum values, whose
 * Rust spelling may differ from the wire one) ignoring case and punctuation.
 */
export function shows(text, value) {
  if (text.includes(String(value))) return true;
  const s = squash(value);
  return s.length > 0 && squash(text).includes(s);
}

/**
 * The values a tool result must show: strings (free text, formats, enum choices) and
 * integers. Booleans and fractional numbers have too many spellings to look for.
 */
export function expectedInText(content) {
  const out = [];
  for (const [k, v] of Object.entries(content)) {
    const items = Array.isArray(v) ? v.map((x, i) => [`${k}[${i}]`, x]) : [[k, v]];
    for (const [path, x] of items) if (typeof x === 'string' || Number.isInteger(x)) out.push([path, x]);
  }
  return out;
}

/** The text blocks of a tool result, joined. */
export function textOf(result) {
  return (result?.content ?? [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}

/** A sample value for each required argument of a tool. */
export function toolArguments(tool) {
  const args = {};
  const props = tool.inputSchema?.properties ?? {};
  for (const name of tool.inputSchema?.required ?? []) args[name] = sampleValue(props[name] ?? {});
  return args;
}

/** The tools named in INTEROP_SKIP_TOOLS (comma-separated). */
export function skippedTools() {
  return new Set((process.env.INTEROP_SKIP_TOOLS ?? '').split(',').filter(Boolean));
}

/** PASS/FAIL lines and the closing "RESULT passed=N failed=M". */
export function checker() {
  const counts = { passed: 0, failed: 0 };
  const check = (name, problems) => {
    if (problems.length === 0) {
      counts.passed += 1;
      console.log(`PASS ${name}`);
    } else {
      counts.failed += 1;
      console.log(`FAIL ${name}`);
      for (const p of problems) console.log(`     ${p}`);
    }
  };
  return { check, counts };
}
