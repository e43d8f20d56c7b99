/**
 * An invite link opened while signed out: the /home guard sends the person to /landing
 * (spec section 2), so the link is remembered here and opened again once they have logged in — also
 * after signing up and verifying their email in another tab (localStorage, not sessionStorage).
 * Only a Join a League link with a code is remembered — or a result email's link to the Leaderboard
 * with a league and a fixture (docs/decisions/0028-result-emails.md), or a join-request email's link
 * to League Members with a league — for a day; sign-out clears it with the rest of the browser storage.
 */
const KEY = 'pendingInvite';
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether `path` (pathname + search) is an invite link worth remembering. */
export function isInvitePath(path: string): boolean {
  const url = new URL(path, 'http://x');
  return url.pathname === '/home/join-league' && (url.searchParams.get('code') ?? '').trim() !== '';
}

/** Whether `path` is a result email's link: the Leaderboard with a league and a fixture. */
export function isScoreDetailsPath(path: string): boolean {
  const url = new URL(path, 'http://x');
  const id = (name: string) => /^[1-9][0-9]{0,9}$/.test(url.searchParams.get(name) ?? '');
  return url.pathname === '/home/view-leaderboard' && id('league') && id('fixture');
}

/** Whether `path` is a join-request email's link: League Members with a league. */
export function isLeagueMembersPath(path: string): boolean {
  const url = new URL(path, 'http://x');
  return url.pathname === '/home/view-league-members' && /^[1-9][0-9]{0,9}$/.test(url.searchParams.get('league') ?? '');
}

const kept = (path: string) => isInvitePath(path) || isScoreDetailsPath(path) || isLeagueMembersPath(path);

export function rememberInvite(path: string, now = Date.now()): void {
  if (!kept(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // storage full or blocked: the person can open the link again
  }
}

/** Whether an unexpired invite link is waiting for the sign-in. */
export function hasPendingInvite(now = Date.now()): boolean {
  const path = readInvite(now);
  return path !== undefined && isInvitePath(path);
}

function readInvite(now: number): string | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > MAX_AGE_MS || now < at) return undefined;
    // Same-origin paths only: never an absolute or protocol-relative URL.
    return path.startsWith('/') && !path.startsWith('//') && kept(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The remembered invite link (then forgotten), or undefined. */
export function takeInvite(now = Date.now()): string | undefined {
  const path = readInvite(now);
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
  return path;
}
