import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Fixture statuses that are a result: the fixture was played out, washed out or abandoned. */
export const RESULT_STATUSES = ['completed', 'no_result', 'abandoned'] as const;

/**
 * The digest of a fixture's result as it was reported: its status, its result (type, winner, margins,
 * method, super over), its player(s) of the match and every player's line of the scorecard. Two imports
 * with the same digest are the same result; a correction of any of these changes it. It is taken from
 * the match data, not from the derived scoring tables: those also move when a player's inferred
 * position changes (every import of a new match can move some), which re-scores past fixtures but is
 * no new result, and must not email every member a "corrected result" of old matches. `f` and `r` are
 * the aliases of the `fixtures` row and its left-joined `fixture_results` row.
 */
export function resultDigestSql(f: string, r: string) {
  const fc = (c: string) => sql.ref(`${f}.${c}`);
  const rc = (c: string) => sql`coalesce(${sql.ref(`${r}.${c}`)}::text, '-')`;
  return sql<string>`md5(concat_ws('|', ${fc('status')}, ${rc('result_type')}, ${rc('winner_team_id')},
    ${rc('won_by_runs')}, ${rc('won_by_wickets')}, ${rc('method')}, ${rc('super_over_winner_team_id')},
    coalesce((SELECT string_agg(pom.player_id::text, ',' ORDER BY pom.player_id)
              FROM fixture_player_of_match pom WHERE pom.fixture_id = ${fc('id')}), ''),
    coalesce((SELECT string_agg(concat_ws(':', s.player_id, s.team_id, s.did_play, s.batting_position, s.runs,
                s.balls, s.fours, s.sixes, s.dismissed, s.dismissal_kind, s.balls_bowled, s.maidens,
                s.runs_conceded, s.wickets, s.bowled_lbw_wickets, s.catches, s.stumpings, s.run_outs_direct,
                s.run_outs_indirect), ',' ORDER BY s.player_id)
              FROM player_fixture_stats s WHERE s.fixture_id = ${fc('id')}), '')))`;
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
