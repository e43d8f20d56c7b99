/**
 * Player Selection team rules (issue 27, docs/decisions/0046-team-rules.md): a budget in credits, a
 * captain and a vice-captain whose points are multiplied, a cap on players from one side, and backups
 * that replace a pick outside the announced XI at the lock. One implementation for the team sheet
 * (the credits bar, the messages before saving) and the server (every save, copy and auto-pick).
 *
 * Figures cross the API as the people see them (100 credits, 2×, 8.5 credits); the database keeps
 * whole numbers (tenths of a credit, percent), converted by `toTenths` / `toPct` here.
 */

export interface TeamRules {
  /** Credits a team may cost in all; null: no budget. */
  BudgetCredits: number | null;
  /** The captain's points are multiplied by this; null: no captain or vice-captain. */
  CaptainMultiplier: number | null;
  ViceCaptainMultiplier: number | null;
  /** The most players from one side; null: no cap. */
  MaxPerSide: number | null;
  /** How many backups a member may name (0–4). */
  Backups: number;
}

/** What a new Player Selection league starts with (the admin may change or turn off each). */
export const TEAM_RULE_DEFAULTS: TeamRules = {
  BudgetCredits: 100,
  CaptainMultiplier: 2,
  ViceCaptainMultiplier: 1.5,
  MaxPerSide: 7,
  Backups: 4,
};

/** Every rule off: the game as it was before team rules (leagues created before them keep this). */
export const TEAM_RULES_OFF: TeamRules = {
  BudgetCredits: null,
  CaptainMultiplier: null,
  ViceCaptainMultiplier: null,
  MaxPerSide: null,
  Backups: 0,
};

/** The ranges an admin may choose from. */
export const TEAM_RULE_LIMITS = {
  budget: { min: 50, max: 200 },
  multiplier: { min: 1, max: 3 },
  maxPerSide: { min: 1, max: 10 },
  backups: { min: 0, max: 4 },
  /** Prices are set in steps of half a credit. */
  price: { min: 1, max: 20, step: 0.5 },
} as const;

export const toTenths = (credits: number) => Math.round(credits * 10);
export const fromTenths = (tenths: number) => tenths / 10;
export const toPct = (multiplier: number) => Math.round(multiplier * 100);
export const fromPct = (pct: number) => pct / 100;

/** Credits (or a multiplier) as shown: "100", "8.5", "1.25" — at most two decimals, no trailing zeros. */
export const formatCredits = (credits: number) => String(Math.round(credits * 100) / 100);

/** A multiplier as shown: "2×", "1.5×". */
export const formatMultiplier = (multiplier: number) => `${formatCredits(multiplier)}×`;

export const teamMessages = {
  overBudget: (over: number, budget: number) =>
    `Your team costs ${formatCredits(over)} credits more than the budget of ${formatCredits(budget)} credits.`,
  tooManyFromSide: (limit: number, team: string, count: number) =>
    `At most ${limit} players from one side are allowed: ${count} are from ${team}.`,
  noCaptain: 'Choose a captain for your team.',
  noCaptainAndVice: 'Choose a captain and a vice-captain for your team.',
  noViceCaptain: 'Choose a vice-captain for your team.',
  sameCaptainAndVice: 'The captain and the vice-captain must be different players.',
  roleNotPicked: (role: 'captain' | 'vice-captain') => `Your ${role} must be one of the players you picked.`,
  noRoles: 'This league has no captain or vice-captain.',
  tooManyBackups: (limit: number) =>
    limit === 0 ? 'This league has no backups.' : `At most ${limit} backup${limit === 1 ? '' : 's'} are allowed.`,
  backupPicked: (player: string) => `${player} is already in your team: a backup must be another player.`,
  backupTwice: (player: string) => `${player} is named twice as a backup.`,
  backupNotInFixture: (fixture: string) => `A backup is not in either squad of ${fixture}.`,
  ruleInvalid: (rule: string, min: number, max: number) => `${rule} must be between ${min} and ${max}.`,
  /** The rules as the messages name them (the form and the server alike). */
  ruleNames: {
    budget: 'The budget',
    captain: "The captain's multiplier",
    viceCaptain: "The vice-captain's multiplier",
    maxPerSide: 'The most players from one side',
    backups: 'The number of backups',
  },
  rulesLocked: 'The team rules are locked once the league is activated.',
  rulesPlayerSelectionOnly: 'Team rules belong to Player Selection leagues.',
  copyRefused: (league: string, reason: string) => `Not copied to ${league}: ${reason}`,
  rulesSaved: 'Team rules saved successfully!',
  teamWrongLeague: 'A team must be of the league the picks are saved in.',
  teamWrongFixture: 'A team must be of a fixture whose picks are saved in the same request.',
  teamRepeated: 'The same team appears more than once in the request.',
  multipliersTogether: 'The captain and vice-captain multipliers are on or off together.',
} as const;

/** One picked player as the rules see him. */
export interface TeamPlayer {
  playerId: number;
  name: string;
  /** The side he plays for in this fixture. */
  teamId: number;
  /** His price for the fixture in credits (ignored without a budget). */
  price: number;
}

export interface TeamChoice {
  players: readonly TeamPlayer[];
  captainId: number | null;
  viceCaptainId: number | null;
  /** Backups in priority order. */
  backups: readonly { playerId: number; name: string }[];
}

export interface TeamSummary {
  /** Credits the picked players cost in all. */
  credits: number;
  /** Credits left under the budget (negative when over); null without a budget. */
  creditsLeft: number | null;
  /** Picked players per side (team id → count). */
  perSide: Map<number, number>;
}

export function teamSummary(rules: TeamRules, players: readonly TeamPlayer[]): TeamSummary {
  const tenths = players.reduce((sum, p) => sum + toTenths(p.price), 0);
  const perSide = new Map<number, number>();
  for (const p of players) perSide.set(p.teamId, (perSide.get(p.teamId) ?? 0) + 1);
  const credits = fromTenths(tenths);
  return {
    credits,
    creditsLeft: rules.BudgetCredits === null ? null : fromTenths(toTenths(rules.BudgetCredits) - tenths),
    perSide,
  };
}

/**
 * Every rule the team breaks, in the order a person fixes them (budget, sides, roles, backups); empty
 * when it keeps them all. An empty team breaks none (it is cleared, not saved). `teamName` names a
 * side in the message.
 */
export function teamRuleErrors(rules: TeamRules, team: TeamChoice, teamName: (teamId: number) => string): string[] {
  const errors: string[] = [];
  if (team.players.length === 0) return errors;
  const summary = teamSummary(rules, team.players);
  if (rules.BudgetCredits !== null && summary.creditsLeft !== null && summary.creditsLeft < 0)
    errors.push(teamMessages.overBudget(-summary.creditsLeft, rules.BudgetCredits));
  if (rules.MaxPerSide !== null) {
    for (const [teamId, count] of summary.perSide)
      if (count > rules.MaxPerSide)
        errors.push(teamMessages.tooManyFromSide(rules.MaxPerSide, teamName(teamId), count));
  }
  const picked = new Set(team.players.map((p) => p.playerId));
  if (rules.CaptainMultiplier === null) {
    if (team.captainId !== null || team.viceCaptainId !== null) errors.push(teamMessages.noRoles);
  } else {
    const needsVice = team.players.length > 1;
    if (team.captainId === null && team.viceCaptainId === null && needsVice) errors.push(teamMessages.noCaptainAndVice);
    else {
      if (team.captainId === null) errors.push(teamMessages.noCaptain);
      else if (!picked.has(team.captainId)) errors.push(teamMessages.roleNotPicked('captain'));
      if (team.viceCaptainId === null) {
        if (needsVice) errors.push(teamMessages.noViceCaptain);
      } else if (!picked.has(team.viceCaptainId)) errors.push(teamMessages.roleNotPicked('vice-captain'));
    }
    if (team.captainId !== null && team.captainId === team.viceCaptainId) errors.push(teamMessages.sameCaptainAndVice);
  }
  if (team.backups.length > rules.Backups) errors.push(teamMessages.tooManyBackups(rules.Backups));
  const seen = new Set<number>();
  for (const b of team.backups) {
    if (picked.has(b.playerId)) errors.push(teamMessages.backupPicked(b.name));
    else if (seen.has(b.playerId)) errors.push(teamMessages.backupTwice(b.name));
    seen.add(b.playerId);
  }
  return errors;
}

/** The multiplier of a pick's points: the captain's, the vice-captain's, or 1. */
export function roleMultiplier(rules: TeamRules, role: 'C' | 'VC' | null): number {
  if (role === 'C') return rules.CaptainMultiplier ?? 1;
  if (role === 'VC') return rules.ViceCaptainMultiplier ?? 1;
  return 1;
}

/**
 * A pick's points after its multiplier, as every screen and the server count them: base × multiplier
 * rounded to a whole point, halves away from zero (15 × 1.5 = 22.5 → 23; −3 × 1.5 = −4.5 → −5), the
 * same as PostgreSQL's round() of a numeric in the scoring SQL.
 */
export function multipliedPoints(base: number, multiplierPct: number): number {
  const hundredths = base * multiplierPct;
  return Math.sign(hundredths) * Math.floor((Math.abs(hundredths) + 50) / 100);
}
