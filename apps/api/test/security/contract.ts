import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { loadOpenApi, type OpenApiOperation, operationsOf, resolveRefs } from '../../src/http/openapi';

/**
 * The contract as the tests read it: every operation of openapi.yaml with its request schemas
 * (from the server's own loader) and, for each documented status, a validator of the answer.
 */

type Json = Parameters<typeof resolveRefs>[1];
type JsonObject = { [key: string]: Json };

export const doc = loadOpenApi();
export const operations: OpenApiOperation[] = operationsOf(doc);
export const operationIds: string[] = operations.map((o) => o.operationId);

export interface DocumentedResponse {
  /** null: the status is documented without a body (e.g. 204). */
  validate: ValidateFunction | null;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const responses = new Map<string, Map<string, DocumentedResponse>>();
{
  const resolved = resolveRefs(doc, doc) as JsonObject;
  for (const item of Object.values(resolved.paths as JsonObject)) {
    for (const op of Object.values(item as JsonObject)) {
      if (typeof op !== 'object' || op === null || Array.isArray(op)) continue;
      const operation = op as JsonObject;
      if (typeof operation.operationId !== 'string') continue;
      const byStatus = new Map<string, DocumentedResponse>();
      for (const [status, res] of Object.entries((operation.responses ?? {}) as JsonObject)) {
        const content = (res as JsonObject).content as JsonObject | undefined;
        const schema = (content?.['application/json'] as JsonObject | undefined)?.schema;
        byStatus.set(status, { validate: schema === undefined ? null : ajv.compile(schema as object) });
      }
      responses.set(operation.operationId, byStatus);
    }
  }
}

export function operation(operationId: string): OpenApiOperation {
  const op = operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in openapi.yaml`);
  return op;
}

/** Does `method url` (with /api and a query string) address this operation's path? */
export function addresses(op: OpenApiOperation, method: string, url: string): boolean {
  if (method !== op.method) return false;
  const path = (url.split('?', 1)[0] ?? '').replace(/^\/api/, '');
  const pattern = op.path
    .replace(/\/$/, '')
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}

/**
 * Problems with an answer, judged by the contract alone: a status the operation does not document, a
 * body that does not match the documented schema, a body where none is documented, or JSON that is
 * not JSON. Empty when the answer is as documented.
 */
export function contractProblems(operationId: string, res: LightMyRequestResponse): string[] {
  const documented = responses.get(operationId);
  if (!documented) return [`${operationId} is not in openapi.yaml`];
  const entry = documented.get(String(res.statusCode)) ?? documented.get(`${String(res.statusCode)[0]}XX`);
  if (!entry) return [`status ${res.statusCode} is not documented for ${operationId} (body ${res.body.slice(0, 200)})`];
  if (entry.validate === null) {
    return res.body === ''
      ? []
      : [`status ${res.statusCode} of ${operationId} documents no body, got ${res.body.slice(0, 200)}`];
  }
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return [`${operationId} ${res.statusCode}: content-type ${type}`];
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return [`${operationId} ${res.statusCode}: body is not JSON: ${res.body.slice(0, 200)}`];
  }
  if (entry.validate(body)) return [];
  const errors = (entry.validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
  return [`${operationId} ${res.statusCode}: body does not match the contract: ${errors.join('; ')}`];
}
