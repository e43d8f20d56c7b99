import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { backupPglite, restorePglite } from '../src/backup/pglite';
import { seedFaqs } from '../src/content/faq';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { DB } from '../src/db/schema';
import { DB_TARGET } from './db';
import { createFaultDatabase, killChildren, spawnTs, tempDir } from './faults/support';

/**
 * Data safety: a backup, a change, a restore — the change is gone and everything else is back.
 * PGlite leg: `cli backup` / `cli restore` of the embedded database (real CLI processes).
 * PostgreSQL leg: the pg_dump / pg_restore commands documented in docs/data.md.
 */

/** Every table's rows, as text, in a stable order: two databases with equal snapshots hold the same data. */
async function snapshot(db: Kysely<DB>): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    if (name === 'kysely_migration_lock') continue;
    const { rows } = await sql<{ r: string }>`SELECT t::text AS r FROM ${sql.table(name)} t ORDER BY 1`.execute(db);
    out[name] = rows.map((r) => r.r);
  }
  return out;
}

async function seed(db: Kysely<DB>) {
  await migrateToLatest(db);
  await seedFaqs(db);
  await db
    .insertInto('users')
    .values([
      { first_name: 'Kept', last_name: 'Before', email: 'kept@example.com', password_hash: 'x' },
      { first_name: 'Also', last_name: 'Kept', email: 'also@example.com', password_hash: 'y' },
    ])
    .execute();
}

/** The change the restore must undo: a new user, a renamed one, a deleted FAQ. */
async function change(db: Kysely<DB>) {
  await db
    .insertInto('users')
    .values({ first_name: 'After', last_name: 'Backup', email: 'after@example.com', password_hash: 'z' })
    .execute();
  await db.updateTable('users').set({ first_name: 'Renamed' }).where('email', '=', 'kept@example.com').execute();
  const faq = await db.selectFrom('faqs').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.deleteFrom('faqs').where('id', '=', faq.id).execute();
}

const emails = async (db: Kysely<DB>) =>
  (await db.selectFrom('users').select('email').orderBy('email').execute()).map((u) => u.email);

describe.runIf(DB_TARGET === 'pglite')('cli backup / cli restore (embedded database)', () => {
  const data = tempDir('fc-backup-');
  const dir = join(data.path, 'pglite');
  afterAll(async () => {
    await killChildren();
    data.remove();
  });

  const cli = async (...args: string[]) => {
    const child = spawnTs('src/cli.ts', args, { DATA_DIR: data.path, DATABASE_URL: '' });
    const { code } = await child.exited;
    return { code, output: child.output() };
  };
  const withDb = async <T>(path: string, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> => {
    const database = await openDatabase({ pgliteDir: path });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };

  it('round trip: backup, change, restore — the change is gone, everything else is back', async () => {
    const before = await withDb(dir, async (db) => {
      await seed(db);
      return snapshot(db);
    });
    const file = join(data.path, 'backup.tar.gz');
    const backup = await cli('backup', file);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/backed up .* to .*backup\.tar\.gz: \d+ bytes, \d+ tables, \d+ rows/);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const changed = await withDb(dir, async (db) => {
      await change(db);
      return snapshot(db);
    });
    expect(changed).not.toEqual(before);

    const restore = await cli('restore', file);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/restored .* into .*pglite: \d+ tables, \d+ rows/);
    await withDb(dir, async (db) => {
      expect(await snapshot(db)).toEqual(before);
      expect(await emails(db)).toEqual(['also@example.com', 'kept@example.com', 'system@fantasycricket.invalid']);
    });
    // The replaced folder is kept, with the change in it.
    const kept = readdirSync(data.path).filter((f) => f.startsWith('pglite.before-restore-'));
    expect(kept).toHaveLength(1);
    await withDb(join(data.path, kept[0]!), async (db) => {
      expect(await snapshot(db)).toEqual(changed);
    });
  }, 120_000);

  it('refuses what is not a backup and leaves the database as it is; refuses PostgreSQL', async () => {
    const junk = join(data.path, 'junk.tar.gz');
    writeFileSync(junk, 'not a backup');
    await expect(restorePglite(dir, junk)).rejects.toThrow(/not a backup/);
    await expect(restorePglite(dir, join(data.path, 'missing.tar.gz'))).rejects.toThrow(/no backup file/);
    await expect(backupPglite(join(data.path, 'nothing-here'), join(data.path, 'x.tgz'))).rejects.toThrow(
      /no embedded database/,
    );
    await expect(backupPglite(dir, join(data.path, 'no', 'such', 'folder.tgz'))).rejects.toThrow(/does not exist/);
    expect(readdirSync(data.path).filter((f) => f.includes('.restoring-'))).toEqual([]);
    await withDb(dir, async (db) => {
      expect(await emails(db)).toContain('kept@example.com');
    });

    const pg = spawnTs('src/cli.ts', ['backup', 'x.tgz'], {
      DATA_DIR: data.path,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect((await pg.exited).code).toBe(1);
    expect(pg.output()).toMatch(/pg_dump --format=custom/);
  }, 60_000);
});

const hasPgTools = ['/usr/bin/pg_dump', '/usr/bin/pg_restore'].every((p) => existsSync(p));

describe.runIf(DB_TARGET === 'postgres')('pg_dump / pg_restore (PostgreSQL, as documented in docs/data.md)', () => {
  it.runIf(hasPgTools)(
    'round trip: dump, change, restore — the change is gone, everything else is back',
    async () => {
      const fault = await createFaultDatabase();
      const files = tempDir('fc-pgdump-');
      const database = await openDatabase({ databaseUrl: fault.url, poolSize: 2 });
      try {
        await seed(database.db);
        const before = await snapshot(database.db);
        const dump = join(files.path, 'fantasy.dump');
        execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, fault.url], { stdio: 'pipe' });
        await change(database.db);
        expect(await snapshot(database.db)).not.toEqual(before);
        await database.close();
        execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${fault.url}`, dump], {
          stdio: 'pipe',
        });
        const after = await openDatabase({ databaseUrl: fault.url, poolSize: 2 });
        try {
          expect(await snapshot(after.db)).toEqual(before);
        } finally {
          await after.close();
        }
      } finally {
        await database.close().catch(() => {});
        await fault.drop();
        files.remove();
      }
    },
    60_000,
  );
});
