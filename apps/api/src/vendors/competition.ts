import type { Kysely } from 'kysely';
import { POSITIONS } from '../cricket/catalogue';
import { importedName } from '../cricket/import/names';
import type { ScheduleLine, ScheduleRecord } from '../cricket/import/schedule';
import type { SquadLine, SquadRecords } from '../cricket/import/squads';
import { seasonName } from '../cricket/teams';
import type { DB } from '../db/schema';
import type { KnownVendor } from './connection';
import type { VendorCompetition, VendorFixture, VendorSquads, VendorTeam } from './provider';

/**
 * A vendor's competition as the console's schedule and squads files: the same records the file
 * uploads produce (cricket/import/schedule.ts, squads.ts), so a vendor's schedule is previewed and
 * applied by the very writers of a file (new, moved, unchanged, conflict), and then the vendor's ids
 * are remembered beside ours (vendor_teams, vendor_players, vendor_fixtures).
 *
 * Teams map to ours by a remembered id, else by name. Players map by a remembered id, else by name
 * among the players of the same team (whose id is then usually Cricsheet's registry id, so a later
 * Cricsheet file finds them), else they are new players keyed `<vendor>:<id>`.
 */

export interface CompetitionData {
  competition: VendorCompetition;
  fixtures: VendorFixture[];
  squads: VendorSquads;
}

export interface CompetitionRecords {
  season: string;
  schedule: ScheduleRecord[];
  squads: SquadRecords;
  /** Our team name per vendor team id. */
  teamNames: Map<string, string>;
  /** The vendor's name per vendor team id. */
  vendorTeamNames: Map<string, string>;
  /** The squads' player key (cricsheet_id) per vendor player id. */
  playerKeys: Map<string, string>;
}

/** The season a vendor's competition is filed under: the importer's name for it ('IPL 2024'). */
export interface SeasonOfCompetition {
  name: string;
  competition: string;
  year: number;
}

export function seasonOfCompetition(c: VendorCompetition): SeasonOfCompetition {
  const competition = importedName('Competition', c.name);
  const season = importedName('Season', c.season);
  return { name: seasonName(competition, season), competition, year: Number.parseInt(season.slice(0, 4), 10) };
}

/** Our team names for the vendor's teams. */
async function teamNamesOf(db: Kysely<DB>, vendor: KnownVendor, teams: VendorTeam[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (teams.length === 0) return out;
  const mapped = await db
    .selectFrom('vendor_teams as v')
    .innerJoin('teams as t', 't.id', 'v.team_id')
    .select(['v.vendor_id', 't.name'])
    .where('v.vendor', '=', vendor)
    .where(
      'v.vendor_id',
      'in',
      teams.map((t) => t.id),
    )
    .execute();
  for (const m of mapped) out.set(m.vendor_id, m.name);
  for (const t of teams) if (!out.has(t.id)) out.set(t.id, importedName('Team name', t.name));
  return out;
}

/** The player key (players.cricsheet_id) of each vendor player, by team. */
async function playerKeysOf(
  db: Kysely<DB>,
  vendor: KnownVendor,
  squads: VendorSquads,
  teamNames: Map<string, string>,
): Promise<{ keys: Map<string, string>; positions: Map<string, string> }> {
  const keys = new Map<string, string>();
  const positions = new Map<string, string>();
  const ids = squads.teams.flatMap((t) => t.players.map((p) => p.id));
  if (ids.length === 0) return { keys, positions };
  const mapped = await db
    .selectFrom('vendor_players as v')
    .innerJoin('players as p', 'p.id', 'v.player_id')
    .select(['v.vendor_id', 'p.cricsheet_id', 'p.position_id'])
    .where('v.vendor', '=', vendor)
    .where('v.vendor_id', 'in', ids)
    .execute();
  for (const m of mapped) {
    if (m.cricsheet_id) keys.set(m.vendor_id, m.cricsheet_id);
    positions.set(m.vendor_id, positionName(m.position_id));
  }
  for (const t of squads.teams) {
    const teamName = teamNames.get(t.team.id)!;
    const unmapped = t.players.filter((p) => !keys.has(p.id));
    if (unmapped.length === 0) continue;
    // Our players of the same team by name (any season): taken when exactly one has the name.
    const names = [...new Set(unmapped.map((p) => importedName('Player name', p.name)))];
    const known = await db
      .selectFrom('players as p')
      .innerJoin('squads as s', 's.player_id', 'p.id')
      .innerJoin('teams as t', 't.id', 's.team_id')
      .select(['p.id', 'p.full_name', 'p.cricsheet_id', 'p.position_id'])
      .distinct()
      .where('t.name', '=', teamName)
      .where('p.full_name', 'in', names)
      .where('p.cricsheet_id', 'is not', null)
      .execute();
    const byName = new Map<string, typeof known>();
    for (const k of known) byName.set(k.full_name, [...(byName.get(k.full_name) ?? []), k]);
    for (const p of unmapped) {
      const same = byName.get(importedName('Player name', p.name)) ?? [];
      const taken = same.length === 1 ? same[0]! : undefined;
      // A player already mapped to another vendor id of this vendor is someone else.
      keys.set(p.id, taken?.cricsheet_id ?? `${vendor}:${p.id}`);
      if (taken) positions.set(p.id, positionName(taken.position_id));
    }
  }
  return { keys, positions };
}

const positionName = (id: number) => POSITIONS.find((p) => p.id === id)?.name ?? 'Batsman';

/**
 * The competition's schedule and squads as the console's file records. A player the vendor gives no
 * position keeps the one we have, and a new one starts as Batsman (as the importer's new players do).
 */
export async function competitionRecords(
  db: Kysely<DB>,
  vendor: KnownVendor,
  data: Omit<CompetitionData, 'competition'>,
  season: SeasonOfCompetition,
): Promise<CompetitionRecords> {
  const teams = new Map<string, VendorTeam>();
  for (const f of data.fixtures) for (const t of [f.home, f.away]) teams.set(t.id, t);
  for (const t of data.squads.teams) if (!teams.has(t.team.id)) teams.set(t.team.id, t.team);
  const teamNames = await teamNamesOf(db, vendor, [...teams.values()]);
  const codeOf = (t: VendorTeam) => t.code ?? undefined;
  const schedule: ScheduleRecord[] = data.fixtures.map((f) => ({
    where: `${vendor} fixture ${f.id}`,
    record: {
      season: season.name,
      competition: season.competition,
      year: season.year,
      matchNumber: f.matchNumber,
      ...(f.matchNumber === null ? { name: f.stage ?? f.name ?? undefined } : {}),
      stage: f.matchNumber !== null ? 'League' : 'Playoffs',
      startTime: f.startTime,
      home: teamNames.get(f.home.id),
      away: teamNames.get(f.away.id),
      homeCode: codeOf(f.home),
      awayCode: codeOf(f.away),
      ...(f.venue ? { venue: f.venue } : {}),
      ...(f.city ? { city: f.city } : {}),
    },
  }));
  const { keys, positions } = await playerKeysOf(db, vendor, data.squads, teamNames);
  const squads: SquadRecords = {
    season: season.name,
    competition: season.competition,
    year: season.year,
    rows: data.squads.teams.flatMap((t) =>
      t.players.map((p, i) => ({
        where: `${vendor} squad of team ${t.team.id} [${i}]`,
        team: teamNames.get(t.team.id)!,
        teamCode: codeOf(t.team),
        record: {
          name: p.name,
          cricsheetId: keys.get(p.id)!,
          position: p.position ?? positions.get(p.id) ?? 'Batsman',
        },
      })),
    ),
  };
  const vendorTeamNames = new Map([...teams.values()].map((t) => [t.id, t.name]));
  return { season: season.name, schedule, squads, teamNames, vendorTeamNames, playerKeys: keys };
}

/**
 * Remembers the vendor's ids beside ours once the records are written (in the writers' transaction):
 * each team by name, each player by key, each fixture by its line's fixture (a row that wrote nothing
 * maps nothing), with the vendor's status of the fixture.
 */
export async function rememberVendorIds(
  trx: Kysely<DB>,
  vendor: KnownVendor,
  data: Omit<CompetitionData, 'competition'>,
  records: CompetitionRecords,
  lines: { schedule: ScheduleLine[] | null; squads: SquadLine[] | null },
): Promise<void> {
  const names = [...new Set(records.teamNames.values())];
  const teamIds = new Map(
    names.length
      ? (await trx.selectFrom('teams').select(['id', 'name']).where('name', 'in', names).execute()).map((t) => [
          t.name,
          t.id,
        ])
      : [],
  );
  for (const [vendorId, name] of records.teamNames) {
    const teamId = teamIds.get(name);
    const vendorName = records.vendorTeamNames.get(vendorId) ?? name;
    if (teamId === undefined) continue;
    await trx
      .insertInto('vendor_teams')
      .values({ vendor, vendor_id: vendorId, vendor_name: vendorName, team_id: teamId })
      .onConflict((oc) => oc.columns(['vendor', 'vendor_id']).doUpdateSet({ team_id: teamId, vendor_name: vendorName }))
      .execute();
  }
  if (lines.squads) {
    const keys = [...new Set(records.playerKeys.values())];
    const players = new Map(
      keys.length
        ? (
            await trx.selectFrom('players').select(['id', 'cricsheet_id']).where('cricsheet_id', 'in', keys).execute()
          ).map((p) => [p.cricsheet_id!, p.id])
        : [],
    );
    for (const [vendorId, key] of records.playerKeys) {
      const playerId = players.get(key);
      if (playerId === undefined) continue;
      await trx
        .insertInto('vendor_players')
        .values({ vendor, vendor_id: vendorId, player_id: playerId })
        .onConflict((oc) => oc.columns(['vendor', 'vendor_id']).doUpdateSet({ player_id: playerId }))
        .execute();
    }
  }
  if (lines.schedule) {
    for (const [i, f] of data.fixtures.entries()) {
      const fixtureId = lines.schedule.find((l) => l.row === i)?.fixtureId;
      if (fixtureId === undefined) continue;
      await trx
        .insertInto('vendor_fixtures')
        .values({ vendor, vendor_id: f.id, fixture_id: fixtureId, vendor_status: f.status })
        .onConflict((oc) =>
          oc.columns(['vendor', 'vendor_id']).doUpdateSet({ fixture_id: fixtureId, vendor_status: f.status }),
        )
        .execute();
    }
  }
}
