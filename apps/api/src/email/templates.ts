import { emailMessages, formatEtMinutes } from '@fantasy-cricket/rules';
import type { EmailMessage } from './outbox';
import { oneLine } from './text';

/*
 * Every value from data that a template puts into a subject or a line of its text (a first name, a
 * fixture's label, a league's name, a result) goes through `oneLine` first: whatever the database
 * holds, a message has the lines and the subject its template gives it.
 */

const SIGN_OFF = 'Cheers,\nThe Fantasy Cricket team';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A plain, readable HTML version of the text: paragraphs, then `list` (HTML, e.g. a <ul>), the link as a
 * button-ish anchor, the paragraphs `after`, the sign-off and `footer` (HTML).
 */
function html(
  paragraphs: string[],
  link?: { href: string; label: string },
  after: string[] = [],
  parts: { list?: string; footer?: string } = {},
): string {
  const para = (list: string[]) => list.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const body = parts.list ? `${para(paragraphs)}\n${parts.list}` : para(paragraphs);
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#1b5e20;color:#ffffff;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>\n<p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.href)}</p>`
    : '';
  const footer = parts.footer ? `\n${parts.footer}` : '';
  return `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n${body}\n${button}\n${para(after)}\n<p>${escapeHtml(SIGN_OFF).replace(/\n/g, '<br>')}</p>${footer}\n</body></html>`;
}

function hours(ms: number): string {
  const h = Math.round(ms / 3_600_000);
  return h === 1 ? '1 hour' : `${h} hours`;
}

export function verificationEmail(to: string, firstName: string, link: string, validForMs: number): EmailMessage {
  const intro = `Hi ${oneLine(firstName)},`;
  const p1 =
    'Thanks for signing up for Fantasy Cricket! Please confirm your email address so you can sign in and start picking your teams.';
  const p2 = `This link works for ${hours(validForMs)}. If you did not create an account, you can safely ignore this email.`;
  return {
    to,
    kind: 'verify_email',
    subject: 'Confirm your email for Fantasy Cricket',
    text: `${intro}\n\n${p1}\n\nConfirm your email: ${link}\n\n${p2}\n\n${SIGN_OFF}\n`,
    html: html([intro, p1], { href: link, label: 'Confirm my email' }, [p2]),
  };
}

export function passwordResetEmail(to: string, firstName: string, link: string, validForMs: number): EmailMessage {
  const intro = `Hi ${oneLine(firstName)},`;
  const p1 =
    'We received a request to reset the password of your Fantasy Cricket account. Choose a new password with the link below.';
  const p2 = `This link works for ${hours(validForMs)} and only once. If you did not ask for a new password, ignore this email: your password stays as it is.`;
  return {
    to,
    kind: 'reset_password',
    subject: 'Reset your Fantasy Cricket password',
    text: `${intro}\n\n${p1}\n\nReset your password: ${link}\n\n${p2}\n\n${SIGN_OFF}\n`,
    html: html([intro, p1], { href: link, label: 'Choose a new password' }, [p2]),
  };
}

export function contactForwardEmail(
  supportAddress: string,
  from: { name: string; email: string; message: string; userId: number | null; messageId: number },
): EmailMessage {
  const sender = { ...from, name: oneLine(from.name), email: oneLine(from.email) };
  const who = `${sender.name} <${sender.email}>${sender.userId ? ` (user #${sender.userId})` : ' (not signed in)'}`;
  const text = `New message from the contact form (#${sender.messageId}).\n\nFrom: ${who}\n\n${sender.message}\n\nReply to this email to answer ${sender.name} directly.\n`;
  return {
    to: supportAddress,
    kind: 'contact_forward',
    replyTo: sender.email,
    subject: `Contact form: message from ${sender.name}`,
    text,
    html: `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n<p>New message from the contact form (#${sender.messageId}).</p>\n<p><strong>From:</strong> ${escapeHtml(who)}</p>\n<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(sender.message)}</blockquote>\n<p>Reply to this email to answer ${escapeHtml(sender.name)} directly.</p>\n</body></html>`,
  };
}

/** The unsubscribe footer of the emails that "Get Reminder Emails" turns on and off (text, HTML). */
function remindersFooter(unsubscribeLink: string): { text: string; html: string } {
  return {
    text: `${emailMessages.remindersFooter} ${emailMessages.stopThem} ${unsubscribeLink}`,
    html: `<p style="font-size:13px;color:#555">${escapeHtml(emailMessages.remindersFooter)} <a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(emailMessages.unsubscribe)}</a></p>`,
  };
}

/** A short email with one action, ending with the reminders' unsubscribe footer. */
function actionEmail(
  to: string,
  kind: string,
  subject: string,
  firstName: string,
  paragraph: string,
  action: { href: string; label: string; text: string },
  unsubscribeLink: string,
): EmailMessage {
  const intro = `Hi ${oneLine(firstName)},`;
  const foot = remindersFooter(unsubscribeLink);
  return {
    to,
    kind,
    subject,
    text: `${intro}\n\n${paragraph}\n\n${action.text} ${action.href}\n\n${SIGN_OFF}\n\n${foot.text}\n`,
    html: html([intro, paragraph], { href: action.href, label: action.label }, [], { footer: foot.html }),
  };
}

/** One fixture of a pick reminder. */
export interface ReminderFixture {
  /** The fixture without its start: 'Match 12 - CSK @ MI'. */
  label: string;
  /** Its start time (picks lock then). */
  locksAt: Date;
  /** The member's leagues still missing picks for it. */
  leagues: readonly string[];
}

export interface PickReminder {
  /** Soonest lock first. */
  fixtures: readonly ReminderFixture[];
  picksLink: string;
  unsubscribeLink: string;
}

/** At most this many fixtures are listed one by one in a reminder; the rest are counted. */
export const REMINDER_LISTED_FIXTURES = 10;

/**
 * "Picks missing": one email listing every fixture of the reminder window for which the member still
 * has picks to make, across their leagues, soonest lock first, each with its lock time (to the minute:
 * demo fixtures start minutes apart) and the leagues concerned.
 */
export function pickReminderEmail(to: string, firstName: string, reminder: PickReminder): EmailMessage {
  const r = {
    ...reminder,
    fixtures: reminder.fixtures.map((f) => ({ ...f, label: oneLine(f.label), leagues: f.leagues.map(oneLine) })),
  };
  const t = emailMessages.pickReminder;
  const first = r.fixtures[0];
  const last = r.fixtures.at(-1);
  if (!first || !last) throw new Error('a pick reminder lists at least one fixture');
  const intro = `Hi ${oneLine(firstName)},`;
  const p1 = t.intro(r.fixtures.length);
  const listed = r.fixtures.slice(0, REMINDER_LISTED_FIXTURES);
  const rest = r.fixtures.length - listed.length;
  const more = rest > 0 ? t.more(rest, formatEtMinutes(last.locksAt)) : '';
  const item = (f: ReminderFixture) => ({
    head: t.fixture(formatEtMinutes(f.locksAt), f.label),
    leagues: t.leagues(f.leagues),
  });
  const textList = listed
    .map(item)
    .map((i) => `• ${i.head}\n  ${i.leagues}`)
    .join('\n');
  const htmlList = listed
    .map(item)
    .map(
      (i) =>
        `<li style="margin-bottom:6px"><strong>${escapeHtml(i.head)}</strong><br><span style="color:#555">${escapeHtml(i.leagues)}</span></li>`,
    )
    .join('\n');
  const foot = remindersFooter(r.unsubscribeLink);
  return {
    to,
    kind: 'pick_reminder',
    subject: t.subject(r.fixtures.length, formatEtMinutes(first.locksAt)),
    text: `${intro}\n\n${p1}\n\n${textList}${more ? `\n${more}` : ''}\n\n${t.actionText} ${r.picksLink}\n\n${t.locks}\n\n${SIGN_OFF}\n\n${foot.text}\n`,
    html: html([intro, p1], { href: r.picksLink, label: t.action }, [t.locks], {
      list: `<ul style="padding-left:20px">\n${htmlList}\n</ul>${more ? `\n<p>${escapeHtml(more)}</p>` : ''}`,
      footer: foot.html,
    }),
  };
}

/** To a private league's admin: someone asked to join it. */
export function joinRequestEmail(
  to: string,
  adminFirstName: string,
  r: { displayName: string; fullName: string; leagueName: string; membersLink: string; unsubscribeLink: string },
): EmailMessage {
  const t = emailMessages.joinRequest;
  const [name, fullName, league] = [oneLine(r.displayName), oneLine(r.fullName), oneLine(r.leagueName)];
  return actionEmail(
    to,
    'join_request',
    t.subject(name, league),
    adminFirstName,
    t.body(name, fullName, league),
    { href: r.membersLink, label: t.action, text: t.actionText },
    r.unsubscribeLink,
  );
}

/** To the member whose join request the admin approved or rejected. */
export function joinDecisionEmail(
  to: string,
  firstName: string,
  r: { approved: boolean; leagueName: string; link: string; unsubscribeLink: string },
): EmailMessage {
  const t = r.approved ? emailMessages.joinApproved : emailMessages.joinRejected;
  return actionEmail(
    to,
    r.approved ? 'join_approved' : 'join_rejected',
    t.subject(oneLine(r.leagueName)),
    firstName,
    t.body(oneLine(r.leagueName)),
    { href: r.link, label: t.action, text: t.actionText },
    r.unsubscribeLink,
  );
}

/** One league of a result email: the member's points for the fixture and their place after it. */
export interface ResultLeague {
  leagueName: string;
  /** False when the fixture scores nothing (no result, abandoned): points are 0 and ranks do not move. */
  scored: boolean;
  points: number;
  /** The member's total in the league, this fixture included. */
  total: number;
  rank: number;
  /** Approved members ranked in the league. */
  members: number;
  /**
   * Places gained by this result (negative: lost): the rank without the fixture minus the rank with it;
   * null when the member had no standing before it (no other fixture of theirs scored): no change is told.
   */
  rankChange: number | null;
  /** The Leaderboard with this league chosen and the member's score details open at the fixture. */
  link: string;
}

export interface ResultNotice {
  fixtureLabel: string;
  /** How the match ended, in a sentence ('Chennai Super Kings won by 6 wickets.'). */
  result: string;
  /** The fixture's result was emailed before and has changed since. */
  correction: boolean;
  leagues: readonly ResultLeague[];
  unsubscribeLink: string;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const formatPoints = (p: number) => (Number.isInteger(p) ? String(p) : String(Math.round(p * 100) / 100));

/** 'up 2 places', 'down 1 place', 'no change'. */
export function rankChangeText(change: number): string {
  if (change === 0) return 'no change';
  const n = Math.abs(change);
  return `${change > 0 ? 'up' : 'down'} ${n} ${n === 1 ? 'place' : 'places'}`;
}

/** One league's line of a result email, without the link. */
export function resultLeagueLine(l: ResultLeague): string {
  const points = l.scored
    ? `${formatPoints(l.points)} ${Math.abs(l.points) === 1 ? 'point' : 'points'} for this match`
    : 'no points for this match';
  const change = l.rankChange === null ? '' : ` (${rankChangeText(l.rankChange)})`;
  return `${oneLine(l.leagueName)}: ${points}. You are ${ordinal(l.rank)} of ${l.members} with ${formatPoints(l.total)} points${change}.`;
}

/**
 * A fixture's result landed (or was corrected): one email per member, listing each of their leagues
 * that counts the fixture, with a link to the score details of each.
 */
export function resultEmail(to: string, firstName: string, notice: ResultNotice): EmailMessage {
  const r = { ...notice, fixtureLabel: oneLine(notice.fixtureLabel), result: oneLine(notice.result) };
  const intro = `Hi ${oneLine(firstName)},`;
  const p1 = r.correction
    ? `The result of ${r.fixtureLabel} has been corrected: ${r.result} Your points and ranks below replace those in our earlier email.`
    : `The result of ${r.fixtureLabel} is in: ${r.result}`;
  const foot = `You get this email because reminder emails are on in your profile. Stop them: ${r.unsubscribeLink}`;
  const textLeagues = r.leagues.map((l) => `• ${resultLeagueLine(l)}\n  Score details: ${l.link}`).join('\n');
  const htmlLeagues = r.leagues
    .map(
      (l) =>
        `<li style="margin-bottom:8px">${escapeHtml(resultLeagueLine(l))}<br><a href="${escapeHtml(l.link)}">See the score details</a></li>`,
    )
    .join('\n');
  return {
    to,
    kind: r.correction ? 'result_correction' : 'result',
    subject: `${r.correction ? 'Corrected result' : 'Result'}: ${r.fixtureLabel}`,
    text: `${intro}\n\n${p1}\n\n${textLeagues}\n\n${SIGN_OFF}\n\n${foot}\n`,
    html: `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n<p>${escapeHtml(intro)}</p>\n<p>${escapeHtml(p1)}</p>\n<ul style="padding-left:20px">\n${htmlLeagues}\n</ul>\n<p>${escapeHtml(SIGN_OFF).replace(/\n/g, '<br>')}</p>\n<p style="font-size:13px;color:#555">You get this email because reminder emails are on in your profile. <a href="${escapeHtml(r.unsubscribeLink)}">Unsubscribe</a></p>\n</body></html>`,
  };
}
