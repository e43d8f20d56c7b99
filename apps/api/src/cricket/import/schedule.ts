import { readFileSync } from 'node:fs';
import type { Kysely, Selectable } from 'kysely';
import type { DB, FixtureResultsTable, FixtureStatus } from '../../db/schema';
import { type PositionId, positionIdByName } from '../catalogue';
import { withTransaction } from '../../db/transaction';
import { ensureSeason, ensureStage, ensureTeams } from '../db-util';
import { onResultChanged, onResultsChanged } from '../scoring/rescore';
import { afterResultsImported } from './after';
import { fixturesOfPlayers } from './write';

/**
 * Schedules (future fixtures), squads (who can be picked) and manual results (for fixtures without
 * ball-by-ball data, such as washed-out matches, or corrections).
 */

export interface ScheduleRow {
  /** Season name, e.g. 'IPL 2025'. */
  season: string;
  competition?: string | undefined;
  year?: number | undefined;
  matchNumber?: number | null | undefined;
  /** Defaults to 'Match <number>'. */
  name?: string | undefined;
  /** 'League' or 'Playoffs'; defaults to 'League' for numbered matches. */
  stage?: string | undefined;
  /** ISO 8601 with a zone, or 'yyyy-MM-dd HH:mm:ss' read as UTC. */
  startTime: string;
  home: string;
  away: string;
  homeCode?: string | undefined;
  awayCode?: string | undefined;
  venue?: string | undefined;
  city?: string | undefined;
}

export interface RowReport {
  row: number;
  key: string;
  status: 'created' | 'updated' | 'unchanged' | 'failed';
  fixtureId?: number;
  reason?: string;
}

/** Reads a schedule: JSON `{ season, competition?, year?, fixtures: [...] }`, a JSON array of rows, or CSV. */
export function readScheduleFile(file: string): ScheduleRow[] {
  const text = readFileSync(file, 'utf8');
  if (file.toLowerCase().endsWith('.csv'))
    return csvRows(text).map((r, i) => scheduleRowFromRecord(r, `${file} row ${i + 2}`));
  const json = JSON.parse(text) as unknown;
  if (Array.isArray(json)) return json.map((r, i) => scheduleRowFromRecord(asRecord(r), `${file} [${i}]`));
  const obj = asRecord(json);
  if (!Array.isArray(obj.fixtures))
    throw new Error(`${file}: expected { "season": ..., "fixtures": [...] } or an array`);
  return obj.fixtures.map((r, i) =>
    scheduleRowFromRecord(
      { season: obj.season, competition: obj.competition, year: obj.year, ...asRecord(r) },
      `${file} fixtures[${i}]`,
    ),
  );
}

function asRecord(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('expected an object');
  return v as Record<string, unknown>;
}

/** Accepts camelCase or snake_case keys (CSV headers are usually snake_case). */
function pick(r: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) {
    const v = r[k];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}
function str(r: Record<string, unknown>, ...keys: string[]): string | undefined {
  const v = pick(r, ...keys);
  return v === undefined ? undefined : String(v).trim();
}
function int(r: Record<string, unknown>, where: string, ...keys: string[]): number | undefined {
  const v = pick(r, ...keys);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${where}: ${keys[0]} must be a whole number`);
  return n;
}

export function parseUtc(value: string, where: string): Date {
  const v = value.trim();
  const plain = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(v);
  const d = new Date(plain ? `${v.replace(' ', 'T')}Z` : v);
  if (Number.isNaN(d.getTime()) || !(plain || /(Z|[+-]\d{2}:?\d{2})$/.test(v))) {
    throw new Error(`${where}: start time "${value}" must be ISO 8601 with a zone or 'yyyy-MM-dd HH:mm:ss' (UTC)`);
  }
  return d;
}

export function scheduleRowFromRecord(r: Record<string, unknown>, where: string): ScheduleRow {
  const season = str(r, 'season');
  const startTime = str(r, 'startTime', 'start_time', 'date');
  const home = str(r, 'home', 'local', 'localTeam', 'local_team', 'team1');
  const away = str(r, 'away', 'visitor', 'visitorTeam', 'visitor_team', 'team2');
  if (!season || !startTime || !home || !away)
    throw new Error(`${where}: season, startTime, home and away are required`);
  if (home === away) throw new Error(`${where}: home and away are the same team`);
  parseUtc(startTime, where);
  return {
    season,
    competition: str(r, 'competition'),
    year: int(r, where, 'year'),
    matchNumber: int(r, where, 'matchNumber', 'match_number') ?? null,
    name: str(r, 'name'),
    stage: str(r, 'stage'),
    startTime,
    home,
    away,
    homeCode: str(r, 'homeCode', 'home_code'),
    awayCode: str(r, 'awayCode', 'away_code'),
    venue: str(r, 'venue'),
    city: str(r, 'city'),
  };
}

/** Minimal CSV (RFC 4180 quoting) into records keyed by the header row. */
export function csvRows(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.some((c) => c.trim() !== ''));
  if (!header) return [];
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), (r[i] ?? '').trim()])));
}

/**
 * Creates or updates fixtures from a schedule (status 'scheduled' for new ones). A fixture is found
 * by season and match number, else by season and name. Each row is its own transaction.
 */
export async function importSchedule(db: Kysely<DB>, rows: readonly ScheduleRow[]): Promise<RowReport[]> {
  const reports: RowReport[] = [];
  for (const [i, r] of rows.entries()) {
    const name = r.name ?? (r.matchNumber != null ? `Match ${r.matchNumber}` : undefined);
    const key = `${r.season} ${name ?? `${r.home} v ${r.away}`}`;
    try {
      if (!name) throw new Error('a fixture needs a match number or a name');
      const report = await withTransaction(db, async (trx) => {
        const competition = r.competition ?? r.season.replace(/\s+\S+$/, '');
        const year = r.year ?? Number.parseInt(/\d{4}/.exec(r.season)?.[0] ?? '', 10);
        if (!Number.isInteger(year)) throw new Error(`no year in season "${r.season}"; add "year"`);
        const seasonId = await ensureSeason(trx, { name: r.season, competition, year });
        const stageId = await ensureStage(trx, seasonId, r.stage ?? (r.matchNumber != null ? 'League' : 'Playoffs'));
        const teams = await ensureTeams(trx, [
          { name: r.home, code: r.homeCode },
          { name: r.away, code: r.awayCode },
        ]);
        const values = {
          season_id: seasonId,
          stage_id: stageId,
          match_number: r.matchNumber ?? null,
          name,
          start_time: parseUtc(r.startTime, key),
          local_team_id: teams.get(r.home)!,
          visitor_team_id: teams.get(r.away)!,
          venue: r.venue ?? null,
          city: r.city ?? null,
        };
        let q = trx.selectFrom('fixtures').selectAll().where('season_id', '=', seasonId);
        q = r.matchNumber != null ? q.where('match_number', '=', r.matchNumber) : q.where('name', '=', name);
        const existing = await q.orderBy('id').executeTakeFirst();
        if (!existing) {
          const row = await trx
            .insertInto('fixtures')
            .values({ ...values, status: 'scheduled' })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { status: 'created' as const, fixtureId: row.id };
        }
        const teamsChanged =
          existing.local_team_id !== values.local_team_id || existing.visitor_team_id !== values.visitor_team_id;
        if (teamsChanged && existing.status !== 'scheduled') {
          throw new Error(`fixture ${existing.id} is ${existing.status}; its teams cannot change`);
        }
        const same =
          existing.start_time.getTime() === values.start_time.getTime() &&
          !teamsChanged &&
          existing.name === values.name &&
          existing.venue === (values.venue ?? existing.venue) &&
          existing.city === (values.city ?? existing.city);
        if (same) return { status: 'unchanged' as const, fixtureId: existing.id };
        await trx
          .updateTable('fixtures')
          .set({
            name: values.name,
            start_time: values.start_time,
            local_team_id: values.local_team_id,
            visitor_team_id: values.visitor_team_id,
            venue: values.venue ?? existing.venue,
            city: values.city ?? existing.city,
            updated_at: new Date(),
          })
          .where('id', '=', existing.id)
          .execute();
        return { status: 'updated' as const, fixtureId: existing.id };
      });
      reports.push({ row: i, key, ...report });
    } catch (e) {
      reports.push({ row: i, key, status: 'failed', reason: (e as Error).message });
    }
  }
  return reports;
}

export interface SquadPlayer {
  name: string;
  /** The player's Cricsheet registry id (or another stable id for non-Cricsheet data). */
  cricsheetId: string;
  position: string;
}
export interface SquadsFile {
  season: string;
  competition?: string;
  year?: number;
  teams: { name: string; code?: string; players: SquadPlayer[] }[];
}

/**
 * Adds players to season squads, so they can be picked before they have played. A squad position
 * is fixed (position_source 'data') and wins over inference.
 */
export async function importSquads(db: Kysely<DB>, squads: SquadsFile): Promise<{ players: number }> {
  return withTransaction(db, async (trx) => {
    const year = squads.year ?? Number.parseInt(/\d{4}/.exec(squads.season)?.[0] ?? '', 10);
    const seasonId = await ensureSeason(trx, {
      name: squads.season,
      competition: squads.competition ?? squads.season,
      year,
    });
    const teamIds = await ensureTeams(
      trx,
      squads.teams.map((t) => ({ name: t.name, code: t.code })),
    );
    let n = 0;
    const moved: number[] = [];
    for (const team of squads.teams) {
      for (const p of team.players) {
        const position: PositionId | undefined = positionIdByName(p.position);
        if (!position) throw new Error(`${team.name}: ${p.name} has an unknown position "${p.position}"`);
        const before = await trx
          .selectFrom('players')
          .select(['id', 'position_id'])
          .where('cricsheet_id', '=', p.cricsheetId)
          .executeTakeFirst();
        if (before && before.position_id !== position) moved.push(before.id);
        const row = await trx
          .insertInto('players')
          .values({ cricsheet_id: p.cricsheetId, full_name: p.name, position_id: position, position_source: 'data' })
          .onConflict((oc) =>
            oc
              .column('cricsheet_id')
              .doUpdateSet({ full_name: p.name, position_id: position, position_source: 'data' }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('squads')
          .values({ season_id: seasonId, team_id: teamIds.get(team.name)!, player_id: row.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
        n++;
      }
    }
    // A position fixed by the squad can change what the player's past matches score.
    await onResultsChanged(trx, await fixturesOfPlayers(trx, moved));
    return { players: n };
  });
}

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

export function readResultsFile(file: string): ResultRow[] {
  const json = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const obj = Array.isArray(json) ? { results: json } : asRecord(json);
  if (!Array.isArray(obj.results)) throw new Error(`${file}: expected { "season": ..., "results": [...] } or an array`);
  return obj.results.map((raw, i) => {
    const r = { season: (obj as Record<string, unknown>).season, ...asRecord(raw) } as Record<string, unknown>;
    const where = `${file} results[${i}]`;
    const status = str(r, 'status') ?? 'completed';
    if (!['completed', 'no_result', 'abandoned'].includes(status)) {
      throw new Error(`${where}: status must be completed, no_result or abandoned`);
    }
    const season = str(r, 'season');
    if (!season) throw new Error(`${where}: season is required`);
    const pom = pick(r, 'playerOfMatch', 'player_of_match');
    return {
      season,
      matchNumber: int(r, where, 'matchNumber', 'match_number') ?? null,
      name: str(r, 'name'),
      status: status as ResultRow['status'],
      winner: str(r, 'winner'),
      wonByRuns: int(r, where, 'wonByRuns', 'won_by_runs'),
      wonByWickets: int(r, where, 'wonByWickets', 'won_by_wickets'),
      method: str(r, 'method'),
      tie: pick(r, 'tie') === true || pick(r, 'tie') === 'true',
      superOverWinner: str(r, 'superOverWinner', 'super_over_winner'),
      playerOfMatch: Array.isArray(pom) ? pom.map(String) : typeof pom === 'string' ? [pom] : undefined,
    };
  });
}

type ManualResult = Pick<
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

/**
 * Sets the result of existing fixtures (each row in its own transaction) and calls the re-score
 * hook. A row that matches what is stored reports 'unchanged' and writes nothing. Per-player stats
 * are untouched: they come only from ball-by-ball imports.
 */
export async function importResults(db: Kysely<DB>, rows: readonly ResultRow[]): Promise<RowReport[]> {
  const reports: RowReport[] = [];
  for (const [i, r] of rows.entries()) {
    const key = `${r.season} ${r.name ?? `Match ${r.matchNumber}`}`;
    try {
      const report = await withTransaction(db, async (trx) => {
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
        if (await sameResult(trx, f.id, f.status, r.status, result, pomIds)) {
          return { status: 'unchanged' as const, fixtureId: f.id };
        }
        await trx
          .insertInto('fixture_results')
          .values({ fixture_id: f.id, ...result })
          .onConflict((oc) => oc.column('fixture_id').doUpdateSet(result))
          .execute();
        await trx.deleteFrom('fixture_player_of_match').where('fixture_id', '=', f.id).execute();
        if (pomIds.length) {
          await trx
            .insertInto('fixture_player_of_match')
            .values(pomIds.map((player_id) => ({ fixture_id: f.id, player_id })))
            .execute();
        }
        await trx
          .updateTable('fixtures')
          .set({ status: r.status, updated_at: new Date() })
          .where('id', '=', f.id)
          .execute();
        await onResultChanged(trx, f.id);
        return { status: 'updated' as const, fixtureId: f.id };
      });
      reports.push({ row: i, key, ...report });
    } catch (e) {
      reports.push({ row: i, key, status: 'failed', reason: (e as Error).message });
    }
  }
  // Committed: the leagues' standings points of the changed fixtures, ahead of the readers.
  if (!db.isTransaction) {
    const changed = reports.flatMap((r) => (r.status === 'updated' && r.fixtureId !== undefined ? [r.fixtureId] : []));
    await afterResultsImported(db, changed);
  }
  return reports;
}
