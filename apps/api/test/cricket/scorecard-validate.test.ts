import { describe, expect, it } from 'vitest';
import type { Scorecard } from '../../src/cricket/scorecard/model';
import { type ScorecardSquad, validateScorecard } from '../../src/cricket/scorecard/validate';
import { AWAY, AWAY_PLAYERS, ball, buildMatch, HOME, HOME_PLAYERS } from './builder';
import { scorecardFromCricsheet } from './scorecard-from-cricsheet';

/**
 * A valid two-innings scorecard: Home XI 13/3 in 2 overs (a catch, a stumping, a run out, byes, a
 * wide and a no-ball), Away XI 14/1 in 1.4 overs — Away XI won by 9 wickets.
 */
function card(): Scorecard {
  return scorecardFromCricsheet(
    buildMatch({
      innings: [
        {
          team: HOME,
          overs: [
            [
              ball('H1', 'A11', 'H2', 4),
              ball('H1', 'A11', 'H2', 0, { out: { kind: 'caught', fielders: ['A3'] } }),
              ball('H3', 'A11', 'H2', 1),
              ball('H2', 'A11', 'H3', 0, { wd: 1 }),
              ball('H2', 'A11', 'H3', 0, { b: 2 }),
              ball('H2', 'A11', 'H3', 0, { out: { kind: 'run out', fielders: ['A5', 'A1'] } }),
              ball('H4', 'A11', 'H3', 0),
            ],
            [
              ball('H3', 'A10', 'H4', 1, { nb: 1 }),
              ball('H3', 'A10', 'H4', 2),
              ball('H3', 'A10', 'H4', 0, { out: { kind: 'stumped', fielders: ['A1'] } }),
              ball('H5', 'A10', 'H4', 0),
              ball('H5', 'A10', 'H4', 0),
              ball('H5', 'A10', 'H4', 0),
              ball('H5', 'A10', 'H4', 1),
            ],
          ],
        },
        {
          team: AWAY,
          overs: [
            [
              ball('A1', 'H11', 'A2', 6),
              ball('A1', 'H11', 'A2', 0, { out: { kind: 'bowled' } }),
              ball('A3', 'H11', 'A2', 4),
              ball('A3', 'H11', 'A2', 1),
              ball('A2', 'H11', 'A3', 0),
              ball('A2', 'H11', 'A3', 0),
            ],
            [ball('A3', 'H10', 'A2', 0), ball('A3', 'H10', 'A2', 3, { nonBoundary: true })],
          ],
        },
      ],
      outcome: { winner: AWAY, by: { wickets: 9 } },
      playerOfMatch: ['A1'],
    }),
  );
}

const paths = (c: Scorecard, squads?: ScorecardSquad[]) =>
  validateScorecard(c, squads ? { squads } : {}).map((p) => `${p.path}: ${p.message}`);
const squadOf = (team: string, names: string[]): ScorecardSquad => ({
  team,
  players: names.map((n) => ({ name: n, id: `id-${n}` })),
});

describe('validateScorecard', () => {
  it('accepts a scorecard that adds up', () => {
    const c = card();
    expect(c.innings[0]!.total).toEqual({ runs: 13, wickets: 3, legalBalls: 12 });
    expect(paths(c, [squadOf(HOME, HOME_PLAYERS), squadOf(AWAY, AWAY_PLAYERS)])).toEqual([]);
  });

  it('a batter out twice', () => {
    const c = card();
    const inn = c.innings[0]!;
    inn.batting[3] = { ...inn.batting[0]!, runs: 0, fours: 0 };
    expect(paths(c)).toContain('innings.0.batting.3.player: H1 is out twice in this innings (batters 1 and 4).');
  });

  it('eleven wickets in an innings', () => {
    const c = card();
    const inn = c.innings[0]!;
    inn.batting = HOME_PLAYERS.map((name) => ({
      player: { name, id: `id-${name}` },
      runs: 0,
      balls: 1,
      fours: 0,
      sixes: 0,
      howOut: 'run out' as const,
    }));
    expect(paths(c)).toContain(
      'innings.0.total.wickets: 11 batters out in one innings: an innings ends at 10 wickets.',
    );
  });

  it('every batter out, none not out', () => {
    const c = card();
    const inn = c.innings[1]!;
    inn.batting = inn.batting.slice(0, 1);
    expect(paths(c)).toContain(
      'innings.1.batting: 1 batter batted and 1 is out: an innings always ends with a batter not out — add the not-out batters.',
    );
  });

  it('overs beyond the format, for the innings and for a bowler', () => {
    const c = card();
    c.oversPerInnings = 1;
    expect(paths(c)).toEqual([
      'innings.0.total.legalBalls: 2 overs: more than the 1 of this format (1 over).',
      'innings.1.total.legalBalls: 1.2 overs: more than the 1 of this format (1 over).',
    ]);
    const ok = card();
    ok.innings[0]!.bowling[0]!.balls = 30;
    ok.innings[0]!.total.legalBalls = 36;
    expect(paths(ok)).toContain(
      'innings.0.bowling.0.balls: A11 bowled 5 overs: at most 4 a bowler in this format (20 overs).',
    );
  });

  it("a player outside both squads, or in the other team's", () => {
    const c = card();
    c.playing[0]!.players.push({ name: 'Stranger', id: 'id-Stranger' });
    const squads = [squadOf(HOME, HOME_PLAYERS), squadOf(AWAY, [...AWAY_PLAYERS, 'H12'])];
    c.playing[0]!.players.push({ name: 'H12', id: 'id-H12' });
    expect(paths(c, squads)).toEqual([
      "playing.0.players.11: Stranger is not in either team's squad.",
      "playing.0.players.12: H12 is in Away XI's squad, not Home XI's.",
    ]);
  });

  it('batting and extras that do not add up to the total', () => {
    const c = card();
    c.innings[0]!.batting[0]!.runs = 5;
    expect(paths(c)).toContain(
      "innings.0.total.runs: The batters' runs (10) and the extras (4) make 14, not the total of 13.",
    );
  });

  it('bowler figures that do not add up', () => {
    const c = card();
    const [a11, a10] = c.innings[0]!.bowling;
    a11!.wickets = 2;
    a10!.runs = 9;
    a10!.balls = 5;
    expect(paths(c)).toEqual(
      expect.arrayContaining([
        'innings.0.bowling.0.wickets: A11 has 2 wickets here but the batting credits A11 with 1.',
        'innings.0.total.legalBalls: The bowlers bowled 1.5 overs, the innings lasted 2.',
        "innings.0.total.runs: The bowlers' runs (15) and the byes, leg byes and penalty runs (2) make 17, not the total of 13.",
      ]),
    );
  });

  it('balls faced that are not the legal balls and the no-balls', () => {
    const c = card();
    c.innings[0]!.bowling[1]!.noBalls = 0;
    expect(paths(c)).toContain(
      'innings.0.batting: The batters faced 13 balls; the innings had 12 legal balls and 0 no-balls (12).',
    );
  });

  it('dismissals that name the wrong people', () => {
    const c = card();
    const inn = c.innings[0]!;
    inn.batting[1]!.fielders = undefined; // H2 run out by nobody is fine; H1 caught by nobody is not
    inn.batting[0]!.fielders = [];
    inn.batting[0]!.bowler = { name: 'A9', id: 'id-A9' };
    inn.batting[2]!.fielders = [{ name: 'H7', id: 'id-H7' }];
    expect(paths(c)).toEqual(
      expect.arrayContaining([
        'innings.0.batting.0.bowler: H1 caught: A9 did not bowl in this innings.',
        'innings.0.batting.0.fielders: H1 caught: by whom? Name the fielder.',
        'innings.0.batting.2.fielders.0: H7 plays for Home XI, not Away XI.',
      ]),
    );
  });

  it('a margin the totals do not give, and a winner who is not a team', () => {
    const c = card();
    c.outcome = { kind: 'win', winner: AWAY, byWickets: 8 };
    expect(paths(c)).toEqual(['outcome.byWickets: Away XI lost 1 wicket: a win by 9 wickets, not 8.']);
    c.outcome = { kind: 'win', winner: AWAY, byRuns: 1 };
    expect(paths(c)).toEqual([
      "outcome.byRuns: A win by runs is the side batting first's (Home XI); Away XI batted second.",
    ]);
    c.outcome = { kind: 'win', winner: 'Somebody' };
    expect(paths(c)).toEqual(['outcome.winner: The winner must be Home XI or Away XI.']);
    c.outcome = { kind: 'win', winner: AWAY, method: 'D/L' };
    expect(paths(c)).toEqual([]);
    c.outcome = { kind: 'tie' };
    expect(paths(c)).toEqual(['outcome.kind: A tie needs equal totals: Home XI made 13, Away XI 14.']);
  });

  it('the player of the match and the toss', () => {
    const c = card();
    c.playerOfMatch = [{ name: 'Stranger', id: 'x' }];
    c.toss = { winner: 'Nobody', decision: 'bat' };
    expect(paths(c)).toEqual([
      'toss.winner: The toss winner must be Home XI or Away XI.',
      'playerOfMatch.0: The player of the match, Stranger, is not among the players of either team.',
    ]);
  });

  it('super overs only after a tie, at most two wickets and one over', () => {
    const c = card();
    c.innings.push({
      team: HOME,
      superOver: true,
      batting: [],
      bowling: [],
      extras: { byes: 0, legByes: 0, wides: 0, noBalls: 0, penalty: 0 },
      total: { runs: 0, wickets: 0, legalBalls: 7 },
    });
    expect(paths(c)).toEqual(
      expect.arrayContaining([
        'innings.2.total.legalBalls: 1.1 overs: more than the 1 of a super over.',
        'innings.2.superOver: Super overs are played only after a tie.',
      ]),
    );
  });
});
