import { api, unwrap } from '../../app/api';

export function getUserProfile(userId: number) {
  return unwrap(api.GET('/user/{userId}', { params: { path: { userId } } }));
}

export function updateUserProfile(userId: number, prefs: { missingPickNotification: boolean; useAiAutoPick: boolean }) {
  return unwrap(
    api.PUT('/user/{userId}', {
      params: { path: { userId } },
      body: { missing_pick_notification: prefs.missingPickNotification, use_ai_auto_pick: prefs.useAiAutoPick },
    }),
  );
}

/** The contract's limit for the optional reason sent with a deletion request. */
export const DELETION_REASON_MAX = 2000;

/** Deletes the account at once (docs/decisions/0004); `reason` is the person's own words, may be empty. */
export function deleteUserProfile(userId: number, reason: string) {
  return unwrap(
    api.DELETE('/user/{userId}', {
      params: { path: { userId } },
      body: { message: reason, user_id: userId },
    }),
  );
}
