/** The `email` a failed verification may carry (so the screen can offer a resend). */
export function emailFromBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  const { email } = body;
  return typeof email === 'string' && email.length > 0 ? email : undefined;
}

/** What a page sends along to /login (router state, never the address): the email to fill in. */
export interface LoginState {
  email: string;
}

/** The email handed to /login by the page that sent the person there (verify-email), if any. */
export function emailFromLoginState(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  const { email } = state;
  return typeof email === 'string' ? email : '';
}
