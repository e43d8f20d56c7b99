import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { recordResults } from '../../results/pipeline';
import { POSITIONS, type PositionId, positionIdByName } from '../catalogue';
import { ensureSeason, ensureTeams } from '../db-util';
import { importedName, type NameField, optionalImportedName, quoted, storedName } from './names';
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
export const SQUAD_COLUMNS = {
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
      ...cleanHead(name, { ...head.data, season: String(seasons[0]) }),
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
    ...cleanHead(name, head),
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

/** A squads file's season and competition by the name rule (./names.ts); a refusal refuses the file. */
function cleanHead<T extends { season: string; competition?: string | undefined }>(file: string, head: T): T {
  try {
    return {
      ...head,
      season: importedName('Season', head.season),
      competition: optionalImportedName('Competition', head.competition),
    };
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
}

/** A squads file (JSON or CSV by its name) read and checked as the CLI takes it: the first problem throws. */
export function readSquadsFile(file: string): SquadsFile {
  const read = squadRecordsOfText(file, readFileSync(file, 'utf8'));
  const teams = new Map<string, SquadsFile['teams'][number]>();
  for (const r of read.rows) {
    const { team: name, teamCode, ...player } = squadPlayerOf(r);
    const team = teams.get(name) ?? { name, code: teamCode, players: [] };
    team.players.push(player);
    teams.set(name, team);
  }
  return { season: read.season, competition: read.competition, year: read.year, teams: [...teams.values()] };
}

const squadRowSchema = squadPlayerSchema.extend({ team: z.string().trim().min(1, 'team is required') });

/** A player row checked: name, cricsheetId, position and team present, names by the name rule, position known. */
function squadPlayerOf(r: SquadRecord): SquadPlayer & { positionId: PositionId; team: string; teamCode?: string } {
  const parsed = squadRowSchema.safeParse({ ...r.record, team: r.team });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${r.where}: ${issue.path.join('.') || 'the row'} is required`);
  }
  let names: { name: string; team: string; teamCode: string | undefined };
  try {
    names = {
      team: importedName('Team name', parsed.data.team),
      teamCode: optionalImportedName('Team code', r.teamCode),
      name: importedName('Player name', parsed.data.name),
    };
  } catch (e) {
    throw new Error(`${r.where}: ${(e as Error).message}`);
  }
  const positionId = positionIdByName(parsed.data.position);
  if (!positionId) throw new Error(`${r.where}: ${names.name} has an unknown position ${quoted(parsed.data.position)}`);
  return {
    name: names.name,
    cricsheetId: parsed.data.cricsheetId,
    position: parsed.data.position,
    positionId,
    team: names.team,
    ...(names.teamCode !== undefined ? { teamCode: names.teamCode } : {}),
  };
}

/**
 * The report key of a row that cannot be taken: `MI: SA Yadav` when its names pass the name rule, else
 * its place in the file (`squads.csv row 4`), so that a report never shows a refused name.
 */
function squadRowKey(r: SquadRecord): string {
  const clean = (field: NameField, v: string | undefined): string | null => {
    if (v === undefined || v.trim() === '') return '';
    try {
      return importedName(field, v);
    } catch {
      return null;
    }
  };
  const name = clean('Player name', typeof r.record.name === 'string' ? r.record.name : undefined);
  const team = r.teamCode !== undefined ? clean('Team code', r.teamCode) : clean('Team name', r.team);
  if (name === null || team === null) return r.where;
  return `${team}: ${name || r.where}`;
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
 * over inference; the past matches of players whose position changed are recorded as results
 * (`recordResults`, source 'positions': re-scored in `trx`).
 */
export async function writeSquadRecords(
  trx: Kysely<DB>,
  squads: SquadRecords,
  options: { seasonSource?: string } = {},
): Promise<SquadLine[]> {
  return recordResults(trx, 'positions', async (t) => {
    const { lines, moved } = await writeSquadRows(t, squads, options);
    return { value: lines, fixtureIds: await fixturesOfPlayers(t, moved) };
  });
}

/** The rows of `writeSquadRecords`, and the players whose position changed. */
async function writeSquadRows(
  trx: Kysely<DB>,
  squads: SquadRecords,
  options: { seasonSource?: string },
): Promise<{ lines: SquadLine[]; moved: number[] }> {
  const season = importedName('Season', squads.season);
  const year = seasonYear(season, squads.year);
  if (!Number.isInteger(year)) throw new Error(`no year in season "${season}"; add "year"`);
  const seasonId = await ensureSeason(trx, {
    name: season,
    competition: optionalImportedName('Competition', squads.competition) ?? season,
    year,
    ...(options.seasonSource ? { source: options.seasonSource } : {}),
  });
  // Every row checked first: only the teams of rows that can be taken are created.
  const checked = squads.rows.map((r) => {
    try {
      return { r, p: squadPlayerOf(r) };
    } catch (e) {
      return { r, problem: (e as Error).message };
    }
  });
  const codes = new Map<string, string | undefined>();
  for (const { p } of checked) if (p && !codes.get(p.team)) codes.set(p.team, p.teamCode);
  const teamIds = await ensureTeams(
    trx,
    [...codes].map(([name, code]) => ({ name, code })),
  );
  const lines: SquadLine[] = [];
  const seen = new Map<string, string>();
  const moved: number[] = [];
  for (const [i, { r, p, problem }] of checked.entries()) {
    if (!p) {
      lines.push({ row: i, key: squadRowKey(r), status: 'failed', reason: problem ?? '' });
      continue;
    }
    const key = `${p.teamCode ?? p.team}: ${p.name}`;
    try {
      const earlier = seen.get(p.cricsheetId);
      if (earlier) {
        lines.push({ row: i, key, status: 'conflict', reason: `${p.name} (${p.cricsheetId}) is also at ${earlier}` });
        continue;
      }
      seen.set(p.cricsheetId, r.where);
      const teamId = teamIds.get(p.team)!;
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
      const fullName = storedName('Player name', p.name);
      const row = await trx
        .insertInto('players')
        .values({
          cricsheet_id: p.cricsheetId,
          full_name: fullName,
          position_id: p.positionId,
          position_source: 'data',
        })
        .onConflict((oc) =>
          oc
            .column('cricsheet_id')
            .doUpdateSet({ full_name: fullName, position_id: p.positionId, position_source: 'data' }),
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
  return { lines, moved };
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
  // writeSquadRecords records the matches of players who moved; this settles them once committed.
  return recordResults(db, 'positions', async (trx) => {
    const lines = await writeSquadRecords(trx, records);
    const bad = lines.find((l) => l.status === 'failed' || l.status === 'conflict');
    if (bad) throw new Error(`${bad.key}: ${bad.reason}`);
    return { value: { players: lines.length, lines }, fixtureIds: [] };
  });
}
