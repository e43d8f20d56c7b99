/** Addresses of screens opened on one league (the screens read `?league=` and choose it). */

/** My Selections with the league chosen (its next fixture is the default). */
export const picksLink = (leagueId: number) => `/home/my-predictions?league=${leagueId}`;

/** The Leaderboard with the league chosen. */
export const leaderboardLink = (leagueId: number) => `/home/view-leaderboard?league=${leagueId}`;

/** The Match Centre of a fixture, with a league's picks and points. */
export const matchCentreLink = (fixtureId: number, leagueId?: number) =>
  leagueId === undefined ? `/home/match-centre/${fixtureId}` : `/home/match-centre/${fixtureId}?league=${leagueId}`;

/** The `league` parameter of an address: a positive id, or null. */
export function leagueParam(params: URLSearchParams): number | null {
  const value = params.get('league');
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  return Number(value);
}
