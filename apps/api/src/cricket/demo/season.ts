import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { withTransaction } from '../db-util';
import { type ImportReport, importFromProvider } from '../import/folder';
import { importSchedule, importSquads, type ScheduleRow } from '../import/schedule';
import { InMemoryProvider } from '../provider';
import { seasonName } from '../teams';
import { type DemoTeam, simulateMatch } from './simulate';

/**
 * The demo season: a fictional 8-team league whose schedule is laid out around `now` (some fixtures
 * played, the rest open for picks). Played matches are simulated ball by ball into Cricsheet JSON
 * and imported by the same importer as real data. Only reads apps/api/data/demo.
 */

export const DEMO_LEAGUE_FILE = new URL('../../../data/demo/league.json', import.meta.url);
export const DEMO_SOURCE = 'demo';

export interface DemoLeague {
  competition: string;
  teams: DemoTeam[];
}

export interface DemoSeasonOptions {
  now: Date;
  /** Number of fixtures (default 30). */
  fixtures?: number;
  /** How many of them start before `now` when the season is first created (default 12). */
  past?: number;
  /** UTC start hours of the daily slots (default 10:00 and 14:00). */
  slotHoursUtc?: readonly number[];
  league?: DemoLeague;
}

export interface DemoSeasonResult {
  seasonId: number;
  seasonName: string;
  created: boolean;
  /** Fixtures whose result was imported by this call (newly played). */
  played: number;
  completed: number;
  scheduled: number;
  report: ImportReport;
}

export function loadDemoLeague(file: string | URL = DEMO_LEAGUE_FILE): DemoLeague {
  return JSON.parse(readFileSync(file, 'utf8')) as DemoLeague;
}

/**
 * Creates the demo season on first use, then "plays" every fixture whose start time is not after
 * `now`. Idempotent: running it again on the same `now` changes nothing; on a later `now` it plays
 * the fixtures that have started since.
 */
export async function loadDemoSeason(db: Kysely<DB>, options: DemoSeasonOptions): Promise<DemoSeasonResult> {
  const league = options.league ?? loadDemoLeague();
  const total = options.fixtures ?? 30;
  const past = Math.min(options.past ?? 12, total);

  const existing = await db
    .selectFrom('seasons')
    .select(['id', 'name', 'year'])
    .where('source', '=', DEMO_SOURCE)
    .where('competition', '=', league.competition)
    .orderBy('id', 'desc')
    .executeTakeFirst();

  let created = false;
  let name: string;
  let year: number;
  if (existing) {
    name = existing.name;
    year = existing.year;
  } else {
    const slots = demoSlots(options.now, total, past, options.slotHoursUtc ?? [10, 14]);
    year = slots[0]!.getUTCFullYear();
    name = seasonName(league.competition, String(year));
    await withTransaction(db, async (trx) => {
      await trx
        .insertInto('seasons')
        .values({ name, competition: league.competition, year, source: DEMO_SOURCE })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await importSquads(trx, {
        season: name,
        competition: league.competition,
        year,
        teams: league.teams.map((t) => ({
          name: t.name,
          code: t.code,
          players: t.players.map((p) => ({ name: p.name, cricsheetId: p.id, position: p.position })),
        })),
      });
      const rows: ScheduleRow[] = demoPairings(league.teams.length, total).map(([h, a], i) => {
        const home = league.teams[h]!;
        return {
          season: name,
          competition: league.competition,
          year,
          matchNumber: i + 1,
          startTime: slots[i]!.toISOString(),
          home: home.name,
          away: league.teams[a]!.name,
          homeCode: home.code,
          awayCode: league.teams[a]!.code,
          venue: home.venue,
          city: home.city,
        };
      });
      const reports = await importSchedule(trx, rows);
      const failed = reports.filter((r) => r.status === 'failed');
      if (failed.length) throw new Error(`demo schedule: ${failed.map((f) => `${f.key}: ${f.reason}`).join('; ')}`);
    });
    created = true;
  }
  const season = await db.selectFrom('seasons').select('id').where('name', '=', name).executeTakeFirstOrThrow();

  // Every fixture that has started by `now` is played (already imported ones report 'unchanged').
  const due = await db
    .selectFrom('fixtures as f')
    .innerJoin('teams as h', 'h.id', 'f.local_team_id')
    .innerJoin('teams as a', 'a.id', 'f.visitor_team_id')
    .select(['f.id', 'f.match_number', 'f.start_time', 'f.status', 'h.name as home', 'a.name as away'])
    .where('f.season_id', '=', season.id)
    .where('f.start_time', '<=', options.now)
    .orderBy('f.start_time')
    .execute();
  const byName = new Map(league.teams.map((t) => [t.name, t]));
  const matches = new Map<string, unknown>();
  for (const f of due) {
    const home = byName.get(f.home);
    const away = byName.get(f.away);
    if (!home || !away || f.match_number == null) continue;
    const id = `demo-${year}-${String(f.match_number).padStart(3, '0')}`;
    matches.set(
      id,
      simulateMatch({
        competition: league.competition,
        season: String(year),
        matchNumber: f.match_number,
        date: f.start_time.toISOString().slice(0, 10),
        home,
        away,
        seed: `${name}#${f.match_number}`,
      }),
    );
  }
  const report = await importFromProvider(db, new InMemoryProvider(matches), { seasonSource: DEMO_SOURCE });
  const failed = report.entries.filter((e) => e.status === 'failed');
  if (failed.length) throw new Error(`demo results: ${failed.map((f) => `${f.id}: ${f.reason}`).join('; ')}`);

  const counts = await db
    .selectFrom('fixtures')
    .select(['status', db.fn.countAll<number>().as('n')])
    .where('season_id', '=', season.id)
    .groupBy('status')
    .execute();
  const count = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    seasonId: season.id,
    seasonName: name,
    created,
    played: report.counts.imported + report.counts.updated,
    completed: count('completed'),
    scheduled: count('scheduled'),
    report,
  };
}

/**
 * Start times: daily slots (10:00 and 14:00 UTC by default); the `past` latest slots not after
 * `now`, then the next slots after it.
 */
export function demoSlots(now: Date, total: number, past: number, hours: readonly number[]): Date[] {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.ceil(total / hours.length) + 2;
  const all: Date[] = [];
  for (let d = -days; d <= days; d++) {
    for (const h of hours) all.push(new Date(midnight + d * 86_400_000 + h * 3_600_000));
  }
  all.sort((a, b) => a.getTime() - b.getTime());
  const before = all.filter((s) => s.getTime() <= now.getTime());
  const after = all.filter((s) => s.getTime() > now.getTime());
  return [...before.slice(before.length - past), ...after.slice(0, total - past)];
}

/**
 * Round-robin pairings (circle method), repeated with home and away swapped, cut to `total`.
 * Returns [home index, away index] pairs.
 */
export function demoPairings(teams: number, total: number): [number, number][] {
  const ids = Array.from({ length: teams }, (_, i) => i);
  const rounds: [number, number][][] = [];
  for (let r = 0; r < teams - 1; r++) {
    const round: [number, number][] = [];
    for (let i = 0; i < teams / 2; i++) {
      const a = ids[i]!;
      const b = ids[teams - 1 - i]!;
      round.push(r % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(round);
    ids.splice(1, 0, ids.pop()!);
  }
  const firstLeg = rounds.flat();
  const secondLeg = firstLeg.map(([a, b]) => [b, a] as [number, number]);
  const all = [...firstLeg, ...secondLeg];
  return Array.from({ length: total }, (_, i) => all[i % all.length]!);
}
