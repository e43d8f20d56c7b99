import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi } from '../src/http/openapi';
import { inlineScriptHashes, REFERENCE_PATH } from '../src/http/reference';
import { startTestApp, type TestApp } from './helpers';

type Operation = { operationId?: string };
const contract = loadOpenApi() as { info: { title: string }; paths: Record<string, Record<string, Operation>> };
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const operationIds = Object.values(contract.paths).flatMap((item) =>
  Object.entries(item)
    .filter(([method]) => methods.includes(method))
    .map(([, op]) => op.operationId)
    .filter((id): id is string => typeof id === 'string'),
);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('interactive API reference', () => {
  it(`serves an HTML page at ${REFERENCE_PATH} that loads the bundled Scalar script, not a CDN`, async () => {
    const bare = await t.client().get(REFERENCE_PATH);
    expect(bare.statusCode).toBe(301); // so that the page's relative script URL resolves under /api/docs/
    expect(bare.headers.location).toBe(`${REFERENCE_PATH}/`);
    {
      const res = await t.client().get(`${REFERENCE_PATH}/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Fantasy Cricket API reference');
      const scripts = [...res.body.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) expect(src, 'script from this origin').not.toMatch(/^(https?:)?\/\//);
      expect(res.body).not.toMatch(/cdn\.jsdelivr|fonts\.scalar\.com|unpkg\.com/);
    }
  });

  it('serves the Scalar bundle itself', async () => {
    const res = await t.client().get(`${REFERENCE_PATH}/js/scalar.js`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.length).toBeGreaterThan(100_000);
  });

  it('keeps the strict CSP, allowing only the page’s own inline configuration by hash', async () => {
    const res = await t.client().get(`${REFERENCE_PATH}/`);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    for (const hash of inlineScriptHashes(res.body)) expect(scriptSrc).toContain(hash);
    // The rest of the app is untouched.
    const other = await t.client().get('/api/faq/');
    expect(String(other.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it('publishes the contract with every operation of openapi.yaml', async () => {
    expect(operationIds.length).toBeGreaterThan(10);
    const res = await t.client().get(`${REFERENCE_PATH}/openapi.json`);
    expect(res.statusCode).toBe(200);
    const doc = res.json() as typeof contract;
    expect(doc.info.title).toBe(contract.info.title);
    const served = JSON.stringify(doc);
    for (const id of operationIds) expect(served, id).toContain(`"operationId":"${id}"`);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/session', '/faq/']));
  });

  it('hashes inline scripts exactly as the browser does', () => {
    const body = 'Scalar.createApiReference("#app", {})';
    const expected = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(`<script src="/x.js"></script><script>${body}</script>`)).toEqual([expected]);
  });
});
