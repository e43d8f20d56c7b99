import {
  fromPct,
  fromTenths,
  TEAM_RULE_DEFAULTS,
  TEAM_RULE_LIMITS,
  TEAM_RULES_OFF,
  type TeamRules,
  teamMessages,
  toPct,
  toTenths,
} from '@fantasy-cricket/rules';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB, LeagueTeamRulesTable } from '../db/schema';
import { parseJson } from '../db/parse';
import { HttpError } from '../http/errors';
import { assertConfigurable, requireAdmin } from './access';

/**
 * A Player Selection league's team rules (issue 27, docs/decisions/0046-team-rules.md). A league
 * without a `league_team_rules` row — every league created before the rules — has every rule off.
 * New Player Selection leagues start with TEAM_RULE_DEFAULTS; the admin changes them while the league
 * is a Draft, and they are final at activation, with the rest of its configuration.
 */

export type TeamRulesRow = Omit<LeagueTeamRulesTable, 'league_id' | 'backups'> & { backups: number };

export function rulesFromRow(row: TeamRulesRow | null | undefined): TeamRules {
  if (!row) return { ...TEAM_RULES_OFF };
  return {
    BudgetCredits: row.budget_tenths === null ? null : fromTenths(row.budget_tenths),
    CaptainMultiplier: row.captain_pct === null ? null : fromPct(row.captain_pct),
    ViceCaptainMultiplier: row.vice_captain_pct === null ? null : fromPct(row.vice_captain_pct),
    MaxPerSide: row.max_per_side,
    Backups: row.backups,
  };
}

export function rowFromRules(rules: TeamRules): TeamRulesRow {
  return {
    budget_tenths: rules.BudgetCredits === null ? null : toTenths(rules.BudgetCredits),
    captain_pct: rules.CaptainMultiplier === null ? null : toPct(rules.CaptainMultiplier),
    vice_captain_pct: rules.ViceCaptainMultiplier === null ? null : toPct(rules.ViceCaptainMultiplier),
    max_per_side: rules.MaxPerSide,
    backups: rules.Backups,
  };
}

/** The rules of the league aliased `l`, as JSON (null: no row, every rule off) — read with a league in one query. */
export const teamRulesJsonSql = (l = 'l'): RawBuilder<unknown> =>
  sql`(SELECT json_build_object('budget_tenths', r.budget_tenths, 'captain_pct', r.captain_pct,
        'vice_captain_pct', r.vice_captain_pct, 'max_per_side', r.max_per_side, 'backups', r.backups)
      FROM league_team_rules r WHERE r.league_id = ${sql.ref(`${l}.id`)})`;

export const parseTeamRulesJson = (json: unknown): TeamRules => rulesFromRow(parseJson<TeamRulesRow | null>(json));

export async function teamRulesOf(db: Kysely<DB>, leagueId: number): Promise<TeamRules> {
  const row = await db
    .selectFrom('league_team_rules')
    .select(['budget_tenths', 'captain_pct', 'vice_captain_pct', 'max_per_side', 'backups'])
    .where('league_id', '=', leagueId)
    .executeTakeFirst();
  return rulesFromRow(row);
}

/** Whether the league has any rule on (a league without them plays as before). */
export const hasTeamRules = (r: TeamRules) =>
  r.BudgetCredits !== null || r.CaptainMultiplier !== null || r.MaxPerSide !== null || r.Backups > 0;

/** The new league's rules (Player Selection only). */
export async function insertDefaultTeamRules(trx: Kysely<DB>, leagueId: number, rules: TeamRules = TEAM_RULE_DEFAULTS) {
  await trx
    .insertInto('league_team_rules')
    .values({ league_id: leagueId, ...rowFromRules(rules) })
    .execute();
}

const L = TEAM_RULE_LIMITS;

/** The first figure outside its range, as a message; null when every figure is allowed. */
export function teamRulesError(r: TeamRules): string | null {
  const within = (v: number, min: number, max: number) => Number.isFinite(v) && v >= min && v <= max;
  if (r.BudgetCredits !== null) {
    if (
      !within(r.BudgetCredits, L.budget.min, L.budget.max) ||
      Math.abs(toTenths(r.BudgetCredits) - r.BudgetCredits * 10) > 1e-6
    )
      return teamMessages.ruleInvalid(teamMessages.ruleNames.budget, L.budget.min, L.budget.max);
  }
  if ((r.CaptainMultiplier === null) !== (r.ViceCaptainMultiplier === null)) return teamMessages.multipliersTogether;
  for (const [name, v] of [
    [teamMessages.ruleNames.captain, r.CaptainMultiplier],
    [teamMessages.ruleNames.viceCaptain, r.ViceCaptainMultiplier],
  ] as const) {
    if (v === null) continue;
    // Steps of 0.05: the multipliers are kept in whole percent of 5.
    if (!within(v, L.multiplier.min, L.multiplier.max) || toPct(v) % 5 !== 0 || Math.abs(toPct(v) - v * 100) > 1e-6)
      return teamMessages.ruleInvalid(name, L.multiplier.min, L.multiplier.max);
  }
  if (
    r.MaxPerSide !== null &&
    (!Number.isInteger(r.MaxPerSide) || !within(r.MaxPerSide, L.maxPerSide.min, L.maxPerSide.max))
  )
    return teamMessages.ruleInvalid(teamMessages.ruleNames.maxPerSide, L.maxPerSide.min, L.maxPerSide.max);
  if (!Number.isInteger(r.Backups) || !within(r.Backups, L.backups.min, L.backups.max))
    return teamMessages.ruleInvalid(teamMessages.ruleNames.backups, L.backups.min, L.backups.max);
  return null;
}

export interface TeamRulesAnswer extends TeamRules {
  LeagueID: number;
  IsLocked: boolean;
}

export async function teamRulesAnswer(db: Kysely<DB>, leagueId: number): Promise<TeamRulesAnswer> {
  const league = await db.selectFrom('leagues').select(['status']).where('id', '=', leagueId).executeTakeFirst();
  if (!league) throw new HttpError(404, 'League not found.');
  return { LeagueID: leagueId, ...(await teamRulesOf(db, leagueId)), IsLocked: league.status !== 'Draft' };
}

/** PUT team_rules: the admin of a Draft Player Selection league; all figures checked, one row written. */
export async function updateTeamRules(db: Kysely<DB>, userId: number, leagueId: number, rules: TeamRules) {
  return db.transaction().execute(async (trx) => {
    const league = await requireAdmin(trx, leagueId, userId, { forUpdate: true });
    if (league.league_type !== 'PS') throw new HttpError(400, teamMessages.rulesPlayerSelectionOnly);
    if (league.status !== 'Draft') throw new HttpError(400, teamMessages.rulesLocked);
    assertConfigurable(league);
    const problem = teamRulesError(rules);
    if (problem) throw new HttpError(400, problem);
    const row = rowFromRules(rules);
    await trx
      .insertInto('league_team_rules')
      .values({ league_id: leagueId, ...row })
      .onConflict((oc) => oc.column('league_id').doUpdateSet(row))
      .execute();
    return { LeagueID: leagueId, ...rulesFromRow(row), IsLocked: false };
  });
}
