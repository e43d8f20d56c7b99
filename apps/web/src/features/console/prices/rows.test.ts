import { describe, expect, it } from 'vitest';
import type { FixturePrice } from '../../../data/operator/types';
import { upcomingFirst } from './fixtures';
import { priceRows } from './rows';
import { makeFixture } from '../shared/testData';

const p = (TeamCode: string, PositionName: string, PlayerName: string): FixturePrice => ({
  PlayerID: PlayerName.length,
  PlayerName,
  TeamCode,
  PositionName,
  Price: 8,
  Source: 'form',
});

describe('price rows', () => {
  it('ranks the positions in the order both teams list them, when one team has no keeper', () => {
    const rows = priceRows([
      p('CSK', 'Batsman', 'Ruturaj Gaikwad'),
      p('CSK', 'Bowler', 'Matheesha Pathirana'),
      p('RCB', 'Wicketkeeper', 'Dinesh Karthik'),
      p('RCB', 'Batsman', 'Virat Kohli'),
      p('RCB', 'All-rounder', 'Glenn Maxwell'),
      p('RCB', 'Bowler', 'Mohammed Siraj'),
    ]);
    const rank = Object.fromEntries(rows.map((r) => [r.PositionName, r.PositionRank]));
    expect(rank).toEqual({ Wicketkeeper: 0, Batsman: 1, 'All-rounder': 2, Bowler: 3 });
    expect(rows.map((r) => r.PlayerName)[0]).toBe('Ruturaj Gaikwad');
  });
});

describe('fixtures to choose from', () => {
  it('offers those still to start first, soonest first, then those started, latest first', () => {
    const at = (FixtureID: number, StartTime: string) => makeFixture({ FixtureID, StartTime });
    const now = Date.parse('2024-04-01T00:00:00Z');
    const { upcoming, started } = upcomingFirst(
      [
        at(1, '2024-03-22T14:30:00Z'),
        at(2, '2024-03-23T10:00:00Z'),
        at(3, '2024-04-03T14:00:00Z'),
        at(4, '2024-04-02T14:00:00Z'),
      ],
      now,
    );
    expect(upcoming.map((f) => f.FixtureID)).toEqual([4, 3]);
    expect(started.map((f) => f.FixtureID)).toEqual([2, 1]);
  });
});
