import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unknownCricsheetFields } from '../../src/cricket/import/cricsheet-format';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import type { PositionOverride } from '../../src/cricket/import/positions';
import { importMatch } from '../../src/cricket/import/write';
import type { Database } from '../../src/db/database';
import { DB_TARGET, freshDatabase } from '../db';
import { killChildren, spawnTs, tempDir } from '../faults/support';
import { AWAY, ball, buildMatch, HAVE_IPL_2024, HOME, IPL_2024_DIR, type MatchSpec } from './builder';
import { derivedBySql, derivedByTypescript, derivedSnapshot, tableDigests } from './helpers';

const NO_OVERRIDES = new Map<string, PositionOverride>();

/** One innings each; H1 hits `sixes` sixes. */
function spec(event: Record<string, unknown>, sixes = 1, over: Partial<MatchSpec> = {}): MatchSpec {
  return {
    event,
    date: '2024-04-10',
    innings: [
      {
        team: HOME,
        overs: [
          [
            ...Array.from({ length: sixes }, () => ball('H1', 'A11', 'H2', 6)),
            ball('H1', 'A11', 'H2', 1),
            ball('H2', 'A11', 'H1', 0, { out: { kind: 'bowled' } }),
          ],
        ],
      },
      { team: AWAY, overs: [[ball('A1', 'H11', 'A2', 4), ball('A1', 'H11', 'A2', 0, { out: { kind: 'lbw' } })]] },
    ],
    outcome: { winner: HOME, by: { runs: 3 } },
    ...over,
  };
}

const folders: string[] = [];
afterAll(() => {
  for (const d of folders) rmSync(d, { recursive: true, force: true });
});

const folder = (files: Record<string, MatchSpec | Record<string, unknown>>) => {
  const dir = mkdtempSync(join(tmpdir(), 'dup-'));
  folders.push(dir);
  for (const [name, s] of Object.entries(files)) {
    writeFileSync(join(dir, name), JSON.stringify('innings' in s && !('info' in s) ? buildMatch(s as MatchSpec) : s));
  }
  return dir;
};

describe(`duplicate Cricsheet files on ${DB_TARGET}`, () => {
  let database: Database;
  /** The folder holding m11.json and, from the second test on, m11-v2.json. */
  let m11Dir = '';
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /** The season's fixtures and H1's season sixes. */
  async function season(name: string) {
    const { db } = database;
    const fixtures = await db
      .selectFrom('fixtures as f')
      .innerJoin('seasons as s', 's.id', 'f.season_id')
      .select(['f.id', 'f.cricsheet_match_id', 'f.status'])
      .where('s.name', '=', name)
      .orderBy('f.id')
      .execute();
    const sixes = await db
      .selectFrom('player_fixture_stats as st')
      .innerJoin('players as p', 'p.id', 'st.player_id')
      .innerJoin('fixtures as f', 'f.id', 'st.fixture_id')
      .innerJoin('seasons as s', 's.id', 'f.season_id')
      .select((eb) => eb.fn.sum<number>('st.sixes').as('n'))
      .where('s.name', '=', name)
      .where('p.cricsheet_id', '=', 'id-H1')
      .executeTakeFirstOrThrow();
    return { fixtures, sixes: Number(sixes.n ?? 0) };
  }

  it('imports a match once when a corrected copy sits beside it in the same run, and reports the conflict', async () => {
    const event = { name: 'Dup League', match_number: 10 };
    const dir = folder({ 'm10.json': spec(event, 1), 'm10-v2.json': spec(event, 2) });
    const report = await importCricsheetPath(database.db, dir, { overrides: NO_OVERRIDES });
    expect(report.counts).toEqual({ imported: 1, unchanged: 0, updated: 0, superseded: 0, conflict: 1, failed: 0 });
    const conflict = report.entries.find((e) => e.status === 'conflict');
    expect(conflict).toMatchObject({ id: 'm10-v2', duplicateOf: 'm10.json' });
    expect(conflict?.reason).toBe(
      'm10-v2.json and m10.json are the same match (Dup League 2024, Match 10, 2024-04-10, Home XI v Away XI): not imported, m10.json holds it; to import m10-v2.json instead, as a correction of that match, run again with --prefer m10-v2.json',
    );
    const s = await season('Dup League 2024');
    expect(s.fixtures).toEqual([{ id: expect.any(Number), cricsheet_match_id: 'm10', status: 'completed' }]);
    expect(s.sixes).toBe(1); // not 3: the season's figures hold the match once
    // The fixture keeps its single-match start time (a match and its duplicate are no double-header).
    const f = await database.db
      .selectFrom('fixtures')
      .select('start_time')
      .where('id', '=', s.fixtures[0]!.id)
      .executeTakeFirstOrThrow();
    expect(f.start_time.toISOString()).toBe('2024-04-10T14:00:00.000Z');

    // The same again: still one conflict, nothing written.
    const before = await tableDigests(database.db);
    const again = await importCricsheetPath(database.db, dir, { overrides: NO_OVERRIDES });
    expect(again.counts).toEqual({ imported: 0, unchanged: 1, updated: 0, superseded: 0, conflict: 1, failed: 0 });
    expect(await tableDigests(database.db)).toEqual(before);
  });

  it('recognises a corrected copy arriving in a later run, alone or beside the original', async () => {
    const { db } = database;
    const event = { name: 'Dup League', match_number: 11 };
    const first = folder({ 'm11.json': spec(event, 1) });
    m11Dir = first;
    expect((await importCricsheetPath(db, first, { overrides: NO_OVERRIDES })).counts.imported).toBe(1);

    const before = await tableDigests(db);
    // The correction alone, in another folder: found through the match's content in the database.
    const alone = folder({ 'm11-v2.json': spec(event, 2) });
    const r1 = await importCricsheetPath(db, alone, { overrides: NO_OVERRIDES });
    expect(r1.counts).toEqual({ imported: 0, unchanged: 0, updated: 0, superseded: 0, conflict: 1, failed: 0 });
    expect(r1.entries[0]).toMatchObject({ id: 'm11-v2', status: 'conflict', duplicateOf: 'm11.json' });
    // Beside the original: the original is unchanged, the copy a conflict.
    writeFileSync(join(first, 'm11-v2.json'), readFileSync(join(alone, 'm11-v2.json')));
    const r2 = await importCricsheetPath(db, first, { overrides: NO_OVERRIDES });
    expect(r2.entries.map((e) => [e.id, e.status])).toEqual([
      ['m11-v2', 'conflict'],
      ['m11', 'unchanged'],
    ]);
    expect(await tableDigests(db)).toEqual(before);
    expect((await season('Dup League 2024')).sixes).toBe(2); // m10 once, m11 once
  });

  it('imports the preferred file as a correction of the match, re-scored like any corrected scorecard', async () => {
    const { db } = database;
    const dir = m11Dir;
    const held = (await season('Dup League 2024')).fixtures.find((f) => f.cricsheet_match_id === 'm11')!;
    const stale = await derivedSnapshot(db);
    const r = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES, prefer: ['m11-v2.json'] });
    expect(r.counts).toEqual({ imported: 0, unchanged: 0, updated: 1, superseded: 1, conflict: 0, failed: 0 });
    expect(r.entries.find((e) => e.id === 'm11-v2')).toMatchObject({
      status: 'updated',
      fixtureId: held.id,
      duplicateOf: 'm11.json',
    });
    expect(r.entries.find((e) => e.id === 'm11')).toMatchObject({ status: 'superseded', duplicateOf: 'm11-v2.json' });
    expect(r.fixtureIds).toContain(held.id);
    const s = await season('Dup League 2024');
    // The same fixture (users' picks stay on it), now holding the correction.
    expect(s.fixtures.find((f) => f.id === held.id)).toMatchObject({ cricsheet_match_id: 'm11-v2' });
    expect(s.fixtures).toHaveLength(2);
    expect(s.sixes).toBe(1 + 2);
    const rescored = await derivedSnapshot(db);
    expect(rescored).not.toEqual(stale);
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));

    // Later runs keep the choice without the option: the original is skipped, nothing is written.
    const before = await tableDigests(db);
    const again = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES });
    expect(again.counts).toEqual({ imported: 0, unchanged: 1, updated: 0, superseded: 1, conflict: 0, failed: 0 });
    expect(again.entries.find((e) => e.id === 'm11')?.reason).toMatch(/m11-v2\.json was chosen \(--prefer\)/);
    expect(await tableDigests(db)).toEqual(before);

    // From scratch: the correction imported on its own scores exactly the same.
    await db.deleteFrom('fixtures').where('id', '=', held.id).execute();
    await db.deleteFrom('cricsheet_imports').where('cricsheet_match_id', '=', 'm11').execute();
    const fresh = await importCricsheetPath(
      db,
      folder({ 'm11-v2.json': spec({ name: 'Dup League', match_number: 11 }, 2) }),
      {
        overrides: NO_OVERRIDES,
      },
    );
    expect(fresh.counts.imported).toBe(1);
    expect(await derivedSnapshot(db)).toEqual(rescored);
  });

  it('imports the preferred file of two new ones, and can switch back to the other later', async () => {
    const { db } = database;
    const event = { name: 'Dup League', match_number: 12 };
    const dir = folder({ 'm12.json': spec(event, 1), 'm12-v2.json': spec(event, 3) });
    const r = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES, prefer: ['m12-v2'] });
    expect(r.entries.map((e) => [e.id, e.status])).toEqual([
      ['m12', 'conflict'],
      ['m12-v2', 'imported'],
    ]);
    expect(r.entries[0]?.duplicateOf).toBe('m12-v2.json');
    const back = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES, prefer: ['m12.json'] });
    expect(back.entries.map((e) => [e.id, e.status])).toEqual([
      ['m12-v2', 'superseded'],
      ['m12', 'updated'],
    ]);
    const fixtures = (await season('Dup League 2024')).fixtures.filter((f) => f.cricsheet_match_id?.startsWith('m12'));
    expect(fixtures.map((f) => f.cricsheet_match_id)).toEqual(['m12']);
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));
  });

  it('reports a match imported twice before duplicates were recognised, naming the fixture to delete', async () => {
    const { db } = database;
    const event = { name: 'Dup League', match_number: 13 };
    // As before migration 0009: both files written as two fixtures, no keys recorded.
    const dir = folder({ 'm13.json': spec(event, 1), 'm13-v2.json': spec(event, 2) });
    const ids: number[] = [];
    for (const name of ['m13.json', 'm13-v2.json']) {
      const json = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      ids.push(
        (await importMatch(db, parseCricsheetMatch(json, join(dir, name)), { overrides: NO_OVERRIDES })).fixtureId,
      );
    }
    await db
      .updateTable('cricsheet_imports')
      .set({ match_key: null })
      .where('cricsheet_match_id', 'like', 'm13%')
      .execute();
    expect(ids[0]).not.toBe(ids[1]);
    const r = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES });
    expect(r.entries.map((e) => [e.id, e.status])).toEqual([
      ['m13-v2', 'conflict'],
      ['m13', 'unchanged'],
    ]);
    expect(r.entries[0]?.reason).toMatch(
      new RegExp(`it was imported before duplicates were recognised, as fixture ${ids[1]}: delete that fixture`),
    );
    // Preferring it cannot move it onto the other fixture: still a conflict, nothing written.
    const before = await tableDigests(db);
    const preferred = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES, prefer: ['m13-v2.json'] });
    expect(preferred.entries.map((e) => [e.id, e.status])).toEqual([
      ['m13-v2', 'conflict'],
      ['m13', 'unchanged'],
    ]);
    expect(await tableDigests(db)).toEqual(before);
    // Deleting it (and its import record goes with it) leaves the match once.
    await db.deleteFrom('fixtures').where('id', '=', ids[1]!).execute();
    const after = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES });
    expect(after.entries.map((e) => [e.id, e.status])).toEqual([
      ['m13-v2', 'conflict'],
      ['m13', 'unchanged'],
    ]);
    expect(after.entries[0]?.reason).not.toMatch(/imported before/);
  });

  it('still makes a replay (another date) the fixture of its washed-out attempt; a copy of the attempt is a conflict', async () => {
    const { db } = database;
    const event = { name: 'Dup Replay Cup', match_number: 4 };
    const washedOut = spec(event, 1, { date: '2024-05-01', outcome: { result: 'no result' } });
    const dir = folder({ 'rp1.json': washedOut, 'rp2.json': spec(event, 2, { date: '2024-05-02' }) });
    const r = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES });
    expect(r.counts).toEqual({ imported: 2, unchanged: 0, updated: 0, superseded: 0, conflict: 0, failed: 0 });
    expect(r.entries[0]!.fixtureId).toBe(r.entries[1]!.fixtureId);
    expect((await season('Dup Replay Cup 2024')).fixtures).toEqual([
      { id: r.entries[0]!.fixtureId, cricsheet_match_id: 'rp2', status: 'completed' },
    ]);

    // A corrected file of the washed-out attempt (same date): a conflict; chosen, it replaces the
    // attempt's record and the played replay keeps the fixture.
    writeFileSync(join(dir, 'rp1-v2.json'), JSON.stringify(buildMatch({ ...washedOut, playerOfMatch: ['A1'] })));
    const c = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES });
    expect(c.entries.map((e) => [e.id, e.status])).toEqual([
      ['rp1-v2', 'conflict'],
      ['rp1', 'unchanged'],
      ['rp2', 'unchanged'],
    ]);
    const p = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES, prefer: ['rp1-v2.json'] });
    expect(p.entries.map((e) => [e.id, e.status])).toEqual([
      ['rp1', 'superseded'],
      ['rp1-v2', 'updated'],
      ['rp2', 'unchanged'],
    ]);
    expect((await season('Dup Replay Cup 2024')).fixtures).toEqual([
      { id: r.entries[0]!.fixtureId, cricsheet_match_id: 'rp2', status: 'completed' },
    ]);
    const imports = await db
      .selectFrom('cricsheet_imports')
      .select(['cricsheet_match_id', 'fixture_id', 'superseded_by'])
      .where('cricsheet_match_id', 'like', 'rp%')
      .orderBy('cricsheet_match_id')
      .execute();
    const id = r.entries[0]!.fixtureId;
    expect(imports).toEqual([
      { cricsheet_match_id: 'rp1', fixture_id: id, superseded_by: 'rp1-v2' },
      { cricsheet_match_id: 'rp1-v2', fixture_id: id, superseded_by: null },
      { cricsheet_match_id: 'rp2', fixture_id: id, superseded_by: null },
    ]);
  });
});

describe(`unknown Cricsheet fields on ${DB_TARGET}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('accepts fields the format does not have and lists each once, with its file count and first file', async () => {
    const withExtras = (n: number, extras: boolean) => {
      const m = buildMatch(spec({ name: 'Field League', match_number: n })) as {
        info: Record<string, unknown>;
        innings: { overs: { deliveries: Record<string, unknown>[] }[] }[];
      };
      if (extras) {
        m.info.broadcast = { channel: 'x' };
        m.innings[0]!.overs[0]!.deliveries[0]!.ball_speed = 141.2;
        m.innings[1]!.overs[0]!.deliveries[1]!.ball_speed = 133;
      }
      return m;
    };
    const dir = folder({
      'f1.json': withExtras(1, false),
      'f2.json': withExtras(2, true),
      'f3.json': withExtras(3, true),
    });
    const report = await importCricsheetPath(database.db, dir, { overrides: NO_OVERRIDES });
    expect(report.counts.imported).toBe(3);
    expect(report.unknownFields).toEqual([
      { path: 'info.broadcast', files: 2, firstSource: join(dir, 'f2.json') },
      { path: 'innings[].overs[].deliveries[].ball_speed', files: 2, firstSource: join(dir, 'f2.json') },
    ]);
    // Known fields we do not read (gender, match_type, overs, team_type, officials...) are not listed.
    expect(unknownCricsheetFields(withExtras(1, false))).toEqual([]);
    // Unchanged files are still checked: the format change shows on every run.
    const again = await importCricsheetPath(database.db, dir, { overrides: NO_OVERRIDES });
    expect(again.counts.unchanged).toBe(3);
    expect(again.unknownFields.map((u) => u.path)).toEqual([
      'info.broadcast',
      'innings[].overs[].deliveries[].ball_speed',
    ]);
  });

  it.skipIf(!HAVE_IPL_2024)('finds no unknown field in the IPL 2024 files', () => {
    const files = readdirSync(IPL_2024_DIR).filter((f) => f.endsWith('.json'));
    expect(files.length).toBe(71);
    for (const f of files)
      expect(unknownCricsheetFields(JSON.parse(readFileSync(join(IPL_2024_DIR, f), 'utf8')))).toEqual([]);
  });
});

describe.runIf(DB_TARGET === 'pglite')('cli import cricsheet: conflicts, --prefer and unknown fields', () => {
  const data = tempDir('fc-dup-cli-');
  afterAll(async () => {
    await killChildren();
    data.remove();
  });
  const cli = async (...args: string[]) => {
    const child = spawnTs('src/cli.ts', args, { DATA_DIR: data.path, DATABASE_URL: '' });
    const { code } = await child.exited;
    return { code, output: child.output() };
  };

  it('prints the conflict naming both files and exits 1; --prefer imports the correction; unknown fields are listed', async () => {
    const event = { name: 'Cli League', match_number: 1 };
    const corrected = buildMatch(spec(event, 2)) as { info: Record<string, unknown> };
    corrected.info.broadcaster = 'x';
    const dir = folder({ 'c1.json': spec(event, 1), 'c1-v2.json': corrected });
    const first = await cli('import', 'cricsheet', dir);
    expect(first.code, first.output).toBe(1);
    expect(first.output).toContain(
      'conflict  c1-v2: c1-v2.json and c1.json are the same match (Cli League 2024, Match 1, 2024-04-10, Home XI v Away XI): not imported',
    );
    expect(first.output).toContain('imported  c1 -> fixture 1');
    expect(first.output).toMatch(/^2 files: 1 imported, 0 updated, 0 unchanged, 0 failed, 1 conflicts, 0 superseded;/m);
    expect(first.output).toContain('unknown field info.broadcaster (accepted, not read) in 1 file, first c1-v2.json');

    const chosen = await cli('import', 'cricsheet', dir, '--prefer', 'c1-v2.json');
    expect(chosen.code, chosen.output).toBe(0);
    expect(chosen.output).toContain('superseded c1: c1.json and c1-v2.json are the same match');
    expect(chosen.output).toContain(
      'updated   c1-v2 -> fixture 1: chosen (--prefer) over c1.json, the same match: imported as its correction',
    );
    const again = await cli('import', 'cricsheet', dir);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/^2 files: 0 imported, 0 updated, 1 unchanged, 0 failed, 0 conflicts, 1 superseded;/m);
  }, 120_000);
});
