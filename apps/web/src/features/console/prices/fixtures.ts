import type { OperatorFixture } from '../../../data/operator/types';

/**
 * A season's fixtures as the price screen offers them: those still to start first (soonest first,
 * their prices can change), then those started (latest first, their prices are frozen).
 */
export function upcomingFirst(
  fixtures: readonly OperatorFixture[],
  now = Date.now(),
): { upcoming: OperatorFixture[]; started: OperatorFixture[] } {
  const start = (fixture: OperatorFixture) => Date.parse(fixture.StartTime);
  return {
    upcoming: fixtures.filter((f) => start(f) > now).sort((a, b) => start(a) - start(b)),
    started: fixtures.filter((f) => !(start(f) > now)).sort((a, b) => start(b) - start(a)),
  };
}
