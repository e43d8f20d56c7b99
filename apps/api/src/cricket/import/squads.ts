import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { POSITIONS, type PositionId, positionIdByName } from '../catalogue';
import { ensureSeason, ensureTeams } from '../db-util';
import { onResultsChanged } from '../scoring/rescore';
import { canonical, recordsOfText, seasonYear } from './rows';
import { fixturesOfPlayers } from './players';

/** Squads: who can be picked for a team's fixtures of a season, with fixed positions (docs/data.md). */

const nonEmpty = z.string().trim().min(1);

const squadPlayerSchema = z.object({
  name: nonEmpty,
  /** The player's Cricsheet registry id (or another stable id for non-Cricsheet data). */
  cricsheetId: nonEmpty,
  position: nonEmpty,
});

const squadsFileSchema = z.object({
  season: nonEmpty,
  competition: nonEmpty.optional(),
  year: z.number().int().min(0).optional(),
  teams: z.array(z.object({ name: nonEmpty, code: nonEmpty.optional(), players: z.array(squadPlayerSchema) })),
});

export type SquadPlayer = z.infer<typeof squadPlayerSchema>;
export type SquadsFile = z.infer<typeof squadsFileSchema>;

/** A squads file's JSON, checked: the first problem names its place (`teams.0.players.3.position`). */
export function squadsFromJson(json: unknown, where: string): SquadsFile {
  const parsed = squadsFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(`${where}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
}

/** One player row of a squads file, read but not yet checked (the console reports each on its own). */
export interface SquadRecord {
  where: string;
  team: string;
  teamCode?: string | undefined;
  record: Record<string, unknown>;
}

/** A squads file read as rows: its season, and one record per player. */
export interface SquadRecords {
  season: string;
  competition?: string | undefined;
  year?: number | undefined;
  rows: SquadRecord[];
}

/** The names a squads CSV column may have. */
const SQUAD_COLUMNS = {
  season: [],
  competition: [],
  year: [],
  team: [],
  teamCode: ['team_code', 'code'],
  name: ['player', 'player_name'],
  cricsheetId: ['cricsheet_id', 'id'],
  position: [],
} as const;

const squadsHeadSchema = z.object({
  season: nonEmpty,
  competition: nonEmpty.optional(),
  year: z.coerce.number().int().min(0).optional(),
});

/**
 * A squads file's text as rows: JSON `{ season, competition?, year?, teams: [{ name, code?,
 * players: [{ name, cricsheetId, position }] }] }`, or CSV (by the `.csv` name) with the header
 * `season,team,team_code,player,cricsheet_id,position` (one season per file). Throws when the file
 * as a whole cannot be read; a bad player row is left for the caller to report.
 */
export function squadRecordsOfText(name: string, text: string): SquadRecords {
  const read = recordsOfText(name, text);
  if ('csv' in read) {
    const rows = read.csv.map((r, i) => ({ where: `${name} row ${i + 2}`, c: canonical(r, SQUAD_COLUMNS) }));
    if (rows.length === 0) throw new Error(`${name}: no rows under the header`);
    const seasons = [...new Set(rows.map((r) => r.c.season).filter((v) => v !== undefined))];
    if (seasons.length !== 1)
      throw new Error(
        seasons.length ? `${name}: one season per file (found ${seasons.join(', ')})` : `${name}: season is required`,
      );
    const head = squadsHeadSchema.safeParse(
      rows.find((r) => r.c.year !== undefined || r.c.competition)?.c ?? rows[0]!.c,
    );
    if (!head.success)
      throw new Error(`${name}: ${head.error.issues[0]!.path.join('.')}: ${head.error.issues[0]!.message}`);
    return {
      ...head.data,
      season: String(seasons[0]),
      rows: rows.map(({ where, c }) => ({
        where,
        team: String(c.team ?? ''),
        teamCode: c.teamCode === undefined ? undefined : String(c.teamCode),
        record: c,
      })),
    };
  }
  const file = z
    .object({
      season: nonEmpty,
      competition: nonEmpty.optional(),
      year: z.number().int().min(0).optional(),
      teams: z.array(
        z.object({ name: nonEmpty, code: nonEmpty.optional(), players: z.array(z.record(z.string(), z.unknown())) }),
      ),
    })
    .safeParse(read.json);
  if (!file.success) {
    const issue = file.error.issues[0]!;
    throw new Error(`${name}: ${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  const { teams, ...head } = file.data;
  return {
    ...head,
    rows: teams.flatMap((t, ti) =>
      t.players.map((record, pi) => ({
        where: `${name} teams.${ti}.players.${pi}`,
        team: t.name,
        teamCode: t.code,
        record,
      })),
    ),
  };
}

/** A squads file (JSON or CSV by its name) read and checked as the CLI takes it: the first problem throws. */
export function readSquadsFile(file: string): SquadsFile {
  const read = squadRecordsOfText(file, readFileSync(file, 'utf8'));
  const teams = new Map<string, SquadsFile['teams'][number]>();
  for (const r of read.rows) {
    const player = squadPlayerOf(r);
    const team = teams.get(r.team) ?? { name: r.team, code: r.teamCode, players: [] };
    team.players.push(player);
    teams.set(r.team, team);
  }
  return { season: read.season, competition: read.competition, year: read.year, teams: [...teams.values()] };
}

const squadRowSchema = squadPlayerSchema.extend({ team: z.string().trim().min(1, 'team is required') });

/** A player row checked: name, cricsheetId, position and team present, position known. */
function squadPlayerOf(r: SquadRecord): SquadPlayer & { positionId: PositionId } {
  const parsed = squadRowSchema.safeParse({ ...r.record, team: r.team });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${r.where}: ${issue.path.join('.') || 'the row'} is required`);
  }
  const positionId = positionIdByName(parsed.data.position);
  if (!positionId) throw new Error(`${r.where}: ${parsed.data.name} has an unknown position "${parsed.data.position}"`);
  return { name: parsed.data.name, cricsheetId: parsed.data.cricsheetId, position: parsed.data.position, positionId };
}

/** The outcome of one squads row: `new` (joins the squad), `moved` (position changes), `updated` (name), `unchanged`, `conflict`, `failed`. */
export interface SquadLine {
  row: number;
  key: string;
  status: 'new' | 'moved' | 'updated' | 'unchanged' | 'conflict' | 'failed';
  reason?: string;
  before?: { Name: string; Position: string; InSquad: boolean };
  after?: { Name: string; Position: string; InSquad: boolean };
}

const positionName = (id: number) => POSITIONS.find((p) => p.id === id)?.name ?? String(id);

/**
 * Writes a squads file's rows in `trx` (one transaction: the caller's) and reports each. Conflicts:
 * the same player twice in the file. A squad position is fixed (position_source 'data') and wins
 * over inference; players whose position changed have their past matches re-scored.
 */
export async function writeSquadRecords(
  trx: Kysely<DB>,
  squads: SquadRecords,
  options: { seasonSource?: string } = {},
): Promise<SquadLine[]> {
  const year = seasonYear(squads.season, squads.year);
  if (!Number.isInteger(year)) throw new Error(`no year in season "${squads.season}"; add "year"`);
  const seasonId = await ensureSeason(trx, {
    name: squads.season,
    competition: squads.competition ?? squads.season,
    year,
    ...(options.seasonSource ? { source: options.seasonSource } : {}),
  });
  const teamNames = [...new Set(squads.rows.map((r) => r.team).filter((t) => t !== ''))];
  const teamIds = await ensureTeams(
    trx,
    teamNames.map((name) => ({ name, code: squads.rows.find((r) => r.team === name && r.teamCode)?.teamCode })),
  );
  const lines: SquadLine[] = [];
  const seen = new Map<string, string>();
  const moved: number[] = [];
  for (const [i, r] of squads.rows.entries()) {
    const name = typeof r.record.name === 'string' ? r.record.name.trim() : '';
    const key = `${r.teamCode ?? r.team}: ${name || r.where}`;
    try {
      const p = squadPlayerOf(r);
      const earlier = seen.get(p.cricsheetId);
      if (earlier) {
        lines.push({ row: i, key, status: 'conflict', reason: `${p.name} (${p.cricsheetId}) is also at ${earlier}` });
        continue;
      }
      seen.set(p.cricsheetId, r.where);
      const teamId = teamIds.get(r.team)!;
      const stored = await trx
        .selectFrom('players')
        .select(['id', 'full_name', 'position_id'])
        .where('cricsheet_id', '=', p.cricsheetId)
        .executeTakeFirst();
      const inSquad =
        stored !== undefined &&
        (await trx
          .selectFrom('squads')
          .select('player_id')
          .where('season_id', '=', seasonId)
          .where('team_id', '=', teamId)
          .where('player_id', '=', stored.id)
          .executeTakeFirst()) !== undefined;
      const before = stored && { Name: stored.full_name, Position: positionName(stored.position_id), InSquad: inSquad };
      const after = { Name: p.name, Position: positionName(p.positionId), InSquad: true };
      if (stored && stored.position_id !== p.positionId) moved.push(stored.id);
      const row = await trx
        .insertInto('players')
        .values({ cricsheet_id: p.cricsheetId, full_name: p.name, position_id: p.positionId, position_source: 'data' })
        .onConflict((oc) =>
          oc
            .column('cricsheet_id')
            .doUpdateSet({ full_name: p.name, position_id: p.positionId, position_source: 'data' }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('squads')
        .values({ season_id: seasonId, team_id: teamId, player_id: row.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const status =
        !before || !inSquad
          ? 'new'
          : before.Position !== after.Position
            ? 'moved'
            : before.Name !== after.Name
              ? 'updated'
              : 'unchanged';
      lines.push({
        row: i,
        key,
        status,
        ...(status === 'unchanged' ? {} : { after, ...(before ? { before } : {}) }),
      });
    } catch (e) {
      lines.push({ row: i, key, status: 'failed', reason: (e as Error).message });
    }
  }
  // A position fixed by the squad can change what the player's past matches score.
  await onResultsChanged(trx, await fixturesOfPlayers(trx, moved));
  return lines;
}

/**
 * Adds players to season squads, so they can be picked before they have played (`cli import
 * squads`): one transaction; the first bad row refuses the file.
 */
export async function importSquads(
  db: Kysely<DB>,
  squads: SquadsFile,
): Promise<{ players: number; lines: SquadLine[] }> {
  const records: SquadRecords = {
    season: squads.season,
    competition: squads.competition,
    year: squads.year,
    rows: squads.teams.flatMap((t) =>
      t.players.map((p, i) => ({ where: `${t.name} players.${i}`, team: t.name, teamCode: t.code, record: { ...p } })),
    ),
  };
  return withTransaction(db, async (trx) => {
    const lines = await writeSquadRecords(trx, records);
    const bad = lines.find((l) => l.status === 'failed' || l.status === 'conflict');
    if (bad) throw new Error(`${bad.key}: ${bad.reason}`);
    return { players: lines.length, lines };
  });
}
