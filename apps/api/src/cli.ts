import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { registerResultSubscribers } from './app';
import { formatBacktest, runBacktest } from './autopick/backtest';
import { backupPglite, restorePglite } from './backup/pglite';
import { loadConfig, REPO_ROOT } from './config';
import { type ImportReportEntry, importCricsheetPath } from './cricket/import/folder';
import { applyPositions } from './cricket/import/positions';
import { importResults, readResultsFile } from './cricket/import/results';
import type { RowReport } from './cricket/import/rows';
import { importSchedule, readScheduleFile } from './cricket/import/schedule';
import { importSquads, readSquadsFile } from './cricket/import/squads';
import { fixturesOfPlayers } from './cricket/import/players';
import { playerStats } from './cricket/stats';
import { type Database, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { loadDemoSeason } from './demo/season';
import { replayMatch } from './live/runner';
import { operatorCommand } from './operator/cli';
import { linesOfRows, withCliRun } from './operator/cli-runs';
import { lineOfEntry } from './operator/cricsheet-files';
import { recordResults } from './results/pipeline';

const USAGE = `Usage: pnpm --filter @fantasy-cricket/api cli <command>

  import cricsheet <file-or-folder> [--prefer <file>]...
                                      Import Cricsheet JSON matches (idempotent); a file that is the same
                                      match as another is a conflict unless --prefer names the one to keep
  import schedule <file.json|csv>     Create or update scheduled fixtures
  import results <file.json>          Set results of existing fixtures (e.g. washed out)
  import squads <file.json|csv>       Add players to season squads with fixed positions
  demo-season [--now <ISO time>]      Create the demo season / play its started fixtures
  positions                           Re-infer player positions and re-score what changed
  seasons                             List seasons
  season activate|deactivate <name>   Show or hide a season on the home page and in leagues (audited)
  operators                           List the site operators (who may use the operator console)
  operator grant <email>              Make the account with this email an operator (audited)
  operator revoke <email>             Take the operator role away (audited; never the last operator)
  stats                               Print the home-page player statistics
  live replay <fixtureId> <file.json> [--minutes <n>]
                                      Play a Cricsheet match into a fixture ball by ball as a live feed
                                      (default real time; --minutes 20 plays it in 20 minutes, 0 at once),
                                      then import it as the final result (docs/data.md, "Live data")
  backtest-autopick [<folder>] [--split <fraction|n>]
                                      Replay a Cricsheet season (default: IPL 2024) in a fresh in-memory
                                      database and compare the auto-pick model with random, naive "form so
                                      far" and best picks; --split 0.5 (or 35) scores only the fixtures
                                      after the first half (or the first 35), which serve as history
  backup <file>                       Back up the embedded database to <file> (a .tar.gz); stop the server first
  restore <file>                      Replace the embedded database with a backup (the old folder is kept
                                      as pglite.before-restore-<time>); stop the server first

The database is PostgreSQL when DATABASE_URL is set, else PGlite in \${DATA_DIR:-.data}/pglite.
Migrations run first (not for backup and restore). For PostgreSQL, back up with pg_dump (docs/data.md).`;

const PG_BACKUP_HINT = `DATABASE_URL is set: back up and restore PostgreSQL with its own tools, e.g.
  pg_dump --format=custom --file=fantasy.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" fantasy.dump
(see docs/data.md). \`cli backup\` and \`cli restore\` are for the embedded database.`;

/** backup/restore of the embedded database: the folder is opened by these commands alone. */
async function backupCommand(cmd: 'backup' | 'restore', fileArg: string | undefined): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(PG_BACKUP_HINT);
    return 1;
  }
  if (!fileArg) {
    console.error(USAGE);
    return 1;
  }
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
  const dir = join(config.dataDir, 'pglite');
  if (cmd === 'backup') {
    const r = await backupPglite(dir, file);
    const rows = Object.values(r.tables).reduce((a, b) => a + b, 0);
    console.log(
      `backed up ${dir} to ${r.file}: ${r.bytes} bytes, ${Object.keys(r.tables).length} tables, ${rows} rows`,
    );
  } else {
    const r = await restorePglite(dir, file);
    const rows = Object.values(r.tables).reduce((a, b) => a + b, 0);
    console.log(`restored ${file} into ${dir}: ${Object.keys(r.tables).length} tables, ${rows} rows`);
    if (r.previous)
      console.log(`the database it replaced is kept in ${r.previous} (delete it when you no longer need it)`);
  }
  return 0;
}

async function open(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: join(config.dataDir, 'pglite') },
  );
  await migrateToLatest(database.db);
  return database;
}

function printRows(reports: RowReport[]): number {
  for (const r of reports) {
    console.log(
      `${r.status.padEnd(9)} ${r.key}${r.fixtureId ? ` (fixture ${r.fixtureId})` : ''}${r.reason ? `: ${r.reason}` : ''}`,
    );
  }
  const failed = reports.filter((r) => r.status === 'failed').length;
  console.log(`${reports.length} rows, ${failed} failed`);
  return failed ? 1 : 0;
}

function printEntry(e: ImportReportEntry): void {
  const where = e.fixtureId ? ` -> fixture ${e.fixtureId}` : '';
  console.log(`${e.status.padEnd(9)} ${e.id}${where}${e.reason ? `: ${e.reason}` : ''}`);
}

/** The back-test runs in its own in-memory database, never in the app's. */
async function backtestCommand(args: string[]): Promise<number> {
  const at = args.indexOf('--split');
  const split = at >= 0 ? Number(args[at + 1]) : undefined;
  if (at >= 0 && (args[at + 1] === undefined || Number.isNaN(split))) throw new Error('--split: expected a number');
  const folderArg = args.find((_, i) => at < 0 || (i !== at && i !== at + 1));
  const folder = folderArg
    ? resolve(process.env.INIT_CWD ?? process.cwd(), folderArg)
    : resolve(process.env.CRICSHEET_DIR ?? resolve(REPO_ROOT, '..', 'shared', 'cricsheet'), 'ipl-2024');
  const database = await openDatabase({});
  try {
    await migrateToLatest(database.db);
    const report = await importCricsheetPath(database.db, folder);
    console.log(`${report.entries.length} Cricsheet files imported from ${folder}`);
    const started = Date.now();
    const result = await runBacktest(database.db, { split });
    console.log(formatBacktest(result));
    console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return 0;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  // What follows a result (re-scoring, result emails, standings points): the app's subscribers.
  registerResultSubscribers();
  const [cmd, sub, arg] = argv;
  if (!cmd || cmd === 'help' || cmd === '--help') {
    console.log(USAGE);
    return cmd ? 0 : 1;
  }
  if (cmd === 'backtest-autopick') return backtestCommand(argv.slice(1));
  if (cmd === 'backup' || cmd === 'restore') return backupCommand(cmd, sub);
  const database = await open();
  const { db } = database;
  try {
    if (cmd === 'import' && sub && arg) {
      const path = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
      if (sub === 'cricsheet') {
        const prefer = argv.flatMap((a, i) => (i > 2 && argv[i - 1] === '--prefer' ? [a] : []));
        const report = await withCliRun(db, 'cricsheet', path, async () => {
          const r = await importCricsheetPath(db, path, { onEntry: printEntry, prefer });
          return { value: r, result: { lines: r.entries.map(lineOfEntry), rescoredFixtureIds: r.fixtureIds } };
        });
        const c = report.counts;
        console.log(
          `${report.entries.length} files: ${c.imported} imported, ${c.updated} updated, ${c.unchanged} unchanged, ${c.failed} failed, ${c.conflict} conflicts, ${c.superseded} superseded; ${report.positionsChanged} player positions changed`,
        );
        for (const u of report.unknownFields) {
          console.log(
            `unknown field ${u.path} (accepted, not read) in ${u.files} file${u.files === 1 ? '' : 's'}, first ${basename(u.firstSource)}`,
          );
        }
        return c.failed || c.conflict ? 1 : 0;
      }
      if (sub === 'schedule' || sub === 'results') {
        const rows = await withCliRun(db, sub === 'schedule' ? 'schedule' : 'results', path, async () => {
          const r =
            sub === 'schedule'
              ? await importSchedule(db, readScheduleFile(path))
              : await importResults(db, readResultsFile(path));
          return {
            value: r,
            result: {
              lines: linesOfRows(r),
              ...(sub === 'results'
                ? { rescoredFixtureIds: r.flatMap((l) => (l.status === 'updated' && l.fixtureId ? [l.fixtureId] : [])) }
                : {}),
            },
          };
        });
        return printRows(rows);
      }
      if (sub === 'squads') {
        const r = await withCliRun(db, 'squads', path, async () => {
          const done = await importSquads(db, readSquadsFile(path));
          return {
            value: done,
            result: {
              lines: done.lines.map((l) => ({
                key: l.key,
                status: l.status,
                reason: l.reason ?? null,
                ...(l.before ? { before: l.before } : {}),
                ...(l.after ? { after: l.after } : {}),
              })),
            },
          };
        });
        console.log(`${r.players} squad players written`);
        return 0;
      }
    }
    if (cmd === 'demo-season') {
      const nowArg = sub === '--now' ? arg : undefined;
      const now = nowArg ? new Date(nowArg) : new Date();
      if (Number.isNaN(now.getTime())) throw new Error(`--now: not a date: ${nowArg}`);
      const r = await loadDemoSeason(db, { now });
      console.log(
        `${r.seasonName} (season ${r.seasonId}): ${r.created ? 'created, ' : ''}${r.played} played now, ${r.completed} completed, ${r.scheduled} scheduled`,
      );
      return 0;
    }
    if (cmd === 'positions') {
      const moved = await recordResults(db, 'positions', async (trx) => {
        const ids = await applyPositions(trx);
        return { value: ids.length, fixtureIds: await fixturesOfPlayers(trx, ids) };
      });
      console.log(`${moved} player positions changed`);
      return 0;
    }
    if (cmd === 'seasons') {
      const rows = await db.selectFrom('seasons').selectAll().orderBy('id').execute();
      for (const s of rows) console.log(`${s.id}\t${s.is_active ? 'active  ' : 'inactive'}\t${s.source}\t${s.name}`);
      return 0;
    }
    const operatorExit = await operatorCommand(db, argv);
    if (operatorExit !== undefined) return operatorExit;
    if (cmd === 'live' && sub === 'replay' && arg && argv[3]) {
      const fixtureId = Number(arg);
      if (!Number.isInteger(fixtureId) || fixtureId < 1) throw new Error(`live replay: not a fixture id: ${arg}`);
      const file = resolve(process.env.INIT_CWD ?? process.cwd(), argv[3]);
      const minutesArg = argv.find((_, i) => argv[i - 1] === '--minutes');
      const minutes = minutesArg === undefined ? undefined : Number(minutesArg);
      if (minutes !== undefined && !(minutes >= 0)) throw new Error(`--minutes: not a number: ${minutesArg}`);
      const pace =
        minutes === undefined ? {} : minutes === 0 ? { ballIntervalMs: 0 } : { durationMs: minutes * 60_000 };
      const outcome = await replayMatch(
        db,
        fixtureId,
        JSON.parse(readFileSync(file, 'utf8')),
        basename(file).replace(/\.json$/i, ''),
        {
          ...pace,
          log: { warn: (...a: unknown[]) => console.warn(...a), info: (...a: unknown[]) => console.log(...a) },
        },
      );
      console.log(`fixture ${fixtureId}: ${outcome}`);
      return outcome === 'completed' ? 0 : 1;
    }
    if (cmd === 'stats') {
      console.log(JSON.stringify(await playerStats(db), null, 2));
      return 0;
    }
    console.error(USAGE);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  },
);
