import { fixtureLabel } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { queueEmailsOnce } from '../email/outbox';
import { type ResultLeague, resultEmail } from '../email/templates';
import { loadLeague } from '../leagues/access';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { inStandingsWindowSql, isOwnFixture, rankByPoints } from '../standings/points';
import { standingsData } from '../standings/standings';
import { unsubscribeKey, unsubscribeToken } from '../email/unsubscribe-token';

export interface ResultEmailSettings {
  appUrl: string;
  /**
   * A fixture is emailed once its result has not changed for this long (RESULT_EMAIL_DELAY_MS), so a
   * burst of imports, or a result corrected straight after it landed, is one email. Tests use 0.
   */
  delayMs: number;
  /** At most this many fixtures per run (the rest wait for the next run). */
  batchSize?: number;
  /** A fixture that could not be done (it stays due and is tried again next run; the others go on). */
  onError?: (fixtureId: number, err: unknown) => void;
}

export interface ResultEmailsResult {
  /** Fixtures whose result this run settled (emails queued, or nobody to tell). */
  fixtures: number;
  /** Emails queued by this run. */
  sent: number;
  /** Fixtures that failed this run (left due). */
  failed: number;
}

/** dedupe_key of a result email: one per user, fixture and result (digest), ever. */
export const resultEmailDedupeKey = (userId: number, fixtureId: number, digest: string) =>
  `result:${userId}:${fixtureId}:${digest}`;

/** The Leaderboard, with that league chosen and the member's score details open at that fixture. */
export const scoreDetailsLink = (appUrl: string, leagueId: number, fixtureId: number) =>
  `${appUrl}/home/view-leaderboard?league=${leagueId}&fixture=${fixtureId}`;

interface Due {
  fixture_id: number;
  digest: string;
}

interface FixtureInfo {
  id: number;
  name: string;
  start_time: Date | string;
  status: string;
  home: string;
  visitor: string;
  result_type: string | null;
  winner: string | null;
  won_by_runs: number | null;
  won_by_wickets: number | null;
  method: string | null;
  super_over_winner: string | null;
}

interface Recipient {
  league_id: number;
  user_id: number;
  email: string;
  first_name: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** How the match ended, in a sentence. */
export function resultSentence(f: FixtureInfo): string {
  if (f.status === 'abandoned') return 'The match was abandoned.';
  if (f.status === 'no_result' || f.result_type === 'no_result') return 'The match ended with no result.';
  if (f.result_type === 'tie') {
    return f.super_over_winner
      ? `The match was tied; ${f.super_over_winner} won the super over.`
      : 'The match was tied.';
  }
  if (!f.winner) return 'The match is over.';
  const margin = f.won_by_runs
    ? ` by ${plural(f.won_by_runs, 'run')}`
    : f.won_by_wickets
      ? ` by ${plural(f.won_by_wickets, 'wicket')}`
      : '';
  return `${f.winner} won${margin}${f.method ? ` (${f.method})` : ''}.`;
}

async function fixtureInfo(db: Kysely<DB>, fixtureId: number): Promise<FixtureInfo | undefined> {
  const { rows } = await sql<FixtureInfo>`
    SELECT f.id, f.name, f.start_time, f.status, h.code AS home, v.code AS visitor,
           r.result_type, w.name AS winner, r.won_by_runs, r.won_by_wickets, r.method, so.name AS super_over_winner
    FROM fixtures f
    JOIN teams h ON h.id = f.local_team_id
    JOIN teams v ON v.id = f.visitor_team_id
    LEFT JOIN fixture_results r ON r.fixture_id = f.id
    LEFT JOIN teams w ON w.id = r.winner_team_id
    LEFT JOIN teams so ON so.id = r.super_over_winner_team_id
    WHERE f.id = ${fixtureId}`.execute(db);
  return rows[0];
}

/**
 * Who is told about a fixture's result: every user with reminder emails on and a verified address
 * (the pick reminders' rule, src/reminders/reminders.ts) who is an Approved member of a league that
 * covers the fixture and counts it in its standings (its standings window, decision 0021). The league
 * is Active, or Finished — a league turns Finished as its last fixture starts, before that fixture's
 * result lands; Draft leagues have no standings.
 */
async function recipients(db: Kysely<DB>, fixtureId: number): Promise<Recipient[]> {
  const { rows } = await sql<Recipient>`
    SELECT l.id AS league_id, u.id AS user_id, u.email, u.first_name
    FROM fixtures f
    JOIN leagues l ON ${leagueFixtureCondition('l', 'f')} AND l.status IN ('Active', 'Finished')
      AND ${inStandingsWindowSql('l', 'f')}
    JOIN league_members m ON m.league_id = l.id AND m.status = 'Approved'
    JOIN users u ON u.id = m.user_id AND u.missing_pick_notification AND u.email_verified_at IS NOT NULL
    WHERE f.id = ${fixtureId}
    ORDER BY u.id, l.name, l.id`.execute(db);
  return rows;
}

/** Each member's line for one league: the fixture's points and the rank with and without it. */
async function leagueLines(
  db: Kysely<DB>,
  leagueId: number,
  fixtureId: number,
  link: string,
  now: Date,
): Promise<Map<number, ResultLeague>> {
  const league = await loadLeague(db, leagueId);
  // The standings code's own numbers: the leaderboard's totals and ranks (src/standings/standings.ts).
  const data = await standingsData(db, league, now);
  const scored = data.fixtures.some((f) => f.id === fixtureId);
  const totals = data.members.map((m) => {
    const byFixture = data.points.get(m.userId);
    let total = 0;
    if (byFixture) for (const f of data.fixtures) total += byFixture.get(f.id) ?? 0;
    const points = scored ? (byFixture?.get(fixtureId) ?? 0) : 0;
    return { userId: m.userId, total, points };
  });
  const after = rankByPoints(totals.map((t) => ({ key: t.userId, points: t.total })));
  const before = rankByPoints(totals.map((t) => ({ key: t.userId, points: t.total - t.points })));
  // A member has a rank to change from when another fixture of theirs is scored (the leaderboard's rule).
  const others = data.fixtures.filter((f) => f.id !== fixtureId);
  const out = new Map<number, ResultLeague>();
  for (const [i, t] of totals.entries()) {
    const member = data.members[i]!;
    const rank = after.get(t.userId) ?? 1;
    const hadStanding = others.some((f) => isOwnFixture(member, f, data.points.get(t.userId)));
    out.set(t.userId, {
      leagueName: league.name,
      scored,
      points: t.points,
      total: t.total,
      rank,
      members: data.members.length,
      rankChange: hadStanding ? (before.get(t.userId) ?? rank) - rank : null,
      link,
    });
  }
  return out;
}

/**
 * Result emails: for each fixture whose result landed or changed (queued by the re-score hook,
 * src/reminders/result-queue.ts) and has not changed for `delayMs`, every member who wants reminder
 * emails gets one email listing, for each of their leagues counting the fixture, their points for it,
 * their rank and its change, with a link to their score details. A later change of the result is a
 * correction and is emailed again, saying so.
 *
 * Once per result, however many processes run it: the standings are read first, then one transaction
 * claims the fixture's row (`sent_digest` := the digest the emails were computed for, only if the
 * result is still that one and not yet emailed) and queues the emails (unique dedupe_key per user,
 * fixture and digest). A run that loses the claim, or whose result moved on meanwhile, writes nothing.
 */
export async function runResultEmails(
  db: Kysely<DB>,
  settings: ResultEmailSettings,
  now: Date = new Date(),
): Promise<ResultEmailsResult> {
  const delayMs = Math.max(0, Math.trunc(settings.delayMs));
  const { rows: due } = await sql<Due>`
    SELECT fixture_id, digest FROM result_emails
    WHERE sent_digest IS DISTINCT FROM digest
      AND changed_at <= now() - ${delayMs} * interval '1 millisecond'
    ORDER BY changed_at, fixture_id
    LIMIT ${Math.max(1, settings.batchSize ?? 50)}`.execute(db);
  let fixtures = 0;
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    try {
      const queued = await emailFixture(db, settings, row, now);
      if (queued === undefined) continue;
      fixtures += 1;
      sent += queued;
    } catch (err) {
      failed += 1;
      settings.onError?.(row.fixture_id, err);
    }
  }
  return { fixtures, sent, failed };
}

/** One due fixture: its emails queued and its row claimed in one transaction; undefined when another run had it. */
async function emailFixture(
  db: Kysely<DB>,
  settings: ResultEmailSettings,
  row: Due,
  now: Date,
): Promise<number | undefined> {
  const f = await fixtureInfo(db, row.fixture_id);
  const people = await recipients(db, row.fixture_id);
  const byUser = new Map<number, { email: string; firstName: string; leagues: ResultLeague[] }>();
  const lines = new Map<number, Map<number, ResultLeague>>();
  for (const leagueId of new Set(people.map((p) => p.league_id))) {
    lines.set(
      leagueId,
      await leagueLines(db, leagueId, row.fixture_id, scoreDetailsLink(settings.appUrl, leagueId, row.fixture_id), now),
    );
  }
  for (const p of people) {
    const line = lines.get(p.league_id)?.get(p.user_id);
    if (!line) continue;
    const entry = byUser.get(p.user_id) ?? { email: p.email, firstName: p.first_name, leagues: [] };
    entry.leagues.push(line);
    byUser.set(p.user_id, entry);
  }
  const key = byUser.size > 0 ? await unsubscribeKey(db) : undefined;

  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .updateTable('result_emails')
      .set((eb) => ({ sent_digest: eb.ref('digest'), sent_at: new Date(), results_sent: eb('results_sent', '+', 1) }))
      .where('fixture_id', '=', row.fixture_id)
      .where('digest', '=', row.digest)
      .where(sql<boolean>`sent_digest IS DISTINCT FROM digest`)
      .returning('results_sent')
      .executeTakeFirst();
    if (!claim) return undefined;
    if (!f || byUser.size === 0 || !key) return 0;
    const correction = claim.results_sent > 1;
    const label = fixtureLabel({
      FixtureName: f.name,
      StartTime: new Date(f.start_time).toISOString(),
      LocalTeamCode: f.home,
      VisitorTeamCode: f.visitor,
    });
    const values = [...byUser].map(([userId, u]) => {
      const message = resultEmail(u.email, u.firstName, {
        fixtureLabel: label,
        result: resultSentence(f),
        correction,
        leagues: u.leagues,
        unsubscribeLink: `${settings.appUrl}/unsubscribe?token=${unsubscribeToken(key, userId)}`,
      });
      return { message, dedupeKey: resultEmailDedupeKey(userId, row.fixture_id, row.digest) };
    });
    return queueEmailsOnce(trx, values);
  });
}
