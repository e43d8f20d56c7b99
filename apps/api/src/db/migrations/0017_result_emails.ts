import { type Kysely, sql } from 'kysely';

/**
 * Result emails (issue 18, docs/decisions/0028-result-emails.md): one row per fixture whose result
 * landed. The re-score hook writes the digest of the fixture's scoring result in the transaction that
 * changed it (moving `changed_at` only when the digest changes); the result-email job emails the
 * members once the row has settled and records the digest it emailed in `sent_digest`, in the same
 * transaction as the emails. A row is due while `digest` differs from `sent_digest`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE result_emails (
    fixture_id integer PRIMARY KEY REFERENCES fixtures(id) ON DELETE CASCADE,
    digest text NOT NULL,
    changed_at timestamptz NOT NULL DEFAULT now(),
    sent_digest text,
    sent_at timestamptz,
    results_sent integer NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE INDEX result_emails_due ON result_emails (changed_at)
    WHERE sent_digest IS DISTINCT FROM digest`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS result_emails`.execute(db);
}
