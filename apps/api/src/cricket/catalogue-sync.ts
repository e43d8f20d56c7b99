import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { BONUS_OPTIONS, FEATURES, POSITIONS } from './catalogue';

/**
 * Writes the catalogue of ./catalogue.ts into the database (insert or update by id). Migration 0002
 * calls it; a later migration that changes the catalogue calls it again.
 */
export async function syncCatalogue(anyDb: Kysely<unknown>): Promise<void> {
  const db = anyDb as unknown as Kysely<DB>;
  await db
    .insertInto('positions')
    .values(POSITIONS.map((p) => ({ id: p.id, name: p.name, max_per_team: p.maxPerTeam, sort_order: p.sortOrder })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        max_per_team: eb.ref('excluded.max_per_team'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();
  await db
    .insertInto('features')
    .values(
      FEATURES.map((f) => ({
        id: f.id,
        league_type: f.leagueType,
        name: f.name,
        description: f.description,
        feature_type: f.featureType,
        sign: f.sign,
        max_points: f.maxPoints,
        default_points: f.defaultPoints,
        sort_order: f.sortOrder,
      })),
    )
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        league_type: eb.ref('excluded.league_type'),
        name: eb.ref('excluded.name'),
        description: eb.ref('excluded.description'),
        feature_type: eb.ref('excluded.feature_type'),
        sign: eb.ref('excluded.sign'),
        max_points: eb.ref('excluded.max_points'),
        default_points: eb.ref('excluded.default_points'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();
  await db.deleteFrom('feature_positions').execute();
  const fp = FEATURES.flatMap((f) => f.positionIds.map((position_id) => ({ feature_id: f.id, position_id })));
  if (fp.length) await db.insertInto('feature_positions').values(fp).execute();
  await db
    .insertInto('bonus_options')
    .values(
      BONUS_OPTIONS.map((o) => ({
        id: o.id,
        feature_id: o.featureId,
        code: o.code,
        label: o.label,
        sort_order: o.sortOrder,
      })),
    )
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        feature_id: eb.ref('excluded.feature_id'),
        code: eb.ref('excluded.code'),
        label: eb.ref('excluded.label'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();
}
