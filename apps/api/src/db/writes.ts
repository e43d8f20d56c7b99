import { type Compilable, type Kysely, type OperationNodeSource, type RawBuilder, sql } from 'kysely';
import type { DB } from './schema';

/** Writes in as few statements as possible, within PostgreSQL's limits (the importer's, and any bulk writer's). */

/** PostgreSQL's limit of bind parameters per statement. */
export const MAX_BIND_PARAMETERS = 65_535;
/** Values per `IN (...)` list (each one a bind parameter). */
export const MAX_IN_LIST = 10_000;

export type WriteQuery = (Compilable & OperationNodeSource) | RawBuilder<unknown>;

function isRaw(q: WriteQuery): q is RawBuilder<unknown> {
  return 'isRawBuilder' in q && q.isRawBuilder === true;
}

/**
 * A multi-row insert of `rows` (keyed by column name, all with the same keys) sent as one JSON
 * parameter: a match's ~25 stat lines of 20 columns are 500 bind parameters otherwise, each one
 * built into the query, serialized and parsed.
 */
export function insertJsonRows(
  table: keyof DB & string,
  rows: readonly Record<string, unknown>[],
  onConflictDoNothing = false,
): RawBuilder<unknown> {
  const cols = sql.join(Object.keys(rows[0] ?? {}).map((c) => sql.id(c)));
  return sql`INSERT INTO ${sql.table(table)} (${cols})
    SELECT ${cols} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::json)${
      onConflictDoNothing ? sql` ON CONFLICT DO NOTHING` : sql``
    }`;
}

/**
 * Runs independent writes in as few statements as possible: consecutive queries go into one
 * statement as data-modifying CTEs (`WITH w0 AS (INSERT ...), w1 AS (...) SELECT 1`) while their bind
 * parameters stay within PostgreSQL's limit. The queries must not depend on each other's effects
 * (the parts of one statement do not see each other's rows).
 */
export async function executeWrites(db: Kysely<DB>, queries: readonly WriteQuery[]): Promise<number> {
  let statements = 0;
  let group: WriteQuery[] = [];
  let params = 0;
  const flush = async () => {
    if (group.length === 1) await sql`${group[0]!}`.execute(db);
    else if (group.length > 1) {
      const parts = group.map((q, i) => sql`${sql.id(`w${i}`)} AS (${q})`);
      await sql`WITH ${sql.join(parts)} SELECT 1`.execute(db);
    }
    if (group.length) statements++;
    group = [];
    params = 0;
  };
  for (const q of queries) {
    const n = (isRaw(q) ? q.compile(db) : q.compile()).parameters.length;
    if (group.length && params + n > MAX_BIND_PARAMETERS) await flush();
    group.push(q);
    params += n;
  }
  await flush();
  return statements;
}

/** Splits rows so that each multi-row insert stays within the bind-parameter limit. */
export function chunkRows<T extends object>(rows: readonly T[], maxParams = MAX_BIND_PARAMETERS): T[][] {
  if (rows.length === 0) return [];
  const perRow = Math.max(1, Object.keys(rows[0]!).length);
  const size = Math.max(1, Math.floor(maxParams / perRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
