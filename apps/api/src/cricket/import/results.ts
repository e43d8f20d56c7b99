import { readFileSync } from 'node:fs';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { DB, FixtureResultsTable, FixtureStatus } from '../../db/schema';
import { recordResults, type ResultSource } from '../../results/pipeline';
import { asRecord, canonical, field, parseRow, type RowReport } from './rows';

/** Manual results: for fixtures without ball-by-ball data (washed out, no result) or corrections. */

export interface ResultRow {
  season: string;
  matchNumber?: number | null | undefined;
  name?: string | undefined;
  status: Extract<FixtureStatus, 'completed' | 'no_result' | 'abandoned'>;
  winner?: string | undefined;
  wonByRuns?: number | undefined;
  wonByWickets?: number | undefined;
  method?: string | undefined;
  tie?: boolean | undefined;
  superOverWinner?: string | undefined;
  /** Cricsheet ids or full names of players already known. */
  playerOfMatch?: string[] | undefined;
}

/** The names a result column may have in a file. */
const RESULT_COLUMNS = {
  season: [],
  matchNumber: ['match_number'],
  name: [],
  status: [],
  winner: [],
  wonByRuns: ['won_by_runs'],
  wonByWickets: ['won_by_wickets'],
  method: [],
  tie: [],
  superOverWinner: ['super_over_winner'],
  playerOfMatch: ['player_of_match'],
} as const;

const resultRowSchema = z.object({
  season: z.preprocess(
    (v) => (v === undefined ? v : String(v).trim()),
    z.string({ error: 'season is required' }).min(1, 'season is required').pipe(field.requiredName('Season')),
  ),
  matchNumber: field.wholeNumber('matchNumber'),
  name: field.name('Fixture name'),
  status: z
    .enum(['completed', 'no_result', 'abandoned'], { error: 'status must be completed, no_result or abandoned' })
    .default('completed'),
  winner: field.name('Winner'),
  wonByRuns: field.wholeNumber('wonByRuns'),
  wonByWickets: field.wholeNumber('wonByWickets'),
  method: field.name('Method'),
  tie: field.flag,
  superOverWinner: field.name('Super over winner'),
  playerOfMatch: z.preprocess(
    (v) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : undefined),
    z.array(field.requiredName('Player of the match')).optional(),
  ),
});

/** Reads a results file: JSON `{ season, results: [...] }` or a JSON array of rows. */
export function readResultsFile(file: string): ResultRow[] {
  const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const obj = Array.isArray(json) ? { results: json } : asRecord(json);
  if (!Array.isArray(obj.results)) throw new Error(`${file}: expected { "season": ..., "results": [...] } or an array`);
  return obj.results.map((raw, i) => {
    const r = { season: (obj as Record<string, unknown>).season, ...asRecord(raw) };
    const row = parseRow(resultRowSchema, canonical(r, RESULT_COLUMNS), `${file} results[${i}]`);
    return { ...row, matchNumber: row.matchNumber ?? null };
  });
}

export type ManualResult = Pick<
  Selectable<FixtureResultsTable>,
  'result_type' | 'winner_team_id' | 'won_by_runs' | 'won_by_wickets' | 'method' | 'super_over_winner_team_id'
>;

/** Whether the fixture already has exactly this status, result and player(s) of the match. */
async function sameResult(
  db: Kysely<DB>,
  fixtureId: number,
  statusNow: FixtureStatus,
  status: FixtureStatus,
  result: ManualResult,
  pomIds: readonly number[],
): Promise<boolean> {
  if (statusNow !== status) return false;
  const stored = await db
    .selectFrom('fixture_results')
    .selectAll()
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  if (!stored) return false;
  const keys = Object.keys(result) as (keyof ManualResult)[];
  if (keys.some((k) => stored[k] !== result[k])) return false;
  const pom = await db
    .selectFrom('fixture_player_of_match')
    .select('player_id')
    .where('fixture_id', '=', fixtureId)
    .execute();
  const want = [...new Set(pomIds)].sort((a, b) => a - b);
  const have = pom.map((p) => p.player_id).sort((a, b) => a - b);
  return want.length === have.length && want.every((id, i) => id === have[i]);
}

/** A result set by hand is a wash-out when the fixture was not played out, else a correction. */
export function manualResultSource(
  status: Extract<FixtureStatus, 'completed' | 'no_result' | 'abandoned'>,
): ResultSource {
  return status === 'completed' ? 'correction' : 'wash-out';
}

/**
 * Stores a fixture's status, result and player(s) of the match in `trx`, recorded as a result
 * (`recordResults`: re-scored in `trx`; what follows the commit is owed to whoever opened `trx`
 * through `recordResults`), or writes nothing and says 'unchanged' when they are what is stored.
 */
export async function writeResult(
  trx: Kysely<DB>,
  fixtureId: number,
  statusNow: FixtureStatus,
  status: Extract<FixtureStatus, 'completed' | 'no_result' | 'abandoned'>,
  result: ManualResult,
  pomIds: readonly number[],
): Promise<'updated' | 'unchanged'> {
  return recordResults(trx, manualResultSource(status), async (t) => {
    if (await sameResult(t, fixtureId, statusNow, status, result, pomIds)) {
      return { value: 'unchanged' as const, fixtureIds: [] };
    }
    await t
      .insertInto('fixture_results')
      .values({ fixture_id: fixtureId, ...result })
      .onConflict((oc) => oc.column('fixture_id').doUpdateSet(result))
      .execute();
    await t.deleteFrom('fixture_player_of_match').where('fixture_id', '=', fixtureId).execute();
    const ids = [...new Set(pomIds)];
    if (ids.length) {
      await t
        .insertInto('fixture_player_of_match')
        .values(ids.map((player_id) => ({ fixture_id: fixtureId, player_id })))
        .execute();
    }
    await t.updateTable('fixtures').set({ status, updated_at: new Date() }).where('id', '=', fixtureId).execute();
    return { value: 'updated' as const, fixtureIds: [fixtureId] };
  });
}

/**
 * Sets the result of existing fixtures, each row in its own transaction recorded as a result
 * (`recordResults`: re-scored before it commits, standings points after). A row that matches what
 * is stored reports 'unchanged' and writes nothing. Per-player stats are untouched: they come only
 * from ball-by-ball imports.
 */
export async function importResults(db: Kysely<DB>, rows: readonly ResultRow[]): Promise<RowReport[]> {
  const reports: RowReport[] = [];
  for (const [i, r] of rows.entries()) {
    const key = `${r.season} ${r.name ?? `Match ${r.matchNumber}`}`;
    try {
      const report = await recordResults(db, manualResultSource(r.status), async (trx) => {
        let q = trx
          .selectFrom('fixtures as f')
          .innerJoin('seasons as s', 's.id', 'f.season_id')
          .select(['f.id', 'f.status', 'f.local_team_id', 'f.visitor_team_id'])
          .where('s.name', '=', r.season);
        if (r.matchNumber != null) q = q.where('f.match_number', '=', r.matchNumber);
        else if (r.name) q = q.where('f.name', '=', r.name);
        else throw new Error('a result needs a match number or a fixture name');
        const fixtures = await q.execute();
        if (fixtures.length !== 1) throw new Error(`expected one fixture, found ${fixtures.length}`);
        const f = fixtures[0]!;
        const teams = await trx
          .selectFrom('teams')
          .select(['id', 'name', 'code'])
          .where('id', 'in', [f.local_team_id, f.visitor_team_id])
          .execute();
        const team = (v: string | undefined) => {
          if (!v) return null;
          const t = teams.find((x) => x.name === v || x.code === v);
          if (!t) throw new Error(`"${v}" is not a team of this fixture`);
          return t.id;
        };
        const decided = r.status === 'completed';
        const resultType = !decided ? 'no_result' : r.tie ? 'tie' : 'normal';
        if (resultType === 'normal' && !r.winner) throw new Error('a completed result needs a winner (or "tie": true)');
        const pomIds: number[] = [];
        for (const p of decided ? (r.playerOfMatch ?? []) : []) {
          const player = await trx
            .selectFrom('players')
            .select('id')
            .where((eb) => eb.or([eb('cricsheet_id', '=', p), eb('full_name', '=', p)]))
            .execute();
          if (player.length !== 1) throw new Error(`player of the match "${p}" matches ${player.length} players`);
          pomIds.push(player[0]!.id);
        }
        const result = {
          result_type: resultType,
          winner_team_id: resultType === 'normal' ? team(r.winner) : null,
          won_by_runs: resultType === 'normal' ? (r.wonByRuns ?? null) : null,
          won_by_wickets: resultType === 'normal' ? (r.wonByWickets ?? null) : null,
          method: r.method ?? null,
          super_over_winner_team_id: resultType === 'tie' ? team(r.superOverWinner) : null,
        } as const;
        const status = await writeResult(trx, f.id, f.status, r.status, result, pomIds);
        // writeResult recorded the fixture itself (in this transaction); this record settles it once committed.
        return { value: { status, fixtureId: f.id }, fixtureIds: [] };
      });
      reports.push({ row: i, key, ...report });
    } catch (e) {
      reports.push({ row: i, key, status: 'failed', reason: (e as Error).message });
    }
  }
  return reports;
}
