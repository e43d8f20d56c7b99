import { fromTenths, type TeamRules, teamRuleErrors } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import { announcedPlayers } from '../cricket/lineups';
import type { DB } from '../db/schema';
import { parseIntArray } from '../db/parse';
import { parseTeamRulesJson, teamRulesJsonSql } from '../leagues/team-rules';
import { fixturePrices } from './prices';
import { squadPlayers } from './team';

/**
 * Backups at the lock (issue 27, docs/decisions/0046-team-rules.md). When a fixture starts and its
 * playing XIs are announced, each Player Selection team with backups is looked at slot by slot, in
 * team-sheet order: a picked player who is neither in an XI nor a named substitute (an Impact Player
 * comes from those) is replaced by the first backup, in the member's order, who
 * - is in an XI or a named substitute, and not already in the team,
 * - plays the slot's position (the league's counts per position stay as they are), and
 * - leaves the team within every rule of the league (budget at the fixture's frozen prices, the most
 *   players from one side; packages/rules `teamRuleErrors`).
 * The replaced player's role passes to his backup (a captain replaced: the backup captains). The slot
 * keeps the replaced player in `replaced_player_id`, the backup leaves the backups list, and the team
 * is marked `substituted_at`, so the job never runs twice on it. Without an announced XI nothing is
 * replaced. Runs in the lock-time job's transaction (autopick/job.ts), before the auto-picks.
 */

export interface BackupResult {
  teams: number;
  replaced: number;
}

interface TeamRow {
  league_id: number;
  user_id: number;
  captain_player_id: number | null;
  vice_captain_player_id: number | null;
  backups: unknown;
  rules: unknown;
}

export async function applyBackups(trx: Kysely<DB>, fixtureId: number, now: Date): Promise<BackupResult> {
  const playing = await announcedPlayers(trx, fixtureId);
  if (playing === null) return { teams: 0, replaced: 0 };
  const { rows: teams } = await sql<TeamRow>`
    SELECT t.league_id, t.user_id, t.captain_player_id, t.vice_captain_player_id, t.backups,
           ${teamRulesJsonSql('l')} AS rules
    FROM player_selection_teams t JOIN leagues l ON l.id = t.league_id
    WHERE t.fixture_id = ${fixtureId} AND t.substituted_at IS NULL AND cardinality(t.backups) > 0
    ORDER BY t.league_id, t.user_id
    FOR UPDATE OF t`.execute(trx);
  if (teams.length === 0) return { teams: 0, replaced: 0 };

  const slots = await trx
    .selectFrom('player_selections as s')
    .innerJoin('positions as p', 'p.id', 's.position_id')
    .select(['s.id', 's.league_id', 's.user_id', 's.position_id', 's.position_order', 's.player_id', 'p.sort_order'])
    .where('s.fixture_id', '=', fixtureId)
    .where('s.league_id', 'in', [...new Set(teams.map((t) => t.league_id))])
    .orderBy('p.sort_order')
    .orderBy('s.position_order')
    .execute();
  const everyone = [...slots.map((s) => s.player_id), ...teams.flatMap((t) => parseIntArray(t.backups))];
  const squad = (await squadPlayers(trx, [fixtureId], everyone)).get(fixtureId) ?? new Map();
  let prices: Map<number, number> | null = null;

  let replaced = 0;
  for (const t of teams) {
    const rules: TeamRules = parseTeamRulesJson(t.rules);
    let backups = parseIntArray(t.backups);
    const mine = slots.filter((s) => s.league_id === t.league_id && s.user_id === t.user_id);
    const team = new Map(mine.map((s) => [s.id, s.player_id]));
    let captain = t.captain_player_id;
    let vice = t.vice_captain_player_id;
    if (rules.BudgetCredits !== null && prices === null) prices = await fixturePrices(trx, fixtureId, now);
    const keepsRules = (ids: number[]) =>
      teamRuleErrors(
        { ...rules, CaptainMultiplier: null, ViceCaptainMultiplier: null, Backups: 4 },
        {
          players: ids.map((id) => ({
            playerId: id,
            name: squad.get(id)?.fullName ?? '',
            teamId: squad.get(id)?.teamId ?? 0,
            price: fromTenths(prices?.get(id) ?? 0),
          })),
          captainId: null,
          viceCaptainId: null,
          backups: [],
        },
        () => '',
      ).length === 0;
    for (const slot of mine) {
      const out = team.get(slot.id)!;
      if (playing.has(out)) continue;
      const inTeam = new Set(team.values());
      const backup = backups.find((id) => {
        if (!playing.has(id) || inTeam.has(id) || squad.get(id)?.positionId !== slot.position_id) return false;
        const after = [...team.values()].map((p) => (p === out ? id : p));
        return keepsRules(after);
      });
      if (backup === undefined) continue;
      team.set(slot.id, backup);
      backups = backups.filter((id) => id !== backup);
      if (captain === out) captain = backup;
      if (vice === out) vice = backup;
      await trx
        .updateTable('player_selections')
        .set({ player_id: backup, replaced_player_id: out, updated_at: now })
        .where('id', '=', slot.id)
        .execute();
      replaced += 1;
    }
    await trx
      .updateTable('player_selection_teams')
      .set({ captain_player_id: captain, vice_captain_player_id: vice, backups, substituted_at: now })
      .where('league_id', '=', t.league_id)
      .where('user_id', '=', t.user_id)
      .where('fixture_id', '=', fixtureId)
      .execute();
  }
  return { teams: teams.length, replaced };
}
