/**
 * Invite links to a private league: a link that opens Join a League on the Private League
 * side with the code filled in. The code stays the mechanism (spec section 1: private leagues have a
 * league code and an admin who approves join requests); the link only saves typing it.
 */

/** The query parameter of Join a League that carries an invite's code. */
export const INVITE_CODE_PARAM = 'code';
/** Longer than any league code: a pasted link with junk after the code is cut here. */
const CODE_MAX = 32;

/** `/home/join-league?isPublicLeague=false&code=…` on this origin. */
export function inviteLink(code: string, origin: string = window.location.origin): string {
  const params = new URLSearchParams({ isPublicLeague: 'false', [INVITE_CODE_PARAM]: code });
  return `${origin}/home/join-league?${params}`;
}

/** The code an opened invite link carries (trimmed, upper case), or '' when none. */
export function invitedCode(params: URLSearchParams): string {
  return (params.get(INVITE_CODE_PARAM) ?? '').trim().toUpperCase().slice(0, CODE_MAX);
}

/** The text shared with the link. */
export function inviteText(leagueName: string): string {
  return `Join my private league "${leagueName}" on Fantasy Cricket. I approve your request once you send it.`;
}

/** Whether this browser has the Web Share API for a link (phones, some desktops). */
export function canShareLink(url: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  return typeof navigator.canShare === 'function' ? navigator.canShare({ url }) : true;
}

/**
 * Opens the system share sheet. Resolves true when shared, false when the person closed the sheet
 * (AbortError); other failures throw.
 */
export async function shareLink(data: { title: string; text: string; url: string }): Promise<boolean> {
  try {
    await navigator.share(data);
    return true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return false;
    throw error;
  }
}

/**
 * Copies text to the clipboard: the Clipboard API where the page may use it (a secure context), else
 * the older selection copy (a plain-http address on a local network). Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
