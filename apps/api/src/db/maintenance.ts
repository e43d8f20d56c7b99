import { type Kysely, sql } from 'kysely';
import type { DB } from './schema';

/**
 * Planner statistics for the embedded database. PostgreSQL's autovacuum daemon keeps every table's
 * statistics (`ANALYZE`) current; PGlite runs no background processes, so its tables would never get
 * any and the planner would guess their sizes (nested loops over what it takes for empty tables, e.g.
 * the standings-points queries over many picks). So on PGlite the product runs `ANALYZE` itself: after
 * imports and bulk changes, and from the housekeeping timer (src/housekeeping.ts). On PostgreSQL these
 * functions do nothing.
 */

/** Whether `db` is the embedded PGlite database (its `version()` names it). */
export async function isEmbeddedDatabase(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(db);
  return /PGlite/i.test(rows[0]?.v ?? '');
}

/**
 * The tables of the current schema whose statistics are missing or stale, by the rule autovacuum
 * applies to row counts, measured here in pages (PGlite keeps no row-change counters): never
 * analyzed and not empty, or grown or shrunk by more than 10% (and a few pages) since the last ANALYZE.
 */
async function staleTables(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    CROSS JOIN LATERAL (SELECT pg_relation_size(c.oid) / current_setting('block_size')::int AS pages) s
    WHERE c.relkind = 'r' AND n.nspname = current_schema() AND s.pages > 0
      AND (c.reltuples < 0 OR abs(s.pages - c.relpages) > 2 + 0.1 * c.relpages)
    ORDER BY c.relname`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * On PGlite: `ANALYZE`s the tables whose statistics are missing or stale (cheap when none are: one
 * catalogue query). On PostgreSQL: nothing (autovacuum does it). Returns the tables analyzed.
 * Run outside transactions that hold locks others wait for (it takes a light lock per table).
 */
export async function updatePlannerStatistics(db: Kysely<DB>): Promise<string[]> {
  if (!(await isEmbeddedDatabase(db))) return [];
  const tables = await staleTables(db);
  if (tables.length) await sql`ANALYZE ${sql.join(tables.map((t) => sql.id(t)))}`.execute(db);
  return tables;
}
