import { describe, expect, it } from 'vitest';
import {
  formatCredits,
  multipliedPoints,
  TEAM_RULE_DEFAULTS,
  TEAM_RULES_OFF,
  type TeamChoice,
  teamMessages,
  teamRuleErrors,
  teamSummary,
} from './team';

const side = (teamId: number) => (teamId === 1 ? 'Chennai' : 'Mumbai');
const players = (n: number, teamId: number, price: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ playerId: from + i, name: `P${from + i}`, teamId, price }));

describe('multipliedPoints', () => {
  it('rounds to a whole point with halves away from zero, as the scoring SQL does', () => {
    expect(multipliedPoints(15, 150)).toBe(23);
    expect(multipliedPoints(37, 200)).toBe(74);
    expect(multipliedPoints(-3, 150)).toBe(-5);
    expect(multipliedPoints(-2, 150)).toBe(-3);
    expect(multipliedPoints(7, 125)).toBe(9); // 8.75
    expect(multipliedPoints(0, 200)).toBe(0);
    expect(multipliedPoints(11, 100)).toBe(11);
  });
});

describe('formatCredits', () => {
  it('shows at most two decimals, without trailing zeros', () => {
    expect([100, 8.5, 1.25, 2, 103.4].map(formatCredits)).toEqual(['100', '8.5', '1.25', '2', '103.4']);
  });
});

describe('teamRuleErrors', () => {
  const team = (o: Partial<TeamChoice>): TeamChoice => ({
    players: [],
    captainId: null,
    viceCaptainId: null,
    backups: [],
    ...o,
  });

  it('asks nothing of an empty team, or of a league without rules', () => {
    expect(teamRuleErrors(TEAM_RULE_DEFAULTS, team({}), side)).toEqual([]);
    expect(teamRuleErrors(TEAM_RULES_OFF, team({ players: players(11, 1, 11) }), side)).toEqual([]);
  });

  it('says by how much a team is over the budget, and which side has too many', () => {
    const eleven = [...players(8, 1, 10), ...players(3, 2, 9, 20)];
    expect(teamSummary(TEAM_RULE_DEFAULTS, eleven).creditsLeft).toBe(-7);
    expect(teamRuleErrors(TEAM_RULE_DEFAULTS, team({ players: eleven, captainId: 1, viceCaptainId: 2 }), side)).toEqual(
      [teamMessages.overBudget(7, 100), teamMessages.tooManyFromSide(7, 'Chennai', 8)],
    );
  });

  it('asks for a captain and a different vice-captain among the picks', () => {
    const two = players(2, 1, 8);
    expect(teamRuleErrors(TEAM_RULE_DEFAULTS, team({ players: two }), side)).toEqual([teamMessages.noCaptainAndVice]);
    expect(teamRuleErrors(TEAM_RULE_DEFAULTS, team({ players: two, captainId: 1 }), side)).toEqual([
      teamMessages.noViceCaptain,
    ]);
    expect(teamRuleErrors(TEAM_RULE_DEFAULTS, team({ players: two, captainId: 1, viceCaptainId: 1 }), side)).toEqual([
      teamMessages.sameCaptainAndVice,
    ]);
    expect(teamRuleErrors(TEAM_RULE_DEFAULTS, team({ players: two, captainId: 9, viceCaptainId: 2 }), side)).toEqual([
      teamMessages.roleNotPicked('captain'),
    ]);
    // One player: a captain is enough.
    expect(teamRuleErrors(TEAM_RULE_DEFAULTS, team({ players: players(1, 1, 8), captainId: 1 }), side)).toEqual([]);
    expect(teamRuleErrors(TEAM_RULES_OFF, team({ players: two, captainId: 1, viceCaptainId: 2 }), side)).toEqual([
      teamMessages.noRoles,
    ]);
  });

  it('keeps backups within the number allowed, never a picked player, never twice', () => {
    const two = players(2, 1, 8);
    const ok = { players: two, captainId: 1, viceCaptainId: 2 };
    expect(
      teamRuleErrors(
        { ...TEAM_RULE_DEFAULTS, Backups: 1 },
        team({
          ...ok,
          backups: [
            { playerId: 5, name: 'P5' },
            { playerId: 6, name: 'P6' },
          ],
        }),
        side,
      ),
    ).toEqual([teamMessages.tooManyBackups(1)]);
    expect(
      teamRuleErrors(
        TEAM_RULE_DEFAULTS,
        team({
          ...ok,
          backups: [
            { playerId: 1, name: 'P1' },
            { playerId: 5, name: 'P5' },
            { playerId: 5, name: 'P5' },
          ],
        }),
        side,
      ),
    ).toEqual([teamMessages.backupPicked('P1'), teamMessages.backupTwice('P5')]);
  });
});
