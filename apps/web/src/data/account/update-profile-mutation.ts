import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { accountKeys } from './keys';

export interface ProfilePreferences {
  missingPickNotification: boolean;
  useAiAutoPick: boolean;
}

/** PUT /user/{userId}: the answer is the saved profile, written into the cache as is. */
export function useUpdateProfileMutation(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: ProfilePreferences) =>
      unwrap(
        api.PUT('/user/{userId}', {
          params: { path: { userId } },
          body: { missing_pick_notification: prefs.missingPickNotification, use_ai_auto_pick: prefs.useAiAutoPick },
        }),
      ),
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(accountKeys.profile(userId), saved);
      else return queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) });
    },
  });
}
