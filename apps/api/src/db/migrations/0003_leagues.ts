import { type Kysely, sql } from 'kysely';

/** The system user that owns the automatic Daily Challenge leagues (cannot sign in: no valid hash). */
export const SYSTEM_USER_EMAIL = 'system@fantasycricket.invalid';

/**
 * Leagues, their members, feature configuration and Player Selection counts (issue 4).
 * Every table hangs off `leagues` with ON DELETE CASCADE, so deleting a Draft league is one DELETE;
 * user references cascade too (docs/decisions/0004-account-deletion.md), and a trigger hands a deleted
 * admin's leagues to the longest-standing Approved member, or deletes the league when there is none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leagues')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('league_type', 'text', (c) => c.notNull().check(sql`league_type in ('MP', 'PS')`))
    .addColumn('is_private', 'boolean', (c) => c.notNull())
    .addColumn('show_others_picks', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('Draft').check(sql`status in ('Draft', 'Active', 'Finished')`),
    )
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
    .addColumn('stage_id', 'integer', (c) => c.references('stages.id').onDelete('set null'))
    .addColumn('match_day', 'date')
    .addColumn('admin_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('activated_at', 'timestamptz')
    .addCheckConstraint('leagues_description_len', sql`char_length(description) <= 1500`)
    .addCheckConstraint('leagues_public_mp', sql`is_private or league_type = 'MP'`)
    .execute();
  await db.schema.createIndex('leagues_admin_idx').on('leagues').column('admin_user_id').execute();
  await db.schema.createIndex('leagues_season_idx').on('leagues').columns(['season_id', 'stage_id']).execute();
  // One Daily Challenge per season and match day, however many API processes run the job.
  await sql`CREATE UNIQUE INDEX leagues_daily_challenge_key ON leagues (season_id, match_day) WHERE match_day IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('league_members')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('Pending', 'Approved', 'Rejected')`))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addUniqueConstraint('league_members_league_user_key', ['league_id', 'user_id'])
    .execute();
  await sql`CREATE UNIQUE INDEX league_members_display_name_key ON league_members (league_id, lower(display_name))`.execute(
    db,
  );
  await db.schema.createIndex('league_members_user_idx').on('league_members').column('user_id').execute();

  await db.schema
    .createTable('league_configurations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('feature_id', 'integer', (c) => c.notNull().references('features.id'))
    .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('league_configurations_league_feature_key', ['league_id', 'feature_id'])
    .execute();

  await db.schema
    .createTable('league_selection_configs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('league_id', 'integer', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('position_id', 'integer', (c) => c.notNull().references('positions.id'))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 0`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('league_selection_configs_league_position_key', ['league_id', 'position_id'])
    .execute();

  // A deleted admin's leagues go to the longest-standing Approved member; with none left, the league goes.
  await sql`
    CREATE FUNCTION leagues_on_admin_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE leagues l SET admin_user_id = m.user_id
      FROM (
        SELECT DISTINCT ON (league_id) league_id, user_id FROM league_members
        WHERE status = 'Approved' AND user_id <> OLD.id
        ORDER BY league_id, joined_at, id
      ) m
      WHERE l.admin_user_id = OLD.id AND m.league_id = l.id;
      DELETE FROM leagues WHERE admin_user_id = OLD.id;
      RETURN OLD;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_leagues_admin_delete BEFORE DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION leagues_on_admin_delete()`.execute(db);

  // Owner of the Daily Challenge leagues: verified (no verification mail), but no password can match '!'.
  await sql`INSERT INTO users (first_name, last_name, email, password_hash, email_verified_at, created_at)
    VALUES ('Fantasy', 'Cricket', ${SYSTEM_USER_EMAIL}, '!', now(), now())
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS users_leagues_admin_delete ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS leagues_on_admin_delete()`.execute(db);
  await db.schema.dropTable('league_selection_configs').ifExists().execute();
  await db.schema.dropTable('league_configurations').ifExists().execute();
  await db.schema.dropTable('league_members').ifExists().execute();
  await db.schema.dropTable('leagues').ifExists().execute();
  await sql`DELETE FROM users WHERE email = ${SYSTEM_USER_EMAIL}`.execute(db);
}
