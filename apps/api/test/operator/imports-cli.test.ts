import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { DB_TARGET } from '../db';
import { killChildren, spawnTs, tempDir } from '../faults/support';
import { IPL_DIR, MATCHES } from './imports-setup';

/** The CLI's imports are in the import history too, started by `cli (<os user>)` (issue 18). */

describe.runIf(DB_TARGET === 'pglite')('cli imports recorded in the import history', () => {
  const data = tempDir('fc-imports-cli-');
  afterAll(async () => {
    await killChildren();
    data.remove();
  });
  const cli = async (...args: string[]) => {
    const child = spawnTs('src/cli.ts', args, { DATA_DIR: data.path, DATABASE_URL: '', USER: 'ravi' });
    const { code } = await child.exited;
    return { code, output: child.output() };
  };

  it('records schedule, squads, cricsheet and results runs, and a run that failed', async () => {
    const schedule = join(data.path, 'schedule.csv');
    writeFileSync(
      schedule,
      'season,match_number,start_time,home,away\nIPL 2024,1,2024-03-22 14:30:00,Chennai Super Kings,Royal Challengers Bengaluru\n',
    );
    const squads = join(data.path, 'squads.csv');
    writeFileSync(
      squads,
      'season,team,team_code,player,cricsheet_id,position\nIPL 2024,Chennai Super Kings,CSK,MS Dhoni,4a8a2e3b,Wicketkeeper\n',
    );
    const results = join(data.path, 'results.json');
    writeFileSync(results, JSON.stringify({ season: 'IPL 2024', results: [{ matchNumber: 1, status: 'abandoned' }] }));
    const broken = join(data.path, 'broken.csv');
    writeFileSync(
      broken,
      'season,team,team_code,player,cricsheet_id,position\nIPL 2024,CSK,CSK,Nobody,x1,Goalkeeper\n',
    );

    const runs = [
      await cli('import', 'schedule', schedule),
      await cli('import', 'squads', squads),
      await cli('import', 'results', results),
      await cli('import', 'cricsheet', join(IPL_DIR, `${MATCHES[0]}.json`)),
      await cli('import', 'squads', broken),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 1]);
    expect(runs[1]!.output).toContain('1 squad players written');

    const database = await openDatabase({ pgliteDir: join(data.path, 'pglite') });
    try {
      const rows = await database.db.selectFrom('import_runs').selectAll().orderBy('id').execute();
      expect(rows.map((r) => [r.kind, r.trigger, r.outcome, r.started_by_label])).toEqual([
        ['schedule', 'cli', 'succeeded', 'cli (ravi)'],
        ['squads', 'cli', 'succeeded', 'cli (ravi)'],
        ['results', 'cli', 'succeeded', 'cli (ravi)'],
        ['cricsheet', 'cli', 'succeeded', 'cli (ravi)'],
        ['squads', 'cli', 'failed', 'cli (ravi)'],
      ]);
      expect(rows[4]!.message).toMatch(/unknown position "Goalkeeper"/);
      const lines = await database.db
        .selectFrom('import_run_lines')
        .select(['run_id', 'key', 'status'])
        .orderBy('run_id')
        .orderBy('line_no')
        .execute();
      expect(lines.map((l) => `${l.key}: ${l.status}`)).toEqual([
        'IPL 2024 Match 1: created',
        'CSK: MS Dhoni: new',
        'IPL 2024 Match 1: updated',
        `${MATCHES[0]}.json: imported`,
      ]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
