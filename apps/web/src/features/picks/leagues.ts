import { fixtureLabel, hasStarted } from '@fantasy-cricket/rules';
import type { SelectOption } from '@fantasy-cricket/ui';
import { isApprovedMember, type League } from '../leagues/api';
import type { Fixture } from './api';

/** The league type whose picks are players by position; every other type predicts features. */
export const PLAYER_SELECTION_TYPE = 'Player Selection';

export const isPlayerSelectionLeague = (league: Pick<League, 'LeagueTypeName'>) =>
  league.LeagueTypeName === PLAYER_SELECTION_TYPE;

/** My Selections (spec section 9): only Active leagues with fixtures left to pick. */
export const selectableForPicks = (league: League) =>
  isApprovedMember(league) && league.Status === 'Active' && league.FixturesRemaining > 0;

/** All Selections (spec section 4): Active and Finished leagues. */
export const viewableForSelections = (league: League) =>
  isApprovedMember(league) && (league.Status === 'Active' || league.Status === 'Finished');

export const leagueOptions = (leagues: readonly League[]): SelectOption[] =>
  leagues.map((l) => ({ value: String(l.LeagueID), label: l.LeagueName }));

const startMs = (f: Fixture) => new Date(f.StartTime).getTime();

/** Fixtures by start time (earliest first). */
export const sortByStart = (fixtures: readonly Fixture[]) => [...fixtures].sort((a, b) => startMs(a) - startMs(b));

/** Fixtures still open for picks at `serverNow`, by start time. */
export const upcomingFixtures = (fixtures: readonly Fixture[], serverNow: string) =>
  sortByStart(fixtures.filter((f) => !hasStarted(f.StartTime, serverNow)));

export const fixtureOptions = (fixtures: readonly Fixture[]): SelectOption[] =>
  fixtures.map((f) => ({ value: String(f.FixtureID), label: fixtureLabel(f) }));
