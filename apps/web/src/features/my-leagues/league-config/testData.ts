import { TEAM_RULE_DEFAULTS, TEAM_RULES_OFF } from '@fantasy-cricket/rules';
import type { LeagueTeamRules } from '../../../data/leagues/types';

/** Contract-shaped team rules for the configure wizard's tests and stories: a new league's defaults. */
export function makeTeamRules(overrides: Partial<LeagueTeamRules> = {}): LeagueTeamRules {
  return { LeagueID: 1, ...TEAM_RULE_DEFAULTS, IsLocked: false, ...overrides };
}

/** A league created before the team rules: every rule off. */
export const rulesOff = (overrides: Partial<LeagueTeamRules> = {}) =>
  makeTeamRules({ ...TEAM_RULES_OFF, ...overrides });
