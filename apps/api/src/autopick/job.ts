import { type TeamRules, toTenths } from '@fantasy-cricket/rules';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { FEATURES_BY_ID, type PositionId } from '../cricket/catalogue';
import type { DB, LeagueSelectionsTable, PlayerSelectionsTable } from '../db/schema';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { announcedPlayers } from '../cricket/lineups';
import { parseIntArray } from '../db/parse';
import { hasTeamRules, teamRulesOf } from '../leagues/team-rules';
import { applyBackups } from '../picks/lock';
import { fixturePrices } from '../picks/prices';
import { takeBest } from './backtest';
import { type Prediction, predictFixture } from './model';

/** fixture_jobs.job of the lock-time auto-pick. */
export const AUTO_PICK_JOB = 'auto_pick';
/** Fixtures that started longer ago than this are left alone (a server that was down a long time). */
export const AUTO_PICK_LOOKBACK_MS = 2 * 86_400_000;

export interface PickJobsResult {
  /** Fixtures claimed by this run. */
  fixtures: number;
  /** Picks inserted (Match Prediction rows + Player Selection slots). */
  picks: number;
}

interface Target {
  league_id: number;
  league_type: 'MP' | 'PS';
  user_id: number;
}

/**
 * The lock-time job: for every fixture that has started (within AUTO_PICK_LOOKBACK_MS, not abandoned)
 * and has no 'auto_pick' claim yet, one transaction claims it (INSERT … ON CONFLICT DO NOTHING: with
 * several API processes exactly one wins) and fills the missing picks of every Approved member with
 * use_ai_auto_pick on, in every non-Draft league covering the fixture, with the model's picks
 * (is_auto_pick = true). A pick the user made is never touched. Cheap when nothing is due: one indexed query.
 */
export async function runPickJobs(db: Kysely<DB>, now: Date = new Date()): Promise<PickJobsResult> {
  const due = await db
    .selectFrom('fixtures as f')
    .select('f.id')
    .where('f.start_time', '<=', now)
    .where('f.start_time', '>', new Date(now.getTime() - AUTO_PICK_LOOKBACK_MS))
    .where('f.status', '!=', 'abandoned')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('fixture_jobs as j')
            .select('j.fixture_id')
            .whereRef('j.fixture_id', '=', 'f.id')
            .where('j.job', '=', AUTO_PICK_JOB),
        ),
      ),
    )
    .orderBy('f.start_time')
    .orderBy('f.id')
    .execute();
  let fixtures = 0;
  let picks = 0;
  for (const { id } of due) {
    const n = await autoPickFixture(db, id);
    if (n === null) continue;
    fixtures += 1;
    picks += n;
  }
  return { fixtures, picks };
}

/** Claims one fixture and fills its missing picks; null when another run had claimed it. */
export async function autoPickFixture(db: Kysely<DB>, fixtureId: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .insertInto('fixture_jobs')
      .values({ fixture_id: fixtureId, job: AUTO_PICK_JOB })
      .onConflict((oc) => oc.columns(['fixture_id', 'job']).doNothing())
      .returning('fixture_id')
      .executeTakeFirst();
    if (!claim) return null;
    // Backups replace the picks outside the announced XIs first; auto-picks then fill what is empty.
    const backups = await applyBackups(trx, fixtureId, new Date());

    const { rows: targets } = await sql<Target>`
      SELECT l.id AS league_id, l.league_type, m.user_id
      FROM fixtures f
      JOIN leagues l ON ${leagueFixtureCondition('l', 'f')}
      JOIN league_members m ON m.league_id = l.id AND m.status = 'Approved'
      JOIN users u ON u.id = m.user_id AND u.use_ai_auto_pick
      WHERE f.id = ${fixtureId} AND l.status <> 'Draft'
      ORDER BY l.id, m.user_id`.execute(trx);
    let picks = 0;
    if (targets.length > 0) {
      const prediction = await predictFixture(trx, fixtureId);
      const byLeague = new Map<number, Target[]>();
      for (const t of targets) byLeague.set(t.league_id, [...(byLeague.get(t.league_id) ?? []), t]);
      for (const [leagueId, members] of byLeague) {
        const userIds = members.map((m) => m.user_id);
        picks +=
          members[0]?.league_type === 'MP'
            ? await fillMatchPrediction(trx, leagueId, fixtureId, userIds, prediction)
            : await fillPlayerSelection(trx, leagueId, fixtureId, userIds, prediction);
      }
    }
    await trx
      .updateTable('fixture_jobs')
      .set({ detail: JSON.stringify({ members: targets.length, picks, backups: backups.replaced }) })
      .where('fixture_id', '=', fixtureId)
      .where('job', '=', AUTO_PICK_JOB)
      .execute();
    return picks;
  });
}

/** Every active league feature the user left empty gets the model's pick. */
async function fillMatchPrediction(
  trx: Transaction<DB>,
  leagueId: number,
  fixtureId: number,
  userIds: number[],
  prediction: Prediction,
): Promise<number> {
  const configs = await trx
    .selectFrom('league_configurations')
    .select(['id', 'feature_id'])
    .where('league_id', '=', leagueId)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
  const values: Insertable<LeagueSelectionsTable>[] = [];
  for (const c of configs) {
    const choice = prediction.mp.get(c.feature_id);
    const type = FEATURES_BY_ID.get(c.feature_id)?.featureType;
    if (choice == null || type === undefined || type === 'stat') continue;
    for (const userId of userIds) {
      values.push({
        league_id: leagueId,
        user_id: userId,
        fixture_id: fixtureId,
        league_configuration_id: c.id,
        team_id: type === 'team' ? choice : null,
        player_id: type === 'player' ? choice : null,
        bonus_option_id: type === 'bonus' ? choice : null,
        is_auto_pick: true,
      });
    }
  }
  return insertMatchPredictionAutoPicks(trx, values);
}

/**
 * Writes auto-picked Match Prediction rows, leaving every slot the member already filled as it is
 * (the member's own pick always wins); the number written.
 */
export async function insertMatchPredictionAutoPicks(
  trx: Kysely<DB>,
  values: Insertable<LeagueSelectionsTable>[],
): Promise<number> {
  if (values.length === 0) return 0;
  const inserted = await trx
    .insertInto('league_selections')
    .values(values)
    .onConflict((oc) => oc.columns(['league_id', 'user_id', 'fixture_id', 'league_configuration_id']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * Every empty slot (position, order 1..count of the league) gets the best player of that position the
 * user has not already picked in this fixture.
 */
async function fillPlayerSelection(
  trx: Transaction<DB>,
  leagueId: number,
  fixtureId: number,
  userIds: number[],
  prediction: Prediction,
): Promise<number> {
  const rules = await teamRulesOf(trx, leagueId);
  if (hasTeamRules(rules)) return fillRuledTeams(trx, leagueId, fixtureId, userIds, prediction, rules);
  const counts = await trx
    .selectFrom('league_selection_configs')
    .select(['position_id', 'count'])
    .where('league_id', '=', leagueId)
    .where('is_active', '=', true)
    .where('count', '>', 0)
    .orderBy('position_id')
    .execute();
  if (counts.length === 0) return 0;
  const existing = await trx
    .selectFrom('player_selections')
    .select(['user_id', 'position_id', 'position_order', 'player_id'])
    .where('league_id', '=', leagueId)
    .where('fixture_id', '=', fixtureId)
    .where('user_id', 'in', userIds)
    .execute();
  const values: Insertable<PlayerSelectionsTable>[] = [];
  for (const userId of userIds) {
    const mine = existing.filter((e) => e.user_id === userId);
    const taken = new Set(mine.map((e) => e.player_id));
    const filled = new Set(mine.map((e) => `${e.position_id}:${e.position_order}`));
    for (const { position_id, count } of counts) {
      const empty: number[] = [];
      for (let order = 1; order <= count; order += 1) if (!filled.has(`${position_id}:${order}`)) empty.push(order);
      const players = takeBest(prediction.ranked.get(position_id as PositionId) ?? [], empty.length, taken);
      players.forEach((playerId, i) => {
        values.push({
          league_id: leagueId,
          user_id: userId,
          fixture_id: fixtureId,
          position_id,
          position_order: empty[i]!,
          player_id: playerId,
          is_auto_pick: true,
        });
      });
    }
  }
  if (values.length === 0) return 0;
  // The slot key is the arbiter; the per-player key is deferred, and `taken` already keeps players apart.
  const inserted = await trx
    .insertInto('player_selections')
    .values(values)
    .onConflict((oc) => oc.columns(['league_id', 'user_id', 'fixture_id', 'position_id', 'position_order']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * The auto-pick in a league with team rules (issue 27, docs/decisions/0046-team-rules.md): every empty
 * slot gets the best player of its position the model ranks who keeps the team within the rules — the
 * players from one side under the cap, and the budget still able to fill the slots left at the
 * cheapest price of the squads — from the announced XIs when they are known (the backups have already
 * been applied: the auto-pick needs none of its own). A team without a captain gets the player the
 * model expects most points from, and the next as vice-captain (when the league has them); a role the
 * member chose is kept. The member's own picks are never touched.
 */
export async function fillRuledTeams(
  trx: Kysely<DB>,
  leagueId: number,
  fixtureId: number,
  userIds: number[],
  prediction: Prediction,
  rules: TeamRules,
  /** Each member's own order of players per position (the demo members' variety); the model's by default. */
  rankedFor: (userId: number) => Prediction['ranked'] = () => prediction.ranked,
): Promise<number> {
  const counts = await trx
    .selectFrom('league_selection_configs')
    .select(['position_id', 'count'])
    .where('league_id', '=', leagueId)
    .where('is_active', '=', true)
    .where('count', '>', 0)
    .orderBy('position_id')
    .execute();
  if (counts.length === 0) return 0;
  const existing = await trx
    .selectFrom('player_selections')
    .select(['user_id', 'position_id', 'position_order', 'player_id'])
    .where('league_id', '=', leagueId)
    .where('fixture_id', '=', fixtureId)
    .where('user_id', 'in', userIds)
    .execute();
  const teamsRows = await trx
    .selectFrom('player_selection_teams')
    .select(['user_id', 'captain_player_id', 'vice_captain_player_id', 'backups'])
    .where('league_id', '=', leagueId)
    .where('fixture_id', '=', fixtureId)
    .where('user_id', 'in', userIds)
    .execute();
  const playing = await announcedPlayers(trx, fixtureId);
  const estimate = new Map(prediction.players.map((p) => [p.playerId, p]));
  const prices = rules.BudgetCredits === null ? new Map<number, number>() : await fixturePrices(trx, fixtureId);
  const priceOf = (id: number) => prices.get(id) ?? 0;
  const sideOf = (id: number) => estimate.get(id)?.teamId ?? 0;
  // The cheapest player who could fill a slot of each position (from the XIs when known): the budget
  // must still cover the slots left at these prices after each choice.
  const cheapest = new Map<number, number>();
  for (const p of prediction.players) {
    if (playing !== null && !playing.has(p.playerId)) continue;
    const price = priceOf(p.playerId);
    if (price < (cheapest.get(p.positionId) ?? Number.POSITIVE_INFINITY)) cheapest.set(p.positionId, price);
  }
  const budget = rules.BudgetCredits === null ? null : toTenths(rules.BudgetCredits);

  const values: Insertable<PlayerSelectionsTable>[] = [];
  const roles: { user_id: number; captain: number | null; vice: number | null; backups: number[] }[] = [];
  for (const userId of userIds) {
    const mine = existing.filter((e) => e.user_id === userId);
    const team = mine.map((e) => e.player_id);
    const filled = new Set(mine.map((e) => `${e.position_id}:${e.position_order}`));
    const empty: { position: number; order: number }[] = [];
    for (const { position_id, count } of counts)
      for (let order = 1; order <= count; order += 1)
        if (!filled.has(`${position_id}:${order}`)) empty.push({ position: position_id, order });
    let cost = team.reduce((sum, id) => sum + priceOf(id), 0);
    const perSide = new Map<number, number>();
    for (const id of team) perSide.set(sideOf(id), (perSide.get(sideOf(id)) ?? 0) + 1);
    empty.forEach((slot, i) => {
      const left = empty.slice(i + 1).reduce((sum, e) => sum + (cheapest.get(e.position) ?? 0), 0);
      const choice = (rankedFor(userId).get(slot.position as PositionId) ?? []).find((id) => {
        if (team.includes(id)) return false;
        if (playing !== null && !playing.has(id)) return false;
        if (rules.MaxPerSide !== null && (perSide.get(sideOf(id)) ?? 0) >= rules.MaxPerSide) return false;
        return budget === null || cost + priceOf(id) + left <= budget;
      });
      if (choice === undefined) return;
      team.push(choice);
      cost += priceOf(choice);
      perSide.set(sideOf(choice), (perSide.get(sideOf(choice)) ?? 0) + 1);
      values.push({
        league_id: leagueId,
        user_id: userId,
        fixture_id: fixtureId,
        position_id: slot.position,
        position_order: slot.order,
        player_id: choice,
        is_auto_pick: true,
      });
    });
    const saved = teamsRows.find((t) => t.user_id === userId);
    if (rules.CaptainMultiplier !== null && team.length > 0) {
      const best = [...team].sort((a, b) => (estimate.get(b)?.points ?? 0) - (estimate.get(a)?.points ?? 0));
      let captain = saved?.captain_player_id ?? null;
      let vice = saved?.vice_captain_player_id ?? null;
      if (captain === null || !team.includes(captain)) captain = best.find((id) => id !== vice) ?? null;
      if ((vice === null || !team.includes(vice)) && team.length > 1) vice = best.find((id) => id !== captain) ?? null;
      roles.push({ user_id: userId, captain, vice, backups: parseIntArray(saved?.backups ?? []) });
    }
  }
  let inserted = 0;
  if (values.length > 0) {
    inserted = (
      await trx
        .insertInto('player_selections')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['league_id', 'user_id', 'fixture_id', 'position_id', 'position_order']).doNothing(),
        )
        .returning('id')
        .execute()
    ).length;
  }
  if (roles.length > 0) {
    await trx
      .insertInto('player_selection_teams')
      .values(
        roles.map((r) => ({
          league_id: leagueId,
          user_id: r.user_id,
          fixture_id: fixtureId,
          captain_player_id: r.captain,
          vice_captain_player_id: r.vice,
          backups: r.backups,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['league_id', 'user_id', 'fixture_id']).doUpdateSet((eb) => ({
          captain_player_id: eb.ref('excluded.captain_player_id'),
          vice_captain_player_id: eb.ref('excluded.vice_captain_player_id'),
          updated_at: sql`now()`,
        })),
      )
      .execute();
  }
  return inserted;
}
