import { api, unwrap } from '../../app/api';

/** POST /user/unsubscribe: turns reminder emails off through an email link's signed token. */
export const unsubscribe = (token: string) => unwrap(api.POST('/user/unsubscribe', { body: { token } }));
