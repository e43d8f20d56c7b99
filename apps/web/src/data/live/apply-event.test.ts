import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { homeKeys } from '../home/keys';
import { picksKeys } from '../picks/keys';
import { standingsKeys } from '../standings/keys';
import { applyLiveEvent, applyToMatchCentre, ballLabel } from './apply-event';
import { applyStandingsDelta, fromSnapshot, takeHeldStandingsEvents, withHeldEvents } from './standings-delta';
import { liveKeys } from './keys';
import type { LiveEvent, LiveEventOf, LiveFixtureList, LiveStandings, MatchCentre } from './types';
import { unionOf } from './LiveProvider';

const summary = {
  FixtureID: 7,
  FixtureName: 'Match 7',
  StartTime: '2026-11-24T12:00:00.000Z',
  LocalTeamName: 'Harbour Hawks',
  VisitorTeamName: 'Desert Kings',
  LocalTeamCode: 'HH',
  VisitorTeamCode: 'DK',
  State: 'live' as const,
  SilentSince: null,
  Innings: [
    {
      Innings: 1,
      Team: 'Harbour Hawks',
      SuperOver: false,
      Runs: 10,
      Wickets: 0,
      Overs: '1.2',
      LegalBalls: 8,
      Extras: 0,
    },
  ],
  Provisional: true,
};

const centre = (): MatchCentre => ({
  Fixture: summary,
  Batters: [],
  Bowlers: [],
  Scorecards: [],
  LastOvers: [
    { Innings: 1, Over: 1, Balls: ['1', '4'] },
    { Innings: 1, Over: 0, Balls: ['0', '1', '1', '0', '2', '1'] },
  ],
  PlayerPoints: [
    { PlayerID: 1, CricsheetID: 'a', Name: 'A Batter', Team: 'Harbour Hawks', Points: 5, Provisional: true },
  ],
  Leaders: [],
  LastEventID: 100,
  League: null,
});

const ball = (over: Partial<LiveEventOf<'ball'>> = {}): LiveEventOf<'ball'> => ({
  EventID: 101,
  Type: 'ball',
  FixtureID: 7,
  Innings: 1,
  Team: 'Harbour Hawks',
  SuperOver: false,
  Over: 1,
  Seq: 2,
  Batter: 'A Batter',
  NonStriker: 'B Batter',
  Bowler: 'C Bowler',
  Runs: { Batter: 6, Extras: 0, Total: 6 },
  Extras: [],
  Wickets: [],
  Corrected: false,
  Provisional: true,
  ...over,
});

describe('live events → the Match Centre', () => {
  it('labels balls as the last overs show them', () => {
    expect(ballLabel(ball())).toBe('6');
    expect(ballLabel(ball({ Wickets: [{ PlayerOut: 'A Batter', Kind: 'bowled', Fielders: [] }] }))).toBe('W');
    expect(ballLabel(ball({ Extras: ['wides'], Runs: { Batter: 0, Extras: 1, Total: 1 } }))).toBe('1wd');
    expect(ballLabel(ball({ Extras: ['legbyes'], Runs: { Batter: 0, Extras: 2, Total: 2 } }))).toBe('2lb');
    expect(ballLabel(ball({ Extras: ['noballs'], Runs: { Batter: 0, Extras: 1, Total: 1 } }))).toBe('nb');
  });

  it('adds a ball to its over, starts a new over, keeps the last three, newest first', () => {
    const a = applyToMatchCentre(centre(), ball());
    expect(a.LastOvers[0]).toEqual({ Innings: 1, Over: 1, Balls: ['1', '4', '6'] });
    expect(a.LastEventID).toBe(101);
    const b = applyToMatchCentre(a, ball({ EventID: 102, Over: 2, Seq: 0, Runs: { Batter: 0, Extras: 0, Total: 0 } }));
    expect(b.LastOvers.map((o) => o.Over)).toEqual([2, 1, 0]);
    const c = applyToMatchCentre(b, ball({ EventID: 103, Over: 3, Seq: 0 }));
    expect(c.LastOvers.map((o) => o.Over)).toEqual([3, 2, 1]);
  });

  it('replaces a corrected ball at its position, and ignores events it has seen or of another fixture', () => {
    const a = applyToMatchCentre(centre(), ball({ Seq: 1, Runs: { Batter: 2, Extras: 0, Total: 2 }, Corrected: true }));
    expect(a.LastOvers[0]!.Balls).toEqual(['1', '2']);
    const seen = centre();
    expect(applyToMatchCentre(seen, ball({ EventID: 100 }))).toBe(seen);
    expect(applyToMatchCentre(seen, ball({ FixtureID: 8 }))).toBe(seen);
  });

  it("updates the batters and bowlers from a ball's figures, and starts them again in a new innings", () => {
    const bat = (Name: string, Runs: number, Out = false) => ({
      PlayerID: null,
      Name,
      Runs,
      Balls: Runs,
      Fours: 0,
      Sixes: 0,
      Out,
      DismissalKind: Out ? 'bowled' : null,
    });
    const bowl = (Name: string, Overs: string, Runs: number) => ({
      PlayerID: 3,
      Name,
      Overs,
      Maidens: 0,
      Runs,
      Wickets: 0,
    });
    const before = {
      ...centre(),
      Batters: [bat('A Batter', 4), bat('B Batter', 1)],
      Bowlers: [bowl('C Bowler', '1.1', 5)],
    };
    const a = applyToMatchCentre(
      before,
      ball({ Figures: { Batters: [bat('A Batter', 10), bat('B Batter', 1)], Bowler: bowl('C Bowler', '1.2', 11) } }),
    );
    expect(a.Batters).toEqual([bat('A Batter', 10), bat('B Batter', 1)]);
    expect(a.Bowlers).toEqual([bowl('C Bowler', '1.2', 11)]);
    // A new batter comes in last; a new bowler is added.
    const b = applyToMatchCentre(
      a,
      ball({
        EventID: 102,
        Seq: 3,
        Figures: { Batters: [bat('D Batter', 0), bat('B Batter', 1)], Bowler: bowl('E Bowler', '0.1', 0) },
      }),
    );
    expect(b.Batters.map((x) => x.Name)).toEqual(['A Batter', 'B Batter', 'D Batter']);
    expect(b.Bowlers.map((x) => x.Name)).toEqual(['C Bowler', 'E Bowler']);
    // The second innings' first ball: its batters and bowler only.
    const c = applyToMatchCentre(
      b,
      ball({
        EventID: 103,
        Innings: 2,
        Over: 0,
        Seq: 0,
        Figures: { Batters: [bat('F Batter', 1), bat('G Batter', 0)], Bowler: bowl('H Bowler', '0.1', 1) },
      }),
    );
    expect(c.Batters.map((x) => x.Name)).toEqual(['F Batter', 'G Batter']);
    expect(c.Bowlers.map((x) => x.Name)).toEqual(['H Bowler']);
    // Every innings keeps its scorecard: the first one stays as its last ball left it.
    expect(c.Scorecards.map((x) => [x.Innings, x.Batters.map((b) => b.Name), x.Bowlers.map((b) => b.Name)])).toEqual([
      [1, ['A Batter', 'B Batter', 'D Batter'], ['C Bowler', 'E Bowler']],
      [2, ['F Batter', 'G Batter'], ['H Bowler']],
    ]);
    expect(c.Scorecards[0]!.Batters[0]).toEqual(bat('A Batter', 10));
    // A ball without figures (a super over) leaves them as they are.
    expect(applyToMatchCentre(c, ball({ EventID: 104, Innings: 3, SuperOver: true })).Batters).toBe(c.Batters);
  });

  it('writes the score, state, points and leaders the events carry', () => {
    const scored = applyToMatchCentre(centre(), {
      EventID: 101,
      Type: 'score',
      FixtureID: 7,
      Innings: { ...summary.Innings[0]!, Runs: 16, Overs: '1.3', LegalBalls: 9 },
      Provisional: true,
    });
    expect(scored.Fixture.Innings[0]!.Runs).toBe(16);
    const pts = applyToMatchCentre(scored, {
      EventID: 102,
      Type: 'points',
      FixtureID: 7,
      Players: [
        { PlayerID: 1, CricsheetID: 'a', Name: 'A Batter', Team: 'Harbour Hawks', Points: 11, Provisional: true },
        { PlayerID: 2, CricsheetID: 'c', Name: 'C Bowler', Team: 'Desert Kings', Points: 25, Provisional: true },
      ],
      Provisional: true,
    });
    expect(pts.PlayerPoints.map((p) => [p.Name, p.Points])).toEqual([
      ['C Bowler', 25],
      ['A Batter', 11],
    ]);
    const done = applyToMatchCentre(pts, {
      EventID: 103,
      Type: 'state',
      FixtureID: 7,
      State: 'completed',
      SilentSince: null,
      Provisional: false,
    });
    expect(done.Fixture).toMatchObject({ State: 'completed', Provisional: false });
  });
});

describe('live events → the query cache', () => {
  const row = (UserID: number, Position: number, TotalPoints: number, name = `U${UserID}`) => ({
    UserID,
    UserDisplayName: name,
    Position,
    PositionChange: 0,
    TotalPoints,
    LivePoints: TotalPoints,
  });
  /** A standings event: the rows that changed on BaseVersion (Version = BaseVersion + 1). */
  const standings = (
    EventID: number,
    BaseVersion: number,
    rows: [number, number, number][],
    o: { removed?: number[]; final?: boolean } = {},
  ): LiveEventOf<'standings'> => ({
    EventID,
    Type: 'standings',
    LeagueID: 3,
    Version: BaseVersion + 1,
    BaseVersion,
    FixtureIDs: o.final ? [] : [7],
    Provisional: !o.final,
    Rows: rows.map(([UserID, Position, TotalPoints]) => row(UserID, Position, TotalPoints)),
    Removed: o.removed ?? [],
  });
  const snapshot = (Version: number, rows: [number, number, number][]) =>
    fromSnapshot({
      LeagueID: 3,
      Version,
      Live: true,
      Provisional: true,
      FixtureIDs: [7],
      Rows: rows.map(([UserID, Position, TotalPoints]) => row(UserID, Position, TotalPoints)),
    });

  it('applies the changed rows on the version held, in order, keeping the ranks each change moved', () => {
    const held = snapshot(4, [
      [1, 1, 10],
      [2, 2, 4],
      [3, 3, 1],
    ]);
    const a = applyStandingsDelta(
      held,
      standings(5, 4, [
        [2, 1, 14],
        [1, 2, 10],
      ]),
    );
    expect(a.kind).toBe('applied');
    const next = a.kind === 'applied' ? a.next : held;
    expect(next.Version).toBe(5);
    expect(next.Rows.map((r) => [r.UserID, r.Position, r.TotalPoints])).toEqual([
      [2, 1, 14],
      [1, 2, 10],
      [3, 3, 1],
    ]);
    expect(next.PreviousPositions).toEqual({ 1: 1, 2: 2 });
    // A member who joined, one who left; ties are ordered by name as the server orders them.
    const b = applyStandingsDelta(next, {
      ...standings(6, 5, [], { removed: [3] }),
      Rows: [row(4, 2, 10, 'Anna')],
    });
    expect(b.kind === 'applied' && b.next.Rows.map((r) => [r.UserID, r.Position])).toEqual([
      [2, 1],
      [4, 2],
      [1, 2],
    ]);
    // Already held (the snapshot was read after it): nothing to do.
    expect(applyStandingsDelta(next, standings(5, 4, [[1, 1, 99]])).kind).toBe('seen');
    // The result: nothing provisional is left.
    const done = applyStandingsDelta(next, standings(7, 5, [], { removed: [1, 2, 3], final: true }));
    expect(done.kind === 'applied' && done.next).toMatchObject({ Live: false, Provisional: false, Rows: [] });
  });

  it('a change not on the version held (a missed event) or before any snapshot is a gap', () => {
    const held = snapshot(4, [[1, 1, 10]]);
    expect(applyStandingsDelta(held, standings(7, 5, [[1, 1, 12]])).kind).toBe('gap');
    expect(applyStandingsDelta(undefined, standings(7, 0, [[1, 1, 12]])).kind).toBe('gap');
  });

  it('on a gap the snapshot is read again, and the events after it apply on it', async () => {
    const qc = new QueryClient();
    let served = snapshot(4, [
      [1, 1, 10],
      [2, 2, 4],
    ]);
    const queryFn = vi.fn(async () => served);
    const observer = new QueryObserver(qc, {
      queryKey: liveKeys.standings(3),
      queryFn,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(qc.getQueryData<LiveStandings>(liveKeys.standings(3))?.Version).toBe(4));
    applyLiveEvent(
      qc,
      standings(10, 4, [
        [2, 1, 12],
        [1, 2, 10],
      ]),
    );
    expect(qc.getQueryData<LiveStandings>(liveKeys.standings(3))!.Version).toBe(5);
    expect(queryFn).toHaveBeenCalledTimes(1);
    // Version 6 was missed: the event of version 7 cannot apply; the snapshot (now at 7) is read again.
    served = snapshot(7, [
      [1, 1, 30],
      [2, 2, 12],
    ]);
    applyLiveEvent(
      qc,
      standings(12, 6, [
        [1, 1, 30],
        [2, 2, 12],
      ]),
    );
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(qc.getQueryData<LiveStandings>(liveKeys.standings(3))?.Version).toBe(7));
    applyLiveEvent(
      qc,
      standings(13, 7, [
        [2, 1, 40],
        [1, 2, 30],
      ]),
    );
    const now = qc.getQueryData<LiveStandings>(liveKeys.standings(3))!;
    expect(now.Version).toBe(8);
    expect(now.Rows.map((r) => r.UserID)).toEqual([2, 1]);
    stop();
  });

  it('an event that arrives while the snapshot is being read waits and applies on it; one it holds is skipped', async () => {
    const qc = new QueryClient();
    let land: (s: LiveStandings) => void = () => {};
    const queryFn = vi.fn(() =>
      new Promise<LiveStandings>((resolve) => {
        land = resolve;
      }).then((table) => withHeldEvents(table, takeHeldStandingsEvents(qc, 3))),
    );
    const observer = new QueryObserver(qc, {
      queryKey: liveKeys.standings(3),
      queryFn,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    // Versions 4 (already in the snapshot) and 5 arrive before it: neither re-reads the snapshot.
    applyLiveEvent(qc, standings(20, 3, [[1, 1, 10]]));
    applyLiveEvent(
      qc,
      standings(21, 4, [
        [2, 1, 14],
        [1, 2, 10],
      ]),
    );
    expect(queryFn).toHaveBeenCalledTimes(1);
    land(
      snapshot(4, [
        [1, 1, 10],
        [2, 2, 4],
      ]),
    );
    await vi.waitFor(() => expect(qc.getQueryData<LiveStandings>(liveKeys.standings(3))?.Version).toBe(5));
    const table = qc.getQueryData<LiveStandings>(liveKeys.standings(3))!;
    expect(table.Rows.map((r) => [r.UserID, r.Position, r.TotalPoints])).toEqual([
      [2, 1, 14],
      [1, 2, 10],
    ]);
    expect(queryFn).toHaveBeenCalledTimes(1);
    // Nothing is left held: a later snapshot read starts clean.
    expect(takeHeldStandingsEvents(qc, 3)).toEqual([]);
    stop();
  });

  it('updates every Match Centre of the fixture and the live list, and asks for a refetch of the rest', () => {
    const qc = new QueryClient();
    qc.setQueryData(liveKeys.matchCentre(7, null), centre());
    qc.setQueryData(liveKeys.matchCentre(7, 3), centre());
    qc.setQueryData<LiveFixtureList>(liveKeys.fixtures(), { Live: [summary], Next: [] });
    const r = applyLiveEvent(qc, ball());
    expect(r.refresh).toEqual([7]); // a ball without figures: the batters and bowlers come with a refetch
    const figures = {
      Batters: [],
      Bowler: { PlayerID: null, Name: 'C Bowler', Overs: '1.3', Maidens: 0, Runs: 9, Wickets: 0 },
    };
    expect(applyLiveEvent(new QueryClient(), ball({ Figures: figures })).refresh).toEqual([]);
    expect(qc.getQueryData<MatchCentre>(liveKeys.matchCentre(7, 3))!.LastOvers[0]!.Balls).toEqual(['1', '4', '6']);
    expect(qc.getQueryData<MatchCentre>(liveKeys.matchCentre(7, null))!.LastOvers[0]!.Balls).toEqual(['1', '4', '6']);
    applyLiveEvent(qc, {
      EventID: 102,
      Type: 'score',
      FixtureID: 7,
      Innings: { ...summary.Innings[0]!, Runs: 22 },
      Provisional: true,
    });
    expect(qc.getQueryData<LiveFixtureList>(liveKeys.fixtures())!.Live[0]!.Innings[0]!.Runs).toBe(22);
  });

  it('a final standings change sends the ordinary standings to be reloaded', () => {
    const qc = new QueryClient();
    qc.setQueryData(standingsKeys.leaderboard(3, false), []);
    qc.setQueryData(liveKeys.standings(3), snapshot(4, [[1, 1, 10]]));
    applyLiveEvent(qc, standings(5, 4, [[1, 1, 12]]));
    expect(qc.getQueryData<LiveStandings>(liveKeys.standings(3))!.Rows[0]!.TotalPoints).toBe(12);
    expect(qc.getQueryState(standingsKeys.leaderboard(3, false))!.isInvalidated).toBe(false);
    applyLiveEvent(qc, standings(6, 5, [], { removed: [1], final: true }));
    expect(qc.getQueryState(standingsKeys.leaderboard(3, false))!.isInvalidated).toBe(true);
  });

  it("a provisional standings change invalidates the league's score details, and only them", () => {
    const qc = new QueryClient();
    qc.setQueryData(liveKeys.standings(3), snapshot(4, [[1, 1, 10]]));
    const details = [
      standingsKeys.pastSelections(3, 1),
      standingsKeys.pastPlayerSelections(3, 2),
      standingsKeys.playerScoring({ LeagueID: 3, FixtureID: 7, UserID: 2, PlayerID: 55 }),
    ];
    for (const key of details) qc.setQueryData(key, []);
    qc.setQueryData(standingsKeys.pastSelections(4, 1), []);
    qc.setQueryData(standingsKeys.leaderboard(3, false), []);
    applyLiveEvent(qc, standings(5, 4, [[1, 1, 12]]));
    for (const key of details) expect(qc.getQueryState(key)!.isInvalidated, String(key)).toBe(true);
    // Another league's details, and the ordinary standings (the live table holds the live figures), stay.
    expect(qc.getQueryState(standingsKeys.pastSelections(4, 1))!.isInvalidated).toBe(false);
    expect(qc.getQueryState(standingsKeys.leaderboard(3, false))!.isInvalidated).toBe(false);
  });

  it('an open score details popup reads its details again as the live standings change', async () => {
    const qc = new QueryClient();
    qc.setQueryData(liveKeys.standings(3), snapshot(4, [[1, 1, 10]]));
    const queryFn = vi.fn(async () => []);
    const observer = new QueryObserver(qc, {
      queryKey: standingsKeys.pastPlayerSelections(3, 1),
      queryFn,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(qc.getQueryState(standingsKeys.pastPlayerSelections(3, 1))?.status).toBe('success'));
    applyLiveEvent(qc, standings(5, 4, [[1, 1, 12]]));
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    stop();
  });

  it('a completed fixture invalidates standings and picks; the first ball invalidates the live list', () => {
    const qc = new QueryClient();
    qc.setQueryData(standingsKeys.leaderboard(3, false), []);
    const grid = picksKeys.playerSelection({ UserID: 1, LeagueID: 3, FixtureID: 7 });
    qc.setQueryData(grid, []);
    qc.setQueryData(picksKeys.fixture(3, 7, true), []);
    qc.setQueryData(homeKeys.summary(1), { ServerTime: '', GamerName: '', Leagues: [], Showcase: null });
    qc.setQueryData(liveKeys.fixtures(), { Live: [], Next: [summary] });
    const state = (EventID: number, State: 'live' | 'completed'): LiveEvent => ({
      EventID,
      Type: 'state',
      FixtureID: 7,
      State,
      SilentSince: null,
      Provisional: State !== 'completed',
    });
    applyLiveEvent(qc, state(1, 'live'));
    expect(qc.getQueryState(liveKeys.fixtures())!.isInvalidated).toBe(true);
    expect(qc.getQueryState(homeKeys.summary(1))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(standingsKeys.leaderboard(3, false))!.isInvalidated).toBe(false);
    expect(qc.getQueryState(grid)!.isInvalidated).toBe(false);
    applyLiveEvent(qc, state(2, 'completed'));
    expect(qc.getQueryState(standingsKeys.leaderboard(3, false))!.isInvalidated).toBe(true);
    expect(qc.getQueryState(grid)!.isInvalidated).toBe(true);
    expect(qc.getQueryState(picksKeys.fixture(3, 7, true))!.isInvalidated).toBe(true);
  });
});

describe('one stream for the open screens', () => {
  it('follows the union of their topics, sorted, without duplicates or non-ids, at most 20 each', () => {
    expect(
      unionOf([
        { fixtures: [7, 3], leagues: [2] },
        { fixtures: [3, 0], leagues: [2, 5] },
      ]),
    ).toEqual({ fixtures: [3, 7], leagues: [2, 5] });
    expect(unionOf([{ fixtures: Array.from({ length: 30 }, (_, i) => i + 1), leagues: [] }]).fixtures).toHaveLength(20);
  });
});
