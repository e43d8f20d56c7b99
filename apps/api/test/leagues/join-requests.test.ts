import { emailMessages } from '@fantasy-cricket/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinDecisionDedupeKey, joinRequestDedupeKey } from '../../src/leagues/members';
import { DB_TARGET } from '../db';
import type { SignedIn } from '../helpers';
import { createLeague, type LeagueWorld, person, startLeagueWorld } from './setup';

/**
 * Join requests are not silent: the admin of a private league is emailed when someone asks to join,
 * and sees how many requests wait (PendingRequests in their leagues list); the member is emailed the
 * decision. Both honour the "Get Reminder Emails" opt-out and its unsubscribe link.
 */
describe(`join requests: emails and the pending count on ${DB_TARGET}`, () => {
  let w: LeagueWorld;
  let admin: SignedIn;
  let league: { LeagueID: number; LeagueCode: string };
  const APP = 'http://app.test';

  beforeAll(async () => {
    w = await startLeagueWorld();
    admin = await person(w.t, 'Asha', 'Admin');
    const created = await createLeague(w, admin, { name: 'Friends League', isPrivate: true });
    league = { LeagueID: created.LeagueID, LeagueCode: created.LeagueCode };
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
  });

  const ask = async (who: SignedIn, displayName: string, code = league.LeagueCode) => {
    const res = await who.client.post('/api/league_member/joinLeague', {
      UserID: who.userId,
      LeagueCode: code,
      DisplayName: displayName,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { LeagueID: number; Status: string };
  };
  const memberId = async (userId: number) =>
    (
      await w.t.db
        .selectFrom('league_members')
        .select('id')
        .where('league_id', '=', league.LeagueID)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).id;
  const mailsByKey = (key: string) =>
    w.t.db.selectFrom('email_outbox').selectAll().where('dedupe_key', '=', key).execute();
  const pendingOf = async (who: SignedIn) => {
    const res = await who.client.get(`/api/league/userLeagues/${who.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().data as { LeagueID: number; PendingRequests?: number }[]).find(
      (l) => l.LeagueID === league.LeagueID,
    );
    return row && 'PendingRequests' in row ? row.PendingRequests : 'absent';
  };
  const decide = async (who: SignedIn, status: 'Approved' | 'Rejected') => {
    const res = await admin.client.post('/api/league_member/update_member_status', {
      LeagueMemberID: await memberId(who.userId),
      LeagueID: league.LeagueID,
      Status: status,
      AdminUserID: admin.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  let farid: SignedIn;
  let gita: SignedIn;

  it('emails the admin once per request, with a link to League Members for the league', async () => {
    expect(await pendingOf(admin)).toBe(0);
    farid = await person(w.t, 'Farid', 'Khan');
    expect((await ask(farid, 'Farid F')).Status).toBe('Pending');
    const [mail, ...more] = await mailsByKey(joinRequestDedupeKey(await memberId(farid.userId)));
    expect(more).toEqual([]);
    expect(mail!.to_address).toBe(admin.email);
    expect(mail!.kind).toBe('join_request');
    expect(mail!.subject).toBe('Farid F asked to join Friends League');
    expect(mail!.text_body).toContain('Hi Asha,');
    expect(mail!.text_body).toContain(emailMessages.joinRequest.body('Farid F', 'Farid Khan', 'Friends League'));
    expect(mail!.text_body).toContain(`${APP}/home/view-league-members?league=${league.LeagueID}`);
    expect(mail!.text_body).toMatch(/\/unsubscribe\?token=[0-9a-z]+\.[A-Za-z0-9_-]{43}/);
    // Delivered by the worker.
    const sent = (await w.t.sentMail()).filter((m) => m.to === admin.email && m.subject === mail!.subject);
    expect(sent).toHaveLength(1);
  });

  it('counts the requests waiting for the admin only, and updates the count after a decision', async () => {
    gita = await person(w.t, 'Gita', 'Rao');
    await ask(gita, 'Gita G');
    expect(await pendingOf(admin)).toBe(2);
    // Not in the answer for anyone else (the requester sees their own Pending league without it).
    expect(await pendingOf(farid)).toBe('absent');
    const single = await admin.client.get(`/api/league/${league.LeagueID}`);
    expect(single.json().PendingRequests).toBe(2);
    expect((await farid.client.get(`/api/league/${league.LeagueID}`)).json()).not.toHaveProperty('PendingRequests');
    await decide(farid, 'Approved');
    expect(await pendingOf(admin)).toBe(1);
    expect(await pendingOf(farid)).toBe('absent');
    await decide(gita, 'Rejected');
    expect(await pendingOf(admin)).toBe(0);
  });

  it('emails the member the decision, once: approved with a link to make picks, rejected kindly', async () => {
    const [approved, ...a] = await mailsByKey(joinDecisionDedupeKey(await memberId(farid.userId)));
    expect(a).toEqual([]);
    expect(approved).toMatchObject({
      to_address: farid.email,
      kind: 'join_approved',
      subject: emailMessages.joinApproved.subject('Friends League'),
    });
    expect(approved!.text_body).toContain('Hi Farid,');
    expect(approved!.text_body).toContain(`${APP}/home/my-predictions`);
    const [rejected, ...r] = await mailsByKey(joinDecisionDedupeKey(await memberId(gita.userId)));
    expect(r).toEqual([]);
    expect(rejected).toMatchObject({
      to_address: gita.email,
      kind: 'join_rejected',
      subject: emailMessages.joinRejected.subject('Friends League'),
    });
    expect(rejected!.text_body).toContain(`${APP}/home/join-league?isPublicLeague=true`);
    // A second decision on the same request is refused and sends nothing.
    const again = await admin.client.post('/api/league_member/update_member_status', {
      LeagueMemberID: await memberId(farid.userId),
      LeagueID: league.LeagueID,
      Status: 'Rejected',
      AdminUserID: admin.userId,
    });
    expect(again.statusCode).toBe(400);
    expect(await mailsByKey(joinDecisionDedupeKey(await memberId(farid.userId)))).toHaveLength(1);
  });

  it('honours the opt-out: the unsubscribe link in the email stops the next ones, for the admin and the member', async () => {
    const [mail] = await mailsByKey(joinRequestDedupeKey(await memberId(farid.userId)));
    const token = /\/unsubscribe\?token=([0-9a-z]+\.[A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
    expect((await w.t.client().post('/api/user/unsubscribe', { token })).statusCode).toBe(200);
    const hari = await person(w.t, 'Hari', 'Lal');
    await ask(hari, 'Hari H');
    expect(await mailsByKey(joinRequestDedupeKey(await memberId(hari.userId)))).toEqual([]);
    expect(await pendingOf(admin)).toBe(1);
    // Hari turned reminder emails off in his profile: no email about the decision either.
    await w.t.db.updateTable('users').set({ missing_pick_notification: false }).where('id', '=', hari.userId).execute();
    await decide(hari, 'Approved');
    expect(await mailsByKey(joinDecisionDedupeKey(await memberId(hari.userId)))).toEqual([]);
  });

  it('sends nothing when someone joins a public league (no request to decide)', async () => {
    const open = await createLeague(w, admin, { name: 'Open League', isPrivate: false });
    await w.t.db.updateTable('users').set({ missing_pick_notification: true }).where('id', '=', admin.userId).execute();
    const before = await w.t.db.selectFrom('email_outbox').select('id').where('to_address', '=', admin.email).execute();
    const ivy = await person(w.t, 'Ivy', 'Ng');
    expect((await ask(ivy, 'Ivy I', open.LeagueCode)).Status).toBe('Approved');
    const after = await w.t.db.selectFrom('email_outbox').select('id').where('to_address', '=', admin.email).execute();
    expect(after).toHaveLength(before.length);
  });
});
