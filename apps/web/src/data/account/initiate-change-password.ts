import { api, unwrap } from '../../shared/api';

/** POST /user/initiate_change_password: emails a reset link to the address (if it has an account). */
export function initiateChangePassword(email: string) {
  return unwrap(api.POST('/user/initiate_change_password', { body: { email } }));
}
