import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { storedName } from './import/names';
import { teamCode } from './teams';

/**
 * Seasons, stages and teams found or created by name. Every name must have gone through the name rule
 * (`importedName`, ./import/names.ts) before it gets here: a name that did not is refused, whichever
 * importer sent it.
 */

export async function ensureSeason(
  db: Kysely<DB>,
  s: { name: string; competition: string; year: number; source?: string },
): Promise<number> {
  storedName('Season', s.name);
  storedName('Competition', s.competition);
  const found = await db.selectFrom('seasons').select('id').where('name', '=', s.name).executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('seasons')
    .values({ name: s.name, competition: s.competition, year: s.year, source: s.source ?? 'cricsheet' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function ensureStage(db: Kysely<DB>, seasonId: number, name: string): Promise<number> {
  storedName('Stage', name);
  const found = await db
    .selectFrom('stages')
    .select('id')
    .where('season_id', '=', seasonId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const order = { League: 1, Playoffs: 2 }[name] ?? 3;
  const row = await db
    .insertInto('stages')
    .values({ season_id: seasonId, name, sort_order: order })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Team ids by name, creating missing teams (code from the code map, else initials). */
export async function ensureTeams(
  db: Kysely<DB>,
  teams: readonly (string | { name: string; code?: string | undefined })[],
): Promise<Map<string, number>> {
  const wanted = teams.map((t) => (typeof t === 'string' ? { name: t, code: undefined } : t));
  for (const t of wanted) {
    storedName('Team name', t.name);
    if (t.code !== undefined) storedName('Team code', t.code);
  }
  const names = [...new Set(wanted.map((t) => t.name))];
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  for (const r of await db.selectFrom('teams').select(['id', 'name']).where('name', 'in', names).execute()) {
    ids.set(r.name, r.id);
  }
  for (const t of wanted) {
    if (ids.has(t.name)) continue;
    const row = await db
      .insertInto('teams')
      .values({ name: t.name, code: t.code ?? teamCode(t.name) })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(t.name, row.id);
  }
  return ids;
}
