import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES_BY_ID, MP } from '../../src/cricket/catalogue';
import { importCricsheetPath } from '../../src/cricket/import/folder';
import { importResults } from '../../src/cricket/import/results';
import { importSchedule } from '../../src/cricket/import/schedule';
import { DB_TARGET } from '../db';
import { HAVE_IPL_2024, IPL_2024_DIR } from '../cricket/builder';
import { type SignedIn, type TestApp, startTestApp } from '../helpers';
import { independentStandings, insertPlayers, joinAs, mpPick, person, psPicks, setUpLeague } from './setup';

/**
 * A slice of the real IPL 2024 season: the schedule of the first FIXTURES matches first, every pick made
 * (written straight into the pick tables: these fixtures are in the past), then the Cricsheet results
 * arrive one match at a time. After each, the API's leaderboards, progression and score details must
 * equal an independent computation (./setup.ts `independentStandings`) and add up to each other.
 */
const FIXTURES = 12;
const m = messages.standingsApi;

interface MatchFile {
  file: string;
  matchNumber: number;
  date: string;
  teams: [string, string];
  players: Record<string, string[]>;
  registry: Record<string, string>;
}

function readMatches(): MatchFile[] {
  const files = Array.from({ length: FIXTURES }, (_, i) => `${1422119 + i}.json`);
  return files.map((file) => {
    const json = JSON.parse(readFileSync(join(IPL_2024_DIR, file), 'utf8'));
    return {
      file,
      matchNumber: json.info.event.match_number,
      date: json.info.dates[0],
      teams: json.info.teams,
      players: json.info.players,
      registry: json.info.registry.people,
    };
  });
}

describe.skipIf(!HAVE_IPL_2024)(`standings over a slice of IPL 2024 on ${DB_TARGET}`, () => {
  let t: TestApp;
  let matches: MatchFile[];
  let ada: SignedIn;
  let bo: SignedIn;
  let cy: SignedIn;
  let di: SignedIn;
  let pe: SignedIn;
  let ox: SignedIn;
  let mpLeague: { LeagueID: number; LeagueCode: string };
  let psLeague: { LeagueID: number; LeagueCode: string };
  /** A Player Selection league with every team rule on: Ada with a captain and a vice-captain, Di the same XI without. */
  let psRulesLeague: { LeagueID: number; LeagueCode: string };
  const fixtureIds: number[] = [];
  const playerId = new Map<string, number>(); // cricsheet id → player id
  const tmp = mkdtempSync(join(tmpdir(), 'standings-'));

  /** The XI (plus impact player) of a team in match k, as player ids. */
  const xi = (k: number, team: 0 | 1) => {
    const mf = matches[k]!;
    return mf.players[mf.teams[team]]!.map((name) => playerId.get(mf.registry[name]!)!);
  };

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t;
    matches = readMatches();
    await importSchedule(db, [
      ...matches.map((mf, i) => ({
        season: 'IPL 2024',
        competition: 'Indian Premier League',
        year: 2024,
        matchNumber: mf.matchNumber,
        startTime: `${mf.date}T${matches[i + 1]?.date === mf.date ? '10' : '14'}:00:00Z`,
        home: mf.teams[0],
        away: mf.teams[1],
      })),
      // One fixture still to come, so the leagues are Active (joinable) rather than Finished.
      {
        season: 'IPL 2024',
        name: 'Exhibition',
        stage: 'Playoffs',
        startTime: '2099-05-26T14:00:00Z',
        home: matches[0]!.teams[0],
        away: matches[0]!.teams[1],
      },
    ]);
    await db.updateTable('seasons').set({ is_active: true }).where('name', '=', 'IPL 2024').execute();
    const season = await db.selectFrom('seasons').select('id').where('name', '=', 'IPL 2024').executeTakeFirstOrThrow();
    for (const mf of matches) {
      const f = await db
        .selectFrom('fixtures')
        .select('id')
        .where('season_id', '=', season.id)
        .where('match_number', '=', mf.matchNumber)
        .executeTakeFirstOrThrow();
      fixtureIds.push(f.id);
    }
    // The players exist before their first match (as after a squads import); the importer finds them
    // by Cricsheet id and infers their positions as the results arrive.
    const people = new Map<string, string>();
    for (const mf of matches) for (const name of Object.values(mf.players).flat()) people.set(mf.registry[name]!, name);
    for (const [cricsheetId, id] of await insertPlayers(db, people)) playerId.set(cricsheetId, id);

    const w = { t, seasonId: season.id, seasonName: 'IPL 2024' };
    ada = await person(t, 'Ada', 'Lovelace');
    bo = await person(t, 'Bo', 'Diddley');
    cy = await person(t, 'Cy', 'Young');
    di = await person(t, 'Di', 'Fisher');
    pe = await person(t, 'Pe', 'Pending');
    ox = await person(t, 'Ox', 'Outsider');
    mpLeague = await setUpLeague(w, ada, {
      type: 1,
      name: 'MP Slice',
      showOthersPicks: true,
      points: { [MP.MatchWinner]: 7, [MP.MostRuns]: 13, [MP.MostWickets]: 11, [MP.WinningMargin]: 9 },
      inactive: [MP.TotalSixes],
    });
    psLeague = await setUpLeague(w, ada, {
      type: 2,
      name: 'PS Slice',
      points: { 101: 2, 107: 5, 108: 20, 130: 3 },
      inactive: [113],
    });
    psRulesLeague = await setUpLeague(w, ada, {
      type: 2,
      name: 'PS Slice with rules',
      points: { 101: 2, 107: 5, 108: 20, 130: 3 },
      inactive: [113],
    });
    await db
      .updateTable('league_team_rules')
      .set({ budget_tenths: 1000, captain_pct: 200, vice_captain_pct: 150, max_per_side: 7, backups: 4 })
      .where('league_id', '=', psRulesLeague.LeagueID)
      .execute();
    await joinAs(ada, di, psRulesLeague, 'Diana');
    await joinAs(ada, bo, mpLeague, 'Bobby');
    await joinAs(ada, cy, mpLeague, 'Cyril');
    await joinAs(ada, di, mpLeague, 'Diana');
    await joinAs(ada, pe, mpLeague, 'Penny', false);
    await joinAs(ada, bo, psLeague, 'Bobby');
    await joinAs(ada, cy, psLeague, 'Cyril');

    const teams = await db
      .selectFrom('fixtures')
      .select(['id', 'local_team_id', 'visitor_team_id'])
      .where('id', 'in', fixtureIds)
      .execute();
    const teamOf = new Map(teams.map((r) => [r.id, r]));
    const L = mpLeague.LeagueID;
    for (let k = 0; k < FIXTURES; k += 1) {
      const f = fixtureIds[k]!;
      const { local_team_id: home, visitor_team_id: away } = teamOf.get(f)!;
      const [h, a] = [xi(k, 0), xi(k, 1)];
      // Ada: the home side; Cy copies Ada for three matches (ties), then backs the visitors; Bo skips match 3.
      const adaPicks = async (userId: number) => {
        await mpPick(db, L, userId, f, MP.MatchWinner, { team: home });
        await mpPick(db, L, userId, f, MP.MostRuns, { player: h[0]! });
        await mpPick(db, L, userId, f, MP.MostWickets, { player: a[10]! });
        await mpPick(db, L, userId, f, MP.ManOfTheMatch, { player: h[1]! });
        await mpPick(db, L, userId, f, MP.WinningMargin, { bonus: 501 + (k % 6) });
        await mpPick(db, L, userId, f, MP.TotalSixes, { bonus: 601 + (k % 4) });
      };
      await adaPicks(ada.userId);
      if (k < 3) await adaPicks(cy.userId);
      else {
        await mpPick(db, L, cy.userId, f, MP.MatchWinner, { team: away });
        await mpPick(db, L, cy.userId, f, MP.MostRuns, { player: a[1]! });
        await mpPick(db, L, cy.userId, f, MP.MostWickets, { player: h[9]! });
        await mpPick(db, L, cy.userId, f, MP.ManOfTheMatch, { player: a[0]! });
        await mpPick(db, L, cy.userId, f, MP.WinningMargin, { bonus: 504 });
      }
      if (k !== 2) {
        const auto = k % 3 === 0;
        await mpPick(db, L, bo.userId, f, MP.MatchWinner, { team: k % 2 ? home : away }, auto);
        await mpPick(db, L, bo.userId, f, MP.MostRuns, { player: h[2]! }, auto);
        await mpPick(db, L, bo.userId, f, MP.MostWickets, { player: a[8]! }, auto);
        await mpPick(db, L, bo.userId, f, MP.ManOfTheMatch, { player: h[0]! }, auto);
        await mpPick(db, L, bo.userId, f, MP.WinningMargin, { bonus: 506 }, auto);
      }
      const P = psLeague.LeagueID;
      const adaTeam = [h[0]!, h[1]!, h[2]!, h[3]!, a[0]!, a[10]!];
      await psPicks(db, P, ada.userId, f, adaTeam);
      if (k !== 4) await psPicks(db, P, bo.userId, f, [a[1]!, a[2]!, a[3]!, a[4]!, h[9]!, h[10]!], k % 2 === 0);
      await psPicks(db, P, cy.userId, f, k < 2 ? adaTeam : [h[4]!, h[5]!, h[6]!, a[6]!, a[7]!, a[8]!]);
      // The rules league: Ada's XI with a captain and vice-captain that change every match; Di the same XI, none.
      const R = psRulesLeague.LeagueID;
      await psPicks(db, R, ada.userId, f, adaTeam);
      await psPicks(db, R, di.userId, f, adaTeam);
      await db
        .insertInto('player_selection_teams')
        .values({
          league_id: R,
          user_id: ada.userId,
          fixture_id: f,
          captain_player_id: adaTeam[k % 6]!,
          vice_captain_player_id: adaTeam[(k + 1) % 6]!,
          backups: [],
        })
        .execute();
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const featureIdByName = new Map([...FEATURES_BY_ID.values()].map((f) => [f.name, f.id]));

  /** Leaderboard, progression and every member's details against the independent computation. */
  async function checkLeague(kind: 'MP' | 'PS' | 'PS rules', opts: { allPlayerDetails?: boolean } = {}) {
    const type = kind === 'MP' ? 'MP' : 'PS';
    const league = kind === 'MP' ? mpLeague : kind === 'PS' ? psLeague : psRulesLeague;
    const members = kind === 'MP' ? [ada, bo, cy, di] : kind === 'PS' ? [ada, bo, cy] : [ada, di];
    const expected = await independentStandings(
      t.db,
      league.LeagueID,
      members.map((x) => x.userId),
    );
    const path = type === 'MP' ? 'leaderboard' : 'player_selection_leaderboard';
    const reader = kind === 'PS rules' ? di : bo;
    const res = await reader.client.get(`/api/view/${path}/${league.LeagueID}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as {
      UserID: number;
      UserDisplayName: string;
      UserFullName: string;
      Position: number;
      PositionChange: number;
      TotalPoints: number;
      PointsGained: number;
      IsMe: boolean;
    }[];
    const got = rows
      .map((r) => ({
        userId: r.UserID,
        position: r.Position,
        change: r.PositionChange,
        total: r.TotalPoints,
        gained: r.PointsGained,
      }))
      .sort((a, b) => a.userId - b.userId);
    expect(got).toEqual([...expected.rows].sort((a, b) => a.userId - b.userId));
    // Sorted by position, then display name; IsMe marks the caller; private league → full names.
    const sorted = [...rows].sort(
      (a, b) => a.Position - b.Position || a.UserDisplayName.localeCompare(b.UserDisplayName),
    );
    expect(rows.map((r) => r.UserID)).toEqual(sorted.map((r) => r.UserID));
    expect(rows.filter((r) => r.IsMe).map((r) => r.UserID)).toEqual([reader.userId]);
    expect(rows.find((r) => r.UserID === reader.userId)?.UserFullName).toBe(reader === bo ? 'Bo Diddley' : 'Di Fisher');

    const prog = (await ada.client.get(`/api/view/progression/${league.LeagueID}`)).json() as {
      Fixtures: { FixtureID: number }[];
      Series: { UserID: number; Points: number[] }[];
    };
    expect(prog.Fixtures.map((f) => f.FixtureID)).toEqual(expected.fixtures);
    for (const who of members) {
      expect(prog.Series.find((s) => s.UserID === who.userId)?.Points).toEqual(expected.cumulative(who.userId));
    }

    const scored = new Set(expected.fixtures);
    for (const who of members) {
      const total = expected.rows.find((r) => r.userId === who.userId)!.total;
      if (type === 'MP') {
        const details = await who.client.post('/api/view/pastSelections', {
          LeagueID: league.LeagueID,
          UserID: who.userId,
        });
        expect(details.statusCode, details.body).toBe(200);
        const list = details.json() as {
          FixtureID: number;
          Feature: string;
          Points: number;
          WinningTeam: string;
          WinningPlayer: string;
          WinningBonus: string;
        }[];
        expect(list.reduce((s, r) => s + r.Points, 0)).toBe(total);
        const picks = await t.db
          .selectFrom('league_selections as s')
          .innerJoin('league_configurations as c', 'c.id', 's.league_configuration_id')
          .select(['s.id', 's.fixture_id', 'c.feature_id'])
          .where('s.league_id', '=', league.LeagueID)
          .where('s.user_id', '=', who.userId)
          .execute();
        expect(list).toHaveLength(picks.length); // every pick of a started fixture, scored or not
        for (const r of list) {
          const pick = picks.find(
            (p) => p.fixture_id === r.FixtureID && p.feature_id === featureIdByName.get(r.Feature),
          );
          expect(pick).toBeDefined();
          expect(r.Points).toBe(scored.has(r.FixtureID) ? (expected.perPick.get(pick!.id) ?? 0) : 0);
          if (!scored.has(r.FixtureID)) expect(r.WinningTeam + r.WinningPlayer + r.WinningBonus).toBe('');
        }
      } else {
        const details = await who.client.post('/api/view/pastPlayerSelections', {
          LeagueID: league.LeagueID,
          UserID: who.userId,
        });
        expect(details.statusCode, details.body).toBe(200);
        const list = details.json() as {
          FixtureID: number;
          PlayerID: number;
          Points: number;
          BasePoints: number;
          Multiplier: number;
          Role: 'C' | 'VC' | null;
          IsAutoPick: boolean;
        }[];
        expect(list.reduce((s, r) => s + r.Points, 0)).toBe(total);
        const picks = await t.db
          .selectFrom('player_selections')
          .select(['id', 'fixture_id', 'player_id', 'is_auto_pick'])
          .where('league_id', '=', league.LeagueID)
          .where('user_id', '=', who.userId)
          .execute();
        expect(list).toHaveLength(picks.length);
        for (const r of list) {
          const pick = picks.find((p) => p.fixture_id === r.FixtureID && p.player_id === r.PlayerID)!;
          expect(r.IsAutoPick).toBe(pick.is_auto_pick);
          expect(r.Points).toBe(scored.has(r.FixtureID) ? (expected.perPick.get(pick.id) ?? 0) : 0);
          // The captain's 2× and the vice-captain's 1.5× are shown beside the base points.
          expect(r.Multiplier).toBe(r.Role === 'C' ? 2 : r.Role === 'VC' ? 1.5 : 1);
          if (kind !== 'PS rules' || who !== ada) expect(r.Role).toBeNull();
        }
        if (kind === 'PS rules' && who === ada) {
          // One captain and one vice-captain in every started fixture.
          for (const f of new Set(list.map((r) => r.FixtureID))) {
            expect(
              list
                .filter((r) => r.FixtureID === f)
                .map((r) => r.Role)
                .sort(),
            ).toEqual(['C', 'VC', null, null, null, null]);
          }
        }
        // The per-stat breakdown adds up to each pick's points (latest scored fixture, or all of them).
        const fixtures = opts.allPlayerDetails ? [...scored] : expected.fixtures.slice(-1);
        for (const fixtureId of fixtures) {
          const stats = await who.client.post('/api/view/playerSelectionsDetailedScoring', {
            LeagueID: league.LeagueID,
            FixtureID: fixtureId,
            UserID: who.userId,
            PlayerID: 0,
          });
          expect(stats.statusCode, stats.body).toBe(200);
          const perPlayer = new Map<number, number>();
          for (const s of stats.json() as { PlayerID: number; Points: number }[])
            perPlayer.set(s.PlayerID, (perPlayer.get(s.PlayerID) ?? 0) + s.Points);
          // The stat rows add up to the base points, before the multiplier.
          for (const r of list.filter((x) => x.FixtureID === fixtureId))
            expect(perPlayer.get(r.PlayerID) ?? 0).toBe(r.BasePoints);
        }
      }
    }
    return expected;
  }

  it('answers the leaderboards, progression and details consistently as results arrive one by one', async () => {
    const before = await checkLeague('MP');
    expect(before.rows.every((r) => r.total === 0 && r.position === 1)).toBe(true);
    await checkLeague('PS');
    let sawTie = false;
    let sawMove = false;
    let sawMultiplied = false;
    for (const mf of matches) {
      const report = await importCricsheetPath(t.db, join(IPL_2024_DIR, mf.file));
      expect(report.counts.failed, JSON.stringify(report.entries)).toBe(0);
      const mpRows = (await checkLeague('MP')).rows;
      const psRows = (await checkLeague('PS')).rows;
      const rulesRows = (await checkLeague('PS rules')).rows;
      // Di's XI without a captain scores exactly Ada's base total (the same XI in the league without rules).
      const total = (rows: typeof psRows, userId: number) => rows.find((r) => r.userId === userId)!.total;
      expect(total(rulesRows, di.userId)).toBe(total(psRows, ada.userId));
      if (total(rulesRows, ada.userId) !== total(rulesRows, di.userId)) sawMultiplied = true;
      for (const rows of [mpRows, psRows]) {
        if (new Set(rows.map((r) => r.position)).size < rows.length) sawTie = true;
        if (rows.some((r) => r.change !== 0)) sawMove = true;
      }
    }
    // The slice exercises ties and movement (facts about the data and the picks, not the code).
    expect(sawTie).toBe(true);
    // The captain and vice-captain made a difference (a fact about the data; checkLeague proved how much).
    expect(sawMultiplied).toBe(true);
    expect(sawMove).toBe(true);
    await checkLeague('PS', { allPlayerDetails: true });
  }, 300_000);

  it('re-scores everything after a corrected result (manual result and a changed Cricsheet file)', async () => {
    // Match 3: KKR (home) beat SRH by 4 runs. Ada picked the home side to win in every match.
    const adaMw = async () => {
      const list = (
        await ada.client.post('/api/view/pastSelections', { LeagueID: mpLeague.LeagueID, UserID: ada.userId })
      ).json() as { FixtureID: number; Feature: string; Points: number; WinningTeam: string }[];
      return list.find((r) => r.FixtureID === fixtureIds[2] && r.Feature === 'Match Winner')!;
    };
    expect((await adaMw()).Points).toBe(7);
    const srh = matches[2]!.teams[1];
    await importResults(t.db, [
      { season: 'IPL 2024', matchNumber: 3, status: 'completed', winner: srh, wonByWickets: 2 },
    ]);
    const corrected = await adaMw();
    expect(corrected.Points).toBe(0);
    expect(corrected.WinningTeam).toBe(srh);
    await checkLeague('MP');

    // A revised Cricsheet file for match 1: the first ball of the match becomes a six.
    const json = JSON.parse(readFileSync(join(IPL_2024_DIR, matches[0]!.file), 'utf8'));
    const first = json.innings[0].overs[0].deliveries[0];
    first.runs = { ...first.runs, batter: 6, total: first.runs.total - first.runs.batter + 6 };
    writeFileSync(join(tmp, matches[0]!.file), JSON.stringify(json));
    const report = await importCricsheetPath(t.db, join(tmp, matches[0]!.file));
    expect(report.counts.updated).toBe(1);
    await checkLeague('PS', { allPlayerDetails: true });
    await checkLeague('MP');
  }, 120_000);

  it('lets members read, keeps others out, and refuses the wrong league type', async () => {
    const mp = mpLeague.LeagueID;
    const ps = psLeague.LeagueID;
    const status = async (p: Promise<{ statusCode: number; json(): unknown }>, code: number, message?: string) => {
      const res = await p;
      expect(res.statusCode).toBe(code);
      if (code >= 400) {
        const text = (res.json() as { error: { message: string } }).error.message;
        expect(text.length).toBeGreaterThan(0);
        if (message) expect(text).toBe(message);
      }
      return res;
    };
    // Outsiders, pending members, unknown leagues.
    await status(ox.client.get(`/api/view/leaderboard/${mp}`), 403);
    await status(pe.client.get(`/api/view/leaderboard/${mp}`), 403);
    await status(pe.client.get(`/api/contests/standings/${mp}`), 403);
    await status(ox.client.get(`/api/view/progression/${ps}`), 403);
    await status(ox.client.post('/api/view/pastSelections', { LeagueID: mp, UserID: ox.userId }), 403);
    await status(ox.client.post('/api/view/pastSelections', { LeagueID: mp, UserID: ada.userId }), 403);
    await status(ada.client.get('/api/view/leaderboard/999999'), 404);
    await status(ada.client.get('/api/contests/standings/999999'), 404);
    // Wrong type.
    await status(ada.client.get(`/api/view/leaderboard/${ps}`), 400, m.notMatchPrediction);
    await status(ada.client.get(`/api/view/player_selection_leaderboard/${mp}`), 400, m.notPlayerSelection);
    await status(ada.client.post('/api/view/pastSelections', { LeagueID: ps, UserID: ada.userId }), 400);
    await status(ada.client.post('/api/view/pastPlayerSelections', { LeagueID: mp, UserID: ada.userId }), 400);
    // Another member's details: allowed where the league shows others' picks (MP), refused where not (PS).
    const own = await status(ada.client.post('/api/view/pastSelections', { LeagueID: mp, UserID: ada.userId }), 200);
    const seen = await status(bo.client.post('/api/view/pastSelections', { LeagueID: mp, UserID: ada.userId }), 200);
    expect(seen.json()).toEqual(own.json());
    await status(
      bo.client.post('/api/view/pastPlayerSelections', { LeagueID: ps, UserID: ada.userId }),
      403,
      m.othersHidden,
    );
    await status(
      bo.client.post('/api/view/playerSelectionsDetailedScoring', {
        LeagueID: ps,
        FixtureID: fixtureIds[0],
        UserID: ada.userId,
        PlayerID: 0,
      }),
      403,
      m.othersHidden,
    );
    await status(bo.client.post('/api/view/pastPlayerSelections', { LeagueID: ps, UserID: bo.userId }), 200);
    // Targets that are not Approved members; a fixture of another league.
    await status(
      ada.client.post('/api/view/pastSelections', { LeagueID: mp, UserID: ox.userId }),
      404,
      m.memberNotFound,
    );
    await status(ada.client.post('/api/view/pastSelections', { LeagueID: mp, UserID: pe.userId }), 404);
    await status(
      ada.client.post('/api/view/playerSelectionsDetailedScoring', {
        LeagueID: ps,
        FixtureID: 999999,
        UserID: ada.userId,
        PlayerID: 0,
      }),
      404,
      m.fixtureNotFound,
    );
    // One player only.
    const all = (
      await ada.client.post('/api/view/playerSelectionsDetailedScoring', {
        LeagueID: ps,
        FixtureID: fixtureIds[0],
        UserID: ada.userId,
        PlayerID: 0,
      })
    ).json() as { PlayerID: number }[];
    const one = all[0]!.PlayerID;
    const only = (
      await ada.client.post('/api/view/playerSelectionsDetailedScoring', {
        LeagueID: ps,
        FixtureID: fixtureIds[0],
        UserID: ada.userId,
        PlayerID: one,
      })
    ).json() as { PlayerID: number }[];
    expect(only).toEqual(all.filter((r) => r.PlayerID === one));
    // Contests answer for both types with four widgets each.
    for (const id of [mp, ps]) {
      const res = await status(cy.client.get(`/api/contests/standings/${id}`), 200);
      const widgets = res.json() as { Header: string; Entry: unknown[] }[];
      expect(widgets).toHaveLength(4);
      expect(widgets.every((w) => w.Entry.length > 0)).toBe(true);
    }
  }, 60_000);
});
