import { TEAM_RULE_DEFAULTS, TEAM_RULES_OFF } from '@fantasy-cricket/rules';
import { describe, expect, it } from 'vitest';
import { rulesFromValues, type TeamRulesValues, teamRulesSchema, valuesFromRules } from './teamRulesSchema';

const defaults = valuesFromRules(TEAM_RULE_DEFAULTS);
const problems = (values: Partial<TeamRulesValues>) => {
  const result = teamRulesSchema.safeParse({ ...defaults, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the Team rules form (same ranges and messages as the server)', () => {
  it('accepts the defaults, a budget in tenths and multipliers in steps of 0.05', () => {
    expect(problems({})).toEqual({});
    expect(problems({ budget: '99.5', captain: '3', viceCaptain: '1.05', maxPerSide: '10', backups: '0' })).toEqual({});
    expect(problems({ budget: '50', captain: '1', viceCaptain: '1', maxPerSide: '1', backups: '4' })).toEqual({});
  });

  it('refuses a figure outside its range or off its grid, with teamMessages.ruleInvalid', () => {
    expect(problems({ budget: '49' })).toEqual({ budget: 'The budget must be between 50 and 200.' });
    expect(problems({ budget: '100.25' })).toEqual({ budget: 'The budget must be between 50 and 200.' });
    expect(problems({ captain: '3.05' })).toEqual({ captain: "The captain's multiplier must be between 1 and 3." });
    expect(problems({ viceCaptain: '1.03' })).toEqual({
      viceCaptain: "The vice-captain's multiplier must be between 1 and 3.",
    });
    expect(problems({ maxPerSide: '7.5' })).toEqual({
      maxPerSide: 'The most players from one side must be between 1 and 10.',
    });
    expect(problems({ backups: '' })).toEqual({ backups: 'The number of backups must be between 0 and 4.' });
    expect(problems({ backups: '-1' })).toEqual({ backups: 'The number of backups must be between 0 and 4.' });
  });

  it('does not check a rule that is off', () => {
    expect(
      problems({ budgetOn: false, budget: 'abc', rolesOn: false, captain: '9', maxPerSideOn: false, maxPerSide: '' }),
    ).toEqual({});
  });

  it('turns stored rules into figures and back: off is null, a rule off shows its default', () => {
    expect(valuesFromRules(TEAM_RULES_OFF)).toEqual({
      budgetOn: false,
      budget: '100',
      rolesOn: false,
      captain: '2',
      viceCaptain: '1.5',
      maxPerSideOn: false,
      maxPerSide: '7',
      backups: '0',
    });
    expect(rulesFromValues(valuesFromRules(TEAM_RULES_OFF))).toEqual(TEAM_RULES_OFF);
    expect(rulesFromValues(defaults)).toEqual(TEAM_RULE_DEFAULTS);
  });
});
