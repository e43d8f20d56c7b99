import { type Kysely, sql } from 'kysely';
import { importedName } from '../cricket/import/names';
import { withTransaction } from '../db/transaction';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Actor } from './access';
import { recordAudit } from './audit';

/**
 * Seasons as the operator console sees them: every season with its fixture counts, created here
 * (inactive until activated) or by an import, activated and deactivated — which is what decides
 * whether the Start League series list and the home-page statistics show it.
 */

export const seasonRules = {
  nameTaken: (name: string) => `A season named "${name}" already exists.`,
  notFound: 'There is no such season.',
  noSeasonNamed: (name: string) => `There is no season named "${name}".`,
} as const;

export interface OperatorSeasonView {
  SeasonID: number;
  Name: string;
  Competition: string;
  Year: number;
  Source: string;
  Active: boolean;
  Teams: number;
  Fixtures: number;
  Completed: number;
  Scheduled: number;
  FirstStart: string | null;
  LastStart: string | null;
}

/** What the audit log keeps of a season, before and after a change. */
const auditOf = (s: OperatorSeasonView) => ({
  SeasonID: s.SeasonID,
  Name: s.Name,
  Competition: s.Competition,
  Year: s.Year,
  Source: s.Source,
  Active: s.Active,
});
const targetOf = (s: { SeasonID: number; Name: string }) => `season ${s.SeasonID} (${s.Name})`;

function seasonsQuery(db: Kysely<DB>) {
  return db.selectFrom('seasons as s').select([
    's.id',
    's.name',
    's.competition',
    's.year',
    's.source',
    's.is_active',
    sql<number>`(SELECT count(*) FROM (
          SELECT f.local_team_id AS team_id FROM fixtures f WHERE f.season_id = s.id
          UNION SELECT f.visitor_team_id FROM fixtures f WHERE f.season_id = s.id
          UNION SELECT q.team_id FROM squads q WHERE q.season_id = s.id) t)`.as('teams'),
    sql<number>`(SELECT count(*) FROM fixtures f WHERE f.season_id = s.id)`.as('fixtures'),
    sql<number>`(SELECT count(*) FROM fixtures f WHERE f.season_id = s.id
          AND f.status IN ('completed', 'no_result', 'abandoned'))`.as('completed'),
    sql<number>`(SELECT count(*) FROM fixtures f WHERE f.season_id = s.id AND f.status = 'scheduled')`.as('scheduled'),
    sql<Date | string | null>`(SELECT min(f.start_time) FROM fixtures f WHERE f.season_id = s.id)`.as('first_start'),
    sql<Date | string | null>`(SELECT max(f.start_time) FROM fixtures f WHERE f.season_id = s.id)`.as('last_start'),
  ]);
}

type SeasonRow = Awaited<ReturnType<ReturnType<typeof seasonsQuery>['executeTakeFirstOrThrow']>>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const toView = (r: SeasonRow): OperatorSeasonView => ({
  SeasonID: r.id,
  Name: r.name,
  Competition: r.competition,
  Year: r.year,
  Source: r.source,
  Active: r.is_active,
  Teams: Number(r.teams),
  Fixtures: Number(r.fixtures),
  Completed: Number(r.completed),
  Scheduled: Number(r.scheduled),
  FirstStart: iso(r.first_start),
  LastStart: iso(r.last_start),
});

/** Every season, newest first (by year, then the latest created). */
export async function listSeasons(db: Kysely<DB>): Promise<OperatorSeasonView[]> {
  const rows = await seasonsQuery(db).orderBy('s.year', 'desc').orderBy('s.id', 'desc').execute();
  return rows.map(toView);
}

export async function seasonView(db: Kysely<DB>, seasonId: number): Promise<OperatorSeasonView | undefined> {
  const row = await seasonsQuery(db).where('s.id', '=', seasonId).executeTakeFirst();
  return row && toView(row);
}

/**
 * Creates a season, inactive (source `console`), with its audit entry. 400 when a season of that name
 * exists, whatever its case (`ipl 2025` next to `IPL 2025` would split one competition's files in
 * two). Creations are serialised by a transaction-scoped advisory lock, so two at once cannot both
 * pass the check.
 */
export async function createSeason(
  db: Kysely<DB>,
  actor: Actor,
  input: { Name: string; Competition: string; Year: number },
): Promise<OperatorSeasonView> {
  if (!input.Name.trim()) throw new HttpError(400, 'Give the season a name, e.g. "IPL 2025".');
  if (!input.Competition.trim()) throw new HttpError(400, 'Name the competition, e.g. "Indian Premier League".');
  // The name rule of every name of cricket data (cricket/import/names.ts): normalised, or 400 saying why.
  let name: string;
  let competition: string;
  try {
    name = importedName('Season', input.Name);
    competition = importedName('Competition', input.Competition);
  } catch (e) {
    throw new HttpError(400, (e as Error).message);
  }
  return withTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('fc.season.create'))`.execute(trx);
    const taken = await trx
      .selectFrom('seasons')
      .select('name')
      .where(sql<boolean>`lower(name) = lower(${name})`)
      .executeTakeFirst();
    if (taken) throw new HttpError(400, seasonRules.nameTaken(taken.name));
    const { id } = await trx
      .insertInto('seasons')
      .values({ name, competition, year: input.Year, is_active: false, source: 'console' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const season = (await seasonView(trx, id))!;
    await recordAudit(trx, actor, {
      action: 'season.create',
      target: targetOf(season),
      before: null,
      after: auditOf(season),
    });
    return season;
  });
}

/**
 * Shows (`active`) or hides a season on the home page and in the Start League series list, with its
 * audit entry (`season.activate` / `season.deactivate`, the season before and after). Asking for the
 * state it is already in changes nothing and records nothing (`changed` false). 404 for an unknown id.
 */
export async function setSeasonActive(
  db: Kysely<DB>,
  actor: Actor,
  seasonId: number,
  active: boolean,
): Promise<{ season: OperatorSeasonView; changed: boolean }> {
  return withTransaction(db, async (trx) => {
    const locked = await trx
      .selectFrom('seasons')
      .select('id')
      .where('id', '=', seasonId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new HttpError(404, seasonRules.notFound);
    const before = (await seasonView(trx, seasonId))!;
    if (before.Active === active) return { season: before, changed: false };
    await trx.updateTable('seasons').set({ is_active: active }).where('id', '=', seasonId).execute();
    const after = (await seasonView(trx, seasonId))!;
    await recordAudit(trx, actor, {
      action: active ? 'season.activate' : 'season.deactivate',
      target: targetOf(after),
      before: auditOf(before),
      after: auditOf(after),
    });
    return { season: after, changed: true };
  });
}

/** `cli season activate|deactivate <name>`: the season by its exact name (404 when there is none). */
export async function setSeasonActiveByName(
  db: Kysely<DB>,
  actor: Actor,
  name: string,
  active: boolean,
): Promise<{ season: OperatorSeasonView; changed: boolean }> {
  const row = await db.selectFrom('seasons').select('id').where('name', '=', name).executeTakeFirst();
  if (!row) throw new HttpError(404, seasonRules.noSeasonNamed(name));
  return setSeasonActive(db, actor, row.id, active);
}
