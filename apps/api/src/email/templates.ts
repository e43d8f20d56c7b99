import type { EmailMessage } from './outbox';

const SIGN_OFF = 'Cheers,\nThe Fantasy Cricket team';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain, readable HTML version of the text: paragraphs, and the link as a button-ish anchor. */
function html(paragraphs: string[], link?: { href: string; label: string }, after: string[] = []): string {
  const para = (list: string[]) => list.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const body = para(paragraphs);
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#1b5e20;color:#ffffff;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>\n<p style="font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n${body}\n${button}\n${para(after)}\n<p>${escapeHtml(SIGN_OFF).replace(/\n/g, '<br>')}</p>\n</body></html>`;
}

function hours(ms: number): string {
  const h = Math.round(ms / 3_600_000);
  return h === 1 ? '1 hour' : `${h} hours`;
}

export function verificationEmail(to: string, firstName: string, link: string, validForMs: number): EmailMessage {
  const intro = `Hi ${firstName},`;
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
  const intro = `Hi ${firstName},`;
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
  sender: { name: string; email: string; message: string; userId: number | null; messageId: number },
): EmailMessage {
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

export interface PickReminder {
  /** The fixture as the spec labels it: 'Match 12 - MI @ CSK - 04/12 7 PM ET'. */
  fixtureLabel: string;
  /** Leagues in which picks are missing for the fixture. */
  leagues: readonly string[];
  picksLink: string;
  unsubscribeLink: string;
}

/** Reminder before a fixture starts: the member still has picks to make in one or more leagues. */
export function pickReminderEmail(to: string, firstName: string, r: PickReminder): EmailMessage {
  const intro = `Hi ${firstName},`;
  const p1 = `${r.fixtureLabel} starts soon and you still have picks to make in:`;
  const list = r.leagues.map((l) => `• ${l}`).join('\n');
  const p2 = 'Picks lock when the match starts.';
  const foot = `You get this email because reminder emails are on in your profile. Stop them: ${r.unsubscribeLink}`;
  return {
    to,
    kind: 'pick_reminder',
    subject: `Picks missing: ${r.fixtureLabel}`,
    text: `${intro}\n\n${p1}\n${list}\n\nMake your picks: ${r.picksLink}\n\n${p2}\n\n${SIGN_OFF}\n\n${foot}\n`,
    html: html([intro, p1, list], { href: r.picksLink, label: 'Make my picks' }, [p2]).replace(
      '</body></html>',
      `<p style="font-size:13px;color:#555">You get this email because reminder emails are on in your profile. <a href="${escapeHtml(r.unsubscribeLink)}">Unsubscribe</a></p>\n</body></html>`,
    ),
  };
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
  /** Places gained by this result (negative: lost): the rank without the fixture minus the rank with it. */
  rankChange: number;
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
  return `${l.leagueName}: ${points}. You are ${ordinal(l.rank)} of ${l.members} with ${formatPoints(l.total)} points (${rankChangeText(l.rankChange)}).`;
}

/**
 * A fixture's result landed (or was corrected): one email per member, listing each of their leagues
 * that counts the fixture, with a link to the score details of each.
 */
export function resultEmail(to: string, firstName: string, r: ResultNotice): EmailMessage {
  const intro = `Hi ${firstName},`;
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
