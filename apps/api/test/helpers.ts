import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app';
import { type ConfigOverrides, loadConfig } from '../src/config';
import { seedFaqs } from '../src/content/faq';
import type { Database } from '../src/db/database';
import type { MailTransport, OutgoingMail } from '../src/email/transport';
import { freshDatabase } from './db';

/** A transport that keeps messages in memory; `failNext` makes the next sends throw. */
export class MemoryTransport implements MailTransport {
  readonly name = 'memory';
  readonly sent: OutgoingMail[] = [];
  failNext = 0;
  attempts = 0;
  async send(mail: OutgoingMail): Promise<void> {
    this.attempts += 1;
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('mail server unavailable');
    }
    this.sent.push(mail);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  mail: MemoryTransport;
  dataDir: string;
  /** A new browser; `remoteAddress` is its client address (default 127.0.0.1, shared by all). */
  client(remoteAddress?: string): TestClient;
  /** Waits for the email worker, then returns every message sent so far. */
  sentMail(): Promise<OutgoingMail[]>;
  close(): Promise<void>;
}

export async function startTestApp(
  overrides: ConfigOverrides = {},
  options: Partial<Omit<BuildAppOptions, 'database' | 'config'>> = {},
  database?: Database,
): Promise<TestApp> {
  const db = database ?? (await freshDatabase());
  await seedFaqs(db.db);
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-api-'));
  // Tests share one IP (127.0.0.1): limits are lifted unless a test sets them.
  const lifted = { max: 10_000, windowMs: 3_600_000 };
  const noBackoff = { free: 10_000, baseMs: 1_000, maxMs: 1_000, forgetMs: 3_600_000 };
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: 'http://app.test' },
    {
      ...overrides,
      rateLimits: {
        resendVerificationPerAddress: lifted,
        forgotPasswordPerAddress: lifted,
        changePassword: lifted,
        register: lifted,
        registerTaken: lifted,
        contact: lifted,
        ...overrides.rateLimits,
      },
      backoff: {
        login: noBackoff,
        resendVerification: noBackoff,
        forgotPassword: noBackoff,
        ...overrides.backoff,
      },
    },
  );
  const mail = new MemoryTransport();
  const app = await buildApp({ database: db, config, mailTransport: mail, ...options });
  await app.ready();
  return {
    app,
    database: db,
    db: db.db,
    mail,
    dataDir,
    client: (remoteAddress?: string) => new TestClient(app, remoteAddress),
    async sentMail() {
      await app.deps.mail.idle();
      return mail.sent;
    },
    async close() {
      await app.close();
      if (!database) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RequestOptions {
  /** false: send no X-XSRF-TOKEN header; a string: send that value. Default: the cookie's value. */
  xsrf?: false | string;
  headers?: Record<string, string>;
}

/** A browser stand-in for app.inject: keeps cookies and echoes XSRF-TOKEN like the web client. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const unsafe = method !== 'GET' && method !== 'HEAD';
    if (unsafe && options.xsrf === undefined && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/faq/');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (unsafe && options.xsrf !== false)
      headers['x-xsrf-token'] = options.xsrf ?? this.cookies.get('XSRF-TOKEN') ?? '';
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, body, options);
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, body, options);
  }
  delete(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('DELETE', url, body, options);
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'player'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const PASSWORD = 'correct horse 42';

/** The token of the last link to `path` (/verify-email or /reset-password) sent to `to`. */
export function linkToken(mails: OutgoingMail[], to: string, path: string): string {
  const mail = [...mails].reverse().find((m) => m.to === to && m.text.includes(path));
  const match = mail && new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link sent to ${to}`);
  return match[1];
}

export interface SignedIn {
  client: TestClient;
  userId: number;
  email: string;
}

/** Registers through the API, follows the verification link, signs in. */
export async function signUp(
  t: TestApp,
  email = uniqueEmail(),
  names = { first: 'Asha', last: 'Patel' },
): Promise<SignedIn> {
  const client = t.client();
  const reg = await client.post('/api/user/add_user', {
    first_name: names.first,
    last_name: names.last,
    email,
    password: PASSWORD,
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const token = linkToken(await t.sentMail(), email, '/verify-email');
  const verified = await client.post('/api/user/verify_email', { token });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const login = await client.post('/api/user/authenticate_user', { email, password: PASSWORD });
  if (login.json().status !== 'success') throw new Error(`login failed: ${login.body}`);
  return { client, userId: reg.json().user_id, email };
}

/**
 * Calls `probe` until it returns a value `done` accepts, then returns it; fails after `timeoutMs`.
 * For what another process learns by notification (src/db/notifications.ts): no fixed sleeps.
 */
export async function pollUntil<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 10_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
