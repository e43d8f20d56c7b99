import { api, unwrap } from '../../shared/api';

/** POST /user/change_password: the new password, with the token of the emailed reset link. */
export function changePassword(token: string, newPassword: string) {
  return unwrap(api.POST('/user/change_password', { body: { token, new_password: newPassword } }));
}
