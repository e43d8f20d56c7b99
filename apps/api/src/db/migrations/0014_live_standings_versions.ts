import { type Kysely, sql } from 'kysely';

/**
 * A league's standings events carry only the rows that changed (docs/decisions/0018-live-standings-deltas.md):
 * the table last announced is kept per league — its `version` (one more per standings event), the live
 * fixtures it counted, and its rows — so the next event is the difference from it, and
 * `GET /live/standings/{leagueId}` serves exactly the table at that version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE live_standings (
    league_id integer PRIMARY KEY REFERENCES leagues(id) ON DELETE CASCADE,
    version integer NOT NULL,
    fixture_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE TABLE live_standing_rows (
    league_id integer NOT NULL REFERENCES live_standings(league_id) ON DELETE CASCADE,
    user_id integer NOT NULL,
    display_name text NOT NULL,
    position integer NOT NULL,
    position_change integer NOT NULL,
    total_points integer NOT NULL,
    live_points integer NOT NULL,
    PRIMARY KEY (league_id, user_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS live_standing_rows`.execute(db);
  await sql`DROP TABLE IF EXISTS live_standings`.execute(db);
}
