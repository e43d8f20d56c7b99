import { fixtureLabel, hasStarted } from '@fantasy-cricket/rules';
import type { SelectOption } from '@fantasy-cricket/ui';
import type { Fixture } from '../../data/cricket/types';
import { isApprovedMember, type League } from '../../data/leagues/types';

/** The league type whose picks are players by position; every other type predicts features. */
export const PLAYER_SELECTION_TYPE = 'Player Selection';

export const isPlayerSelectionLeague = (league: Pick<League, 'LeagueTypeName'>) =>
  league.LeagueTypeName === PLAYER_SELECTION_TYPE;

/** The two kinds of picks: by feature (Match Prediction) or by position (Player Selection). */
export type LeaguePicksType = 'match-prediction' | 'player-selection';

export const leaguePicksType = (league: Pick<League, 'LeagueTypeName'>): LeaguePicksType =>
  isPlayerSelectionLeague(league) ? 'player-selection' : 'match-prediction';

/** My Selections (spec section 9): only Active leagues with fixtures left to pick. */
export const selectableForPicks = (league: League) =>
  isApprovedMember(league) && league.Status === 'Active' && league.FixturesRemaining > 0;

/** All Selections (spec section 4): Active and Finished leagues. */
export const viewableForSelections = (league: League) =>
  isApprovedMember(league) && (league.Status === 'Active' || league.Status === 'Finished');

const startMs = (f: Fixture) => new Date(f.StartTime).getTime();

/** Fixtures by start time (earliest first). */
export const sortByStart = (fixtures: readonly Fixture[]) => [...fixtures].sort((a, b) => startMs(a) - startMs(b));

/** Fixtures still open for picks at `serverNow`, by start time. */
export const upcomingFixtures = (fixtures: readonly Fixture[], serverNow: string) =>
  sortByStart(fixtures.filter((f) => !hasStarted(f.StartTime, serverNow)));

/** How long after its start a fixture with no result yet still counts as being played (a long ODI day). */
const IN_PLAY_WINDOW_MS = 12 * 60 * 60 * 1000;

/**
 * Fixtures being played at `serverNow`, by start time: started and live (the live feed has it), or
 * started within the last 12 hours with no result yet. My Selections lists them before the upcoming
 * ones so a player can see their own picks, read-only, during the match (spec section 5:
 * past fixtures are "excluded or disabled" — these are disabled).
 */
export const inPlayFixtures = (fixtures: readonly Fixture[], serverNow: string) => {
  const now = Date.parse(serverNow);
  return sortByStart(
    fixtures.filter(
      (f) =>
        hasStarted(f.StartTime, serverNow) &&
        (f.Status === 'live' || (f.Status === 'scheduled' && now - startMs(f) < IN_PLAY_WINDOW_MS)),
    ),
  );
};

export const fixtureOptions = (fixtures: readonly Fixture[]): SelectOption[] =>
  fixtures.map((f) => ({ value: String(f.FixtureID), label: fixtureLabel(f) }));
