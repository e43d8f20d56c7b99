import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Fixture statuses that are a result: the fixture was played out, washed out or abandoned. */
export const RESULT_STATUSES = ['completed', 'no_result', 'abandoned'] as const;

/**
 * The digest of a fixture's result as far as scoring sees it: its status, its result (type, winner,
 * margins, super over) and the derived scoring tables the re-score hook has just rebuilt (every
 * feature winner, every player's stat counts). Points in every league are a function of these and the
 * league's own settings and picks, so two imports with the same digest score the same; a correction
 * that changes anybody's points changes the digest. `f` and `r` are the aliases of the `fixtures` row
 * and its left-joined `fixture_results` row.
 */
export function resultDigestSql(f: string, r: string) {
  const fc = (c: string) => sql.ref(`${f}.${c}`);
  const rc = (c: string) => sql`coalesce(${sql.ref(`${r}.${c}`)}::text, '-')`;
  return sql<string>`md5(concat_ws('|', ${fc('status')}, ${rc('result_type')}, ${rc('winner_team_id')},
    ${rc('won_by_runs')}, ${rc('won_by_wickets')}, ${rc('super_over_winner_team_id')},
    coalesce((SELECT string_agg(w.feature_id || ':' || w.entity_type || ':' || w.entity_id, ','
                ORDER BY w.feature_id, w.entity_type, w.entity_id)
              FROM fixture_feature_winners w WHERE w.fixture_id = ${fc('id')}), ''),
    coalesce((SELECT string_agg(c.player_id || ':' || c.feature_id || ':' || c.count, ','
                ORDER BY c.player_id, c.feature_id)
              FROM player_fixture_feature_counts c WHERE c.fixture_id = ${fc('id')}), '')))`;
}

/**
 * Queues the result emails of fixtures whose result may have changed: called by the re-score hook in
 * the transaction that changed it, after the derived tables were rebuilt. A fixture with a result gets
 * (or keeps) its row in `result_emails` with the digest of its result; `changed_at` moves only when the
 * digest changes, so a re-import that changes nothing leaves the row as it was and sends nothing, and
 * a burst of changes settles from the last one (the job waits for it: src/reminders/result-emails.ts).
 */
export async function queueResultEmails(trx: Kysely<DB>, fixtureIds: readonly number[]): Promise<void> {
  const ids = [...new Set(fixtureIds.map((id) => Math.trunc(id)))];
  if (ids.length === 0) return;
  const statuses = sql.join(RESULT_STATUSES.map((s) => sql.lit(s)));
  await sql`
    INSERT INTO result_emails AS q (fixture_id, digest)
    SELECT f.id, ${resultDigestSql('f', 'r')}
    FROM fixtures f LEFT JOIN fixture_results r ON r.fixture_id = f.id
    WHERE f.id IN (${sql.join(ids)}) AND f.status IN (${statuses})
    ON CONFLICT (fixture_id) DO UPDATE SET digest = excluded.digest, changed_at = now()
      WHERE q.digest <> excluded.digest`.execute(trx);
}
