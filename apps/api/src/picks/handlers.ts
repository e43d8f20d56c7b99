import type { PartialHandlerMap } from '../http/contract';
import { me } from '../http/me';
import { fixturePlayerFigures } from './figures';
import { matchPredictionRows, saveMatchPredictionPicks } from './match-prediction';
import { fixturePlayerOptions, fixtureTeamOptions, leagueFixtureList } from './options';
import { playerSelectionRows, savePlayerSelectionPicks } from './player-selection';
import { readablePicksLeague } from './shared';
import { playerSelectionTeam } from './team';
import { fixturePlayerSelections, fixtureSelections } from './visibility';

type PickOps =
  | 'getServerTime'
  | 'listLeagueFixtures'
  | 'getMatchPredictionRows'
  | 'getPlayerSelectionRows'
  | 'getPlayerSelectionTeam'
  | 'listFixturePlayers'
  | 'listFixturePlayerFigures'
  | 'listFixtureTeams'
  | 'saveMatchPredictionPicks'
  | 'savePlayerSelectionPicks'
  | 'listFixtureSelections'
  | 'listFixturePlayerSelections';

/**
 * Thin handlers for picks (docs/decisions/0006-picks-api.md). The generic owner check has
 * already matched every `UserID` (query, body, save items) with the session; one clock (`new Date()`)
 * decides both getServerTime and when picks lock.
 */
export const pickHandlers: PartialHandlerMap<PickOps> = {
  async getServerTime() {
    return { status: 200, body: { currentServerTime: new Date().toISOString() } };
  },

  async listLeagueFixtures({ params, session, deps }) {
    await readablePicksLeague(deps.db, params.leagueId, me(session));
    return { status: 200, body: await leagueFixtureList(deps.db, params.leagueId, new Date()) };
  },

  async getMatchPredictionRows({ body, session, deps }) {
    return { status: 200, body: await matchPredictionRows(deps.db, me(session), body.LeagueID, body.FixtureID) };
  },

  async getPlayerSelectionRows({ query, session, deps }) {
    return { status: 200, body: await playerSelectionRows(deps.db, me(session), query.LeagueID, query.FixtureID) };
  },

  async getPlayerSelectionTeam({ query, session, deps }) {
    return { status: 200, body: await playerSelectionTeam(deps.db, me(session), query.LeagueID, query.FixtureID) };
  },

  async listFixturePlayers({ params, session, deps }) {
    me(session);
    return { status: 200, body: await fixturePlayerOptions(deps.db, params.fixtureId) };
  },

  async listFixturePlayerFigures({ query, session, deps }) {
    const body = await fixturePlayerFigures(deps.db, me(session), query.LeagueID, query.FixtureID, new Date());
    return { status: 200, body };
  },

  async listFixtureTeams({ params, session, deps }) {
    me(session);
    return { status: 200, body: await fixtureTeamOptions(deps.db, params.fixtureId) };
  },

  async saveMatchPredictionPicks({ body, session, deps }) {
    return { status: 200, body: await saveMatchPredictionPicks(deps.db, me(session), body) };
  },

  async savePlayerSelectionPicks({ body, session, deps }) {
    return { status: 200, body: await savePlayerSelectionPicks(deps.db, me(session), body) };
  },

  async listFixtureSelections({ body, session, deps }) {
    return { status: 200, body: await fixtureSelections(deps.db, me(session), body.LeagueID, body.FixtureID) };
  },

  async listFixturePlayerSelections({ body, session, deps }) {
    return { status: 200, body: await fixturePlayerSelections(deps.db, me(session), body.LeagueID, body.FixtureID) };
  },
};
