import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { freshDatabase } from './db';
import { startTestApp, type TestApp } from './helpers';

const INDEX = '<!doctype html><title>Fantasy Cricket</title><div id="root"></div>';
const MAIN = `export const app = ${JSON.stringify('Fantasy Cricket '.repeat(200))};\n`;

const SW = `self.addEventListener('fetch', () => {});\n${'// shell\n'.repeat(100)}`;
const MANIFEST = JSON.stringify({ name: 'Fantasy Cricket', start_url: '/home', display: 'standalone' });

let database: Database;
let dist: string;
let t: TestApp;
beforeAll(async () => {
  database = await freshDatabase();
  dist = mkdtempSync(join(tmpdir(), 'fc-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the web build writes (apps/web/precompress.ts): compressed copies beside the files.
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dist, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(join(dist, 'assets', 'main-def456.js'), MAIN);
  writeFileSync(join(dist, 'assets', 'main-def456.js.br'), brotliCompressSync(MAIN));
  writeFileSync(join(dist, 'assets', 'main-def456.js.gz'), gzipSync(MAIN));
  // The installable app (apps/web/service-worker, apps/web/public/manifest.webmanifest).
  writeFileSync(join(dist, 'sw.js'), SW);
  writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(SW));
  writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST);
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

  it('serves the service worker as JavaScript that is always revalidated, for the whole origin', async () => {
    for (const accept of ['br', '']) {
      const res = await t.client().get('/sw.js', { headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers['cache-control'], accept).toBe('no-cache');
      expect(res.headers['service-worker-allowed'], accept).toBe('/');
      expect(String(res.headers['content-security-policy'])).toContain("worker-src 'self'");
    }
  });

  it('serves the web app manifest as application/manifest+json, always revalidated', async () => {
    const res = await t.client().get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ start_url: '/home', display: 'standalone' });
    expect(String(res.headers['content-security-policy'])).toContain("manifest-src 'self'");
  });

  it('serves assets with a long cache, and 404s missing files instead of sending index.html', async () => {
    const asset = await t.client().get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.client().get('/assets/missing-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('sends the precompressed copy the client accepts (brotli first), with Content-Encoding and Vary', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', file: 'main-def456.js.br' },
      { accept: 'gzip', encoding: 'gzip', file: 'main-def456.js.gz' },
    ];
    for (const { accept, encoding, file } of cases) {
      const res = await t.client().get('/assets/main-def456.js', { headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(readFileSync(join(dist, 'assets', file))), accept).toBe(true);
    }
    const gz = await t.client().get('/assets/main-def456.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(MAIN);
  });

  it('sends the file itself to a client that accepts no encoding, or when there is no copy', async () => {
    const plain = await t.client().get('/assets/main-def456.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(MAIN);
    const identity = await t.client().get('/assets/main-def456.js', { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(MAIN);
    // No .br or .gz beside this one (the build skips files too small to gain).
    const small = await t.client().get('/assets/app-abc123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('sends index.html compressed too, still never cached, at / and for client routes', async () => {
    for (const url of ['/', '/landing', '/home/view-profile']) {
      const res = await t.client().get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.rawPayload.equals(readFileSync(join(dist, 'index.html.br'))), url).toBe(true);
    }
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
