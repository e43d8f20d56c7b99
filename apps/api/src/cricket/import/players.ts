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
  for (const [cid, id] of await createPlayers(db, missing, overrides, batch)) ids.set(cid, id);
  return ids;
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
