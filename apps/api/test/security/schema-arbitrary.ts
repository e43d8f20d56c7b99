import fc from 'fast-check';
import type { OpenApiOperation } from '../../src/http/openapi';

/**
 * Requests derived from the contract's JSON Schemas (fast-check arbitraries), then mutated: wrong
 * types, missing and extra fields, huge and empty strings, unicode, negative and fractional numbers,
 * ids of other people's objects, HTML and SQL payloads, bodies that are not objects or not JSON,
 * broken path segments, missing XSRF headers and unknown sessions.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema nodes are walked generically
type Schema = any;

/** Replaced by the caller's own user id when the request is sent. */
export const SELF = -31_337;

/** Values the world knows, by field name (lower case): real ids and strings of the world's objects. */
export interface Pools {
  ints: Record<string, number[]>;
  strings: Record<string, string[]>;
}

const EDGE_INTS = [0, -1, 1, 2, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 53, Number.MAX_SAFE_INTEGER + 2];
const EDGE_NUMBERS = [-1, -0, 0.5, -2.5, 1e-9, 1.0000001, 3.14, 1e21, -1e21, 1e308, -1e308, 2 ** 53 + 1];

export const INJECTIONS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<b onmouseover="alert(1)">bold</b>',
  'javascript:alert(1)',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(0)--',
  "Robert'); DELETE FROM leagues;--",
  '%',
  '_',
  '\\',
  '$1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload on purpose
  '${7*7}{{7*7}}',
  '=HYPERLINK("http://evil.example","x")',
  '../../etc/passwd',
  '\u0000',
  'a\u0000b',
  'null',
  'undefined',
  '__proto__',
];

const UNICODE = [
  '🏏',
  'Zoë Åsa Øster',
  '\u202Eevil',
  '\uFEFF',
  '\u200B',
  'e\u0301',
  '\uD800',
  '\uDFFF',
  'Z̤͔ͧ̑̓ä͖̭̈̇',
  '日本語のリーグ',
  'مرحبا',
  '\t\n\r',
  ' ',
  '\u00A0',
  '\u2028',
];

const nameOf = (path: string[]) => (path[path.length - 1] ?? '').toLowerCase();

function intArb(schema: Schema, path: string[], pools: Pools): fc.Arbitrary<number> {
  const pool = pools.ints[nameOf(path)] ?? [];
  const min = typeof schema.minimum === 'number' ? schema.minimum : -5;
  const options: fc.WeightedArbitrary<number>[] = [
    { weight: 2, arbitrary: fc.integer({ min, max: 1_000_000 }) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_INTS) },
  ];
  if (pool.length > 0) options.unshift({ weight: 8, arbitrary: fc.constantFrom(...pool) });
  return fc.oneof(...options);
}

function stringArb(schema: Schema, path: string[], pools: Pools): fc.Arbitrary<string> {
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 60) : 60;
  const pool = pools.strings[nameOf(path)] ?? [];
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ maxLength: max, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.constantFrom(...INJECTIONS, ...UNICODE) },
  ];
  if (pool.length > 0) options.unshift({ weight: 8, arbitrary: fc.constantFrom(...pool) });
  return fc.oneof(...options);
}

/** A value for `schema` that is mostly valid: real ids and strings where the field name says so. */
export function valueArb(schema: Schema, path: string[], pools: Pools): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.jsonValue({ maxDepth: 1 });
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.allOf)) return valueArb(Object.assign({}, ...schema.allOf), path, pools);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valueArb({ ...schema, type }, path, pools)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return intArb(schema, path, pools);
    case 'number':
      return fc.oneof(
        { weight: 4, arbitrary: intArb(schema, path, pools) },
        { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }) },
      );
    case 'string':
      return stringArb(schema, path, pools);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.max(min, Math.min(schema.maxItems ?? 4, 4));
      const items = valueArb(schema.items, path, pools);
      // Mostly the shortest list: every item of an all-or-nothing save must be valid for it to pass.
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(items, { minLength: min, maxLength: min }) },
        { weight: 1, arbitrary: fc.array(items, { minLength: min, maxLength: max }) },
      );
    }
    case 'object': {
      const props: Record<string, Schema> = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) model[key] = valueArb(sub, [...path, key], pools);
      const required: string[] = schema.required ?? [];
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

export type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'replace'; at: number; value: unknown; label: string }
  | { kind: 'body'; value: unknown; label: string }
  | { kind: 'rawBody'; text: string }
  | { kind: 'rawPath'; at: number; text: string };

const wrongTypeArb = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Under the 256 KiB body limit even in 4-byte characters: the schema's limits must answer, not the parser. */
const hugeStringArb = fc
  .tuple(fc.integer({ min: 1_000, max: 50_000 }), fc.constantFrom('a', 'é', '🏏', '<', "'", '\\', ' '))
  .map(([n, ch]) => ch.repeat(n));

export function mutationArb(pools: Pools): fc.Arbitrary<Mutation | null> {
  const at = fc.nat({ max: 1000 });
  const foreignIds = [...new Set(Object.values(pools.ints).flat())];
  const replace = (label: string, value: fc.Arbitrary<unknown>) =>
    fc.record({ kind: fc.constant('replace' as const), at, value, label: fc.constant(label) });
  return fc.oneof(
    { weight: 50, arbitrary: fc.constant(null) },
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('drop' as const), at }) },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        at,
        key: fc.oneof(
          fc.constantFrom(
            '__proto__',
            'constructor',
            'prototype',
            'isAdmin',
            'Status',
            'UserID',
            'password_hash',
            'id',
          ),
          fc.string({ maxLength: 12 }),
        ),
        value: fc.jsonValue({ maxDepth: 2 }),
      }),
    },
    { weight: 10, arbitrary: replace('wrong type', wrongTypeArb) },
    { weight: 5, arbitrary: replace('huge string', hugeStringArb) },
    { weight: 4, arbitrary: replace('empty string', fc.constant('')) },
    {
      weight: 6,
      arbitrary: replace(
        'unicode',
        fc.oneof(
          fc.constantFrom(...UNICODE),
          fc.string({ unit: 'binary', maxLength: 30 }),
          fc.string({ unit: 'grapheme', maxLength: 30 }),
        ),
      ),
    },
    {
      weight: 8,
      arbitrary: replace(
        'number',
        fc.oneof(
          fc.constantFrom(...EDGE_NUMBERS, ...EDGE_INTS),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: -1000, max: -1 }),
        ),
      ),
    },
    { weight: 6, arbitrary: replace('foreign id', fc.constantFrom(...foreignIds)) },
    { weight: 6, arbitrary: replace('injection', fc.constantFrom(...INJECTIONS)) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('body' as const),
        value: fc.constantFrom([], [{}], 'text', 42, true, null, {}),
        label: fc.constant('not an object'),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('rawBody' as const),
        text: fc.constantFrom(
          '{',
          '{"a":',
          '[1,2',
          'nul',
          '"unterminated',
          '{"__proto__":{"isAdmin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
          '\u0000',
          '',
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('rawPath' as const),
        at,
        text: fc.constantFrom(
          '%',
          '%zz',
          '%E0%A4%A',
          '%00',
          '1%2F2',
          '1;DROP',
          '0x10',
          '1e3',
          '+1',
          '%201',
          '%EF%BC%91',
          '1.0',
        ),
      }),
    },
  );
}

/** Where a value sits inside a request part. */
type Path = (string | number)[];

function containerPaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) containerPaths(v, [...path, i], out);
  else if (value !== null && typeof value === 'object') {
    out.push(path);
    for (const [k, v] of Object.entries(value)) containerPaths(v, [...path, k], out);
  }
  return out;
}

function keyPaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) keyPaths(v, [...path, i], out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([...path, k]);
      keyPaths(v, [...path, k], out);
    }
  }
  return out;
}

function leafPaths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(path);
    for (const [i, v] of value.entries()) leafPaths(v, [...path, i], out);
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push(path);
    for (const [k, v] of entries) leafPaths(v, [...path, k], out);
  } else out.push(path);
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  copy[head as string] = setAt(copy[head as string], rest, value);
  return copy;
}

function dropAt(root: unknown, path: Path): unknown {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (Array.isArray(root)) return root.filter((_, i) => i !== head);
    const { [head as string]: _gone, ...others } = root as Record<string, unknown>;
    return others;
  }
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  copy[head as string] = dropAt(copy[head as string], rest);
  return copy;
}

function addAt(root: unknown, path: Path, key: string, value: unknown): unknown {
  if (path.length === 0) {
    // defineProperty so that "__proto__" becomes a real key of the JSON text, not the prototype.
    const copy = { ...(root as object) };
    Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
    return copy;
  }
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  copy[head as string] = addAt(copy[head as string], rest, key, value);
  return copy;
}

export interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sent as is, with Content-Type: application/json (not JSON on purpose). */
  rawBody?: string;
  /** Path segments sent verbatim (not percent-encoded). */
  rawParams?: Record<string, string>;
}

/** Applies one mutation to the request parts (a new object; the input is not changed). */
export function mutate(op: OpenApiOperation, parts: RequestParts, m: Mutation | null): RequestParts {
  if (!m) return parts;
  const names = (['params', 'query', 'body'] as const).filter((p) => p in parts && parts[p] !== undefined);
  if (m.kind === 'body') return op.schema.body ? { ...parts, body: m.value } : parts;
  if (m.kind === 'rawBody') {
    if (!op.schema.body) return parts;
    const { body: _body, ...rest } = parts;
    return { ...rest, rawBody: m.text };
  }
  if (m.kind === 'rawPath') {
    const keys = Object.keys(parts.params ?? {});
    if (keys.length === 0) return parts;
    return { ...parts, rawParams: { [keys[m.at % keys.length]!]: m.text } };
  }
  if (names.length === 0) return parts;
  const part = names[m.at % names.length]!;
  const value = parts[part];
  const index = Math.floor(m.at / names.length);
  const pick = (paths: Path[]) => paths[index % paths.length];
  if (m.kind === 'drop') {
    const path = pick(keyPaths(value));
    return path ? { ...parts, [part]: dropAt(value, path) } : parts;
  }
  if (m.kind === 'extra') {
    if (part === 'params') return parts; // the route has no room for another segment
    const path = pick(containerPaths(value));
    return path ? { ...parts, [part]: addAt(value, path, m.key, m.value) } : parts;
  }
  const path = pick(leafPaths(value));
  return path ? { ...parts, [part]: setAt(value, path, m.value) } : parts;
}

/** Every occurrence of SELF becomes `userId`. */
export function bindSelf<T>(value: T, userId: number): T {
  if (value === SELF) return userId as T;
  if (Array.isArray(value)) return value.map((v) => bindSelf(v, userId)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, {
        value: bindSelf(v, userId),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return out as T;
  }
  return value;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function segment(value: unknown): string {
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  // An empty segment, '.' or '..' would name another route (or none) after URL normalisation.
  if (text === '') return '%20';
  if (text === '.' || text === '..') return '...';
  // A URL carries UTF-8: a lone surrogate cannot be sent (it arrives as U+FFFD).
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

/** The URL of the operation for these parts: path parameters filled in, the query string appended. */
export function urlOf(op: OpenApiOperation, parts: RequestParts): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    parts.rawParams && name in parts.rawParams ? parts.rawParams[name]! : segment(parts.params?.[name]),
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(parts.query ?? {})) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      search.append(k, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}
