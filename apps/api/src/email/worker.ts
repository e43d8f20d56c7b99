import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { MailTransport, OutgoingMail } from './transport';

export interface EmailWorkerOptions {
  db: Kysely<DB>;
  transport: MailTransport;
  settings: Config['email'];
  log: { info(msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface RunResult {
  sent: number;
  failed: number;
}

interface ClaimedRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  reply_to: string | null;
  attempts: number;
}

/** Delay before attempt `attempts + 1`: base · 2^(attempts-1), capped. */
export function backoffMs(attempts: number, settings: Pick<Config['email'], 'backoffBaseMs' | 'backoffMaxMs'>): number {
  return Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends what email_outbox holds. Rows are claimed with one atomic UPDATE … WHERE id IN (SELECT …
 * FOR UPDATE SKIP LOCKED): a claim bumps `attempts` and leases the row (next_attempt_at moves
 * `leaseMs` ahead), so two API processes never send one message twice, and a process that dies
 * mid-send only delays the message until the lease runs out. Sending happens outside any
 * transaction. Failures are retried with exponential backoff until `maxAttempts`.
 */
export class EmailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly options: EmailWorkerOptions) {}

  get transportName(): string {
    return this.options.transport.name;
  }

  /** Starts polling (besides `kick`s) every `pollIntervalMs`. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.options.settings.pollIntervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Delivers due messages soon; call after a transaction that queued mail has committed. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once no delivery is running or scheduled (tests use it after a request). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
    await this.options.transport.close?.();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.runOnce();
      } catch (err) {
        this.options.log.error({ err }, 'email delivery run failed');
      }
    } while (this.again && !this.stopped);
  }

  /** Claims and sends due messages, batch after batch, until none is due. */
  async runOnce(): Promise<RunResult> {
    const total: RunResult = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return total;
      for (const row of batch) {
        if (await this.deliver(row)) total.sent += 1;
        else total.failed += 1;
      }
    }
  }

  private async claim(): Promise<ClaimedRow[]> {
    const { batchSize, leaseMs } = this.options.settings;
    const { rows } = await sql<ClaimedRow>`
      UPDATE email_outbox
      SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id IN (
        SELECT id FROM email_outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_address, subject, text_body, html_body, reply_to, attempts`.execute(this.options.db);
    return rows;
  }

  private async deliver(row: ClaimedRow): Promise<boolean> {
    const mail: OutgoingMail = {
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      replyTo: row.reply_to,
    };
    const { db, settings, log } = this.options;
    try {
      await this.options.transport.send(mail);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= settings.maxAttempts;
      await db
        .updateTable('email_outbox')
        .set({
          last_error: message.slice(0, 2000),
          ...(giveUp
            ? { status: 'failed' as const }
            : {
                next_attempt_at: sql<Date>`now() + make_interval(secs => ${backoffMs(row.attempts, settings) / 1000})`,
              }),
        })
        .where('id', '=', row.id)
        .execute();
      if (giveUp) log.error({ id: row.id, attempts: row.attempts, err: message }, 'email delivery failed for good');
      else log.warn({ id: row.id, attempts: row.attempts, err: message }, 'email delivery failed; will retry');
      return false;
    }
    await db
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null })
      .where('id', '=', row.id)
      .execute();
    return true;
  }
}
