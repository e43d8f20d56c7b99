import { api, unwrap } from '../../shared/api';

/**
 * POST /user/authenticate_user: signs in (the server sets the session cookie); the answer says whether
 * the credentials matched and whose account it is. A call, not a mutation hook: the public screens
 * stay outside the query library (docs/performance.md), and signing in changes no cached data (the
 * cache belongs to one user: `getQueryClientFor`).
 */
export function authenticateUser(body: { email: string; password: string }) {
  return unwrap(api.POST('/user/authenticate_user', { body }));
}
