import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backup and restore of the embedded database (PGlite in `<DATA_DIR>/pglite`), for `pnpm cli backup`
 * and `pnpm cli restore`. A backup is PGlite's own dump of its data folder (`dumpDataDir`, a gzipped
 * tar of the PostgreSQL data directory), taken from a cleanly opened database. A restore never writes
 * into the live folder: it loads the backup into a new folder beside it, opens it and checks it, and
 * only then swaps the folders; the previous folder is kept as `pglite.before-restore-<time>`.
 *
 * PGlite is one process's database: stop the server before either command (see docs/data.md). For
 * PostgreSQL (DATABASE_URL), use pg_dump and pg_restore.
 */

export interface TableCounts {
  [table: string]: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  tables: TableCounts;
}

export interface RestoreResult {
  tables: TableCounts;
  /** Where the folder that was replaced now is (undefined when there was none). */
  previous: string | undefined;
}

const GZIP_MAGIC = [0x1f, 0x8b];

async function tableCounts(pg: PGlite): Promise<TableCounts> {
  const { rows } = await pg.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: TableCounts = {};
  for (const { name } of rows) {
    const r = await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
    counts[name.replace(/"/g, '')] = r.rows[0]?.n ?? 0;
  }
  return counts;
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/** Writes a backup of the database in `pgliteDir` to `file` (written whole, or not at all). */
export async function backupPglite(pgliteDir: string, file: string): Promise<BackupResult> {
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) {
    throw new Error(`no embedded database in ${pgliteDir} (nothing to back up; is DATA_DIR right?)`);
  }
  if (!existsSync(dirname(file))) throw new Error(`the folder ${dirname(file)} does not exist`);
  const pg = new PGlite(pgliteDir);
  try {
    await pg.waitReady;
    await pg.exec('CHECKPOINT');
    const tables = await tableCounts(pg);
    const dump = await pg.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return { file, bytes: bytes.length, tables };
  } finally {
    if (!pg.closed) await pg.close();
  }
}

/**
 * Replaces the database in `pgliteDir` with the backup in `file`. The backup is loaded and checked in
 * a staging folder first; a file that is not a backup, or a backup that does not open, leaves the
 * current database untouched.
 */
export async function restorePglite(pgliteDir: string, file: string, now = new Date()): Promise<RestoreResult> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`no backup file at ${file}`);
  const bytes = readFileSync(file);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    throw new Error(`${file} is not a backup made by \`cli backup\` (not a gzipped data folder)`);
  }
  const parent = dirname(pgliteDir);
  mkdirSync(parent, { recursive: true });
  const staging = join(parent, `${basename(pgliteDir)}.restoring-${stamp(now)}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  let tables: TableCounts;
  try {
    const pg = new PGlite(staging, { loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }) });
    try {
      await pg.waitReady;
      tables = await tableCounts(pg);
      if (!('kysely_migration' in tables)) throw new Error(`${file} does not hold a Fantasy Cricket database`);
    } finally {
      if (!pg.closed) await pg.close();
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`restore failed, the current database is unchanged: ${(err as Error).message}`);
  }
  let previous: string | undefined;
  if (existsSync(pgliteDir)) {
    previous = join(parent, `${basename(pgliteDir)}.before-restore-${stamp(now)}`);
    renameSync(pgliteDir, previous);
  }
  renameSync(staging, pgliteDir);
  return { tables, previous };
}
