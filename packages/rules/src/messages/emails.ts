/**
 * Texts of the emails the server sends about leagues and picks (not in the spec). Kept apart from
 * `messages` so the web app's bundles do not carry them; the API's templates (apps/api/src/email/
 * templates.ts) and the tests read them from here.
 */
const fixtures = (n: number) => (n === 1 ? '1 fixture' : `${n} fixtures`);

export const emailMessages = {
  /** The line above the unsubscribe link of every email that reminder emails turn on and off. */
  remindersFooter: 'You get this email because reminder emails are on in your profile.',
  stopThem: 'Stop them:',
  unsubscribe: 'Unsubscribe',
  /** One "Picks missing" email: every fixture of the reminder window still missing picks, soonest first. */
  pickReminder: {
    subject: (count: number, firstLock: string) =>
      count === 1
        ? `Picks missing: 1 fixture, locks at ${firstLock}`
        : `Picks missing: ${count} fixtures, first locks at ${firstLock}`,
    intro: (count: number) => `You still have picks to make for ${fixtures(count)}, soonest first:`,
    fixture: (lock: string, label: string) => `${lock}: ${label}`,
    leagues: (names: readonly string[]) => `in ${names.join(', ')}`,
    more: (count: number, lastLock: string) =>
      `…and ${count} more ${count === 1 ? 'fixture' : 'fixtures'}, the last locking at ${lastLock}.`,
    locks: 'Picks lock when each match starts.',
    action: 'Make my picks',
    actionText: 'Make your picks:',
  },
  /** To the admin of a private league when someone asks to join it. */
  joinRequest: {
    subject: (displayName: string, league: string) => `${displayName} asked to join ${league}`,
    body: (displayName: string, fullName: string, league: string) =>
      `${displayName}${fullName ? ` (${fullName})` : ''} asked to join your private league ${league}. Approve or reject the request in League Members.`,
    action: 'Open League Members',
    actionText: 'Open League Members:',
  },
  /** To the member whose request the admin approved. */
  joinApproved: {
    subject: (league: string) => `You are in: ${league}`,
    body: (league: string) =>
      `The admin of ${league} approved your request to join. Your points count from the next fixture: make your picks before it starts.`,
    action: 'Make my picks',
    actionText: 'Make your picks:',
  },
  /** To the member whose request the admin rejected. */
  joinRejected: {
    subject: (league: string) => `Your request to join ${league} was not accepted`,
    body: (league: string) =>
      `The admin of ${league} did not accept your request to join. You can still start a league of your own, or join a public one such as a Daily Challenge.`,
    action: 'Join a League',
    actionText: 'Join a League:',
  },
} as const;
