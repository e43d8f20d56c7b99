import { api, unwrap } from '../../shared/api';

/** POST /user/resend_verification_email: a new verification link for an unverified account. */
export function resendVerificationEmail(email: string) {
  return unwrap(api.POST('/user/resend_verification_email', { body: { email } }));
}
