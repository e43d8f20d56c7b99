import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { type Database, openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { DB } from '../../src/db/schema';
import { ball, buildMatch, HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { DB_TARGET } from '../db';
import {
  createFaultDatabase,
  FAULT_SEED,
  type FaultDatabase,
  killChildren,
  seeded,
  sleep,
  spawnTs,
  tempDir,
  waitFor,
} from './support';

/**
 * kill -9 of the CLI's season import (`import cricsheet <folder>`) at seeded random moments — during
 * start-up and migrations, between and inside match transactions, and in the closing re-score
 * transaction — repeated; then the import is run again to the end. The database must then equal a
 * clean, uninterrupted import of the same files (compared by natural keys: Cricsheet match and
 * player ids, team names), with no duplicate fixture, and a further import finds every file unchanged.
 *
 * DB_TARGET=postgres: a fresh database `fcl_faults_<pid>_<n>` on the test server.
 * DB_TARGET=pglite: a PGlite data folder, killed and reopened each time (it must open and be consistent).
 *
 * The files are the real IPL 2024 season when present (CRICSHEET_DIR; its first 36 matches on PGlite),
 * else a synthetic 24-match season made with the cricket test builder (FAULT_IMPORT_DATA=synthetic forces it).
 */

const ROUNDS = 4;

/** A small synthetic season: `n` matches between four teams, a few overs each, results and awards. */
function writeSyntheticSeason(dir: string, n = 24): void {
  const teams = ['Rivertown Rovers', 'Hilltop Hawks', 'Seaside Strikers', 'Valley Vipers'];
  const squad = (team: string) => Array.from({ length: 11 }, (_, i) => `${team.split(' ')[0]} P${i + 1}`);
  const rng = seeded(FAULT_SEED);
  for (let m = 0; m < n; m++) {
    const home = teams[m % 4]!;
    const away = teams[(m + 1 + (Math.floor(m / 4) % 3)) % 4]!;
    const hp = squad(home);
    const ap = squad(away);
    const innings = [
      { team: home, bat: hp, bowl: ap },
      { team: away, bat: ap, bowl: hp },
    ].map(({ team, bat, bowl }) => ({
      team,
      overs: Array.from({ length: 4 }, (_, o) =>
        Array.from({ length: 6 }, (_, b) => {
          const r = Math.floor(rng() * 7);
          const out = b === 5 && o % 2 === 1 ? { out: { kind: 'bowled' } } : {};
          return ball(bat[o % 3]!, bowl[10 - (o % 4)]!, bat[(o % 3) + 1]!, r === 5 ? 4 : r, out);
        }),
      ),
    }));
    const match = buildMatch({
      teams: [home, away],
      players: { [home]: hp, [away]: ap },
      innings,
      outcome: { winner: m % 3 === 0 ? away : home, by: { runs: 1 + m } },
      playerOfMatch: [hp[0]!],
      event: { name: 'Synthetic Premier League', match_number: m + 1 },
      date: `2024-04-${String(1 + m).padStart(2, '0')}`,
    });
    writeFileSync(join(dir, `${900_000 + m}.json`), JSON.stringify(match));
  }
}

/** The database's cricket content by natural keys (no generated ids), so two databases compare. */
async function fingerprint(db: Kysely<DB>) {
  const digest = async (query: ReturnType<typeof sql<{ k: string }>>) => {
    const { rows } = await query.execute(db);
    const keys = rows.map((r) => r.k).sort();
    return `${keys.length}:${keys.join('\n').length}:${hash(keys.join('\n'))}`;
  };
  const count = async (table: string) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n;
  const tables = [
    'seasons',
    'stages',
    'teams',
    'players',
    'squads',
    'fixtures',
    'fixture_results',
    'fixture_player_of_match',
    'fixture_innings',
    'player_fixture_stats',
    'cricsheet_imports',
    'fixture_feature_winners',
    'player_fixture_feature_counts',
  ];
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = await count(t);
  return {
    counts,
    fixtures: await digest(sql<{ k: string }>`
      SELECT concat_ws('|', f.cricsheet_match_id, f.name, f.start_time, f.status, lt.name, vt.name, f.venue,
        r.result_type, wt.name, r.won_by_runs, r.won_by_wickets, ci.checksum) AS k
      FROM fixtures f JOIN teams lt ON lt.id = f.local_team_id JOIN teams vt ON vt.id = f.visitor_team_id
      LEFT JOIN fixture_results r ON r.fixture_id = f.id LEFT JOIN teams wt ON wt.id = r.winner_team_id
      LEFT JOIN cricsheet_imports ci ON ci.fixture_id = f.id`),
    players: await digest(sql<{ k: string }>`
      SELECT concat_ws('|', p.cricsheet_id, p.full_name, p.position_id, p.position_source) AS k FROM players p`),
    stats: await digest(sql<{ k: string }>`
      SELECT concat_ws('|', f.cricsheet_match_id, p.cricsheet_id, t.name, s.did_play, s.batting_position, s.runs,
        s.balls, s.fours, s.sixes, s.dismissed, s.dismissal_kind, s.balls_bowled, s.maidens, s.runs_conceded,
        s.wickets, s.catches, s.stumpings, s.run_outs_direct, s.run_outs_indirect) AS k
      FROM player_fixture_stats s JOIN fixtures f ON f.id = s.fixture_id JOIN players p ON p.id = s.player_id
      JOIN teams t ON t.id = s.team_id`),
    innings: await digest(sql<{ k: string }>`
      SELECT concat_ws('|', f.cricsheet_match_id, i.innings_number, t.name, i.runs, i.wickets, i.legal_balls) AS k
      FROM fixture_innings i JOIN fixtures f ON f.id = i.fixture_id JOIN teams t ON t.id = i.team_id`),
    winners: await digest(sql<{ k: string }>`
      SELECT concat_ws('|', f.cricsheet_match_id, w.feature_id, w.entity_type, coalesce(p.cricsheet_id, t.name,
        w.entity_id::text)) AS k
      FROM fixture_feature_winners w JOIN fixtures f ON f.id = w.fixture_id
      LEFT JOIN players p ON w.entity_type = 'player' AND p.id = w.entity_id
      LEFT JOIN teams t ON w.entity_type = 'team' AND t.id = w.entity_id`),
    featureCounts: await digest(sql<{ k: string }>`
      SELECT concat_ws('|', f.cricsheet_match_id, p.cricsheet_id, c.feature_id, c.count) AS k
      FROM player_fixture_feature_counts c JOIN fixtures f ON f.id = c.fixture_id JOIN players p ON p.id = c.player_id`),
    duplicateFixtures: (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT cricsheet_match_id FROM fixtures
        WHERE cricsheet_match_id IS NOT NULL GROUP BY 1 HAVING count(*) > 1) d`.execute(db)
    ).rows[0]!.n,
  };
}

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

const SUMMARY = /^(\d+) files: (\d+) imported, (\d+) updated, (\d+) unchanged, (\d+) failed/m;

describe(`kill -9 during a season import (${DB_TARGET === 'postgres' ? 'PostgreSQL' : 'PGlite data folder'})`, () => {
  const files = tempDir('fc-kill-import-files-');
  const data = tempDir('fc-kill-import-data-');
  let folder: string;
  let fileCount: number;
  let fault: FaultDatabase | undefined;
  let reference: Awaited<ReturnType<typeof fingerprint>>;
  let env: Record<string, string>;

  /** Opens the database the CLI writes to (for PGlite: only while no CLI process runs). */
  const openTarget = async (): Promise<Database> =>
    fault
      ? openDatabase({ databaseUrl: fault.url, poolSize: 2 })
      : openDatabase({ pgliteDir: join(data.path, 'pglite') });
  const importedSoFar = async () => {
    const database = await openTarget();
    try {
      return (await sql<{ n: number }>`SELECT count(*)::int AS n FROM cricsheet_imports`.execute(database.db)).rows[0]!
        .n;
    } catch {
      return 0; // not migrated yet
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    if (HAVE_IPL_2024 && process.env.FAULT_IMPORT_DATA !== 'synthetic') {
      if (DB_TARGET === 'postgres') folder = IPL_2024_DIR;
      else {
        // PGlite is slower to open and write: the first half of the season (36 matches) keeps the test short.
        const first = readdirSync(IPL_2024_DIR)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .slice(0, 36);
        for (const f of first) copyFileSync(join(IPL_2024_DIR, f), join(files.path, f));
        folder = files.path;
      }
    } else {
      writeSyntheticSeason(files.path);
      folder = files.path;
    }
    fileCount = readdirSync(folder).filter((f) => f.endsWith('.json')).length;
    if (DB_TARGET === 'postgres') {
      fault = await createFaultDatabase();
      env = { DATABASE_URL: fault.url, DATA_DIR: data.path };
    } else {
      env = { DATA_DIR: data.path };
    }
    // The reference: the same files imported once, without interruption, in a fresh database of the
    // same kind. For PGlite, a copy of the freshly migrated data folder (no second initdb).
    const referenceDb = DB_TARGET === 'postgres' ? await createFaultDatabase() : undefined;
    let clean: Database;
    if (referenceDb) {
      clean = await openDatabase({ databaseUrl: referenceDb.url, poolSize: 2 });
      await migrateToLatest(clean.db);
    } else {
      // The folder exists and is migrated before the first kill (PGlite creates a new folder in
      // memory and writes it out at the end, so a kill during creation leaves nothing to check).
      const dir = join(data.path, 'pglite');
      mkdirSync(dir, { recursive: true });
      const first = new PGlite(dir);
      const firstDb = new Kysely<DB>({ dialect: new PGliteDialect(first) });
      await migrateToLatest(firstDb);
      const tarball = await first.dumpDataDir('none');
      await firstDb.destroy();
      if (!first.closed) await first.close();
      const pglite = new PGlite({ loadDataDir: tarball });
      const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
      clean = {
        db,
        kind: 'pglite',
        close: async () => {
          await db.destroy();
          if (!pglite.closed) await pglite.close();
        },
      };
    }
    try {
      const report = await importCricsheetPath(clean.db, folder);
      expect(report.counts.imported).toBe(fileCount);
      reference = await fingerprint(clean.db);
    } finally {
      await clean.close();
      await referenceDb?.drop();
    }
  }, 120_000);

  afterAll(async () => {
    await killChildren();
    await fault?.drop();
    files.remove();
    data.remove();
  });

  it(`completes without duplicates after ${ROUNDS} kills at seeded random moments (seed ${FAULT_SEED})`, async () => {
    const rng = seeded(FAULT_SEED + 1);
    const rounds: { killedAt: string; importedBefore: number; importedAfter: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = await importedSoFar();
      const remaining = fileCount - before;
      const cli = spawnTs('src/cli.ts', ['import', 'cricsheet', folder], env);
      let killedAt: string;
      if (round === 0 || remaining < 1) {
        // A moment in the first second or so: loading, migrations, the first batch. (The whole season
        // imports in about a second on PostgreSQL now, so a later moment would find the run ended.)
        const ms = 100 + Math.floor(rng() * 1_000);
        await Promise.race([sleep(ms), cli.exited]);
        killedAt = `${ms} ms after start`;
      } else {
        // After k more matches were written: inside or between match transactions, and in the last
        // round right after the last match, in the closing positions/re-score transaction.
        // Spread over the rounds: k is drawn from the next share of what is left.
        const share = Math.max(1, Math.floor(remaining / (ROUNDS - round)));
        const k = round === ROUNDS - 1 ? remaining : 1 + Math.floor(rng() * share);
        const lines = () => (cli.output().match(/^imported /gm) ?? []).length;
        await Promise.race([waitFor(`${k} imported matches`, () => lines() >= k, 60_000, 2), cli.exited]);
        const jitter = Math.floor(rng() * 40);
        await sleep(jitter);
        killedAt = `${jitter} ms after match ${before + k}`;
      }
      if (!cli.alive()) killedAt = `not killed: the run had ended (${(await cli.exited).code})`;
      await cli.kill9();
      rounds.push({ killedAt, importedBefore: before, importedAfter: await importedSoFar() });
    }

    // Run again: it completes.
    const last = spawnTs('src/cli.ts', ['import', 'cricsheet', folder], env);
    const exit = await Promise.race([last.exited, sleep(90_000).then(() => ({ code: -1, signal: null }))]);
    expect(exit.code, last.output()).toBe(0);
    const summary = SUMMARY.exec(last.output());
    expect(summary, last.output()).not.toBeNull();
    expect(Number(summary![1])).toBe(fileCount);
    expect(Number(summary![5])).toBe(0);
    console.log(
      `[faults] kill -9 during import (${DB_TARGET}, ${fileCount} files, seed ${FAULT_SEED}): ${JSON.stringify(rounds)}; final run: ${summary![0]}`,
    );

    // The database equals the clean import; a further import changes nothing.
    const database = await openTarget();
    try {
      const after = await fingerprint(database.db);
      expect(after.duplicateFixtures).toBe(0);
      expect(after).toEqual(reference);
      const again = await importCricsheetPath(database.db, folder);
      expect(again.counts).toEqual({
        imported: 0,
        updated: 0,
        unchanged: fileCount,
        superseded: 0,
        conflict: 0,
        failed: 0,
      });
      expect(await fingerprint(database.db)).toEqual(reference);
    } finally {
      await database.close();
    }
    expect(rounds.filter((r) => !r.killedAt.startsWith('not killed')).length).toBeGreaterThanOrEqual(ROUNDS - 1);
  }, 240_000);
});
