import { type RawBuilder, sql } from 'kysely';

/**
 * `column IN (ids)` with the ids inlined (integers only); false for an empty list. Inlined rather than
 * bound: a list of fixtures or leagues is short, and the planner sees the values.
 */
export function idInSql(column: string, ids: readonly number[]): RawBuilder<boolean> {
  if (ids.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(column)} IN (${sql.raw(ids.map((id) => String(Math.trunc(id))).join(', '))})`;
}
