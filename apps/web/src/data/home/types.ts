import type { Schema } from '@fantasy-cricket/api-client';

/** Shapes of Home's summary, from the contract (openapi.yaml). */
export type HomeSummary = Schema<'HomeSummary'>;
export type HomeLeague = Schema<'HomeLeague'>;
export type HomeFixture = Schema<'HomeFixture'>;
export type HomeNextFixture = Schema<'HomeNextFixture'>;

/** The league's next fixture when the player still has picks to make for it. */
export function missingPicks(league: HomeLeague): HomeNextFixture | null {
  const next = league.NextFixture;
  return next && next.PicksMade < next.PicksNeeded ? next : null;
}
