import type { paths, Schema } from '@fantasy-cricket/api-client';

/** Shapes of the leagues area, from the contract (openapi.yaml). */
export type League = Schema<'League'>;
export type PublicLeague = Schema<'PublicLeague'>;
export type LeagueMember = Schema<'LeagueMember'>;
export type LeagueConfigurationItem = Schema<'LeagueConfigurationItem'>;
export type SelectionConfigItem = Schema<'SelectionConfigItem'>;
/** A Player Selection league's team rules as the API answers them (with LeagueID and IsLocked). */
export type LeagueTeamRules = Schema<'TeamRules'>;
export type TeamRulesInput = Schema<'TeamRulesInput'>;
export type LeagueType = Schema<'LeagueType'>;
export type SeriesOption = Schema<'SeriesOption'>;
export type CreateLeagueBody = paths['/league/']['post']['requestBody']['content']['application/json'];

/**
 * A league the user plays in, not one whose join request still awaits the admin: only these open the
 * members list, the configuration, picks and standings (the server answers 403 otherwise).
 */
export const isApprovedMember = (league: Pick<League, 'MemberStatus'>) => league.MemberStatus === 'Approved';
