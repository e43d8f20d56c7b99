import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { POSITION } from '../catalogue';
import type { ImportBatch } from './batch';
import type { ParsedMatch } from './parse';
import type { PositionOverride } from './positions';
import { chunkRows } from '../../db/writes';
import { storedName } from './names';

/** Players of imported matches: looked up through the batch, renamed, created; and the fixtures they played in. */

/** The fixtures `playerIds` have stats in, plus `always`. */
export async function fixturesOfPlayers(
  db: Kysely<DB>,
  playerIds: readonly number[],
  always?: number,
): Promise<number[]> {
  const ids = new Set<number>(always === undefined ? [] : [always]);
  if (playerIds.length) {
    const rows = await db
      .selectFrom('player_fixture_stats')
      .select('fixture_id')
      .distinct()
      .where('player_id', 'in', [...playerIds])
      .execute();
    for (const r of rows) ids.add(r.fixture_id);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Player ids by Cricsheet id; new players start as Batsman (or their override) until inference runs.
 * Players are looked up through the batch (one query per batch), renamed in one statement and
 * created in one multi-row insert.
 */
export async function ensurePlayers(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  overrides: ReadonlyMap<string, PositionOverride>,
  batch: ImportBatch,
): Promise<Map<string, number>> {
  const wanted = new Map(parsed.lines.map((l) => [l.cricsheetId, l.name]));
  await batch.lookUpPlayers(db, [...wanted.keys()]);
  const ids = new Map<string, number>();
  const renamed: { id: number; name: string }[] = [];
  const missing: [string, string][] = [];
  for (const [cid, name] of wanted) {
    storedName('Player name', name);
    const p = batch.players.get(cid);
    if (!p) {
      missing.push([cid, name]);
      continue;
    }
    ids.set(cid, p.id);
    if (name !== p.full_name) {
      renamed.push({ id: p.id, name });
      p.full_name = name;
    }
  }
  for (const part of chunkRows(renamed)) {
    const values = sql.join(part.map((r) => sql`(${r.id}::int, ${r.name}::text)`));
    await sql`UPDATE players p SET full_name = v.name FROM (VALUES ${values}) AS v(id, name) WHERE p.id = v.id`.execute(
      db,
    );
  }
  for (const [cid, id] of await adoptVendorPlayers(db, parsed, missing, batch)) ids.set(cid, id);
  const stillMissing = missing.filter(([cid]) => !ids.has(cid));
  for (const [cid, id] of await createPlayers(db, stillMissing, overrides, batch)) ids.set(cid, id);
  return ids;
}

/** The keys a data vendor's own players have until a Cricsheet file names them (vendors/competition.ts). */
const VENDOR_KEY = /^(entitysport|sportmonks):/;
const vendorPlayersSeen = new WeakMap<ImportBatch, boolean>();

/**
 * Players a data vendor brought in (keyed `<vendor>:<id>`) whom this match names by their Cricsheet
 * id: the one player of the same name in the same team's squad of the season takes the Cricsheet id,
 * so a Cricsheet file correcting a vendor's match finds the players members picked, not new ones.
 * One look per batch whether there are any such players at all.
 */
export async function adoptVendorPlayers(
  db: Kysely<DB>,
  parsed: ParsedMatch,
  missing: readonly (readonly [string, string])[],
  batch: ImportBatch,
): Promise<Map<string, number>> {
  const adopted = new Map<string, number>();
  if (missing.length === 0) return adopted;
  let any = vendorPlayersSeen.get(batch);
  if (any === undefined) {
    const row = await db
      .selectFrom('players')
      .select('id')
      .where((eb) => eb.or([eb('cricsheet_id', 'like', 'entitysport:%'), eb('cricsheet_id', 'like', 'sportmonks:%')]))
      .limit(1)
      .executeTakeFirst();
    any = row !== undefined;
    vendorPlayersSeen.set(batch, any);
  }
  if (!any) return adopted;
  const teamOf = new Map(parsed.lines.map((l) => [l.cricsheetId, l.team]));
  const rows = await db
    .selectFrom('players as p')
    .innerJoin('squads as s', 's.player_id', 'p.id')
    .innerJoin('seasons as se', 'se.id', 's.season_id')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .select(['p.id', 'p.full_name', 'p.cricsheet_id', 't.name as team'])
    .distinct()
    .where('se.name', '=', parsed.seasonName)
    .where(
      'p.full_name',
      'in',
      missing.map(([, name]) => name),
    )
    .execute();
  const taken = new Set<number>();
  for (const [cid, name] of missing) {
    const same = rows.filter(
      (r) => r.full_name === name && r.team === teamOf.get(cid) && VENDOR_KEY.test(r.cricsheet_id ?? ''),
    );
    const p = same.length === 1 ? same[0]! : undefined;
    if (!p || taken.has(p.id)) continue;
    const r = await db
      .updateTable('players')
      .set({ cricsheet_id: cid })
      .where('id', '=', p.id)
      .where('cricsheet_id', '=', p.cricsheet_id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) continue;
    taken.add(p.id);
    adopted.set(cid, p.id);
    batch.players.set(cid, { id: p.id, full_name: p.full_name });
    batch.absentPlayers.delete(cid);
  }
  return adopted;
}

/** Creates players (Cricsheet id, name) in one multi-row insert per 10,000 or so; their ids by Cricsheet id. */
export async function createPlayers(
  db: Kysely<DB>,
  missing: readonly (readonly [string, string])[],
  overrides: ReadonlyMap<string, PositionOverride>,
  batch: ImportBatch,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const rows = missing.map(([cricsheet_id, full_name]) => {
    const o = overrides.get(cricsheet_id);
    return {
      cricsheet_id,
      full_name: storedName('Player name', full_name),
      position_id: o?.position ?? POSITION.Batsman,
      position_source: o ? ('override' as const) : ('inferred' as const),
    };
  });
  for (const part of chunkRows(rows)) {
    const created = await db
      .insertInto('players')
      .values(part)
      .returning(['id', 'cricsheet_id', 'full_name'])
      .execute();
    for (const r of created) {
      ids.set(r.cricsheet_id!, r.id);
      batch.players.set(r.cricsheet_id!, { id: r.id, full_name: r.full_name });
      batch.absentPlayers.delete(r.cricsheet_id!);
    }
  }
  return ids;
}
