import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config';
import type { AppDeps } from './contract';
import { HttpError, apiMessages } from './errors';
import { loadSessionHook } from './session';

/** openapi.yaml at the repository root: the one contract. */
export const OPENAPI_PATH = `${REPO_ROOT}openapi.yaml`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Keywords of OpenAPI schemas that are not JSON Schema and would trip Ajv's strict mode. */
const NON_SCHEMA_KEYWORDS = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

export interface OpenApiOperation {
  operationId: string;
  method: Uppercase<(typeof METHODS)[number]>;
  /** The contract's path, e.g. `/user/{userId}` or `/faq/`. */
  path: string;
  /** `security: []` on the operation (or globally): no session needed. */
  isPublic: boolean;
  /**
   * `x-other-user-fields` on the operation: body/query fields that may name another user (e.g. whose
   * score details to open); the handler checks access to that user's data instead of the owner rule.
   */
  otherUserFields: string[];
  /** `x-body-limit`: the operation's own request size cap in bytes (uploads), else the server's. */
  bodyLimit?: number;
  schema: FastifySchema;
}

export function loadOpenApi(path = OPENAPI_PATH): JsonObject {
  return parse(readFileSync(path, 'utf8')) as JsonObject;
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Follows a local JSON pointer (`#/components/schemas/Error`). */
function pointer(doc: JsonObject, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`openapi.yaml: only local $refs are supported, got ${ref}`);
  let node: Json = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !(key in node)) throw new Error(`openapi.yaml: unresolved $ref ${ref}`);
    node = node[key] as Json;
  }
  return node;
}

/**
 * A deep copy of `node` with every local $ref replaced by its target (sibling keys of a $ref, as
 * OpenAPI 3.1 allows, are merged over it) and OpenAPI-only keywords dropped.
 */
export function resolveRefs(doc: JsonObject, node: Json, seen: string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(doc, item, seen));
  if (!isObject(node)) return node;
  let base: JsonObject = {};
  const { $ref, ...rest } = node;
  if (typeof $ref === 'string') {
    if (seen.includes($ref)) throw new Error(`openapi.yaml: recursive $ref ${$ref} is not supported`);
    const target = resolveRefs(doc, pointer(doc, $ref), [...seen, $ref]);
    if (!isObject(target)) throw new Error(`openapi.yaml: $ref ${$ref} is not an object`);
    base = target;
  }
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(rest)) {
    if (NON_SCHEMA_KEYWORDS.has(key)) continue;
    out[key] = resolveRefs(doc, value as Json, seen);
  }
  return out;
}

/** Content types of answers the server writes itself (Server-Sent Events): no serialiser schema. */
const STREAM_TYPES = new Set(['text/event-stream']);

function jsonSchemaOf(content: Json | undefined, where: string, response = false): JsonObject | undefined {
  if (!isObject(content)) return undefined;
  const types = Object.keys(content).filter((t) => !(response && STREAM_TYPES.has(t)));
  const json = content['application/json'];
  if (types.some((t) => t !== 'application/json')) {
    throw new Error(`${where}: only application/json content is supported (got ${types.join(', ')})`);
  }
  return isObject(json) && isObject(json.schema) ? json.schema : undefined;
}

function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** Every operation of the contract with its Fastify schema (params, query, headers, body, responses). */
export function operationsOf(rawDoc: JsonObject): OpenApiOperation[] {
  const doc = resolveRefs(rawDoc, rawDoc) as JsonObject;
  const globalSecurity = Array.isArray(doc.security) ? doc.security : [];
  const result: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (typeof op.operationId !== 'string') throw new Error(`openapi.yaml: ${where} has no operationId`);

      // Operation parameters override path-level ones with the same name and location.
      const params = new Map<string, JsonObject>();
      for (const p of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        if (isObject(p)) params.set(`${p.in}:${p.name}`, p);
      }
      const parts: Record<'path' | 'query' | 'header', { properties: JsonObject; required: string[] }> = {
        path: { properties: {}, required: [] },
        query: { properties: {}, required: [] },
        header: { properties: {}, required: [] },
      };
      for (const p of params.values()) {
        if ((p.in !== 'path' && p.in !== 'query' && p.in !== 'header') || typeof p.name !== 'string') continue;
        // Node gives header names in lower case.
        const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
        parts[p.in].properties[name] = isObject(p.schema) ? p.schema : {};
        if (p.required === true || p.in === 'path') parts[p.in].required.push(name);
      }

      const schema: FastifySchema = {};
      if (Object.keys(parts.path.properties).length > 0) {
        schema.params = { type: 'object', ...parts.path };
      }
      if (Object.keys(parts.query.properties).length > 0) {
        schema.querystring = { type: 'object', ...parts.query };
      }
      // Documented request headers are validated like the query (other headers pass untouched).
      if (Object.keys(parts.header.properties).length > 0) {
        schema.headers = { type: 'object', ...parts.header };
      }
      const requestBody = isObject(op.requestBody) ? op.requestBody : undefined;
      const body = jsonSchemaOf(requestBody?.content, `openapi.yaml: ${where} request body`);
      if (body) schema.body = body;

      const response: Record<string, JsonObject> = {};
      for (const [status, res] of Object.entries(isObject(op.responses) ? op.responses : {})) {
        const resSchema = isObject(res)
          ? jsonSchemaOf(res.content, `openapi.yaml: ${where} response ${status}`, true)
          : undefined;
        // Declared schemas drive serialization: fields the contract does not list never leave.
        if (resSchema) response[status] = resSchema;
      }
      if (Object.keys(response).length > 0) schema.response = response;

      const security = Array.isArray(op.security) ? op.security : globalSecurity;
      result.push({
        operationId: op.operationId,
        method: method.toUpperCase() as OpenApiOperation['method'],
        path,
        isPublic: security.length === 0 || security.some((s) => isObject(s) && Object.keys(s).length === 0),
        otherUserFields: Array.isArray(op['x-other-user-fields'])
          ? op['x-other-user-fields'].filter((f): f is string => typeof f === 'string')
          : [],
        ...(typeof op['x-body-limit'] === 'number' ? { bodyLimit: op['x-body-limit'] } : {}),
        schema,
      });
    }
  }
  return result;
}

/**
 * Ajv for the contract's JSON Schema 2020-12: types are coerced only in params, the query string and headers
 * (they arrive as text); bodies are taken as sent, and `additionalProperties: false` rejects extras.
 */
export function installValidators(app: FastifyInstance): void {
  const make = (coerceTypes: boolean | 'array') => {
    const ajv = new Ajv2020({
      coerceTypes,
      removeAdditional: false,
      useDefaults: true,
      allErrors: false,
      strict: true,
    });
    addFormats(ajv);
    return ajv;
  };
  const bodyAjv = make(false);
  const textAjv = make('array');
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
}

/**
 * Fields whose value must be the signed-in user's id (contract: "Any {userId} … must be the session's
 * user"). `AdminUserID` (create league, member decisions) and `AdminID` (admin transfer) name the
 * acting admin, so they are the session's user too; `NewAdminID` is someone else and is not listed.
 */
const OWNER_PATH_PARAMS = ['userId'];
const OWNER_FIELDS = ['user_id', 'UserID', 'AdminUserID', 'AdminID'];

function ownerIdsIn(value: unknown, fields: string[], depth = 0, out: unknown[] = []): unknown[] {
  if (depth > 3 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    for (const item of value) ownerIdsIn(item, fields, depth + 1, out);
    return out;
  }
  for (const [key, v] of Object.entries(value)) {
    if (fields.includes(key)) out.push(v);
    else if (typeof v === 'object') ownerIdsIn(v, fields, depth + 1, out);
  }
  return out;
}

/**
 * 403 unless every user id named by the request (path, query or body) is the session's user.
 * `otherUserFields` (the operation's `x-other-user-fields`) are left to the handler.
 */
export function assertOwnIds(request: FastifyRequest, userId: number, otherUserFields: string[] = []): void {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const fields = OWNER_FIELDS.filter((f) => !otherUserFields.includes(f));
  const ids = [
    ...OWNER_PATH_PARAMS.filter((k) => k in params).map((k) => params[k]),
    ...fields.filter((k) => k in query).map((k) => query[k]),
    ...ownerIdsIn(request.body, fields),
  ];
  for (const id of ids) {
    if (id === undefined || id === null) continue;
    if (Number(id) !== userId) throw new HttpError(403, apiMessages.notYours);
  }
}

/**
 * Whether any string (value or key) in the request holds U+0000. PostgreSQL text cannot store it, so it
 * would fail deep in a query (a 500); no field of the contract has a use for it.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** Any operation's handler, as the registry sees it (each is typed by its own operation in HandlerMap). */
export type RegisteredHandler = (ctx: never) => Promise<{ status: number; body?: unknown }>;

export interface RegisterOptions {
  doc: JsonObject;
  handlers: Record<string, RegisteredHandler | undefined>;
  deps: AppDeps;
  prefix?: string;
}

/**
 * Registers every operation of the contract as a route under `/api`. Fails at startup when an
 * operation has no handler or a handler matches no operation.
 */
export function registerOpenApiRoutes(app: FastifyInstance, options: RegisterOptions): OpenApiOperation[] {
  const prefix = options.prefix ?? '/api';
  const operations = operationsOf(options.doc);
  const ids = new Set(operations.map((o) => o.operationId));
  const missing = operations.filter((o) => !(o.operationId in options.handlers)).map((o) => o.operationId);
  const extra = Object.keys(options.handlers).filter((id) => !ids.has(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      [
        missing.length > 0 ? `operations without a handler: ${missing.join(', ')}` : '',
        extra.length > 0 ? `handlers without an operation in openapi.yaml: ${extra.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    );
  }

  for (const op of operations) {
    const handler = options.handlers[op.operationId];
    if (!handler) continue;
    app.route({
      method: op.method as HTTPMethods,
      url: `${prefix}${toFastifyPath(op.path)}`,
      schema: op.schema,
      ...(op.bodyLimit ? { bodyLimit: op.bodyLimit } : {}),
      config: { operationId: op.operationId, isPublic: op.isPublic },
      onRequest: loadSessionHook(options.deps, op.isPublic),
      preValidation: async (request) => {
        if (containsNul([request.params, request.query, request.body]))
          throw new HttpError(400, apiMessages.nulCharacter);
      },
      preHandler: async (request) => {
        if (request.session) assertOwnIds(request, request.session.userId, op.otherUserFields);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const ctx = {
          body: request.body,
          params: request.params ?? {},
          query: request.query ?? {},
          session: request.session,
          request,
          reply,
          deps: options.deps,
        };
        const result = await handler(ctx as never);
        // A stream (Server-Sent Events) took the reply over and writes it itself.
        if (reply.sent) return reply;
        reply.code(result.status);
        return result.body === undefined ? reply.send() : reply.send(result.body);
      },
    });
  }
  return operations;
}
