import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { ensureSeason, ensureStage, ensureTeams } from '../db-util';
import { asRecord, canonical, field, parseRow, parseUtc, type RowReport, readRecordsText, seasonYear } from './rows';

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
const SCHEDULE_COLUMNS = {
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
    season: field.text,
    competition: field.text,
    year: field.wholeNumber('year'),
    matchNumber: field.wholeNumber('matchNumber'),
    name: field.text,
    stage: field.text,
    startTime: field.text,
    home: field.text,
    away: field.text,
    homeCode: field.text,
    awayCode: field.text,
    venue: field.text,
    city: field.text,
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

/** Reads a schedule: JSON `{ season, competition?, year?, fixtures: [...] }`, a JSON array of rows, or CSV. */
export function readScheduleFile(file: string): ScheduleRow[] {
  const read = readRecordsText(file);
  if ('csv' in read) return read.csv.map((r, i) => scheduleRowFromRecord(r, `${file} row ${i + 2}`));
  const json = read.json;
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
        const year = seasonYear(r.season, r.year);
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
