import { type Kysely, sql } from 'kysely';
import { BONUS_OPTIONS_0002, FEATURE_POSITIONS_0002, FEATURES_0002, POSITIONS_0002 } from './0002_cricket.catalogue';

/**
 * Cricket data: seasons, teams, players, fixtures, results, per-player match stats, the feature
 * catalogue and the derived scoring tables (winners per fixture feature, stat counts per player).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('positions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('max_per_team', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('seasons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('competition', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('cricsheet'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('stages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('stages_season_name_key', ['season_id', 'name'])
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('players')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('cricsheet_id', 'text', (c) => c.unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('position_source', 'text', (c) =>
      c.notNull().check(sql`position_source in ('inferred', 'override', 'data')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('squads')
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addPrimaryKeyConstraint('squads_pkey', ['season_id', 'team_id', 'player_id'])
    .execute();
  await db.schema.createIndex('squads_player_idx').on('squads').column('player_id').execute();

  await db.schema
    .createTable('fixtures')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('stage_id', 'integer', (c) => c.references('stages.id').onDelete('set null'))
    .addColumn('cricsheet_match_id', 'text', (c) => c.unique())
    .addColumn('match_number', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('local_team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('visitor_team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('venue', 'text')
    .addColumn('city', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('scheduled')
        .check(sql`status in ('scheduled', 'live', 'completed', 'no_result', 'abandoned')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('fixtures_season_start_idx')
    .on('fixtures')
    .columns(['season_id', 'start_time'])
    .execute();

  await db.schema
    .createTable('fixture_results')
    .addColumn('fixture_id', 'integer', (c) => c.primaryKey().references('fixtures.id').onDelete('cascade'))
    .addColumn('result_type', 'text', (c) => c.notNull().check(sql`result_type in ('normal', 'tie', 'no_result')`))
    .addColumn('winner_team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('won_by_runs', 'integer')
    .addColumn('won_by_wickets', 'integer')
    .addColumn('method', 'text')
    .addColumn('super_over_winner_team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('toss_winner_team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('toss_decision', 'text')
    .execute();

  await db.schema
    .createTable('fixture_player_of_match')
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addPrimaryKeyConstraint('fixture_player_of_match_pkey', ['fixture_id', 'player_id'])
    .execute();

  await db.schema
    .createTable('fixture_innings')
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('innings_number', 'integer', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('super_over', 'boolean', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull())
    .addColumn('wickets', 'integer', (c) => c.notNull())
    .addColumn('legal_balls', 'integer', (c) => c.notNull())
    .addColumn('extras', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('fixture_innings_pkey', ['fixture_id', 'innings_number'])
    .execute();

  let stats = db.schema
    .createTable('player_fixture_stats')
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('did_play', 'boolean', (c) => c.notNull())
    .addColumn('batting_position', 'integer')
    .addColumn('dismissed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dismissal_kind', 'text');
  for (const col of [
    'runs',
    'balls',
    'fours',
    'sixes',
    'balls_bowled',
    'maidens',
    'runs_conceded',
    'wickets',
    'bowled_lbw_wickets',
    'catches',
    'stumpings',
    'run_outs_direct',
    'run_outs_indirect',
  ]) {
    stats = stats.addColumn(col, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await stats.addPrimaryKeyConstraint('player_fixture_stats_pkey', ['fixture_id', 'player_id']).execute();
  await db.schema
    .createIndex('player_fixture_stats_player_idx')
    .on('player_fixture_stats')
    .column('player_id')
    .execute();

  await db.schema
    .createTable('cricsheet_imports')
    .addColumn('cricsheet_match_id', 'text', (c) => c.primaryKey())
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('features')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('league_type', 'text', (c) => c.notNull().check(sql`league_type in ('MP', 'PS')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('feature_type', 'text', (c) =>
      c.notNull().check(sql`feature_type in ('team', 'player', 'bonus', 'stat')`),
    )
    .addColumn('sign', 'integer', (c) => c.notNull().check(sql`sign in (1, -1)`))
    .addColumn('max_points', 'integer', (c) => c.notNull().check(sql`max_points >= 0`))
    .addColumn('default_points', 'integer', (c) =>
      c.notNull().check(sql`default_points >= 0 and default_points <= max_points`),
    )
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('feature_positions')
    .addColumn('feature_id', 'integer', (c) => c.notNull().references('features.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addPrimaryKeyConstraint('feature_positions_pkey', ['feature_id', 'position_id'])
    .execute();

  await db.schema
    .createTable('bonus_options')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('feature_id', 'integer', (c) => c.notNull().references('features.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addUniqueConstraint('bonus_options_feature_code_key', ['feature_id', 'code'])
    .execute();

  /** Derived: who or what won each Match Prediction feature of a fixture (several rows on a tie). */
  await db.schema
    .createTable('fixture_feature_winners')
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('feature_id', 'integer', (c) => c.notNull().references('features.id'))
    .addColumn('entity_type', 'text', (c) => c.notNull().check(sql`entity_type in ('team', 'player', 'bonus')`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('fixture_feature_winners_pkey', ['fixture_id', 'feature_id', 'entity_id'])
    .execute();

  /** Derived: how many times each Player Selection stat happened for a player in a fixture (count > 0). */
  await db.schema
    .createTable('player_fixture_feature_counts')
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('feature_id', 'integer', (c) => c.notNull().references('features.id'))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addPrimaryKeyConstraint('player_fixture_feature_counts_pkey', ['fixture_id', 'player_id', 'feature_id'])
    .execute();
  await db.schema
    .createIndex('player_fixture_feature_counts_player_idx')
    .on('player_fixture_feature_counts')
    .column('player_id')
    .execute();

  await sql`
    CREATE VIEW player_fixture_points AS
    SELECT c.fixture_id, c.player_id, c.feature_id, c.count, c.count * f.default_points * f.sign AS points
    FROM player_fixture_feature_counts c JOIN features f ON f.id = c.feature_id
  `.execute(db);
  await sql`
    CREATE VIEW fixture_feature_winner_lists AS
    SELECT fixture_id, feature_id, min(entity_type) AS entity_type,
           string_agg(entity_id::text, ',' ORDER BY entity_id) AS winner_ids
    FROM fixture_feature_winners GROUP BY fixture_id, feature_id
  `.execute(db);

  // The catalogue's rows as they were when this migration was written (frozen beside it).
  await sql`INSERT INTO positions SELECT * FROM json_populate_recordset(NULL::positions, ${JSON.stringify(POSITIONS_0002)})`.execute(
    db,
  );
  await sql`INSERT INTO features SELECT * FROM json_populate_recordset(NULL::features, ${JSON.stringify(FEATURES_0002)})`.execute(
    db,
  );
  await sql`INSERT INTO feature_positions SELECT * FROM json_populate_recordset(NULL::feature_positions, ${JSON.stringify(FEATURE_POSITIONS_0002)})`.execute(
    db,
  );
  await sql`INSERT INTO bonus_options SELECT * FROM json_populate_recordset(NULL::bonus_options, ${JSON.stringify(BONUS_OPTIONS_0002)})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP VIEW IF EXISTS fixture_feature_winner_lists`.execute(db);
  await sql`DROP VIEW IF EXISTS player_fixture_points`.execute(db);
  for (const t of [
    'player_fixture_feature_counts',
    'fixture_feature_winners',
    'bonus_options',
    'feature_positions',
    'features',
    'cricsheet_imports',
    'player_fixture_stats',
    'fixture_innings',
    'fixture_player_of_match',
    'fixture_results',
    'fixtures',
    'squads',
    'players',
    'teams',
    'stages',
    'seasons',
    'positions',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
