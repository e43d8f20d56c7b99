import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { freshDatabase } from './db';
import { startTestApp, type TestApp } from './helpers';

let database: Database;
let dist: string;
let t: TestApp;
beforeAll(async () => {
  database = await freshDatabase();
  dist = mkdtempSync(join(tmpdir(), 'fc-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fantasy Cricket</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await startTestApp({ webDist: dist }, { serveWeb: true }, database);
});
afterAll(async () => {
  await t.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('serves index.html at / and for client routes, with an XSRF cookie', async () => {
    for (const url of ['/', '/landing', '/home/view-profile', '/verify-email?token=abc']) {
      const res = await t.client().get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Fantasy Cricket</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeDefined();
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves assets with a long cache, and 404s missing files instead of sending index.html', async () => {
    const asset = await t.client().get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.client().get('/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('keeps /api answers JSON', async () => {
    const unknown = await t.client().get('/api/unknown/route');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { message: 'Not found.' } });
    expect((await t.client().get('/api/faq/')).statusCode).toBe(200);
  });

  it('explains how to build when the web app is missing', async () => {
    const lines: string[] = [];
    const bare = await startTestApp(
      { webDist: join(dist, 'nope'), logLevel: 'warn' },
      { serveWeb: true, logStream: { write: (l) => lines.push(l) } },
      database,
    );
    try {
      const res = await bare.client().get('/home');
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('pnpm build');
      expect(lines.join('')).toContain('pnpm build');
      expect((await bare.client().get('/api/faq/')).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
