import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ballsOf, type Clock, type LiveFeed, type LiveUpdate, ReplayFeed, realClock } from '../live/feed';
import { runFeed } from '../live/runner';
import { validateCricsheetMatch } from '../cricket/import/cricsheet-format';
import type { DemoPace } from '../config';
import { DEMO_SOURCE, type DemoLeague, demoMatch, loadDemoLeague } from './season';

/**
 * Demo fixtures played live: the live ReplayFeed plays a fixture's simulated Cricsheet match ball by
 * ball, anchored to the fixture's start time — ball i is due at start + i × match / balls, the final
 * import at start + match — so the replay is where the clock says it is whichever process runs it and
 * whenever it (re)starts: balls already due are handed out at once (the runner skips those it has
 * stored), later ones as they fall due. The runner's lease lets one process ingest a fixture at a time.
 */
export class PacedReplayFeed implements LiveFeed {
  private readonly inner: ReplayFeed;
  private readonly total: number;
  private handed = 0;

  constructor(
    json: unknown,
    readonly matchId: string,
    private readonly startMs: number,
    private readonly matchMs: number,
    private readonly clock: Clock = realClock,
  ) {
    this.inner = new ReplayFeed(json, matchId, { ballIntervalMs: 0 }, `demo:${matchId}`);
    this.total = ballsOf(validateCricsheetMatch(json, matchId)).length;
  }

  get source(): string {
    return this.inner.source;
  }

  get done(): boolean {
    return this.inner.done;
  }

  /** Balls due at `t` (the final update counts as one more, due at start + match). */
  private dueAt(t: number): number {
    if (t < this.startMs) return 0;
    if (t >= this.startMs + this.matchMs) return this.total + 1;
    return Math.min(this.total, Math.floor(((t - this.startMs) * this.total) / this.matchMs) + 1);
  }

  async next(): Promise<LiveUpdate | null> {
    const due = this.dueAt(this.clock.now().getTime());
    if (this.handed >= due) return null;
    let out: LiveUpdate | null = null;
    while (this.handed < due && !this.inner.done) {
      const u = await this.inner.next();
      this.handed += 1;
      if (!u) break;
      out = out ? { ...u, balls: [...out.balls, ...u.balls] } : u;
      if (u.final) break;
    }
    return out;
  }

  waitMs(): number {
    const now = this.clock.now().getTime();
    if (this.dueAt(now) > this.handed) return 0;
    // The time ball `handed` (0-based) falls due.
    const at =
      this.handed >= this.total
        ? this.startMs + this.matchMs
        : this.startMs + Math.ceil((this.handed * this.matchMs) / this.total);
    return Math.max(0, Math.min(at - now, 60_000));
  }
}

export interface DemoLiveOptions {
  clock?: Clock;
  log?: FastifyBaseLogger;
  league?: DemoLeague;
  silentAfterMs?: number;
}

/**
 * Starts the paced replay of every demo fixture that has started and is not over (in every process:
 * the lease decides which one ingests). Called by the demo tick (main.ts).
 */
export class DemoLive {
  private readonly running = new Map<number, AbortController>();
  private readonly league: DemoLeague;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly pace: DemoPace,
    private readonly options: DemoLiveOptions = {},
  ) {
    this.league = options.league ?? loadDemoLeague();
  }

  /** The demo fixtures due to be live at `now` (started, not completed, replay not finished long ago). */
  async due(now: Date) {
    return this.db
      .selectFrom('fixtures as f')
      .innerJoin('seasons as s', 's.id', 'f.season_id')
      .innerJoin('teams as h', 'h.id', 'f.local_team_id')
      .innerJoin('teams as a', 'a.id', 'f.visitor_team_id')
      .leftJoin('live_fixtures as lf', 'lf.fixture_id', 'f.id')
      .select([
        'f.id',
        'f.match_number',
        'f.start_time',
        's.name as season',
        's.year',
        'h.name as home',
        'a.name as away',
      ])
      .where('s.source', '=', DEMO_SOURCE)
      .where('f.start_time', '<=', now)
      .where('f.status', 'in', ['scheduled', 'live'])
      .where((eb) => eb.or([eb('lf.state', 'is', null), eb('lf.state', '=', 'live')]))
      .where((eb) =>
        eb.or([
          // Not started live yet: only while its replay would still be running (older ones are imported at once).
          eb.and([
            eb('lf.fixture_id', 'is', null),
            eb('f.start_time', '>', new Date(now.getTime() - this.pace.matchMs)),
          ]),
          eb('lf.fixture_id', 'is not', null),
        ]),
      )
      .orderBy('f.start_time')
      .execute();
  }

  async tick(now = (this.options.clock ?? realClock).now()): Promise<number> {
    const byName = new Map(this.league.teams.map((t) => [t.name, t]));
    let started = 0;
    for (const f of await this.due(now)) {
      if (this.running.has(f.id) || f.match_number == null) continue;
      const home = byName.get(f.home);
      const away = byName.get(f.away);
      if (!home || !away) continue;
      const startTime = new Date(f.start_time);
      const m = demoMatch(
        this.league,
        { name: f.season, year: f.year },
        { matchNumber: f.match_number, startTime, home, away },
      );
      const feed = new PacedReplayFeed(m.json, m.id, startTime.getTime(), this.pace.matchMs, this.options.clock);
      const ctl = new AbortController();
      this.running.set(f.id, ctl);
      started += 1;
      runFeed(this.db, f.id, feed, {
        signal: ctl.signal,
        ...(this.options.clock ? { clock: this.options.clock } : {}),
        silentAfterMs: this.options.silentAfterMs ?? 90_000,
        ...(this.options.log ? { log: this.options.log } : {}),
      })
        .then((outcome) => {
          if (outcome !== 'taken') this.options.log?.info(`demo replay of fixture ${f.id}: ${outcome}`);
        })
        .catch((err) => this.options.log?.warn({ err }, `demo replay of fixture ${f.id} stopped`))
        .finally(() => this.running.delete(f.id));
    }
    return started;
  }

  /** Fixtures whose replay this process is running now. */
  get active(): number[] {
    return [...this.running.keys()];
  }

  stop(): void {
    for (const c of this.running.values()) c.abort();
  }
}
