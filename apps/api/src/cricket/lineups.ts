import type { components } from '@fantasy-cricket/api-client';
import type { Kysely } from 'kysely';
import type { DB, LineupTeam } from '../db/schema';

/**
 * The toss and playing XIs of fixtures, as the fixture payloads give them (`FixtureLineup`): stored
 * by a data vendor's sync (vendors/lineups.ts), home team first, players by our ids and names.
 */

export type FixtureLineupBody = components['schemas']['FixtureLineup'];

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export async function fixtureLineups(
  db: Kysely<DB>,
  fixtureIds: readonly number[],
): Promise<Map<number, FixtureLineupBody>> {
  const out = new Map<number, FixtureLineupBody>();
  if (fixtureIds.length === 0) return out;
  const rows = await db
    .selectFrom('fixture_lineups as l')
    .innerJoin('fixtures as f', 'f.id', 'l.fixture_id')
    .select([
      'l.fixture_id',
      'l.toss_winner_team_id',
      'l.toss_decision',
      'l.teams',
      'l.announced_at',
      'l.updated_at',
      'f.local_team_id',
    ])
    .where('l.fixture_id', 'in', [...new Set(fixtureIds)])
    .execute();
  if (rows.length === 0) return out;
  const lists = rows.map((r) => ({ r, teams: parseJson<LineupTeam[]>(r.teams) }));
  const teamIds = new Set<number>();
  const playerIds = new Set<number>();
  for (const { r, teams } of lists) {
    if (r.toss_winner_team_id !== null) teamIds.add(r.toss_winner_team_id);
    for (const t of teams) {
      teamIds.add(t.team_id);
      for (const id of [...t.playing, ...t.substitutes]) playerIds.add(id);
    }
  }
  const teamRows = teamIds.size
    ? await db
        .selectFrom('teams')
        .select(['id', 'name', 'code'])
        .where('id', 'in', [...teamIds])
        .execute()
    : [];
  const team = new Map(teamRows.map((t) => [t.id, t]));
  const playerRows = playerIds.size
    ? await db
        .selectFrom('players')
        .select(['id', 'full_name'])
        .where('id', 'in', [...playerIds])
        .execute()
    : [];
  const name = new Map(playerRows.map((p) => [p.id, p.full_name]));
  const players = (ids: number[]) => ids.map((id) => ({ PlayerID: id, Name: name.get(id) ?? '' }));
  for (const { r, teams } of lists) {
    const ordered = [...teams].sort(
      (a, b) => Number(b.team_id === r.local_team_id) - Number(a.team_id === r.local_team_id),
    );
    const winner = r.toss_winner_team_id === null ? undefined : team.get(r.toss_winner_team_id);
    out.set(r.fixture_id, {
      Toss: winner && r.toss_decision ? { TeamID: winner.id, TeamName: winner.name, Decision: r.toss_decision } : null,
      Teams: ordered.map((t) => ({
        TeamID: t.team_id,
        TeamName: team.get(t.team_id)?.name ?? '',
        TeamCode: team.get(t.team_id)?.code ?? '',
        Playing: players(t.playing),
        Substitutes: players(t.substitutes),
      })),
      AnnouncedAt: new Date(r.announced_at).toISOString(),
      UpdatedAt: new Date(r.updated_at).toISOString(),
    });
  }
  return out;
}

/**
 * The players of a fixture's announced XIs, substitutes included (an Impact Player comes from them),
 * by our ids; null until the XIs are announced. The team rules' backups replace a pick outside this
 * set at the lock (picks/lock.ts), and the team sheet marks who plays.
 */
export async function announcedPlayers(db: Kysely<DB>, fixtureId: number): Promise<Set<number> | null> {
  const row = await db
    .selectFrom('fixture_lineups')
    .select('teams')
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst();
  if (!row) return null;
  return new Set(parseJson<LineupTeam[]>(row.teams).flatMap((t) => [...t.playing, ...t.substitutes]));
}
