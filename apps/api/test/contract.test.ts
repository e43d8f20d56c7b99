import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { handlers } from '../src/handlers';
import { apiMessages } from '../src/http/errors';
import { loadOpenApi, operationsOf, resolveRefs } from '../src/http/openapi';
import { freshDatabase } from './db';
import { MemoryTransport, startTestApp, type TestApp } from './helpers';

const doc = loadOpenApi();
const operations = operationsOf(doc);

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await freshDatabase();
  t = await startTestApp({}, {}, database);
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const build = (extra: Parameters<typeof buildApp>[0] extends infer O ? Partial<O> : never) =>
  buildApp({
    database,
    config: loadConfig({ NODE_ENV: 'test' }),
    mailTransport: new MemoryTransport(),
    startWorkers: false,
    ...extra,
  });

describe('contract ↔ handlers', () => {
  it('has exactly one handler per operation of openapi.yaml', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(Object.keys(handlers).sort()).toEqual(operations.map((o) => o.operationId).sort());
  });

  it('registers every operation under /api, keeping trailing slashes', () => {
    for (const op of operations) {
      // With ignoreTrailingSlash, Fastify stores /faq/ as /faq and answers both.
      const url = `/api${op.path.replace(/\{(\w+)\}/g, ':$1')}`.replace(/(.)\/$/, '$1');
      expect(t.app.hasRoute({ method: op.method, url }), `${op.method} ${url}`).toBe(true);
    }
    expect(operations.find((o) => o.operationId === 'listFaqs')?.path).toBe('/faq/');
  });

  it('reads security from the contract: security: [] is public, the rest needs a session', () => {
    const pub = Object.fromEntries(operations.map((o) => [o.operationId, o.isPublic]));
    expect(pub).toMatchObject({
      getSession: true,
      authenticateUser: true,
      listFaqs: true,
      getUserProfile: false,
      deleteUserProfile: false,
    });
  });

  it('fails at startup when an operation has no handler', async () => {
    const { listFaqs: _omitted, ...rest } = handlers;
    await expect(build({ handlers: rest })).rejects.toThrow(/operations without a handler: listFaqs/);
  });

  it('fails at startup when a handler has no operation', async () => {
    await expect(build({ handlers: { ...handlers, deleteEverything: async () => ({ status: 200 }) } })).rejects.toThrow(
      /handlers without an operation in openapi.yaml: deleteEverything/,
    );
  });

  it('resolves local $refs and drops OpenAPI-only keywords', () => {
    const resolved = resolveRefs(
      {
        components: {
          schemas: {
            A: { type: 'object', example: { x: 1 }, properties: { b: { $ref: '#/components/schemas/B' } } },
            B: { type: 'string' },
          },
        },
      },
      { $ref: '#/components/schemas/A' },
    );
    expect(resolved).toEqual({ type: 'object', properties: { b: { type: 'string' } } });
    expect(() => resolveRefs({}, { $ref: '#/components/schemas/Nope' })).toThrow(/unresolved \$ref/);
  });
});

describe('serialization and errors', () => {
  it('never sends fields the contract does not document', async () => {
    const app = await build({
      handlers: {
        ...handlers,
        getSession: async () => ({
          status: 200,
          body: { user_id: 1, first_name: 'A', last_name: 'B', email: 'a@b.co', password_hash: 'secret' },
        }),
      },
    });
    const res = await app.inject({ method: 'GET', url: '/api/session' });
    expect(res.json()).toEqual({ user_id: 1, first_name: 'A', last_name: 'B', email: 'a@b.co' });
    await app.close();
  });

  it('answers 500 with the generic message for an unexpected failure, and logs it', async () => {
    const lines: string[] = [];
    const app = await build({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error' }),
      logStream: { write: (line) => lines.push(line) },
      handlers: {
        ...handlers,
        listFaqs: async () => {
          throw new Error('database on fire');
        },
      },
    });
    const res = await app.inject({ method: 'GET', url: '/api/faq/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { message: 'An unexpected error occurred. Please try again later.' } });
    expect(lines.join('')).toContain('database on fire');
    await app.close();
  });

  it('answers bad input with 4xx and a sentence, never 500', async () => {
    const client = t.client();
    await client.get('/api/faq/');
    const xsrf = client.cookies.get('XSRF-TOKEN')!;
    const send = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/authenticate_user',
        headers: { 'content-type': contentType, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
        payload,
      });
    const malformed = await send('{"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(apiMessages.malformedJson);
    const notObject = await send('[1,2]');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().error.message).toBe(apiMessages.bodyNotJson);
    const empty = await send('');
    expect(empty.statusCode).toBe(400);
    const text = await send('email=a', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(apiMessages.unsupportedMediaType);
    const tooLong = await send(JSON.stringify({ email: `${'a'.repeat(250)}@b.com`, password: 'x' }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('email must be at most 255 characters long.');
    const badParam = await client.get('/api/user/0');
    expect([400, 401]).toContain(badParam.statusCode);
  });

  it('answers unknown /api paths with a 404 JSON error', async () => {
    const res = await t.client().get('/api/leagues/everything');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { message: apiMessages.notFound } });
    const post = await t.client().post('/api/nope', {});
    expect(post.statusCode).toBe(404);
    const wrongMethod = await t.client().request('PATCH', '/api/faq/', {});
    expect(wrongMethod.statusCode).toBe(404);
  });
});
