import type { Schema } from '@fantasy-cricket/api-client';
import { api, unwrap } from '../../app/api';

/** The picks calls of spec section 7 (tag `picks`), one small typed function each. */

export type Fixture = Schema<'Fixture'>;
export type FeatureRow = Schema<'FeatureRow'>;
export type PlayerSelectionRow = Schema<'PlayerSelectionRow'>;
export type PlayerOption = Schema<'PlayerOption'>;
export type TeamOption = Schema<'TeamOption'>;
export type MatchPredictionSaveItem = Schema<'MatchPredictionSaveItem'>;
export type PlayerSelectionSaveItem = Schema<'PlayerSelectionSaveItem'>;
export type SaveResult = Schema<'SaveResult'>;
export type FixtureSelection = Schema<'FixtureSelection'>;
export type FixturePlayerSelection = Schema<'FixturePlayerSelection'>;

export const getServerTime = () => unwrap(api.GET('/view/serverTime')).then((r) => r.currentServerTime);

export const listLeagueFixtures = (leagueId: number) =>
  unwrap(api.GET('/league_fixture/getAllFixturesForLeague/{leagueId}', { params: { path: { leagueId } } }));

export const getMatchPredictionRows = (body: { UserID: number; LeagueID: number; FixtureID: number }) =>
  unwrap(api.POST('/league_selection/user/', { body }));

export const getPlayerSelectionRows = (query: { UserID: number; LeagueID: number; FixtureID: number }) =>
  unwrap(api.GET('/player_selection/fixture/', { params: { query } }));

export const listFixturePlayers = (fixtureId: number) =>
  unwrap(api.GET('/player/getPlayersByFixtureID/{fixtureId}', { params: { path: { fixtureId } } }));

export const listFixtureTeams = (fixtureId: number) =>
  unwrap(api.GET('/team/getTeamsByFixtureID/{fixtureId}', { params: { path: { fixtureId } } }));

export const saveMatchPredictionPicks = (CopyToOtherLeagues: boolean, Selection: MatchPredictionSaveItem[]) =>
  unwrap(api.PUT('/league_selection/bulk_update', { body: { CopyToOtherLeagues, Selection } }));

export const savePlayerSelectionPicks = (CopyToOtherLeagues: boolean, Selection: PlayerSelectionSaveItem[]) =>
  unwrap(api.PUT('/player_selection/bulk_update', { body: { CopyToOtherLeagues, Selection } }));

export const listFixtureSelections = (LeagueID: number, FixtureID: number) =>
  unwrap(api.POST('/view/selectionsForFixture', { body: { LeagueID, FixtureID } }));

export const listFixturePlayerSelections = (LeagueID: number, FixtureID: number) =>
  unwrap(api.POST('/view/playerSelectionsForFixture', { body: { LeagueID, FixtureID } }));
