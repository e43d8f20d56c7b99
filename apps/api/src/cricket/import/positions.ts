import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import { POSITION, type PositionId, positionIdByName } from '../catalogue';

/**
 * Player positions. Cricsheet has no roles, so positions are inferred from what players did
 * (see `inferPosition`) and corrected by apps/api/data/position-overrides.json.
 */

export interface PositionOverride {
  cricsheetId: string;
  name?: string;
  position: PositionId;
}

export const DEFAULT_OVERRIDES_FILE = new URL('../../../data/position-overrides.json', import.meta.url);

/** Reads an overrides file: `{ "players": [{ "cricsheetId", "name", "position": "Wicketkeeper" }] }`. */
export function loadPositionOverrides(file: string | URL = DEFAULT_OVERRIDES_FILE): Map<string, PositionOverride> {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { players?: unknown };
  if (!Array.isArray(json.players)) throw new Error(`${String(file)}: expected { "players": [...] }`);
  const map = new Map<string, PositionOverride>();
  json.players.forEach((raw: unknown, i) => {
    const p = raw as { cricsheetId?: unknown; name?: unknown; position?: unknown };
    const position = typeof p.position === 'string' ? positionIdByName(p.position) : undefined;
    if (typeof p.cricsheetId !== 'string' || !position) {
      throw new Error(
        `${String(file)}: players[${i}] needs a cricsheetId and a position (Batsman, Bowler, Wicketkeeper, Allrounder)`,
      );
    }
    map.set(p.cricsheetId, {
      cricsheetId: p.cricsheetId,
      position,
      ...(typeof p.name === 'string' ? { name: p.name } : {}),
    });
  });
  return map;
}

/** What a player did over the matches they played (did_play), the input of the inference rule. */
export interface PlayerRecord {
  matches: number;
  /** Matches in which the player bowled at least one legal ball. */
  bowledMatches: number;
  ballsBowled: number;
  /** Matches in which the player batted (came to the crease). */
  battedMatches: number;
  /** Sum of batting positions over the matches batted. */
  battingPositionSum: number;
  stumpings: number;
}

/**
 * The inference rule, in order:
 * 1. any stumping -> Wicketkeeper;
 * 2. bowls regularly (in at least half their matches, 9+ legal balls a bowling match on average)
 *    and bats in the top order (batted in at least 40% of matches at an average position of 7.5 or
 *    better) -> Allrounder;
 * 3. bowls regularly -> Bowler;
 * 4. bats in the top order -> Batsman;
 * 5. bowled at all -> Bowler; otherwise Batsman.
 */
export function inferPosition(r: PlayerRecord): PositionId {
  if (r.stumpings > 0) return POSITION.Wicketkeeper;
  const bowlsRegularly =
    r.bowledMatches > 0 && r.bowledMatches * 2 >= r.matches && r.ballsBowled >= 9 * r.bowledMatches;
  const batsTopOrder =
    r.battedMatches > 0 && r.battedMatches * 5 >= r.matches * 2 && r.battingPositionSum <= 7.5 * r.battedMatches;
  if (bowlsRegularly && batsTopOrder) return POSITION.Allrounder;
  if (bowlsRegularly) return POSITION.Bowler;
  if (batsTopOrder) return POSITION.Batsman;
  if (r.bowledMatches > 0) return POSITION.Bowler;
  return POSITION.Batsman;
}

/**
 * Re-infers the position of every player whose position is not fixed (position_source 'inferred'),
 * from all their stats, and applies the overrides. Returns the ids of players whose position changed.
 * Players from a shipped roster (position_source 'data') are left alone.
 */
export async function applyPositions(
  db: Kysely<DB>,
  overrides: ReadonlyMap<string, PositionOverride> = loadPositionOverrides(),
  /** Only these players (e.g. those whose stats an import batch just wrote); default everyone. */
  only?: readonly number[],
): Promise<number[]> {
  if (only && only.length === 0) return [];
  const subset = only ? [...new Set(only)] : undefined;
  const rows = await db
    .selectFrom('players as p')
    .leftJoin('player_fixture_stats as s', (j) => j.onRef('s.player_id', '=', 'p.id').on('s.did_play', '=', true))
    .select((eb) => [
      'p.id',
      'p.cricsheet_id',
      'p.position_id',
      'p.position_source',
      eb.fn.count<number>('s.fixture_id').as('matches'),
      sql<number>`count(*) filter (where s.balls_bowled > 0)`.as('bowled_matches'),
      sql<number>`coalesce(sum(s.balls_bowled), 0)`.as('balls_bowled'),
      sql<number>`count(*) filter (where s.batting_position is not null)`.as('batted_matches'),
      sql<number>`coalesce(sum(s.batting_position), 0)`.as('batting_position_sum'),
      sql<number>`coalesce(sum(s.stumpings), 0)`.as('stumpings'),
    ])
    .where('p.position_source', '<>', 'data')
    .$if(subset !== undefined, (q) => q.where('p.id', 'in', subset!))
    .groupBy(['p.id', 'p.cricsheet_id', 'p.position_id', 'p.position_source'])
    .execute();
  // Substitute fielders' stumpings (did_play false) still mark a keeper.
  const subStumpings = await db
    .selectFrom('player_fixture_stats')
    .select(['player_id', sql<number>`sum(stumpings)`.as('n')])
    .where('did_play', '=', false)
    .where('stumpings', '>', 0)
    .$if(subset !== undefined, (q) => q.where('player_id', 'in', subset!))
    .groupBy('player_id')
    .execute();
  const extraStumpings = new Map(subStumpings.map((r) => [r.player_id, Number(r.n)]));

  const changes: { id: number; position: PositionId; source: 'inferred' | 'override'; moved: boolean }[] = [];
  for (const r of rows) {
    const override = r.cricsheet_id ? overrides.get(r.cricsheet_id) : undefined;
    const position = override
      ? override.position
      : inferPosition({
          matches: Number(r.matches),
          bowledMatches: Number(r.bowled_matches),
          ballsBowled: Number(r.balls_bowled),
          battedMatches: Number(r.batted_matches),
          battingPositionSum: Number(r.batting_position_sum),
          stumpings: Number(r.stumpings) + (extraStumpings.get(r.id) ?? 0),
        });
    const source = override ? 'override' : 'inferred';
    if (position !== r.position_id || source !== r.position_source) {
      changes.push({ id: r.id, position, source, moved: position !== r.position_id });
    }
  }
  // One statement per 10,000 players (3 bind parameters each).
  for (let i = 0; i < changes.length; i += 10_000) {
    const values = sql.join(
      changes.slice(i, i + 10_000).map((c) => sql`(${c.id}::int, ${c.position}::int, ${c.source}::text)`),
    );
    await sql`
      UPDATE players p SET position_id = v.position_id, position_source = v.source
      FROM (VALUES ${values}) AS v(id, position_id, source) WHERE p.id = v.id`.execute(db);
  }
  return changes.filter((c) => c.moved).map((c) => c.id);
}
