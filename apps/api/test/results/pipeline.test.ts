import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import {
  type ResultChange,
  type ResultFailure,
  type ResultPhase,
  ResultSubscriberError,
  ResultsPipeline,
} from '../../src/results/pipeline';
import { DB_TARGET, freshDatabase } from '../db';

/**
 * The pipeline itself (src/results/pipeline.ts), on an instance of its own and a probe table: the
 * order of the phases and subscribers, records inside a transaction, and what a failing subscriber
 * leaves behind. The entry points of the product through the app's pipeline: ./entry-points.test.ts.
 */

interface Call {
  name: string;
  phase: ResultPhase;
  source: string;
  fixtureIds: number[];
  /** What the subscriber saw of the probe table (what its transaction holds). */
  seen: string[];
}

let database: Database;
let db: Kysely<DB>;

const probe = async (on: Kysely<DB> = db): Promise<string[]> =>
  (await sql<{ label: string }>`SELECT label FROM pipeline_probe ORDER BY id`.execute(on)).rows.map((r) => r.label);
const write = (on: Kysely<DB>, label: string) => sql`INSERT INTO pipeline_probe (label) VALUES (${label})`.execute(on);

/** A pipeline whose subscribers log their calls and each write a probe row (`<name>:<fixtures>`). */
function pipeline(calls: Call[], failing: Partial<Record<string, Error>> = {}) {
  const failures: ResultFailure[] = [];
  const subscriber = (name: string, phase: ResultPhase) => ({
    name,
    phase,
    async run(on: Kysely<DB>, change: ResultChange) {
      calls.push({ name, phase, source: change.source, fixtureIds: [...change.fixtureIds], seen: await probe(on) });
      await write(on, `${name}:${change.fixtureIds.join(',')}`);
      const fail = failing[name];
      if (fail) throw fail;
    },
  });
  const p = new ResultsPipeline()
    .use(subscriber('derived', 'transaction'), subscriber('points', 'committed'))
    .use(subscriber('versions', 'transaction'), subscriber('statistics', 'committed'))
    .reportTo((f) => failures.push(f));
  return { p, failures };
}

describe(`the results pipeline on ${DB_TARGET}`, () => {
  beforeAll(async () => {
    database = await freshDatabase();
    db = database.db;
    await sql`CREATE TABLE pipeline_probe (id serial PRIMARY KEY, label text NOT NULL)`.execute(db);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await sql`TRUNCATE pipeline_probe`.execute(db);
  });

  it('runs the transaction subscribers in the writer’s transaction, in order, then the committed ones once it committed', async () => {
    const calls: Call[] = [];
    const { p } = pipeline(calls);
    const value = await p.record(db, 'import', async (trx) => {
      await write(trx, 'result');
      return { value: 'written', fixtureIds: [7, 3, 7] };
    });
    expect(value).toBe('written');
    expect(calls.map((c) => [c.name, c.phase, c.source, c.fixtureIds])).toEqual([
      ['derived', 'transaction', 'import', [3, 7]],
      ['versions', 'transaction', 'import', [3, 7]],
      ['points', 'committed', 'import', [3, 7]],
      ['statistics', 'committed', 'import', [3, 7]],
    ]);
    // The first saw the result in its transaction; the committed ones saw everything committed.
    expect(calls[0]!.seen).toEqual(['result']);
    expect(calls[2]!.seen).toEqual(['result', 'derived:3,7', 'versions:3,7']);
    expect(await probe()).toEqual(['result', 'derived:3,7', 'versions:3,7', 'points:3,7', 'statistics:3,7']);
  });

  it('runs nothing for a writer that changed no result', async () => {
    const calls: Call[] = [];
    const { p } = pipeline(calls);
    expect(await p.record(db, 'import', async () => ({ value: 1, fixtureIds: [] }))).toBe(1);
    expect(calls).toEqual([]);
  });

  it('inside a recorded transaction: each record runs the transaction subscribers, the committed ones run once for all', async () => {
    const calls: Call[] = [];
    const { p } = pipeline(calls);
    await p.record(db, 'import', async (trx) => {
      await p.record(trx, 'import', async () => ({ value: undefined, fixtureIds: [1, 2] }));
      await p.record(trx, 'positions', async () => ({ value: undefined, fixtureIds: [2, 5] }));
      return { value: undefined, fixtureIds: [] };
    });
    expect(calls.map((c) => [c.name, c.source, c.fixtureIds])).toEqual([
      ['derived', 'import', [1, 2]],
      ['versions', 'import', [1, 2]],
      ['derived', 'positions', [2, 5]],
      ['versions', 'positions', [2, 5]],
      ['points', 'import', [1, 2, 5]],
      ['statistics', 'import', [1, 2, 5]],
    ]);
  });

  it('inside a transaction opened otherwise: the committed subscribers wait for settle', async () => {
    const calls: Call[] = [];
    const { p } = pipeline(calls);
    await db.transaction().execute(async (trx) => {
      await p.record(trx, 'import', async () => ({ value: undefined, fixtureIds: [4] }));
    });
    expect(calls.map((c) => c.name)).toEqual(['derived', 'versions']);
    await p.settle(db, { source: 'live', fixtureIds: [4] });
    expect(calls.map((c) => [c.name, c.source])).toEqual([
      ['derived', 'import'],
      ['versions', 'import'],
      ['points', 'live'],
      ['statistics', 'live'],
    ]);
  });

  it('a transaction subscriber failing rolls back the result and what the others wrote, is reported and thrown', async () => {
    const calls: Call[] = [];
    const broken = new Error('disk full');
    const { p, failures } = pipeline(calls, { versions: broken });
    const recorded = p.record(db, 'correction', async (trx) => {
      await write(trx, 'result');
      return { value: undefined, fixtureIds: [9] };
    });
    await expect(recorded).rejects.toThrow(ResultSubscriberError);
    await expect(recorded).rejects.toThrow('versions failed for fixture 9, nothing stored: disk full');
    expect(calls.map((c) => c.name)).toEqual(['derived', 'versions']);
    expect(await probe()).toEqual([]);
    expect(failures).toEqual([
      {
        subscriber: 'versions',
        phase: 'transaction',
        change: { source: 'correction', fixtureIds: [9] },
        error: broken,
      },
    ]);
  });

  it('a committed subscriber failing is reported, the result stands and the later subscribers still run', async () => {
    const calls: Call[] = [];
    const broken = new Error('lock timeout');
    const { p, failures } = pipeline(calls, { points: broken });
    const warnings: string[] = [];
    await p.record(
      db,
      'import',
      async (trx) => {
        await write(trx, 'result');
        return { value: undefined, fixtureIds: [2] };
      },
      { onWarning: (message, err) => warnings.push(`${message}: ${(err as Error).message}`) },
    );
    expect(calls.map((c) => c.name)).toEqual(['derived', 'versions', 'points', 'statistics']);
    expect(await probe()).toContain('result');
    expect(await probe()).toContain('statistics:2');
    expect(failures.map((f) => [f.subscriber, f.phase])).toEqual([['points', 'committed']]);
    expect(warnings).toEqual(['points not brought up to date after the result: lock timeout']);
  });

  it('registering a subscriber again replaces it in its place; an empty pipeline refuses a result', async () => {
    const calls: Call[] = [];
    const { p } = pipeline(calls);
    p.use({
      name: 'derived',
      phase: 'transaction',
      run: async () =>
        calls.push({ name: 'derived again', phase: 'transaction', source: '', fixtureIds: [], seen: [] }),
    });
    expect(p.registered.map((s) => s.name)).toEqual(['derived', 'points', 'versions', 'statistics']);
    await p.record(db, 'import', async () => ({ value: undefined, fixtureIds: [1] }));
    expect(calls.map((c) => c.name)).toEqual(['derived again', 'versions', 'points', 'statistics']);
    await expect(
      new ResultsPipeline().record(db, 'import', async () => ({ value: 1, fixtureIds: [1] })),
    ).rejects.toThrow('no result subscribers registered');
  });
});
