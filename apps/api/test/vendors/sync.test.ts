import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import { VendorSync } from '../../src/vendors/sync';
import { DB_TARGET } from '../db';
import { pollUntil } from '../helpers';
import { testClock } from './clock';
import { cricsheetPath, seasonWorld, type WorldMatch } from './entitysport/world';
import { connectAndApply, fixtureOf, storedFigures } from './flow';
import { startVendorWorld, type VendorWorld } from './setup';

/**
 * The sync by itself, against the local Entity Sport server: a postponed fixture moves; the toss and
 * playing XIs are stored near the start and replaced when an XI changes after announcement; live
 * balls go through the live machinery; the finished match's result is written by the importer (the
 * figures of the Cricsheet file); an abandoned match is stored as abandoned; one process syncs at a
 * time; a later Cricsheet file corrects the same fixture and adds neither a fixture nor a player.
 */

const M1 = 1422119;
const teamsOf = (v: unknown) =>
  (typeof v === 'string' ? JSON.parse(v) : v) as { team_id: number; playing: number[]; substitutes: number[] }[];
const M3 = 1422121;
const M5 = 1422123;

describe(`vendor sync on ${DB_TARGET}`, () => {
  let w: VendorWorld;
  let sync: VendorSync;
  const clock = testClock('2024-03-01T00:00:00Z');
  const match = (mid: number) => w.es.world.matches.get(mid)!;
  const reveal = (m: WorldMatch, n: number) => {
    m.revealed = Math.min(n, m.balls.length);
    m.version += 1;
  };
  const startOf = (m: WorldMatch) => m.start * 1000;

  beforeAll(async () => {
    w = await startVendorWorld(seasonWorld(5));
    // Before the season: no ball bowled (the local server's roles come from the balls shown).
    for (const m of w.es.world.matches.values()) reveal(m, 0);
    await connectAndApply(w);
    sync = new VendorSync(w.t.db, w.t.app.deps.config, {
      clock,
      resultCheckMs: 0,
      lineupRecheckMs: 0,
      provider: { retries: 0 },
    });
  });
  afterAll(async () => {
    sync?.stop();
    await sync?.settled();
    await w?.close();
  });

  it('reads the schedule again: a postponed fixture moves, recorded as a vendor run', async () => {
    const m = match(M5);
    m.start += 2 * 86_400;
    m.version += 1;
    const run = await sync.run('entitysport', true);
    expect(run).toMatchObject({ ran: true, outcome: 'succeeded' });
    expect(run.message).toContain('Schedule: 1 moved. Squads: unchanged.');
    const f = await fixtureOf(w, M5);
    expect(new Date(f.start_time).getTime()).toBe(m.start * 1000);
    const last = await w.t.db
      .selectFrom('import_runs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect([last.kind, last.trigger, last.started_by_label]).toEqual(['vendor', 'schedule', 'Entity Sport sync']);
    const again = await sync.run('entitysport', true);
    expect(again.message).toContain('Schedule: unchanged. Squads: unchanged.');
  });

  it('stores the playing XIs near the start, replaces them when an XI changes, then the toss', async () => {
    const m = match(M1);
    clock.set(startOf(m) - 45 * 60_000);
    await sync.run('entitysport');
    const f = await fixtureOf(w, M1);
    const lineup = async () =>
      w.t.db.selectFrom('fixture_lineups').selectAll().where('fixture_id', '=', f.id).executeTakeFirstOrThrow();
    const first = await lineup();
    const teams = teamsOf(first.teams);
    expect(teams.map((t) => t.playing.length)).toEqual([11, 11]);
    expect(first.toss_winner_team_id).toBeNull();

    // The XI changes after announcement: the eleventh player of the first team is replaced.
    const xi = m.xi.get(m.teama.tid)!;
    const squad = m.squad.get(m.teama.tid)!;
    const bench = squad.find((n) => !xi.includes(n))!;
    const dropped = xi[10]!;
    m.xi.set(m.teama.tid, [...xi.slice(0, 10), bench]);
    m.version += 1;
    await sync.run('entitysport');
    const changed = await lineup();
    const ids = await w.t.db
      .selectFrom('players')
      .select(['id', 'full_name'])
      .where('full_name', 'in', [bench, dropped])
      .execute();
    const idOf = (n: string) => ids.find((p) => p.full_name === n)!.id;
    const a = teamsOf(changed.teams).find((t) => t.team_id === f.local_team_id)!;
    expect(a.playing).toContain(idOf(bench));
    expect(a.playing).not.toContain(idOf(dropped));
    m.xi.set(m.teama.tid, xi);
    m.version += 1;

    // The toss: announced once the match is under way at the vendor.
    reveal(m, 1);
    await sync.run('entitysport');
    const tossed = await lineup();
    expect(tossed.toss_winner_team_id).not.toBeNull();
    expect(tossed.toss_decision).toBe(m.match.info.toss!.decision);
    // The Match Centre gives them with the fixture, home team first, by our ids and names.
    const centre = await w.user.client.get(`/api/live/fixture/${f.id}`);
    expect(centre.statusCode).toBe(200);
    const shown = centre.json().Lineup;
    expect(shown.Toss).toMatchObject({ TeamName: m.match.info.toss!.winner, Decision: m.match.info.toss!.decision });
    expect(shown.Teams.map((t: { TeamID: number }) => t.TeamID)).toEqual([f.local_team_id, f.visitor_team_id]);
    expect(shown.Teams[0].Playing.map((p: { Name: string }) => p.Name)).toEqual(xi);
    expect(shown.Teams[0].Substitutes.length).toBeGreaterThan(0);
  });

  it('follows the match live ball by ball, then writes the finished result through the importer', async () => {
    const m = match(M1);
    const f = await fixtureOf(w, M1);
    clock.set(startOf(m) + 60_000);
    reveal(m, 40);
    await sync.run('entitysport');
    expect(sync.following()).toEqual([f.id]);
    const balls = () =>
      w.t.db
        .selectFrom('live_deliveries')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('fixture_id', '=', f.id)
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    await pollUntil(balls, (n) => n === 40, { timeoutMs: 30_000 });
    const live = await w.t.db
      .selectFrom('live_fixtures')
      .selectAll()
      .where('fixture_id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect([live.state, live.source]).toEqual(['live', `entitysport:match/${M1}`]);
    expect((await fixtureOf(w, M1)).cricsheet_match_id).toBeNull();
    // Live points: the batters so far have lines.
    const lines = await w.t.db
      .selectFrom('live_player_lines')
      .select('cricsheet_id')
      .where('fixture_id', '=', f.id)
      .execute();
    expect(lines.length).toBeGreaterThan(3);
    for (const l of lines) expect(l.cricsheet_id).toMatch(/^entitysport:\d+$/);

    reveal(m, m.balls.length);
    await pollUntil(
      async () => (await fixtureOf(w, M1)).status,
      (s) => s === 'completed',
      { timeoutMs: 60_000 },
    );
    await sync.settled();
    const done = await fixtureOf(w, M1);
    expect(done.cricsheet_match_id).toBeNull();
    const state = await w.t.db
      .selectFrom('live_fixtures')
      .select('state')
      .where('fixture_id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('completed');
    // The figures are the Cricsheet file's.
    const parsed = parseCricsheetMatch(JSON.parse(readFileSync(cricsheetPath(M1), 'utf8')), `${M1}.json`);
    const stored = await storedFigures(w.t.db, f.id);
    for (const l of parsed.lines) {
      expect(stored.get(l.name), l.name).toEqual({
        runs: l.runs,
        balls: l.balls,
        fours: l.fours,
        sixes: l.sixes,
        wickets: l.wickets,
        ballsBowled: l.ballsBowled,
        runsConceded: l.runsConceded,
        catches: l.catches,
        didPlay: l.didPlay,
      });
    }
    const result = await w.t.db
      .selectFrom('fixture_results')
      .selectAll()
      .where('fixture_id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(result.won_by_runs ?? result.won_by_wickets).toBe(parsed.result.byRuns ?? parsed.result.byWickets);
    // Recorded, re-scored and queued for the result email as any result.
    const run = await w.t.db
      .selectFrom('import_runs')
      .selectAll()
      .where('kind', '=', 'vendor')
      .where('source', '=', `Entity Sport: match ${M1}`)
      .executeTakeFirstOrThrow();
    expect(run.outcome).toBe('succeeded');
    const queued = await w.t.db
      .selectFrom('result_emails')
      .select('fixture_id')
      .where('fixture_id', '=', f.id)
      .execute();
    expect(queued).toHaveLength(1);
    // Written once: the next run leaves it.
    await sync.run('entitysport');
    expect(await w.t.db.selectFrom('import_runs').select('id').where('source', '=', run.source).execute()).toHaveLength(
      1,
    );
  });

  it('stores a match the vendor abandoned without a ball as abandoned', async () => {
    const m = match(M3);
    m.statusOverride = 4;
    m.version += 1;
    clock.set(startOf(m) + 3 * 3600_000);
    const run = await sync.run('entitysport', true);
    expect(run.message).toContain('Results: 1 written.');
    const f = await fixtureOf(w, M3);
    expect(f.status).toBe('abandoned');
    const r = await w.t.db
      .selectFrom('fixture_results')
      .selectAll()
      .where('fixture_id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(r.result_type).toBe('no_result');
    sync.stop();
    await sync.settled();
  });

  it('is run by one process at a time', async () => {
    const other = new VendorSync(w.t.db, w.t.app.deps.config, { clock, provider: { retries: 0 } });
    const [a, b] = await Promise.all([sync.run('entitysport', true), other.run('entitysport', true)]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    other.stop();
    sync.stop();
    await Promise.all([sync.settled(), other.settled()]);
  });

  it('a later Cricsheet file corrects the same fixture: no second fixture, no second player', async () => {
    const fixtures = await w.t.db
      .selectFrom('fixtures')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const players = await w.t.db
      .selectFrom('players')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const f = await fixtureOf(w, M1);
    const before = await storedFigures(w.t.db, f.id);
    const res = await w.op.client.post('/api/operator/results/cricsheet', {
      Files: [{ FileName: `${M1}.json`, ContentBase64: readFileSync(cricsheetPath(M1)).toString('base64') }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().Lines[0]).toMatchObject({ Status: 'imported', FixtureID: f.id });
    const after = await w.t.db
      .selectFrom('fixtures')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(fixtures.n);
    expect((await fixtureOf(w, M1)).cricsheet_match_id).toBe(String(M1));
    const nowPlayers = await w.t.db
      .selectFrom('players')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(nowPlayers.n).toBe(players.n);
    expect(await storedFigures(w.t.db, f.id)).toEqual(before);
  });
});
