import { type Kysely, sql } from 'kysely';

/**
 * `player_fixture_feature_counts` (derived: rebuilt by the re-score hook from `player_fixture_stats`)
 * references the stat line it was computed from, (fixture_id, player_id), deleted with it, instead of
 * fixtures, players and features separately (issue 8, import speed; docs/decisions/0011-batched-import.md).
 *
 * Each foreign key is checked row by row, and an import writes ~3 count rows per stat line: three
 * checks per row were half the cost of the re-score. One check per row keeps what the three guarded
 * (a count belongs to a fixture and a player, both of a stat line that exists) and more (no count
 * without its stat line); deleting a fixture still deletes its counts (fixture -> stats -> counts).
 * Feature ids are the catalogue's constants (src/cricket/catalogue.ts, written by migration 0002),
 * which the re-score SQL inserts itself; features are never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE player_fixture_feature_counts
      DROP CONSTRAINT player_fixture_feature_counts_fixture_id_fkey,
      DROP CONSTRAINT player_fixture_feature_counts_player_id_fkey,
      DROP CONSTRAINT player_fixture_feature_counts_feature_id_fkey,
      ADD CONSTRAINT player_fixture_feature_counts_stat_line_fkey FOREIGN KEY (fixture_id, player_id)
        REFERENCES player_fixture_stats (fixture_id, player_id) ON DELETE CASCADE`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE player_fixture_feature_counts
      DROP CONSTRAINT player_fixture_feature_counts_stat_line_fkey,
      ADD CONSTRAINT player_fixture_feature_counts_fixture_id_fkey FOREIGN KEY (fixture_id)
        REFERENCES fixtures (id) ON DELETE CASCADE,
      ADD CONSTRAINT player_fixture_feature_counts_player_id_fkey FOREIGN KEY (player_id) REFERENCES players (id),
      ADD CONSTRAINT player_fixture_feature_counts_feature_id_fkey FOREIGN KEY (feature_id) REFERENCES features (id)`.execute(
    db,
  );
}
