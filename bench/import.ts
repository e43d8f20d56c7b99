import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importCricsheetPath } from '../apps/api/src/cricket/import/folder';
import { freshBenchDb, type Target, withDb } from './lib/db';
import { IPL_DIR, QUICK } from './lib/env';
import { type BenchReport, fmt, log, median, type TargetCheck, timed } from './lib/report';

/**
 * 4. Import of the 71 IPL 2024 Cricsheet files (`importCricsheetPath`, as `cli import cricsheet` runs
 * it) into a fresh, migrated database, on PostgreSQL and on PGlite (on disk, as `npm start` uses it).
 * Baseline: reading and JSON-parsing the same files, in the same process.
 */

const ROUNDS = QUICK ? 1 : 3;

function readAndParse(): number {
  let n = 0;
  for (const f of readdirSync(IPL_DIR).filter((x) => x.endsWith('.json'))) {
    JSON.parse(readFileSync(join(IPL_DIR, f), 'utf8'));
    n += 1;
  }
  return n;
}

async function importOnce(target: Target): Promise<{ ms: number; files: number }> {
  const bench = await freshBenchDb(target, 'import');
  return withDb(bench, async ({ db }) => {
    const { ms, value } = await timed(() => importCricsheetPath(db, IPL_DIR));
    if (value.counts.failed > 0) throw new Error(`${value.counts.failed} files failed to import`);
    return { ms, files: value.entries.length };
  });
}

export async function importBench(): Promise<BenchReport> {
  const baseline: number[] = [];
  let files = 0;
  readAndParse(); // warm the page cache
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    files = readAndParse();
    baseline.push(performance.now() - t0);
  }
  const base = median(baseline);
  const runs: { target: Target; ms: number[]; files: number }[] = [];
  for (const target of ['postgres', 'pglite'] as const) {
    const ms: number[] = [];
    let imported = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const r = await importOnce(target);
      ms.push(r.ms);
      imported = r.files;
      log(`import/${target}: ${r.files} files in ${fmt.ms(r.ms)} ms`);
    }
    runs.push({ target, ms, files: imported });
  }
  const targets: TargetCheck[] = runs.map((r) => {
    const ratio = median(r.ms) / base;
    return {
      name: `import ${r.target}: ${r.files} IPL 2024 files vs read + JSON.parse`,
      target: '≤ 20×',
      measured: `${fmt.x(ratio)} (${fmt.ms(median(r.ms))} vs ${fmt.ms(base)} ms)`,
      met: ratio <= 20,
    };
  });
  return {
    name: 'import',
    title: `4. Import of the ${files} IPL 2024 Cricsheet files (median of ${ROUNDS}; baseline median of 5)`,
    tables: [
      {
        title: 'import: fresh database each round',
        columns: ['db', 'files', 'import ms', 'per file ms', 'read + parse ms', 'ratio'],
        rows: runs.map((r) => [
          r.target,
          r.files,
          fmt.ms(median(r.ms)),
          fmt.ms(median(r.ms) / Math.max(r.files, 1)),
          fmt.ms(base),
          fmt.x(median(r.ms) / base),
        ]),
        notes: [
          'import = importCricsheetPath: parse, 24 matches per transaction, each re-scored once per batch, positions per batch, ANALYZE on PGlite.',
        ],
      },
    ],
    targets,
    data: { baselineMs: baseline, runs },
  };
}
