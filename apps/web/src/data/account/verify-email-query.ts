import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { emailLinkOnce } from './email-link';
import { accountKeys } from './keys';

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.emailLink('verify-email', token),
    queryFn: async () => (await unwrap(api.POST('/user/verify_email', { body: { token } }))) ?? null,
    ...emailLinkOnce,
  });

/** POST /user/verify_email with the link's token (nothing without one). */
export function useVerifyEmailQuery(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
