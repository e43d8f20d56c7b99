import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { backoffMs } from '../../src/email/worker';
import { freshDatabase } from '../db';
import { startTestApp, type TestApp, uniqueEmail, PASSWORD } from '../helpers';
import { TestSmtp } from './smtp';
import { sleep, waitFor } from './support';

/**
 * The mail server goes away: messages wait in email_outbox, are retried with exponential backoff
 * (not on every poll), survive a period where the server answers 421 (reachable but refusing), and
 * once it accepts again every message arrives exactly once — with two API instances (two delivery
 * workers) sharing the database, as replicas would. A real SMTP server (`smtp-server`) on a real port,
 * stopped and started again on that port.
 */

const email = {
  pollIntervalMs: 100,
  backoffBaseMs: 250,
  backoffMaxMs: 2_000,
  maxAttempts: 50,
  leaseMs: 60_000,
  batchSize: 10,
};

describe('SMTP unreachable, then back', () => {
  let database: Database;
  let smtp: TestSmtp;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    smtp = await TestSmtp.start();
    apps = [];
    for (let i = 0; i < 2; i++) {
      apps.push(await startTestApp({ smtpUrl: smtp.url, email }, { mailTransport: undefined }, database));
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await smtp.stop();
    await database.close();
  });

  it('queues, retries with backoff, loses nothing and sends nothing twice', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    expect(a.app.deps.mail.transportName).toBe('smtp');
    await smtp.stop(); // unreachable: connections to its port are refused

    const queuedAt = Date.now();
    // Emails caused by requests to both instances: verification mails and password resets.
    const addresses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const address = uniqueEmail('smtp-outage');
      addresses.push(address);
      const res = await (i % 2 ? b : a)
        .client()
        .post('/api/user/add_user', { first_name: 'Mail', last_name: 'Wait', email: address, password: PASSWORD });
      expect(res.statusCode).toBe(201);
    }
    for (const address of addresses.slice(0, 2)) {
      expect((await b.client().post('/api/user/initiate_change_password', { email: address })).statusCode).toBe(200);
    }
    const queued = await database.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', 'in', addresses)
      .orderBy('id')
      .execute();
    const ids = queued.map((r) => r.id);
    expect(ids).toHaveLength(8);

    // While the server is away: retried, but backing off. The most attempts the schedule allows in
    // the time since the first message was queued (polls every 100 ms by two workers, without backoff,
    // would make ~60 in 3 s).
    await sleep(3_000);
    const during = await database.db
      .selectFrom('email_outbox')
      .select([
        'id',
        'status',
        'attempts',
        'last_error',
        sql<number>`extract(epoch from (next_attempt_at - now()))::float8`.as('due_in_s'),
      ])
      .where('id', 'in', ids)
      .execute();
    const elapsed = Date.now() - queuedAt;
    let allowed = 1;
    for (let waited = backoffMs(1, email); waited <= elapsed; waited += backoffMs(allowed, email)) allowed += 1;
    expect(smtp.received).toHaveLength(0);
    for (const r of during) {
      expect(r.status).toBe('pending');
      expect(r.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(r.attempts).toBeGreaterThanOrEqual(2);
      expect(r.attempts).toBeLessThanOrEqual(allowed);
      // The next try is scheduled by the backoff (or the row is claimed right now: leased).
      const leased = r.due_in_s > email.leaseMs / 1000 - 10;
      if (!leased) expect(r.due_in_s).toBeLessThanOrEqual(backoffMs(r.attempts, email) / 1000 + 0.1);
    }
    const outageAttempts = during.map((r) => r.attempts);

    // The server is back but busy: 421 to every connection. Still queued.
    smtp.mode = 'busy';
    await smtp.start();
    await waitFor(
      'a 421 answer to be recorded',
      async () =>
        (
          await database.db
            .selectFrom('email_outbox')
            .select('id')
            .where('id', 'in', ids)
            .where('last_error', 'like', '%421%')
            .execute()
        ).length > 0,
      10_000,
    );
    await sleep(1_000);
    expect(smtp.received).toHaveLength(0);
    const busyConnections = smtp.connections;

    // Accepting again: everything goes out, exactly once.
    smtp.mode = 'accept';
    const back = Date.now();
    await waitFor(
      'every queued message to be sent',
      async () =>
        (await database.db.selectFrom('email_outbox').select('status').where('id', 'in', ids).execute()).every(
          (r) => r.status === 'sent',
        ),
      15_000,
      50,
    );
    const deliveredAfterMs = Date.now() - back;
    await sleep(1_000); // anything sent twice would arrive now
    const received = smtp.received.map((m) => m.outboxId).sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(received).toEqual(ids);
    const rows = await database.db
      .selectFrom('email_outbox')
      .select(['id', 'status', 'attempts', 'last_error', 'to_address'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'sent', last_error: null });
      expect(r.attempts).toBeGreaterThan(2);
      const mail = smtp.received.find((m) => m.outboxId === r.id)!;
      expect(mail.to).toEqual([r.to_address]);
    }
    const attempts = rows.map((r) => r.attempts);
    console.log(
      `[faults] SMTP outage: ${ids.length} emails queued; ${outageAttempts.join('/')} attempts each during 3 s unreachable (backoff allows ${allowed}); ${attempts.reduce((x, y) => x + y, 0)} delivery attempts in all (per email ${Math.min(...attempts)}-${Math.max(...attempts)}); ${busyConnections} connections answered 421; ${smtp.received.length} delivered once each, ${deliveredAfterMs} ms after the server accepted again; 0 lost, 0 duplicates`,
    );
  }, 60_000);
});
