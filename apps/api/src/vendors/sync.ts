import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import { writeScheduleRecords } from '../cricket/import/schedule';
import { writeSquadRecords } from '../cricket/import/squads';
import type { DB } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { type Clock, realClock } from '../live/feed';
import { runFeed } from '../live/runner';
import { toLine } from '../operator/data-files';
import { countLines, outcomeOf, recordImportRun } from '../operator/runs';
import { competitionRecords, rememberVendorIds } from './competition';
import { type ConnectionRow, type KnownVendor, type ProviderOptions, providerFor, VENDORS } from './connection';
import { FINAL_STATUSES, VendorFeed } from './feed';
import { storeLineup } from './lineups';
import type { VendorProvider } from './provider';
import { vendorSyncActor, writeVendorResult } from './results';

/**
 * The sync of a connected vendor, run by every API process's job loop (main.ts); one process at a
 * time syncs a vendor: a claim of its `vendor_connections` row by one UPDATE (a lease, as the
 * Cricsheet fetch's). Each run:
 * - at the schedule interval, reads the schedule and squads again and writes them with the file
 *   writers, each row on its own (a postponed or moved fixture moves; a row that cannot be taken is
 *   reported), recorded as an import run of kind `vendor` when something changed;
 * - from `lineup_lead_s` before a fixture's start, reads its toss and playing XIs until shortly
 *   after the start (an XI changed after announcement replaces the stored one);
 * - starts the live feed (./feed.ts through live/runner.ts `runFeed`) of each fixture that has
 *   started; the live_fixtures lease lets one process ingest each; the feed ends when the vendor
 *   marks the match over, and its result is written (./results.ts);
 * - writes the result of a fixture the vendor marked over that never ran live here.
 * Decision: docs/decisions/0045-vendor-sync.md.
 */

export interface VendorSyncOptions {
  clock?: Clock;
  provider?: ProviderOptions;
  log?: {
    info(msg: string): void;
    warn(obj: unknown, msg?: string): void;
    error(obj: unknown, msg?: string): void;
    debug(obj: unknown, msg?: string): void;
  };
  /** How long a claimed run may last (renewed by the next run); default 2 minutes. */
  leaseMs?: number;
  /** A live feed counts as silent after this long without a ball (default 90 s). */
  silentAfterMs?: number;
  /** Line-ups are read again this often until shortly after the start (default 5 minutes). */
  lineupRecheckMs?: number;
  /** While a live match is quiet, whether it is over is asked at most this often (default four live intervals). */
  resultCheckMs?: number;
}

export interface SyncRun {
  ran: boolean;
  outcome?: 'succeeded' | 'partial' | 'failed';
  message?: string;
}

/** A line-up is looked for until this long after the start. */
const LINEUP_AFTER_START_MS = 30 * 60_000;
/** A fixture is followed live until this long after its start. */
const LIVE_WINDOW_MS = 12 * 3600_000;

export class VendorSync {
  private readonly running = new Map<number, { ctl: AbortController; done: Promise<void> }>();
  private readonly holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: Config,
    private readonly options: VendorSyncOptions = {},
  ) {
    this.clock = options.clock ?? realClock;
  }

  /** One look at every vendor whose sync is on. */
  async tick(): Promise<void> {
    const rows = await this.db
      .selectFrom('vendor_connections')
      .select('vendor')
      .where('sync_enabled', '=', true)
      .where('competition_id', 'is not', null)
      .execute();
    for (const r of rows) {
      if (!Object.hasOwn(VENDORS, r.vendor)) continue;
      try {
        await this.run(r.vendor as KnownVendor);
      } catch (err) {
        this.options.log?.error({ err }, `${r.vendor} sync failed`);
      }
    }
  }

  /** One run for `vendor` (`force`: the schedule is read whether due or not). */
  async run(vendor: KnownVendor, force = false): Promise<SyncRun> {
    const now = this.clock.now();
    const leaseMs = this.options.leaseMs ?? 2 * 60_000;
    const conn = await this.db
      .updateTable('vendor_connections')
      .set({ lease_holder: this.holder, lease_until: new Date(now.getTime() + leaseMs) })
      .where('vendor', '=', vendor)
      .where('sync_enabled', '=', true)
      .where('competition_id', 'is not', null)
      .where('season_id', 'is not', null)
      .where((eb) =>
        eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('lease_holder', '=', this.holder)]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!conn) return { ran: false };
    const title = VENDORS[vendor].title;
    const notes: string[] = [];
    let bad = 0;
    let outcome: SyncRun['outcome'] = 'succeeded';
    const scheduleDue = force || conn.next_schedule_at === null || new Date(conn.next_schedule_at) <= now;
    try {
      const provider = providerFor(this.db, this.config, vendor, conn, this.options.provider);
      if (!provider) throw new Error(`${title} is not connected: no credentials in the console or the environment.`);
      let scheduleRead = false;
      if (scheduleDue) {
        const s = await this.schedule(vendor, conn, provider);
        scheduleRead = true;
        bad += s.bad;
        notes.push(s.note);
      }
      const l = await this.lineups(vendor, conn, provider, now, scheduleRead);
      if (l) notes.push(l);
      const r = await this.results(vendor, conn, provider, now);
      bad += r.bad;
      if (r.note) notes.push(r.note);
      const live = await this.live(vendor, conn, provider, now);
      if (live) notes.push(live);
      outcome = bad ? 'partial' : 'succeeded';
    } catch (err) {
      outcome = 'failed';
      notes.push((err as Error).message);
      this.options.log?.warn({ err }, `${title} sync failed`);
    }
    const message = notes.join(' ') || 'Nothing to do.';
    await this.db
      .updateTable('vendor_connections')
      .set({
        lease_holder: null,
        lease_until: null,
        last_sync_at: now,
        last_sync_outcome: outcome,
        last_sync_message: message,
        ...(scheduleDue && outcome !== 'failed'
          ? { next_schedule_at: new Date(now.getTime() + conn.schedule_interval_s * 1000) }
          : {}),
      })
      .where('vendor', '=', vendor)
      .where('lease_holder', '=', this.holder)
      .execute();
    return { ran: true, outcome, message };
  }

  /** The schedule and squads read again and written row by row; a run on record when something changed. */
  private async schedule(vendor: KnownVendor, conn: ConnectionRow, provider: VendorProvider) {
    const startedAt = new Date();
    const title = VENDORS[vendor].title;
    const cid = conn.competition_id!;
    const fixtures = await provider.schedule(cid);
    const squads = await provider.squads(cid);
    const season = await this.db
      .selectFrom('seasons')
      .select(['name', 'competition', 'year'])
      .where('id', '=', conn.season_id!)
      .executeTakeFirstOrThrow();
    const data = { fixtures, squads };
    const records = await competitionRecords(this.db, vendor, data, season);
    const scheduleLines = await writeScheduleRecords(this.db, records.schedule, { seasonSource: vendor });
    const squadLines = await withTransaction(this.db, (trx) =>
      writeSquadRecords(trx, records.squads, { seasonSource: vendor }),
    );
    await withTransaction(this.db, (trx) =>
      rememberVendorIds(trx, vendor, data, records, { schedule: scheduleLines, squads: squadLines }),
    );
    const lines = [...scheduleLines, ...squadLines].map(toLine);
    const changed = lines.filter((l) => l.status !== 'unchanged');
    const bad = changed.filter((l) => l.status === 'failed' || l.status === 'conflict').length;
    const summary = (part: string, ls: { status: string }[]) => {
      const c = countLines(ls.filter((l) => l.status !== 'unchanged').map((l) => ({ key: '', status: l.status })));
      const text = Object.entries(c)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ');
      return `${part}: ${text || 'unchanged'}.`;
    };
    if (changed.length) {
      await recordImportRun(this.db, {
        kind: 'vendor',
        trigger: 'schedule',
        source: `${title}: ${conn.competition_name ?? cid} (competition ${cid}), schedule and squads`,
        actor: vendorSyncActor(vendor),
        outcome: outcomeOf(changed),
        counts: countLines(lines),
        message: null,
        lines: changed,
        startedAt,
      });
    }
    return { bad, note: `${summary('Schedule', scheduleLines)} ${summary('Squads', squadLines)}` };
  }

  /** Toss and XIs of the fixtures about to start (and just started). */
  private async lineups(
    vendor: KnownVendor,
    conn: ConnectionRow,
    provider: VendorProvider,
    now: Date,
    scheduleRead: boolean,
  ): Promise<string | null> {
    const recheck = this.options.lineupRecheckMs ?? 5 * 60_000;
    const due = await this.db
      .selectFrom('vendor_fixtures as vf')
      .innerJoin('fixtures as f', 'f.id', 'vf.fixture_id')
      .select(['vf.vendor_id', 'vf.fixture_id'])
      .where('vf.vendor', '=', vendor)
      .where('f.season_id', '=', conn.season_id!)
      .where('f.status', 'in', ['scheduled', 'live'])
      .where('vf.result_at', 'is', null)
      .where('vf.vendor_status', 'not in', [...FINAL_STATUSES] as ('finished' | 'abandoned' | 'cancelled')[])
      .where('f.start_time', '<=', new Date(now.getTime() + conn.lineup_lead_s * 1000))
      .where('f.start_time', '>', new Date(now.getTime() - LINEUP_AFTER_START_MS))
      .where((eb) =>
        eb.or([
          eb('vf.lineup_checked_at', 'is', null),
          eb('vf.lineup_checked_at', '<=', new Date(now.getTime() - recheck)),
        ]),
      )
      .orderBy('f.start_time')
      .execute();
    let changed = 0;
    let squadsRead = scheduleRead;
    for (const f of due) {
      const lineup = await provider.lineup(f.vendor_id);
      if (lineup) {
        let w = await storeLineup(this.db, vendor, f.fixture_id, lineup, now);
        if (w.unknown.length && !squadsRead) {
          // Someone in the XI we do not know: the squads again (a late replacement), then the XI again.
          await this.schedule(vendor, conn, provider);
          squadsRead = true;
          w = await storeLineup(this.db, vendor, f.fixture_id, lineup, now);
        }
        if (w.changed) changed += 1;
      }
      await this.db
        .updateTable('vendor_fixtures')
        .set({ lineup_checked_at: now })
        .where('vendor', '=', vendor)
        .where('vendor_id', '=', f.vendor_id)
        .execute();
    }
    return changed ? `Line-ups: ${changed} announced or changed.` : null;
  }

  /** Results of fixtures the vendor marked over that no live feed here or elsewhere is finishing. */
  private async results(vendor: KnownVendor, conn: ConnectionRow, provider: VendorProvider, now: Date) {
    const due = await this.db
      .selectFrom('vendor_fixtures as vf')
      .innerJoin('fixtures as f', 'f.id', 'vf.fixture_id')
      .leftJoin('live_fixtures as lf', 'lf.fixture_id', 'vf.fixture_id')
      .select(['vf.vendor_id', 'vf.fixture_id'])
      .where('vf.vendor', '=', vendor)
      .where('f.season_id', '=', conn.season_id!)
      .where('vf.result_at', 'is', null)
      .where('f.status', 'in', ['scheduled', 'live'])
      .where('f.start_time', '<=', now)
      .where('vf.vendor_status', 'in', [...FINAL_STATUSES] as ('finished' | 'abandoned' | 'cancelled')[])
      .where('lf.fixture_id', 'is', null)
      .orderBy('f.start_time')
      .execute();
    let written = 0;
    let bad = 0;
    for (const f of due) {
      if (this.running.has(f.fixture_id)) continue;
      const result = await provider.result(f.vendor_id);
      if (!FINAL_STATUSES.has(result.status)) continue;
      const w = await writeVendorResult(this.db, vendor, f.fixture_id, f.vendor_id, result, now);
      if (w.outcome === 'written') written += 1;
      if (w.outcome === 'failed') bad += 1;
    }
    return { bad, note: written || bad ? `Results: ${written} written${bad ? `, ${bad} failed` : ''}.` : null };
  }

  /** Starts the live feed of every started fixture not finished, unless this process already runs it. */
  private async live(vendor: KnownVendor, conn: ConnectionRow, provider: VendorProvider, now: Date) {
    const due = await this.db
      .selectFrom('vendor_fixtures as vf')
      .innerJoin('fixtures as f', 'f.id', 'vf.fixture_id')
      .leftJoin('live_fixtures as lf', 'lf.fixture_id', 'vf.fixture_id')
      .select(['vf.vendor_id', 'vf.fixture_id'])
      .where('vf.vendor', '=', vendor)
      .where('f.season_id', '=', conn.season_id!)
      .where('vf.result_at', 'is', null)
      .where('f.status', 'in', ['scheduled', 'live'])
      .where('f.start_time', '<=', now)
      .where('f.start_time', '>', new Date(now.getTime() - LIVE_WINDOW_MS))
      .where((eb) =>
        eb.or([
          eb('lf.fixture_id', 'is not', null),
          eb('vf.vendor_status', 'not in', [...FINAL_STATUSES] as ('finished' | 'abandoned' | 'cancelled')[]),
        ]),
      )
      .where(sql<boolean>`coalesce(lf.state, 'live') = 'live'`)
      .execute();
    let started = 0;
    for (const f of due) {
      if (this.running.has(f.fixture_id)) continue;
      this.follow(vendor, provider, f.fixture_id, f.vendor_id, conn.live_interval_s * 1000);
      started += 1;
    }
    return started ? `Live: ${started} followed.` : null;
  }

  private follow(
    vendor: KnownVendor,
    provider: VendorProvider,
    fixtureId: number,
    vendorId: string,
    intervalMs: number,
  ) {
    const log = this.options.log;
    const feed = new VendorFeed(this.db, vendor, provider, fixtureId, vendorId, {
      intervalMs,
      resultCheckMs: this.options.resultCheckMs ?? 4 * intervalMs,
      clock: this.clock,
    });
    const ctl = new AbortController();
    const done = runFeed(this.db, fixtureId, feed, {
      clock: this.clock,
      signal: ctl.signal,
      silentAfterMs: this.options.silentAfterMs ?? 90_000,
      runnerId: this.holder,
      waitForLease: false,
      ...(log ? { log } : {}),
    })
      .then(async (outcome) => {
        if (outcome === 'taken') return;
        if (feed.result) {
          const w = await writeVendorResult(this.db, vendor, fixtureId, vendorId, feed.result, this.clock.now());
          log?.info(`${VENDORS[vendor].title} fixture ${fixtureId}: ${w.message} (${w.outcome})`);
        }
      })
      .catch((err) => log?.error({ err }, `${VENDORS[vendor].title} live feed of fixture ${fixtureId} stopped`))
      .finally(() => this.running.delete(fixtureId));
    this.running.set(fixtureId, { ctl, done });
  }

  /** The fixtures this process follows live now. */
  following(): number[] {
    return [...this.running.keys()];
  }

  /** Waits until every live feed this process started has ended (tests). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  stop(): void {
    for (const r of this.running.values()) r.ctl.abort();
  }
}

/** One sync per database in a process: the job loop and the console's "Sync now" share it (and its feeds). */
const syncs = new WeakMap<Kysely<DB>, VendorSync>();

export function vendorSyncFor(db: Kysely<DB>, config: Config, options: VendorSyncOptions = {}): VendorSync {
  let s = syncs.get(db);
  if (!s) {
    s = new VendorSync(db, config, options);
    syncs.set(db, s);
  }
  return s;
}
