import type { paths, Schema } from '@fantasy-cricket/api-client';
import { api, unwrap } from '../../app/api';

/** The league calls of spec section 7, one small typed function each (shapes from the contract). */

export type League = Schema<'League'>;
export type PublicLeague = Schema<'PublicLeague'>;
export type LeagueMember = Schema<'LeagueMember'>;
export type LeagueConfigurationItem = Schema<'LeagueConfigurationItem'>;
export type SelectionConfigItem = Schema<'SelectionConfigItem'>;

/**
 * A league the user plays in, not one whose join request still awaits the admin: only these open the
 * members list, the configuration, picks and standings (the server answers 403 otherwise).
 */
export const isApprovedMember = (league: Pick<League, 'MemberStatus'>) => league.MemberStatus === 'Approved';

export const listLeagueTypes = () => unwrap(api.GET('/leaguetype/getAll'));
export const listActiveSeries = () => unwrap(api.GET('/stage/active_stages_namelist'));
export const listPlayerStats = () => unwrap(api.GET('/player_stats/'));

export function listPublicLeagues(userId: number, search?: string) {
  return unwrap(
    api.GET('/league/publicLeagues/{userId}', {
      params: { path: { userId }, query: search ? { search } : {} },
    }),
  ).then((r) => r.data);
}

export function listUserLeagues(userId: number) {
  return unwrap(api.GET('/league/userLeagues/{userId}', { params: { path: { userId } } })).then((r) => r.data);
}

export type CreateLeagueBody = paths['/league/']['post']['requestBody']['content']['application/json'];
export const createLeague = (body: CreateLeagueBody) => unwrap(api.POST('/league/', { body }));

export const getLeague = (id: number) => unwrap(api.GET('/league/{id}', { params: { path: { id } } }));

export const updateLeague = (id: number, body: { Description: string; ShowOthersPicks: boolean }) =>
  unwrap(api.PUT('/league/{id}', { params: { path: { id } }, body }));

export const deleteLeague = (id: number) => unwrap(api.DELETE('/league/{id}', { params: { path: { id } } }));

export const activateLeague = (UserID: number, LeagueID: number) =>
  unwrap(api.POST('/league/activate', { body: { UserID, LeagueID } }));

export const changeLeagueAdmin = (body: { LeagueID: number; AdminID: number; NewAdminID: number }) =>
  unwrap(api.POST('/league/changeAdmin', { body }));

export const getLeagueConfigurations = (leagueId: number) =>
  unwrap(api.GET('/league_configuration/getConfigurationsForLeague/{leagueId}', { params: { path: { leagueId } } }));

export const saveLeagueConfigurations = (
  LeagueConfiguration: {
    LeagueConfigurationID: number;
    LeagueID: number;
    FeatureID: number;
    Points: number;
    IsActive: boolean;
  }[],
) => unwrap(api.POST('/league_configuration/bulkUpdate', { body: { LeagueConfiguration } }));

export const getSelectionConfigs = (leagueId: number) =>
  unwrap(api.GET('/selection_config/getSelectionConfigsForLeague/{leagueId}', { params: { path: { leagueId } } }));

export const saveSelectionConfigs = (
  LeagueSelectionConfig: { SelectionConfigID: number; Count: number; IsActive: boolean }[],
) => unwrap(api.POST('/selection_config/bulkUpdate', { body: { LeagueSelectionConfig } }));

export function listLeagueMembers(leagueId: number) {
  return unwrap(api.GET('/league_member/{leagueId}/members', { params: { path: { leagueId } } })).then((r) => r.data);
}

export const updateMemberStatus = (body: {
  LeagueMemberID: number;
  LeagueID: number;
  Status: 'Approved' | 'Rejected';
  AdminUserID: number;
}) => unwrap(api.POST('/league_member/update_member_status', { body }));

export const joinLeague = (body: { UserID: number; LeagueCode: string; DisplayName: string }) =>
  unwrap(api.POST('/league_member/joinLeague', { body }));
