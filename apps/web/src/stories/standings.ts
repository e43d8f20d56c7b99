import { screen } from 'storybook/test';
import { getAppStore } from '../shared/store';
import { leaderboardChoiceAtom, type StandingsView } from '../features/leaderboard/atoms';
import {
  contestWidgets,
  makeProgression,
  matchPredictionDetails,
  playerScoringBreakdown,
  playerSelectionDetails,
  standings,
} from '../features/leaderboard/testData';
import type { League } from '../data/leagues/types';
import { makeLeague } from '../shared/leagues/testData';
import { http, userLeagues } from './api';

/**
 * The mock API of the Leaderboard and its score details (shared by their stories), from the fixtures
 * of features/leaderboard/testData.ts.
 */

export const mpLeague = makeLeague({
  LeagueID: 1,
  LeagueName: 'Office MP',
  LeagueTypeName: 'Match Prediction',
  Status: 'Active',
  ShowOthersPicks: true,
});

export const psLeague = makeLeague({
  LeagueID: 2,
  LeagueName: 'Office PS',
  LeagueTypeName: 'Player Selection',
  Status: 'Finished',
  ShowOthersPicks: true,
});

/** Named groups for `parameters.msw.handlers`: a story replaces the group it changes. */
export const standingsHandlers = {
  leagues: userLeagues([mpLeague, psLeague]),
  leaderboard: [
    http.get('/view/leaderboard/{leagueId}', ({ response }) => response(200).json(standings)),
    http.get('/view/player_selection_leaderboard/{leagueId}', ({ response }) => response(200).json(standings)),
  ],
  progression: [http.get('/view/progression/{leagueId}', ({ response }) => response(200).json(makeProgression()))],
  contests: [http.get('/contests/standings/{leagueId}', ({ response }) => response(200).json(contestWidgets))],
  // The Leaderboard follows its league live: no stream here (refused), and polling finds nothing new.
  live: [
    http.get('/live/stream', ({ response }) => response.untyped(new Response(null, { status: 503 }))),
    http.get('/live/events', ({ response }) => response(200).json({ Events: [], LastEventID: 0 })),
    // No fixture of the league is live.
    http.get('/live/standings/{leagueId}', ({ params, response }) =>
      response(200).json({
        LeagueID: Number(params.leagueId),
        Version: 0,
        Live: false,
        Provisional: false,
        FixtureIDs: [],
        Rows: [],
      }),
    ),
  ],
  scoreDetails: [
    http.post('/view/pastSelections', ({ response }) => response(200).json(matchPredictionDetails)),
    http.post('/view/pastPlayerSelections', ({ response }) => response(200).json(playerSelectionDetails)),
    http.post('/view/playerSelectionsDetailedScoring', ({ response }) => response(200).json(playerScoringBreakdown)),
  ],
};

/** The league (and view) the Leaderboard opens with, as if chosen on an earlier visit (it remembers both). */
export function rememberLeague(league: League, view: StandingsView = 'leaderboard'): void {
  getAppStore().set(leaderboardChoiceAtom, { leagueId: league.LeagueID, view });
}

/**
 * Waits until the points progression (its own lazy chunk) has rendered and settled: its data table, hidden
 * behind the chart, has become a keyboard-reachable scroll area (a named group). Until then a play function could end,
 * and axe run, between the table's first paint and that update.
 */
export async function progressionSettled(): Promise<void> {
  await screen.findByRole('group', { name: 'Cumulative points after each scored fixture' });
}
