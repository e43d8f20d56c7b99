import { FEATURE_ALLOWED_POSITIONS, MP_FEATURE_ID, POSITION_ID, POSITION_LIMITS } from '@fantasy-cricket/rules';
import { MP_MAX_POINTS, MP_ROWS, optionsOf, PS_ROWS } from './scoring/table';

/**
 * The fixed cricket catalogue: positions, league features and bonus options. The ids are part of the
 * product contract (the spec names FeatureID 2 and 3 and PositionID 1-4), so they never change. The
 * features and bonus options are built from the scoring table (./scoring/table.ts), the positions a
 * player feature allows from packages/rules. Migration 0002 wrote these rows from its own frozen copy
 * (db/migrations/0002_cricket.catalogue.ts); a test checks a migrated database against this file, so
 * a change here needs a migration that writes it.
 */

/** Position ids: packages/rules' `POSITION_ID`. */
export const POSITION = POSITION_ID;
export type PositionId = (typeof POSITION)[keyof typeof POSITION];
export type PositionName = keyof typeof POSITION;

export interface PositionDef {
  id: PositionId;
  name: PositionName;
  maxPerTeam: number;
  /** Team-sheet order: keeper, batsmen, allrounders, bowlers. */
  sortOrder: number;
}

export const POSITIONS: readonly PositionDef[] = [
  { id: POSITION.Batsman, name: 'Batsman', maxPerTeam: POSITION_LIMITS.Batsman, sortOrder: 2 },
  { id: POSITION.Bowler, name: 'Bowler', maxPerTeam: POSITION_LIMITS.Bowler, sortOrder: 4 },
  { id: POSITION.Wicketkeeper, name: 'Wicketkeeper', maxPerTeam: POSITION_LIMITS.Wicketkeeper, sortOrder: 1 },
  { id: POSITION.Allrounder, name: 'Allrounder', maxPerTeam: POSITION_LIMITS.Allrounder, sortOrder: 3 },
];

export function isPositionId(v: unknown): v is PositionId {
  return v === 1 || v === 2 || v === 3 || v === 4;
}

export function positionIdByName(name: string): PositionId | undefined {
  const n = name.trim().toLowerCase().replace(/[\s-]/g, '');
  const aliases: Record<string, PositionId> = {
    batsman: 1,
    batter: 1,
    bat: 1,
    bowler: 2,
    bowl: 2,
    wicketkeeper: 3,
    keeper: 3,
    wk: 3,
    allrounder: 4,
    ar: 4,
  };
  return aliases[n];
}

export type LeagueTypeCode = 'MP' | 'PS';
export type FeatureType = 'team' | 'player' | 'bonus' | 'stat';

export interface FeatureDef {
  id: number;
  leagueType: LeagueTypeCode;
  name: string;
  description: string;
  featureType: FeatureType;
  /** +1 for points earned, -1 for penalties. A league configures the magnitude (0..maxPoints). */
  sign: 1 | -1;
  /** Highest magnitude a league admin may configure. */
  maxPoints: number;
  /** Magnitude used when a league keeps the defaults (and for the home-page fantasy table). */
  defaultPoints: number;
  sortOrder: number;
  /** Player features only: the positions a pick may come from (empty = any). */
  positionIds: readonly PositionId[];
}

/** Match Prediction feature ids: packages/rules' `MP_FEATURE_ID`. */
export const MP = MP_FEATURE_ID;
/** Player Selection stat feature ids, from the scoring table. */
export { PS } from './scoring/table';

export const FEATURES: readonly FeatureDef[] = [
  ...MP_ROWS.map(
    (row): FeatureDef => ({
      id: row.id,
      leagueType: 'MP',
      name: row.name,
      description: row.description,
      featureType: row.featureType,
      sign: 1,
      maxPoints: MP_MAX_POINTS,
      defaultPoints: row.points,
      sortOrder: row.id,
      positionIds: (FEATURE_ALLOWED_POSITIONS as Readonly<Record<number, readonly PositionId[]>>)[row.id] ?? [],
    }),
  ),
  ...PS_ROWS.map(
    (row): FeatureDef => ({
      id: row.id,
      leagueType: 'PS',
      name: row.name,
      description: row.description,
      featureType: 'stat',
      sign: row.points < 0 ? -1 : 1,
      maxPoints: row.maxPoints,
      defaultPoints: Math.abs(row.points),
      sortOrder: row.id,
      positionIds: [],
    }),
  ),
];

export const FEATURES_BY_ID: ReadonlyMap<number, FeatureDef> = new Map(FEATURES.map((f) => [f.id, f]));

export function feature(id: number): FeatureDef {
  const f = FEATURES_BY_ID.get(id);
  if (!f) throw new Error(`unknown feature id ${id}`);
  return f;
}

export interface BonusOptionDef {
  /** Stable id (feature id x 100 + n): a Match Prediction pick on a bonus feature stores this id. */
  id: number;
  featureId: number;
  code: string;
  label: string;
  sortOrder: number;
}

export const BONUS_OPTIONS: readonly BonusOptionDef[] = MP_ROWS.flatMap((row) =>
  optionsOf(row).map((o, i) => ({ id: o.id, featureId: row.id, code: o.code, label: o.label, sortOrder: i + 1 })),
);
