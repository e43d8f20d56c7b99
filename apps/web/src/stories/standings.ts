import { screen } from 'storybook/test';
import { getAppStore } from '../app/store';
import { leaderboardChoiceAtom, type StandingsView } from '../features/leaderboard/atoms';
import {
  contestWidgets,
  makePastPlayerSelection,
  makePastSelection,
  makePlayerScoringDetail,
  makeProgression,
  standings,
} from '../features/leaderboard/testData';
import type { League } from '../features/leagues/api';
import { makeLeague } from '../features/leagues/testData';
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

/** Match 1: a winning pick and an auto-pick that scored nothing; Match 2: one winning pick. */
const mpDetails = [
  makePastSelection({ FixtureID: 10, Points: 10 }),
  makePastSelection({
    FixtureID: 10,
    Feature: 'Most Runs',
    FeatureTypeName: 'player',
    SelectedTeam: '',
    SelectedPlayer: 'Rohit Sharma',
    WinningTeam: '',
    WinningPlayer: 'Virat Kohli',
    Points: 0,
    IsAutoPick: true,
  }),
  makePastSelection({ FixtureID: 20, FixtureName: 'Match 2', StartTime: '2026-04-09T14:00:00.000Z', Points: 90 }),
];

const psDetails = [
  makePastPlayerSelection({ FixtureID: 10, PlayerID: 101, PlayerName: 'Rohit Sharma', Points: 24 }),
  makePastPlayerSelection({
    FixtureID: 10,
    PlayerID: 102,
    PlayerName: 'Jasprit Bumrah',
    PositionName: 'Bowler',
    Points: 0,
  }),
  makePastPlayerSelection({
    FixtureID: 20,
    FixtureName: 'Match 2',
    StartTime: '2026-04-09T14:00:00.000Z',
    PlayerID: 101,
    PlayerName: 'Rohit Sharma',
    Points: 76,
  }),
];

/** Named groups for `parameters.msw.handlers`: a story replaces the group it changes. */
export const standingsHandlers = {
  leagues: userLeagues([mpLeague, psLeague]),
  leaderboard: [
    http.get('/view/leaderboard/{leagueId}', ({ response }) => response(200).json(standings)),
    http.get('/view/player_selection_leaderboard/{leagueId}', ({ response }) => response(200).json(standings)),
  ],
  progression: [http.get('/view/progression/{leagueId}', ({ response }) => response(200).json(makeProgression()))],
  contests: [http.get('/contests/standings/{leagueId}', ({ response }) => response(200).json(contestWidgets))],
  scoreDetails: [
    http.post('/view/pastSelections', ({ response }) => response(200).json(mpDetails)),
    http.post('/view/pastPlayerSelections', ({ response }) => response(200).json(psDetails)),
    http.post('/view/playerSelectionsDetailedScoring', ({ response }) =>
      response(200).json([
        makePlayerScoringDetail(),
        makePlayerScoringDetail({ FeatureName: 'Sixes', Count: 1, Points: 4 }),
        makePlayerScoringDetail({ FeatureName: 'Duck', Count: 0, Points: 0 }),
      ]),
    ),
  ],
};

/** The league (and view) the Leaderboard opens with, as if chosen on an earlier visit (it remembers both). */
export function rememberLeague(league: League, view: StandingsView = 'leaderboard'): void {
  getAppStore().set(leaderboardChoiceAtom, { leagueId: league.LeagueID, view });
}

/**
 * Waits until the points progression (its own lazy chunk) has rendered and settled: its data table, hidden
 * behind the chart, has become a keyboard-reachable scroll region. Until then a play function could end,
 * and axe run, between the table's first paint and that update.
 */
export async function progressionSettled(): Promise<void> {
  await screen.findByRole('region', { name: 'Cumulative points after each scored fixture' });
}
