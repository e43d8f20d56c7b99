import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { queueEmail } from '../src/email/outbox';
import { SMTP_TIMEOUTS, smtpTransport, smtpUrlWithTimeouts } from '../src/email/transport';
import { backoffMs, EmailWorker } from '../src/email/worker';
import { freshDatabase } from './db';
import { TestSmtp } from './faults/smtp';
import { MemoryTransport, PASSWORD, startTestApp, uniqueEmail } from './helpers';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

const quiet = { info() {}, warn() {}, error() {} };
const settings = (overrides: Partial<ReturnType<typeof loadConfig>['email']> = {}) => ({
  ...loadConfig({ NODE_ENV: 'test' }).email,
  backoffBaseMs: 60_000,
  ...overrides,
});
const message = (to: string) => ({
  to,
  subject: 'Hello',
  text: 'Hi there http://x.test/a',
  html: '<p>Hi</p>',
  kind: 'test',
});
const row = (id: number) =>
  database.db
    .selectFrom('email_outbox')
    .select([
      'status',
      'attempts',
      'last_error',
      'sent_at',
      sql<number>`extract(epoch from (next_attempt_at - now()))::float8`.as('due_in_s'),
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
/** Earlier tests leave messages behind; the app tests below want an empty queue. */
const settleOutbox = () =>
  database.db.updateTable('email_outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
const makeDue = (id: number) =>
  database.db.updateTable('email_outbox').set({ next_attempt_at: sql<Date>`now()` }).where('id', '=', id).execute();

describe('email worker', () => {
  it('retries with exponential backoff when the transport fails, then sends', async () => {
    const transport = new MemoryTransport();
    const worker = new EmailWorker({ db: database.db, transport, settings: settings(), log: quiet });
    const id = await queueEmail(database.db, message(uniqueEmail()));

    transport.failNext = 2;
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, last_error: 'mail server unavailable', sent_at: null });
    expect(r.due_in_s).toBeGreaterThan(55);
    expect(r.due_in_s).toBeLessThan(61);

    // Not due yet: nothing happens.
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });

    await makeDue(id);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    r = await row(id);
    expect(r.attempts).toBe(2);
    expect(r.due_in_s).toBeGreaterThan(115); // doubled
    expect(r.due_in_s).toBeLessThan(121);

    await makeDue(id);
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    r = await row(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(r.sent_at).toBeInstanceOf(Date);
    expect(transport.sent.map((m) => m.id)).toEqual([id]);
    expect(transport.attempts).toBe(3);
  });

  it('gives up after maxAttempts and caps the backoff', async () => {
    expect(backoffMs(1, { backoffBaseMs: 1000, backoffMaxMs: 5000 })).toBe(1000);
    expect(backoffMs(3, { backoffBaseMs: 1000, backoffMaxMs: 5000 })).toBe(4000);
    expect(backoffMs(10, { backoffBaseMs: 1000, backoffMaxMs: 5000 })).toBe(5000);

    const transport = new MemoryTransport();
    transport.failNext = 99;
    const worker = new EmailWorker({ db: database.db, transport, settings: settings({ maxAttempts: 2 }), log: quiet });
    const id = await queueEmail(database.db, message(uniqueEmail()));
    await worker.runOnce();
    await makeDue(id);
    await worker.runOnce();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2 });
    await makeDue(id);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it('never sends one message twice when two workers run at once', async () => {
    await settleOutbox();
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await queueEmail(database.db, message(`many${i}@example.com`)));
    const slow = () => {
      const t = new MemoryTransport();
      const send = t.send.bind(t);
      t.send = async (m) => {
        await new Promise((r) => setTimeout(r, 2));
        await send(m);
      };
      return t;
    };
    const [t1, t2] = [slow(), slow()];
    const s = settings({ batchSize: 3 });
    const w1 = new EmailWorker({ db: database.db, transport: t1, settings: s, log: quiet });
    const w2 = new EmailWorker({ db: database.db, transport: t2, settings: s, log: quiet });
    const [r1, r2] = await Promise.all([w1.runOnce(), w2.runOnce()]);
    expect(r1.sent + r2.sent).toBe(30);
    const sentIds = [...t1.sent, ...t2.sent].map((m) => m.id).sort((a, b) => a - b);
    expect(sentIds).toEqual(ids);
    const rows = await database.db
      .selectFrom('email_outbox')
      .select(['attempts', 'status'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((x) => x.attempts === 1 && x.status === 'sent')).toBe(true);
  });

  it('leaves a message claimed by another worker alone until its lease runs out', async () => {
    const transport = new MemoryTransport();
    const worker = new EmailWorker({ db: database.db, transport, settings: settings(), log: quiet });
    const id = await queueEmail(database.db, message(uniqueEmail()));
    // What a claim by a worker that then died looks like.
    await database.db
      .updateTable('email_outbox')
      .set({ attempts: 1, next_attempt_at: sql<Date>`now() + interval '5 minutes'` })
      .where('id', '=', id)
      .execute();
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    await makeDue(id);
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('records the error when the SMTP server cannot be reached', async () => {
    const worker = new EmailWorker({
      db: database.db,
      transport: smtpTransport('smtp://127.0.0.1:1', 'test@example.com'),
      settings: settings(),
      log: quiet,
    });
    const id = await queueEmail(database.db, message(uniqueEmail()));
    await worker.runOnce();
    const r = await row(id);
    expect(r.status).toBe('pending');
    expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
    await worker.stop();
  });
});

/** Decodes a quoted-printable body part (enough for our ASCII mails). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('SMTP delivery (real smtp-server)', () => {
  it('bounds every SMTP delivery in time (well inside the lease), unless SMTP_URL sets its own limits', () => {
    const url = new URL(smtpUrlWithTimeouts('smtp://user:p%40ss@mail.test:587?socketTimeout=5000'));
    expect(url.searchParams.get('connectionTimeout')).toBe(String(SMTP_TIMEOUTS.connectionTimeout));
    expect(url.searchParams.get('greetingTimeout')).toBe(String(SMTP_TIMEOUTS.greetingTimeout));
    expect(url.searchParams.get('socketTimeout')).toBe('5000');
    expect(url.password).toBe('p%40ss');
    const { leaseMs } = loadConfig({ NODE_ENV: 'test' }).email;
    expect(SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout).toBeLessThan(
      leaseMs / 2,
    );
  });

  it('sends the verification email over SMTP; its link verifies the account', async () => {
    const server = await TestSmtp.start();
    const { received, port } = server;
    await settleOutbox();
    const t = await startTestApp(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Fantasy Cricket <hello@fc.test>' },
      { mailTransport: undefined },
      database,
    );
    try {
      expect(t.app.deps.mail.transportName).toBe('smtp');
      const email = uniqueEmail('smtp');
      const client = t.client();
      expect(
        (await client.post('/api/user/add_user', { first_name: 'Sam', last_name: 'Curran', email, password: PASSWORD }))
          .statusCode,
      ).toBe(201);
      await t.app.deps.mail.idle();

      expect(received).toHaveLength(1);
      const mail = received[0]!;
      expect(mail.to).toEqual([email]);
      expect(mail.from).toBe('hello@fc.test');
      expect(mail.raw).toMatch(/^Subject: Confirm your email for Fantasy Cricket$/m);
      expect(mail.raw).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'm'));
      const body = decodeQuotedPrintable(mail.raw);
      const token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
      expect(token).toBeDefined();

      const verified = await client.post('/api/user/verify_email', { token });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().email).toBe(email);
      const row = await t.db
        .selectFrom('email_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await t.close();
      await server.stop();
    }
  });
});

describe('file outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file and logs the first link', async () => {
    const lines: string[] = [];
    await settleOutbox();
    const t = await startTestApp(
      { logLevel: 'info' },
      { mailTransport: undefined, logStream: { write: (l) => lines.push(l) } },
      database,
    );
    try {
      expect(t.app.deps.mail.transportName).toBe('file');
      const email = uniqueEmail('file');
      await t
        .client()
        .post('/api/user/add_user', { first_name: 'Sam', last_name: 'Billings', email, password: PASSWORD });
      await t.app.deps.mail.idle();

      const dir = join(t.dataDir, 'outbox');
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(join(dir, files[0]!), 'utf8');
      expect(eml).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'm'));
      expect(eml).toMatch(/^Subject: Confirm your email for Fantasy Cricket$/m);
      expect(eml).toContain('Content-Type: text/html');
      const token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(eml))?.[1];
      expect(token).toBeDefined();

      const logged = lines.map((l) => JSON.parse(l).msg as string).find((m) => m.startsWith('email to '));
      expect(logged).toBe(
        `email to ${email}: Confirm your email for Fantasy Cricket http://app.test/verify-email?token=${token}`,
      );
    } finally {
      await t.close();
    }
  });
});
