import { type Kysely, sql } from 'kysely';

/**
 * Standings at scale (issue 8; docs/performance.md, "Standings cache").
 *
 * - `standings_versions`: a counter per scope — scope 0 for everything results-related (fixtures,
 *   results, derived scoring tables), a league id for that league (members, names, settings,
 *   configuration, late auto-picks). Every API process keeps leaderboards in memory tagged with the
 *   counters it read before building them and compares them on each request: a change committed by
 *   any process is seen by every process on its next request. Counters are bumped in the transaction
 *   that makes the change — by the re-score hook for results, by the triggers below for the rest, so
 *   no code path (account deletion cascades, profile edits, the auto-pick job) can forget it.
 * - `standings_points`: points per (league, fixture, member), all pickers (the Approved filter is
 *   applied on read, so joining or leaving never recomputes points); computed lazily by
 *   src/standings/materialize.ts with the formulas of src/standings/points.ts.
 * - `standings_points_computed`: which (league, fixture) pairs `standings_points` holds, and for which
 *   `standings_fixture_versions.version` of the fixture; a pair whose version is behind is recomputed.
 *
 * No foreign keys on the two points tables (they would double the cost of writing a million rows);
 * rows of a deleted league are removed by a trigger, and rows of a deleted user are never read again
 * (only Approved members' rows are).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE standings_versions (
    scope integer PRIMARY KEY,
    version bigint NOT NULL,
    -- the transaction that last bumped it: one bump per transaction, however many rows it changes
    xact xid8
  )`.execute(db);
  await sql`INSERT INTO standings_versions (scope, version) VALUES (0, 1)`.execute(db);

  await sql`CREATE TABLE standings_fixture_versions (
    fixture_id integer PRIMARY KEY,
    version bigint NOT NULL,
    xact xid8
  )`.execute(db);

  await sql`CREATE TABLE standings_points (
    league_id integer NOT NULL,
    fixture_id integer NOT NULL,
    user_id integer NOT NULL,
    points integer NOT NULL,
    PRIMARY KEY (league_id, fixture_id, user_id)
  )`.execute(db);

  await sql`CREATE TABLE standings_points_computed (
    league_id integer NOT NULL,
    fixture_id integer NOT NULL,
    version bigint NOT NULL,
    PRIMARY KEY (league_id, fixture_id)
  )`.execute(db);

  await sql`
    CREATE FUNCTION standings_touch(s integer) RETURNS void LANGUAGE sql AS $$
      INSERT INTO standings_versions AS v (scope, version, xact) VALUES (s, 1, pg_current_xact_id())
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1, xact = pg_current_xact_id()
      WHERE v.xact IS DISTINCT FROM pg_current_xact_id()
    $$`.execute(db);
  await sql`
    CREATE FUNCTION standings_touch_fixture(f integer) RETURNS void LANGUAGE sql AS $$
      INSERT INTO standings_fixture_versions AS v (fixture_id, version, xact) VALUES (f, 1, pg_current_xact_id())
      ON CONFLICT (fixture_id) DO UPDATE SET version = v.version + 1, xact = pg_current_xact_id()
      WHERE v.xact IS DISTINCT FROM pg_current_xact_id()
    $$`.execute(db);

  // Members: joins, decisions, leaving, removal, display names, account deletion (cascade).
  await sql`
    CREATE FUNCTION standings_on_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN PERFORM standings_touch(OLD.league_id);
      ELSE PERFORM standings_touch(NEW.league_id);
        IF TG_OP = 'UPDATE' AND NEW.league_id <> OLD.league_id THEN PERFORM standings_touch(OLD.league_id); END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER league_members_standings AFTER INSERT OR UPDATE OR DELETE ON league_members
    FOR EACH ROW EXECUTE FUNCTION standings_on_member()`.execute(db);

  // Names shown in private leagues' standings.
  await sql`
    CREATE FUNCTION standings_on_user_name() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM standings_touch(m.league_id) FROM league_members m WHERE m.user_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_standings AFTER UPDATE OF first_name, last_name ON users
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION standings_on_user_name()`.execute(db);

  // League settings (type, privacy, admin, covered fixtures); a deleted league's points go with it.
  await sql`
    CREATE FUNCTION standings_on_league() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM standings_points WHERE league_id = OLD.id;
        DELETE FROM standings_points_computed WHERE league_id = OLD.id;
        PERFORM standings_touch(OLD.id);
        RETURN NULL;
      END IF;
      IF NEW.league_type IS DISTINCT FROM OLD.league_type OR NEW.season_id IS DISTINCT FROM OLD.season_id
         OR NEW.stage_id IS DISTINCT FROM OLD.stage_id OR NEW.match_day IS DISTINCT FROM OLD.match_day THEN
        DELETE FROM standings_points_computed WHERE league_id = NEW.id;
      END IF;
      PERFORM standings_touch(NEW.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER leagues_standings AFTER UPDATE OR DELETE ON leagues
    FOR EACH ROW EXECUTE FUNCTION standings_on_league()`.execute(db);

  // Feature points and switches: the league's points are recomputed.
  await sql`
    CREATE FUNCTION standings_on_configuration() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE l integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.league_id ELSE NEW.league_id END;
    BEGIN
      DELETE FROM standings_points_computed WHERE league_id = l;
      PERFORM standings_touch(l);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER league_configurations_standings AFTER INSERT OR UPDATE OR DELETE ON league_configurations
    FOR EACH ROW EXECUTE FUNCTION standings_on_configuration()`.execute(db);

  // Auto-picks are the only picks written after a fixture starts (a member's own picks lock at the
  // start), possibly after it was scored: that league's points for the fixture are recomputed.
  await sql`
    CREATE FUNCTION standings_on_auto_pick() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM standings_points_computed WHERE league_id = NEW.league_id AND fixture_id = NEW.fixture_id;
      PERFORM standings_touch(NEW.league_id);
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['league_selections', 'player_selections']) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_standings`)} AFTER INSERT OR UPDATE ON ${sql.id(table)}
      FOR EACH ROW WHEN (NEW.is_auto_pick) EXECUTE FUNCTION standings_on_auto_pick()`.execute(db);
  }

  // A fixture's start time, status or place in a season moved (results go through the re-score hook).
  await sql`
    CREATE FUNCTION standings_on_fixture() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM standings_touch(0);
      PERFORM standings_touch_fixture(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER fixtures_standings AFTER UPDATE OF start_time, status, season_id, stage_id ON fixtures
    FOR EACH ROW WHEN (OLD.start_time IS DISTINCT FROM NEW.start_time OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.season_id IS DISTINCT FROM NEW.season_id OR OLD.stage_id IS DISTINCT FROM NEW.stage_id)
    EXECUTE FUNCTION standings_on_fixture()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS fixtures_standings ON fixtures`.execute(db);
  await sql`DROP TRIGGER IF EXISTS player_selections_standings ON player_selections`.execute(db);
  await sql`DROP TRIGGER IF EXISTS league_selections_standings ON league_selections`.execute(db);
  await sql`DROP TRIGGER IF EXISTS league_configurations_standings ON league_configurations`.execute(db);
  await sql`DROP TRIGGER IF EXISTS leagues_standings ON leagues`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_standings ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS league_members_standings ON league_members`.execute(db);
  for (const fn of [
    'standings_on_fixture()',
    'standings_on_auto_pick()',
    'standings_on_configuration()',
    'standings_on_league()',
    'standings_on_user_name()',
    'standings_on_member()',
    'standings_touch_fixture(integer)',
    'standings_touch(integer)',
  ]) {
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
  }
  for (const t of [
    'standings_points_computed',
    'standings_points',
    'standings_fixture_versions',
    'standings_versions',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.id(t)}`.execute(db);
  }
}
