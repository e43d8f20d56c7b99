import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { queueEmailOnce } from '../email/outbox';
import { pickReminderEmail, type ReminderFixture } from '../email/templates';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { unsubscribeKey, unsubscribeToken } from '../email/unsubscribe-token';

export interface ReminderSettings {
  appUrl: string;
  /**
   * The reminder window (REMINDER_WINDOW_HOURS): a fixture is reminded while it starts within this many
   * hours of `now`, and a member gets at most one reminder email per this many hours.
   */
  windowHours: number;
}

export interface RemindersResult {
  /** Emails queued by this run. */
  sent: number;
}

interface Missing {
  user_id: number;
  email: string;
  first_name: string;
  fixture_id: number;
  fixture_name: string;
  start_time: Date | string;
  home: string;
  visitor: string;
  league_name: string;
}

/**
 * dedupe_key of a reminder email: the member and the soonest fixture it lists. A fixture is reminded
 * to a member once ever (pick_reminders), so no two reminders of a member share it.
 */
export const reminderDedupeKey = (userId: number, fixtureId: number) => `pick_reminder:${userId}:${fixtureId}`;

/** pg_advisory_xact_lock(key, user id) of a member's reminder ("FCPR"): one run at a time decides it. */
const REMINDER_LOCK = 0x46435052;

/**
 * Pick reminders ("Picks missing"), run by the pick jobs' timer with the time `now` (docs/decisions/
 * 0033-pick-reminder-digest.md). A member — reminder emails on, verified address — gets at most one
 * email per reminder window W, listing every fixture of theirs that starts within W of `now`, is still
 * missing picks in one or more of their Active leagues, and was never reminded to them before; soonest
 * lock first, each with its leagues. A member is not reminded of a fixture whose reminder time
 * (its start minus W) came before their membership began (approved, or joined a public league): they
 * joined with the fixture already in view, so joining a Daily Challenge or being approved into a league
 * sends nothing for the fixtures about to start.
 *
 * Once per member and window, however many processes run it: per member, one transaction takes an
 * advisory lock on the member, checks again that no reminder went out within W (`pick_reminders.sent_at`,
 * the run's `now`), claims each listed fixture in `pick_reminders` (primary key user + fixture: never
 * twice) and queues the email (unique dedupe_key), all or nothing.
 */
export async function runReminders(
  db: Kysely<DB>,
  settings: ReminderSettings,
  now: Date = new Date(),
): Promise<RemindersResult> {
  const windowMs = settings.windowHours * 3_600_000;
  const until = new Date(now.getTime() + windowMs);
  const since = new Date(now.getTime() - windowMs);
  const window = sql`${windowMs} * interval '1 millisecond'`;
  const { rows } = await sql<Missing>`
    SELECT u.id AS user_id, u.email, u.first_name, f.id AS fixture_id, f.name AS fixture_name, f.start_time,
           h.code AS home, v.code AS visitor, l.name AS league_name
    FROM fixtures f
    JOIN teams h ON h.id = f.local_team_id
    JOIN teams v ON v.id = f.visitor_team_id
    JOIN leagues l ON ${leagueFixtureCondition('l', 'f')} AND l.status = 'Active'
    JOIN league_members m ON m.league_id = l.id AND m.status = 'Approved'
      AND coalesce(m.decided_at, m.joined_at) <= f.start_time - ${window}
    JOIN users u ON u.id = m.user_id AND u.missing_pick_notification AND u.email_verified_at IS NOT NULL
    WHERE f.status = 'scheduled'
      AND f.start_time > ${now.toISOString()}::timestamptz AND f.start_time <= ${until.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM pick_reminders r WHERE r.user_id = u.id AND r.fixture_id = f.id)
      AND NOT EXISTS (SELECT 1 FROM pick_reminders r WHERE r.user_id = u.id
                        AND r.sent_at > ${since.toISOString()}::timestamptz)
      AND CASE WHEN l.league_type = 'MP' THEN
        (SELECT count(*) FROM league_configurations c WHERE c.league_id = l.id AND c.is_active)
        > (SELECT count(*) FROM league_selections s JOIN league_configurations c ON c.id = s.league_configuration_id
           WHERE s.league_id = l.id AND s.user_id = u.id AND s.fixture_id = f.id AND c.is_active)
      ELSE
        (SELECT coalesce(sum(c.count), 0) FROM league_selection_configs c WHERE c.league_id = l.id AND c.is_active)
        > (SELECT count(*) FROM player_selections s JOIN league_selection_configs c
             ON c.league_id = s.league_id AND c.position_id = s.position_id AND c.is_active
           WHERE s.league_id = l.id AND s.user_id = u.id AND s.fixture_id = f.id AND s.position_order <= c.count)
      END
    ORDER BY u.id, f.start_time, f.id, l.name, l.id`.execute(db);
  if (rows.length === 0) return { sent: 0 };

  // Per member: their fixtures in start order, each with its leagues (the rows are in that order).
  const members = new Map<number, { email: string; firstName: string; fixtures: Map<number, Missing[]> }>();
  for (const r of rows) {
    let member = members.get(r.user_id);
    if (!member) {
      member = { email: r.email, firstName: r.first_name, fixtures: new Map() };
      members.set(r.user_id, member);
    }
    member.fixtures.set(r.fixture_id, [...(member.fixtures.get(r.fixture_id) ?? []), r]);
  }

  const key = await unsubscribeKey(db);
  let sent = 0;
  for (const [userId, member] of members) {
    const queued = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${REMINDER_LOCK}, ${userId})`.execute(trx);
      const recent = await trx
        .selectFrom('pick_reminders')
        .select('fixture_id')
        .where('user_id', '=', userId)
        .where('sent_at', '>', since)
        .executeTakeFirst();
      if (recent) return false;
      const claimed = await trx
        .insertInto('pick_reminders')
        .values(
          [...member.fixtures.keys()].map((fixtureId) => ({ user_id: userId, fixture_id: fixtureId, sent_at: now })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'fixture_id']).doNothing())
        .returning('fixture_id')
        .execute();
      const ids = new Set(claimed.map((c) => c.fixture_id));
      const fixtures: ReminderFixture[] = [];
      let firstId: number | undefined;
      for (const [fixtureId, leagues] of member.fixtures) {
        if (!ids.has(fixtureId)) continue;
        const f = leagues[0]!;
        firstId ??= fixtureId;
        fixtures.push({
          label: `${f.fixture_name} - ${f.visitor} @ ${f.home}`,
          locksAt: new Date(f.start_time),
          leagues: leagues.map((l) => l.league_name),
        });
      }
      if (firstId === undefined) return false;
      const message = pickReminderEmail(member.email, member.firstName, {
        fixtures,
        picksLink: `${settings.appUrl}/home/my-predictions`,
        unsubscribeLink: `${settings.appUrl}/unsubscribe?token=${unsubscribeToken(key, userId)}`,
      });
      return queueEmailOnce(trx, message, reminderDedupeKey(userId, firstId));
    });
    if (queued) sent += 1;
  }
  return { sent };
}
