import { formatCredits, type TeamRules } from '@fantasy-cricket/rules';

/**
 * A Player Selection league's team rules (issue 27) as people read them: one wording for the points
 * table of "How scoring works" and the read-only configure wizard.
 */

/** A multiplier as shown: "2", "1.5", "1.25" (the rules package's figure format). */
export const formatFactor = (multiplier: number) => formatCredits(multiplier);

/** "2×", "1.25×". */
export const timesText = (multiplier: number) => `${formatFactor(multiplier)}×`;

/** Whether any rule is on (a league created before the rules has none and plays as before). */
export const hasTeamRules = (r: TeamRules) =>
  r.BudgetCredits !== null || r.CaptainMultiplier !== null || r.MaxPerSide !== null || r.Backups > 0;

export type TeamRuleId = 'budget' | 'roles' | 'maxPerSide' | 'backups';

export interface TeamRuleLine {
  id: TeamRuleId;
  label: string;
  /** The rule in a few words ("100 credits", "Off"). */
  value: string;
  /** Whether the rule is on. */
  on: boolean;
  /** What the rule means for a member's team; only for a rule that is on. */
  detail?: string;
}

const roles = (r: TeamRules) =>
  r.CaptainMultiplier === null
    ? 'Off'
    : `Captain ${timesText(r.CaptainMultiplier)} · vice-captain ${timesText(r.ViceCaptainMultiplier ?? 1)}`;

/** Every rule, in the order of the team sheet: budget, captain and vice-captain, sides, backups. */
export function teamRuleLines(r: TeamRules): TeamRuleLine[] {
  const budget = r.BudgetCredits;
  const captain = r.CaptainMultiplier;
  const perSide = r.MaxPerSide;
  return [
    {
      id: 'budget',
      label: 'Budget',
      on: budget !== null,
      value: budget === null ? 'Off' : `${formatCredits(budget)} credits`,
      detail:
        budget === null
          ? undefined
          : `Your team may cost at most ${formatCredits(budget)} credits. Each player's price comes from recent form and is frozen when the fixture starts.`,
    },
    {
      id: 'roles',
      label: 'Captain and vice-captain',
      on: captain !== null,
      value: roles(r),
      detail:
        captain === null
          ? undefined
          : `Your captain's points count ${timesText(captain)} and your vice-captain's ${timesText(r.ViceCaptainMultiplier ?? 1)}, rounded to whole points.`,
    },
    {
      id: 'maxPerSide',
      label: 'Most players from one side',
      on: perSide !== null,
      value: perSide === null ? 'Off' : String(perSide),
      detail: perSide === null ? undefined : `At most ${perSide} of your players may come from one side.`,
    },
    {
      id: 'backups',
      label: 'Backups',
      on: r.Backups > 0,
      value: r.Backups === 0 ? 'None' : `Up to ${r.Backups}`,
      detail:
        r.Backups === 0
          ? undefined
          : `Name up to ${r.Backups} ${r.Backups === 1 ? 'backup' : 'backups'}: at the lock, a backup of the same position replaces a pick who is not in the announced XI, as long as the team keeps the rules${captain === null ? '' : ", and takes over the pick's role as captain or vice-captain"}.`,
    },
  ];
}
