import { apiMessages, HttpError } from './errors';
import type { SessionInfo } from './session';

/**
 * The signed-in user's id, from the session the server loaded (never from the request): 401 when the
 * caller is not signed in. The contract marks these operations as needing a session, so the session
 * hook has already refused anonymous calls; this is the type-safe read of what it found.
 */
export function me(session: SessionInfo | null): number {
  if (!session) throw new HttpError(401, apiMessages.notSignedIn);
  return session.userId;
}
