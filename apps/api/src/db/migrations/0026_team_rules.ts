import { type Kysely, sql } from 'kysely';

/**
 * Player Selection as a cricket fantasy game (issue 27, docs/decisions/0046-team-rules.md):
 * - `league_team_rules`: a Player Selection league's team rules, the admin's choice, locked with the
 *   rest at activation. Every figure is a whole number: the budget in tenths of a credit (1000 = 100.0
 *   credits), the multipliers in percent (200 = 2×, 150 = 1.5×). NULL turns a rule off; `backups` 0
 *   means none. A league without a row (every league created before this migration) has every rule
 *   off, so its picks and points stay exactly as they were;
 * - `player_selection_teams`: what a member's team of a fixture has beyond its slots — the captain,
 *   the vice-captain, the backups in priority order — and when the lock applied the backups
 *   (`substituted_at`);
 * - `player_selections.replaced_player_id`: the player a backup replaced at the lock (the slot's
 *   `player_id` is the backup who plays), shown on My Selections, All Selections and score details;
 * - `fixture_player_prices`: a player's price for a fixture in tenths of a credit, set from recent
 *   form when first needed and frozen at the lock, or set by an operator (audited).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE league_team_rules (
    league_id integer PRIMARY KEY REFERENCES leagues(id) ON DELETE CASCADE,
    budget_tenths integer CHECK (budget_tenths IS NULL OR budget_tenths BETWEEN 500 AND 2000),
    captain_pct integer CHECK (captain_pct IS NULL OR captain_pct BETWEEN 100 AND 300),
    vice_captain_pct integer CHECK (vice_captain_pct IS NULL OR vice_captain_pct BETWEEN 100 AND 300),
    max_per_side integer CHECK (max_per_side IS NULL OR max_per_side BETWEEN 1 AND 10),
    backups integer NOT NULL DEFAULT 0 CHECK (backups BETWEEN 0 AND 4),
    CHECK ((captain_pct IS NULL) = (vice_captain_pct IS NULL))
  )`.execute(db);
  await sql`CREATE TABLE player_selection_teams (
    league_id integer NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    fixture_id integer NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
    captain_player_id integer REFERENCES players(id),
    vice_captain_player_id integer REFERENCES players(id),
    backups integer[] NOT NULL DEFAULT '{}',
    substituted_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (league_id, user_id, fixture_id),
    CHECK (captain_player_id IS NULL OR captain_player_id IS DISTINCT FROM vice_captain_player_id),
    CHECK (cardinality(backups) <= 4)
  )`.execute(db);
  await sql`CREATE INDEX player_selection_teams_fixture ON player_selection_teams (fixture_id, league_id)`.execute(db);
  await sql`CREATE INDEX player_selection_teams_user ON player_selection_teams (user_id)`.execute(db);
  await sql`ALTER TABLE player_selections ADD COLUMN replaced_player_id integer REFERENCES players(id)`.execute(db);
  await sql`CREATE TABLE fixture_player_prices (
    fixture_id integer NOT NULL REFERENCES fixtures(id) ON DELETE CASCADE,
    player_id integer NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    price_tenths integer NOT NULL CHECK (price_tenths BETWEEN 10 AND 200),
    source text NOT NULL CHECK (source IN ('form', 'operator')),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (fixture_id, player_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS fixture_player_prices`.execute(db);
  await sql`ALTER TABLE player_selections DROP COLUMN IF EXISTS replaced_player_id`.execute(db);
  await sql`DROP TABLE IF EXISTS player_selection_teams`.execute(db);
  await sql`DROP TABLE IF EXISTS league_team_rules`.execute(db);
}
