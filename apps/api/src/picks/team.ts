import { fromTenths, type TeamChoice, type TeamRules, teamMessages, teamRuleErrors } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { parseIntArray } from '../db/parse';
import { HttpError } from '../http/errors';
import { hasTeamRules, teamRulesAnswer, type TeamRulesAnswer } from '../leagues/team-rules';
import { fixturePrices } from './prices';
import { leagueFixtureOr404, readablePicksLeague, type SquadPlayer } from './shared';

/**
 * A member's Player Selection team beyond its slots — captain, vice-captain, backups — and the checks
 * of a league's team rules on the team a save leaves (issue 27, docs/decisions/0046-team-rules.md).
 * The rules themselves are one implementation in packages/rules (`teamRuleErrors`), which the team
 * sheet runs too.
 */

/** What `player_selection_teams` keeps for one (league, member, fixture). */
export interface TeamExtras {
  captainId: number | null;
  viceCaptainId: number | null;
  backups: number[];
}

export const NO_EXTRAS: TeamExtras = { captainId: null, viceCaptainId: null, backups: [] };

/** The saved extras of the user's teams, by league then fixture. */
export async function savedExtras(
  db: Kysely<DB>,
  userId: number,
  leagueIds: readonly number[],
  fixtureIds: readonly number[],
): Promise<Map<number, Map<number, TeamExtras>>> {
  const out = new Map<number, Map<number, TeamExtras>>(leagueIds.map((id) => [id, new Map()]));
  if (leagueIds.length === 0 || fixtureIds.length === 0) return out;
  const rows = await db
    .selectFrom('player_selection_teams')
    .select(['league_id', 'fixture_id', 'captain_player_id', 'vice_captain_player_id', 'backups'])
    .where('user_id', '=', userId)
    .where('league_id', 'in', leagueIds)
    .where('fixture_id', 'in', fixtureIds)
    .execute();
  for (const r of rows) {
    out.get(r.league_id)?.set(r.fixture_id, {
      captainId: r.captain_player_id,
      viceCaptainId: r.vice_captain_player_id,
      backups: parseIntArray(r.backups),
    });
  }
  return out;
}

/** Squad players of the fixtures (both teams), limited to `playerIds`: fixture → player → who. */
export async function squadPlayers(
  db: Kysely<DB>,
  fixtureIds: readonly number[],
  playerIds: readonly number[],
): Promise<Map<number, Map<number, SquadPlayer>>> {
  const out = new Map<number, Map<number, SquadPlayer>>(fixtureIds.map((id) => [id, new Map()]));
  const ids = [...new Set(playerIds)].filter((id) => id > 0);
  if (fixtureIds.length === 0 || ids.length === 0) return out;
  const { rows } = await sql<{
    fixture_id: number;
    player_id: number;
    full_name: string;
    position_id: number;
    team_id: number;
  }>`
    SELECT f.id AS fixture_id, p.id AS player_id, p.full_name, p.position_id, s.team_id
    FROM fixtures f
    JOIN squads s ON s.season_id = f.season_id AND s.team_id IN (f.local_team_id, f.visitor_team_id)
    JOIN players p ON p.id = s.player_id
    WHERE f.id IN (${sql.join([...new Set(fixtureIds)])}) AND p.id IN (${sql.join(ids)})`.execute(db);
  for (const r of rows) {
    out.get(r.fixture_id)?.set(r.player_id, {
      playerId: r.player_id,
      fullName: r.full_name,
      positionId: r.position_id,
      teamId: r.team_id,
    });
  }
  return out;
}

/** The team a save leaves in one league and fixture, for the rules. */
export interface ResultingTeam {
  fixtureId: number;
  fixtureName: string;
  /** Picked players (slot order). */
  playerIds: number[];
  extras: TeamExtras;
}

export interface TeamCheckContext {
  squads: Map<number, Map<number, SquadPlayer>>;
  /** fixture → player → price in tenths (read only for leagues with a budget). */
  prices: Map<number, Map<number, number>>;
  teamName: (teamId: number) => string;
}

/** Every rule the team breaks (empty when none), including backups outside both squads. */
export function teamErrors(rules: TeamRules, team: ResultingTeam, ctx: TeamCheckContext): string[] {
  const squad = ctx.squads.get(team.fixtureId) ?? new Map<number, SquadPlayer>();
  const prices = ctx.prices.get(team.fixtureId) ?? new Map<number, number>();
  const errors: string[] = [];
  if (team.extras.backups.some((id) => !squad.has(id))) errors.push(teamMessages.backupNotInFixture(team.fixtureName));
  const choice: TeamChoice = {
    players: team.playerIds.flatMap((id) => {
      const p = squad.get(id);
      return p ? [{ playerId: id, name: p.fullName, teamId: p.teamId, price: fromTenths(prices.get(id) ?? 0) }] : [];
    }),
    captainId: team.extras.captainId,
    viceCaptainId: team.extras.viceCaptainId,
    backups: team.extras.backups.map((id) => ({ playerId: id, name: squad.get(id)?.fullName ?? `Player ${id}` })),
  };
  return [...errors, ...teamRuleErrors(rules, choice, ctx.teamName)];
}

/** Team names by id, for the messages. */
export async function teamNames(db: Kysely<DB>, teamIds: readonly number[]): Promise<Map<number, string>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(teamIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Prices of the fixtures' squads (tenths), for the leagues with a budget. */
export async function pricesFor(
  db: Kysely<DB>,
  fixtureIds: readonly number[],
  now: Date,
): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  for (const id of new Set(fixtureIds)) out.set(id, await fixturePrices(db, id, now));
  return out;
}

/**
 * Writes the extras of the teams a save leaves: one row per (league, fixture) whose team has players,
 * none for an emptied team. Only for leagues with team rules (the others keep no extras).
 */
export async function writeExtras(
  trx: Kysely<DB>,
  userId: number,
  writes: readonly { leagueId: number; fixtureId: number; extras: TeamExtras | null }[],
): Promise<void> {
  const keep = writes.filter((w) => w.extras !== null);
  const drop = writes.filter((w) => w.extras === null);
  for (const w of drop) {
    await trx
      .deleteFrom('player_selection_teams')
      .where('league_id', '=', w.leagueId)
      .where('user_id', '=', userId)
      .where('fixture_id', '=', w.fixtureId)
      .execute();
  }
  if (keep.length === 0) return;
  await trx
    .insertInto('player_selection_teams')
    .values(
      keep.map((w) => ({
        league_id: w.leagueId,
        user_id: userId,
        fixture_id: w.fixtureId,
        captain_player_id: w.extras!.captainId,
        vice_captain_player_id: w.extras!.viceCaptainId,
        backups: w.extras!.backups,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['league_id', 'user_id', 'fixture_id']).doUpdateSet((eb) => ({
        captain_player_id: eb.ref('excluded.captain_player_id'),
        vice_captain_player_id: eb.ref('excluded.vice_captain_player_id'),
        backups: eb.ref('excluded.backups'),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

export interface PlayerSelectionTeamAnswer {
  LeagueID: number;
  FixtureID: number;
  Rules: TeamRulesAnswer;
  CaptainPlayerID: number | null;
  ViceCaptainPlayerID: number | null;
  Backups: number[];
  Replacements: { PlayerID: number; ReplacedPlayerID: number }[];
  XIAnnounced: boolean;
}

/** GET player_selection/team: the signed-in user's own team of a fixture. */
export async function playerSelectionTeam(
  db: Kysely<DB>,
  userId: number,
  leagueId: number,
  fixtureId: number,
): Promise<PlayerSelectionTeamAnswer> {
  await readablePicksLeague(db, leagueId, userId, 'PS');
  await leagueFixtureOr404(db, leagueId, fixtureId);
  const rules = await teamRulesAnswer(db, leagueId);
  const extras = (await savedExtras(db, userId, [leagueId], [fixtureId])).get(leagueId)?.get(fixtureId) ?? NO_EXTRAS;
  const replaced = await db
    .selectFrom('player_selections')
    .select(['player_id', 'replaced_player_id'])
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .where('fixture_id', '=', fixtureId)
    .where('replaced_player_id', 'is not', null)
    .execute();
  const lineup = await db
    .selectFrom('fixture_lineups')
    .select('fixture_id')
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  return {
    LeagueID: leagueId,
    FixtureID: fixtureId,
    Rules: rules,
    CaptainPlayerID: hasTeamRules(rules) ? extras.captainId : null,
    ViceCaptainPlayerID: hasTeamRules(rules) ? extras.viceCaptainId : null,
    Backups: extras.backups,
    Replacements: replaced.map((r) => ({ PlayerID: r.player_id, ReplacedPlayerID: r.replaced_player_id! })),
    XIAnnounced: lineup !== undefined,
  };
}

/** 400 unless every Teams entry is for the request's league and one of its fixtures. */
export function checkTeamEntries(
  entries: readonly { LeagueID: number; FixtureID: number }[],
  leagueId: number,
  fixtureIds: ReadonlySet<number>,
): void {
  const seen = new Set<number>();
  for (const e of entries) {
    if (e.LeagueID !== leagueId) throw new HttpError(400, teamMessages.teamWrongLeague);
    if (!fixtureIds.has(e.FixtureID)) throw new HttpError(400, teamMessages.teamWrongFixture);
    if (seen.has(e.FixtureID)) throw new HttpError(400, teamMessages.teamRepeated);
    seen.add(e.FixtureID);
  }
}
