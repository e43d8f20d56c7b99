import { api, unwrap } from '../../shared/api';

/** POST /user/add_user: a new account, to be verified from the emailed link. */
export function addUser(body: { first_name: string; last_name: string; email: string; password: string }) {
  return unwrap(api.POST('/user/add_user', { body }));
}
