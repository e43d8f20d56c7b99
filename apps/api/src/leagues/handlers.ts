import {
  createLeaguePayloadSchema,
  joinLeaguePayloadSchema,
  messages,
  updateLeaguePayloadSchema,
} from '@fantasy-cricket/rules';
import { activeSeries } from '../cricket/queries';
import { playerStats } from '../cricket/stats';
import type { PartialHandlerMap } from '../http/contract';
import { parseOr400 } from '../http/errors';
import { me } from '../http/me';
import { readableLeague, requireMember } from './access';
import {
  LEAGUE_TYPES,
  configurationItems,
  selectionConfigItems,
  updateConfigurations,
  updateSelectionConfigs,
} from './config';
import {
  activateLeague,
  changeAdmin,
  createLeague,
  deleteLeague,
  getLeague,
  publicLeagues,
  updateLeague,
  userLeagues,
} from './leagues';
import { asCodeAttempt } from './code-attempts';
import { teamRulesAnswer, updateTeamRules } from './team-rules';
import { decideMember, joinLeague, listMembers } from './members';

type LeagueOps =
  | 'listLeagueTypes'
  | 'listActiveSeries'
  | 'listPlayerStats'
  | 'createLeague'
  | 'listUserLeagues'
  | 'listPublicLeagues'
  | 'getLeague'
  | 'updateLeague'
  | 'deleteLeague'
  | 'activateLeague'
  | 'changeLeagueAdmin'
  | 'getLeagueConfigurations'
  | 'updateLeagueConfigurations'
  | 'getSelectionConfigs'
  | 'updateSelectionConfigs'
  | 'getTeamRules'
  | 'updateTeamRules'
  | 'listLeagueMembers'
  | 'updateMemberStatus'
  | 'joinLeague';

/** Every league operation needs a session (the contract says so; this narrows the type). */

/**
 * Thin handlers: the generic owner check (src/http/openapi.ts) has already matched `{userId}`,
 * `UserID`, `AdminUserID` and `AdminID` with the session; the rules live in ./leagues, ./config, ./members.
 */
export const leagueHandlers: PartialHandlerMap<LeagueOps> = {
  async listLeagueTypes() {
    return { status: 200, body: LEAGUE_TYPES.map(({ ID, Name }) => ({ ID, Name })) };
  },

  async listActiveSeries({ deps }) {
    return { status: 200, body: await activeSeries(deps.db) };
  },

  async listPlayerStats({ deps }) {
    return { status: 200, body: await playerStats(deps.db) };
  },

  async createLeague({ body, session, deps }) {
    const input = parseOr400(createLeaguePayloadSchema, body);
    const created = await createLeague(deps.db, me(session), { ...body, ...input });
    return { status: 201, body: { message: messages.startLeague.created, ...created } };
  },

  async listUserLeagues({ session, deps }) {
    return { status: 200, body: { data: await userLeagues(deps.db, me(session)) } };
  },

  async listPublicLeagues({ query, session, deps }) {
    return { status: 200, body: { data: await publicLeagues(deps.db, me(session), query.search) } };
  },

  async getLeague({ params, session, deps }) {
    return { status: 200, body: await getLeague(deps.db, params.id, me(session)) };
  },

  async updateLeague({ params, body, session, deps }) {
    const input = parseOr400(updateLeaguePayloadSchema, body);
    await updateLeague(deps.db, params.id, me(session), input);
    return { status: 200, body: { message: messages.editLeague.updated } };
  },

  async deleteLeague({ params, session, deps }) {
    await deleteLeague(deps.db, params.id, me(session));
    return { status: 200, body: { message: messages.leagueApi.deleted } };
  },

  async activateLeague({ body, session, deps }) {
    await activateLeague(deps.db, body.LeagueID, me(session));
    return { status: 200, body: { message: messages.leagueApi.activated } };
  },

  async changeLeagueAdmin({ body, session, deps }) {
    await changeAdmin(deps.db, body.LeagueID, me(session), body.NewAdminID);
    return { status: 200, body: { message: messages.members.adminChanged } };
  },

  async getLeagueConfigurations({ params, session, deps }) {
    await requireMember(deps.db, params.leagueId, me(session));
    return { status: 200, body: await configurationItems(deps.db, params.leagueId) };
  },

  async updateLeagueConfigurations({ body, session, deps }) {
    await updateConfigurations(deps.db, me(session), body.LeagueConfiguration);
    return { status: 200, body: { message: messages.configure.configSaved } };
  },

  async getSelectionConfigs({ params, session, deps }) {
    await requireMember(deps.db, params.leagueId, me(session));
    return { status: 200, body: await selectionConfigItems(deps.db, params.leagueId) };
  },

  async updateSelectionConfigs({ body, session, deps }) {
    await updateSelectionConfigs(deps.db, me(session), body.LeagueSelectionConfig);
    return { status: 200, body: { message: messages.configure.selectionConfigSaved } };
  },

  async getTeamRules({ params, session, deps }) {
    await readableLeague(deps.db, params.leagueId, me(session), { type: 'PS', wrongType: messages.picksApi });
    return { status: 200, body: await teamRulesAnswer(deps.db, params.leagueId) };
  },

  async updateTeamRules({ params, body, session, deps }) {
    return { status: 200, body: await updateTeamRules(deps.db, me(session), params.leagueId, body) };
  },

  async listLeagueMembers({ params, session, deps }) {
    return { status: 200, body: { data: await listMembers(deps.db, params.leagueId, me(session)) } };
  },

  async updateMemberStatus({ body, session, deps }) {
    const message = await decideMember(deps.db, me(session), body, { appUrl: deps.config.appUrl });
    deps.mail.kick();
    return { status: 200, body: { message } };
  },

  async joinLeague({ body, session, deps, request }) {
    const input = parseOr400(joinLeaguePayloadSchema, body);
    const userId = me(session);
    // Codes that are not found are limited per account and per address (./code-attempts.ts).
    const joined = await asCodeAttempt(deps, userId, request.ip, () =>
      joinLeague(deps.db, userId, input, { appUrl: deps.config.appUrl }),
    );
    if (joined.Status === 'Pending') deps.mail.kick();
    return { status: 200, body: joined };
  },
};
