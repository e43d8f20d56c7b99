import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';

/** The contract's limit for the optional reason sent with a deletion request. */
export const DELETION_REASON_MAX = 2000;

/**
 * DELETE /user/{userId}: the account is gone (docs/decisions/0004). The screen then signs the person
 * out, which empties the cache (`clearServerState`).
 */
export function useDeleteProfileMutation(userId: number) {
  return useMutation({
    mutationFn: (reason: string) =>
      unwrap(
        api.DELETE('/user/{userId}', { params: { path: { userId } }, body: { message: reason, user_id: userId } }),
      ),
  });
}
