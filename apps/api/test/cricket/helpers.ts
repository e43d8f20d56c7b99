import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/db/schema';
import { FEATURES_BY_ID } from '../../src/cricket/catalogue';
import { loadMatchFacts, loadStatLines } from '../../src/cricket/scoring/derived';
import { matchPredictionWinners } from '../../src/cricket/scoring/match-prediction';
import { appearanceCounts, type PointsConfig, signedPoints } from '../../src/cricket/scoring/player-selection';
import { psPlayerPointsSql } from '../../src/standings/points';

export const CRICKET_TABLES = [
  'seasons',
  'stages',
  'teams',
  'players',
  'squads',
  'fixtures',
  'fixture_results',
  'fixture_player_of_match',
  'fixture_innings',
  'player_fixture_stats',
  'cricsheet_imports',
  'fixture_feature_winners',
  'player_fixture_feature_counts',
] as const;

/** Row count and an order-independent digest of every cricket table (imported_at excluded). */
export async function tableDigests(db: Kysely<DB>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of CRICKET_TABLES) {
    const cols = t === 'cricsheet_imports' ? sql`cricsheet_match_id, fixture_id, checksum` : sql`*`;
    const { rows } = await sql<{ n: number; digest: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(r::text, '|' ORDER BY r::text)) AS digest
      FROM (SELECT ${cols} FROM ${sql.table(t)}) r`.execute(db);
    out[t] = `${rows[0]?.n}:${rows[0]?.digest}`;
  }
  return out;
}

/**
 * The derived scoring tables keyed by natural ids (Cricsheet match and player ids, team names), so
 * that two databases can be compared.
 */
export async function derivedSnapshot(db: Kysely<DB>) {
  const { rows: winners } = await sql<{ k: string }>`
    SELECT concat_ws(':', f.cricsheet_match_id, w.feature_id, w.entity_type,
           coalesce(p.cricsheet_id, t.name, w.entity_id::text)) AS k
    FROM fixture_feature_winners w JOIN fixtures f ON f.id = w.fixture_id
    LEFT JOIN players p ON w.entity_type = 'player' AND p.id = w.entity_id
    LEFT JOIN teams t ON w.entity_type = 'team' AND t.id = w.entity_id
    ORDER BY 1`.execute(db);
  const { rows: counts } = await sql<{ k: string }>`
    SELECT concat_ws(':', f.cricsheet_match_id, p.cricsheet_id, c.feature_id, c.count) AS k
    FROM player_fixture_feature_counts c JOIN fixtures f ON f.id = c.fixture_id JOIN players p ON p.id = c.player_id
    ORDER BY 1`.execute(db);
  return { winners: winners.map((r) => r.k), counts: counts.map((r) => r.k) };
}

/**
 * Recomputes every fixture's winners and stat counts with the pure TypeScript functions and returns
 * them in the shape of the SQL-derived tables, to prove the two implementations agree.
 */
export async function derivedByTypescript(db: Kysely<DB>) {
  const fixtures = await db.selectFrom('fixtures').select('id').orderBy('id').execute();
  const winners: string[] = [];
  const counts: string[] = [];
  for (const { id } of fixtures) {
    const facts = await loadMatchFacts(db, id);
    for (const w of matchPredictionWinners(facts)) for (const e of w.ids) winners.push(`${id}:${w.featureId}:${e}`);
    // Every line of every fixture goes through the pure gate (scored.ts): no results, substitutes.
    for (const l of await loadStatLines(db, id)) {
      for (const [featureId, n] of appearanceCounts({
        fixture: facts,
        didPlay: l.didPlay,
        line: l.line,
        positionId: l.positionId,
      })) {
        if (!FEATURES_BY_ID.has(featureId)) throw new Error(`unknown feature ${featureId}`);
        counts.push(`${id}:${l.playerId}:${featureId}:${n}`);
      }
    }
  }
  return { winners: winners.sort(), counts: counts.sort() };
}

export async function derivedBySql(db: Kysely<DB>) {
  const w = await db.selectFrom('fixture_feature_winners').selectAll().execute();
  const c = await db.selectFrom('player_fixture_feature_counts').selectAll().execute();
  return {
    winners: w.map((r) => `${r.fixture_id}:${r.feature_id}:${r.entity_id}`).sort(),
    counts: c.map((r) => `${r.fixture_id}:${r.player_id}:${r.feature_id}:${r.count}`).sort(),
  };
}

/**
 * Each player's points in one fixture under a league's points (feature id -> magnitude), by the SQL
 * that scores leagues (standings/points.ts `psPlayerPointsSql`). Players with no scoring stat are left out.
 */
export async function playerPointsBySql(
  db: Kysely<DB>,
  fixtureId: number,
  config: PointsConfig,
): Promise<Map<number, number>> {
  const { rows } = await psPlayerPointsSql([fixtureId], signedPoints(config)).execute(db);
  return new Map(rows.map((r) => [r.player_id, Number(r.points)]));
}
