import { describe, expect, it } from 'vitest';
import type { PointsProgression } from '../../data/standings/types';
import { describeProgression, leaderOf } from './ProgressionChart';

const series = (name: string, points: number[], isMe = false) => ({
  UserID: name.length,
  UserDisplayName: name,
  IsMe: isMe,
  Points: points,
});

describe('progression summary', () => {
  it('names the member ahead after the last fixture (the first listed on a tie)', () => {
    const data = [series('Ann', [5, 10]), series('Bob', [8, 12]), series('Cy', [0, 12])];
    expect(leaderOf(data)?.UserDisplayName).toBe('Bob');
  });

  it('names no leader while everyone has 0 points', () => {
    const data: PointsProgression = {
      Fixtures: [{ FixtureID: 1, FixtureName: 'Match 1', StartTime: '2026-11-24T14:00:00Z' }],
      Series: [series('Ann', [0], true), series('Bob', [0])],
    };
    expect(leaderOf(data.Series)).toBeUndefined();
    expect(describeProgression(data)).toBe(
      'Cumulative points of 2 members over 1 scored fixture. You (Ann): 0 points.',
    );
  });

  it('describes a league with no scored fixture without a leader', () => {
    const data: PointsProgression = { Fixtures: [], Series: [series('Ann', [], true)] };
    expect(describeProgression(data)).toBe(
      'Cumulative points of 1 member over 0 scored fixtures. You (Ann): 0 points.',
    );
  });
});
