import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { ensureSeason, ensureStage, ensureTeams } from '../db-util';
import { optionalStoredName, storedName } from './names';
import { asRecord, canonical, field, parseRow, parseUtc, type RowReport, recordsOfText, seasonYear } from './rows';

/** Schedules: future fixtures, created or updated from a JSON or CSV file (docs/data.md). */

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

/** The names a schedule column may have in a file (camelCase, snake_case, older names). */
export const SCHEDULE_COLUMNS = {
  season: [],
  competition: [],
  year: [],
  matchNumber: ['match_number'],
  name: [],
  stage: [],
  startTime: ['start_time', 'date'],
  home: ['local', 'localTeam', 'local_team', 'team1'],
  away: ['visitor', 'visitorTeam', 'visitor_team', 'team2'],
  homeCode: ['home_code'],
  awayCode: ['away_code'],
  venue: [],
  city: [],
} as const;

const scheduleRowSchema = z
  .object({
    season: field.name('Season'),
    competition: field.name('Competition'),
    year: field.wholeNumber('year'),
    matchNumber: field.wholeNumber('matchNumber'),
    name: field.name('Fixture name'),
    stage: field.name('Stage'),
    startTime: field.text,
    home: field.name('Home team'),
    away: field.name('Away team'),
    homeCode: field.name('Home team code'),
    awayCode: field.name('Away team code'),
    venue: field.name('Venue'),
    city: field.name('City'),
  })
  .refine((r) => r.season && r.startTime && r.home && r.away, 'season, startTime, home and away are required')
  .refine((r) => r.home !== r.away, 'home and away are the same team');

/** One schedule row from a record of a file (JSON object or CSV row); `where` prefixes its errors. */
export function scheduleRowFromRecord(r: Record<string, unknown>, where: string): ScheduleRow {
  const row = parseRow(scheduleRowSchema, canonical(r, SCHEDULE_COLUMNS), where);
  parseUtc(row.startTime!, where);
  return {
    ...row,
    season: row.season!,
    startTime: row.startTime!,
    home: row.home!,
    away: row.away!,
    matchNumber: row.matchNumber ?? null,
  };
}

/** One record of a schedule file, with where it is (`file row 3`, `file fixtures[2]`) for its errors. */
export interface ScheduleRecord {
  where: string;
  record: Record<string, unknown>;
}

/**
 * The records of a schedule file's text: JSON `{ season, competition?, year?, fixtures: [...] }`, a
 * JSON array of rows, or CSV (by the `.csv` name). Throws when the file as a whole cannot be read;
 * a bad row is left for `scheduleRowFromRecord` to report.
 */
export function scheduleRecordsOfText(name: string, text: string): ScheduleRecord[] {
  const read = recordsOfText(name, text);
  if ('csv' in read) return read.csv.map((record, i) => ({ where: `${name} row ${i + 2}`, record }));
  const json = read.json;
  if (Array.isArray(json)) return json.map((r, i) => ({ where: `${name} [${i}]`, record: asRecord(r) }));
  const obj = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  if (!Array.isArray(obj.fixtures))
    throw new Error(`${name}: expected { "season": ..., "fixtures": [...] } or an array`);
  return obj.fixtures.map((r, i) => ({
    where: `${name} fixtures[${i}]`,
    record: {
      season: obj.season,
      competition: obj.competition,
      year: obj.year,
      ...(typeof r === 'object' && r !== null && !Array.isArray(r) ? r : {}),
    },
  }));
}

/** Reads a schedule: JSON `{ season, competition?, year?, fixtures: [...] }`, a JSON array of rows, or CSV. */
export function readScheduleFile(file: string): ScheduleRow[] {
  return scheduleRecordsOfText(file, readFileSync(file, 'utf8')).map((r) => scheduleRowFromRecord(r.record, r.where));
}

/** What a schedule row changes of a fixture (team names), for the report's Before and After. */
export interface FixtureSlot {
  Name: string;
  StartTime: string;
  Home: string;
  Away: string;
  Venue: string | null;
  City: string | null;
}

/**
 * The outcome of one schedule row: `new` (a fixture created), `moved` (start time, venue, city or
 * teams changed), `updated` (only the name changed), `unchanged`, `conflict` (a row the schedule
 * cannot take) or `failed` (a row that cannot be read).
 */
export interface ScheduleLine {
  row: number;
  key: string;
  status: 'new' | 'moved' | 'updated' | 'unchanged' | 'conflict' | 'failed';
  fixtureId?: number;
  reason?: string;
  before?: FixtureSlot;
  after?: FixtureSlot;
}

/** A row that reads well but that the schedule cannot take. */
export class RowConflict extends Error {}

/** The key of a row in the report: `IPL 2025 Match 12`. */
function rowKey(r: Partial<ScheduleRow>, where: string): string {
  const name = r.name ?? (r.matchNumber != null ? `Match ${r.matchNumber}` : undefined);
  if (r.season && name) return `${r.season} ${name}`;
  if (r.season && r.home && r.away) return `${r.season} ${r.home} v ${r.away}`;
  return where;
}

/**
 * Writes one schedule row in `trx` (the caller's transaction) and says what it did. A fixture is
 * found by season and match number, else by season and name. Conflicts: two rows of the file for
 * one fixture (`seen` holds the keys of the rows before), teams changed on a fixture that is no
 * longer scheduled (started, or with a result), a fixture that is no longer scheduled moved. Every
 * check comes before the row's writes, so a row that fails or conflicts writes nothing of its own
 * (only its season, stage and teams, which the caller's transaction rolls back when it refuses).
 */
export async function writeScheduleRow(
  trx: Kysely<DB>,
  r: ScheduleRow,
  seen: Set<string>,
  options: { seasonSource?: string } = {},
): Promise<Omit<ScheduleLine, 'row' | 'key'>> {
  const name = r.name ?? (r.matchNumber != null ? `Match ${r.matchNumber}` : undefined);
  const key = rowKey(r, '');
  if (!name) throw new Error('a fixture needs a match number or a name');
  const slot = `${r.season}\u0000${r.matchNumber ?? `name:${name}`}`;
  if (seen.has(slot)) throw new RowConflict(`another row of the file is also ${key}`);
  seen.add(slot);
  const competition = r.competition ?? r.season.replace(/\s+\S+$/, '');
  const year = seasonYear(r.season, r.year);
  if (!Number.isInteger(year)) throw new Error(`no year in season "${r.season}"; add "year"`);
  const startTime = parseUtc(r.startTime, key);
  const seasonId = await ensureSeason(trx, {
    name: r.season,
    competition,
    year,
    ...(options.seasonSource ? { source: options.seasonSource } : {}),
  });
  let q = trx.selectFrom('fixtures').selectAll().where('season_id', '=', seasonId);
  q = r.matchNumber != null ? q.where('match_number', '=', r.matchNumber) : q.where('name', '=', name);
  const existing = await q.orderBy('id').executeTakeFirst();
  const stageId = await ensureStage(trx, seasonId, r.stage ?? (r.matchNumber != null ? 'League' : 'Playoffs'));
  const teams = await ensureTeams(trx, [
    { name: r.home, code: r.homeCode },
    { name: r.away, code: r.awayCode },
  ]);
  const values = {
    season_id: seasonId,
    stage_id: stageId,
    match_number: r.matchNumber ?? null,
    name: storedName('Fixture name', name),
    start_time: startTime,
    local_team_id: teams.get(r.home)!,
    visitor_team_id: teams.get(r.away)!,
    venue: optionalStoredName('Venue', r.venue ?? null),
    city: optionalStoredName('City', r.city ?? null),
  };
  const after = (e?: { venue: string | null; city: string | null }): FixtureSlot => ({
    Name: name,
    StartTime: startTime.toISOString(),
    Home: r.home,
    Away: r.away,
    Venue: values.venue ?? e?.venue ?? null,
    City: values.city ?? e?.city ?? null,
  });
  if (!existing) {
    const row = await trx
      .insertInto('fixtures')
      .values({ ...values, status: 'scheduled' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { status: 'new', fixtureId: row.id, after: after() };
  }
  const names = new Map(
    (
      await trx
        .selectFrom('teams')
        .select(['id', 'name'])
        .where('id', 'in', [existing.local_team_id, existing.visitor_team_id])
        .execute()
    ).map((t) => [t.id, t.name]),
  );
  const before: FixtureSlot = {
    Name: existing.name,
    StartTime: existing.start_time.toISOString(),
    Home: names.get(existing.local_team_id) ?? String(existing.local_team_id),
    Away: names.get(existing.visitor_team_id) ?? String(existing.visitor_team_id),
    Venue: existing.venue,
    City: existing.city,
  };
  const teamsChanged =
    existing.local_team_id !== values.local_team_id || existing.visitor_team_id !== values.visitor_team_id;
  const moved =
    existing.start_time.getTime() !== startTime.getTime() ||
    teamsChanged ||
    existing.venue !== (values.venue ?? existing.venue) ||
    existing.city !== (values.city ?? existing.city);
  if (teamsChanged && existing.status !== 'scheduled') {
    throw new RowConflict(
      `${existing.name} (fixture ${existing.id}) is ${existing.status} between ${before.Home} and ${before.Away}; its teams cannot change`,
    );
  }
  if (existing.start_time.getTime() !== startTime.getTime() && existing.status !== 'scheduled') {
    throw new RowConflict(`${existing.name} (fixture ${existing.id}) is ${existing.status}; it cannot be moved`);
  }
  if (!moved && existing.name === name) return { status: 'unchanged', fixtureId: existing.id };
  await trx
    .updateTable('fixtures')
    .set({
      name,
      start_time: startTime,
      local_team_id: values.local_team_id,
      visitor_team_id: values.visitor_team_id,
      venue: values.venue ?? existing.venue,
      city: values.city ?? existing.city,
      updated_at: new Date(),
    })
    .where('id', '=', existing.id)
    .execute();
  return { status: moved ? 'moved' : 'updated', fixtureId: existing.id, before, after: after(existing) };
}

/**
 * Writes schedule records in `db`, each row on its own (in its own transaction when `db` is not
 * one), and reports each: the console runs it in one transaction and refuses the file when a row
 * failed or conflicts; the CLI keeps the rows that could be written.
 */
export async function writeScheduleRecords(
  db: Kysely<DB>,
  records: readonly ScheduleRecord[],
  options: { seasonSource?: string } = {},
): Promise<ScheduleLine[]> {
  const lines: ScheduleLine[] = [];
  const seen = new Set<string>();
  for (const [i, { where, record }] of records.entries()) {
    let key = where;
    try {
      const r = scheduleRowFromRecord(record, where);
      key = rowKey(r, where);
      const done = await withTransaction(db, (trx) => writeScheduleRow(trx, r, seen, options));
      lines.push({ row: i, key, ...done });
    } catch (e) {
      const status = e instanceof RowConflict ? 'conflict' : 'failed';
      lines.push({ row: i, key, status, reason: (e as Error).message });
    }
  }
  return lines;
}

/**
 * Creates or updates fixtures from a schedule (status 'scheduled' for new ones), each row in its own
 * transaction (`cli import schedule`).
 */
export async function importSchedule(db: Kysely<DB>, rows: readonly ScheduleRow[]): Promise<RowReport[]> {
  const lines = await writeScheduleRecords(
    db,
    rows.map((r, i) => ({ where: `row ${i + 1}`, record: { ...r } })),
  );
  return lines.map((l) => ({
    row: l.row,
    key: l.key,
    status:
      l.status === 'new' ? 'created' : l.status === 'moved' ? 'updated' : l.status === 'conflict' ? 'failed' : l.status,
    ...(l.fixtureId !== undefined ? { fixtureId: l.fixtureId } : {}),
    ...(l.reason !== undefined ? { reason: l.reason } : {}),
  }));
}
