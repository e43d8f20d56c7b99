import {
  featurePointsError,
  messages,
  positionCountError,
  selectionCountErrors,
  TEAM_RULE_DEFAULTS,
  type TeamRules,
} from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import { FEATURES, FEATURES_BY_ID, type POSITION, POSITIONS, type LeagueTypeCode } from '../cricket/catalogue';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { assertConfigurable, requireAdmin } from './access';
import { insertDefaultTeamRules } from './team-rules';

/**
 * The team rules a new Player Selection league starts with (issue 27): 100 credits, a captain 2× and
 * a vice-captain 1.5×, at most 7 from one side, 4 backups. The admin changes or turns them off in the
 * configure wizard while the league is a Draft; leagues created before the rules have none.
 */
export const NEW_LEAGUE_TEAM_RULES: TeamRules = TEAM_RULE_DEFAULTS;

const m = messages.leagueApi;

/** League types as the screens know them (spec §3 "League type: ID, Name"). */
export const LEAGUE_TYPES = [
  { ID: 1, Name: 'Match Prediction', code: 'MP' },
  { ID: 2, Name: 'Player Selection', code: 'PS' },
] as const satisfies readonly { ID: number; Name: string; code: LeagueTypeCode }[];

export const leagueTypeById = (id: number) => LEAGUE_TYPES.find((t) => t.ID === id);
export const leagueTypeByCode = (code: LeagueTypeCode) => LEAGUE_TYPES.find((t) => t.code === code)!;

/** Player counts a new Player Selection league starts with (a full team of 11). */
export const DEFAULT_SELECTION_COUNTS: Readonly<Record<keyof typeof POSITION, number>> = {
  Batsman: 4,
  Bowler: 4,
  Allrounder: 2,
  Wicketkeeper: 1,
};

/** Writes the catalogue defaults for a new league: its type's features, and PS player counts. */
export async function insertDefaultConfiguration(trx: Kysely<DB>, leagueId: number, type: LeagueTypeCode) {
  const rows = FEATURES.filter((f) => f.leagueType === type).map((f) => ({
    league_id: leagueId,
    feature_id: f.id,
    points: f.defaultPoints,
    is_active: true,
  }));
  await trx.insertInto('league_configurations').values(rows).execute();
  if (type === 'PS') {
    await trx
      .insertInto('league_selection_configs')
      .values(
        POSITIONS.map((p) => ({
          league_id: leagueId,
          position_id: p.id,
          count: DEFAULT_SELECTION_COUNTS[p.name],
          is_active: true,
        })),
      )
      .execute();
    await insertDefaultTeamRules(trx, leagueId, NEW_LEAGUE_TEAM_RULES);
  }
}

export interface ConfigurationItem {
  ID: number;
  LeagueID: number;
  FeatureName: string;
  FeatureDescription: string;
  FeatureTypeName: 'team' | 'player' | 'bonus' | 'stat';
  IsActive: boolean;
  Points: number;
  FeatureID: number;
  MaxPoints: number;
  Sign: 1 | -1;
}

export async function configurationItems(db: Kysely<DB>, leagueId: number): Promise<ConfigurationItem[]> {
  const rows = await db
    .selectFrom('league_configurations as c')
    .innerJoin('features as f', 'f.id', 'c.feature_id')
    .select(['c.id', 'c.league_id', 'c.feature_id', 'c.points', 'c.is_active'])
    .select(['f.name', 'f.description', 'f.feature_type', 'f.max_points', 'f.sign'])
    .where('c.league_id', '=', leagueId)
    .orderBy('f.sort_order')
    .orderBy('f.id')
    .execute();
  return rows.map((r) => ({
    ID: r.id,
    LeagueID: r.league_id,
    FeatureName: r.name,
    FeatureDescription: r.description,
    FeatureTypeName: r.feature_type,
    IsActive: r.is_active,
    Points: r.points,
    FeatureID: r.feature_id,
    MaxPoints: r.max_points,
    Sign: r.sign < 0 ? -1 : 1,
  }));
}

export interface SelectionConfigItem {
  ID: number;
  LeagueID: number;
  PositionTypeID: number;
  PositionTypeName: string;
  Count: number;
  MaxAllowed: number;
  IsActive: boolean;
  IsLocked: boolean;
}

export async function selectionConfigItems(db: Kysely<DB>, leagueId: number): Promise<SelectionConfigItem[]> {
  const rows = await db
    .selectFrom('league_selection_configs as c')
    .innerJoin('positions as p', 'p.id', 'c.position_id')
    .innerJoin('leagues as l', 'l.id', 'c.league_id')
    .select(['c.id', 'c.league_id', 'c.position_id', 'c.count', 'c.is_active', 'p.name', 'p.max_per_team'])
    .select(sql<boolean>`l.selection_config_locked_at IS NOT NULL`.as('locked'))
    .where('c.league_id', '=', leagueId)
    .orderBy('p.sort_order')
    .execute();
  return rows.map((r) => ({
    ID: r.id,
    LeagueID: r.league_id,
    PositionTypeID: r.position_id,
    PositionTypeName: r.name,
    Count: r.count,
    MaxAllowed: r.max_per_team,
    IsActive: r.is_active,
    IsLocked: r.locked,
  }));
}

/**
 * Spec §5 position limits on the counts that take part (inactive rows count 0): the first broken
 * rule's spec message, or null.
 */
export function checkSelectionCounts(
  rows: readonly { position: string; count: number; active: boolean }[],
): string | null {
  return selectionCountErrors(rows.map((r) => ({ position: r.position, count: r.active ? r.count : 0 })))[0] ?? null;
}

export interface ConfigurationUpdate {
  LeagueConfigurationID: number;
  LeagueID: number;
  FeatureID: number;
  Points: number;
  IsActive: boolean;
}

/** league_configuration/bulkUpdate: all items or none (admin of a private Draft league). */
export async function updateConfigurations(db: Kysely<DB>, userId: number, items: readonly ConfigurationUpdate[]) {
  const leagueId = items[0]?.LeagueID;
  if (leagueId === undefined) throw new HttpError(400, m.unknownConfigItem);
  if (items.some((i) => i.LeagueID !== leagueId)) throw new HttpError(400, m.oneLeaguePerRequest);
  await db.transaction().execute(async (trx) => {
    const league = await requireAdmin(trx, leagueId, userId, { forUpdate: true });
    assertConfigurable(league);
    const existing = new Map(
      (
        await trx
          .selectFrom('league_configurations')
          .select(['id', 'feature_id'])
          .where('league_id', '=', leagueId)
          .execute()
      ).map((r) => [r.id, r.feature_id]),
    );
    for (const item of items) {
      const featureId = existing.get(item.LeagueConfigurationID);
      if (featureId === undefined) throw new HttpError(400, m.unknownConfigItem);
      const feature = FEATURES_BY_ID.get(featureId);
      if (featureId !== item.FeatureID || !feature) throw new HttpError(400, m.featureMismatch);
      // The rule the admin's form checks too (packages/rules): the same answer on both sides.
      const problem = featurePointsError(item.Points, feature.name, feature.maxPoints);
      if (problem) throw new HttpError(400, problem);
    }
    for (const item of items) {
      await trx
        .updateTable('league_configurations')
        .set({ points: item.Points, is_active: item.IsActive })
        .where('id', '=', item.LeagueConfigurationID)
        .execute();
    }
  });
}

export interface SelectionConfigUpdate {
  SelectionConfigID: number;
  Count: number;
  IsActive: boolean;
}

/** selection_config/bulkUpdate: the counts after the change must still make a legal team. */
export async function updateSelectionConfigs(db: Kysely<DB>, userId: number, items: readonly SelectionConfigUpdate[]) {
  const first = items[0];
  if (!first) throw new HttpError(400, m.unknownConfigItem);
  const owner = await db
    .selectFrom('league_selection_configs')
    .select('league_id')
    .where('id', '=', first.SelectionConfigID)
    .executeTakeFirst();
  if (!owner) throw new HttpError(404, m.unknownConfigItem);
  const leagueId = owner.league_id;
  await db.transaction().execute(async (trx) => {
    const league = await requireAdmin(trx, leagueId, userId, { forUpdate: true });
    assertConfigurable(league);
    if (league.league_type !== 'PS') throw new HttpError(400, m.notPlayerSelection);
    if (league.selection_config_locked_at) throw new HttpError(400, m.selectionConfigLocked);
    const rows = await trx
      .selectFrom('league_selection_configs as c')
      .innerJoin('positions as p', 'p.id', 'c.position_id')
      .select(['c.id', 'c.count', 'c.is_active', 'p.name'])
      .where('c.league_id', '=', leagueId)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, { position: r.name, count: r.count, active: r.is_active }]));
    for (const item of items) {
      const row = byId.get(item.SelectionConfigID);
      if (!row) throw new HttpError(400, m.oneLeaguePerRequest);
      // An inactive position counts 0 towards the team, but the count it stores must still be one the
      // position allows (a fraction or a negative number does not even fit the column).
      const countError = positionCountError(row.position, item.Count);
      if (countError) throw new HttpError(400, countError);
      row.count = item.Count;
      row.active = item.IsActive;
    }
    const problem = checkSelectionCounts([...byId.values()]);
    if (problem) throw new HttpError(400, problem);
    for (const item of items) {
      await trx
        .updateTable('league_selection_configs')
        .set({ count: item.Count, is_active: item.IsActive })
        .where('id', '=', item.SelectionConfigID)
        .execute();
    }
    await trx
      .updateTable('leagues')
      .set({ selection_config_locked_at: new Date() })
      .where('id', '=', leagueId)
      .execute();
  });
}

/** Activation's "playable" check: the message of the first problem, or null. */
export async function playableProblem(db: Kysely<DB>, leagueId: number, type: LeagueTypeCode): Promise<string | null> {
  const active = await db
    .selectFrom('league_configurations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('league_id', '=', leagueId)
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  if (Number(active.n) === 0) return m.noActiveFeature;
  if (type === 'PS') {
    const rows = await selectionConfigItems(db, leagueId);
    return checkSelectionCounts(
      rows.map((r) => ({ position: r.PositionTypeName, count: r.Count, active: r.IsActive })),
    );
  }
  return null;
}
