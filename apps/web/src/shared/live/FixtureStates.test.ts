import { describe, expect, it } from 'vitest';
import type { Fixture } from '../../data/cricket/types';
import { formatCountdown } from './countdown';
import { fixtureState, fixturesAroundNow } from './FixtureStates';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 12, 0) + minutes * 60_000).toISOString();
const now = Date.UTC(2026, 10, 24, 12, 0);
const fixture = (id: number, minutes: number, Status: Fixture['Status'] = 'scheduled'): Fixture => ({
  FixtureID: id,
  FixtureName: `Match ${id}`,
  StartTime: at(minutes),
  LocalTeamCode: 'HH',
  VisitorTeamCode: 'DK',
  LocalTeamName: 'Harbour Hawks',
  VisitorTeamName: 'Desert Kings',
  LocalTeamColour: null,
  VisitorTeamColour: null,
  Status,
  HasStarted: minutes <= 0,
});

describe("My Selections' fixture states", () => {
  it('is upcoming until the start by the server clock, live from then (or from the first ball), completed after', () => {
    expect(fixtureState(fixture(1, 5), now)).toBe('upcoming');
    expect(fixtureState(fixture(1, 0), now)).toBe('live');
    expect(fixtureState(fixture(1, 5, 'live'), now)).toBe('live');
    expect(fixtureState(fixture(1, -60, 'completed'), now)).toBe('completed');
    expect(fixtureState(fixture(1, -60, 'abandoned'), now)).toBe('completed');
  });

  it('lists the last finished fixture, every live one and the next three', () => {
    const list = [
      fixture(1, -120, 'completed'),
      fixture(2, -90, 'completed'),
      fixture(3, -10, 'live'),
      fixture(4, 20),
      fixture(5, 50),
      fixture(6, 80),
      fixture(7, 110),
    ];
    expect(fixturesAroundNow(list, now).map((r) => [r.f.FixtureID, r.state])).toEqual([
      [2, 'completed'],
      [3, 'live'],
      [4, 'upcoming'],
      [5, 'upcoming'],
      [6, 'upcoming'],
    ]);
  });

  it('counts down in days and hours, hours and minutes, minutes and seconds', () => {
    expect(formatCountdown(0)).toBe('now');
    expect(formatCountdown(9_400)).toBe('9 s');
    expect(formatCountdown(249_000)).toBe('4 min 09 s');
    expect(formatCountdown(3_900_000)).toBe('1 h 05 min');
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000)).toBe('2 d 3 h');
  });
});
