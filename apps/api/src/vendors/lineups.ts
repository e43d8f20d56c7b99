import type { Kysely } from 'kysely';
import type { DB, LineupTeam } from '../db/schema';
import type { KnownVendor } from './connection';
import type { VendorLineup } from './provider';

/**
 * The toss and playing XIs a vendor announced, stored with the fixture (`fixture_lineups`) in our ids,
 * and replaced whenever the vendor changes them (an XI changed after announcement). A player the
 * vendor names whom we do not know yet is left out and reported, so the caller reads the squads again.
 */

export interface LineupWrite {
  changed: boolean;
  /** Vendor player ids we have no player for. */
  unknown: string[];
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export async function storeLineup(
  db: Kysely<DB>,
  vendor: KnownVendor,
  fixtureId: number,
  lineup: VendorLineup,
  now = new Date(),
): Promise<LineupWrite> {
  const teamRows = await db
    .selectFrom('vendor_teams')
    .select(['vendor_id', 'team_id'])
    .where('vendor', '=', vendor)
    .where('vendor_id', 'in', lineup.teams.map((t) => t.teamId).concat(lineup.toss ? [lineup.toss.winnerTeamId] : ['']))
    .execute();
  const teamOf = new Map(teamRows.map((t) => [t.vendor_id, t.team_id]));
  const ids = [...new Set(lineup.teams.flatMap((t) => [...t.playing, ...t.substitutes]))];
  const playerRows = ids.length
    ? await db
        .selectFrom('vendor_players')
        .select(['vendor_id', 'player_id'])
        .where('vendor', '=', vendor)
        .where('vendor_id', 'in', ids)
        .execute()
    : [];
  const playerOf = new Map(playerRows.map((p) => [p.vendor_id, p.player_id]));
  const unknown = ids.filter((id) => !playerOf.has(id));
  const mapIds = (list: string[]) => list.flatMap((id) => (playerOf.has(id) ? [playerOf.get(id)!] : []));
  const teams: LineupTeam[] = lineup.teams.flatMap((t) => {
    const teamId = teamOf.get(t.teamId);
    return teamId === undefined
      ? []
      : [{ team_id: teamId, playing: mapIds(t.playing), substitutes: mapIds(t.substitutes) }];
  });
  const tossWinner = lineup.toss ? (teamOf.get(lineup.toss.winnerTeamId) ?? null) : null;
  const values = {
    toss_winner_team_id: tossWinner,
    toss_decision: tossWinner === null ? null : (lineup.toss?.decision ?? null),
    teams: JSON.stringify(teams),
  };
  const stored = await db
    .selectFrom('fixture_lineups')
    .select(['toss_winner_team_id', 'toss_decision', 'teams'])
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  const same =
    stored &&
    stored.toss_winner_team_id === values.toss_winner_team_id &&
    stored.toss_decision === values.toss_decision &&
    JSON.stringify(parseJson<LineupTeam[]>(stored.teams)) === values.teams;
  if (same) return { changed: false, unknown };
  await db
    .insertInto('fixture_lineups')
    .values({ fixture_id: fixtureId, ...values, source: vendor, announced_at: now, updated_at: now })
    .onConflict((oc) => oc.column('fixture_id').doUpdateSet({ ...values, source: vendor, updated_at: now }))
    .execute();
  return { changed: true, unknown };
}
