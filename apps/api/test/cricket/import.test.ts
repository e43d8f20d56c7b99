import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEATURE_ALLOWED_POSITIONS } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_OPTIONS, FEATURES, MP, POSITION, POSITIONS, PS } from '../../src/cricket/catalogue';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import { applyPositions, inferPosition, type PositionOverride } from '../../src/cricket/import/positions';
import { importResults } from '../../src/cricket/import/results';
import { csvRows, parseUtc } from '../../src/cricket/import/rows';
import { importSchedule, scheduleRowFromRecord } from '../../src/cricket/import/schedule';
import { importSquads } from '../../src/cricket/import/squads';
import { fixturesOfPlayers } from '../../src/cricket/import/players';
import { importMatch } from '../../src/cricket/import/write';
import type { Database } from '../../src/db/database';
import { recordResults } from '../../src/results/pipeline';
import { DB_TARGET, freshDatabase } from '../db';
import { AWAY, ball, buildMatch, dotOver, HOME, type MatchSpec } from './builder';
import { derivedBySql, derivedByTypescript, derivedSnapshot, playerPointsBySql, tableDigests } from './helpers';
import { T20_TABLE } from './t20-table';

const NO_OVERRIDES = new Map<string, PositionOverride>();

/** A small but varied match: boundaries, extras, a maiden, every kind of dismissal. */
function richSpec(over: Partial<MatchSpec> = {}): MatchSpec {
  return {
    innings: [
      {
        team: HOME,
        overs: [
          [
            ball('H1', 'A11', 'H2', 4),
            ball('H1', 'A11', 'H2', 6),
            ball('H1', 'A11', 'H2', 1),
            ball('H2', 'A11', 'H1', 0, { out: { kind: 'caught', fielders: ['A3'] } }),
            ball('H3', 'A11', 'H1', 0, { wd: 1 }),
            ball('H3', 'A11', 'H1', 0, { out: { kind: 'bowled' } }),
            ball('H4', 'A11', 'H1', 2),
          ],
          dotOver('H1', 'A10', 'H4'),
          [
            ball('H1', 'A9', 'H4', 0, { out: { kind: 'stumped', fielders: ['A1'] } }),
            ball('H5', 'A9', 'H4', 1, { out: { kind: 'run out', player: 'H4', fielders: ['A5', 'A1'] } }),
            ball('H5', 'A9', 'H6', 0, { out: { kind: 'lbw' } }),
          ],
        ],
      },
      {
        team: AWAY,
        overs: [
          [
            ball('A1', 'H11', 'A2', 6),
            ball('A1', 'H11', 'A2', 6),
            ball('A1', 'H11', 'A2', 0, { out: { kind: 'caught and bowled' } }),
            ball('A3', 'H11', 'A2', 4, { nb: 1 }),
          ],
        ],
      },
    ],
    outcome: { winner: HOME, by: { runs: 3 } },
    playerOfMatch: ['H1'],
    ...over,
  };
}
const parsed = (spec: MatchSpec, id: string) => parseCricsheetMatch(buildMatch(spec), `${id}.json`);

describe(`cricket import on ${DB_TARGET}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('migration 0002 writes the catalogue exactly as catalogue.ts defines it', async () => {
    const { db } = database;
    const positions = await db.selectFrom('positions').selectAll().orderBy('id').execute();
    expect(positions).toEqual(
      POSITIONS.map((p) => ({ id: p.id, name: p.name, max_per_team: p.maxPerTeam, sort_order: p.sortOrder })),
    );
    expect(positions.map((p) => [p.name, p.max_per_team])).toEqual([
      ['Batsman', 5],
      ['Bowler', 5],
      ['Wicketkeeper', 1],
      ['Allrounder', 3],
    ]);
    const features = await db.selectFrom('features').selectAll().orderBy('id').execute();
    expect(
      features.map((f) => [f.id, f.league_type, f.name, f.feature_type, f.sign, f.max_points, f.default_points]),
    ).toEqual(FEATURES.map((f) => [f.id, f.leagueType, f.name, f.featureType, f.sign, f.maxPoints, f.defaultPoints]));
    // The Player Selection defaults in the database are the T20 table, typed in literally.
    expect(
      features.filter((f) => f.league_type === 'PS').map((f) => [f.id, f.name, f.sign * f.default_points]),
    ).toEqual(T20_TABLE);
    const fp = await db
      .selectFrom('feature_positions')
      .selectAll()
      .orderBy('feature_id')
      .orderBy('position_id')
      .execute();
    expect(fp).toEqual([
      { feature_id: MP.MostRuns, position_id: 1 },
      { feature_id: MP.MostRuns, position_id: 3 },
      { feature_id: MP.MostRuns, position_id: 4 },
      { feature_id: MP.MostWickets, position_id: 2 },
      { feature_id: MP.MostWickets, position_id: 4 },
    ]);
    // ...which is packages/rules' map, the one the pick grid, pick validation and scoring read.
    expect(fp).toEqual(
      Object.entries(FEATURE_ALLOWED_POSITIONS).flatMap(([featureId, positions]) =>
        (positions ?? []).map((position_id) => ({ feature_id: Number(featureId), position_id })),
      ),
    );
    expect(
      await db
        .selectFrom('bonus_options')
        .select(['id', 'feature_id', 'code', 'label', 'sort_order'])
        .orderBy('id')
        .execute(),
    ).toEqual(
      BONUS_OPTIONS.map((o) => ({
        id: o.id,
        feature_id: o.featureId,
        code: o.code,
        label: o.label,
        sort_order: o.sortOrder,
      })),
    );
  });

  it('imports a match: fixture, result, stats, squads and derived scoring rows', async () => {
    const { db } = database;
    const r = await importMatch(db, parsed(richSpec(), 'm1'), { overrides: NO_OVERRIDES });
    expect(r.status).toBe('imported');
    const fixture = await db.selectFrom('fixtures').selectAll().where('id', '=', r.fixtureId).executeTakeFirstOrThrow();
    expect(fixture).toMatchObject({ cricsheet_match_id: 'm1', name: 'Match 1', status: 'completed', match_number: 1 });
    expect(fixture.start_time.toISOString()).toBe('2024-04-01T14:00:00.000Z');
    const h1 = await db
      .selectFrom('player_fixture_stats as s')
      .innerJoin('players as p', 'p.id', 's.player_id')
      .selectAll('s')
      .where('p.cricsheet_id', '=', 'id-H1')
      .executeTakeFirstOrThrow();
    expect(h1).toMatchObject({
      runs: 11,
      balls: 10,
      fours: 1,
      sixes: 1,
      dismissed: true,
      dismissal_kind: 'stumped',
      batting_position: 1,
    });
    expect(await db.selectFrom('squads').select(db.fn.countAll<number>().as('n')).executeTakeFirst()).toEqual({
      n: 22,
    });

    const sqlDerived = await derivedBySql(db);
    expect(sqlDerived.winners.length).toBeGreaterThan(0);
    expect(sqlDerived).toEqual(await derivedByTypescript(db));
  });

  it('is idempotent: importing the same file again changes nothing', async () => {
    const { db } = database;
    const before = await tableDigests(db);
    const r = await importMatch(db, parsed(richSpec(), 'm1'), { overrides: NO_OVERRIDES });
    expect(r.status).toBe('unchanged');
    expect(await tableDigests(db)).toEqual(before);
  });

  it('replaces a corrected match and re-scores it exactly like a fresh import of the correction', async () => {
    const { db } = database;
    const corrected = richSpec({ outcome: { winner: AWAY, by: { wickets: 9 } }, playerOfMatch: ['A1'] });
    corrected.innings[1]!.overs[0]!.push(ball('A3', 'H11', 'A2', 6));
    const stale = await derivedSnapshot(db);
    const r = await importMatch(db, parsed(corrected, 'm1'), { overrides: NO_OVERRIDES });
    expect(r.status).toBe('updated');
    // From scratch: drop the fixture (everything hangs off it) and import the correction anew.
    const rescored = await derivedSnapshot(db);
    expect(rescored).not.toEqual(stale); // the re-score hook rebuilt the fixture's derived rows
    await db.deleteFrom('fixtures').where('cricsheet_match_id', '=', 'm1').execute();
    expect((await importMatch(db, parsed(corrected, 'm1'), { overrides: NO_OVERRIDES })).status).toBe('imported');
    expect(await derivedSnapshot(db)).toEqual(rescored);
    const winners = await db
      .selectFrom('fixture_feature_winner_lists as w')
      .innerJoin('fixtures as f', 'f.id', 'w.fixture_id')
      .select(['w.feature_id', 'w.winner_ids'])
      .where('f.cricsheet_match_id', '=', 'm1')
      .where('w.feature_id', '=', MP.WinningMargin)
      .executeTakeFirstOrThrow();
    expect(winners.winner_ids).toBe('506');
  });

  it('writes nothing for a malformed file and reports it; the other files still import', async () => {
    const { db } = database;
    const dir = mkdtempSync(join(tmpdir(), 'cricsheet-'));
    writeFileSync(
      join(dir, 'good.json'),
      JSON.stringify(buildMatch({ ...richSpec(), event: { name: 'Test League', match_number: 2 } })),
    );
    const broken = buildMatch(richSpec()) as { innings: { overs: { deliveries: { runs: unknown }[] }[] }[] };
    broken.innings[1]!.overs[0]!.deliveries[2]!.runs = 'lots';
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    writeFileSync(join(dir, 'notjson.json'), '{"info": ');
    const before = await tableDigests(db);
    const report = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES });
    expect(report.counts).toEqual({ imported: 1, unchanged: 0, updated: 0, superseded: 0, conflict: 0, failed: 2 });
    const failed = Object.fromEntries(report.entries.filter((e) => e.status === 'failed').map((e) => [e.id, e.reason]));
    expect(failed.broken).toBe(
      `${join(dir, 'broken.json')}: innings[1].overs[0].deliveries[2].runs: expected an object`,
    );
    expect(failed.notjson).toMatch(/notjson\.json: not valid JSON/);
    const after = await tableDigests(db);
    expect(after.player_fixture_stats).not.toBe(before.player_fixture_stats); // good.json did import
    expect(await db.selectFrom('fixtures').select('id').where('cricsheet_match_id', '=', 'broken').execute()).toEqual(
      [],
    );
  });

  it('rolls a match back completely when writing fails half way', async () => {
    const { db } = database;
    await importSchedule(db, [
      {
        season: 'Test League 2024',
        competition: 'Test League',
        matchNumber: 7,
        startTime: '2024-04-07 14:00:00',
        home: 'Other A',
        away: 'Other B',
      },
    ]);
    const before = await tableDigests(db);
    const clash = parsed(
      { ...richSpec(), event: { name: 'Test League', match_number: 7 }, extraPeople: ['Newcomer'] },
      'm7',
    );
    await expect(importMatch(db, clash, { overrides: NO_OVERRIDES })).rejects.toThrow(
      /is between other teams than Home XI and Away XI/,
    );
    expect(await tableDigests(db)).toEqual(before);
  });

  it('scores a tie by the super-over winner', async () => {
    const { db } = database;
    const spec: MatchSpec = {
      event: { name: 'Test League', match_number: 3 },
      innings: [
        { team: HOME, overs: [[ball('H1', 'A11', 'H2', 6)]] },
        { team: AWAY, overs: [[ball('A1', 'H11', 'A2', 6)]] },
        { team: AWAY, superOver: true, overs: [[ball('A1', 'H10', 'A2', 1)]] },
        { team: HOME, superOver: true, overs: [[ball('H1', 'A10', 'H2', 2)]] },
      ],
      outcome: { result: 'tie', eliminator: HOME },
      playerOfMatch: ['H1'],
    };
    const r = await importMatch(db, parsed(spec, 'tie1'), { overrides: NO_OVERRIDES });
    const rows = await db
      .selectFrom('fixture_feature_winners as w')
      .leftJoin('teams as t', 't.id', 'w.entity_id')
      .select(['w.feature_id', 'w.entity_id', 't.name'])
      .where('w.fixture_id', '=', r.fixtureId)
      .orderBy('w.feature_id')
      .execute();
    expect(rows.find((w) => w.feature_id === MP.MatchWinner)?.name).toBe(HOME);
    expect(rows.find((w) => w.feature_id === MP.WinningMargin)?.entity_id).toBe(507);
    const result = await db
      .selectFrom('fixture_results')
      .selectAll()
      .where('fixture_id', '=', r.fixtureId)
      .executeTakeFirstOrThrow();
    expect(result).toMatchObject({ result_type: 'tie', winner_team_id: null });
    const innings = await db
      .selectFrom('fixture_innings')
      .select(['super_over', 'runs'])
      .where('fixture_id', '=', r.fixtureId)
      .orderBy('innings_number')
      .execute();
    expect(innings).toEqual([
      { super_over: false, runs: 6 },
      { super_over: false, runs: 6 },
      { super_over: true, runs: 1 },
      { super_over: true, runs: 2 },
    ]);
  });

  it('scores nothing for a no result', async () => {
    const { db } = database;
    const spec = { ...richSpec(), event: { name: 'Test League', match_number: 4 }, outcome: { result: 'no result' } };
    const r = await importMatch(db, parsed(spec, 'nr1'), { overrides: NO_OVERRIDES });
    const f = await db.selectFrom('fixtures').select('status').where('id', '=', r.fixtureId).executeTakeFirstOrThrow();
    expect(f.status).toBe('no_result');
    expect(
      await db.selectFrom('fixture_feature_winners').selectAll().where('fixture_id', '=', r.fixtureId).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('player_fixture_feature_counts').selectAll().where('fixture_id', '=', r.fixtureId).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('player_fixture_stats').selectAll().where('fixture_id', '=', r.fixtureId).execute(),
    ).not.toEqual([]);
    // The pure functions apply the same gate (scored.ts) to this fixture's stored stats.
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));
  });

  it("keeps a substitute fielder's catch on the scorecard but scores it for nobody", async () => {
    const { db } = database;
    const spec = richSpec({ event: { name: 'Test League', match_number: 9 }, extraPeople: ['S1'] });
    spec.innings[0]!.overs.push([
      ball('H6', 'A8', 'H7', 0, { out: { kind: 'caught', fielders: [{ name: 'S1', substitute: true }] } }),
    ]);
    const r = await importMatch(db, parsed(spec, 'sub1'), { overrides: NO_OVERRIDES });
    const s1 = await db
      .selectFrom('players')
      .select('id')
      .where('cricsheet_id', '=', 'id-S1')
      .executeTakeFirstOrThrow();
    const line = await db
      .selectFrom('player_fixture_stats')
      .select(['did_play', 'catches'])
      .where('fixture_id', '=', r.fixtureId)
      .where('player_id', '=', s1.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ did_play: false, catches: 1 });
    // A member of the fielding team's squad (pickable later), but this catch scores nothing...
    expect(
      await db
        .selectFrom('squads as q')
        .innerJoin('teams as t', 't.id', 'q.team_id')
        .select('t.name')
        .where('q.player_id', '=', s1.id)
        .execute(),
    ).toEqual([{ name: AWAY }]);
    expect(
      await db.selectFrom('player_fixture_feature_counts').selectAll().where('player_id', '=', s1.id).execute(),
    ).toEqual([]);
    expect((await playerPointsBySql(db, r.fixtureId, new Map([[PS.Catch, 8]]))).get(s1.id)).toBeUndefined();
    // ...while the bowler keeps the wicket, and the pure functions agree.
    const a8 = await db
      .selectFrom('player_fixture_feature_counts as c')
      .innerJoin('players as p', 'p.id', 'c.player_id')
      .select('c.count')
      .where('c.fixture_id', '=', r.fixtureId)
      .where('p.cricsheet_id', '=', 'id-A8')
      .where('c.feature_id', '=', PS.Wicket)
      .executeTakeFirstOrThrow();
    expect(a8.count).toBe(1);
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));
  });

  it('links a result to its scheduled fixture, keeping the scheduled start time and home team', async () => {
    const { db } = database;
    const reports = await importSchedule(db, [
      {
        season: 'Test League 2024',
        matchNumber: 5,
        startTime: '2024-04-05T10:00:00Z',
        home: AWAY,
        away: HOME,
        venue: 'V',
      },
      { season: 'Test League 2024', matchNumber: 6, startTime: '2024-04-06T10:00:00Z', home: HOME, away: AWAY },
    ]);
    expect(reports.map((r) => r.status)).toEqual(['created', 'created']);
    expect(
      (
        await importSchedule(db, [
          { season: 'Test League 2024', matchNumber: 5, startTime: '2024-04-05T10:00:00Z', home: AWAY, away: HOME },
        ])
      )[0]?.status,
    ).toBe('unchanged');
    const scheduled = await db
      .selectFrom('fixtures')
      .selectAll()
      .where('id', '=', reports[0]!.fixtureId!)
      .executeTakeFirstOrThrow();
    expect(scheduled).toMatchObject({ status: 'scheduled', cricsheet_match_id: null, name: 'Match 5' });

    const r = await importMatch(
      db,
      parsed({ ...richSpec(), event: { name: 'Test League', match_number: 5 }, date: '2024-04-05' }, 'm5'),
      {
        overrides: NO_OVERRIDES,
      },
    );
    expect(r.fixtureId).toBe(scheduled.id);
    const linked = await db.selectFrom('fixtures').selectAll().where('id', '=', scheduled.id).executeTakeFirstOrThrow();
    expect(linked).toMatchObject({
      status: 'completed',
      cricsheet_match_id: 'm5',
      local_team_id: scheduled.local_team_id,
      venue: 'Test Ground, Testville',
    });
    expect(linked.start_time.toISOString()).toBe('2024-04-05T10:00:00.000Z');
  });

  it('sets manual results (abandoned, corrections) and re-scores through the hook', async () => {
    const { db } = database;
    const fixtureOf = async (n: number) =>
      (
        await db
          .selectFrom('fixtures')
          .select('id')
          .where('match_number', '=', n)
          .where('cricsheet_match_id', 'is not', null)
          .executeTakeFirstOrThrow()
      ).id;
    const m5 = await fixtureOf(5);
    const marginBefore = await db
      .selectFrom('fixture_feature_winners')
      .select('entity_id')
      .where('fixture_id', '=', m5)
      .where('feature_id', '=', MP.WinningMargin)
      .executeTakeFirstOrThrow();
    expect(marginBefore.entity_id).toBe(501); // Home XI by 3 runs, from the file
    const reports = await importResults(db, [
      { season: 'Test League 2024', matchNumber: 6, status: 'abandoned' },
      {
        season: 'Test League 2024',
        matchNumber: 5,
        status: 'completed',
        winner: AWAY,
        wonByWickets: 2,
        playerOfMatch: ['id-A2'],
      },
      { season: 'Test League 2024', matchNumber: 99, status: 'abandoned' },
      { season: 'Test League 2024', matchNumber: 5, status: 'completed', winner: 'Nobody' },
    ]);
    expect(reports.map((r) => r.status)).toEqual(['updated', 'updated', 'failed', 'failed']);
    expect(reports[2]?.reason).toBe('expected one fixture, found 0');
    expect(reports[3]?.reason).toBe('"Nobody" is not a team of this fixture');
    // The same results again (player by name this time): reported unchanged, nothing written.
    const before = await tableDigests(db);
    const m5Result = { season: 'Test League 2024', matchNumber: 5, status: 'completed', winner: AWAY } as const;
    const again = await importResults(db, [
      { season: 'Test League 2024', matchNumber: 6, status: 'abandoned' },
      { ...m5Result, wonByWickets: 2, playerOfMatch: ['A2'] },
    ]);
    expect(again.map((r) => r.status)).toEqual(['unchanged', 'unchanged']);
    expect(await tableDigests(db)).toEqual(before);
    // Any difference (margin, player of the match) is an update.
    const changed = await importResults(db, [
      { ...m5Result, wonByWickets: 3, playerOfMatch: ['A2'] },
      { ...m5Result, wonByWickets: 3, playerOfMatch: ['A2', 'A3'] },
      { ...m5Result, wonByWickets: 2, playerOfMatch: ['A2'] },
    ]);
    expect(changed.map((r) => r.status)).toEqual(['updated', 'updated', 'updated']);
    const m6 = await db
      .selectFrom('fixtures')
      .select(['id', 'status'])
      .where('match_number', '=', 6)
      .executeTakeFirstOrThrow();
    expect(m6.status).toBe('abandoned');
    expect(
      await db.selectFrom('fixture_feature_winners').selectAll().where('fixture_id', '=', m6.id).execute(),
    ).toEqual([]);
    const lists = await db
      .selectFrom('fixture_feature_winner_lists')
      .selectAll()
      .where('fixture_id', '=', m5)
      .orderBy('feature_id')
      .execute();
    const a2 = await db
      .selectFrom('players')
      .select('id')
      .where('cricsheet_id', '=', 'id-A2')
      .executeTakeFirstOrThrow();
    expect(lists.find((l) => l.feature_id === MP.ManOfTheMatch)?.winner_ids).toBe(String(a2.id));
    expect(lists.find((l) => l.feature_id === MP.WinningMargin)?.winner_ids).toBe('504');
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));
  });

  it('makes a replayed match the same fixture: the played attempt replaces the no result', async () => {
    const { db } = database;
    const season = 'Replay Cup 2024';
    const event = { name: 'Replay Cup', match_number: 8 };
    const [slot] = await importSchedule(db, [
      { season, matchNumber: 8, startTime: '2024-04-08T14:00:00Z', home: HOME, away: AWAY },
    ]);
    const slotId = slot!.fixtureId!;
    // The first attempt is rained off after a few balls; the match is replayed the next day.
    const first = parsed({ ...richSpec(), event, date: '2024-04-08', outcome: { result: 'no result' } }, 'r8a');
    const replay = parsed({ ...richSpec(), event, date: '2024-04-09', playerOfMatch: ['A1'] }, 'r8b');
    expect((await importMatch(db, first, { overrides: NO_OVERRIDES })).fixtureId).toBe(slotId);
    const r = await importMatch(db, replay, { overrides: NO_OVERRIDES });
    expect(r).toEqual({ matchId: 'r8b', fixtureId: slotId, status: 'imported' });

    const fixtures = await db
      .selectFrom('fixtures as f')
      .innerJoin('seasons as s', 's.id', 'f.season_id')
      .select(['f.id', 'f.status', 'f.cricsheet_match_id', 'f.start_time', 'f.match_number'])
      .where('s.name', '=', season)
      .execute();
    // One fixture, holding the replay's result, at the scheduled time users picked for.
    expect(fixtures).toEqual([
      {
        id: slotId,
        status: 'completed',
        cricsheet_match_id: 'r8b',
        start_time: new Date('2024-04-08T14:00:00Z'),
        match_number: 8,
      },
    ]);
    const imports = await db
      .selectFrom('cricsheet_imports')
      .select(['cricsheet_match_id', 'fixture_id'])
      .where('cricsheet_match_id', 'in', ['r8a', 'r8b'])
      .orderBy('cricsheet_match_id')
      .execute();
    expect(imports).toEqual([
      { cricsheet_match_id: 'r8a', fixture_id: slotId },
      { cricsheet_match_id: 'r8b', fixture_id: slotId },
    ]);
    const winners = await db
      .selectFrom('fixture_feature_winner_lists')
      .select(['feature_id', 'winner_ids'])
      .where('fixture_id', '=', slotId)
      .where('feature_id', 'in', [MP.MatchWinner, MP.WinningMargin])
      .orderBy('feature_id')
      .execute();
    const home = await db.selectFrom('teams').select('id').where('name', '=', HOME).executeTakeFirstOrThrow();
    expect(winners).toEqual([
      { feature_id: MP.MatchWinner, winner_ids: String(home.id) },
      { feature_id: MP.WinningMargin, winner_ids: '501' },
    ]);

    // Importing both files again changes nothing, whichever comes first.
    const before = await tableDigests(db);
    expect((await importMatch(db, replay, { overrides: NO_OVERRIDES })).status).toBe('unchanged');
    expect((await importMatch(db, first, { overrides: NO_OVERRIDES })).status).toBe('unchanged');
    expect(await tableDigests(db)).toEqual(before);
    // A revised file of the washed-out attempt still does not displace the played replay.
    const revised = parsed(
      { ...richSpec(), event, date: '2024-04-08', outcome: { result: 'no result' }, playerOfMatch: ['H2'] },
      'r8a',
    );
    expect(await importMatch(db, revised, { overrides: NO_OVERRIDES })).toEqual({
      matchId: 'r8a',
      fixtureId: slotId,
      status: 'updated',
    });
    expect(await db.selectFrom('fixtures').select('cricsheet_match_id').where('id', '=', slotId).execute()).toEqual([
      { cricsheet_match_id: 'r8b' },
    ]);

    // `import results` by match number finds the one fixture.
    const [corrected] = await importResults(db, [
      { season, matchNumber: 8, status: 'completed', winner: AWAY, wonByWickets: 2 },
    ]);
    expect(corrected).toMatchObject({ status: 'updated', fixtureId: slotId });
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));
  });

  it('makes a replay the same fixture without a schedule too, in either import order', async () => {
    const { db } = database;
    const event = { name: 'Replay Shield', match_number: 3 };
    const dir = mkdtempSync(join(tmpdir(), 'replay-'));
    // The replay's id sorts first, so the folder import meets the played attempt before the no result.
    writeFileSync(join(dir, 'rs1.json'), JSON.stringify(buildMatch({ ...richSpec(), event, date: '2024-05-02' })));
    writeFileSync(
      join(dir, 'rs2.json'),
      JSON.stringify(buildMatch({ ...richSpec(), event, date: '2024-05-01', outcome: { result: 'no result' } })),
    );
    const report = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES });
    expect(report.counts).toEqual({ imported: 2, unchanged: 0, updated: 0, superseded: 0, conflict: 0, failed: 0 });
    expect(report.entries[0]!.fixtureId).toBe(report.entries[1]!.fixtureId);
    const fixtures = await db
      .selectFrom('fixtures as f')
      .innerJoin('seasons as s', 's.id', 'f.season_id')
      .select(['f.status', 'f.cricsheet_match_id', 'f.match_number'])
      .where('s.name', '=', 'Replay Shield 2024')
      .execute();
    expect(fixtures).toEqual([{ status: 'completed', cricsheet_match_id: 'rs1', match_number: 3 }]);
    const again = await importCricsheetPath(db, dir, { overrides: NO_OVERRIDES });
    expect(again.counts).toEqual({ imported: 0, unchanged: 2, updated: 0, superseded: 0, conflict: 0, failed: 0 });
  });

  it("computes a league's player points in SQL the same as the pure function", async () => {
    const { db } = database;
    const m1 = (
      await db.selectFrom('fixtures').select('id').where('cricsheet_match_id', '=', 'm1').executeTakeFirstOrThrow()
    ).id;
    const config = new Map([
      [PS.Run, 2],
      [PS.SixBonus, 5],
      [PS.Duck, 10],
      [PS.Wicket, 30],
    ]);
    const points = await playerPointsBySql(db, m1, config);
    const h2 = await db
      .selectFrom('players')
      .select('id')
      .where('cricsheet_id', '=', 'id-H2')
      .executeTakeFirstOrThrow();
    const a1 = await db
      .selectFrom('players')
      .select('id')
      .where('cricsheet_id', '=', 'id-A1')
      .executeTakeFirstOrThrow();
    expect(points.get(h2.id)).toBe(-10); // duck
    expect(points.get(a1.id)).toBe(12 * 2 + 2 * 5); // corrected match: 12 runs, 2 sixes
  });

  it('infers positions from what players did', () => {
    const base = {
      matches: 10,
      bowledMatches: 0,
      ballsBowled: 0,
      battedMatches: 10,
      battingPositionSum: 20,
      stumpings: 0,
    };
    expect(inferPosition(base)).toBe(POSITION.Batsman);
    expect(inferPosition({ ...base, stumpings: 1 })).toBe(POSITION.Wicketkeeper);
    expect(inferPosition({ ...base, bowledMatches: 9, ballsBowled: 200, battingPositionSum: 50 })).toBe(
      POSITION.Allrounder,
    );
    expect(
      inferPosition({ ...base, bowledMatches: 9, ballsBowled: 200, battedMatches: 3, battingPositionSum: 30 }),
    ).toBe(POSITION.Bowler);
    expect(inferPosition({ ...base, bowledMatches: 9, ballsBowled: 200, battingPositionSum: 90 })).toBe(
      POSITION.Bowler,
    );
    // Part-time bowling (under half the matches, or a few balls) leaves a batsman a batsman.
    expect(inferPosition({ ...base, bowledMatches: 3, ballsBowled: 40 })).toBe(POSITION.Batsman);
    expect(inferPosition({ ...base, bowledMatches: 8, ballsBowled: 40 })).toBe(POSITION.Batsman);
    expect(inferPosition({ ...base, battedMatches: 0, battingPositionSum: 0, bowledMatches: 1, ballsBowled: 6 })).toBe(
      POSITION.Bowler,
    );
    expect(
      inferPosition({
        matches: 0,
        bowledMatches: 0,
        ballsBowled: 0,
        battedMatches: 0,
        battingPositionSum: 0,
        stumpings: 0,
      }),
    ).toBe(POSITION.Batsman);
  });

  it('applies inference and overrides, re-scores players whose position changed, and leaves squad positions alone', async () => {
    const { db } = database;
    await importSquads(db, {
      season: 'Test League 2024',
      competition: 'Test League',
      teams: [{ name: AWAY, code: 'AWY', players: [{ name: 'A11', cricsheetId: 'id-A11', position: 'Allrounder' }] }],
    });
    const overrides = new Map<string, PositionOverride>([
      ['id-H2', { cricsheetId: 'id-H2', position: POSITION.Bowler }],
    ]);
    await importMatch(db, parsed(richSpec(), 'p1'), { overrides });
    const pos = Object.fromEntries(
      (await db.selectFrom('players').select(['cricsheet_id', 'position_id', 'position_source']).execute()).map((p) => [
        p.cricsheet_id,
        [p.position_id, p.position_source],
      ]),
    );
    expect(pos['id-A1']).toEqual([POSITION.Wicketkeeper, 'inferred']); // made a stumping
    expect(pos['id-A10']).toEqual([POSITION.Bowler, 'inferred']);
    expect(pos['id-H1']).toEqual([POSITION.Batsman, 'inferred']);
    expect(pos['id-H2']).toEqual([POSITION.Bowler, 'override']);
    expect(pos['id-A11']).toEqual([POSITION.Allrounder, 'data']);
    // H2 (overridden to Bowler) gets no duck; the derived tables agree with the pure functions.
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));
    const h2Duck = await db
      .selectFrom('player_fixture_feature_counts as c')
      .innerJoin('players as p', 'p.id', 'c.player_id')
      .select('c.count')
      .where('p.cricsheet_id', '=', 'id-H2')
      .where('c.feature_id', '=', PS.Duck)
      .execute();
    expect(h2Duck).toEqual([]);
    // Dropping the override re-infers H2 (a batsman by the data); re-scoring the fixtures of the
    // players who moved (what `cli positions` does) gives the duck back.
    const moved = await applyPositions(db, NO_OVERRIDES);
    const h2 = await db
      .selectFrom('players')
      .select('id')
      .where('cricsheet_id', '=', 'id-H2')
      .executeTakeFirstOrThrow();
    expect(moved).toEqual([h2.id]);
    await recordResults(db, 'positions', async (trx) => ({
      value: undefined,
      fixtureIds: await fixturesOfPlayers(trx, moved),
    }));
    const p1Duck = await db
      .selectFrom('player_fixture_feature_counts as c')
      .innerJoin('fixtures as f', 'f.id', 'c.fixture_id')
      .select('c.count')
      .where('c.player_id', '=', h2.id)
      .where('f.cricsheet_match_id', '=', 'p1')
      .where('c.feature_id', '=', PS.Duck)
      .execute();
    expect(p1Duck).toEqual([{ count: 1 }]);
    expect(await derivedBySql(db)).toEqual(await derivedByTypescript(db));
  });

  it('reads schedules from CSV and checks times', () => {
    const rows = csvRows(
      'season,match_number,start_time,home,away,venue\nIPL 2030,1,2030-03-22 14:00:00,"Team, A",Team B,"The ""Big"" Ground"\n',
    );
    const row = scheduleRowFromRecord(rows[0]!, 'x.csv row 2');
    expect(row).toMatchObject({
      season: 'IPL 2030',
      matchNumber: 1,
      home: 'Team, A',
      away: 'Team B',
      venue: 'The "Big" Ground',
    });
    expect(parseUtc(row.startTime, 'x').toISOString()).toBe('2030-03-22T14:00:00.000Z');
    expect(parseUtc('2030-03-22T19:30:00+05:30', 'x').toISOString()).toBe('2030-03-22T14:00:00.000Z');
    expect(() => parseUtc('2030-03-22T19:30:00', 'x')).not.toThrow();
    expect(() => parseUtc('22/03/2030', 'row 3')).toThrow(/row 3: start time "22\/03\/2030"/);
    expect(() => scheduleRowFromRecord({ season: 'S 2030', startTime: '2030-01-01 10:00:00', home: 'A' }, 'r')).toThrow(
      'r: season, startTime, home and away are required',
    );
  });
});
