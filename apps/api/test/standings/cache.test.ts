import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP } from '../../src/cricket/catalogue';
import { importFromProvider } from '../../src/cricket/import/folder';
import { InMemoryProvider } from '../../src/cricket/provider';
import { openDatabase } from '../../src/db/database';
import { loadLeague } from '../../src/leagues/access';
import { leaderboardCache } from '../../src/standings/cache';
import { leaderboardRows, standingsData } from '../../src/standings/standings';
import { DB_TARGET, TEST_POSTGRES_URL } from '../db';
import { AWAY, type Ball, HOME, ball, buildMatch } from '../cricket/builder';
import { type SignedIn, type TestApp, type TestClient, pollUntil, startTestApp } from '../helpers';
import { joinAs, mpPick, person, psPicks, setUpLeague } from './setup';

/**
 * The in-memory leaderboards (src/standings/cache.ts) and the points kept in standings_points
 * (src/standings/materialize.ts): the bytes are what the on-read computation gives, and every change
 * a leaderboard shows — a result, a member joining, leaving or deleting their account, a late
 * auto-pick, a league setting — is seen on the next request, also by a second app instance on the
 * same PostgreSQL database.
 */
const overHome: Ball[] = [4, 6, 0, 0, 0, 0].map((r) => ball('H1', 'A1', 'H2', r));
const overAway: Ball[] = [1, 1, 1, 0, 0, 0].map((r) => ball('A2', 'H11', 'A3', r));
const match = (n: number, outcome: Record<string, unknown>, pom: string) =>
  buildMatch({
    date: `2024-04-0${n}`,
    event: { name: 'Test League', match_number: n },
    outcome,
    playerOfMatch: [pom],
    innings: [
      { team: HOME, overs: [overHome] },
      { team: AWAY, overs: [overAway] },
    ],
  });

interface Row {
  UserID: number;
  UserDisplayName: string;
  Position: number;
  TotalPoints: number;
  PointsGained: number;
  IsMe: boolean;
}

describe(`cached standings on ${DB_TARGET}`, () => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;
  let cy: SignedIn;
  let di: SignedIn;
  let mpLeague: { LeagueID: number; LeagueCode: string };
  let psLeague: { LeagueID: number; LeagueCode: string };
  const f: number[] = [];
  const player = new Map<string, number>();
  const team = new Map<string, number>();
  const provider = (m2Winner: string) =>
    new InMemoryProvider(
      new Map<string, unknown>([
        ['m1', match(1, { winner: HOME, by: { runs: 7 } }, 'H1')],
        ['m2', match(2, { winner: m2Winner, by: { wickets: 9 } }, 'A1')],
      ]),
    );

  const board = async (who: SignedIn | TestClient, leagueId = mpLeague.LeagueID, path = 'leaderboard') => {
    const client = 'client' in who ? who.client : who;
    const res = await client.get(`/api/view/${path}/${leagueId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json() as Row[];
  };
  const totals = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.UserDisplayName, r.TotalPoints]));

  /** What the on-read computation (no cache, no standings_points shortcut in the ranking) answers. */
  const onRead = async (leagueId: number, me: number) => {
    const league = await loadLeague(t.db, leagueId);
    return leaderboardRows(league, await standingsData(t.db, league, new Date()), me);
  };

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t;
    const report = await importFromProvider(db, provider(AWAY), { overrides: new Map() });
    expect(report.counts.imported, JSON.stringify(report.entries)).toBe(2);
    const fixtures = await db.selectFrom('fixtures').selectAll().orderBy('start_time').execute();
    for (const x of fixtures) f.push(x.id);
    const seasonId = fixtures[0]!.season_id;
    await db.updateTable('seasons').set({ is_active: true }).where('id', '=', seasonId).execute();
    await db
      .insertInto('fixtures')
      .values({
        season_id: seasonId,
        stage_id: fixtures[0]!.stage_id,
        name: 'Later',
        start_time: new Date('2099-01-01T14:00:00Z'),
        local_team_id: fixtures[0]!.local_team_id,
        visitor_team_id: fixtures[0]!.visitor_team_id,
        status: 'scheduled',
        updated_at: new Date(),
      })
      .execute();
    for (const p of await db.selectFrom('players').select(['id', 'cricsheet_id']).execute())
      player.set(p.cricsheet_id!.replace('id-', ''), p.id);
    for (const x of await db.selectFrom('teams').select(['id', 'name']).execute()) team.set(x.name, x.id);

    const w = { t, seasonId, seasonName: 'Test League 2024' };
    ada = await person(t, 'Ada');
    bo = await person(t, 'Bo');
    cy = await person(t, 'Cy');
    di = await person(t, 'Di');
    mpLeague = await setUpLeague(w, ada, { type: 1, name: 'Cached MP' });
    psLeague = await setUpLeague(w, ada, { type: 2, name: 'Cached PS' });
    for (const l of [mpLeague, psLeague]) {
      await joinAs(ada, bo, l, 'Bobby');
      await joinAs(ada, cy, l, 'Cyril');
    }
    const [H, A] = [team.get(HOME)!, team.get(AWAY)!];
    const L = mpLeague.LeagueID;
    // Match 1 (home won): Admin 10, Bobby 0, Cyril 10. Match 2 (away won, A1 player of the match): Bobby 10 + 25.
    await mpPick(db, L, ada.userId, f[0]!, MP.MatchWinner, { team: H });
    await mpPick(db, L, bo.userId, f[0]!, MP.MatchWinner, { team: A });
    await mpPick(db, L, cy.userId, f[0]!, MP.MatchWinner, { team: H });
    await mpPick(db, L, ada.userId, f[1]!, MP.MatchWinner, { team: H });
    await mpPick(db, L, bo.userId, f[1]!, MP.MatchWinner, { team: A });
    await mpPick(db, L, bo.userId, f[1]!, MP.ManOfTheMatch, { player: player.get('A1')! });
    const P = psLeague.LeagueID;
    await psPicks(db, P, ada.userId, f[0]!, [player.get('H1')!]); // 13
    await psPicks(db, P, bo.userId, f[0]!, [player.get('A2')!]); // 3
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the bytes of the on-read computation, with IsMe per caller, and builds once', async () => {
    const cache = leaderboardCache(t.db);
    // The set-up's version bumps arrive by NOTIFY, after their commits: read until one read is a hit, so
    // none of them lands during the measured build (that would rightly build again).
    for (let i = 0; i < 20; i++) {
      const before = cache.hits;
      await board(ada);
      if (cache.hits > before) break;
    }
    cache.clear();
    const builds = cache.builds;
    const [a, b] = await Promise.all([board(ada), board(bo)]);
    expect(cache.builds - builds).toBe(1); // two callers, one build
    expect(a).toEqual(await onRead(mpLeague.LeagueID, ada.userId));
    expect(b).toEqual(await onRead(mpLeague.LeagueID, bo.userId));
    expect(totals(a)).toEqual({ Admin: 10, Bobby: 35, Cyril: 10 });
    expect(a.filter((r) => r.IsMe).map((r) => r.UserID)).toEqual([ada.userId]);
    expect(b.filter((r) => r.IsMe).map((r) => r.UserID)).toEqual([bo.userId]);

    const hits = cache.hits;
    expect(await board(cy)).toEqual(await onRead(mpLeague.LeagueID, cy.userId));
    expect(cache.hits - hits).toBe(1);
    expect(cache.builds - builds).toBe(1);

    const ps = await board(ada, psLeague.LeagueID, 'player_selection_leaderboard');
    expect(ps).toEqual(await onRead(psLeague.LeagueID, ada.userId));
    expect(totals(ps)).toEqual({ Admin: 13, Bobby: 3, Cyril: 0 });
  });

  it('keeps refusing outsiders, pending members and the wrong league type while warm', async () => {
    await board(ada);
    const outsider = await di.client.get(`/api/view/leaderboard/${mpLeague.LeagueID}`);
    expect(outsider.statusCode).toBe(403);
    await joinAs(ada, di, mpLeague, 'Dido', false); // pending
    expect((await di.client.get(`/api/view/leaderboard/${mpLeague.LeagueID}`)).statusCode).toBe(403);
    const wrongType = await ada.client.get(`/api/view/player_selection_leaderboard/${mpLeague.LeagueID}`);
    expect(wrongType.statusCode).toBe(400);
    expect((await ada.client.get('/api/view/leaderboard/999999')).statusCode).toBe(404);
  });

  it('shows a changed result at once, recomputing only that fixture', async () => {
    await board(ada);
    const before = await t.db.selectFrom('standings_points_computed').selectAll().execute();
    const report = await importFromProvider(t.db, provider(HOME), { overrides: new Map() });
    expect(report.counts.updated).toBe(1);
    const rows = await board(ada);
    expect(rows).toEqual(await onRead(mpLeague.LeagueID, ada.userId));
    // Match 2 now went home: Admin 10 + 10, Bobby 0 + 25 (player of the match unchanged), Cyril 10.
    expect(totals(rows)).toEqual({ Admin: 20, Bobby: 25, Cyril: 10 });
    const after = await t.db.selectFrom('standings_points_computed').selectAll().execute();
    const version = (rs: typeof before, fixture: number) =>
      rs.find((r) => r.league_id === mpLeague.LeagueID && r.fixture_id === fixture)?.version;
    expect(String(version(after, f[0]!))).toBe(String(version(before, f[0]!)));
    expect(String(version(after, f[1]!))).not.toBe(String(version(before, f[1]!)));
  });

  it("computes every covering league's points as a result is imported, before any standings read", async () => {
    const points = () =>
      t.db
        .selectFrom('standings_points')
        .select(['user_id', 'points'])
        .where('league_id', '=', mpLeague.LeagueID)
        .where('fixture_id', '=', f[1]!)
        .orderBy('user_id')
        .execute();
    const current = async () => {
      const v = await t.db
        .selectFrom('standings_fixture_versions')
        .select('version')
        .where('fixture_id', '=', f[1]!)
        .executeTakeFirst();
      const c = await t.db
        .selectFrom('standings_points_computed')
        .select('version')
        .where('league_id', '=', mpLeague.LeagueID)
        .where('fixture_id', '=', f[1]!)
        .executeTakeFirst();
      return c !== undefined && String(c.version) === String(v?.version ?? 0);
    };
    // Match 2 goes away again: Bobby 10 + 25, Admin 0 (no leaderboard is read in between).
    const report = await importFromProvider(t.db, provider(AWAY), { overrides: new Map() });
    expect(report.counts.updated).toBe(1);
    expect(report.fixtureIds).toContain(f[1]!);
    expect(await current()).toBe(true);
    expect(await points()).toEqual(
      [
        { user_id: ada.userId, points: 0 },
        { user_id: bo.userId, points: 35 },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    // And back, for the tests below.
    await importFromProvider(t.db, provider(HOME), { overrides: new Map() });
    expect(await current()).toBe(true);
    expect((await points()).find((r) => r.user_id === bo.userId)?.points).toBe(25);
  });

  it('shows members joining, being approved, deleting their account, and late auto-picks', async () => {
    await board(ada);
    const members = (await ada.client.get(`/api/league_member/${mpLeague.LeagueID}/members`)).json().data as {
      MemberID: number;
      UserID: number;
    }[];
    const approve = await ada.client.post('/api/league_member/update_member_status', {
      LeagueMemberID: members.find((m) => m.UserID === di.userId)!.MemberID,
      LeagueID: mpLeague.LeagueID,
      Status: 'Approved',
      AdminUserID: ada.userId,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(Object.keys(totals(await board(ada)))).toContain('Dido');

    // An auto-pick written after the fixture was scored (the job ran late) counts at once.
    await mpPick(t.db, mpLeague.LeagueID, di.userId, f[0]!, MP.MatchWinner, { team: team.get(HOME)! }, true);
    expect(totals(await board(ada)).Dido).toBe(10);

    const gone = await di.client.delete(`/api/user/${di.userId}`, { user_id: di.userId });
    expect(gone.statusCode, gone.body).toBe(200);
    const rows = await board(ada);
    expect(Object.keys(totals(rows))).not.toContain('Dido');
    expect(rows).toEqual(await onRead(mpLeague.LeagueID, ada.userId));
  });

  it('shows league settings and names (private leagues show full names)', async () => {
    const first = await board(ada);
    expect(first.find((r) => r.UserID === bo.userId)).toMatchObject({ UserFullName: 'Bo Tester' });
    await t.db.updateTable('users').set({ first_name: 'Bob' }).where('id', '=', bo.userId).execute();
    expect((await board(ada)).find((r) => r.UserID === bo.userId)).toMatchObject({ UserFullName: 'Bob Tester' });
    await t.db.updateTable('leagues').set({ is_private: false }).where('id', '=', mpLeague.LeagueID).execute();
    expect((await board(ada)).find((r) => r.UserID === bo.userId)).toMatchObject({ UserFullName: '' });
    await t.db.updateTable('leagues').set({ is_private: true }).where('id', '=', mpLeague.LeagueID).execute();
  });

  it.runIf(DB_TARGET === 'postgres')('a second app instance on the same database sees every change', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const second = await openDatabase({ databaseUrl: TEST_POSTGRES_URL, schema: rows[0]!.schema, poolSize: 2 });
    const t2 = await startTestApp({}, {}, second);
    try {
      const c2 = t2.client();
      for (const [k, v] of ada.client.cookies) c2.cookies.set(k, v);
      const warm1 = await board(ada);
      const warm2 = await board(c2);
      expect(warm2).toEqual(warm1);

      // A result lands through instance 1's database handle: instance 2's next answer has it.
      const report = await importFromProvider(t.db, provider(AWAY), { overrides: new Map() });
      expect(report.counts.updated).toBe(1);
      // (Instance 2 learns of it by notification: it may answer from its entry until that arrives.)
      const after2 = await pollUntil(
        () => board(c2),
        (rows) => totals(rows).Bobby === 35,
      );
      expect(totals(after2)).toEqual({ Admin: 10, Bobby: 35, Cyril: 10 });
      expect(after2).toEqual(await board(ada));

      // A member is removed through instance 1's database handle: instance 2 drops them.
      const cyRow = await t.db
        .selectFrom('league_members')
        .select('id')
        .where('league_id', '=', mpLeague.LeagueID)
        .where('user_id', '=', cy.userId)
        .executeTakeFirstOrThrow();
      await t.db.deleteFrom('league_members').where('id', '=', cyRow.id).execute();
      const dropped = await pollUntil(
        () => board(c2),
        (rows) => !rows.some((r) => r.UserDisplayName === 'Cyril'),
      );
      expect(Object.keys(totals(dropped))).toEqual(['Bobby', 'Admin']);
      expect(leaderboardCache(second.db).builds).toBeGreaterThanOrEqual(3);
    } finally {
      await t2.close();
      await second.close();
    }
  });
});
