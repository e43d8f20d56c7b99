import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { runLeagueJobs } from '../leagues/jobs';
import type { ResultSubscriber } from '../results/pipeline';
import { DemoLive } from './live';
import { announceDemoLineups } from './lineups';
import { keepDemoMembers } from './members';
import type { DemoPace } from '../config';
import { DEMO_SOURCE, loadDemoSeason } from './season';

/**
 * The demo season's timers (main.ts, when DEMO_SEASON is on): the upkeep (schedule extended, past
 * fixtures imported, Daily Challenges created and filled with demo members and their picks) every
 * half step (5 s to 5 min), and, when paced, the live replays looked for every 1/20 step (1 to 10 s).
 * Every process runs them: advisory locks and the live lease keep the work single.
 */
export interface DemoRun {
  stop(): void;
  /** Runs the upkeep now, unless it is running. */
  kick(): void;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** How long before a demo fixture's start its toss and playing XIs are announced (demo/lineups.ts). */
export const DEMO_TOSS_LEAD_MS = 30 * 60_000;

export async function startDemo(db: Kysely<DB>, pace: DemoPace | 'daily', log: FastifyBaseLogger): Promise<DemoRun> {
  const paced = pace === 'daily' ? undefined : pace;
  const live = paced ? new DemoLive(db, paced, { log }) : undefined;
  let busy = false;
  const upkeep = async () => {
    if (busy) return;
    busy = true;
    try {
      const now = new Date();
      const r = await loadDemoSeason(db, { now, ...(paced ? { pace: paced } : {}) });
      if (r.created || r.added || r.played)
        log.info(
          `demo season ${r.seasonName}: ${r.completed} completed, ${r.scheduled} scheduled, ${r.added} added, ${r.played} newly played`,
        );
      await runLeagueJobs(db, { now });
      const m = await keepDemoMembers(db, {
        now,
        aheadMs: paced ? Math.max(4 * paced.everyMs, 2 * 3_600_000) : 24 * 3_600_000,
      });
      if (m.joined || m.picks) log.info(`demo members: ${m.joined} joined, ${m.picks} picks made`);
      // The toss and XIs half an hour before the start (or half a step when paced faster).
      const announced = await announceDemoLineups(db, {
        now,
        leadMs: Math.min(DEMO_TOSS_LEAD_MS, paced ? paced.everyMs / 2 : DEMO_TOSS_LEAD_MS),
      });
      if (announced) log.info(`demo season: toss and playing XIs announced for ${announced} fixture(s)`);
      await live?.tick(now);
    } catch (err) {
      log.error({ err }, 'demo season update failed');
    } finally {
      busy = false;
    }
  };
  await upkeep();
  const timers: NodeJS.Timeout[] = [
    setInterval(() => void upkeep(), paced ? clamp(paced.everyMs / 2, 5_000, 5 * 60_000) : 10 * 60_000),
  ];
  if (live) {
    timers.push(
      setInterval(
        () => void live.tick().catch((err) => log.error({ err }, 'demo replays failed')),
        clamp(paced!.everyMs / 20, 1_000, 10_000),
      ),
    );
  }
  for (const t of timers) t.unref();
  let stopped = false;
  return {
    stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      live?.stop();
    },
    kick() {
      if (!stopped) void upkeep();
    },
  };
}

/**
 * The demo's upkeep as a results subscriber (main.ts registers it where the demo runs): once a demo
 * fixture's result is committed — a paced replay's final, a fixture played at once — the upkeep runs
 * then rather than on its next tick, so the league jobs finish the Daily Challenges it ended and the
 * schedule stays open for picks. A result that comes in during the upkeep (its own imports) adds nothing.
 */
export function demoUpkeepSubscriber(run: DemoRun): ResultSubscriber {
  return {
    name: 'demo upkeep',
    phase: 'committed',
    async run(db, change) {
      const demo = await db
        .selectFrom('fixtures as f')
        .innerJoin('seasons as s', 's.id', 'f.season_id')
        .select('f.id')
        .where('s.source', '=', DEMO_SOURCE)
        .where('f.id', 'in', [...change.fixtureIds])
        .limit(1)
        .executeTakeFirst();
      if (demo) run.kick();
    },
  };
}
