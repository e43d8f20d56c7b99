import { allowedPositionsForFeature } from '@fantasy-cricket/rules';
import { type RawBuilder, sql } from 'kysely';
import { STAT_COLUMN, type StatLine } from './player-selection';
import {
  type BandMeasure,
  type BonusOptionRow,
  type Condition,
  type CountRule,
  MP_ROWS,
  PS_ROWS,
  type Range,
  readsLines,
} from './table';

/**
 * The scoring table (./table.ts) as SQL fragments: the same rows the TypeScript rules read, written
 * into the statements that fill the derived tables (./derived.ts). Numbers and ids are inlined as
 * literals (they are the table's constants, never input). docs/decisions/0037-scoring-table.md says
 * why the rules are generated SQL rather than rows of a database table.
 *
 * Aliases: a `player_fixture_stats` row is `s`, its `players` row `p`, unless the caller names others.
 */

type Num = RawBuilder<number>;

/** `range` in SQL on the number `value`; with `unit`, on `value / unit` (compared as value against bound × unit). */
export function rangeSql(value: Num, range: Range, unit?: Num): RawBuilder<boolean> {
  const bound = (b: number) => (unit ? sql`${sql.lit(b)} * ${unit}` : sql.lit(b));
  const parts: RawBuilder<boolean>[] = [];
  if (range.atLeast !== undefined) parts.push(sql<boolean>`${value} >= ${bound(range.atLeast)}`);
  if (range.above !== undefined) parts.push(sql<boolean>`${value} > ${bound(range.above)}`);
  if (range.atMost !== undefined) parts.push(sql<boolean>`${value} <= ${bound(range.atMost)}`);
  if (range.below !== undefined) parts.push(sql<boolean>`${value} < ${bound(range.below)}`);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` AND `)})` : sql<boolean>`true`;
}

/** The column of a stat line field in the `player_fixture_stats` row aliased `s`. */
export function statColumnSql(s: string, field: keyof StatLine): Num {
  return sql.ref(`${s}.${STAT_COLUMN[field]}`);
}

function conditionSql(c: Condition, s: string, p: string): RawBuilder<boolean> {
  if ('stat' in c) return rangeSql(statColumnSql(s, c.stat), c);
  if ('rate' in c) {
    const per = statColumnSql(s, c.rate.per);
    const value = sql<number>`${sql.lit(c.rate.scale)} * ${statColumnSql(s, c.rate.of)}`;
    return sql<boolean>`(${per} >= ${sql.lit(c.rate.minPer)} AND ${rangeSql(value, c, per)})`;
  }
  if ('dismissed' in c) return sql<boolean>`${sql.ref(`${s}.${STAT_COLUMN.dismissed}`)}`;
  return sql<boolean>`${sql.ref(`${p}.position_id`)} <> ${sql.lit(c.notPosition)}`;
}

/** A count rule in SQL: the stat's column, or 1 when every condition holds (else 0). */
export function countSql(rule: CountRule, s = 's', p = 'p'): Num {
  if ('each' in rule) return statColumnSql(s, rule.each);
  const all = sql.join(
    rule.once.map((c) => conditionSql(c, s, p)),
    sql` AND `,
  );
  return sql<number>`CASE WHEN ${all} THEN 1 ELSE 0 END`;
}

/**
 * Every Player Selection stat of the line `s` (player `p`) as rows `(feature_id, n)` of a VALUES list,
 * for `CROSS JOIN LATERAL (VALUES …) AS v(feature_id, n)`; rows with n = 0 are the caller's to drop.
 */
export function psCountValuesSql(s = 's', p = 'p'): RawBuilder<unknown> {
  return sql.join(PS_ROWS.map((row) => sql`(${sql.lit(row.id)}, ${countSql(row.count, s, p)})`));
}

/** Whether the player `p` may win the player feature `featureId` (the positions packages/rules allows). */
export function allowedPositionSql(featureId: number, p = 'p'): RawBuilder<boolean> {
  const allowed = allowedPositionsForFeature(featureId);
  if (!allowed) return sql<boolean>`true`;
  return sql<boolean>`${sql.ref(`${p}.position_id`)} IN (${sql.join(allowed.map((id) => sql.lit(id)))})`;
}

/**
 * The Match Prediction features won by the most of a stat, as rows `(feature_id, value, allowed)` of
 * a VALUES list for the line `s` of player `p`: the stat's value and whether the player's position may
 * win the feature. `null` when the table has no such feature.
 */
export function mostValuesSql(s = 's', p = 'p'): RawBuilder<unknown> | null {
  const rows = MP_ROWS.flatMap((row) =>
    'most' in row.wins
      ? [sql`(${sql.lit(row.id)}, ${statColumnSql(s, row.wins.most)}, ${allowedPositionSql(row.id, p)})`]
      : [],
  );
  return rows.length ? sql.join(rows) : null;
}

/**
 * `leaderValue` in SQL: for the feature `featureId` (an SQL expression), the runs or wickets of the
 * line `s` for a "most" feature, `matchSixes` for a band read from the lines; NULL for the others.
 */
export function leaderValueSql(featureId: RawBuilder<number>, s: string, matchSixes: Num): RawBuilder<number | null> {
  const branches = MP_ROWS.flatMap((row) => {
    if ('most' in row.wins) return [sql`WHEN ${sql.lit(row.id)} THEN ${statColumnSql(s, row.wins.most)}`];
    return readsLines(row) ? [sql`WHEN ${sql.lit(row.id)} THEN ${matchSixes}`] : [];
  });
  return sql<number | null>`CASE ${featureId} ${sql.join(branches, sql` `)} END`;
}

/** The SQL numbers a bonus option's band reads, and whether the result is a tie. */
export type BandSql = Record<BandMeasure, Num> & { isTie: RawBuilder<boolean> };

/**
 * The option whose band holds, as a CASE (NULL when none does): on a tie the feature's tie option
 * when it has one, else the first option whose measure lies in its range — `bonusOption` in SQL.
 */
export function bonusOptionSql(options: readonly BonusOptionRow[], band: BandSql): RawBuilder<number | null> {
  const branches: RawBuilder<unknown>[] = [];
  const tie = options.find((o) => 'tie' in o.when);
  if (tie) branches.push(sql`WHEN ${band.isTie} THEN ${sql.lit(tie.id)}`);
  for (const o of options) {
    if ('tie' in o.when) continue;
    branches.push(sql`WHEN ${rangeSql(band[o.when.measure], o.when)} THEN ${sql.lit(o.id)}`);
  }
  return sql<number | null>`CASE ${sql.join(branches, sql` `)} END`;
}
