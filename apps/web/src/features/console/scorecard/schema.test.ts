import { describe, expect, it } from 'vitest';
import type { ScorecardInput, ScorecardSheet } from '../../../data/operator/types';
import { formKeyOf } from './problems';
import { inputOf, resultOfTotals, scorecardSchema, valuesOf } from './schema';

const teams: ScorecardSheet['Teams'] = [
  { TeamID: 11, Name: 'Home', Code: 'HOM', Players: [] },
  { TeamID: 12, Name: 'Away', Code: 'AWA', Players: [] },
];
const saved: ScorecardInput = {
  OversPerInnings: 20,
  Toss: { WinnerTeamID: 12, Decision: 'field' },
  Playing: [
    { TeamID: 11, PlayerIDs: [1, 2, 3] },
    { TeamID: 12, PlayerIDs: [21, 22] },
  ],
  Innings: [
    {
      TeamID: 11,
      SuperOver: false,
      Batting: [
        { PlayerID: 1, Runs: 10, Balls: 8, Fours: 1, Sixes: 1, HowOut: 'caught', BowlerID: 21, FielderIDs: [22] },
        { PlayerID: 2, Runs: 0, Balls: 1, Fours: 0, Sixes: 0, HowOut: 'not out', BowlerID: null, FielderIDs: [] },
      ],
      Bowling: [{ PlayerID: 21, Overs: '1.3', Maidens: 0, Runs: 11, Wickets: 1, Wides: 1, NoBalls: 0 }],
      Extras: { Byes: 0, LegByes: 0, Wides: 1, NoBalls: 0, Penalty: 0 },
      Total: { Runs: 11, Wickets: 1, Overs: '1.3' },
    },
  ],
  Outcome: { Kind: 'win', WinnerTeamID: 11, ByRuns: 11, ByWickets: null, Method: null, SuperOverWinnerTeamID: null },
  PlayerOfMatchIDs: [1],
};

describe('the scorecard form', () => {
  it('reopens a saved scorecard and sends it back as it was (who only fielded or did nothing ticked, the others from the scorecard)', () => {
    const values = valuesOf({ Teams: teams, Saved: saved });
    expect(values.AlsoPlayed).toEqual([['3'], ['22']]);
    expect(scorecardSchema.safeParse(values).success).toBe(true);
    expect(inputOf(values, { Teams: teams })).toEqual(saved);
  });

  it('drops blank rows, reads blank figures as 0 and refuses a row without its player', () => {
    const values = valuesOf({ Teams: teams, Saved: saved });
    values.Innings[0]!.Batting.push({
      PlayerID: '',
      HowOut: 'not out',
      BowlerID: '',
      FielderIDs: [],
      Runs: '',
      Balls: '',
      Fours: '',
      Sixes: '',
    });
    values.Innings[0]!.Batting[1]!.Balls = '';
    expect(inputOf(values, { Teams: teams }).Innings[0]!.Batting.map((b) => b.Balls)).toEqual([8, 0]);
    values.Innings[0]!.Batting[2]!.Runs = '4';
    const checked = scorecardSchema.safeParse(values);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['Innings.0.Batting.2.PlayerID', 'Choose the batter.'],
    ]);
  });

  it('suggests the result the totals give', () => {
    const two = valuesOf({ Teams: teams, Saved: null });
    two.Innings[0] = { ...two.Innings[0]!, TeamID: '11', Total: { Runs: '150', Wickets: '6', Overs: '20' } };
    two.Innings[1] = { ...two.Innings[1]!, TeamID: '12', Total: { Runs: '151', Wickets: '3', Overs: '18.2' } };
    expect(resultOfTotals(two)).toMatchObject({ Kind: 'win', WinnerTeamID: '12', Margin: '7', MarginKind: 'wickets' });
    two.Innings[1]!.Total.Runs = '140';
    expect(resultOfTotals(two)).toMatchObject({ Kind: 'win', WinnerTeamID: '11', Margin: '10', MarginKind: 'runs' });
  });

  it('puts each server problem on the field that shows it', () => {
    expect(formKeyOf('Innings.1.Batting.3.FielderIDs.1')).toBe('Innings.1.Batting.3.FielderIDs.1');
    expect(formKeyOf('Innings.1.Batting.3.FielderIDs')).toBe('Innings.1.Batting.3.FielderIDs.0');
    expect(formKeyOf('Innings.0.Bowling.2')).toBe('Innings.0.Bowling.2.PlayerID');
    expect(formKeyOf('Innings.0.Bowling.2.Overs')).toBe('Innings.0.Bowling.2.Overs');
    expect(formKeyOf('Innings.0.SuperOver')).toBe('Innings.0.TeamID');
    expect(formKeyOf('Playing.1.PlayerIDs.12')).toBe('Playing.1');
    expect(formKeyOf('Outcome.ByWickets')).toBe('Outcome.Margin');
    expect(formKeyOf('PlayerOfMatchIDs.0')).toBe('PlayerOfMatchID');
    expect(formKeyOf('Toss.Decision')).toBe('TossDecision');
    expect(formKeyOf('')).toBe('form');
  });
});
