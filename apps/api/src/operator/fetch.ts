import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CricsheetFetchConfig, FileLimits } from '../config';
import type { CricsheetFetchTable, DB } from '../db/schema';
import { withTransaction } from '../db/transaction';
import type { Actor } from './access';
import { localAddressesOf, type ResolveHost, systemResolve } from './addresses';
import { recordAudit } from './audit';
import { importCricsheetFiles } from './cricsheet-files';
import { countLines, type ImportLine, outcomeOf, recordImportRun } from './runs';
import { FileRefusal, isZip, type ReceivedFile } from './zip';

/**
 * The scheduled Cricsheet fetch (docs/data.md, "Results that arrive by themselves"; decision 0027):
 * download CRICSHEET_FETCH_URL with conditional requests, import what is new or changed through the
 * same importer as the CLI and the console, and record the run in the import history. One run at a
 * time across every API process: a run claims the single `cricsheet_fetch` row's lease first.
 */

/** Who a timer run is recorded as started by. */
export const SCHEDULED_FETCH_ACTOR: Actor = { userId: null, label: 'scheduled fetch' };

export const fetchMessages = {
  off: 'No Cricsheet download is configured: set CRICSHEET_FETCH_URL (and restart the API) to turn the fetch on.',
  busy: (until: Date) =>
    `A Cricsheet fetch is running now (started elsewhere; it is given until ${until.toISOString().slice(11, 16)} UTC). Its run will appear in the import history.`,
} as const;

type FetchState = Selectable<CricsheetFetchTable>;

export type FetchOutcome = 'succeeded' | 'partial' | 'failed' | 'not_modified';

export type FetchRunResult =
  | { ran: true; runId: number; outcome: FetchOutcome }
  /** `not_due`: a scheduled run that is not due yet; `busy`: another run holds the lease until `leaseUntil`. */
  | { ran: false; reason: 'not_due' }
  | { ran: false; reason: 'busy'; leaseUntil: Date };

export interface FetchRunOptions {
  trigger: 'schedule' | 'console';
  actor: Actor;
  /** Only run when `next_run_at` has come (the timer); a console run goes whenever no run holds the lease. */
  dueOnly: boolean;
  /** Write an audit entry `fetch.run` (operator runs), in the transaction that records the run. */
  audit?: boolean;
  log?: { info(msg: string): void; warn(obj: unknown, msg?: string): void };
  /** What the download may hold and cost to read (config `fileLimits`); the defaults otherwise. */
  fileLimits?: FileLimits;
  /** Resolves the host names of redirects (tests inject one; the system's resolver otherwise). */
  resolveHost?: ResolveHost;
}

/** A download that failed: the run's message. */
class FetchFailure extends Error {}

const intervalSql = (ms: number) => sql<Date>`now() + (${ms}::double precision * interval '1 millisecond')`;

/** The fetch's single row (migration 0016 inserts it). */
export async function fetchState(db: Kysely<DB>): Promise<FetchState> {
  return db.selectFrom('cricsheet_fetch').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/**
 * Claims the job for `holder` with one UPDATE: it succeeds only when no unexpired lease is held (and,
 * for the timer, when the run is due), so two processes — or the timer and "Run now" — never run it at
 * once. Returns the row as claimed, or why not.
 */
async function claim(
  db: Kysely<DB>,
  holder: string,
  leaseMs: number,
  dueOnly: boolean,
): Promise<{ state: FetchState } | { reason: 'not_due' } | { reason: 'busy'; leaseUntil: Date }> {
  const claimed = await db
    .updateTable('cricsheet_fetch')
    .set({ lease_holder: holder, lease_until: intervalSql(leaseMs) })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .$if(dueOnly, (q) =>
      q.where((eb) => eb.or([eb('next_run_at', 'is', null), eb('next_run_at', '<=', sql<Date>`now()`)])),
    )
    .returningAll()
    .executeTakeFirst();
  if (claimed) return { state: claimed };
  const held = await db
    .selectFrom('cricsheet_fetch')
    .select('lease_until')
    .where('id', '=', 1)
    .where('lease_holder', 'is not', null)
    .where('lease_until', '>=', sql<Date>`now()`)
    .executeTakeFirst();
  if (held?.lease_until) return { reason: 'busy', leaseUntil: new Date(held.lease_until) };
  return { reason: 'not_due' };
}

export interface Downloaded {
  file: ReceivedFile;
  etag: string | null;
  lastModified: string | null;
}

/** The file name of a download: Content-Disposition's, else the URL's last path segment. */
function downloadName(url: string, disposition: string | null): string {
  const fromHeader = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  if (fromHeader) return decodeURIComponent(fromHeader).split(/[\\/]/).pop() ?? fromHeader;
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last) || 'download';
  } catch {
    return last || 'download';
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Redirects followed before a download gives up. */
export const MAX_REDIRECTS = 10;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads `url`, sending the stored validators; `null` for 304 Not Modified. Throws a FetchFailure
 * with a message for the person on any other status, a network error, the timeout or the size cap.
 * Redirects are followed (up to MAX_REDIRECTS) only to http(s) URLs, and not to a loopback, private
 * or link-local address unless `url` itself is on one (addresses.ts).
 */
export async function download(
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  settings: Pick<CricsheetFetchConfig, 'timeoutMs' | 'maxBytes'>,
  resolveHost: ResolveHost = systemResolve,
): Promise<Downloaded | null> {
  const headers: Record<string, string> = {
    accept: 'application/zip, application/json;q=0.9, */*;q=0.1',
    'user-agent': 'fantasy-cricket-league (scheduled Cricsheet fetch)',
    // One download an interval gains nothing from a kept connection, and a kept one can be closed by
    // the server just as the next run sends on it (ECONNRESET when this process was busy meanwhile).
    connection: 'close',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const seconds = Math.round(settings.timeoutMs / 1000);
  const failure = (e: unknown): FetchFailure => {
    if (e instanceof FetchFailure) return e;
    const err = e as Error & { cause?: Error & { code?: string } };
    if (err.name === 'TimeoutError' || signal.aborted)
      return new FetchFailure(`The download of ${url} took longer than ${seconds} s and was abandoned.`);
    const why = err.cause?.code ?? err.cause?.message ?? err.message;
    return new FetchFailure(`Could not download ${url}: ${why}.`);
  };
  try {
    let where = new URL(url);
    let res = await fetch(where, { headers, signal, redirect: 'manual' });
    let mayGoLocal: boolean | undefined;
    for (let hops = 0; REDIRECTS.has(res.status); hops++) {
      await res.body?.cancel();
      const location = res.headers.get('location');
      if (!location) break;
      const next = new URL(location, where);
      if (hops === MAX_REDIRECTS)
        throw new FetchFailure(`The download of ${url} was redirected more than ${MAX_REDIRECTS} times.`);
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new FetchFailure(`The download of ${url} was redirected to ${next.href}, which is not http or https.`);
      mayGoLocal ??= (await localAddressesOf(new URL(url), resolveHost)).length > 0;
      if (!mayGoLocal) {
        const local = await localAddressesOf(next, resolveHost);
        if (local.length)
          throw new FetchFailure(
            `The download of ${url} was redirected to ${next.href} (${local.join(', ')}), a loopback, private or link-local address: refused, as the configured URL is not on one.`,
          );
      }
      where = next;
      res = await fetch(where, { headers, signal, redirect: 'manual' });
    }
    if (res.status === 304) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new FetchFailure(
        `The download of ${url} answered ${[res.status, res.statusText].filter(Boolean).join(' ')}.`,
      );
    }
    const declared = Number(res.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > settings.maxBytes) {
      await res.body?.cancel();
      throw new FetchFailure(
        `The download of ${url} is ${mb(declared)}, more than the ${mb(settings.maxBytes)} allowed (CRICSHEET_FETCH_MAX_MB).`,
      );
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > settings.maxBytes) {
          await reader.cancel();
          throw new FetchFailure(
            `The download of ${url} is more than the ${mb(settings.maxBytes)} allowed (CRICSHEET_FETCH_MAX_MB).`,
          );
        }
        chunks.push(value);
      }
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    return {
      file: { name: downloadName(where.href, res.headers.get('content-disposition')), bytes },
      etag: res.headers.get('etag'),
      lastModified: res.headers.get('last-modified'),
    };
  } catch (e) {
    throw failure(e);
  }
}

/** "71 imported, 2 failed" from the counts of the lines. */
function summary(counts: Record<string, number>): string {
  const order = ['imported', 'updated', 'unchanged', 'superseded', 'conflict', 'failed'];
  const keys = [...order.filter((k) => counts[k]), ...Object.keys(counts).filter((k) => !order.includes(k))];
  return keys.map((k) => `${counts[k]} ${k}`).join(', ') || 'no match files';
}

/**
 * One run of the fetch: claim the job, download, import, record. Returns without doing anything when
 * another run holds the job (`busy`) or, for the timer, when it is not due. Never throws for a failed
 * download or import: the run is recorded `failed` with the message, the validators are kept and the
 * next run tries again. The new ETag/Last-Modified are stored only after a run that `succeeded`.
 */
export async function runCricsheetFetch(
  db: Kysely<DB>,
  settings: CricsheetFetchConfig,
  options: FetchRunOptions,
): Promise<FetchRunResult> {
  const url = settings.url;
  if (!url) throw new Error(fetchMessages.off);
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  const claimed = await claim(db, holder, settings.leaseMs, options.dueOnly);
  if (!('state' in claimed)) return { ran: false, ...claimed };
  const startedAt = new Date();
  // The lease is renewed while the run lasts; a process that dies stops renewing and the lease lapses.
  const renew = setInterval(
    () => {
      db.updateTable('cricsheet_fetch')
        .set({ lease_until: intervalSql(settings.leaseMs) })
        .where('id', '=', 1)
        .where('lease_holder', '=', holder)
        .execute()
        .catch((err) => options.log?.warn({ err }, 'cricsheet fetch: lease renewal failed'));
    },
    Math.max(1000, Math.floor(settings.leaseMs / 3)),
  );
  renew.unref();

  const state = claimed.state;
  // Validators belong to the URL they came from: a new URL starts with a full download.
  const validators =
    state.url === url ? { etag: state.etag, lastModified: state.last_modified } : { etag: null, lastModified: null };
  let outcome: FetchOutcome;
  let lines: ImportLine[] = [];
  let message: string;
  let rescored: number[] = [];
  let fresh: { etag: string | null; lastModified: string | null } | null = null;
  try {
    const got = await download(url, validators, settings, options.resolveHost);
    if (!got) {
      outcome = 'not_modified';
      message = `Not modified since the last import (${validators.etag ? `ETag ${validators.etag}` : `Last-Modified ${validators.lastModified}`}): nothing imported.`;
    } else {
      if (!isZip(got.file) && !got.file.name.toLowerCase().endsWith('.json'))
        throw new FetchFailure(
          `The download (${got.file.name}) is neither a zip of Cricsheet matches nor a match's .json file.`,
        );
      const size = got.file.bytes.length;
      const warnings: string[] = [];
      let result: Awaited<ReturnType<typeof importCricsheetFiles>>;
      try {
        result = await importCricsheetFiles(db, [got.file], {
          onWarning: (m) => warnings.push(m),
          ...(options.fileLimits ? { limits: options.fileLimits } : {}),
        });
      } catch (e) {
        if (e instanceof FileRefusal) throw new FetchFailure(`The download is not usable: ${e.message}.`);
        throw e;
      }
      lines = result.lines;
      rescored = result.rescoredFixtureIds;
      outcome = lines.length === 0 ? 'succeeded' : outcomeOf(lines);
      const counts = countLines(lines);
      message = `Downloaded ${got.file.name} (${mb(size)}, ${result.files} match files): ${summary(counts)}.`;
      if (warnings.length) message += ` ${warnings.slice(0, 3).join(' ')}`;
      if (outcome === 'succeeded') fresh = { etag: got.etag, lastModified: got.lastModified };
    }
  } catch (e) {
    outcome = 'failed';
    message =
      e instanceof FetchFailure
        ? e.message
        : `The import stopped: ${(e as Error).message}. Matches imported before it stopped are kept and reported again by the next run.`;
    options.log?.warn({ err: e }, `cricsheet fetch failed: ${message}`);
  } finally {
    clearInterval(renew);
  }

  const runId = await withTransaction(db, async (trx) => {
    const id = await recordImportRun(trx, {
      kind: 'fetch',
      trigger: options.trigger,
      source: url,
      actor: options.actor,
      outcome,
      counts: countLines(lines),
      message,
      rescoredFixtureIds: rescored,
      lines,
      startedAt,
    });
    const released = await trx
      .updateTable('cricsheet_fetch')
      .set({
        lease_holder: null,
        lease_until: null,
        next_run_at: intervalSql(settings.intervalMs),
        last_run_id: id,
        ...(fresh ? { url, etag: fresh.etag, last_modified: fresh.lastModified } : {}),
      })
      .where('id', '=', 1)
      .where('lease_holder', '=', holder)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) === 0)
      options.log?.warn({}, 'cricsheet fetch: the lease lapsed during the run (another run may have started)');
    if (options.audit)
      await recordAudit(trx, options.actor, {
        action: 'fetch.run',
        target: url,
        after: { ImportRunID: id, Outcome: outcome, Counts: countLines(lines), Message: message },
      });
    return id;
  });
  options.log?.info(`cricsheet fetch (${options.trigger}): ${outcome} — ${message} (import run ${runId})`);
  return { ran: true, runId, outcome };
}

export interface FetchTimer {
  /** One look: runs the fetch when it is due and no other process runs it. */
  tick(): Promise<FetchRunResult | undefined>;
  stop(): void;
}

/**
 * The timer of one API process (main.ts): looks once at start and then every `tickMs` (at most the
 * interval) whether a run is due, and runs it if this process claims it. Every process runs the timer;
 * the claim makes one of them do each run. Undefined when no CRICSHEET_FETCH_URL is configured.
 */
export function startCricsheetFetchTimer(
  db: Kysely<DB>,
  settings: CricsheetFetchConfig,
  log: NonNullable<FetchRunOptions['log']> & { error(obj: unknown, msg?: string): void },
  fileLimits?: FileLimits,
): FetchTimer | undefined {
  if (!settings.url) return undefined;
  let running: Promise<FetchRunResult | undefined> | undefined;
  const tick = () => {
    running ??= runCricsheetFetch(db, settings, {
      trigger: 'schedule',
      actor: SCHEDULED_FETCH_ACTOR,
      dueOnly: true,
      log,
      ...(fileLimits ? { fileLimits } : {}),
    })
      .catch((err) => {
        log.error({ err }, 'cricsheet fetch failed');
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void tick();
  const timer = setInterval(() => void tick(), Math.min(settings.tickMs, settings.intervalMs));
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
