import { describe, expect, it } from 'vitest';
import {
  allowedPositionsForFeature,
  duplicatePlayerPicks,
  duplicatesMessage,
  fixtureLabel,
  formatEtMinutes,
  formatEtShort,
  hasStarted,
  MP_FEATURE_ID,
  POSITION_ID,
  parseServerTime,
  startedMessage,
} from './picks';

describe('picking rules', () => {
  it('reads ISO and yyyy-MM-dd HH:mm:ss times as UTC', () => {
    expect(parseServerTime('2024-04-14 14:00:00')?.toISOString()).toBe('2024-04-14T14:00:00.000Z');
    expect(parseServerTime('2024-04-14T14:00:00Z')?.toISOString()).toBe('2024-04-14T14:00:00.000Z');
    expect(parseServerTime('2024-04-14T16:00:00+02:00')?.toISOString()).toBe('2024-04-14T14:00:00.000Z');
    expect(parseServerTime('not a time')).toBeNull();
  });

  it('treats a fixture starting exactly now as started', () => {
    expect(hasStarted('2024-04-14T14:00:00Z', '2024-04-14 14:00:00')).toBe(true);
    expect(hasStarted('2024-04-14T14:00:01Z', '2024-04-14T14:00:00Z')).toBe(false);
    expect(hasStarted('garbage', '2024-04-14T14:00:00Z')).toBe(true);
  });

  it('labels fixtures in Eastern Time, across daylight saving', () => {
    // 14:00 UTC is 10 AM EDT in April and 9 AM EST in January.
    expect(formatEtShort('2024-04-14T14:00:00Z')).toBe('04/14 10 AM ET');
    expect(formatEtShort('2025-01-05T14:00:00Z')).toBe('01/05 9 AM ET');
    expect(formatEtShort('2024-04-15T03:30:00Z')).toBe('04/14 11 PM ET');
    expect(formatEtShort('nope')).toBe('Invalid Date');
    expect(formatEtMinutes('2024-04-14T14:25:00Z')).toBe('04/14 10:25 AM ET');
    expect(formatEtMinutes('2025-01-05T14:00:00Z')).toBe('01/05 9:00 AM ET');
    expect(formatEtMinutes('2024-04-15T04:05:00Z')).toBe('04/15 12:05 AM ET');
    expect(formatEtMinutes('nope')).toBe('Invalid Date');
    expect(
      fixtureLabel({
        FixtureName: 'Match 29',
        StartTime: '2024-04-14T14:00:00Z',
        LocalTeamCode: 'MI',
        VisitorTeamCode: 'CSK',
      }),
    ).toBe('Match 29 - CSK @ MI - 04/14 10 AM ET');
  });

  it('limits Most Runs and Most Wickets to their positions', () => {
    expect(allowedPositionsForFeature(2)).toEqual([1, 3, 4]);
    expect(allowedPositionsForFeature(3)).toEqual([2, 4]);
    expect(allowedPositionsForFeature(4)).toBeNull();
    expect(allowedPositionsForFeature(MP_FEATURE_ID.MostRuns)).toEqual([
      POSITION_ID.Batsman,
      POSITION_ID.Wicketkeeper,
      POSITION_ID.Allrounder,
    ]);
  });

  it('keeps the spec ids of positions and Match Prediction features', () => {
    expect(POSITION_ID).toEqual({ Batsman: 1, Bowler: 2, Wicketkeeper: 3, Allrounder: 4 });
    expect(Object.values(MP_FEATURE_ID)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('finds a player picked twice in one fixture and words the message as the spec', () => {
    const picks = [
      { FixtureID: 1, PositionName: 'Batsman', PlayerID: 12 },
      { FixtureID: 1, PositionName: 'Batsman', PlayerID: 12 },
      { FixtureID: 1, PositionName: 'Batsman', PlayerID: 12 },
      { FixtureID: 1, PositionName: 'Bowler', PlayerID: 40 },
      { FixtureID: 2, PositionName: 'Bowler', PlayerID: 40 },
      { FixtureID: 1, PositionName: 'Bowler', PlayerID: 0 },
      { FixtureID: 1, PositionName: 'Bowler', PlayerID: 0 },
    ];
    const dups = duplicatePlayerPicks(picks);
    expect(dups).toHaveLength(1);
    expect(duplicatesMessage(dups)).toBe(
      'Duplicate selections detected for: Batsman: 12 Please select unique players for each position.',
    );
    expect(startedMessage(['Match 1', 'Match 2', 'Match 1'])).toBe(
      'Cannot save selection for the following fixtures as the matches have already started: Match 1, Match 2',
    );
  });
});
