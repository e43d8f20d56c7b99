import { type Kysely, sql } from 'kysely';

/**
 * Match day, live (issue 15; docs/decisions/0016-live-match-day.md).
 *
 * - `live_fixtures`: a fixture whose live feed has started: the feed's Cricsheet `info` (teams,
 *   players, registry), its state (`live` until the final import, then `completed`), when the first
 *   ball came, when the feed went silent (null while it delivers), the lease of the process running
 *   its feed, and the Match Prediction leaders so far (to tell when they change).
 * - `live_deliveries`: every ball received, keyed by its position (innings, over, sequence in the
 *   over counting extras): a duplicate is a no-op, a correction replaces the ball.
 * - `live_player_lines`: each player's running stat line (the sum of the parser's lines of every
 *   over so far) and provisional points at the catalogue's defaults.
 * - `live_member_points`: each member's provisional points for a live fixture, per league.
 * - `live_events`: what the SSE streams carry, ids in commit order (the writer takes an advisory
 *   lock before inserting), read by every process after a NOTIFY and for a reconnect's replay.
 *
 * Provisional rows are deleted by the final import's transaction; events are kept (housekeeping may
 * trim old ones).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE live_fixtures (
    fixture_id integer PRIMARY KEY REFERENCES fixtures(id) ON DELETE CASCADE,
    match_id text NOT NULL,
    source text NOT NULL,
    state text NOT NULL DEFAULT 'live' CHECK (state IN ('live', 'completed')),
    info jsonb NOT NULL,
    scheduled_start timestamptz NOT NULL,
    first_ball_at timestamptz,
    last_ball_at timestamptz,
    silent_since timestamptz,
    leaders jsonb NOT NULL DEFAULT '[]'::jsonb,
    -- picks of the fixture counted when the members' points were last rebuilt (-1: never)
    picks_seen integer NOT NULL DEFAULT -1,
    runner text,
    lease_until timestamptz,
    error text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`CREATE TABLE live_deliveries (
    fixture_id integer NOT NULL REFERENCES live_fixtures(fixture_id) ON DELETE CASCADE,
    innings smallint NOT NULL,
    over smallint NOT NULL,
    seq smallint NOT NULL,
    team text NOT NULL,
    super_over boolean NOT NULL DEFAULT false,
    delivery jsonb NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (fixture_id, innings, over, seq)
  )`.execute(db);

  await sql`CREATE TABLE live_player_lines (
    fixture_id integer NOT NULL REFERENCES live_fixtures(fixture_id) ON DELETE CASCADE,
    cricsheet_id text NOT NULL,
    player_id integer REFERENCES players(id) ON DELETE SET NULL,
    name text NOT NULL,
    team text NOT NULL,
    did_play boolean NOT NULL,
    position_id integer NOT NULL,
    runs integer NOT NULL DEFAULT 0,
    balls integer NOT NULL DEFAULT 0,
    fours integer NOT NULL DEFAULT 0,
    sixes integer NOT NULL DEFAULT 0,
    dismissals integer NOT NULL DEFAULT 0,
    dismissal_kind text,
    balls_bowled integer NOT NULL DEFAULT 0,
    maidens integer NOT NULL DEFAULT 0,
    runs_conceded integer NOT NULL DEFAULT 0,
    wickets integer NOT NULL DEFAULT 0,
    bowled_lbw_wickets integer NOT NULL DEFAULT 0,
    catches integer NOT NULL DEFAULT 0,
    stumpings integer NOT NULL DEFAULT 0,
    run_outs_direct integer NOT NULL DEFAULT 0,
    run_outs_indirect integer NOT NULL DEFAULT 0,
    points integer NOT NULL DEFAULT 0,
    PRIMARY KEY (fixture_id, cricsheet_id)
  )`.execute(db);
  await sql`CREATE INDEX live_player_lines_player_idx ON live_player_lines (player_id)`.execute(db);

  await sql`CREATE TABLE live_member_points (
    league_id integer NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    fixture_id integer NOT NULL REFERENCES live_fixtures(fixture_id) ON DELETE CASCADE,
    user_id integer NOT NULL,
    points integer NOT NULL,
    PRIMARY KEY (league_id, fixture_id, user_id)
  )`.execute(db);

  await sql`CREATE TABLE live_events (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    fixture_id integer,
    league_id integer,
    type text NOT NULL,
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX live_events_fixture_idx ON live_events (fixture_id, id)`.execute(db);
  await sql`CREATE INDEX live_events_league_idx ON live_events (league_id, id)`.execute(db);

  // player → picks: the members a ball's players touch, per fixture.
  await sql`CREATE INDEX player_selections_fixture_player_idx ON player_selections (fixture_id, player_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS player_selections_fixture_player_idx`.execute(db);
  for (const t of ['live_events', 'live_member_points', 'live_player_lines', 'live_deliveries', 'live_fixtures']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
