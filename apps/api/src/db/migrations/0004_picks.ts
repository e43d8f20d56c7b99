import { type Kysely, sql } from 'kysely';

/**
 * Picks (issue 5): Match Prediction picks per league feature and Player Selection picks per slot, both
 * per league, user and fixture; the claims that make the lock-time and reminder jobs run once however
 * many API processes run them; and the server's signing secret (unsubscribe links).
 *
 * A cleared pick is a deleted row, so every row holds exactly one choice. A member's picks go with the
 * league (cascade) and with the account (cascade, docs/decisions/0004-account-deletion.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('league_selections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('league_configuration_id', 'integer', (c) =>
      c.notNull().references('league_configurations.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('player_id', 'integer', (c) => c.references('players.id'))
    .addColumn('bonus_option_id', 'integer', (c) => c.references('bonus_options.id'))
    .addColumn('is_auto_pick', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('league_selections_pick_key', [
      'league_id',
      'user_id',
      'fixture_id',
      'league_configuration_id',
    ])
    .addCheckConstraint('league_selections_one_choice', sql`num_nonnulls(team_id, player_id, bonus_option_id) = 1`)
    .execute();
  await db.schema
    .createIndex('league_selections_fixture_idx')
    .on('league_selections')
    .columns(['league_id', 'fixture_id'])
    .execute();
  await db.schema.createIndex('league_selections_user_idx').on('league_selections').column('user_id').execute();

  await db.schema
    .createTable('player_selections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('position_order', 'integer', (c) => c.notNull().check(sql`position_order >= 1`))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('is_auto_pick', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('player_selections_slot_key', [
      'league_id',
      'user_id',
      'fixture_id',
      'position_id',
      'position_order',
    ])
    // The same player twice in one fixture's team is refused by the API with the spec's message; this is the
    // backstop. Checked at commit (DEFERRABLE INITIALLY DEFERRED) so one save can swap two players between slots.
    .addUniqueConstraint('player_selections_player_key', ['league_id', 'user_id', 'fixture_id', 'player_id'], (c) =>
      c.deferrable().initiallyDeferred(),
    )
    .execute();
  await db.schema
    .createIndex('player_selections_fixture_idx')
    .on('player_selections')
    .columns(['league_id', 'fixture_id'])
    .execute();
  await db.schema.createIndex('player_selections_user_idx').on('player_selections').column('user_id').execute();

  // One row per fixture and job ('auto_pick', …) once the job has claimed it: the INSERT … ON CONFLICT
  // DO NOTHING that wins the claim is the one process that does the work.
  await db.schema
    .createTable('fixture_jobs')
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('fixture_jobs_pkey', ['fixture_id', 'job'])
    .execute();

  // One reminder per user and fixture, ever (the row is written in the same transaction as the email).
  await db.schema
    .createTable('pick_reminders')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fixture_id', 'integer', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('pick_reminders_pkey', ['user_id', 'fixture_id'])
    .execute();

  // Server-side secrets shared by every API process on this database (e.g. the unsubscribe-link key),
  // created on first use with INSERT … ON CONFLICT DO NOTHING.
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_secrets').ifExists().execute();
  await db.schema.dropTable('pick_reminders').ifExists().execute();
  await db.schema.dropTable('fixture_jobs').ifExists().execute();
  await db.schema.dropTable('player_selections').ifExists().execute();
  await db.schema.dropTable('league_selections').ifExists().execute();
}
