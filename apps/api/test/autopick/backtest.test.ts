import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/autopick/backtest';
import { type Prediction, predictFixture } from '../../src/autopick/model';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import type { Database } from '../../src/db/database';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { DB_TARGET, freshDatabase } from '../db';

/** The back-test on the whole of IPL 2024 (71 Cricsheet files), and the model's honesty about time. */
describe.skipIf(!HAVE_IPL_2024)(`auto-pick back-test on IPL 2024 (${DB_TARGET})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
    await importCricsheetPath(database.db, IPL_2024_DIR);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('beats random picks on average and never beats the best possible picks', async () => {
    const r = await runBacktest(database.db, { randomDraws: 100 });
    expect(r.fixtures.length).toBeGreaterThanOrEqual(70);
    expect(r.average.model.mp).toBeGreaterThan(r.average.random.mp);
    expect(r.average.model.ps).toBeGreaterThan(r.average.random.ps);
    // A clear margin, not noise: Player Selection by at least 25%.
    expect(r.average.model.ps).toBeGreaterThan(1.25 * r.average.random.ps);
    for (const f of r.fixtures) {
      expect(f.model.mp, f.name).toBeLessThanOrEqual(f.oracle.mp);
      expect(f.model.ps, f.name).toBeLessThanOrEqual(f.oracle.ps);
      expect(f.random.mp, f.name).toBeLessThanOrEqual(f.oracle.mp);
      expect(f.random.ps, f.name).toBeLessThanOrEqual(f.oracle.ps);
    }
  }, 120_000);

  it('picks for a match are the same whether or not later matches are in the database', async () => {
    const fixtures = await database.db
      .selectFrom('fixtures')
      .select(['id', 'start_time'])
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    const target = fixtures[35]!;
    const snapshot = (p: Prediction) => ({
      mp: [...p.mp.entries()],
      ranked: [...p.ranked.entries()],
      players: p.players,
      localWinChance: p.localWinChance,
    });
    const withFuture = snapshot(await predictFixture(database.db, target.id));
    // Drop every later match (results, stat lines and derived rows go with them).
    const later = fixtures.filter((f) => new Date(f.start_time) > new Date(target.start_time)).map((f) => f.id);
    expect(later.length).toBeGreaterThan(30);
    await database.db.deleteFrom('fixtures').where('id', 'in', later).execute();
    const withoutFuture = snapshot(await predictFixture(database.db, target.id));
    expect(withoutFuture).toEqual(withFuture);
  }, 60_000);
});
