import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../src/app';
import type { Database } from '../src/db/database';
import { sha256 } from '../src/http/tokens';
import { freshDatabase } from './db';
import { PASSWORD, signUp, startTestApp, type TestApp } from './helpers';

/**
 * Web security of the served app: the headers on every kind of answer (the SPA's HTML, its assets,
 * API JSON, the API reference), cookie flags in production, session lifetime and idle timeout
 * enforced for any configured durations, and no open redirect anywhere.
 * (Rate limits: rate-limits.test.ts; a password reset ending every session: accounts.test.ts.)
 */

let database: Database;
let dist: string;
let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  database = await freshDatabase();
  dist = mkdtempSync(join(tmpdir(), 'fc-websec-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fantasy Cricket</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  dev = await startTestApp({ webDist: dist }, { serveWeb: true }, database);
  prod = await startTestApp({ webDist: dist, production: true }, { serveWeb: true }, database);
});
afterAll(async () => {
  await dev.close();
  await prod.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The Content-Security-Policy as directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

describe('security headers', () => {
  const pages = ['/', '/landing', '/home/view-my-leagues', '/assets/app-abc123.js', '/api/faq/', '/api/nothing-here'];

  it.each(pages)('%s: CSP, no sniffing, no framing by others, no referrer, isolated, features off', async (path) => {
    const res = await dev.client().get(path);
    expect(res.statusCode).toBeLessThan(500);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // Scripts only from our origin: no inline script, no eval, no other host.
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    // The installable app's service worker and manifest: our origin only.
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval|\*|https?:/);
    expect(policy.has('upgrade-insecure-requests')).toBe(false); // development over http
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the API reference page allows exactly its own inline scripts, by hash', async () => {
    const res = await dev.client().get('/api/docs/');
    expect(res.statusCode).toBe(200);
    const sources = csp(res.headers['content-security-policy']).get('script-src') ?? [];
    expect(sources[0]).toBe("'self'");
    expect(sources.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s))).toBe(true);
    expect(sources).not.toContain("'unsafe-inline'");
  });

  it('in production: HSTS and upgrade-insecure-requests as well', async () => {
    for (const path of ['/', '/api/faq/']) {
      const res = await prod.client().get(path);
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    }
  });
});

describe('caching', () => {
  // Every kind of /api answer: signed-in JSON, a write, an error, a 404, a refused request, the router's
  // own 400, the API reference and its contract.
  it('no /api answer may be stored: Cache-Control no-store', async () => {
    const who = await signUp(dev);
    const answers = {
      profile: await who.client.get(`/api/user/${who.userId}`),
      leagues: await who.client.get(`/api/league/userLeagues/${who.userId}`),
      write: await who.client.put(`/api/user/${who.userId}`, {
        missing_pick_notification: false,
        use_ai_auto_pick: false,
      }),
      anonymous: await dev.client().get('/api/faq/'),
      unauthorised: await dev.client().get('/api/view/serverTime'),
      forbidden: await who.client.get(`/api/user/${who.userId + 1000}`),
      notFound: await dev.client().get('/api/nothing-here'),
      badUrl: await dev.client().get('/api/faq/%zz'),
      reference: await dev.client().get('/api/docs/'),
      contract: await dev.client().get('/api/docs/openapi.json'),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
    expect(answers.profile.statusCode).toBe(200);
    expect(answers.leagues.statusCode).toBe(200);
  });

  it("the web app's files keep their own caching", async () => {
    expect((await dev.client().get('/')).headers['cache-control']).toBe('no-cache');
    expect((await dev.client().get('/home/view-my-leagues')).headers['cache-control']).toBe('no-cache');
    expect((await dev.client().get('/assets/app-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});

describe('cookies in production', () => {
  interface Cookie {
    name: string;
    value: string;
    secure?: boolean;
    httpOnly?: boolean;
    sameSite?: string;
    path?: string;
  }
  const cookies = (res: { cookies: unknown[] }) => res.cookies as Cookie[];

  it('session and XSRF cookies are Secure, SameSite=Lax, on /; the session one HttpOnly — set and cleared', async () => {
    const who = await signUp(prod);
    const client = prod.client();
    const first = await client.get('/');
    const xsrf = cookies(first).find((c) => c.name === 'XSRF-TOKEN')!;
    expect(xsrf).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
    expect(xsrf.httpOnly).toBeFalsy(); // the web app reads it to echo it in X-XSRF-TOKEN

    const signIn = await client.post('/api/user/authenticate_user', { email: who.email, password: PASSWORD });
    expect(signIn.json().status).toBe('success');
    const sid = cookies(signIn).find((c) => c.name === 'fcl_sid')!;
    expect(sid).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });

    const out = await client.post('/api/session/sign_out');
    const cleared = cookies(out).find((c) => c.name === 'fcl_sid')!;
    expect(cleared).toMatchObject({ value: '', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });

    // A stale cookie is cleared with the same flags.
    const stale = await prod.app.inject({ method: 'GET', url: '/api/session', cookies: { fcl_sid: sid.value } });
    expect(stale.statusCode).toBe(204);
    expect(cookies(stale).find((c) => c.name === 'fcl_sid')).toMatchObject({ value: '', secure: true, httpOnly: true });
  });

  it('not Secure in development (plain http on localhost)', async () => {
    const res = await dev.client().get('/');
    expect(cookies(res).find((c) => c.name === 'XSRF-TOKEN')?.secure).toBeFalsy();
  });
});

describe('session lifetime and idle timeout, for any configured durations', () => {
  const SECOND = 1_000;
  const MINUTE = 60 * SECOND;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;
  /** [absolute lifetime, idle timeout] configurations, the defaults first. */
  const configs: [number, number][] = [
    [30 * DAY, 7 * DAY],
    [8 * HOUR, 30 * MINUTE],
    [2 * HOUR, 2 * HOUR],
  ];

  it.each(configs)(
    'absolute %d ms, idle %d ms: valid just inside each limit, over just outside',
    async (absoluteMs, idleMs) => {
      const t = await startTestApp({ session: { absoluteMs, idleMs } }, {}, database);
      try {
        const who = await signUp(t);
        const hash = sha256(who.client.cookies.get('fcl_sid')!);
        const row = await t.db.selectFrom('sessions').selectAll().where('id_hash', '=', hash).executeTakeFirstOrThrow();
        expect(row.expires_at.getTime() - row.created_at.getTime()).toBeCloseTo(absoluteMs, -3);
        const signIn = await who.client.post('/api/user/authenticate_user', { email: who.email, password: PASSWORD });
        const cookie = (signIn.cookies as { name: string; maxAge?: number }[]).find((c) => c.name === 'fcl_sid');
        expect(cookie?.maxAge).toBe(Math.floor(absoluteMs / 1000));

        /** Puts the session `agoMs` after sign-in, last used `idleForMs` ago, and asks who is signed in. */
        const at = async (agoMs: number, idleForMs: number) => {
          const sid = who.client.cookies.get('fcl_sid');
          if (!sid) return 401;
          const h = sha256(sid);
          await t.db
            .updateTable('sessions')
            .set({
              created_at: sql<Date>`now() - make_interval(secs => ${agoMs / 1000})`,
              expires_at: sql<Date>`now() - make_interval(secs => ${agoMs / 1000}) + make_interval(secs => ${absoluteMs / 1000})`,
              last_seen_at: sql<Date>`now() - make_interval(secs => ${idleForMs / 1000})`,
            })
            .where('id_hash', '=', h)
            .execute();
          return (await who.client.get('/api/session')).statusCode;
        };
        // Idle just under the timeout, well inside the lifetime: still signed in (and the use renews it).
        expect(await at(Math.min(absoluteMs / 2, idleMs), idleMs - 5 * SECOND)).toBe(200);
        // Near the end of the lifetime, in use: still signed in.
        expect(await at(absoluteMs - 5 * SECOND, MINUTE)).toBe(200);
        // Past the lifetime, though in use a second ago: signed out.
        expect(await at(absoluteMs + 5 * SECOND, SECOND)).toBe(204);
        expect(
          await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', who.userId).execute(),
        ).toHaveLength(0);

        // Idle just over the timeout, well inside the lifetime: signed out.
        await who.client.post('/api/user/authenticate_user', { email: who.email, password: PASSWORD });
        expect(await at(0, idleMs + 5 * SECOND)).toBe(204);
        expect(who.client.cookies.has('fcl_sid')).toBe(false);
      } finally {
        await t.close();
      }
    },
  );
});

describe('no open redirects', () => {
  const attempts = [
    '//evil.example/',
    '//evil.example/%2e%2e',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/landing?next=https://evil.example/',
    '/login?redirect=//evil.example&returnTo=https://evil.example',
    '/verify-email?token=x&next=https://evil.example',
    '/api/docs',
    '/api/docs//evil.example',
    '/api//evil.example',
    '/assets',
    '/assets/',
    '/legal',
    '/home/',
    '/https://evil.example',
  ];

  it.each(attempts)('%s: no redirect to another site', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await dev.app.inject({ method, url });
      expect(res.statusCode).toBeLessThan(500);
      const location = res.headers.location;
      if (location !== undefined) {
        // Only ever a path on this site: not "//host", not "/\host", not a URL with a scheme.
        expect(String(location)).toMatch(/^\/(?![/\\])/);
        expect(new URL(String(location), 'http://app.test').host).toBe('app.test');
      }
    }
  });

  it('the web app never navigates to a URL taken from the address or the API (no redirect parameter)', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const root = join(import.meta.dirname, '..', '..', 'web', 'src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // location.href/assign/replace and window.open are the ways to leave the app; none may exist
      // (router navigation to fixed paths only).
      if (/location\.(href\s*=|assign\(|replace\()|window\.open\(/.test(text)) offenders.push(file);
      // A navigate()/<Navigate>/<Link> whose target comes from the query string.
      if (/searchParams\.get\(['"](next|redirect|returnTo|return_to|url|continue)['"]\)/.test(text))
        offenders.push(file);
    }
    expect(files.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
