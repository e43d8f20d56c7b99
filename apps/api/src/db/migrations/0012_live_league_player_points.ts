import { type Kysely, sql } from 'kysely';

/**
 * Player Selection provisional points per (league, fixture, player) instead of per member
 * (docs/decisions/0016-live-match-day.md, "Storage"): a ball writes its touched players' rows
 * of each league, not every picking member's row; a member's total is the sum over their picks, read
 * when standings are computed. `live_member_points` keeps the Match Prediction points only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE live_league_player_points (
    league_id integer NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    fixture_id integer NOT NULL REFERENCES live_fixtures(fixture_id) ON DELETE CASCADE,
    player_id integer NOT NULL,
    points integer NOT NULL,
    PRIMARY KEY (league_id, fixture_id, player_id)
  )`.execute(db);
  await sql`CREATE INDEX live_league_player_points_fixture_idx ON live_league_player_points (fixture_id)`.execute(db);
  // The fixture's Player Selection leagues, kept by the rebuild: a ball writes its touched players'
  // rows for each of them (no scan of the fixture's picks per ball).
  await sql`ALTER TABLE live_fixtures ADD COLUMN ps_leagues jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
  // A fixture live during the upgrade: its members are rebuilt from its lines at the next ball.
  await sql`DELETE FROM live_member_points`.execute(db);
  await sql`UPDATE live_fixtures SET picks_seen = -1 WHERE state = 'live'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS live_league_player_points`.execute(db);
  await sql`ALTER TABLE live_fixtures DROP COLUMN IF EXISTS ps_leagues`.execute(db);
}
