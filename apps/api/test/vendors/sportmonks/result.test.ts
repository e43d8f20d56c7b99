import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP } from '../../../src/cricket/catalogue';
import { parseCricsheetMatch } from '../../../src/cricket/import/parse';
import { importSchedule } from '../../../src/cricket/import/schedule';
import { importSquads } from '../../../src/cricket/import/squads';
import type { Clock } from '../../../src/live/feed';
import { memoryCallCounter } from '../../../src/vendors/http';
import { writeVendorResult } from '../../../src/vendors/results';
import {
  createSportMonksHttp,
  createSportMonksProvider,
  type SportMonksProvider,
} from '../../../src/vendors/sportmonks/provider';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../../cricket/builder';
import { DB_TARGET } from '../../db';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../helpers';
import { joinAs, mpPick, person, psPicks, setUpLeague } from '../../standings/setup';
import { type SportMonksServer, startSportMonksServer } from './server';
import { buildWorld, IPL_SEASON_ID } from './world';

/**
 * A finished IPL 2024 match through SportMonks, written into its fixture: the winner and the man of
 * the match the same evening (Match Prediction's Winner and Man of the Match score, the standings
 * move), no scorecard (Player Selection and the features read from the players' figures wait), then
 * the match's Cricsheet file in the same fixture. A finished match without a winner writes nothing
 * and says why; a result already stored is not written over; a renamed or missing field, or a man
 * of the match we do not know, writes nothing.
 */

const TOKEN = 'sm-result-test-token-5d02';
const PORT = 4422;
/** Match 1 (CSK v RCB), match 2 (PBKS v DC), match 3 (KKR v SRH). */
const M1 = 1422119;
const M2 = 1422120;
const M3 = 1422121;
const instantClock: Clock = { now: () => new Date('2024-05-27T12:00:00Z'), sleep: async () => {} };

const matchFile = (mid: number) => readFileSync(join(IPL_2024_DIR, `${mid}.json`));
const parsedOf = (mid: number) => parseCricsheetMatch(JSON.parse(matchFile(mid).toString('utf8')), `${mid}.json`);

describe.skipIf(!HAVE_IPL_2024)(`SportMonks results on ${DB_TARGET}`, () => {
  let server: SportMonksServer;
  let t: TestApp;
  let op: SignedIn;
  let ada: SignedIn;
  let bo: SignedIn;
  let sm: SportMonksProvider;
  let mp: { LeagueID: number; LeagueCode: string };
  let ps: { LeagueID: number; LeagueCode: string };
  const fixtureOf = new Map<number, number>();
  /** Our player id by Cricsheet id. */
  const ourPlayer = new Map<string, number>();

  const count = async (table: 'fixtures' | 'fixture_results' | 'fixture_player_of_match' | 'player_fixture_stats') =>
    (await t.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  const runsOf = (mid: number) =>
    t.db
      .selectFrom('import_runs')
      .selectAll()
      .where('kind', '=', 'vendor')
      .where('source', '=', `SportMonks: match ${mid}`)
      .orderBy('id')
      .execute();
  const linesOf = (runId: number) =>
    t.db.selectFrom('import_run_lines').selectAll().where('run_id', '=', runId).orderBy('line_no').execute();
  const fixture = (mid: number) =>
    t.db.selectFrom('fixtures').selectAll().where('id', '=', fixtureOf.get(mid)!).executeTakeFirstOrThrow();
  const resultRow = (mid: number) =>
    t.db.selectFrom('fixture_results').selectAll().where('fixture_id', '=', fixtureOf.get(mid)!).executeTakeFirst();
  const pomOf = async (mid: number) =>
    (
      await t.db
        .selectFrom('fixture_player_of_match')
        .select('player_id')
        .where('fixture_id', '=', fixtureOf.get(mid)!)
        .execute()
    ).map((r) => r.player_id);
  const ourTeam = async (name: string) =>
    (await t.db.selectFrom('teams').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const codeOf = async (name: string) =>
    (await t.db.selectFrom('teams').select('code').where('name', '=', name).executeTakeFirstOrThrow()).code;
  const write = async (mid: number) =>
    writeVendorResult(t.db, 'sportmonks', fixtureOf.get(mid)!, String(mid), await sm.result(String(mid)));

  /** A league's leaderboard: total points by display name. */
  async function board(type: 'MP' | 'PS') {
    const league = type === 'MP' ? mp : ps;
    const path = type === 'MP' ? 'leaderboard' : 'player_selection_leaderboard';
    const res = await bo.client.get(`/api/view/${path}/${league.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(
      (res.json() as { UserDisplayName: string; TotalPoints: number }[]).map((r) => [r.UserDisplayName, r.TotalPoints]),
    );
  }

  async function pointsOf(featureId: number) {
    const r = await t.db
      .selectFrom('league_configurations')
      .select('points')
      .where('league_id', '=', mp.LeagueID)
      .where('feature_id', '=', featureId)
      .executeTakeFirstOrThrow();
    return Number(r.points);
  }

  beforeAll(async () => {
    const world = buildWorld(IPL_2024_DIR);
    server = await startSportMonksServer(world, TOKEN, PORT);
    sm = createSportMonksProvider(
      createSportMonksHttp({ token: TOKEN, baseUrl: server.baseUrl, calls: memoryCallCounter(), clock: instantClock }),
    );
    t = await startTestApp();
    op = await signUp(t, undefined, { first: 'Olive', last: 'Operator' });
    await t.db
      .insertInto('operators')
      .values({ user_id: op.userId, granted_by: null, granted_by_label: 'cli (test)' })
      .execute();

    // The season as a league on SportMonks has it: the schedule from a file (SportMonks does not give
    // it), the squads (here from the same players), and the vendor's ids mapped to ours.
    const mids = [M1, M2, M3];
    const first = parsedOf(M1);
    const rows = await importSchedule(
      t.db,
      mids.map((mid) => {
        const p = parsedOf(mid);
        return {
          season: p.seasonName,
          competition: p.competition,
          year: p.year,
          matchNumber: p.matchNumber,
          startTime: `${p.date}T14:00:00Z`,
          home: p.teams[0],
          away: p.teams[1],
        };
      }),
    );
    expect(rows.every((r) => r.status === 'created')).toBe(true);
    // A fixture still to come, so that the leagues can be joined.
    await importSchedule(t.db, [
      {
        season: first.seasonName,
        name: 'Exhibition',
        stage: 'Playoffs',
        startTime: '2099-05-26T14:00:00Z',
        home: first.teams[0],
        away: first.teams[1],
      },
    ]);
    const squads = world.squads.get(IPL_SEASON_ID)!;
    await importSquads(t.db, {
      season: first.seasonName,
      teams: [...squads].map(([teamId, ids]) => ({
        name: world.teams.get(teamId)!.name,
        players: ids.map((id) => {
          const p = world.players.get(id)!;
          return { name: p.fullname, cricsheetId: world.cricsheetIdOf.get(id)!, position: p.position.name };
        }),
      })),
    });
    await t.db.updateTable('seasons').set({ is_active: true }).where('name', '=', first.seasonName).execute();
    const season = await t.db
      .selectFrom('seasons')
      .select('id')
      .where('name', '=', first.seasonName)
      .executeTakeFirstOrThrow();
    for (const [smId, team] of world.teams) {
      await t.db
        .insertInto('vendor_teams')
        .values({
          vendor: 'sportmonks',
          vendor_id: String(smId),
          vendor_name: team.name,
          team_id: await ourTeam(team.name),
        })
        .execute();
    }
    const players = await t.db.selectFrom('players').select(['id', 'cricsheet_id']).execute();
    for (const p of players) ourPlayer.set(p.cricsheet_id!, p.id);
    await t.db
      .insertInto('vendor_players')
      .values(
        [...world.playerIdOf].map(([cid, smId]) => ({
          vendor: 'sportmonks',
          vendor_id: String(smId),
          player_id: ourPlayer.get(cid)!,
        })),
      )
      .execute();
    for (const mid of mids) {
      const p = parsedOf(mid);
      const f = await t.db
        .selectFrom('fixtures')
        .select('id')
        .where('match_number', '=', p.matchNumber)
        .executeTakeFirstOrThrow();
      fixtureOf.set(mid, f.id);
      await t.db
        .insertInto('vendor_fixtures')
        .values({ vendor: 'sportmonks', vendor_id: String(mid), fixture_id: f.id })
        .execute();
    }

    // A Match Prediction and a Player Selection league; Ada picks match 1's winner, man of the match
    // and top scorer, Bo the other side.
    ada = await person(t, 'Ada', 'Lovelace');
    bo = await person(t, 'Bo', 'Diddley');
    const lw = { t, seasonId: season.id, seasonName: first.seasonName };
    mp = await setUpLeague(lw, ada, { type: 1, name: 'MP SportMonks', showOthersPicks: true });
    ps = await setUpLeague(lw, ada, { type: 2, name: 'PS SportMonks' });
    await joinAs(ada, bo, mp, 'Bobby');
    await joinAs(ada, bo, ps, 'Bobby');
    const m1 = parsedOf(M1);
    const f1 = await fixture(M1);
    const winner = await ourTeam(m1.result.winner!);
    const loser = winner === f1.local_team_id ? f1.visitor_team_id : f1.local_team_id;
    const pom = ourPlayer.get(m1.playerOfMatch[0]!)!;
    // The top scorer among the positions Most Runs allows (not a bowler).
    const batting = m1.lines.filter(
      (l) => l.didPlay && world.players.get(world.playerIdOf.get(l.cricsheetId)!)!.position.name !== 'Bowler',
    );
    const top = batting.sort((a, b) => b.runs - a.runs)[0]!;
    const other = m1.lines.find((l) => l.didPlay && l.cricsheetId !== m1.playerOfMatch[0] && l.runs < top.runs)!;
    await mpPick(t.db, mp.LeagueID, ada.userId, f1.id, MP.MatchWinner, { team: winner });
    await mpPick(t.db, mp.LeagueID, ada.userId, f1.id, MP.ManOfTheMatch, { player: pom });
    await mpPick(t.db, mp.LeagueID, ada.userId, f1.id, MP.MostRuns, { player: ourPlayer.get(top.cricsheetId)! });
    await mpPick(t.db, mp.LeagueID, bo.userId, f1.id, MP.MatchWinner, { team: loser });
    await mpPick(t.db, mp.LeagueID, bo.userId, f1.id, MP.ManOfTheMatch, { player: ourPlayer.get(other.cricsheetId)! });
    const played = m1.lines.filter((l) => l.didPlay).map((l) => ourPlayer.get(l.cricsheetId)!);
    await psPicks(t.db, ps.LeagueID, ada.userId, f1.id, played.slice(0, 6));
    await psPicks(t.db, ps.LeagueID, bo.userId, f1.id, played.slice(6, 12));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it("scores Match Prediction's Winner and Man of the Match the same evening; Player Selection waits for a scorecard", async () => {
    expect(await board('MP')).toEqual({ Admin: 0, Bobby: 0 });
    const before = await count('player_fixture_stats');
    const w = await write(M1);
    expect(w.outcome).toBe('written');

    const m1 = parsedOf(M1);
    const f = await fixture(M1);
    expect(f).toMatchObject({ status: 'completed', cricsheet_match_id: null });
    expect(await resultRow(M1)).toMatchObject({
      result_type: 'normal',
      winner_team_id: await ourTeam(m1.result.winner!),
      won_by_runs: null,
      won_by_wickets: null,
      method: null,
    });
    expect(await pomOf(M1)).toEqual([ourPlayer.get(m1.playerOfMatch[0]!)]);
    // No scorecard: no player's figures.
    expect(await count('player_fixture_stats')).toBe(before);

    // Recorded in the import history as the vendor's, with what changed and why there are no figures.
    const [run, ...more] = await runsOf(M1);
    expect(more).toEqual([]);
    expect(run).toMatchObject({ outcome: 'succeeded', trigger: 'schedule', started_by_label: 'SportMonks sync' });
    const won = `${await codeOf(m1.result.winner!)} won`;
    expect(run!.message).toBe(`SportMonks marked ${m1.seasonName} Match 1 finished: ${won}`);
    const [line] = await linesOf(run!.id);
    expect(line).toMatchObject({ status: 'updated', fixture_id: f.id });
    expect(line!.reason).toMatch(/without a scorecard/);
    const after = (typeof line!.after === 'string' ? JSON.parse(line!.after) : line!.after) as {
      Status: string;
      Result: string;
      PlayerOfMatch: string[];
    };
    expect(after).toMatchObject({ Status: 'completed', Result: won });
    expect(after.PlayerOfMatch).toEqual([`Mustafizur Rahman (${ourPlayer.get(m1.playerOfMatch[0]!)})`]);

    // The standings move: Ada has the Winner and Man of the Match points, not yet Most Runs; Bo none.
    const scored = (await pointsOf(MP.MatchWinner)) + (await pointsOf(MP.ManOfTheMatch));
    expect(scored).toBeGreaterThan(0);
    expect(await board('MP')).toEqual({ Admin: scored, Bobby: 0 });
    expect(await board('PS')).toEqual({ Admin: 0, Bobby: 0 });

    // Written once: the next answer is not written again, and nothing is added to the history.
    expect((await write(M1)).outcome).toBe('already');
    expect(await runsOf(M1)).toHaveLength(1);
  });

  it('is replaced by the Cricsheet file of the same match: the same fixture, the figures and Player Selection arrive', async () => {
    const fixtures = await count('fixtures');
    const players = await t.db
      .selectFrom('players')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await op.client.post('/api/operator/results/cricsheet', {
      Files: [{ FileName: `${M1}.json`, ContentBase64: matchFile(M1).toString('base64') }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Lines[0]).toMatchObject({ Status: 'imported', FixtureID: fixtureOf.get(M1) });
    expect(await count('fixtures')).toBe(fixtures);
    const nowPlayers = await t.db
      .selectFrom('players')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(nowPlayers.n).toBe(players.n);
    const m1 = parsedOf(M1);
    expect(await fixture(M1)).toMatchObject({ status: 'completed', cricsheet_match_id: String(M1) });
    expect(await resultRow(M1)).toMatchObject({
      winner_team_id: await ourTeam(m1.result.winner!),
      won_by_runs: m1.result.byRuns,
      won_by_wickets: m1.result.byWickets,
    });
    expect(await pomOf(M1)).toEqual([ourPlayer.get(m1.playerOfMatch[0]!)]);
    const stats = await t.db
      .selectFrom('player_fixture_stats')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('fixture_id', '=', fixtureOf.get(M1)!)
      .executeTakeFirstOrThrow();
    expect(stats.n).toBe(m1.lines.length);
    // Most Runs now scores for Ada; Player Selection has points.
    const mpBoard = await board('MP');
    expect(mpBoard.Admin).toBe(
      (await pointsOf(MP.MatchWinner)) + (await pointsOf(MP.ManOfTheMatch)) + (await pointsOf(MP.MostRuns)),
    );
    expect(mpBoard.Bobby).toBe(0);
    const psBoard = await board('PS');
    expect(psBoard.Admin! + psBoard.Bobby!).toBeGreaterThan(0);
  });

  it("is never written over a result already stored (here the Cricsheet file's)", async () => {
    const stored = await resultRow(M1);
    const pom = await pomOf(M1);
    // The vendor asked again (its claim cleared), now naming the other team and no man of the match.
    await t.db
      .updateTable('vendor_fixtures')
      .set({ result_at: null })
      .where('vendor', '=', 'sportmonks')
      .where('vendor_id', '=', String(M1))
      .execute();
    const f = await fixture(M1);
    const w = server.world.fixtures.get(M1)!;
    const loser = w.winnerteam_id === w.localteam_id ? w.visitorteam_id : w.localteam_id;
    const r = await writeVendorResult(t.db, 'sportmonks', f.id, String(M1), {
      status: 'finished',
      scorecard: null,
      outcome: { winnerTeamId: String(loser), playerOfMatchId: null },
    });
    expect(r.outcome).toBe('already');
    expect(await resultRow(M1)).toEqual(stored);
    expect(await pomOf(M1)).toEqual(pom);
    const last = (await runsOf(M1)).at(-1)!;
    const [line] = await linesOf(last.id);
    expect(line).toMatchObject({ status: 'unchanged' });
    const code = await codeOf(parsedOf(M1).result.winner!);
    expect(line!.reason).toMatch(
      new RegExp(`already has a result \\(${code} won by \\d+ (runs|wickets)\\): SportMonks's outcome was not written`),
    );
  });

  it('a finished match without a winner writes nothing, says why, and is not asked again', async () => {
    server.world.fixtures.get(M2)!.winnerteam_id = null;
    const counts = [await count('fixture_results'), await count('fixture_player_of_match')];
    const r = await sm.result(String(M2));
    expect(r.outcome).toMatchObject({ winnerTeamId: null });
    const w = await writeVendorResult(t.db, 'sportmonks', fixtureOf.get(M2)!, String(M2), r);
    expect(w.outcome).toBe('failed');
    expect(w.message).toMatch(/without naming a winner/);
    expect(await fixture(M2)).toMatchObject({ status: 'scheduled' });
    expect(await resultRow(M2)).toBeUndefined();
    expect([await count('fixture_results'), await count('fixture_player_of_match')]).toEqual(counts);
    const [run, ...more] = await runsOf(M2);
    expect(more).toEqual([]);
    expect(run).toMatchObject({ outcome: 'failed' });
    const [line] = await linesOf(run!.id);
    expect(line).toMatchObject({ status: 'failed', fixture_id: fixtureOf.get(M2) });
    expect(line!.reason).toMatch(
      /finished without naming a winner: a tie or a no result cannot be told apart .* nothing was written/,
    );
    // Claimed: asked once, no second run.
    expect((await write(M2)).outcome).toBe('already');
    expect(await runsOf(M2)).toHaveLength(1);
  });

  it('a renamed or missing field fails naming it, and nothing is written', async () => {
    const counts = async () => [
      await count('fixture_results'),
      await count('fixture_player_of_match'),
      (await t.db.selectFrom('import_runs').select('id').execute()).length,
    ];
    const before = await counts();
    server.inject({ fault: { kind: 'rename', from: 'winnerteam', to: 'winner_team' }, path: /^\/fixtures\// });
    await expect(write(M3)).rejects.toMatchObject({ kind: 'shape', field: 'data.winnerteam' });
    server.inject({ fault: { kind: 'drop', field: 'manofmatch' }, path: /^\/fixtures\// });
    await expect(write(M3)).rejects.toMatchObject({
      kind: 'shape',
      field: 'data.manofmatch',
      message: expect.stringMatching(/field data\.manofmatch is missing/),
    });
    expect(await counts()).toEqual(before);
    expect(await fixture(M3)).toMatchObject({ status: 'scheduled' });
  });

  it('a man of the match we do not know writes nothing and is asked again; once known, the outcome is written', async () => {
    const smPom = server.world.fixtures.get(M3)!.manofmatch_id!;
    const mapping = await t.db
      .selectFrom('vendor_players')
      .selectAll()
      .where('vendor', '=', 'sportmonks')
      .where('vendor_id', '=', String(smPom))
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('vendor_players')
      .where('vendor', '=', 'sportmonks')
      .where('vendor_id', '=', String(smPom))
      .execute();
    const w = await write(M3);
    expect(w.outcome).toBe('failed');
    expect(w.message).toMatch(
      new RegExp(`man of the match \\(player ${smPom}\\) is not a player of either team's squad`),
    );
    expect(await resultRow(M3)).toBeUndefined();
    expect(await fixture(M3)).toMatchObject({ status: 'scheduled' });
    await t.db.insertInto('vendor_players').values(mapping).execute();
    expect((await write(M3)).outcome).toBe('written');
    expect(await pomOf(M3)).toEqual([mapping.player_id]);
    expect(await fixture(M3)).toMatchObject({ status: 'completed' });
  });
});
