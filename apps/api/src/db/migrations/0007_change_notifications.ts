import { type Kysely, sql } from 'kysely';

/**
 * Change notifications for the in-process caches (issue 8; src/db/notifications.ts,
 * docs/decisions/0010-in-process-caches.md). Every payload goes to the channel `fc_<schema>` (tests
 * share one PostgreSQL database, one schema each), starting with one character saying what it is:
 *
 * - `s<id hash>`: that session ended (sign-out, password reset, account deletion, housekeeping) or
 *   moved its expiry or last-seen time earlier; `S`: every session (TRUNCATE);
 * - `v<scope>:<version>`: `standings_touch` bumped that standings version (migration 0006), with the
 *   new value, so a process knows it without reading it;
 * - `m<user id>`: the user's memberships changed (joined, decided, left, removed, renamed).
 *
 * Also: the series name a league shows (season, stage) and fixtures added or removed now bump
 * version 0, so cached My Leagues answers follow them; and a partial index lets the Approved members
 * of a league be counted from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION change_channel() RETURNS text LANGUAGE sql STABLE AS $$ SELECT 'fc_' || current_schema() $$
  `.execute(db);

  await sql`
    CREATE FUNCTION sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('fc_' || TG_TABLE_SCHEMA, 's' || OLD.id_hash);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION sessions_notify()`.execute(db);
  await sql`CREATE TRIGGER sessions_shortened AFTER UPDATE ON sessions
    FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at OR NEW.last_seen_at < OLD.last_seen_at
      OR NEW.user_id <> OLD.user_id OR NEW.id_hash <> OLD.id_hash)
    EXECUTE FUNCTION sessions_notify()`.execute(db);
  await sql`
    CREATE FUNCTION sessions_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('fc_' || TG_TABLE_SCHEMA, 'S');
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
    FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify_all()`.execute(db);

  // The same bump as 0006, now also telling every process the new value (once per transaction and scope).
  await sql`
    CREATE OR REPLACE FUNCTION standings_touch(s integer) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE v bigint;
    BEGIN
      INSERT INTO standings_versions AS sv (scope, version, xact) VALUES (s, 1, pg_current_xact_id())
      ON CONFLICT (scope) DO UPDATE SET version = sv.version + 1, xact = pg_current_xact_id()
      WHERE sv.xact IS DISTINCT FROM pg_current_xact_id()
      RETURNING version INTO v;
      IF v IS NOT NULL THEN PERFORM pg_notify(change_channel(), 'v' || s || ':' || v); END IF;
    END $$`.execute(db);

  await sql`
    CREATE FUNCTION members_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('fc_' || TG_TABLE_SCHEMA, 'm' || OLD.user_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('fc_' || TG_TABLE_SCHEMA, 'm' || NEW.user_id); END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER league_members_notify AFTER INSERT OR UPDATE OR DELETE ON league_members
    FOR EACH ROW EXECUTE FUNCTION members_notify()`.execute(db);

  await sql`
    CREATE FUNCTION standings_on_series() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM standings_touch(0);
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['seasons', 'stages']) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_series_name`)} AFTER UPDATE OF name ON ${sql.id(table)}
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION standings_on_series()`.execute(db);
  }
  await sql`CREATE TRIGGER fixtures_added_removed AFTER INSERT OR DELETE ON fixtures
    FOR EACH STATEMENT EXECUTE FUNCTION standings_on_series()`.execute(db);

  await sql`CREATE INDEX league_members_approved_idx ON league_members (league_id) WHERE status = 'Approved'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS league_members_approved_idx`.execute(db);
  await sql`DROP TRIGGER IF EXISTS fixtures_added_removed ON fixtures`.execute(db);
  await sql`DROP TRIGGER IF EXISTS stages_series_name ON stages`.execute(db);
  await sql`DROP TRIGGER IF EXISTS seasons_series_name ON seasons`.execute(db);
  await sql`DROP TRIGGER IF EXISTS league_members_notify ON league_members`.execute(db);
  await sql`DROP TRIGGER IF EXISTS sessions_truncated ON sessions`.execute(db);
  await sql`DROP TRIGGER IF EXISTS sessions_shortened ON sessions`.execute(db);
  await sql`DROP TRIGGER IF EXISTS sessions_ended ON sessions`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION standings_touch(s integer) RETURNS void LANGUAGE sql AS $$
      INSERT INTO standings_versions AS v (scope, version, xact) VALUES (s, 1, pg_current_xact_id())
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1, xact = pg_current_xact_id()
      WHERE v.xact IS DISTINCT FROM pg_current_xact_id()
    $$`.execute(db);
  for (const fn of ['standings_on_series()', 'members_notify()', 'sessions_notify_all()', 'sessions_notify()']) {
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS change_channel()`.execute(db);
}
