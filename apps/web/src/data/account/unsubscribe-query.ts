import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { emailLinkOnce } from './email-link';
import { accountKeys } from './keys';

export const unsubscribeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.emailLink('unsubscribe', token),
    queryFn: async () => (await unwrap(api.POST('/user/unsubscribe', { body: { token } }))) ?? null,
    ...emailLinkOnce,
  });

/** POST /user/unsubscribe with the link's signed token (nothing without one). */
export function useUnsubscribeQuery(token: string | null) {
  return useQuery({ ...unsubscribeQueryOptions(token ?? ''), enabled: Boolean(token) });
}
