import { type Kysely, sql } from 'kysely';

/**
 * A league's admin may read it whether or not they are a member, so a change of admin (a hand-over, a
 * deleted admin's leagues moved on) and a deleted league change who may read it as much as a
 * membership does: they now send the same `m<user id>` notification (migration 0007) for the old admin
 * and, on a hand-over, the new one. Live streams drop a league their user may no longer read on it
 * (src/live/hub.ts); My Leagues drops the user's cached answer, as for any membership change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION leagues_admin_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('fc_' || TG_TABLE_SCHEMA, 'm' || OLD.admin_user_id);
      IF TG_OP = 'UPDATE' THEN PERFORM pg_notify('fc_' || TG_TABLE_SCHEMA, 'm' || NEW.admin_user_id); END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER leagues_admin_changed AFTER UPDATE OF admin_user_id ON leagues
    FOR EACH ROW WHEN (OLD.admin_user_id IS DISTINCT FROM NEW.admin_user_id)
    EXECUTE FUNCTION leagues_admin_notify()`.execute(db);
  await sql`CREATE TRIGGER leagues_deleted_notify AFTER DELETE ON leagues
    FOR EACH ROW EXECUTE FUNCTION leagues_admin_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS leagues_deleted_notify ON leagues`.execute(db);
  await sql`DROP TRIGGER IF EXISTS leagues_admin_changed ON leagues`.execute(db);
  await sql`DROP FUNCTION IF EXISTS leagues_admin_notify()`.execute(db);
}
