import { type Kysely, sql } from 'kysely';

/**
 * The operator console (issue 18, docs/decisions/0025-operator-console.md):
 * - `operators`: who may run the site's seasons (separate from league admins), granted and revoked by
 *   the CLI or by another operator;
 * - `audit_log`: every operator action — who (a user, or the CLI as `actor_label`), what, on what, when,
 *   and the object before and after;
 * - `import_runs` and `import_run_lines`: the import history — every schedule, squads, results and
 *   Cricsheet import from the console, the CLI or the scheduled fetch, with one line per row or match.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE operators (
    user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    granted_at timestamptz NOT NULL DEFAULT now(),
    granted_by integer REFERENCES users(id) ON DELETE SET NULL,
    granted_by_label text NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE audit_log (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    actor_user_id integer REFERENCES users(id) ON DELETE SET NULL,
    actor_label text NOT NULL,
    action text NOT NULL,
    target text NOT NULL,
    before jsonb,
    after jsonb
  )`.execute(db);
  await sql`CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC)`.execute(db);
  await sql`CREATE TABLE import_runs (
    id serial PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('schedule', 'squads', 'cricsheet', 'results', 'result', 'fetch')),
    trigger text NOT NULL CHECK (trigger IN ('console', 'cli', 'schedule')),
    source text NOT NULL,
    started_by integer REFERENCES users(id) ON DELETE SET NULL,
    started_by_label text NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    outcome text NOT NULL CHECK (outcome IN ('running', 'succeeded', 'partial', 'failed', 'not_modified')),
    counts jsonb NOT NULL DEFAULT '{}'::jsonb,
    message text,
    rescored_fixture_ids jsonb NOT NULL DEFAULT '[]'::jsonb
  )`.execute(db);
  await sql`CREATE INDEX import_runs_started ON import_runs (started_at DESC, id DESC)`.execute(db);
  await sql`CREATE TABLE import_run_lines (
    run_id integer NOT NULL REFERENCES import_runs(id) ON DELETE CASCADE,
    line_no integer NOT NULL,
    key text NOT NULL,
    status text NOT NULL,
    fixture_id integer REFERENCES fixtures(id) ON DELETE SET NULL,
    reason text,
    path text,
    before jsonb,
    after jsonb,
    PRIMARY KEY (run_id, line_no)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS import_run_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS import_runs`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
  await sql`DROP TABLE IF EXISTS operators`.execute(db);
}
