import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { accountKeys } from './keys';

/**
 * The links of the emails (verify-email, unsubscribe) post their token when the page opens: a write,
 * kept as a query of its outcome per token so it runs once per page view (a remount or React's
 * StrictMode reads the cached outcome instead of posting a one-use token again), never retried by
 * itself, never refetched; `refetch` is the screen's explicit Try Again.
 */
const once = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY, retry: false } as const;

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.emailLink('verify-email', token),
    queryFn: async () => (await unwrap(api.POST('/user/verify_email', { body: { token } }))) ?? null,
    ...once,
  });

/** POST /user/verify_email with the link's token (nothing without one). */
export function useVerifyEmailQuery(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}

export const unsubscribeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.emailLink('unsubscribe', token),
    queryFn: async () => (await unwrap(api.POST('/user/unsubscribe', { body: { token } }))) ?? null,
    ...once,
  });

/** POST /user/unsubscribe with the link's signed token (nothing without one). */
export function useUnsubscribeQuery(token: string | null) {
  return useQuery({ ...unsubscribeQueryOptions(token ?? ''), enabled: Boolean(token) });
}
