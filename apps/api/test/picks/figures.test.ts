import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { importSchedule } from '../../src/cricket/import/schedule';
import { TEAM_COLOURS } from '../../src/cricket/teams';
import { loadStatLines } from '../../src/cricket/scoring/derived';
import { DEFAULT_PS_POINTS, playerPoints } from '../../src/cricket/scoring/player-selection';
import { DB_TARGET } from '../db';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { type SignedIn, type TestApp, startTestApp } from '../helpers';
import { joinAs, person, setUpLeague } from '../standings/setup';

/**
 * The Player Selection picker's figures (GET /player_selection/player_figures/) on real data: the
 * first MATCHES Cricsheet files of IPL 2024 imported, then an upcoming CSK v RCB fixture. Each squad
 * player's season points must equal the sum, over the scored fixtures they played, of their line
 * scored by the pure scoring functions under the league's points; the last three are the latest three
 * of those fixtures, oldest first, with the same per-fixture points.
 */
const MATCHES = 10;

interface Figures {
  PlayerID: number;
  SeasonPoints: number;
  Matches: number;
  LastThree: { FixtureID: number; FixtureName: string; StartTime: string; Points: number }[];
}

describe.skipIf(!HAVE_IPL_2024)(`player figures for the picker on ${DB_TARGET}`, () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;
  let ox: SignedIn;
  let league: { LeagueID: number; LeagueCode: string };
  let defaultLeague: { LeagueID: number; LeagueCode: string };
  let mpLeague: { LeagueID: number; LeagueCode: string };
  let upcomingId: number;
  let firstFixtureId: number;
  /** League points (magnitudes) of `league`: Run 2, Duck 5, Wicket 20; Maiden off. */
  const leaguePoints = new Map(DEFAULT_PS_POINTS);
  leaguePoints.set(101, 2);
  leaguePoints.set(107, 5);
  leaguePoints.set(108, 20);
  leaguePoints.delete(113);
  const tmp = mkdtempSync(join(tmpdir(), 'figures-'));

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t;
    for (let i = 0; i < MATCHES; i += 1)
      copyFileSync(join(IPL_2024_DIR, `${1422119 + i}.json`), join(tmp, `${i}.json`));
    await importCricsheetPath(db, tmp);
    await importSchedule(db, [
      {
        season: 'IPL 2024',
        competition: 'Indian Premier League',
        year: 2024,
        name: 'Exhibition',
        stage: 'Playoffs',
        startTime: '2099-05-26T14:00:00Z',
        home: 'Chennai Super Kings',
        away: 'Royal Challengers Bengaluru',
      },
    ]);
    await db.updateTable('seasons').set({ is_active: true }).where('name', '=', 'IPL 2024').execute();
    const season = await db.selectFrom('seasons').select('id').where('name', '=', 'IPL 2024').executeTakeFirstOrThrow();
    const fixtures = await db
      .selectFrom('fixtures')
      .select(['id', 'name', 'start_time'])
      .where('season_id', '=', season.id)
      .orderBy('start_time')
      .execute();
    upcomingId = fixtures.find((f) => f.name === 'Exhibition')!.id;
    firstFixtureId = fixtures[0]!.id;
    const w = { t, seasonId: season.id, seasonName: 'IPL 2024' };
    ada = await person(t, 'Ada', 'Lovelace');
    bo = await person(t, 'Bo', 'Diddley');
    ox = await person(t, 'Ox', 'Outsider');
    league = await setUpLeague(w, ada, {
      type: 2,
      name: 'PS Figures',
      points: { 101: 2, 107: 5, 108: 20 },
      inactive: [113],
    });
    defaultLeague = await setUpLeague(w, ada, { type: 2, name: 'PS Defaults' });
    // A Match Prediction league whose Most Runs points are changed: its figures still use the stat defaults.
    mpLeague = await setUpLeague(w, ada, { type: 1, name: 'MP Figures', points: { 2: 50 } });
    await joinAs(ada, bo, league, 'Bobby');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const figures = async (who: SignedIn, leagueId: number, fixtureId: number) => {
    const res = await who.client.get(
      `/api/player_selection/player_figures/?FixtureID=${fixtureId}&LeagueID=${leagueId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Figures[];
  };

  /** Per player, their scored fixtures before the upcoming one with their points, by the pure functions. */
  async function independent(points: ReadonlyMap<number, number>) {
    const scored = await t.db
      .selectFrom('fixtures as f')
      .innerJoin('fixture_results as r', 'r.fixture_id', 'f.id')
      .select(['f.id', 'f.start_time'])
      .where('f.status', '=', 'completed')
      .where('r.result_type', 'in', ['normal', 'tie'])
      .where('f.id', '!=', upcomingId)
      .orderBy('f.start_time')
      .orderBy('f.id')
      .execute();
    const byPlayer = new Map<number, { fixtureId: number; points: number }[]>();
    for (const f of scored) {
      for (const l of await loadStatLines(t.db, f.id)) {
        if (!l.didPlay) continue;
        const list = byPlayer.get(l.playerId) ?? [];
        list.push({ fixtureId: f.id, points: playerPoints(l.line, l.positionId, points).total });
        byPlayer.set(l.playerId, list);
      }
    }
    return { byPlayer, scoredCount: scored.length };
  }

  it("gives every squad player's season points and last three, as the scoring functions compute them", async () => {
    const got = await figures(bo, league.LeagueID, upcomingId);
    const squad = await t.db
      .selectFrom('players as p')
      .innerJoin('squads as s', 's.player_id', 'p.id')
      .innerJoin('teams as tm', 'tm.id', 's.team_id')
      .select(['p.id', 'p.full_name'])
      .where('tm.name', 'in', ['Chennai Super Kings', 'Royal Challengers Bengaluru'])
      .execute();
    expect(got.map((g) => g.PlayerID).sort((a, b) => a - b)).toEqual(squad.map((s) => s.id).sort((a, b) => a - b));

    const { byPlayer, scoredCount } = await independent(leaguePoints);
    expect(scoredCount).toBeGreaterThanOrEqual(MATCHES - 1);
    let withThree = 0;
    for (const g of got) {
      const played = byPlayer.get(g.PlayerID) ?? [];
      expect(g.Matches, `player ${g.PlayerID}`).toBe(played.length);
      expect(g.SeasonPoints, `player ${g.PlayerID}`).toBe(played.reduce((s, p) => s + p.points, 0));
      expect(g.LastThree.map((x) => [x.FixtureID, x.Points])).toEqual(
        played.slice(-3).map((p) => [p.fixtureId, p.points]),
      );
      const times = g.LastThree.map((x) => Date.parse(x.StartTime));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      if (g.LastThree.length === 3) withThree += 1;
    }
    // RCB played three of the first ten matches: their XI regulars have a full last three.
    expect(withThree).toBeGreaterThanOrEqual(8);

    // A known player, checked by name: V Kohli played every RCB match so far.
    const kohli = squad.find((s) => s.full_name === 'V Kohli')!;
    const k = got.find((g) => g.PlayerID === kohli.id)!;
    expect(k.Matches).toBeGreaterThanOrEqual(3);
    expect(k.SeasonPoints).toBe((byPlayer.get(kohli.id) ?? []).reduce((s, p) => s + p.points, 0));
    expect(k.SeasonPoints).toBeGreaterThan(0);
  });

  it("uses the league's points settings (a league on the defaults gives other figures)", async () => {
    const custom = await figures(ada, league.LeagueID, upcomingId);
    const defaults = await figures(ada, defaultLeague.LeagueID, upcomingId);
    const { byPlayer } = await independent(DEFAULT_PS_POINTS);
    for (const g of defaults) {
      expect(g.SeasonPoints).toBe((byPlayer.get(g.PlayerID) ?? []).reduce((s, p) => s + p.points, 0));
    }
    const total = (list: Figures[]) => list.reduce((s, g) => s + g.SeasonPoints, 0);
    // Runs at 2 instead of 1 and wickets at 20 instead of 25 change the totals.
    expect(total(custom)).not.toBe(total(defaults));
  });

  it("gives a Match Prediction league's player dropdowns the same figures, at the default stat points", async () => {
    const mp = await figures(ada, mpLeague.LeagueID, upcomingId);
    const defaults = await figures(ada, defaultLeague.LeagueID, upcomingId);
    const byId = (list: Figures[]) => [...list].sort((a, b) => a.PlayerID - b.PlayerID);
    expect(mp.length).toBeGreaterThan(20);
    expect(byId(mp)).toEqual(byId(defaults));
    const { byPlayer } = await independent(DEFAULT_PS_POINTS);
    for (const g of mp) {
      const played = byPlayer.get(g.PlayerID) ?? [];
      expect(g.SeasonPoints).toBe(played.reduce((s, p) => s + p.points, 0));
      expect(g.LastThree.map((f) => f.Points)).toEqual(played.slice(-3).map((p) => p.points));
    }
    // A stranger still may not read it.
    const res = await ox.client.get(
      `/api/player_selection/player_figures/?FixtureID=${upcomingId}&LeagueID=${mpLeague.LeagueID}`,
    );
    expect(res.statusCode).toBe(403);
  });

  it('counts only fixtures before the chosen one: before the first match of the season every figure is 0', async () => {
    const got = await figures(ada, league.LeagueID, firstFixtureId);
    expect(got.length).toBeGreaterThan(0);
    for (const g of got) expect(g).toMatchObject({ SeasonPoints: 0, Matches: 0, LastThree: [] });
  });

  it("lists the league's fixtures with each team's colour from the catalogue table", async () => {
    const res = await bo.client.get(`/api/league_fixture/getAllFixturesForLeague/${league.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    const exhibition = (res.json() as Record<string, unknown>[]).find((f) => f.FixtureID === upcomingId)!;
    expect(exhibition).toMatchObject({
      LocalTeamCode: 'CSK',
      LocalTeamColour: TEAM_COLOURS['Chennai Super Kings'],
      VisitorTeamCode: 'RCB',
      VisitorTeamColour: TEAM_COLOURS['Royal Challengers Bengaluru'],
    });
  });

  it('refuses bad ids, strangers and anonymous callers with 4xx', async () => {
    const get = (who: SignedIn, q: string) => who.client.get(`/api/player_selection/player_figures/?${q}`);
    expect((await get(ada, `FixtureID=abc&LeagueID=${league.LeagueID}`)).statusCode).toBe(400);
    expect((await get(ada, `LeagueID=${league.LeagueID}`)).statusCode).toBe(400);
    expect((await get(ada, `FixtureID=0&LeagueID=${league.LeagueID}`)).statusCode).toBe(400);
    const unknownFixture = await get(ada, `FixtureID=999999&LeagueID=${league.LeagueID}`);
    expect(unknownFixture.statusCode).toBe(404);
    expect(unknownFixture.json().error.message).toBe('Fixture not found.');
    expect((await get(ada, `FixtureID=${upcomingId}&LeagueID=999999`)).statusCode).toBe(404);
    expect((await get(ox, `FixtureID=${upcomingId}&LeagueID=${league.LeagueID}`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/player_selection/player_figures/?FixtureID=${upcomingId}&LeagueID=${league.LeagueID}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
