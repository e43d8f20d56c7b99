import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { accountKeys } from './keys';

export const profileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: accountKeys.profile(userId),
    queryFn: ({ signal }) => unwrap(api.GET('/user/{userId}', { params: { path: { userId } }, signal })),
    enabled: userId > 0,
  });

/** GET /user/{userId}: the profile fields and the two preferences. */
export function useProfileQuery(userId: number) {
  return useQuery(profileQueryOptions(userId));
}
