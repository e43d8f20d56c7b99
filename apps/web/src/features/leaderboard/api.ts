import type { Schema } from '@fantasy-cricket/api-client';
import { api, unwrap } from '../../app/api';

/** The standings calls of spec section 7 (tag `standings`), one small typed function each. */

export type LeaderboardRow = Schema<'LeaderboardRow'>;
export type PointsProgression = Schema<'PointsProgression'>;
export type ContestWidget = Schema<'ContestWidget'>;
export type ContestEntry = ContestWidget['Entry'][number];
export type PastSelection = Schema<'PastSelection'>;
export type PastPlayerSelection = Schema<'PastPlayerSelection'>;
export type PlayerScoringDetail = Schema<'PlayerScoringDetail'>;

/** The leaderboard of a league: the Match Prediction or the Player Selection operation. */
export function getLeaderboard(leagueId: number, playerSelection: boolean) {
  const params = { params: { path: { leagueId } } };
  return playerSelection
    ? unwrap(api.GET('/view/player_selection_leaderboard/{leagueId}', params))
    : unwrap(api.GET('/view/leaderboard/{leagueId}', params));
}

export const getPointsProgression = (leagueId: number) =>
  unwrap(api.GET('/view/progression/{leagueId}', { params: { path: { leagueId } } }));

export const getContestStandings = (leagueId: number) =>
  unwrap(api.GET('/contests/standings/{leagueId}', { params: { path: { leagueId } } }));

export const listPastSelections = (LeagueID: number, UserID: number) =>
  unwrap(api.POST('/view/pastSelections', { body: { LeagueID, UserID } }));

export const listPastPlayerSelections = (LeagueID: number, UserID: number) =>
  unwrap(api.POST('/view/pastPlayerSelections', { body: { LeagueID, UserID } }));

export const listPlayerScoringDetails = (body: {
  LeagueID: number;
  FixtureID: number;
  UserID: number;
  PlayerID: number;
}) => unwrap(api.POST('/view/playerSelectionsDetailedScoring', { body }));
