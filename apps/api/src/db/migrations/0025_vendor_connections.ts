import { type Kysely, sql } from 'kysely';

/**
 * A data vendor connected from the console, and what the sync job keeps of it
 * (docs/decisions/0045-vendor-sync.md).
 * - `vendor_connections`: one row per vendor — the credentials an operator entered (never returned by
 *   any operation; the environment's are used when there are none), the competition chosen and the
 *   season it was applied to, the sync's intervals and daily budget, the sync's lease (one process
 *   syncs a vendor at a time: a claim by one UPDATE, as the Cricsheet fetch's) and its last outcome;
 * - `vendor_teams`, `vendor_players`, `vendor_fixtures`: the vendor's ids mapped to ours. A fixture
 *   keeps its vendor id (and the vendor's last status); its Cricsheet match id stays empty, so a
 *   later Cricsheet file finds it as a scheduled fixture and corrects it;
 * - `fixture_lineups`: the toss and playing XIs once announced (from a vendor), shown with the fixture;
 * - import runs of kind `vendor`: a sync's schedule changes and results.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE vendor_connections (
    vendor text PRIMARY KEY CHECK (vendor IN ('entitysport', 'sportmonks')),
    credentials jsonb,
    credentials_set_at timestamptz,
    competition_id text,
    competition_name text,
    season_id integer REFERENCES seasons(id) ON DELETE SET NULL,
    sync_enabled boolean NOT NULL DEFAULT false,
    schedule_interval_s integer NOT NULL DEFAULT 3600 CHECK (schedule_interval_s >= 60),
    live_interval_s integer NOT NULL DEFAULT 20 CHECK (live_interval_s >= 1),
    lineup_lead_s integer NOT NULL DEFAULT 3600 CHECK (lineup_lead_s >= 0),
    daily_budget integer CHECK (daily_budget IS NULL OR daily_budget >= 0),
    next_schedule_at timestamptz,
    lease_holder text,
    lease_until timestamptz,
    last_sync_at timestamptz,
    last_sync_outcome text CHECK (last_sync_outcome IN ('succeeded', 'partial', 'failed')),
    last_sync_message text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE TABLE vendor_teams (
    vendor text NOT NULL,
    vendor_id text NOT NULL,
    vendor_name text NOT NULL,
    team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    PRIMARY KEY (vendor, vendor_id)
  )`.execute(db);
  await sql`CREATE TABLE vendor_players (
    vendor text NOT NULL,
    vendor_id text NOT NULL,
    player_id integer NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    PRIMARY KEY (vendor, vendor_id)
  )`.execute(db);
  await sql`CREATE INDEX vendor_players_player ON vendor_players (player_id)`.execute(db);
  await sql`CREATE TABLE vendor_fixtures (
    vendor text NOT NULL,
    vendor_id text NOT NULL,
    fixture_id integer NOT NULL UNIQUE REFERENCES fixtures(id) ON DELETE CASCADE,
    vendor_status text NOT NULL DEFAULT 'scheduled'
      CHECK (vendor_status IN ('scheduled', 'live', 'finished', 'abandoned', 'postponed', 'cancelled')),
    lineup_checked_at timestamptz,
    result_at timestamptz,
    PRIMARY KEY (vendor, vendor_id)
  )`.execute(db);
  await sql`CREATE TABLE fixture_lineups (
    fixture_id integer PRIMARY KEY REFERENCES fixtures(id) ON DELETE CASCADE,
    toss_winner_team_id integer REFERENCES teams(id),
    toss_decision text CHECK (toss_decision IN ('bat', 'field')),
    teams jsonb NOT NULL,
    source text NOT NULL,
    announced_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`ALTER TABLE import_runs DROP CONSTRAINT import_runs_kind_check`.execute(db);
  await sql`ALTER TABLE import_runs ADD CONSTRAINT import_runs_kind_check
    CHECK (kind IN ('schedule', 'squads', 'cricsheet', 'results', 'result', 'fetch', 'scorecard', 'vendor'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM import_runs WHERE kind = 'vendor'`.execute(db);
  await sql`ALTER TABLE import_runs DROP CONSTRAINT import_runs_kind_check`.execute(db);
  await sql`ALTER TABLE import_runs ADD CONSTRAINT import_runs_kind_check
    CHECK (kind IN ('schedule', 'squads', 'cricsheet', 'results', 'result', 'fetch', 'scorecard'))`.execute(db);
  for (const t of ['fixture_lineups', 'vendor_fixtures', 'vendor_players', 'vendor_teams', 'vendor_connections']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
  }
}
