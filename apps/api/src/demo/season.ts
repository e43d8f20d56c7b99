import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type ImportReport, importFromProvider } from '../cricket/import/folder';
import { importedName } from '../cricket/import/names';
import { importSchedule, type ScheduleRow } from '../cricket/import/schedule';
import { importSquads } from '../cricket/import/squads';
import { InMemoryProvider } from '../cricket/provider';
import { seasonName } from '../cricket/teams';
import { recordResults } from '../results/pipeline';
import type { DemoPace } from '../config';
import { pacedSlots, slotAtOrBefore } from './pace';
import { type DemoTeam, simulateMatch } from './simulate';

/**
 * The demo season: a fictional 8-team league whose schedule is laid out around `now` (some fixtures
 * played, the rest open for picks) and extended as time passes, so there is always something to
 * pick. Played matches are simulated ball by ball into Cricsheet JSON and imported by the same
 * importer as real data. Only reads apps/api/data/demo.
 */

export const DEMO_LEAGUE_FILE = new URL('../../data/demo/league.json', import.meta.url);
export const DEMO_SOURCE = 'demo';

export interface DemoLeague {
  competition: string;
  teams: DemoTeam[];
}

export interface DemoSeasonOptions {
  now: Date;
  /** Number of fixtures laid out when the season is first created (default 30). */
  fixtures?: number;
  /** How many of them start before `now` when the season is first created (default 12). */
  past?: number;
  /**
   * Fixtures kept open for picks: whenever fewer than this start after `now`, the schedule is
   * extended to this many (default `fixtures - past`, 18).
   */
  upcoming?: number;
  /** UTC start hours of the daily slots (default 10:00 and 14:00), without `pace`. */
  slotHoursUtc?: readonly number[];
  /**
   * Paced (DEMO_PACE): fixtures on a grid every `pace.everyMs`, each played live by the demo replay
   * (demo/live.ts) from its start time for `pace.matchMs`; only fixtures whose replay would already
   * be over (a server that was down) are imported at once. Without it: daily slots, played at once.
   */
  pace?: DemoPace;
  league?: DemoLeague;
}

export interface DemoSeasonResult {
  seasonId: number;
  seasonName: string;
  created: boolean;
  /** Fixtures added to the schedule by this call to keep `upcoming` open for picks. */
  added: number;
  /** Fixtures whose result was imported by this call (newly played). */
  played: number;
  completed: number;
  scheduled: number;
  report: ImportReport;
}

/** pg_advisory_xact_lock key of the demo season ("FCDS"): one process at a time creates, extends, plays. */
const DEMO_SEASON_LOCK = 0x46434453;

export function loadDemoLeague(file: string | URL = DEMO_LEAGUE_FILE): DemoLeague {
  return JSON.parse(readFileSync(file, 'utf8')) as DemoLeague;
}

/**
 * Keeps the demo season alive relative to `now`, in one transaction under an advisory lock (so two
 * processes starting together do it once):
 * 1. creates it on first use: squads and `fixtures` fixtures, `past` of them before `now`;
 * 2. extends the schedule when fewer than `upcoming` fixtures start after `now`: new fixtures take
 *    the next daily slots after the later of `now` and the last fixture, with match numbers and
 *    pairings continuing the round robin;
 * 3. "plays" every fixture that has started by `now` without a result yet.
 * Deterministic and idempotent: the same database and `now` give the same season, and running it
 * again on the same `now` changes nothing.
 */
export async function loadDemoSeason(db: Kysely<DB>, options: DemoSeasonOptions): Promise<DemoSeasonResult> {
  // The squads and matches imported in it record their results in this transaction; once it
  // committed, what follows them runs once for all (results/pipeline.ts): standings points ahead of
  // the readers, planner statistics, the demo's upkeep.
  return recordResults(db, 'import', async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${DEMO_SEASON_LOCK})`.execute(trx);
    return { value: await keepDemoSeason(trx, options), fixtureIds: [] };
  });
}

async function keepDemoSeason(db: Kysely<DB>, options: DemoSeasonOptions): Promise<DemoSeasonResult> {
  const league = options.league ?? loadDemoLeague();
  const total = options.fixtures ?? 30;
  const past = Math.min(options.past ?? 12, total);
  const upcoming = options.upcoming ?? total - past;
  const hours = options.slotHoursUtc ?? [10, 14];

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
    const slots = options.pace
      ? pacedSlots(options.now, total, past, options.pace)
      : demoSlots(options.now, total, past, hours);
    year = slots[0]!.getUTCFullYear();
    // The demo league's names go by the rule of every name of cricket data (../import/names.ts).
    const competition = importedName('Competition', league.competition);
    name = importedName('Season', seasonName(competition, String(year)));
    await db
      .insertInto('seasons')
      .values({ name, competition, year, source: DEMO_SOURCE })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    await importSquads(db, {
      season: name,
      competition: league.competition,
      year,
      teams: league.teams.map((t) => ({
        name: t.name,
        code: t.code,
        players: t.players.map((p) => ({ name: p.name, cricsheetId: p.id, position: p.position })),
      })),
    });
    await scheduleDemoFixtures(db, league, { name, year }, 1, slots);
    created = true;
  }
  const season = await db.selectFrom('seasons').select('id').where('name', '=', name).executeTakeFirstOrThrow();

  // Keep `upcoming` fixtures open for picks (paced: every grid slot from the live one on has a fixture).
  let added = 0;
  if (options.pace) {
    const slots = await missingPacedSlots(db, season.id, options.now, upcoming, options.pace);
    if (slots.length) {
      const last = await db
        .selectFrom('fixtures')
        .select(db.fn.max('match_number').as('n'))
        .where('season_id', '=', season.id)
        .executeTakeFirstOrThrow();
      await scheduleDemoFixtures(db, league, { name, year }, Number(last.n ?? 0) + 1, slots);
      added = slots.length;
    }
  } else {
    added = await extendDaily(db, league, { id: season.id, name, year }, options.now, upcoming, hours);
  }

  // Every fixture that has started by `now` and has no result yet is played.
  const due = await db
    .selectFrom('fixtures as f')
    .innerJoin('teams as h', 'h.id', 'f.local_team_id')
    .innerJoin('teams as a', 'a.id', 'f.visitor_team_id')
    .select(['f.id', 'f.match_number', 'f.start_time', 'f.status', 'h.name as home', 'a.name as away'])
    .where('f.season_id', '=', season.id)
    .where('f.start_time', '<=', options.pace ? new Date(options.now.getTime() - options.pace.matchMs) : options.now)
    .where('f.cricsheet_match_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('live_fixtures as lf').select('lf.fixture_id').whereRef('lf.fixture_id', '=', 'f.id'))),
    )
    .orderBy('f.start_time')
    .execute();
  const byName = new Map(league.teams.map((t) => [t.name, t]));
  const matches = new Map<string, unknown>();
  for (const f of due) {
    const home = byName.get(f.home);
    const away = byName.get(f.away);
    if (!home || !away || f.match_number == null) continue;
    const m = demoMatch(league, { name, year }, { matchNumber: f.match_number, startTime: f.start_time, home, away });
    matches.set(m.id, m.json);
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
    added,
    played: report.counts.imported + report.counts.updated,
    completed: count('completed'),
    scheduled: count('scheduled'),
    report,
  };
}

/** The Cricsheet match id of a demo fixture (the instant import and the live replay use the same). */
export function demoMatchId(year: number, matchNumber: number): string {
  return `demo-${year}-${String(matchNumber).padStart(3, '0')}`;
}

/** The simulated Cricsheet match of a demo fixture: the same for the same season and match number. */
export function demoMatch(
  league: DemoLeague,
  season: { name: string; year: number },
  f: { matchNumber: number; startTime: Date; home: DemoTeam; away: DemoTeam },
): { id: string; json: unknown } {
  return {
    id: demoMatchId(season.year, f.matchNumber),
    json: simulateMatch({
      competition: league.competition,
      season: String(season.year),
      matchNumber: f.matchNumber,
      date: new Date(f.startTime).toISOString().slice(0, 10),
      home: f.home,
      away: f.away,
      seed: `${season.name}#${f.matchNumber}`,
    }),
  };
}

/** Daily mode: when fewer than `upcoming` fixtures start after `now`, the next daily slots get new ones. */
async function extendDaily(
  db: Kysely<DB>,
  league: DemoLeague,
  season: { id: number; name: string; year: number },
  now: Date,
  upcoming: number,
  hours: readonly number[],
): Promise<number> {
  const ahead = await db
    .selectFrom('fixtures')
    .select([
      db.fn.count<number>('id').filterWhere('start_time', '>', now).as('future'),
      db.fn.max('match_number').as('last_number'),
      db.fn.max('start_time').as('last_start'),
    ])
    .where('season_id', '=', season.id)
    .executeTakeFirstOrThrow();
  const missing = upcoming - Number(ahead.future);
  if (missing <= 0) return 0;
  const lastStart = ahead.last_start ? new Date(ahead.last_start).getTime() : 0;
  const slots = slotsAfter(new Date(Math.max(lastStart, now.getTime())), missing, hours);
  await scheduleDemoFixtures(db, league, season, Number(ahead.last_number ?? 0) + 1, slots);
  return slots.length;
}

/**
 * Paced mode: the grid slots from the one a fixture started in that would still be live (start after
 * `now - matchMs`) to `upcoming` slots after `now` whose grid cell [slot, slot + every) holds no
 * fixture of the season. Filling them keeps the promise: a fixture live or starting within 15 minutes.
 */
export async function missingPacedSlots(
  db: Kysely<DB>,
  seasonId: number,
  now: Date,
  upcoming: number,
  pace: DemoPace,
): Promise<Date[]> {
  const first = slotAtOrBefore(now.getTime() - pace.matchMs, pace) + pace.everyMs;
  const last = slotAtOrBefore(now.getTime(), pace) + upcoming * pace.everyMs;
  const rows = await db
    .selectFrom('fixtures')
    .select('start_time')
    .where('season_id', '=', seasonId)
    .where('start_time', '>=', new Date(first))
    .where('start_time', '<', new Date(last + pace.everyMs))
    .execute();
  const taken = new Set(rows.map((r) => slotAtOrBefore(new Date(r.start_time).getTime(), pace)));
  const out: Date[] = [];
  for (let s = first; s <= last; s += pace.everyMs) if (!taken.has(s)) out.push(new Date(s));
  return out;
}

/** Schedules fixtures `firstNumber`, `firstNumber + 1`, ... in `slots`, paired by the round robin. */
async function scheduleDemoFixtures(
  db: Kysely<DB>,
  league: DemoLeague,
  season: { name: string; year: number },
  firstNumber: number,
  slots: readonly Date[],
): Promise<void> {
  const pairs = demoPairings(league.teams.length, firstNumber - 1 + slots.length).slice(firstNumber - 1);
  const rows: ScheduleRow[] = pairs.map(([h, a], i) => {
    const home = league.teams[h]!;
    const away = league.teams[a]!;
    return {
      season: season.name,
      competition: league.competition,
      year: season.year,
      matchNumber: firstNumber + i,
      startTime: slots[i]!.toISOString(),
      home: home.name,
      away: away.name,
      homeCode: home.code,
      awayCode: away.code,
      venue: home.venue,
      city: home.city,
    };
  });
  const reports = await importSchedule(db, rows);
  const failed = reports.filter((r) => r.status === 'failed');
  if (failed.length) throw new Error(`demo schedule: ${failed.map((f) => `${f.key}: ${f.reason}`).join('; ')}`);
}

/** The first `count` daily slots (UTC `hours`) strictly after `after`. */
export function slotsAfter(after: Date, count: number, hours: readonly number[]): Date[] {
  const sorted = [...hours].sort((a, b) => a - b);
  const out: Date[] = [];
  let day = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  while (out.length < count) {
    for (const h of sorted) {
      const slot = day + h * 3_600_000;
      if (slot > after.getTime() && out.length < count) out.push(new Date(slot));
    }
    day += 86_400_000;
  }
  return out;
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
