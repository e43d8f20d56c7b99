import { TEAM_RULE_DEFAULTS, TEAM_RULE_LIMITS, type TeamRules, teamMessages } from '@fantasy-cricket/rules';
import { z } from 'zod';

/**
 * The Team rules form of the configure wizard's step 1 (issue 27): the same ranges (TEAM_RULE_LIMITS)
 * and messages (teamMessages.ruleInvalid) as the server's check, so the admin reads the same sentence
 * whether the form or the server refuses a figure. Figures are typed as text; a rule that is off is
 * not checked (and keeps its text, so turning it on again shows it).
 */

const L = TEAM_RULE_LIMITS;

/** Each rule as the server's messages name it: one list in packages/rules. */
export const teamRuleNames = teamMessages.ruleNames;

export const teamRulesSchema = z
  .object({
    budgetOn: z.boolean(),
    budget: z.string(),
    rolesOn: z.boolean(),
    captain: z.string(),
    viceCaptain: z.string(),
    maxPerSideOn: z.boolean(),
    maxPerSide: z.string(),
    backups: z.string(),
  })
  .superRefine((v, ctx) => {
    /** A figure within [min, max] and on its grid (`per` steps to 1: 10 for tenths, 20 for 0.05, 1 for whole). */
    const check = (
      field: keyof typeof teamRuleNames,
      text: string,
      range: { min: number; max: number },
      per: number,
    ) => {
      const value = text.trim() === '' ? Number.NaN : Number(text);
      const onGrid = Math.abs(Math.round(value * per) - value * per) < 1e-6;
      if (Number.isFinite(value) && value >= range.min && value <= range.max && onGrid) return;
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: teamMessages.ruleInvalid(teamRuleNames[field], range.min, range.max),
      });
    };
    if (v.budgetOn) check('budget', v.budget, L.budget, 10);
    if (v.rolesOn) {
      check('captain', v.captain, L.multiplier, 20);
      check('viceCaptain', v.viceCaptain, L.multiplier, 20);
    }
    if (v.maxPerSideOn) check('maxPerSide', v.maxPerSide, L.maxPerSide, 1);
    check('backups', v.backups, L.backups, 1);
  });

export type TeamRulesValues = z.infer<typeof teamRulesSchema>;

/** The form's values for stored rules: a rule that is off shows the default figure, ready to turn on. */
export function valuesFromRules(r: TeamRules): TeamRulesValues {
  const d = TEAM_RULE_DEFAULTS;
  return {
    budgetOn: r.BudgetCredits !== null,
    budget: String(r.BudgetCredits ?? d.BudgetCredits),
    rolesOn: r.CaptainMultiplier !== null,
    captain: String(r.CaptainMultiplier ?? d.CaptainMultiplier),
    viceCaptain: String(r.ViceCaptainMultiplier ?? d.ViceCaptainMultiplier),
    maxPerSideOn: r.MaxPerSide !== null,
    maxPerSide: String(r.MaxPerSide ?? d.MaxPerSide),
    backups: String(r.Backups),
  };
}

/** The rules to save (PUT team_rules) from valid values: off is null, the multipliers on or off together. */
export function rulesFromValues(v: TeamRulesValues): TeamRules {
  return {
    BudgetCredits: v.budgetOn ? Number(v.budget) : null,
    CaptainMultiplier: v.rolesOn ? Number(v.captain) : null,
    ViceCaptainMultiplier: v.rolesOn ? Number(v.viceCaptain) : null,
    MaxPerSide: v.maxPerSideOn ? Number(v.maxPerSide) : null,
    Backups: Number(v.backups),
  };
}
