import { fixtureLabel } from '@fantasy-cricket/rules';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { pickReminderEmail } from '../email/templates';
import { leagueFixtureCondition } from '../leagues/fixtures';
import { unsubscribeKey, unsubscribeToken } from './unsubscribe-token';

export interface ReminderSettings {
  appUrl: string;
  /** Fixtures starting within this many hours of `now` get reminders. */
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
  league_name: string;
}

/** dedupe_key of the reminder email: one per user and fixture, ever. */
export const reminderDedupeKey = (userId: number, fixtureId: number) => `pick_reminder:${userId}:${fixtureId}`;

/**
 * Pick reminders: for each scheduled fixture starting within the window, every user with reminder
 * emails on and a verified address who is an Approved member of an Active league covering it and
 * still has picks to make there gets one email listing those leagues. One per user and fixture, ever:
 * the pick_reminders row (ON CONFLICT DO NOTHING) and the email (unique dedupe_key) are written in
 * one transaction, so concurrent runs in several API processes send one.
 */
export async function runReminders(
  db: Kysely<DB>,
  settings: ReminderSettings,
  now: Date = new Date(),
): Promise<RemindersResult> {
  const until = new Date(now.getTime() + settings.windowHours * 3_600_000);
  const fixtures = await db
    .selectFrom('fixtures as f')
    .innerJoin('teams as h', 'h.id', 'f.local_team_id')
    .innerJoin('teams as v', 'v.id', 'f.visitor_team_id')
    .select(['f.id', 'f.name', 'f.start_time', 'h.code as home', 'v.code as visitor'])
    .where('f.status', '=', 'scheduled')
    .where('f.start_time', '>', now)
    .where('f.start_time', '<=', until)
    .orderBy('f.start_time')
    .orderBy('f.id')
    .execute();
  if (fixtures.length === 0) return { sent: 0 };

  let key: Buffer | undefined;
  let sent = 0;
  for (const f of fixtures) {
    const { rows } = await sql<Missing>`
      SELECT u.id AS user_id, u.email, u.first_name, l.name AS league_name
      FROM fixtures f
      JOIN leagues l ON ${leagueFixtureCondition('l', 'f')} AND l.status = 'Active'
      JOIN league_members m ON m.league_id = l.id AND m.status = 'Approved'
      JOIN users u ON u.id = m.user_id AND u.missing_pick_notification AND u.email_verified_at IS NOT NULL
      WHERE f.id = ${f.id}
        AND NOT EXISTS (SELECT 1 FROM pick_reminders r WHERE r.user_id = u.id AND r.fixture_id = f.id)
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
      ORDER BY u.id, l.name, l.id`.execute(db);
    if (rows.length === 0) continue;
    key ??= await unsubscribeKey(db);
    const byUser = new Map<number, Missing[]>();
    for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    const label = fixtureLabel({
      FixtureName: f.name,
      StartTime: new Date(f.start_time).toISOString(),
      LocalTeamCode: f.home,
      VisitorTeamCode: f.visitor,
    });
    for (const [userId, leagues] of byUser) {
      const first = leagues[0]!;
      const message = pickReminderEmail(first.email, first.first_name, {
        fixtureLabel: label,
        leagues: leagues.map((l) => l.league_name),
        picksLink: `${settings.appUrl}/home/my-predictions`,
        unsubscribeLink: `${settings.appUrl}/unsubscribe?token=${unsubscribeToken(key, userId)}`,
      });
      const queued = await db.transaction().execute(async (trx) => {
        const claim = await trx
          .insertInto('pick_reminders')
          .values({ user_id: userId, fixture_id: f.id })
          .onConflict((oc) => oc.columns(['user_id', 'fixture_id']).doNothing())
          .returning('user_id')
          .executeTakeFirst();
        if (!claim) return false;
        const mail = await trx
          .insertInto('email_outbox')
          .values({
            to_address: message.to,
            subject: message.subject,
            text_body: message.text,
            html_body: message.html,
            reply_to: null,
            kind: message.kind,
            dedupe_key: reminderDedupeKey(userId, f.id),
          })
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        return mail !== undefined;
      });
      if (queued) sent += 1;
    }
  }
  return { sent };
}
