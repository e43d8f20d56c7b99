import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { migrations } from './migrations';

/** Migrations are plain modules listed in ./migrations/index.ts (ordered by their key). */
class ListedMigrations implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Brings the schema up to date. Safe with several processes: Kysely takes a lock table. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  // Keep Kysely's bookkeeping tables in the schema being migrated: without this its existence check
  // looks at every schema and is fooled by another schema's kysely_migration_lock.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({ db, provider: new ListedMigrations(), migrationTableSchema: rows[0]?.schema });
  // Kysely's existence check reads the catalog of every schema; a schema being dropped at that moment
  // by another connection can make that read fail. Nothing has run then (no results), so it is retried.
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    for (const r of results ?? []) {
      if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
    }
    if (!error) return;
    if (results === undefined && attempt < 3) {
      console.warn(`migrations: the catalog check failed (${String(error)}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      continue;
    }
    throw error instanceof Error ? error : new Error(String(error));
  }
}
