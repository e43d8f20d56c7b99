import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCricsheetMatch } from '../../src/cricket/import/parse';
import { LIVE_MP_FEATURES } from '../../src/live/lines';
import { applyBall, completeLive, leadersOf } from '../../src/live/ingest';
import { importFromProvider } from '../../src/cricket/import/folder';
import { InMemoryProvider } from '../../src/cricket/provider';
import { DB_TARGET } from '../db';
import { beginLive, type LeagueWorld, type Leagues, nextFixture, pickFor, startLeagueWorld, twoLeagues } from './setup';

interface Batter {
  Name: string;
  Runs: number;
  Balls: number;
  Out: boolean;
}
interface Bowler {
  Name: string;
  Overs: string;
  Wickets: number;
  Runs: number;
}
interface Scorecard {
  Innings: number;
  Team: string;
  SuperOver: boolean;
  Batters: Batter[];
  Bowlers: Bowler[];
}
interface Centre {
  Fixture: { State: string; Innings: { Innings: number; Team: string }[] };
  Batters: Batter[];
  Bowlers: Bowler[];
  Scorecards: Scorecard[];
  League: {
    LeagueType: 'MP' | 'PS';
    Members: {
      UserID: number;
      LivePoints: number;
      Picks: { Label: string; Feature: string; Selection: string; Points: number }[];
    }[];
  } | null;
}

/**
 * The Match Centre keeps every innings' batting and bowling (Scorecards), during the match and after
 * it ends, and lists each member's picks as rows (feature or position, selection, points).
 */
describe(`Match Centre scorecards and picks on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let l: Leagues;
  beforeAll(async () => {
    w = await startLeagueWorld();
    l = await twoLeagues(w);
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('both innings stay, with the figures the importer would compute for each; picks come as rows', async () => {
    const db = w.t.db;
    const f = await nextFixture(w, 0, 'scorecards');
    await pickFor(w, l, f);
    await beginLive(db, f);
    const centre = async (leagueId: number): Promise<Centre> => {
      const res = await l.alice.client.get(`/api/live/fixture/${f.fixtureId}?leagueId=${leagueId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // The figures of one innings as the importer's parser gives them for that innings alone.
    const expected = (innings: number) => {
      const inn = f.match.innings[innings]!;
      const parsed = parseCricsheetMatch({ ...f.match, innings: [inn] }, 'expected.json', { matchId: 'x' }).lines;
      return {
        batters: parsed
          .filter((x) => x.battingPosition !== null && x.team === inn.team)
          .sort((a, b) => a.battingPosition! - b.battingPosition!)
          .map((x) => ({ Name: x.name, Runs: x.runs, Balls: x.balls, Out: x.dismissed })),
        bowlers: parsed
          .filter((x) => x.ballsBowled > 0 || x.runsConceded > 0)
          .map((x) => ({ Name: x.name, Wickets: x.wickets, Runs: x.runsConceded })),
      };
    };
    const figures = (s: Scorecard) => ({
      batters: s.Batters.map((b) => ({ Name: b.Name, Runs: b.Runs, Balls: b.Balls, Out: b.Out })),
      bowlers: s.Bowlers.map((b) => ({ Name: b.Name, Wickets: b.Wickets, Runs: b.Runs })),
    });

    // Before the first ball: no innings.
    expect((await centre(l.mp.LeagueID)).Scorecards).toEqual([]);

    // The whole first innings and six balls of the second.
    const firstInnings = f.balls.filter((b) => b.innings === 0);
    const secondStart = f.balls.filter((b) => b.innings === 1).slice(0, 6);
    for (const b of [...firstInnings, ...secondStart]) await applyBall(db, f.fixtureId, b, new Date());
    const mid = await centre(l.mp.LeagueID);
    expect(mid.Scorecards.map((s) => [s.Innings, s.Team, s.SuperOver])).toEqual([
      [1, f.match.innings[0]!.team, false],
      [2, f.match.innings[1]!.team, false],
    ]);
    expect(figures(mid.Scorecards[0]!)).toEqual(expected(0));
    // The current innings is also Batters and Bowlers, as before.
    expect(mid.Batters).toEqual(mid.Scorecards[1]!.Batters);
    expect(mid.Bowlers).toEqual(mid.Scorecards[1]!.Bowlers);
    // Six balls of the second innings: one bowler so far, the openers (or a replacement) batting.
    expect(mid.Scorecards[1]!.Bowlers).toHaveLength(1);
    expect(mid.Scorecards[1]!.Batters.length).toBeGreaterThanOrEqual(2);
    expect(mid.Scorecards[1]!.Batters.map((b) => b.Name)).not.toEqual(mid.Scorecards[0]!.Batters.map((b) => b.Name));

    // Picks as rows: Match Prediction feature and selection, Player Selection position and player.
    const alice = mid.League!.Members.find((m) => m.UserID === l.alice.userId)!;
    expect(alice.Picks.map((p) => p.Feature)).toEqual(['Most Runs', 'Most Wickets', 'Total Sixes']);
    for (const p of alice.Picks) {
      expect(p.Selection).not.toBe('');
      expect(p.Label).toBe(`${p.Feature}: ${p.Selection}`);
    }
    expect(alice.Picks.reduce((a, p) => a + p.Points, 0)).toBe(alice.LivePoints);
    const ps = (await centre(l.ps.LeagueID)).League!;
    const alicePs = ps.Members.find((m) => m.UserID === l.alice.userId)!;
    expect(alicePs.Picks).toHaveLength(4);
    for (const p of alicePs.Picks) {
      expect(['Batsman', 'Bowler', 'Allrounder', 'Wicketkeeper']).toContain(p.Feature);
      // Alice's captain and vice-captain are marked (setup.ts pickFor); the others are the player's name.
      expect([p.Selection, `${p.Selection} (C)`, `${p.Selection} (VC)`]).toContain(p.Label);
    }
    expect(
      alicePs.Picks.map((p) => p.Label.match(/\((V?C)\)$/)?.[1])
        .filter(Boolean)
        .sort(),
    ).toEqual(['C', 'VC']);
    // Her live points are her picks' points, the captain's and vice-captain's multiplied.
    expect(alicePs.Picks.reduce((a, p) => a + p.Points, 0)).toBe(alicePs.LivePoints);

    // Score details while live: a pick that scores names the leaders so far (the match decides the
    // feature as it goes); the features decided by the result have none yet.
    const lines = await db.selectFrom('live_player_lines').selectAll().where('fixture_id', '=', f.fixtureId).execute();
    const leaders = leadersOf(lines);
    const details = (
      await l.alice.client.post('/api/view/pastSelections', { LeagueID: l.mp.LeagueID, UserID: l.alice.userId })
    ).json() as { FixtureID: number; Feature: string; Points: number; Provisional: boolean; LeadingSoFar?: string }[];
    const live = details.filter((d) => d.FixtureID === f.fixtureId);
    expect(live.length).toBe(3);
    for (const d of live) {
      expect(d.Provisional).toBe(true);
      expect(typeof d.LeadingSoFar).toBe('string');
      if (d.Points > 0) expect(d.LeadingSoFar).not.toBe('');
    }
    const mostRuns = live.find((d) => d.Feature === 'Most Runs')!;
    const runLeaders = leaders.find((x) => x.featureId === LIVE_MP_FEATURES[0])!;
    const names = runLeaders.ids.map((id) => lines.find((x) => x.player_id === id)!.name);
    expect(mostRuns.LeadingSoFar!.split(', ').length).toBe(names.length);

    // The end: the final import; both innings are still there, with the final figures.
    for (const b of f.balls.filter((b) => !firstInnings.includes(b) && !secondStart.includes(b))) {
      await applyBall(db, f.fixtureId, b, new Date());
    }
    expect(await completeLive(db, f.fixtureId, f.match, new Date())).toEqual({ ok: true });
    const end = await centre(l.mp.LeagueID);
    expect(end.Fixture.State).toBe('completed');
    expect(end.Scorecards.map((s) => s.Innings)).toEqual(f.match.innings.map((_, i) => i + 1));
    for (const [i, s] of end.Scorecards.entries()) expect(figures(s)).toEqual(expected(i));
    // Final score details carry no leaders-so-far.
    const final = (
      await l.alice.client.post('/api/view/pastSelections', { LeagueID: l.mp.LeagueID, UserID: l.alice.userId })
    ).json() as { FixtureID: number; LeadingSoFar?: string }[];
    expect(final.filter((d) => d.FixtureID === f.fixtureId).every((d) => d.LeadingSoFar === undefined)).toBe(true);
  }, 120_000);

  it('a result imported without a live feed has its innings and both scorecards from the players’ figures', async () => {
    const db = w.t.db;
    const f = await nextFixture(w, 1, 'imported');
    const report = await importFromProvider(db, new InMemoryProvider(new Map([[f.matchId, f.match]])));
    expect(report.entries.find((e) => e.id === f.matchId)?.fixtureId).toBe(f.fixtureId);
    const res = await l.alice.client.get(`/api/live/fixture/${f.fixtureId}`);
    expect(res.statusCode, res.body).toBe(200);
    const mc = res.json() as Centre;
    expect(mc.Fixture.State).toBe('completed');
    const parsed = parseCricsheetMatch(f.match, 'expected.json', { matchId: 'x' });
    expect(mc.Fixture.Innings.map((i) => [i.Innings, i.Team])).toEqual(parsed.innings.map((i) => [i.number, i.team]));
    const regular = f.match.innings.filter((i) => !i.super_over);
    expect(mc.Scorecards.map((s) => s.Team)).toEqual(regular.map((i) => i.team));
    for (const card of mc.Scorecards) {
      const batters = parsed.lines
        .filter((x) => x.battingPosition !== null && x.team === card.Team)
        .sort((a, b) => a.battingPosition! - b.battingPosition!);
      expect(card.Batters.map((b) => [b.Runs, b.Balls, b.Out])).toEqual(
        batters.map((x) => [x.runs, x.balls, x.dismissed]),
      );
      const bowlers = parsed.lines.filter((x) => x.team !== card.Team && (x.ballsBowled > 0 || x.runsConceded > 0));
      expect(card.Bowlers.reduce((n, b) => n + b.Wickets, 0)).toBe(bowlers.reduce((n, x) => n + x.wickets, 0));
      expect(card.Bowlers.reduce((n, b) => n + b.Runs, 0)).toBe(bowlers.reduce((n, x) => n + x.runsConceded, 0));
      expect(card.Bowlers).toHaveLength(bowlers.length);
    }
  }, 120_000);
});
