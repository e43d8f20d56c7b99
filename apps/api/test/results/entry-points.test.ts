import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESULT_SUBSCRIBERS, registerResultSubscribers } from '../../src/app';
import { importFromProvider } from '../../src/cricket/import/folder';
import { importResults } from '../../src/cricket/import/results';
import { importSquads } from '../../src/cricket/import/squads';
import { InMemoryProvider } from '../../src/cricket/provider';
import { type DemoRun, demoUpkeepSubscriber } from '../../src/demo/run';
import { loadDemoSeason } from '../../src/demo/season';
import { completeLive } from '../../src/live/ingest';
import { cliActor } from '../../src/operator/access';
import { setFixtureResult } from '../../src/operator/results';
import {
  type ResultChange,
  type ResultFailure,
  type ResultPhase,
  ResultSubscriberError,
  resultsPipeline,
} from '../../src/results/pipeline';
import { AWAY, buildMatch, dotOver, HOME } from '../cricket/builder';
import { DB_TARGET } from '../db';
import { beginLive, type LeagueWorld, nextFixture, startLeagueWorld } from '../live/setup';

/**
 * Every way a result comes in reaches every subscriber the app registers (src/app.ts) exactly once,
 * in order: the Cricsheet importer, a correction and a wash-out in the console, a results file, a
 * live fixture's final, a squad that moves a player, the demo season. The app's own subscribers run,
 * each wrapped to log its call; one of them can be made to fail.
 */

interface Call {
  name: string;
  phase: ResultPhase;
  source: string;
  fixtureIds: number[];
}

let w: LeagueWorld;
let calls: Call[] = [];
let failures: ResultFailure[] = [];
let failing: string | undefined;

/** The app's subscribers, each logged once per call (what the pipeline would run). */
const onceEach = (source: string, fixtureIds: number[]) =>
  RESULT_SUBSCRIBERS.map((s) => ({ name: s.name, phase: s.phase, source, fixtureIds }));

function match(id: string, outcome?: Record<string, unknown>) {
  return new InMemoryProvider(
    new Map([
      [
        id,
        buildMatch({
          innings: [
            { team: HOME, overs: [dotOver('H1', 'A1', 'H2'), dotOver('H2', 'A2', 'H1')] },
            { team: AWAY, overs: [dotOver('A1', 'H1', 'A2'), dotOver('A2', 'H2', 'A1')] },
          ],
          event: { name: 'Pipeline League', match_number: 1 },
          ...(outcome ? { outcome } : {}),
        }),
      ],
    ]),
  );
}

describe(`every entry point of a result, through the app's pipeline, on ${DB_TARGET}`, () => {
  let fixtureId: number;
  let season: string;
  let teams: { home: number; away: number };

  beforeAll(async () => {
    w = await startLeagueWorld();
    // After the app registered its subscribers: the same ones, logged, in their places.
    resultsPipeline.use(
      ...RESULT_SUBSCRIBERS.map((s) => ({
        ...s,
        async run(db: Parameters<typeof s.run>[0], change: ResultChange) {
          calls.push({ name: s.name, phase: s.phase, source: change.source, fixtureIds: [...change.fixtureIds] });
          const done = await s.run(db, change);
          if (failing === s.name) throw new Error(`${s.name} unavailable`);
          return done;
        },
      })),
    );
    resultsPipeline.reportTo((f) => failures.push(f));
  });
  afterAll(async () => {
    registerResultSubscribers();
    await w?.t.close();
  });
  beforeEach(() => {
    calls = [];
    failures = [];
    failing = undefined;
  });

  it('a Cricsheet import', async () => {
    const report = await importFromProvider(w.t.db, match('pipeline-1'));
    expect(report.counts.imported).toBe(1);
    fixtureId = report.entries[0]!.fixtureId!;
    expect(calls).toEqual(onceEach('import', [fixtureId]));
    const f = await w.t.db
      .selectFrom('fixtures as f')
      .innerJoin('seasons as s', 's.id', 'f.season_id')
      .select(['s.name', 'f.local_team_id', 'f.visitor_team_id'])
      .where('f.id', '=', fixtureId)
      .executeTakeFirstOrThrow();
    season = f.name;
    teams = { home: f.local_team_id, away: f.visitor_team_id };
  });

  it('a correction in the console', async () => {
    await setFixtureResult(w.t.db, cliActor(), fixtureId, {
      Status: 'completed',
      WinnerTeamID: teams.away,
      WonByWickets: 3,
    });
    expect(calls).toEqual(onceEach('correction', [fixtureId]));
  });

  it('a wash-out in the console', async () => {
    await setFixtureResult(w.t.db, cliActor(), fixtureId, { Status: 'washed_out' });
    expect(calls).toEqual(onceEach('wash-out', [fixtureId]));
  });

  it('a results file (cli import results)', async () => {
    const rows = await importResults(w.t.db, [
      { season, matchNumber: 1, status: 'completed', winner: HOME, wonByRuns: 5 },
    ]);
    expect(rows.map((r) => r.status)).toEqual(['updated']);
    expect(calls).toEqual(onceEach('correction', [fixtureId]));
  });

  it('a squad that moves a player re-scores the matches he played', async () => {
    const h1 = await w.t.db
      .selectFrom('players')
      .select('position_id')
      .where('cricsheet_id', '=', 'id-H1')
      .executeTakeFirstOrThrow();
    await importSquads(w.t.db, {
      season,
      teams: [
        {
          name: HOME,
          players: [{ name: 'H1', cricsheetId: 'id-H1', position: h1.position_id === 2 ? 'Batsman' : 'Bowler' }],
        },
      ],
    });
    expect(calls).toEqual(onceEach('positions', [fixtureId]));
  });

  it('a live fixture’s final', async () => {
    const f = await nextFixture(w);
    await beginLive(w.t.db, f);
    expect(await completeLive(w.t.db, f.fixtureId, f.match, new Date())).toEqual({ ok: true });
    // completeLive records the final through recordResults(db, 'live', …): the importer's record runs
    // the transaction subscribers, and the committed ones run once it commits, with source 'live'.
    expect(calls.map(({ source: _, ...c }) => c)).toEqual(
      RESULT_SUBSCRIBERS.map((s) => ({ name: s.name, phase: s.phase, fixtureIds: [f.fixtureId] })),
    );
    expect(calls.filter((c) => c.phase === 'committed').map((c) => c.source)).toEqual(['live', 'live']);
  });

  it('the demo season playing the fixtures that started: what follows the commit runs once for all', async () => {
    const r = await loadDemoSeason(w.t.db, { now: new Date(Date.now() + 2 * 86_400_000) });
    expect(r.played).toBeGreaterThan(0);
    const committed = calls.filter((c) => c.phase === 'committed');
    expect(committed).toEqual([
      { name: 'standings points', phase: 'committed', source: 'import', fixtureIds: r.report.fixtureIds },
      { name: 'planner statistics', phase: 'committed', source: 'import', fixtureIds: r.report.fixtureIds },
    ]);
    // In the transaction: every subscriber once per record, in order, for the fixtures played.
    const inTransaction = calls.filter((c) => c.phase === 'transaction');
    const names = RESULT_SUBSCRIBERS.filter((s) => s.phase === 'transaction').map((s) => s.name);
    expect(inTransaction.map((c) => c.name)).toEqual(inTransaction.map((_, i) => names[i % names.length]));
    expect(new Set(inTransaction.flatMap((c) => c.fixtureIds))).toEqual(new Set(r.report.fixtureIds));
  });

  it('a transaction subscriber failing: nothing of the correction is stored, and the failure is reported', async () => {
    const db = w.t.db;
    const state = async () => ({
      fixture: await db.selectFrom('fixtures').select(['status']).where('id', '=', fixtureId).executeTakeFirst(),
      result: await db.selectFrom('fixture_results').selectAll().where('fixture_id', '=', fixtureId).executeTakeFirst(),
      winners: await db
        .selectFrom('fixture_feature_winners')
        .selectAll()
        .where('fixture_id', '=', fixtureId)
        .orderBy('feature_id')
        .orderBy('entity_id')
        .execute(),
      version: await db
        .selectFrom('standings_fixture_versions')
        .selectAll()
        .where('fixture_id', '=', fixtureId)
        .executeTakeFirst(),
      emails: await db.selectFrom('result_emails').selectAll().where('fixture_id', '=', fixtureId).execute(),
      runs: (await sql<{ n: string }>`SELECT count(*)::text AS n FROM import_runs`.execute(db)).rows[0]!.n,
      audit: (await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_log`.execute(db)).rows[0]!.n,
    });
    const before = await state();
    failing = 'result emails';
    const set = setFixtureResult(db, cliActor(), fixtureId, {
      Status: 'completed',
      WinnerTeamID: teams.away,
      WonByRuns: 12,
    });
    await expect(set).rejects.toThrow(ResultSubscriberError);
    await expect(set).rejects.toThrow(`result emails failed for fixture ${fixtureId}, nothing stored`);
    // Derived figures and versions ran before it, in the same transaction: rolled back with it.
    expect(calls.map((c) => c.name)).toEqual(['derived figures', 'standings versions', 'result emails']);
    expect(await state()).toEqual(before);
    expect(failures.map((f) => [f.subscriber, f.phase, f.change.fixtureIds])).toEqual([
      ['result emails', 'transaction', [fixtureId]],
    ]);
  });

  it('a committed subscriber failing: reported to the import, the result stands, the next subscriber runs', async () => {
    failing = 'standings points';
    const warnings: string[] = [];
    const report = await importFromProvider(w.t.db, match('pipeline-1', { winner: AWAY, by: { wickets: 4 } }), {
      onWarning: (message, err) => warnings.push(`${message}: ${(err as Error).message}`),
    });
    expect(report.counts.updated).toBe(1);
    expect(calls).toEqual(onceEach('import', [fixtureId]));
    expect(warnings).toEqual([
      'standings points not brought up to date after the result (they are computed on the next read): standings points unavailable',
    ]);
    expect(failures.map((f) => [f.subscriber, f.phase])).toEqual([['standings points', 'committed']]);
    const stored = await w.t.db
      .selectFrom('fixture_results')
      .select(['winner_team_id', 'won_by_wickets'])
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ winner_team_id: teams.away, won_by_wickets: 4 });
  });

  it('the demo’s upkeep (where the demo runs) is kicked by a demo fixture’s result, not by another', async () => {
    let kicks = 0;
    const run: DemoRun = { stop() {}, kick: () => (kicks += 1) };
    resultsPipeline.use(demoUpkeepSubscriber(run));
    const demo = await w.t.db
      .selectFrom('fixtures')
      .select(['id', 'local_team_id'])
      .where('season_id', '=', w.seasonId)
      .where('status', '=', 'completed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await setFixtureResult(w.t.db, cliActor(), demo.id, {
      Status: 'completed',
      WinnerTeamID: demo.local_team_id,
      WonByRuns: 1,
    });
    expect(kicks).toBe(1);
    await setFixtureResult(w.t.db, cliActor(), fixtureId, { Status: 'no_result' });
    expect(kicks).toBe(1);
  });
});
