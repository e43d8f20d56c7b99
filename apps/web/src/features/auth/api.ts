import { api, unwrap } from '../../shared/api';

/** The account calls of spec section 7, each a small typed function on the one client. */

export function authenticateUser(body: { email: string; password: string }) {
  return unwrap(api.POST('/user/authenticate_user', { body }));
}

export function resendVerificationEmail(email: string) {
  return unwrap(api.POST('/user/resend_verification_email', { body: { email } }));
}

export function initiateChangePassword(email: string) {
  return unwrap(api.POST('/user/initiate_change_password', { body: { email } }));
}

export function addUser(body: { first_name: string; last_name: string; email: string; password: string }) {
  return unwrap(api.POST('/user/add_user', { body }));
}

export function changePassword(token: string, newPassword: string) {
  return unwrap(api.POST('/user/change_password', { body: { token, new_password: newPassword } }));
}

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
