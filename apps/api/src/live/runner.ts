import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { CricsheetFormatError } from '../cricket/import/cricsheet-format';
import type { DB } from '../db/schema';
import type { LiveConfig } from './config';
import {
  type Clock,
  comparePositions,
  type FeedAdapter,
  type LiveFeed,
  PollingFeed,
  ReplayFeed,
  type ReplayOptions,
  realClock,
} from './feed';
import {
  applyBall,
  ballFingerprint,
  completeLive,
  flushLive,
  lockLiveFixture,
  markSilent,
  positionKey,
  stableJson,
  startLive,
  storedBalls,
} from './ingest';

/**
 * Runs a fixture's live feed: polls it, applies new and corrected balls in position order, marks the
 * fixture silent when nothing new came for `silentAfterMs` (it resumes with the next ball), and on
 * the final update runs the final import. One process runs a fixture's feed at a time: a lease on
 * the `live_fixtures` row, claimed and renewed under the fixture's advisory lock, that another
 * process takes over once it expires (the first process died). A restart resumes from the stored
 * balls: their fingerprints are read first, so they are skipped, and every write is keyed by position anyway.
 */

export interface RunOptions {
  clock?: Clock;
  silentAfterMs?: number;
  signal?: AbortSignal;
  /** This process's runner id (default: random). */
  runnerId?: string;
  /** How long a claimed lease lasts without renewal (default 30 s, at least twice the feed's wait). */
  leaseMs?: number;
  /**
   * When another process holds the lease: wait (sleeping until it would expire, then looking again)
   * and take over when it lapses, instead of returning 'taken'. Nothing is polled or written while
   * waiting. The supervisor waits, so a match whose runner died resumes within the lease.
   */
  waitForLease?: boolean;
  log?: { warn(...args: unknown[]): void; info(...args: unknown[]): void };
}

export type RunOutcome = 'completed' | 'stopped' | 'taken' | 'failed';

/** Claims or renews the lease of the fixture's feed for `runner`; false when another process holds it. */
export async function claimLease(db: Kysely<DB>, fixtureId: number, runner: string, now: Date, leaseMs: number) {
  return db.transaction().execute(async (trx) => {
    await lockLiveFixture(trx, fixtureId);
    const r = await trx
      .updateTable('live_fixtures')
      .set({ runner, lease_until: new Date(now.getTime() + leaseMs) })
      .where('fixture_id', '=', fixtureId)
      .where('state', '=', 'live')
      .where((eb) =>
        eb.or([
          eb('runner', 'is', null),
          eb('runner', '=', runner),
          eb('lease_until', '<', now),
          eb('lease_until', 'is', null),
        ]),
      )
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  });
}

/**
 * Who runs the fixture's feed, read only: 'completed', the time another runner's lease lasts until,
 * or null (no row yet, no runner, this runner, or a lapsed lease: free to claim).
 */
export async function leaseHeldUntil(
  db: Kysely<DB>,
  fixtureId: number,
  runner: string,
  now: Date,
): Promise<'completed' | Date | null> {
  const row = await db
    .selectFrom('live_fixtures')
    .select(['state', 'runner', 'lease_until'])
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.state === 'completed') return 'completed';
  if (!row.runner || row.runner === runner || !row.lease_until) return null;
  const until = new Date(row.lease_until);
  return until.getTime() > now.getTime() ? until : null;
}

export async function runFeed(
  db: Kysely<DB>,
  fixtureId: number,
  feed: LiveFeed,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const clock = options.clock ?? realClock;
  const runner = options.runnerId ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
  const silentAfter = options.silentAfterMs ?? 90_000;
  const leaseMs = options.leaseMs ?? Math.max(30_000, 2 * feed.waitMs());
  // The stored balls' fingerprints by position key (undefined: not read yet, or the lease was lost).
  let storedPrints: Map<string, string> | undefined;
  let info = '';
  let lastNews = clock.now().getTime();

  while (!options.signal?.aborted) {
    if (!storedPrints) {
      // Another process runs it: nothing is polled, written or read beyond this row until its lease lapses.
      const held = await leaseHeldUntil(db, fixtureId, runner, clock.now());
      if (held === 'completed') return 'completed';
      if (held) {
        if (!options.waitForLease) return 'taken';
        await clock.sleep(held.getTime() - clock.now().getTime() + 1, options.signal);
        continue;
      }
    }
    let update = null;
    try {
      update = await feed.next();
    } catch (err) {
      options.log?.warn({ err }, `live feed of fixture ${fixtureId} failed; trying again`);
    }
    const now = clock.now();
    if (update) {
      const infoNow = stableJson(update.info);
      if (!storedPrints || infoNow !== info) {
        await startLive(db, {
          fixtureId,
          matchId: feed.matchId,
          source: feed.source,
          info: update.info,
          link: feed.linksMatch !== false,
        });
        info = infoNow;
      }
      if (!storedPrints) {
        const live = await db
          .selectFrom('live_fixtures')
          .select(['state', 'last_ball_at'])
          .where('fixture_id', '=', fixtureId)
          .executeTakeFirst();
        if (live?.state === 'completed') return 'completed';
        if (live?.last_ball_at) lastNews = Math.max(lastNews, new Date(live.last_ball_at).getTime());
        storedPrints = await storedBalls(db, fixtureId);
      }
      if (!(await claimLease(db, fixtureId, runner, now, leaseMs))) {
        // Claimed by another process in the meantime.
        if (!options.waitForLease) return 'taken';
        storedPrints = undefined;
        continue;
      }
      // Position order: a gap filled late, or a burst after a gap, is applied as the match went.
      const balls = [...update.balls].sort(comparePositions);
      for (const ball of balls) {
        const key = positionKey(ball);
        const print = ballFingerprint(ball);
        if (storedPrints.get(key) === print) continue;
        try {
          await applyBall(db, fixtureId, ball, clock.now());
        } catch (err) {
          // A ball the importer's rules refuse (a player not in the teams' lists...) is left out and
          // recorded; the others go on, and a corrected version of it is applied when it comes.
          if (!(err instanceof CricsheetFormatError)) throw err;
          options.log?.warn(`live fixture ${fixtureId}: ball ${key} refused: ${err.problem}`);
          await db
            .updateTable('live_fixtures')
            .set({ error: `ball ${key} refused: ${err.path}: ${err.problem}` })
            .where('fixture_id', '=', fixtureId)
            .execute();
          continue;
        }
        storedPrints.set(key, print);
        lastNews = clock.now().getTime();
      }
      if (update.final) {
        const done = await completeLive(db, fixtureId, update.final, clock.now());
        if (done.ok) return 'completed';
        options.log?.warn(`live fixture ${fixtureId}: final import failed: ${done.error}`);
        return 'failed';
      }
    } else if (storedPrints) {
      if (!(await claimLease(db, fixtureId, runner, now, leaseMs))) {
        if (!options.waitForLease) return 'taken';
        storedPrints = undefined;
        continue;
      }
      if (now.getTime() - lastNews >= silentAfter) await markSilent(db, fixtureId, new Date(lastNews));
    }
    // Standings (and a change of the fixture's picks): at most once per interval, after the balls.
    if (storedPrints) await flushLive(db, fixtureId, clock.now());
    if (feed.done) break;
    await clock.sleep(feed.waitMs(), options.signal);
  }
  return 'stopped';
}

/**
 * Plays a complete Cricsheet match into a fixture ball by ball (the demo, a rehearsal): a
 * `ReplayFeed` through `runFeed`. `durationMs: 20 * 60_000` plays a T20 in 20 minutes.
 */
export function replayMatch(
  db: Kysely<DB>,
  fixtureId: number,
  match: unknown,
  matchId: string,
  options: ReplayOptions & RunOptions = {},
): Promise<RunOutcome> {
  const { ballIntervalMs, durationMs, batch, ...run } = options;
  const feed = new ReplayFeed(match, matchId, {
    ...(ballIntervalMs !== undefined ? { ballIntervalMs } : {}),
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(batch !== undefined ? { batch } : {}),
  });
  return runFeed(db, fixtureId, feed, run);
}

/** The vendor URL of a fixture: `{fixtureId}` and `{matchId}` replaced. */
export function feedUrlFor(template: string, fixtureId: number, matchId: string): string {
  return template.replaceAll('{fixtureId}', String(fixtureId)).replaceAll('{matchId}', encodeURIComponent(matchId));
}

/**
 * Starts the polling feed of every fixture about to start or live (when LIVE_FEED_URL is set), in
 * every API process: the lease decides which one ingests; the others wait for it to lapse (one read
 * of the row per lease period, no vendor request) and take over within the lease when its holder died.
 */
export class LiveSupervisor {
  private readonly running = new Map<number, AbortController>();
  private adapter: FeedAdapter | undefined;
  private adapterLoaded = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: LiveConfig,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async tick(now = new Date()): Promise<void> {
    const template = this.config.feedUrl;
    if (!template) return;
    if (!this.adapterLoaded && this.config.feedAdapter) {
      const mod = (await import(pathToFileURL(resolve(this.config.feedAdapter)).href)) as {
        default?: FeedAdapter;
        adapt?: FeedAdapter;
      };
      this.adapter = mod.default ?? mod.adapt;
    }
    this.adapterLoaded = true;
    const { rows } = await sql<{ id: number; cricsheet_match_id: string | null }>`
      SELECT f.id, f.cricsheet_match_id FROM fixtures f LEFT JOIN live_fixtures lf ON lf.fixture_id = f.id
      WHERE f.status IN ('scheduled', 'live') AND coalesce(lf.state, 'live') = 'live'
        AND f.start_time <= ${new Date(now.getTime() + this.config.leadMs).toISOString()}::timestamptz
        AND f.start_time > ${new Date(now.getTime() - 12 * 3600_000).toISOString()}::timestamptz`.execute(this.db);
    for (const f of rows) {
      if (this.running.has(f.id)) continue;
      const matchId = f.cricsheet_match_id ?? `live-${f.id}`;
      const feed = new PollingFeed(matchId, {
        url: feedUrlFor(template, f.id, matchId),
        intervalMs: this.config.feedIntervalMs,
        ...(this.adapter ? { adapter: this.adapter } : {}),
      });
      const ctl = new AbortController();
      this.running.set(f.id, ctl);
      runFeed(this.db, f.id, feed, {
        signal: ctl.signal,
        silentAfterMs: this.config.silentAfterMs,
        log: this.log,
        waitForLease: true,
      })
        .then((outcome) => {
          if (outcome !== 'taken') this.log?.info(`live feed of fixture ${f.id}: ${outcome}`);
        })
        .catch((err) => this.log?.warn({ err }, `live feed of fixture ${f.id} stopped`))
        .finally(() => this.running.delete(f.id));
    }
  }

  stop(): void {
    for (const c of this.running.values()) c.abort();
  }
}
